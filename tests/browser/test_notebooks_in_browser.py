"""Every notebook with widgets, opened in JupyterLab in real headless Chromium.

For each one: run all cells and wait for the kernel, check no cell shows an error, then carry out the
checks the notebook declares in its metadata (``tabletoolkit.browser``, see CONTRIBUTING.md): operate a
control and assert that the visible output changed as expected. A screenshot per notebook is saved
under ``tests/browser/screenshots/`` (ignored by git).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
WIDGET_MARKERS = ("tabletoolkit.widgets", "ipywidgets")
RUN_ALL = """async () => {
    const app = window.jupyterapp;
    await app.started;
    await app.restored;
    const panel = app.shell.currentWidget;
    await panel.context.ready;
    await panel.sessionContext.ready;
    const done = await app.commands.execute('notebook:run-all-cells');
    const kernel = panel.sessionContext.session.kernel;
    for (let i = 0; i < 3000 && kernel.status !== 'idle'; i++) {
        await new Promise(resolve => setTimeout(resolve, 100));
    }
    return {done: done, status: kernel.status};
}"""
SHUT_DOWN_KERNEL = """async () => {
    const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    if (widget && widget.sessionContext) { await widget.sessionContext.shutdown(); }
}"""
OPEN_NOTEBOOK = """async () => {
    const app = window.jupyterapp;
    for (let i = 0; i < 600; i++) {
        const widget = app.shell.currentWidget;
        if (widget && widget.sessionContext && widget.context) { return true; }
        await new Promise(resolve => setTimeout(resolve, 100));
    }
    return false;
}"""


def widget_notebooks() -> list[Path]:
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        sources = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
        if any(marker in sources for marker in WIDGET_MARKERS):
            found.append(path)
    return found


def browser_checks(path: Path) -> list[dict]:
    notebook = nbformat.read(path, as_version=4)
    return notebook.metadata.get("tabletoolkit", {}).get("browser", [])


def test_every_widget_notebook_declares_browser_checks():
    missing = [path.name for path in widget_notebooks() if not browser_checks(path)]
    assert not missing, f"notebooks with widgets but no tabletoolkit.browser checks in their metadata: {missing}"


def visible(page, selector: str):
    """The first element matching ``selector`` that is visible (a stepper in a closed tab is not)."""
    return page.locator(f"{selector} >> visible=true").first


def perform(page, check: dict) -> None:
    """Carry out one declared check: an action on a control, then the expected visible text."""
    from playwright.sync_api import expect

    expected = check["expect"]
    target = visible(page, expected["selector"])
    expect(target).to_be_visible(timeout=90_000)
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
    else:
        raise AssertionError(f"unknown browser action in {check}")
    expect(target).to_contain_text(expected["contains"], timeout=90_000)
    assert target.inner_text() != before, f"{expected['selector']} did not change after {check}"


@pytest.mark.browser
@pytest.mark.parametrize("path", widget_notebooks(), ids=lambda path: path.name)
def test_notebook_runs_and_responds_in_the_browser(path: Path, lab: str, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        # A workspace of its own, reset, so no notebook opened by an earlier test is restored beside it.
        page.goto(f"{lab}/lab/workspaces/{path.stem}/tree/notebooks/{path.name}?reset", wait_until="domcontentloaded")
        page.wait_for_function("() => window.jupyterapp !== undefined", timeout=120_000)
        assert page.evaluate(OPEN_NOTEBOOK), f"{path.name} did not open"
        outcome = page.evaluate(RUN_ALL)
        shown_errors = page.locator("[data-mime-type='application/vnd.jupyter.error']")
        assert shown_errors.count() == 0, f"{path.name}: a cell shows an error:\n{shown_errors.first.inner_text()}"
        assert outcome == {"done": True, "status": "idle"}, f"{path.name}: run all cells ended with {outcome}"
        assert page.get_by_text("Error displaying widget").count() == 0, f"{path.name}: a widget failed to display"
        for check in browser_checks(path):
            perform(page, check)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{path.stem}.png"))
        assert not errors, f"{path.name}: errors in the page: {errors}"
    finally:
        page.evaluate(SHUT_DOWN_KERNEL)
        page.close()
