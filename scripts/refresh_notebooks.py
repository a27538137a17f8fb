"""Re-run notebooks in place so their committed outputs are fresh and deterministic.

    .venv/bin/python scripts/refresh_notebooks.py [notebooks/NAME.ipynb ...]   (default: all)

Each notebook runs top to bottom in this environment's kernel with ``notebooks/`` as its working
folder. Saved widget state is dropped and widget model ids are numbered in order, so re-running an
unchanged notebook changes nothing in git. A cell that displays a widget must carry the
``nbval-ignore-output`` tag (its real checks live in ``assert`` cells); the script refuses otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
IGNORE_TAG = "nbval-ignore-output"


def normalise(notebook: nbformat.NotebookNode, name: str) -> None:
    """Drop saved widget state, number widget ids and check widget cells are tagged."""
    notebook.metadata.pop("widgets", None)
    counter = 0
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        shows_widget = False
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None:
                counter += 1
                view["model_id"] = f"tt-widget-{counter}"
                shows_widget = True
        if shows_widget and IGNORE_TAG not in cell.metadata.get("tags", []):
            raise SystemExit(f"{name}: cell {index} displays a widget but lacks the {IGNORE_TAG!r} tag")


def refresh(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    normalise(notebook, path.name)
    nbformat.write(notebook, path)
    print(f"refreshed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> None:
    paths = [Path(arg).resolve() for arg in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        refresh(path)


if __name__ == "__main__":
    main(sys.argv[1:])
