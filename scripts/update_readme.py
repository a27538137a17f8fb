"""Rewrite the README's phase map (between its phase-map markers) from the phase registry, and its pictures
from the browser tests' screenshots.

    .venv/bin/python scripts/update_readme.py

The pictures are the elements the notebooks name in ``tabletoolkit.screenshot``, saved by the browser tests
(``tests/browser/test_notebooks_in_browser.py``) as ``tests/browser/screenshots/<notebook>-readme.png``; run those
tests first (``make test``, or ``pytest -m browser tests/browser/test_notebooks_in_browser.py``). A picture whose
screenshot is missing is left as it is, and said so.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import tabletoolkit

ROOT = Path(__file__).resolve().parent.parent
START, END = "<!-- phase-map:start -->", "<!-- phase-map:end -->"
SCREENSHOTS = ROOT / "tests" / "browser" / "screenshots"
#: README picture -> the browser test's screenshot it is copied from
PICTURES = {"docs/screenshot.png": "merchants_belt-readme.png", "docs/course_map.png": "00_start_here-readme.png"}
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
    for picture, screenshot in PICTURES.items():
        source = SCREENSHOTS / screenshot
        if source.exists():
            shutil.copyfile(source, ROOT / picture)
            print(f"{picture} copied from {source.relative_to(ROOT)}")
        else:
            print(f"{picture} left as it is: no {source.relative_to(ROOT)} (run the browser tests first)")


if __name__ == "__main__":
    main()
