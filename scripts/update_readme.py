"""Rewrite the README's phase map (between its phase-map markers) from the phase registry.

    .venv/bin/python scripts/update_readme.py
"""

from __future__ import annotations

import re
from pathlib import Path

import tabletoolkit

ROOT = Path(__file__).resolve().parent.parent
START, END = "<!-- phase-map:start -->", "<!-- phase-map:end -->"
GAMES = {"andromeda": "Andromeda's Edge", "seti": "SETI", "merchants": "Starship Merchants"}


def phase_map_markdown() -> str:
    built = {phase.id: phase for phase in tabletoolkit.phases()}
    lines = ["| game | phase | what it teaches | rulebook section | notebook |", "|---|---|---|---|---|"]
    for entry in tabletoolkit.phase_map():
        found = built.get(entry.id)
        if found is None:
            lines.append(f"| {GAMES[entry.game]} | `{entry.id}` | *not built yet* | | |")
        else:
            link = f"[{found.notebook}](notebooks/{found.notebook})"
            lines.append(f"| {GAMES[entry.game]} | `{entry.id}` | {found.title} | {found.section} | {link} |")
    covered = len(built)
    lines.append("")
    lines.append(f"{covered} of {len(tabletoolkit.phase_map())} phases covered.")
    return "\n".join(lines)


def main() -> None:
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise SystemExit(f"README.md has no {START} ... {END} section")
    readme.write_text(pattern.sub(lambda _: f"{START}\n{phase_map_markdown()}\n{END}", text), encoding="utf-8")
    print("README.md phase map rewritten")


if __name__ == "__main__":
    main()
