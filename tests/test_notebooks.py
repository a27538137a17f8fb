"""Notebooks are executable documentation: committed with outputs, widget cells tagged, checks in check cells."""

import html
import importlib.util
import json
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def convention_problems(notebook) -> list[str]:
    """The check convention (scripts/notebook_checks.py) and saved widget state for every widget on show."""
    problems = _script("notebook_checks").violations(notebook)
    saved = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None and view["model_id"] not in saved:
                problems.append(f"cell {index}: widget {view['model_id']} has no saved state (scripts/refresh_notebooks.py)")
    for model_id, model in saved.items():  # a view is drawn only when every model it reaches is saved
        for named in re.findall(r"IPY_MODEL_([\w-]+)", json.dumps(model.get("state", {}))):
            if named not in saved:
                problems.append(f"saved widget {model_id} names {named}, which has no saved state")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_committed_run_and_checked(path):
    notebook = nbformat.read(path, as_version=4)
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert notebook.cells[0].cell_type == "markdown" and notebook.cells[0].source.startswith("# "), "a title first"
    assert all(cell.execution_count is not None for cell in code), "committed with fresh outputs"
    assert any("assert " in cell.source for cell in code), "states its checks in assert cells"
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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_keeps_the_conventions(path):
    """Checks labelled, collapsed and off the widgets on show; every widget on show has its saved state."""
    problems = convention_problems(nbformat.read(path, as_version=4))
    assert not problems, "\n".join(problems)


def test_a_saved_widget_naming_a_model_that_is_not_saved_is_found():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("view", outputs=[nbformat.v4.new_output(
        "execute_result", {WIDGET_VIEW: {"model_id": "tt-widget-1"}, "text/plain": "VBox()"}, execution_count=1)])]
    notebook.metadata["widgets"] = {WIDGET_STATE: {"state": {
        "tt-widget-1": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_tt-widget-2", "IPY_MODEL_tt-widget-3"]}},
        "tt-widget-2": {"model_name": "LabelModel", "state": {"value": "hi"}}}}}
    assert convention_problems(notebook) == ["saved widget tt-widget-1 names tt-widget-3, which has no saved state"]


def test_the_check_convention_finds_what_it_promises():
    checks = _script("notebook_checks")
    notebook = nbformat.v4.new_notebook()
    shown = nbformat.v4.new_code_cell("view = make()\nview", outputs=[nbformat.v4.new_output(
        "execute_result", {WIDGET_VIEW: {"model_id": "tt-widget-1"}, "text/plain": "VBox()"}, execution_count=1)])
    notebook.cells = [
        shown,
        nbformat.v4.new_code_cell("x = 1\nassert x == 1"),
        nbformat.v4.new_code_cell("assert x == 1"),
        nbformat.v4.new_code_cell("# Check: the view shows one\nview.button.click()\nassert view.value == 1"),
        nbformat.v4.new_code_cell("# Check: its own instance\nmine = make()\nassert mine.value == 0"),
    ]
    assert checks.mark_checks(notebook) == 3 and checks.mark_checks(notebook) == 0
    assert notebook.cells[4].metadata == {"tags": ["check"], "jupyter": {"source_hidden": True}}
    assert "tags" not in notebook.cells[1].metadata, "only cells that start as checks are marked"
    assert checks.violations(notebook) == [
        "cell 1: has an assert but is not a check cell (start it with '# Check: ...')",
        "cell 2: a check without its label (first line '# Check: <what it checks>')",
        "cell 3: a check uses the widget on show ['view'] (build its own instance)",
    ]


def test_refreshing_keeps_the_state_of_displayed_widgets_under_numbered_ids():
    refresh = _script("refresh_notebooks")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("box", metadata={"tags": ["nbval-ignore-output"]}, outputs=[
        nbformat.v4.new_output("execute_result", {WIDGET_VIEW: {"model_id": "b0x"}, "text/plain": "VBox()"},
                               execution_count=1)])]
    notebook.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": {
        "b0x": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_l4b"], "layout": "IPY_MODEL_1ay"}},
        "l4b": {"model_name": "LabelModel", "state": {"value": "hi", "layout": "IPY_MODEL_1ay"}},
        "1ay": {"model_name": "LayoutModel", "state": {}},
        "unshown": {"model_name": "LabelModel", "state": {"value": "made by a check"}},
    }}}
    refresh.normalise(notebook, "test")
    state = notebook.metadata["widgets"][WIDGET_STATE]["state"]
    assert notebook.cells[0].outputs[0]["data"][WIDGET_VIEW]["model_id"] == "tt-widget-1"
    assert state == {
        "tt-widget-1": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_tt-widget-2"], "layout": "IPY_MODEL_tt-widget-3"}},
        "tt-widget-2": {"model_name": "LabelModel", "state": {"value": "hi", "layout": "IPY_MODEL_tt-widget-3"}},
        "tt-widget-3": {"model_name": "LayoutModel", "state": {}},
    }


