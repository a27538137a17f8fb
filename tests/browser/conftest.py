"""A JupyterLab server on a free localhost port and headless Debian Chromium driven by Playwright.

The server is isolated (its own config, data, runtime, settings and workspace folders; news and update
checks off; notebook windowing off so every cell is in the page) and serves the notebooks as a fresh clone has
them — committed outputs and saved widget state included, trusted as ``make lab`` trusts its working copy — so
a test sees what a class sees before anything runs, then runs every cell and checks the fresh outputs.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("TT_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def chromium() -> Path:
    if not CHROMIUM.exists():
        message = f"no Chromium at {CHROMIUM}: install Debian's package with `apt-get install chromium` (.ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(message + "; in CI the browser tests must run, not skip")
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory, chromium: Path):
    """The base URL of a running JupyterLab serving trusted copies of the committed notebooks under notebooks/."""
    home = tmp_path_factory.mktemp("lab")
    served = home / "notebooks"
    served.mkdir()
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        shutil.copy(notebook, served / notebook.name)
    settings = home / "settings"
    for name, values in SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_DATA_DIR=str(home / "data"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        MPLBACKEND="module://matplotlib_inline.backend_inline",
    )
    subprocess.run([sys.executable, "-m", "jupyter", "trust", *sorted(str(path) for path in served.glob("*.ipynb"))],
                   env=env, check=True, capture_output=True)
    port = _free_port()
    log = (home / "lab.log").open("w")
    server = subprocess.Popen(
        [
            sys.executable, "-m", "jupyter", "lab",
            "--no-browser", "--allow-root", f"--port={port}", "--ip=127.0.0.1",
            "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
            f"--ServerApp.root_dir={home}",
            "--LabApp.expose_app_in_browser=True",
            f"--LabApp.user_settings_dir={settings}",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
            "--LabApp.news_url=",
        ],
        cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/status", timeout=2)
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail("JupyterLab did not start:\n" + (home / "lab.log").read_text()[-3000:])
            time.sleep(0.5)
    yield base
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()
    shutil.rmtree(home / "runtime", ignore_errors=True)


@pytest.fixture(scope="session")
def browser(chromium: Path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(chromium), headless=True, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()
