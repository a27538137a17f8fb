"""Notebooks are executable documentation: committed with outputs, widget cells tagged, checks in asserts."""

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_run_and_checked(path):
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert notebook.cells[0].cell_type == "markdown" and notebook.cells[0].source.startswith("# "), "a title first"
    assert all(cell.execution_count is not None for cell in code), "committed with fresh outputs"
    assert any("assert " in cell.source for cell in code), "states its checks in assert cells"
    assert "widgets" not in notebook.metadata, "saved widget state is dropped (scripts/refresh_notebooks.py)"
    for index, cell in enumerate(code):
        for output in cell.get("outputs", []):
            assert output.get("output_type") != "error", f"cell {index} shows an error"
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None:
                assert "nbval-ignore-output" in cell.metadata.get("tags", []), f"widget cell {index} is not tagged"
                assert view["model_id"].startswith("tt-widget-"), "widget ids are numbered, not random"


def test_start_here_links_every_built_phase_notebook():
    import tabletoolkit

    text = (ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8")
    for phase in tabletoolkit.phases():
        assert f"href='{phase.notebook}'" in text, f"00_start_here.ipynb's phase map output is stale for {phase.id}"


def test_readme_links_every_built_phase_notebook():
    import tabletoolkit

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for phase in tabletoolkit.phases():
        assert f"notebooks/{phase.notebook}" in readme, f"README's phase map lacks {phase.notebook} ({phase.id})"


def test_the_course_holds_every_notebook_and_each_lesson_ends_with_its_next_links():
    from tabletoolkit.widgets.course import lessons, next_cell_markdown

    names = {lesson.notebook for lesson in lessons()}
    assert names == {path.name for path in NOTEBOOKS}, "every notebook is a lesson of some track"
    for path in NOTEBOOKS:
        last = nbformat.read(path, as_version=4).cells[-1]
        assert last.metadata.get("tabletoolkit") == {"course": "next"}, f"{path.name} ends with its Next cell"
        assert last.source == next_cell_markdown(path.name), f"{path.name}: run scripts/course_links.py"
    for lesson in lessons():
        for needed in lesson.needs:
            assert (ROOT / "notebooks" / needed).exists()


def test_start_here_shows_the_course_map():
    from tabletoolkit.widgets.course import lessons

    text = (ROOT / "notebooks" / "00_start_here.ipynb").read_text(encoding="utf-8")
    for lesson in lessons():
        assert f"<a href='{lesson.notebook}'>" in text, f"the course map output is stale for {lesson.notebook}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_needs_nothing_from_the_test_extra(path):
    """Binder and the browser site install the notebook extra only."""
    import re
    import tomllib

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["test"]
    names = {re.split(r"[<>=\[ ]", requirement, maxsplit=1)[0] for requirement in extra} - {"ipykernel"}
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            for name in names:
                assert not re.search(rf"^\s*(import|from)\s+{name}\b", cell.source, re.M), f"{path.name} imports {name}"
