"""The no-install workshop: the JupyterLite site of ``make lite``, served by a plain static file server and
run in headless Chromium with every other host cut off.

The site is built first if it is missing or out of date (``make lite``; see tests/browser/lite_site.py).
The checks: the site opens on the course map; a cold first load reaches the course map's first exact odds
(the time is printed and saved in ``tests/browser/screenshots/lite-timings.json``); the battle odds and the
SETI sector notebooks run with no error, their sliders move and the exact odds follow; and not one request
left the local server, with a probe showing that a request to another host — from the page or from a
worker, where the Python kernel runs — would have been seen and counted.

``TT_LITE_ALL=1`` runs every notebook in the site, not just the two (slower: about half a minute each).
"""

from __future__ import annotations

import importlib.util
import json
import os
import time
from fractions import Fraction
from pathlib import Path

import pytest

from tabletoolkit import run
from tabletoolkit.andromeda import battle_odds
from tabletoolkit.seti.card_odds import card_row_odds
from tabletoolkit.seti.cards import colour_counts, game_deck

_spec = importlib.util.spec_from_file_location("tabletoolkit_lite_site", Path(__file__).with_name("lite_site.py"))
lite_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite_site)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
EVERY = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
# Playwright cannot see what a service worker fetches, so the contexts block service workers; the site's
# worker only relays the page's own requests. Blocking it rejects its registration with no error object:
# that one page error is expected.
BLOCKED_SERVICE_WORKER = ("", "undefined")
PROBE = """async () => {
    await fetch('https://outside.invalid/from-the-page').catch(() => null);
    const source = "fetch('https://outside.invalid/from-a-worker').catch(() => null).then(() => postMessage('done'))";
    const worker = new Worker(URL.createObjectURL(new Blob([source], {type: 'text/javascript'})));
    await new Promise(resolve => { worker.onmessage = resolve; });
    worker.terminate();
}"""


@pytest.fixture(scope="module")
def site(chromium: Path) -> str:
    """The built site behind ``python -m http.server``: its base URL."""
    try:
        built = lite_site.ensure_site()
    except RuntimeError as error:
        pytest.fail(str(error))
    with lite_site.serve(built) as base:
        yield base


class OfflinePage:
    """A page in its own offline context, with its page errors and outside requests."""

    def __init__(self, browser, base: str):
        self.context = lite_site.offline_context(browser, base)
        self.page = self.context.new_page()
        self.errors: list[tuple[str, str]] = []
        self.page.on("pageerror", lambda error: self.errors.append((error.name, error.message)))

    def unexpected_errors(self) -> list[tuple[str, str]]:
        return [error for error in self.errors if error != BLOCKED_SERVICE_WORKER]

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def offline(browser, site):
    opened = OfflinePage(browser, site)
    yield opened
    opened.close()


def assert_ran_cleanly(offline: OfflinePage, name: str, outcome: dict) -> None:
    """Every code cell ran, none shows an error, and every widget displayed."""
    page = offline.page
    cells = lite_site.cell_report(page)
    not_run = [cell["source"] for cell in cells if cell["count"] is None]
    errors = [f"{cell['source']!r}: {error}" for cell in cells for error in cell["errors"]]
    assert not errors, f"{name}: cells show errors:\n" + "\n".join(errors)
    assert not not_run, f"{name}: cells that did not run: {not_run}"
    assert outcome == {"done": True, "status": "idle"}, f"{name}: run all cells ended with {outcome}"
    assert page.get_by_text("Error displaying widget").count() == 0, f"{name}: a widget failed to display"


def assert_nothing_left_the_site(offline: OfflinePage) -> None:
    assert offline.context.outside == [], f"requests to other hosts: {offline.context.outside}"
    offline.page.evaluate(PROBE)
    assert offline.context.outside == ["https://outside.invalid/from-the-page", "https://outside.invalid/from-a-worker"], (
        "the guard did not see a probe request, so it cannot vouch for the site's requests")
    assert not offline.unexpected_errors(), f"errors in the page: {offline.unexpected_errors()}"