def test_every_track_plans_a_90_minute_session_from_its_own_lessons():
    from tabletoolkit.widgets.course import COURSE, SESSION_MINUTES, START, course_map_html

    for track in COURSE:
        assert sum(slot.minutes for slot in track.session) == SESSION_MINUTES, track.name
        assert {slot.notebook for slot in track.session} <= {lesson.notebook for lesson in track.lessons} | {START}
        assert track.session[0].notebook == START, f"{track.name}: a session starts from the course map"
    assert course_map_html().count("<details class='tt-course-session'>") == len(COURSE)


# -- What a person reads in the saved outputs -----------------------------------------------------------------
# A frontend shows one representation of an output: the first of these it has (nbconvert's and JupyterLab's order).
SHOWN_FIRST = ("text/html", "image/svg+xml", "text/latex", "text/markdown", "text/plain")
DATACLASS_REPR = re.compile(r"\b[A-Z][A-Za-z0-9_]*\([a-z_][a-z0-9_]*=")
# An exact fraction as the library writes one (``1/6``, ``1899982817/13824000000``), not part of a path, an id,
# a date or a formula symbol (``q^k/6``).
FRACTION = re.compile(r"(?<![\w/.:#^-])\d+/\d+(?![\w/])")
# Its decimal or percent beside it: ``1/6 ≈ 16.67%``, a table's next column (``1/36 0.0278``), ``66.58% (2/3)``.
DECIMAL_AFTER = re.compile(r"\s*\)?\s*(≈|\\approx|\d*\.\d+|\d+(\.\d+)?\s*%)")
DECIMAL_BEFORE = re.compile(r"(\d\.\d+|\d\s*%)\s*\(?\s*$")
# A term of an equation whose value follows (``1 − 23426/43680 = 779/1680 ≈ 46.37%``: the value is checked).
EQUATION_GOES_ON = re.compile(r"\s*=")
# A count out of a capacity, not a fraction: ``cargo 0/3``, ``computer 0/6``, ``end at 80/120``.
COUNT_OF = re.compile(r"\b(cargo|computer|end at)\s*$")
WIDGET_LABELS = ("description", "_options_labels", "tooltip", "placeholder")
# Widgets whose description sits in the fixed-width box before the control (a checkbox's and a button's do not).
BOXED_DESCRIPTION = {"IntSliderModel", "FloatSliderModel", "DropdownModel", "IntTextModel", "BoundedIntTextModel",
                     "TextModel", "SelectModel", "IntRangeSliderModel", "SelectionSliderModel"}
NARROWEST_CHAR_PX = 6  # no 13 px sans-serif text is narrower: a longer description is cut for certain
DEFAULT_DESCRIPTION_PX = 80  # ipywidgets' description box


def _shown_texts(notebook) -> list[tuple[str, str]]:
    """(where, text) for every output a person reads: streams and the shown representation of non-check cells,
    with HTML tags stripped, and the strings of the saved widget state."""
    texts = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or "check" in cell.metadata.get("tags", []):
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                texts.append((f"cell {index}", output["text"]))
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                continue
            shown = next((kind for kind in SHOWN_FIRST if kind in data), None)
            if shown is not None:
                texts.append((f"cell {index} ({shown})", data[shown]))
    for model_id, model in notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {}).items():
        for key, value in model.get("state", {}).items():
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str):
                    texts.append((f"widget {model_id}.{key}", text))
    return texts


