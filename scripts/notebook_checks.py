"""The check convention: executable-documentation checks run under nbval but stay out of the lesson.

    .venv/bin/python scripts/notebook_checks.py [notebooks/NAME.ipynb ...]   (default: all)
    .venv/bin/python scripts/notebook_checks.py --report [...]              (list what breaks it; change nothing)

A **check cell** is a code cell whose source starts with a ``# Check: <what it checks>`` comment line (the label
JupyterLab shows while the cell is collapsed) or with ``assert``. Marking one changes metadata only: the tag
``check`` and ``jupyter.source_hidden`` (the code collapsed to its first line). Its output area stays open, so a
check that fails in class shows its error; a passing check shows nothing.

``violations(notebook)`` is what ``tests/test_notebooks.py`` enforces on every notebook:
- every code cell with a top-level ``assert`` is a check cell, marked, labelled ``# Check: ...``, showing nothing;
- the label says what the cell checks, in words a teacher reads while the cell is collapsed (a few words at
  least; not a pointer such as "what the cells above show");
- a check never touches a widget the class is looking at: it uses no name that a cell displays as a widget
  (the last expression of a cell, or ``display(name)``); it builds its own instance instead.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
TAG = "check"
LABEL = "# Check:"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
VAGUE_LABELS = ("what the cells above show", "the cells above", "checks", "the checks")
LABEL_WORDS = 3  # a shorter label says too little while the cell is collapsed


def _first_line(source: str) -> str:
    return next((line.strip() for line in source.splitlines() if line.strip()), "")


def is_check(cell) -> bool:
    """A code cell that starts with a ``# Check:`` label or an ``assert``."""
    if cell.cell_type != "code":
        return False
    first = _first_line(cell.source)
    return first.startswith(LABEL) or first.startswith("assert ") or first.startswith("assert(")


def mark(cell) -> bool:
    """Tag a check cell and collapse its code; True if its metadata changed."""
    before = (list(cell.metadata.get("tags", [])), dict(cell.metadata.get("jupyter", {})))
    tags = cell.metadata.setdefault("tags", [])
    if TAG not in tags:
        tags.append(TAG)
    cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
    return before != (list(cell.metadata["tags"]), dict(cell.metadata["jupyter"]))


def mark_checks(notebook) -> int:
    """Mark every check cell of a notebook (metadata only); the number of cells changed."""
    return sum(mark(cell) for cell in notebook.cells if is_check(cell))


def vague_label(first_line: str) -> bool:
    """A check's label that does not say what it checks: a pointer at the cells above, or a few words only."""
    words = first_line[len(LABEL):].strip()
    return words.lower().startswith(VAGUE_LABELS) or len(words.split()) < LABEL_WORDS


def _tree(source: str) -> ast.Module | None:
    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    try:
        return ast.parse("\n".join(lines))
    except SyntaxError:
        return None


def _has_assert(tree: ast.Module | None) -> bool:
    return tree is not None and any(isinstance(node, ast.Assert) for node in tree.body)


def displayed_widgets(notebook) -> set[str]:
    """Names the notebook displays as widgets: a widget cell's last expression, or ``display(name)``."""
    names: set[str] = set()
    for cell in notebook.cells:
        if cell.cell_type != "code" or not any(WIDGET_VIEW in o.get("data", {}) for o in cell.get("outputs", [])):
            continue
        tree = _tree(cell.source)
        if tree is None or not tree.body:
            continue
        last = tree.body[-1]
        if isinstance(last, ast.Expr) and isinstance(last.value, ast.Name):
            names.add(last.value.id)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "display":
                names.update(arg.id for arg in node.args if isinstance(arg, ast.Name))
    return names


def violations(notebook) -> list[str]:
    """Every way the notebook breaks the check convention (empty when it keeps it)."""
    found = []
    shown = displayed_widgets(notebook)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        tree = _tree(cell.source)
        first = _first_line(cell.source)
        if _has_assert(tree) and not is_check(cell):
            found.append(f"cell {index}: has an assert but is not a check cell (start it with '{LABEL} ...')")
        if not is_check(cell):
            continue
        if not first.startswith(LABEL):
            found.append(f"cell {index}: a check without its label (first line '{LABEL} <what it checks>')")
        elif vague_label(first):
            found.append(f"cell {index}: a check whose label does not say what it checks ({first!r})")
        if TAG not in cell.metadata.get("tags", []) or not cell.metadata.get("jupyter", {}).get("source_hidden"):
            found.append(f"cell {index}: a check not marked (run scripts/notebook_checks.py)")
        if any(o.get("output_type") in ("execute_result", "display_data") for o in cell.get("outputs", [])):
            found.append(f"cell {index}: a check shows output (checks show nothing when they pass)")
        if tree is not None:
            used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} & shown
            if used:
                found.append(f"cell {index}: a check uses the widget on show {sorted(used)} (build its own instance)")
    return found


def main(argv: list[str]) -> int:
    report = "--report" in argv
    paths = [Path(arg).resolve() for arg in argv if arg != "--report"] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    broken = 0
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        if report:
            problems = violations(notebook)
            broken += bool(problems)
            for problem in problems:
                print(f"{path.name}: {problem}")
        elif mark_checks(notebook):
            nbformat.write(notebook, path)
            print(f"marked the checks of {path.name}")
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
