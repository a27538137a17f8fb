"""Write each lesson's closing "Next" cell from the course (``tabletoolkit.widgets.course``).

    .venv/bin/python scripts/course_links.py

The cell is markdown, marked ``{"tabletoolkit": {"course": "next"}}`` in its metadata; it is replaced
where it exists and appended where it does not. Markdown needs no re-run, so outputs stay as they are.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

from tabletoolkit.widgets.course import lessons, next_cell_markdown

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
MARK = {"course": "next"}


def write(name: str) -> bool:
    path = NOTEBOOKS / name
    notebook = nbformat.read(path, as_version=4)
    cell = nbformat.v4.new_markdown_cell(next_cell_markdown(name))
    cell.metadata["tabletoolkit"] = dict(MARK)
    cells = [c for c in notebook.cells if c.metadata.get("tabletoolkit") != MARK]
    changed = len(cells) + 1 != len(notebook.cells) or notebook.cells[-1].source != cell.source
    if changed:
        cell.id = "course-next"
        notebook.cells = cells + [cell]
        nbformat.write(notebook, path)
    return changed


if __name__ == "__main__":
    for name in dict.fromkeys(lesson.notebook for lesson in lessons()):
        if write(name):
            print(f"wrote the next links of {name}")
