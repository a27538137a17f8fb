"""The check convention's label rule (scripts/notebook_checks.py): a collapsed check says what it checks."""

import importlib.util
from pathlib import Path

import nbformat

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "notebook_checks.py"
_spec = importlib.util.spec_from_file_location("notebook_checks", SCRIPT)
checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checks)


def _checked(*sources: str):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    checks.mark_checks(notebook)
    return notebook


def test_a_label_pointing_at_the_cells_above_or_too_short_is_refused():
    notebook = _checked("# Check: what the cells above show (1. Set-up)\nassert True",
                        "# Check: A-R13\nassert True",
                        "# Check: yellow starts with 4 planet tiles\nassert True")
    assert checks.violations(notebook) == [
        "cell 0: a check whose label does not say what it checks ('# Check: what the cells above show (1. Set-up)')",
        "cell 1: a check whose label does not say what it checks ('# Check: A-R13')",
    ]


def test_every_shipped_check_says_what_it_checks():
    vague = [f"{path.name} cell {index}: {cell.source.splitlines()[0]}"
             for path in sorted((SCRIPT.parents[1] / "notebooks").glob("*.ipynb"))
             for index, cell in enumerate(nbformat.read(path, as_version=4).cells)
             if checks.is_check(cell) and checks.vague_label(cell.source.strip().splitlines()[0])]
    assert not vague, "\n".join(vague)
