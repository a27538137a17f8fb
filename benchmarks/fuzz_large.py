"""The large fuzz run: the typed-error promise, bad data and immutability, counted.

    .venv/bin/python benchmarks/fuzz_large.py [--inputs N] [--seconds S] [--only TEXT]

The same hostile values, entry points and data-file mutations as ``tests/fuzz`` (``tests/fuzz/fuzzing.py``),
at scale: ``--inputs`` generated inputs per entry point (spread over its arguments, one argument at a
time; default 10,000, the issue's goal), every one-step mutation of every shipped data file (no cap), and
``--inputs`` hostile choices per registered game spread over states along seeded random play. A call
past ``--seconds`` CPU-bound seconds is a hang. Printed: inputs per entry point, untyped exceptions and
hangs (with the first example of each), data-file mutations refused with a typed error naming the file
and the key, and those silently accepted by kind (unknown fields, duplicates, dangling references, wrong
types, absurd counts), the lists, dicts and sets inside the content every game shares (catalogs, decks,
layouts), refused applies that changed their state, and the mutable parts a state shares with the state
its apply made. The sum gives the issue's figures; the last line says whether every promise is kept.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "fuzz"))

import fuzzing as F  # noqa: E402
from test_games import STATES  # noqa: E402

import tabletoolkit as tt  # noqa: E402


def run_many(strategy, count: int, body) -> None:
    """``body(value)`` for ``count`` values drawn from ``strategy`` (hypothesis generation, no shrinking)."""
    @settings(max_examples=count, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def each(value):
        body(value)

    each()


def entry_points(inputs: int, seconds: float, only: str) -> tuple[int, int, int, int]:
    print("## Entry points, one argument at a time")
    total_untyped = total_hangs = total = 0
    fewest = 0
    for point in F.ground_floor() + F.game_entry_points():
        if only not in point.name:
            continue
        tally: Counter[str] = Counter()
        first: dict[str, str] = {}
        slots = point.slots()
        started = time.process_time()
        for slot in slots:
            def body(value, slot=slot):
                kind, result = F.outcome(point.with_value(slot, value), seconds)
                tally[kind] += 1
                if kind in (F.UNTYPED, F.HANG):
                    first.setdefault(kind, f"{slot}={value!r:.60}: {F.describe(kind, result)[:120]}")
            run_many(F.hostile(), -(-inputs // len(slots)), body)  # at least ``inputs`` in all
        count = sum(tally.values())
        fewest = count if not total else min(fewest, count)
        total += count
        total_untyped += tally[F.UNTYPED]
        total_hangs += tally[F.HANG]
        print(f"{point.name:48} {count:6} inputs  {tally[F.TYPED]:6} typed  {tally[F.OK]:6} ok  "
              f"{tally[F.UNTYPED]:5} untyped  {tally[F.HANG]:3} hangs  ({time.process_time() - started:.1f} s CPU)")
        for kind, example in first.items():
            print(f"    first {kind}: {example}")
    return total, total_untyped, total_hangs, fewest


def data_files(seconds: float, only: str) -> Counter[str]:
    print("\n## Shipped data files, every one-step mutation through the public loader")
    silent: Counter[str] = Counter()
    files: set[str] = set()
    for file in F.data_files():
        label = f"{file[0].split('.')[1]}/{file[1]}"
        if only not in label:
            continue
        for kind in F.KINDS:
            tally: Counter[str] = Counter()
            example = ""
            for where, mutated in F.mutations(F.shipped(file), kind):
                verdict, detail = F.mutant_verdict(file, kind, F.toml_text(mutated), seconds)
                tally[verdict] += 1
                if verdict not in ("typed", "ok") and not example:
                    example = f"{where}: {verdict} {detail[:100]}"
            if not tally:
                continue
            silent[kind] += tally["accepted"]
            for verdict in ("typed", "ok", F.UNNAMED, "untyped", "hang"):
                silent[verdict] += tally[verdict]
            silent["mutants"] += sum(tally.values())
            files.add(label)
            print(f"{label:34} {kind:18} {sum(tally.values()):5} mutants  {tally['typed']:5} typed, naming file and key  "
                  f"{tally['ok']:4} loaded (key optional)  {tally['accepted']:4} accepted silently  "
                  f"{tally[F.UNNAMED]:4} typed without file and key  {tally['untyped']:4} untyped  {tally['hang']:2} hangs"
                  + (f"\n    first: {example}" if example else ""))
    silent["files"] = len(files)
    return silent


def shipped_content() -> list[str]:
    print("\n## Content every game shares (catalogs, decks, layouts): lists, dicts and sets inside")
    parts = F.content_mutable_parts()
    print(f"{len(F.shipped_content())} loaded objects, {len(parts)} mutable parts")
    for part in parts[:8]:
        print(f"    mutable: {part}")
    return parts


def games(inputs: int, seconds: float, only: str) -> tuple[Counter[str], set[str]]:
    print("\n## Games: hostile choices applied, shared mutable parts")
    tally: Counter[str] = Counter()
    shared: set[str] = set()
    for game_id, states in STATES.items():
        if only not in game_id:
            continue
        mine: Counter[str] = Counter()

        def body(choice, states=states):
            for state in states:
                before = F.frozen_bytes(state)
                kind, _ = F.outcome(lambda: state.apply(choice), seconds)
                mine[kind] += 1
                if kind == F.OK and state.to_move is not tt.CHANCE and not F.offered(state, choice):
                    mine["accepted, not offered"] += 1
                if F.frozen_bytes(state) != before:
                    mine["state changed"] += 1

        run_many(F.hostile_choices(), max(1, inputs // len(states)), body)
        parts = set()
        for state in states:
            if not state.over:
                choice = tt.Rng(1).pick(state.chance()) if state.to_move is tt.CHANCE else state.legal()[0]
                parts |= {f"{game_id}: {p}" for p in F.shared_mutable_parts(state, state.apply(choice))}
        shared |= parts
        tally.update(mine)
        print(f"{game_id:10} {sum(mine[k] for k in (F.OK, F.TYPED, F.UNTYPED, F.HANG)):6} applies  "
              f"{mine[F.TYPED]:6} refused (typed)  {mine[F.UNTYPED]:4} untyped  {mine[F.HANG]:2} hangs  "
              f"{mine['accepted, not offered']:3} accepted though not offered  {mine['state changed']:3} states changed  "
              f"{len(parts):3} shared mutable parts")
        for part in sorted(parts)[:4]:
            print(f"    shared: {part}")
    return tally, shared


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="generated inputs per entry point and per game")
    parser.add_argument("--seconds", type=float, default=10.0, help="a call past this is a hang")
    parser.add_argument("--only", default="", help="only entry points, files and games whose name holds this")
    options = parser.parse_args()
    started = time.process_time()
    total, untyped, hangs, fewest = entry_points(options.inputs, options.seconds, options.only)
    silent = data_files(options.seconds, options.only)
    content = shipped_content()
    applied, shared = games(options.inputs, options.seconds, options.only)
    print("\n## Sum")
    print(f"entry points: {total} inputs ({fewest} at the fewest per entry point; goal {options.inputs}), "
          f"{untyped} untyped exceptions, {hangs} hangs")
    print(f"data files: {silent['files']} files, {silent['mutants']} one-step mutants: {silent['typed']} refused with a "
          f"typed error naming file and key, {silent['ok']} loaded (a deleted optional key), "
          f"{silent[F.UNNAMED]} typed without file and key, {silent['untyped']} untyped, {silent['hang']} hangs; "
          + ", ".join(f"{silent[k]} {k} accepted silently" for k in F.KINDS if k != "delete a key"))
    print(f"games: {applied[F.UNTYPED]} untyped, {applied[F.HANG]} hangs, {applied['accepted, not offered']} accepted "
          f"though not offered, {applied['state changed']} refused applies that changed the state; "
          f"{len(shared)} mutable parts a state shares with the next; {len(content)} mutable parts in the shared content")
    met = (untyped == hangs == 0 and fewest >= options.inputs and not any(silent[k] for k in F.KINDS if k != "delete a key")
           and silent["untyped"] == silent["hang"] == silent[F.UNNAMED] == 0 and applied[F.UNTYPED] == applied[F.HANG] == 0
           and not shared and not content and applied["state changed"] == applied["accepted, not offered"] == 0)
    print(f"{'every promise kept' if met else 'promise NOT kept'} ({time.process_time() - started:.0f} s CPU)")


if __name__ == "__main__":
    main()
