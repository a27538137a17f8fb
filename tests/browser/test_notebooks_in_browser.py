"""The course path, walked in JupyterLab in real headless Chromium: every lesson, as a class meets it.

For each lesson (every notebook is one; see ``tabletoolkit.widgets.course``):
1. open it fresh, as a clone has it: every saved widget shows its last view (from the notebook's saved widget
   state) and no output falls back to its text repr (a "repr wall" such as ``BattleState(setup=…`` or
   ``VBox(children=…``);
2. run all cells and wait for the kernel; no cell holds an error (read from the notebook model: JupyterLab
   draws an error with the stderr mime type, so the page cannot tell);
3. carry out the checks the notebook declares in its metadata (``tabletoolkit.browser``, see CONTRIBUTING.md),
   answering its exercise among them: operate a control and assert that the visible output changed;
4. follow the first link of its closing "Next" cell and see that lesson open.
A screenshot per lesson is saved under ``tests/browser/screenshots/`` (ignored by git); a notebook whose metadata
names ``tabletoolkit.screenshot`` (a selector) also gets ``<name>-readme.png`` of that element, at most 760 px high,
which ``scripts/update_readme.py`` copies to the README's pictures.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
WIDGET_MARKERS = ("tabletoolkit.widgets", "ipywidgets")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
RUN_ALL = """async () => {
    const app = window.jupyterapp;
    await app.started;
    await app.restored;
    const panel = app.shell.currentWidget;
    await panel.context.ready;
    await panel.sessionContext.ready;
    // JupyterLab's run-all promise now and then never settles although every cell has run: wait for it at
    // most three minutes, then judge by the cells' prompts (a queued or running cell shows [*]). The kernel is
    // idle for a moment between two cells, so the prompts are what tell the run is over; on a loaded machine a
    // lesson whose widgets send many messages runs for minutes in the browser, so they are watched for up to
    // seven minutes more. A run whose queued cells stay queued for 90 s with the kernel idle has stalled (the
    // kernel never got, or the page never heard back from, an execution): it is reported as such.
    const kernel = panel.sessionContext.session.kernel;
    const connection = [kernel.connectionStatus];
    kernel.connectionStatusChanged.connect((_, status) => connection.push(status));
    const ran = await Promise.race([app.commands.execute('notebook:run-all-cells'),
                                    new Promise(resolve => setTimeout(() => resolve('unsettled'), 180000))]);
    const waiting = () => panel.content.widgets.filter(cell => cell.model.type === 'code')
        .map((cell, index) => (cell.promptNode ? cell.promptNode.textContent : '').includes('*') ? index : -1)
        .filter(index => index >= 0);
    let seen = waiting().join(), since = Date.now(), stalled = false;
    for (let i = 0; i < 4200 && (kernel.status !== 'idle' || waiting().length); i++) {
        await new Promise(resolve => setTimeout(resolve, 100));
        const now = waiting().join();
        if (now !== seen || kernel.status !== 'idle') {
            seen = now;
            since = Date.now();
        } else if (Date.now() - since > 90000) {
            stalled = true;
            break;
        }
    }
    const done = ran === 'unsettled' ? !waiting().length : ran;
    return done === true ? {done, status: kernel.status}
                         : {done, status: kernel.status, stalled, waiting_code_cells: waiting(), connection};
}"""
SHUT_DOWN_KERNELS = """async () => {
    const app = window.jupyterapp;
    if (app && app.serviceManager) {
        const shutDown = (async () => { await app.serviceManager.sessions.refreshRunning();
                                        await app.serviceManager.sessions.shutdownAll(); })();
        await Promise.race([shutDown, new Promise(resolve => setTimeout(resolve, 30000))]);
    }
}"""
OPEN_NOTEBOOK = """async () => {
    const app = window.jupyterapp;
    for (let i = 0; i < 600; i++) {
        const widget = app.shell.currentWidget;
        if (widget && widget.sessionContext && widget.context) { await widget.context.ready; return true; }
        await new Promise(resolve => setTimeout(resolve, 100));
    }
    return false;
}"""
CELL_ERRORS = """() => window.jupyterapp.shell.currentWidget.content.widgets
    .filter(cell => cell.model.type === 'code')
    .flatMap((cell, index) => cell.model.outputs.toJSON()
        .filter(output => output.output_type === 'error')
        .map(output => `code cell ${index}: ${output.ename}: ${output.evalue}`))"""
SHOWN_TEXT = """() => Array.from(document.querySelectorAll(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output[data-mime-type='text/plain']"))
    .map(node => node.innerText)"""
OVERFLOWING = """selector => Array.from(document.querySelectorAll(selector))
    .filter(node => node.offsetParent !== null)
    .flatMap(node => {
        const box = node.closest('.jp-OutputArea-output');
        const shown = node.getBoundingClientRect(), room = box.getBoundingClientRect();
        const scrolled = [];
        for (let up = node; up && up !== box.parentElement; up = up.parentElement) {
            if (up.scrollWidth > up.clientWidth + 1 && getComputedStyle(up).overflowX !== 'visible') scrolled.push(up.className || up.tagName);
        }
        return shown.right > room.right + 1 || shown.left < room.left - 1 || scrolled.length
            ? [`${Math.round(shown.width)} px wide from ${Math.round(shown.left)} in an output from ${Math.round(room.left)} to ${Math.round(room.right)}` +
               (scrolled.length ? `, scrolled inside ${scrolled.join(', ')}` : '')]
            : [];
    })"""
PROJECTOR = {"width": 1024, "height": 768}
"""A projector's screen: the size at which a ``fits`` check looks (JupyterLab's file browser stays open)."""
CURRENT_PATH = "() => { const w = window.jupyterapp.shell.currentWidget; return w && w.context ? w.context.path : null; }"


def widget_notebooks() -> list[Path]:
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        sources = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
        if any(marker in sources for marker in WIDGET_MARKERS):
            found.append(path)
    return found


def course_path() -> list[Path]:
    """Every lesson in course order (a notebook serving two tracks comes once), then any other notebook."""
    from tabletoolkit.widgets.course import lessons

    names = list(dict.fromkeys(lesson.notebook for lesson in lessons()))
    every = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    return [ROOT / "notebooks" / name for name in names + [n for n in every if n not in names]
            if (ROOT / "notebooks" / name).exists()]


def browser_checks(path: Path) -> list[dict]:
    notebook = nbformat.read(path, as_version=4)
    return notebook.metadata.get("tabletoolkit", {}).get("browser", [])


def repr_fallbacks(path: Path) -> list[str]:
    """The text reprs of outputs that have a richer form (a picture, HTML, a widget): shown, they are a repr wall."""
    texts = []
    for cell in nbformat.read(path, as_version=4).cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/plain" in data and len(data) > 1:
                text = data["text/plain"]
                texts.append(text if isinstance(text, str) else "".join(text))
    return texts


def saved_widget_count(path: Path) -> int:
    return sum(WIDGET_VIEW in output.get("data", {}) for cell in nbformat.read(path, as_version=4).cells
               for output in cell.get("outputs", []))


def next_link(path: Path) -> str:
    """The first link of the lesson's closing "Next" cell."""
    last = nbformat.read(path, as_version=4).cells[-1]
    found = re.search(r"\]\(([^)]+\.ipynb)\)", last.source)
    assert found, f"{path.name} ends without a link onward"
    return found.group(1)


def test_every_widget_notebook_declares_browser_checks():
    missing = [path.name for path in widget_notebooks() if not browser_checks(path)]
    assert not missing, f"notebooks with widgets but no tabletoolkit.browser checks in their metadata: {missing}"


def test_every_lesson_with_an_exercise_answers_one_in_the_browser():
    for path in widget_notebooks():
        sources = "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells)
        if "predict_chance(" in sources or "predict_number(" in sources or "predict_choice(" in sources:
            answered = [check for check in browser_checks(path)
                        if "answer" in check or ".tt-exercise-guess" in check.get("fill", "")]  # a guess typed, then Enter
            assert answered, f"{path.name}: no check answers its exercise"


def test_the_course_path_covers_every_notebook_once():
    path = [p.name for p in course_path()]
    assert sorted(path) == sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb")) and len(set(path)) == len(path)


def visible(page, selector: str):
    """The first element matching ``selector`` that is visible (a stepper in a closed tab is not)."""
    return page.locator(f"{selector} >> visible=true").first


def perform(page, check: dict) -> None:
    """Carry out one declared check: an action on a control, then the expected visible text.

    Actions: ``click``, ``press`` (+ ``key``), ``fill`` (+ ``value``, then Enter), ``select`` (+ ``value``, an
    option's label), ``answer`` (an exercise's selector + ``value``: typed into its guess, or the choice button
    with that label, then *Lock in my guess*). ``fits`` (a selector, no ``expect``) is a look, not an action: on a
    projector's screen, every visible element it names lies inside its output, neither overflowing nor scrolled.
    """
    from playwright.sync_api import expect

    if "fits" in check:
        looks_fitting(page, check["fits"])
        return

    expected = check["expect"]
    target = visible(page, expected["selector"])
    try:
        expect(target).to_be_visible(timeout=90_000)
    except AssertionError:
        raise AssertionError(f"{expected['selector']} is not on screen before {check} (it must show something "
                             "before the action: an empty widget is drawn with no size)") from None
    before = target.inner_text()
    if "click" in check:
        visible(page, check["click"]).click()
    elif "press" in check:
        control = visible(page, check["press"])
        control.focus()
        control.press(check["key"])
    elif "fill" in check:
        control = visible(page, check["fill"])
        control.fill(str(check["value"]))
        control.press("Enter")
    elif "select" in check:
        visible(page, check["select"]).select_option(label=str(check["value"]))
    elif "answer" in check:
        exercise = check["answer"]
        field = page.locator(f"{exercise} .tt-exercise-guess input >> visible=true")
        if field.count():
            field.first.fill(str(check["value"]))
        else:
            visible(page, f"{exercise} .tt-exercise-guess").get_by_role("button", name=str(check["value"]), exact=True).click()
        visible(page, f"{exercise} .tt-exercise-commit").click()
    else:
        raise AssertionError(f"unknown browser action in {check}")
    expect(target).to_contain_text(expected["contains"], timeout=90_000)
    assert target.inner_text() != before, f"{expected['selector']} did not change after {check}"


def looks_fitting(page, selector: str) -> None:
    """Every visible ``selector`` inside its output at the projector's size (the page's size restored after)."""
    from playwright.sync_api import expect

    expect(visible(page, selector)).to_be_visible(timeout=90_000)
    size = page.viewport_size
    page.set_viewport_size(PROJECTOR)
    try:
        page.wait_for_timeout(500)            # the notebook lays itself out again
        overflowing = page.evaluate(OVERFLOWING, selector)
    finally:
        page.set_viewport_size(size)
    assert not overflowing, f"{selector} does not fit its output on a {PROJECTOR['width']} px screen: {overflowing}"


def open_fresh(page, lab: str, path: Path) -> None:
    """Open a lesson in a workspace of its own, reset, so no notebook opened earlier is restored beside it."""
    page.goto(f"{lab}/lab/workspaces/{path.stem}/tree/notebooks/{path.name}?reset", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=120_000)
    assert page.evaluate(OPEN_NOTEBOOK), f"{path.name} did not open"


def check_readable_before_running(page, path: Path) -> None:
    """Every saved widget drawn from its saved state, no output shown as its text repr."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect

    panel = ".jp-NotebookPanel:not(.lm-mod-hidden)"
    count = saved_widget_count(path)
    if count:
        # a widget view drawn from saved state is an output holding a live ipywidgets view
        views = page.locator(f"{panel} .jp-OutputArea-output:has(> .jupyter-widgets)")
        given_up = f"{panel} .jp-OutputArea-output.jupyter-widgets"  # a view that gave up waiting for its model
        settled = f"() => document.querySelectorAll('{panel} .jp-OutputArea-output:has(> .jupyter-widgets)').length"
        settled += f" + document.querySelectorAll('{given_up}').length >= {count}"
        try:
            page.wait_for_function(settled, timeout=90_000, polling=500)
            if page.locator(given_up).count():
                # jupyterlab-manager's race on a loaded machine: the restore that reads only the new kernel marks the
                # manager restored while the notebook's saved models still wait for the kernel's comm info, and a view
                # that waits 2 s more for its model gives up for good. The saved state is complete (every model a
                # view names is saved: tests/test_notebooks.py); opened again, as a person would reload the page,
                # the views are drawn.
                page.reload(wait_until="domcontentloaded")
                page.wait_for_function("() => window.jupyterapp !== undefined", timeout=120_000)
                assert page.evaluate(OPEN_NOTEBOOK), f"{path.name} did not open again"
            expect(views).to_have_count(count, timeout=90_000)
        except (AssertionError, PlaywrightTimeout):
            shown = page.evaluate(f"""() => Array.from(document.querySelectorAll("{panel} .jp-OutputArea-output"))
                .map(node => `${{node.className}} :: ${{node.innerText.slice(0, 60)}}`)""")
            raise AssertionError(f"{path.name}: {views.count()} of {count} saved widgets drawn; outputs: {shown}") from None
    assert page.get_by_text("Error displaying widget").count() == 0, f"{path.name}: a saved widget failed to display"
    fallbacks = [text.strip()[:60] for text in repr_fallbacks(path) if text.strip()]
    walls = [shown[:80] for shown in page.evaluate(SHOWN_TEXT) if any(shown.strip().startswith(f) for f in fallbacks)]
    assert not walls, f"{path.name} opened fresh shows text reprs instead of its pictures or widgets: {walls}"


def readme_picture(page, path: Path) -> None:
    """The element the notebook names for the README (``tabletoolkit.screenshot``), scrolled into view."""
    selector = nbformat.read(path, as_version=4).metadata.get("tabletoolkit", {}).get("screenshot")
    if not selector:
        return
    element = visible(page, selector)
    element.evaluate("node => node.scrollIntoView({block: 'start'})")
    box = element.bounding_box()
    page.screenshot(path=str(SCREENSHOTS / f"{path.stem}-readme.png"),
                    clip={"x": box["x"], "y": box["y"], "width": box["width"], "height": min(box["height"], 760)})


@pytest.mark.browser
@pytest.mark.parametrize("path", course_path(), ids=lambda path: path.name)
def test_a_lesson_reads_before_it_runs_runs_answers_and_leads_on(path: Path, lab: str, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_fresh(page, lab, path)
        check_readable_before_running(page, path)
        outcome = page.evaluate(RUN_ALL)
        if outcome.get("stalled"):
            # Seen now and then in headless Chromium, on a quiet machine too: queued cells that never run while the
            # kernel idles. The lesson is opened afresh with a new kernel and run once more; the stall is reported.
            warnings.warn(f"{path.name}: run all stalled ({outcome}); opened afresh and run again")
            page.evaluate(SHUT_DOWN_KERNELS)
            open_fresh(page, lab, path)
            outcome = page.evaluate(RUN_ALL)
        cell_errors = page.evaluate(CELL_ERRORS)
        assert not cell_errors, f"{path.name}: cells hold errors: {cell_errors}"
        assert outcome == {"done": True, "status": "idle"}, f"{path.name}: run all cells ended with {outcome}"
        assert page.get_by_text("Error displaying widget").count() == 0, f"{path.name}: a widget failed to display"
        for check in browser_checks(path):
            perform(page, check)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{path.stem}.png"))
        readme_picture(page, path)
        onward = next_link(path)
        visible(page, f".jp-MarkdownOutput a[href*='{onward}']").click()
        page.wait_for_function(f"() => ({CURRENT_PATH})() === 'notebooks/{onward}'", timeout=60_000)
        assert not errors, f"{path.name}: errors in the page: {errors}"
    finally:
        page.evaluate(SHUT_DOWN_KERNELS)
        page.close()