def _words(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


def readability_problems(notebook) -> list[str]:
    """Dataclass reprs in text outputs, fractions without a decimal or percent, cut labels, small SVG text."""
    problems = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code" or "check" in cell.metadata.get("tags", []):
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = output.get("text", "") if output.get("output_type") == "stream" else (
                data.get("text/plain", "") if set(data) <= {"text/plain"} else "")
            found = DATACLASS_REPR.search(text)
            if found:
                problems.append(f"cell {index}: a plain repr {found.group(0)}… (give it words or a rich display)")
    for where, text in _shown_texts(notebook):
        words = _words(text)
        for fraction in FRACTION.finditer(words):
            before, after = words[:fraction.start()], words[fraction.end():]
            if (DECIMAL_AFTER.match(after) or DECIMAL_BEFORE.search(before[-40:]) or EQUATION_GOES_ON.match(after)
                    or COUNT_OF.search(before[-20:])):
                continue
            problems.append(f"{where}: {fraction.group(0)} without a decimal or percent beside it "
                            f"(…{before[-30:]}{fraction.group(0)}{after[:20]}…)")
        for tag in re.finditer(r"<text\b[^>]*>", text):
            size = re.search(r"font-size(?:=\"|='|:\s*)([0-9.]+)", tag.group(0))
            if size and float(size.group(1)) < 12:
                problems.append(f"{where}: SVG text at font-size {size.group(1)} (at least 12 for a projector)")
    state = notebook.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for model_id, model in state.items():
        fields = model.get("state", {})
        for key in WIDGET_LABELS + (("value",) if model.get("model_name") in ("LabelModel", "ButtonModel") else ()):
            value = fields.get(key)
            for label in value if isinstance(value, list) else [value]:
                if isinstance(label, str) and label.rstrip().endswith(("…", "...")):
                    problems.append(f"widget {model_id}: the label {label!r} is cut")
        description = fields.get("description", "")
        if description and model.get("model_name") in BOXED_DESCRIPTION:
            style = state.get(str(fields.get("style", "")).removeprefix("IPY_MODEL_"), {}).get("state", {})
            width = style.get("description_width") or f"{DEFAULT_DESCRIPTION_PX}px"
            box = re.fullmatch(r"(\d+)px", width)
            if box and len(description) * NARROWEST_CHAR_PX > int(box.group(1)):
                problems.append(f"widget {model_id}: the description {description!r} does not fit its {width} box "
                                "(an HTML label beside the control, or description_width 'initial')")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_saved_outputs_read_as_words_and_numbers_a_person_reads(path):
    problems = readability_problems(nbformat.read(path, as_version=4))
    assert not problems, "\n".join(problems)


def test_the_readability_check_finds_what_it_promises():
    notebook = nbformat.v4.new_notebook()
    stream = nbformat.v4.new_output("stream", name="stdout", text="Comparison(rounds=(1,), winner=1)\nchance 1/9\n"
                                    "chance 1/9 ≈ 11.11%; cargo 0/3; 1 − 2/3 = 1/3 ≈ 33.33%\n")
    rich = nbformat.v4.new_output("execute_result", {"text/html": "<td>5/24</td><td>0.2083</td><svg><text font-size='9'>"
                                  "N1</text><text font-size='12'>N2</text></svg>", "text/plain": "Board(size=3)"},
                                  execution_count=1)
    check = nbformat.v4.new_code_cell("# Check: x\nassert x", outputs=[nbformat.v4.new_output(
        "stream", name="stdout", text="Seen(by=nobody) 1/2")], metadata={"tags": ["check"]})
    notebook.cells = [nbformat.v4.new_code_cell("x", outputs=[stream, rich]), check]
    notebook.metadata["widgets"] = {WIDGET_STATE: {"state": {
        "a": {"model_name": "DropdownModel", "state": {"description": "2v2 team mode (deciding die)", "style": "IPY_MODEL_s",
                                                       "_options_labels": ["Activate …", "Rotate"]}},
        "s": {"model_name": "DescriptionStyleModel", "state": {"description_width": ""}},
        "b": {"model_name": "IntSliderModel", "state": {"description": "completed missions", "style": "IPY_MODEL_w"}},
        "w": {"model_name": "SliderStyleModel", "state": {"description_width": "140px"}},
    }}}
    assert readability_problems(notebook) == [
        "cell 0: a plain repr Comparison(rounds=… (give it words or a rich display)",
        "cell 0: 1/9 without a decimal or percent beside it (…rounds=(1,), winner=1)\nchance 1/9\nchance 1/9 ≈ 11.11%…)",
        "cell 0 (text/html): SVG text at font-size 9 (at least 12 for a projector)",
        "widget a: the label 'Activate …' is cut",
        "widget a: the description '2v2 team mode (deciding die)' does not fit its 80px box "
        "(an HTML label beside the control, or description_width 'initial')",
    ]
