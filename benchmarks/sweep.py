"""The designer's lab at full size: 10,000-game ``tabletoolkit sweep`` runs of the notebook's three studies and of
each game's random sweep, on this machine.

    .venv/bin/python benchmarks/sweep.py                 # sample each sweep, project N = 10,000 games per variant
    .venv/bin/python benchmarks/sweep.py --games 10000   # really run each sweep at N = 10,000 games per variant
    .venv/bin/python benchmarks/sweep.py --only seti     # the sweeps whose title holds these words
    .venv/bin/python benchmarks/sweep.py --overhead      # the lab's own cost per game over bare tt.play

Each sweep runs as the command line runs it: a subprocess, a process pool on every local core, the table written to
Parquet. CPU time is the command's and its worker processes' (``RUSAGE_CHILDREN``), so other work on a shared
machine skews it far less than wall time. The goal: a 10,000-game sweep of any game in under 10 minutes on this
machine, i.e. at most 10 min × cores / 10,000 of CPU per game.

Projection (without ``--games``): the command runs once with 1 game per variant (what every run pays once: start,
imports, the pool, writing the table, plus one game per variant), once with 3 (a pilot that sizes the sample), then
with n games per variant (``--sample``, fewer if n games would take more than ``--budget`` CPU seconds). The CPU per
game is the difference of the n-game and 1-game runs over the games between them; 10,000 games take the fixed part
plus 10,000 games' CPU shared by every core (the pool keeps them all busy with small chunks), assuming the cores are
free. ``--overhead`` plays the same seeded games in this process alternately bare (``tt.new_game``, the policies,
``tt.play``) and as the lab plays each game of a sweep, and prints the mean difference with its 95% interval; then a
whole sweep's CPU serially and on the lab's own process pool, per game.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

GOAL_SECONDS = 600.0
FULL = 10_000
CLI = [sys.executable, "-m", "tabletoolkit", "sweep"]

# title → the command line's arguments after ``tabletoolkit sweep`` (the notebook's studies first)
SWEEPS = {
    "study · Andromeda: first player and the dice cap": ["andromeda", "--players", "2",
                                                         "--variant", "dice cap 8: dice_cap=8"],
    "study · SETI: launch cost": ["seti", "--players", "2", "--variant", "1 credit: launch_credits=1",
                                  "--variant", "3 credits: launch_credits=3"],
    "study · Merchants: loan price and end threshold": ["merchants", "--players", "3", "--policy", "scripted",
                                                        "--variant", "1 loan marker: loan_markers=1",
                                                        "--variant", "3 loan markers: loan_markers=3",
                                                        "--variant", "end at 80/120: end_may=80; end_must=120"],
    "random · Merchants, 3 players": ["merchants", "--players", "3"],
    "random · SETI, 4 players": ["seti", "--players", "4"],
    "random · SETI solo, 1 star": ["seti-solo", "--setting", "stars=1"],
    "scripted · SETI solo, 1 star": ["seti-solo", "--setting", "stars=1", "--policy", "scripted"],
    "random · Andromeda, 2 players": ["andromeda", "--players", "2"],
}


def variants_of(arguments: list[str]) -> int:
    return 1 + arguments.count("--variant")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime + children_cpu()


def run(arguments: list[str], games: int, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one ``tabletoolkit sweep`` run of ``games`` games per variant."""
    cpu, wall = children_cpu(), time.perf_counter()
    subprocess.run(CLI + arguments + ["--games", str(games), "--out", str(out), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - wall, children_cpu() - cpu


def minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min"


def verdict(seconds: float) -> str:
    return "met" if seconds <= GOAL_SECONDS else f"not met ({seconds / GOAL_SECONDS:.1f}× over)"


def project(title: str, arguments: list[str], sample: int, budget: float, cores: int, out: Path) -> None:
    variants = variants_of(arguments)
    one_wall, one = run(arguments, 1, out)
    _, pilot = run(arguments, 3, out)
    rough = 1.5 * max((pilot - one) / (2 * variants), 1e-3)  # on the safe side: a 2-game difference is noisy
    games = max(5, min(sample, int(budget / (rough * variants))))
    wall, cpu = run(arguments, games, out)
    per_game = (cpu - one) / ((games - 1) * variants)
    fixed = max(0.0, one - variants * per_game)
    ten_thousand = fixed + FULL * per_game / cores
    study = fixed + FULL * variants * per_game / cores
    print(f"{title}\n    measured: {games} games × {variants} variant(s): {cpu:.1f} s CPU ({wall:.1f} s wall on the "
          f"shared machine); 1 game × {variants}: {one:.1f} s CPU ({one_wall:.1f} s wall)\n"
          f"    per game {1000 * per_game:.1f} ms CPU (goal ≤ {1000 * GOAL_SECONDS * cores / FULL:.0f} ms), "
          f"once per run {fixed:.1f} s\n"
          f"    projected on {cores} free core(s): {FULL:,} games ≈ {minutes(ten_thousand)} · goal ≤ "
          f"{minutes(GOAL_SECONDS)}: {verdict(ten_thousand)}"
          + (f" · the whole study, {FULL:,} per variant ({FULL * variants:,} games) ≈ {minutes(study)}" if variants > 1 else ""),
          flush=True)


def measured(title: str, arguments: list[str], games: int, cores: int, out: Path) -> None:
    variants = variants_of(arguments)
    wall, cpu = run(arguments, games, out)
    per_ten_thousand = wall * FULL / (games * variants)
    print(f"{title}\n    ran {games:,} games × {variants} variant(s): {wall:.0f} s wall, {cpu:.0f} s CPU "
          f"({1000 * cpu / (games * variants):.1f} ms per game) · {FULL:,} games took {minutes(per_ten_thousand)} of wall "
          f"· goal ≤ {minutes(GOAL_SECONDS)}: {verdict(per_ten_thousand)}", flush=True)


# --- the lab's own cost -------------------------------------------------------------------------------------
def settings_of(arguments: list[str]) -> tuple[str, dict, str]:
    """The game id, settings and policy (one for every seat) of a sweep's command line."""
    from tabletoolkit.__main__ import _pairs

    game_id, settings, policy = arguments[0], {}, "random"
    for flag, value in zip(arguments[1:], arguments[2:]):
        if flag == "--players":
            settings["players"] = int(value)
        elif flag == "--setting":
            settings.update(_pairs(value, "--setting"))
        elif flag == "--policy":
            policy = value
    return game_id, settings, policy


def timed(work: Callable[[], object]) -> float:
    started = time.process_time()
    work()
    return time.process_time() - started


def overhead(title: str, arguments: list[str], sample: int, budget: float) -> None:
    import tabletoolkit as tt
    from tabletoolkit.lab import sweep as lab_sweep
    from tabletoolkit.lab.sweep import Chunk, Plan, play_chunk, policy_for

    game_id, settings, policy = settings_of(arguments)
    example = tt.new_game(game_id, **settings)
    plan = Plan(game_id, tuple(sorted(settings.items())), (("rulebook", None),), (policy,) * len(example.seats))

    def bare(seed: int) -> None:
        game = tt.new_game(game_id, seed=seed, **settings)
        tt.play(game, {seat: policy_for(policy, game_id, seed, index) for index, seat in enumerate(game.seats)},
                max_steps=plan.max_steps)

    def lab(seed: int) -> None:
        play_chunk(plan, Chunk("rulebook", (seed,)))

    bare(0)  # first calls load what every game after them shares
    lab(0)
    rough = timed(lambda: bare(1))
    pairs = max(10, min(sample, int(budget / 6 / max(rough, 1e-3))))  # 2 games a pair, then 4 sweeps of as many
    bares, labs = [], []
    for seed in range(pairs):
        one, other = (bare, lab) if seed % 2 else (lab, bare)  # alternate which goes first
        first, second = timed(lambda: one(seed)), timed(lambda: other(seed))
        bare_time, lab_time = (first, second) if seed % 2 else (second, first)
        bares.append(bare_time)
        labs.append(lab_time)
    differences = [b - a for a, b in zip(bares, labs)]
    mean, spread = statistics.mean(differences), 1.96 * statistics.stdev(differences) / math.sqrt(pairs)
    base = statistics.mean(bares)
    print(f"{title}\n    {pairs} seeded games, each bare and as a sweep's game: bare {1000 * base:.1f} ms CPU, "
          f"the sweep's {1000 * statistics.mean(labs):.1f} ms · the sweep's own cost {1000 * mean:+.1f} ms per game "
          f"(95% interval {1000 * (mean - spread):+.1f} to {1000 * (mean + spread):+.1f}; {100 * mean / base:+.1f}%)",
          flush=True)
    games = pairs
    whole: dict[str, list[float]] = {}
    for executor in ("serial", None, "serial", None):  # twice each, alternating
        started = own_cpu()
        result = lab_sweep(game_id, settings=settings, policies=policy, games=games, executor=executor, progress=False)
        result.table  # the table, as the command line builds it to write it
        whole.setdefault(executor or "the lab's process pool", []).append((own_cpu() - started) / games)
    print("    whole sweeps of the same games, CPU per game (this process and its workers): "
          + " · ".join(f"{how} {' and '.join(f'{1000 * t:.1f}' for t in times)} ms" for how, times in whole.items()),
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help=f"really run each sweep at this many games per variant ({FULL:,} for the goal)")
    parser.add_argument("--sample", type=int, default=200, help="games per variant to measure when projecting (default 200)")
    parser.add_argument("--budget", type=float, default=60.0,
                        help="at most about this many CPU seconds for one sweep's sample (default 60)")
    parser.add_argument("--only", nargs="*", default=[], help="only the sweeps whose title holds every one of these words")
    parser.add_argument("--overhead", action="store_true", help="measure the lab's own cost per game instead")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    chosen = {title: arguments for title, arguments in SWEEPS.items()
              if all(word.lower() in title.lower() for word in args.only)}
    if not args.overhead:
        print(f"{cores} core(s); goal: {FULL:,} games in under {minutes(GOAL_SECONDS)}, i.e. ≤ "
              f"{1000 * GOAL_SECONDS * cores / FULL:.0f} ms CPU per game on {cores} free core(s)", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "sweep.parquet"
        for title, arguments in chosen.items():
            if args.overhead:
                overhead(title, arguments, args.sample, args.budget)
            elif args.games:
                measured(title, arguments, args.games, cores, out)
            else:
                project(title, arguments, args.sample, args.budget, cores, out)


if __name__ == "__main__":
    main()
