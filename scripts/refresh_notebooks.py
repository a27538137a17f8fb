"""Re-run notebooks in place so their committed outputs are fresh, deterministic and readable before running.

    .venv/bin/python scripts/refresh_notebooks.py [notebooks/NAME.ipynb ...]   (default: all)

Each notebook runs top to bottom in this environment's kernel with ``notebooks/`` as its working
folder. Then:
- the state of every widget on display is saved in the notebook's metadata (``widgets``), so JupyterLab,
  nbviewer and the browser site show each widget's last view before anything runs; only the models a
  displayed widget reaches are kept, and every model id is numbered in display order (``tt-widget-N``),
  so re-running an unchanged notebook changes nothing in git;
- check cells are marked (tag ``check``, code collapsed: ``scripts/notebook_checks.py``).
A cell that displays a widget must carry the ``nbval-ignore-output`` tag (its real checks live in check
cells); the script refuses otherwise.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
IGNORE_TAG = "nbval-ignore-output"
REFERENCE = re.compile(r"IPY_MODEL_([0-9a-zA-Z_-]+)")


def _checks_module():
    spec = importlib.util.spec_from_file_location("notebook_checks", Path(__file__).with_name("notebook_checks.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _references(value) -> list[str]:
    """Model ids a widget's saved state refers to (children, layout, style ...), in order."""
    return REFERENCE.findall(json.dumps(value))


def _renamed(value, names: dict[str, str]):
    text = json.dumps(value)
    text = REFERENCE.sub(lambda found: f"IPY_MODEL_{names.get(found.group(1), found.group(1))}", text)
    return json.loads(text)


def normalise(notebook: nbformat.NotebookNode, name: str) -> None:
    """Keep the saved state of displayed widgets under numbered ids; mark checks; check widget cells are tagged."""
    saved = notebook.metadata.pop("widgets", {}).get(WIDGET_STATE, {})
    models = saved.get("state", {})
    names: dict[str, str] = {}

    def number(model_id: str) -> None:
        if model_id in names or model_id not in models:
            return
        names[model_id] = f"tt-widget-{len(names) + 1}"
        for referred in _references(models[model_id].get("state", {})):
            number(referred)

    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        shows_widget = False
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None:
                number(view["model_id"])
                view["model_id"] = names.get(view["model_id"], view["model_id"])
                shows_widget = True
        if shows_widget and IGNORE_TAG not in cell.metadata.get("tags", []):
            raise SystemExit(f"{name}: cell {index} displays a widget but lacks the {IGNORE_TAG!r} tag")
    if names:
        state = {names[model_id]: _renamed(models[model_id], names) for model_id in names}
        notebook.metadata["widgets"] = {WIDGET_STATE: {"state": state, "version_major": saved.get("version_major", 2),
                                                        "version_minor": saved.get("version_minor", 0)}}
    _checks_module().mark_checks(notebook)


def refresh(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, timeout=600, kernel_name="python3", store_widget_state=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    normalise(notebook, path.name)
    nbformat.write(notebook, path)
    print(f"refreshed {path.name}")


def main(argv: list[str]) -> None:
    paths = [Path(arg).resolve() for arg in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        refresh(path)


if __name__ == "__main__":
    main(sys.argv[1:])
