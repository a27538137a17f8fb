"""The no-install site (``make lite``): its size, and the time from opening it to the first exact odds shown.

    .venv/bin/python benchmarks/lite_site.py [--runs 3]

The site is built first if it is missing or out of date (``make lite``), served by ``python -m http.server``
on loopback, and opened in headless Debian Chromium (``/usr/bin/chromium``) with every other host cut off.
Each cold run starts with an empty browser cache: the front page, JupyterLab on the course map, *Run All*,
until the dice explorer shows its exact odds (1/6). A warm run then repeats it with the cache of the last
cold run, as on a second visit.

These are wall times, not CPU times: most of the wait is the browser's own work (compiling Pyodide's
WebAssembly, starting the Python kernel in a worker, unpacking wheels) and the loading of files, which no CPU
clock of this process sees. A served site over a venue's network adds the download of its size, once per
browser. On a shared, loaded machine the times vary by several seconds between runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path(os.environ.get("TT_CHROMIUM", "/usr/bin/chromium"))
_spec = importlib.util.spec_from_file_location("tabletoolkit_lite_site", ROOT / "tests" / "browser" / "lite_site.py")
lite_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lite_site)

KERNEL_READY = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    window.ttKernelReady = panel.sessionContext.ready
        .then(() => panel.sessionContext.session.kernel.info)
        .then(() => Date.now());
}"""


def one_load(context, base: str) -> dict[str, float]:
    """Seconds from opening the site to JupyterLab on the course map, the kernel ready and the first odds."""
    from playwright.sync_api import expect

    page = context.new_page()
    try:
        start = time.time()
        page.goto(base, wait_until="domcontentloaded")
        lite_site.wait_for_notebook(page, "00_start_here.ipynb")
        lab = time.time() - start
        page.evaluate(KERNEL_READY)
        lite_site.start_run_all(page)
        expect(page.locator(".tt-total-odds .tt-fraction").first).to_have_text("1/6", timeout=300_000)
        odds = time.time() - start
        kernel = page.evaluate("() => window.ttKernelReady") / 1000 - start
        lite_site.wait_until_idle(page)
    finally:
        page.close()
    if context.outside:
        raise SystemExit(f"requests to other hosts: {context.outside}")
    return {"lab": lab, "kernel": kernel, "odds": odds}


def sizes(site: Path) -> list[tuple[str, int]]:
    def size(*paths: Path) -> int:
        return sum(file.stat().st_size for path in paths for file in ([path] if path.is_file() else path.rglob("*"))
                   if file.is_file())

    pyodide = site / "static" / "pyodide"
    wheels = size(*pyodide.glob("*.whl"))
    everything = size(site)
    return [
        ("Pyodide's runtime (npm package pyodide)", size(pyodide) - wheels),
        ("Python wheels (precompiled)", wheels),
        ("the notebooks", size(site / "files", site / "api")),
        ("JupyterLab, extensions and the rest", everything - size(pyodide, site / "files", site / "api")),
        ("total", everything),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=3, help="cold loads to time (default 3)")
    arguments = parser.parse_args()
    site = lite_site.ensure_site()
    size, files = lite_site.site_size(site)
    print(f"site {site.relative_to(ROOT)}: {size / 1e6:.1f} MB in {files} files")
    for label, part in sizes(site):
        print(f"  {label:<42} {part / 1e6:6.1f} MB")
    if not CHROMIUM.exists():
        print(f"first-load time: skipped, no Chromium at {CHROMIUM} (apt-get install chromium)")
        return
    from playwright.sync_api import sync_playwright

    print("wall time from opening the site: JupyterLab on the course map / kernel ready / first exact odds")
    runs = []
    with lite_site.serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=lite_site.CHROMIUM_FLAGS)
        try:
            for run in range(arguments.runs):
                context = lite_site.offline_context(browser, base)
                runs.append(one_load(context, base))
                print("  cold {}: {lab:5.1f} s / {kernel:5.1f} s / {odds:5.1f} s".format(run + 1, **runs[-1]))
                if run < arguments.runs - 1:
                    context.close()
            warm = one_load(context, base)
            print("  warm:   {lab:5.1f} s / {kernel:5.1f} s / {odds:5.1f} s".format(**warm))
            context.close()
        finally:
            browser.close()
    median = statistics.median(run["odds"] for run in runs)
    print(f"first exact odds, cold: median {median:.1f} s, best {min(run['odds'] for run in runs):.1f} s "
          f"of {len(runs)}; warm {warm['odds']:.1f} s")


if __name__ == "__main__":
    sys.exit(main())
