"""Every lesson has a "change a rule" task with the variant controls in a widget (saved, so it shows before running)."""

from pathlib import Path

import nbformat
import pytest

from tabletoolkit.widgets.course import lessons

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
# the designer's lab changes rules by sweeping variants (tt.sweep), not with a control
SWEEPS_INSTEAD = {"designer_lab.ipynb"}


@pytest.mark.parametrize("name", sorted({lesson.notebook for lesson in lessons()} - SWEEPS_INSTEAD))
def test_every_lesson_has_a_change_a_rule_widget(name):
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    state = notebook.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    classes = {css for model in state.values() for css in model.get("state", {}).get("_dom_classes", [])}
    assert "tt-variant-controls" in classes, f"{name}: no variant controls on show (a change-a-rule task)"
    words = " ".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")
    assert "**Change a" in words or "Change a rule" in words, f"{name}: no change-a-rule task in its text"
