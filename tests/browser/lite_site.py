"""The JupyterLite site (build/lite) served by a plain static file server, opened in a browser cut off from
every other host. Used by tests/browser/test_lite.py and benchmarks/lite_site.py.

- ``ensure_site()`` runs ``make lite``: it builds the site when it is missing or its inputs changed, and
  returns at once otherwise.
- ``serve(site)`` is ``python -m http.server`` on a free loopback port, as a teacher would host it.
- ``offline_context(browser, base)`` is a browser context in which every request to another host is
  aborted and recorded (``context.outside``), service workers are off (Playwright cannot see the requests
  a service worker makes; the site's only relays the page's own, and the site works without it), and the site's own ``jupyter-lite.json`` is answered with ``exposeAppInBrowser`` switched on and notebook
  windowing off, so the test can drive JupyterLab as tests/browser/test_notebooks_in_browser.py does.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
# as in tests/browser/conftest.py: every cell in the page, so that text off screen can be read
TEST_SETTINGS = {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}


def _sibling(name: str):
    """A module beside this one, loaded by path (the tests are imported in importlib mode)."""
    spec = importlib.util.spec_from_file_location(f"tabletoolkit_browser_{name}", Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CONFTEST = _sibling("conftest")
CHROMIUM_FLAGS = CONFTEST.CHROMIUM_FLAGS
NOTEBOOK_TESTS = _sibling("test_notebooks_in_browser")
RUN_ALL = NOTEBOOK_TESTS.RUN_ALL
perform = NOTEBOOK_TESTS.perform
browser_checks = NOTEBOOK_TESTS.browser_checks
visible = NOTEBOOK_TESTS.visible


def ensure_site() -> Path:
    """Build the site with ``make lite`` (a no-op when it is up to date); raise with the log on failure."""
    result = subprocess.run(["make", "--no-print-directory", "lite"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0 or not (SITE / "index.html").exists():
        raise RuntimeError(f"`make lite` failed ({result.returncode}):\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}")
    return SITE


def site_size(site: Path = SITE) -> tuple[int, int]:
    """Bytes and files in the site."""
    files = [path for path in site.rglob("*") if path.is_file()]
    return sum(path.stat().st_size for path in files), len(files)


@contextlib.contextmanager
def serve(site: Path = SITE):
    """``python -m http.server`` on the site; yields its base URL (ending in /)."""
    port = CONFTEST._free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "jupyter-lite.json", timeout=2).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the static file server did not start")
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def offline_context(browser, base: str):
    """A browser context that reaches only ``base``; other requests are aborted and listed in ``.outside``."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, service_workers="block")
    context.outside = []
    ours = urllib.parse.urlsplit(base).netloc

    def route(route):
        request = route.request
        url = urllib.parse.urlsplit(request.url)
        if url.scheme in ("data", "blob"):
            route.continue_()
        elif url.netloc != ours:
            context.outside.append(request.url)
            route.abort("blockedbyclient")
        elif url.path.endswith("/jupyter-lite.json"):
            response = route.fetch()
            config = response.json()
            data = config.setdefault("jupyter-config-data", {})
            data["exposeAppInBrowser"] = True
            for plugin, values in TEST_SETTINGS.items():
                data.setdefault("settingsOverrides", {}).setdefault(plugin, {}).update(values)
            route.fulfill(response=response, body=json.dumps(config), content_type="application/json")
        else:
            route.continue_()

    context.route("**/*", route)
    return context


def wait_for_notebook(page, name: str, timeout_ms: int = 180_000) -> None:
    """Wait until JupyterLab is up with notebook ``name`` as its current widget."""
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=timeout_ms)
    page.wait_for_function(
        """(name) => { const w = window.jupyterapp.shell.currentWidget;
                       return !!(w && w.context && w.context.path === name && w.sessionContext); }""",
        arg=name, timeout=timeout_ms,
    )


def open_notebook(page, base: str, name: str) -> None:
    """Open ``name`` from the site's files in JupyterLab."""
    page.goto(f"{base}lab/index.html?path={name}", wait_until="domcontentloaded")
    wait_for_notebook(page, name)


START_RUN_ALL = """async () => {
    const app = window.jupyterapp;
    await app.restored;
    const panel = app.shell.currentWidget;
    await panel.context.ready;
    await panel.sessionContext.ready;
    window.ttRunAll = app.commands.execute('notebook:run-all-cells');
}"""
WAIT_UNTIL_IDLE = """async () => {
    const panel = window.jupyterapp.shell.currentWidget;
    const done = await window.ttRunAll;
    const kernel = panel.sessionContext.session.kernel;
    for (let i = 0; i < 3000 && kernel.status !== 'idle'; i++) {
        await new Promise(resolve => setTimeout(resolve, 100));
    }
    return {done: done, status: kernel.status};
}"""


def start_run_all(page) -> None:
    """Ask JupyterLab to run every cell of the current notebook, without waiting for them."""
    page.evaluate(START_RUN_ALL)


def wait_until_idle(page) -> dict:
    """Wait for the run ``start_run_all`` began, then for the kernel to be idle (as ``run_all`` returns)."""
    return page.evaluate(WAIT_UNTIL_IDLE)


def run_all(page) -> dict:
    """Run every cell of the current notebook and wait until the kernel is idle."""
    return page.evaluate(RUN_ALL)


CELL_REPORT = """() => window.jupyterapp.shell.currentWidget.content.widgets
    .filter(cell => cell.model.type === 'code')
    .map(cell => ({
        count: cell.model.executionCount,
        tags: cell.model.getMetadata('tags') || [],
        errors: cell.model.outputs.toJSON().filter(o => o.output_type === 'error').map(o => `${o.ename}: ${o.evalue}`),
        source: cell.model.sharedModel.getSource().slice(0, 100),
    }))"""


def cell_report(page) -> list[dict]:
    """Each code cell of the current notebook: its execution count, tags, errors and first line.

    Read from the notebook's model, not the page: JupyterLab draws an error with the stderr mime type.
    """
    return page.evaluate(CELL_REPORT)