def test_first_load_opens_the_course_map_and_shows_exact_odds(offline: OfflinePage, site: str, capsys):
    page = offline.page
    start = time.monotonic()
    page.goto(site, wait_until="domcontentloaded")
    lite_site.wait_for_notebook(page, "00_start_here.ipynb")
    lab_ready = time.monotonic() - start
    from playwright.sync_api import expect

    note = page.locator(".jp-RenderedMarkdown blockquote", has_text="You are in the browser version of the workshop")
    expect(note).to_be_visible(timeout=60_000)
    lite_site.start_run_all(page)
    expect(page.locator(".tt-total-odds .tt-fraction").first).to_have_text(str(Fraction(1, 6)), timeout=300_000)
    first_odds = time.monotonic() - start
    outcome = lite_site.wait_until_idle(page)
    assert_ran_cleanly(offline, "00_start_here.ipynb", outcome)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "lite_00_start_here.png"))
    size, files = lite_site.site_size()
    timings = {"site_bytes": size, "site_files": files, "lab_ready_s": round(lab_ready, 1),
               "first_exact_odds_s": round(first_odds, 1)}
    (SCREENSHOTS / "lite-timings.json").write_text(json.dumps(timings, indent=1) + "\n")
    with capsys.disabled():
        print(f"\n[lite] cold first load: JupyterLab on the course map in {lab_ready:.1f} s, first exact odds "
              f"in {first_odds:.1f} s; site {size / 1e6:.1f} MB in {files} files")
    assert_nothing_left_the_site(offline)


def run_notebook(offline: OfflinePage, site: str, name: str) -> None:
    lite_site.open_notebook(offline.page, site, name)
    outcome = lite_site.run_all(offline.page)
    assert_ran_cleanly(offline, name, outcome)


def move_slider(page, handle, key: str, result: str, before: str, after: str) -> None:
    """The result shows ``before``; press ``key`` on a slider's handle and it shows ``after``."""
    from playwright.sync_api import expect

    target = lite_site.visible(page, result)
    expect(target).to_contain_text(before, timeout=60_000)
    control = lite_site.visible(page, handle) if isinstance(handle, str) else handle
    control.focus()
    control.press(key)
    expect(target).to_contain_text(after, timeout=60_000)
    expect(target).not_to_contain_text(before)


def test_battle_odds_notebook_runs_offline_and_its_odds_follow_the_sliders(offline: OfflinePage, site: str):
    name = "andromeda_battle_odds.ipynb"
    run_notebook(offline, site, name)
    page = offline.page
    # the explorer starts on the rulebook's battle; blue (3 dice + 2 energy at aim 2) spends one energy less
    blue_now = battle_odds([(6, 3), (5, 2), (3, 1)]).wins[1]
    blue_less = battle_odds([(6, 3), (4, 2), (3, 1)]).wins[1]
    blue_energy = page.locator(".tt-battle-explorer .tt-energy >> visible=true").nth(1).locator(".noUi-handle")
    result = ".tt-battle-explorer .tt-battle-odds-result"
    move_slider(page, blue_energy, "ArrowLeft", result, str(blue_now), str(blue_less))
    move_slider(page, blue_energy, "ArrowRight", result, str(blue_less), str(blue_now))
    for check in lite_site.browser_checks(ROOT / "notebooks" / name):
        lite_site.perform(page, check)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "lite_andromeda_battle_odds.png"))
    assert_nothing_left_the_site(offline)


def test_seti_sector_notebook_runs_offline_and_its_odds_follow_the_slider(offline: OfflinePage, site: str):
    name = "seti_sector_resolution.ipynb"
    run_notebook(offline, site, name)
    page = offline.page
    deck = colour_counts(game_deck())  # the deck the lesson reads: the 65 cards a game deals
    shown, one_more = (str(run(card_row_odds(deck, "black", draws=draws)).result.at_least_one) for draws in (0, 1))
    move_slider(page, ".tt-odds-draws .noUi-handle", "ArrowRight", ".tt-odds-result", shown, one_more)
    for check in lite_site.browser_checks(ROOT / "notebooks" / name):
        lite_site.perform(page, check)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "lite_seti_sector_resolution.png"))
    assert_nothing_left_the_site(offline)


@pytest.mark.parametrize("name", EVERY if os.environ.get("TT_LITE_ALL") else [
    pytest.param("", marks=pytest.mark.skip(reason="every notebook in the site: set TT_LITE_ALL=1"), id="every")])
def test_every_notebook_runs_in_the_site(offline: OfflinePage, site: str, name: str):
    run_notebook(offline, site, name)
    for check in lite_site.browser_checks(ROOT / "notebooks" / name):
        lite_site.perform(offline.page, check)
    assert_nothing_left_the_site(offline)
