"""``tabletoolkit`` (or ``python -m tabletoolkit``): the phase map, with what is covered so far; and
``tabletoolkit sweep GAME …``, the designer's lab from the command line, writing the sweep's table to CSV or
Parquet with a progress line on the terminal::

    tabletoolkit sweep merchants --players 3 --games 1000 --variant "one loan: loan_markers=1" --out loans.csv
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path
from typing import Any

from . import phase_map, phases
from .engine.errors import InvalidInput


def coverage_table() -> list[tuple[str, str, str, str, str]]:
    """(id, status, title, rulebook section, notebook) for every id in the phase map."""
    built = {p.id: p for p in phases()}
    rows = []
    for entry in phase_map():
        found = built.get(entry.id)
        if found is None:
            rows.append((entry.id, "not built", entry.covers, "", ""))
        else:
            rows.append((entry.id, "covered", found.title, found.section, found.notebook))
    return rows


def _value(text: str) -> Any:
    """A value typed on the command line: a Python literal (``3``, ``True``, ``(4, 4, 4, 4)``), else the words."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def _pairs(text: str, what: str) -> dict[str, Any]:
    found = {}
    for part in filter(None, (piece.strip() for piece in text.split(";"))):
        name, equals, value = part.partition("=")
        if not equals or not name.strip():
            raise InvalidInput(what, part, "name=value (several separated by ';')")
        found[name.strip()] = _value(value.strip())
    return found


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """``"cheap loans: loan_markers=1; end_may=80"`` → ``("cheap loans", {"loan_markers": 1, "end_may": 80})``."""
    name, colon, changes = text.partition(":")
    if not colon:
        name, changes = text, text
    return name.strip(), _pairs(changes, "--variant")


def parse_policies(items: list[str]) -> Any:
    """``["scripted"]`` → every seat scripted; ``["Ada=scripted", "1=first_legal"]`` → those seats, others random."""
    if not items:
        return None
    if len(items) == 1 and "=" not in items[0]:
        return items[0]
    chosen: dict[Any, str] = {}
    for item in items:
        seat, equals, spec = item.partition("=")
        if not equals:
            raise InvalidInput("--policy", item, "one policy for every seat, or seat=policy for each seat given")
        chosen[int(seat) if seat.isdigit() else seat] = spec
    return chosen


def sweep_command(args: argparse.Namespace) -> int:
    from .lab import SweepFailed, sweep

    out = Path(args.out)
    if out.suffix not in (".csv", ".parquet"):
        raise InvalidInput("--out", args.out, "a .csv or .parquet file")
    variants: dict[str, dict[str, Any]] | None = {"rulebook": {}} if args.variant else None
    for text in args.variant:
        name, changes = parse_variant(text)
        variants = {**(variants or {}), name: changes}
    settings = {}
    for text in args.setting:
        settings.update(_pairs(text, "--setting"))
    executor = "serial" if args.serial else None
    try:
        result = sweep(args.game, variants, players=args.players, policies=parse_policies(args.policy), games=args.games,
                       seed=args.seed, settings=settings, executor=executor, workers=args.workers,
                       progress="text" if not args.quiet else False)
    except SweepFailed as failed:
        _write(failed.partial, out)
        print(f"tabletoolkit sweep: {failed}; {failed.partial.games_played} finished games written to {out}", file=sys.stderr)
        return 1
    _write(result, out)
    print(f"{result.games_played} games, {len(result.table)} rows -> {out} ({result.wall:.1f} s, "
          f"{result.games_played / result.cpu if result.cpu else float('nan'):.1f} games per CPU-second)")
    if args.summary:
        print(result.win_rates())
        print(result.lengths())
        if len(result.variants) > 1:
            print(result.compare())
    return 0


def _write(result: Any, out: Path) -> None:
    if out.suffix == ".parquet":
        result.to_parquet(out)
    else:
        result.to_csv(out)


def sweep_parser(commands: Any) -> None:
    sweep = commands.add_parser("sweep", help="play many seeded whole games under rule variants; write the table",
                                description="Play GAMES seeded whole games of GAME under the rulebook and each --variant "
                                "(the same seeds under every variant) and write one row per game and seat.")
    sweep.add_argument("game", help="a game id (tabletoolkit.games(): merchants, andromeda, seti, seti-solo)")
    sweep.add_argument("--players", type=int, help="the player count")
    sweep.add_argument("--games", type=int, default=100, help="games per variant (default 100)")
    sweep.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    sweep.add_argument("--variant", action="append", default=[], metavar="'NAME: constant=value; …'",
                       help="a variant to compare with the rulebook (repeat for more)")
    sweep.add_argument("--policy", action="append", default=[], metavar="POLICY or SEAT=POLICY",
                       help="random (default), first_legal or scripted: for every seat, or for one seat (repeat)")
    sweep.add_argument("--setting", action="append", default=[], metavar="'name=value; …'",
                       help="the game's other settings, e.g. stars=3")
    sweep.add_argument("--workers", type=int, help="local processes (default: every core)")
    sweep.add_argument("--serial", action="store_true", help="play in this process only")
    sweep.add_argument("--out", required=True, help="the table: a .csv or .parquet file")
    sweep.add_argument("--summary", action="store_true", help="print win rates, lengths and differences")
    sweep.add_argument("--quiet", action="store_true", help="no progress line")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletoolkit", description="Print the phase map and its coverage, or run "
                                     "a sweep (tabletoolkit sweep --help).")
    parser.add_argument("--game", choices=("andromeda", "seti", "merchants"), help="only this game's phases")
    commands = parser.add_subparsers(dest="command")
    sweep_parser(commands)
    args = parser.parse_args(argv)
    if args.command == "sweep":
        try:
            return sweep_command(args)
        except InvalidInput as error:
            print(f"tabletoolkit sweep: {error}", file=sys.stderr)
            return 2
    games = {entry.id: entry.game for entry in phase_map()}
    rows = [row for row in coverage_table() if args.game in (None, games[row[0]])]
    width = max(len(row[0]) for row in rows)
    for pid, status, title, section, notebook in rows:
        detail = f"{title} [{section}] -> notebooks/{notebook}" if status == "covered" else title
        print(f"{pid:<{width}}  {status:<9}  {detail}")
    covered = sum(row[1] == "covered" for row in rows)
    print(f"\n{covered} of {len(rows)} phases covered")
    return 0


if __name__ == "__main__":
    sys.exit(main())
