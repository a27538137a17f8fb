"""The progress bar of a long run in a notebook (a sweep of many games): done of total, rate and time left.

``NotebookProgress(title, describe)`` shows an ipywidgets bar with a line of text beneath it, ``describe(done,
total)``: the lab passes the line the terminal shows (``tabletoolkit.lab.progress.TextProgress.line``), so both
read alike. ``tt.sweep(..., progress="auto")`` uses it inside a Jupyter kernel.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets
from IPython.display import display


class NotebookProgress:
    """A bar and a status line, updated as games finish; on close the bar shows the run done."""

    def __init__(self, title: str, describe: Callable[[int, int], str]):
        self.describe = describe
        self.title = widgets.HTML(f"<b>{html.escape(title)}</b>")  # the whole title, above the bar: never cut off
        self.bar = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="60%"))
        self.status = widgets.HTML("")
        self.box = widgets.VBox([self.title, self.bar, self.status], _dom_classes=["tt-progress"])
        display(self.box)

    def update(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done
        self.status.value = self.describe(done, total)

    def close(self) -> None:
        self.bar.bar_style = "success"
