"""``python -m tabletoolkit``: the phase map, with what is covered so far."""

from __future__ import annotations

import argparse
import sys

from . import phase_map, phases


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletoolkit", description="Print the phase map and its coverage.")
    parser.add_argument("--game", choices=("andromeda", "seti", "merchants"), help="only this game's phases")
    args = parser.parse_args(argv)
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
