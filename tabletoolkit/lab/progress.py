"""How a long run shows its progress: games done of the total, the rate, and an estimate of the time left.

A progress display is any object with ``update(done, total)`` and ``close()``. ``TextProgress`` writes one
line to a stream (a terminal: redrawn in place with ``\\r``; a file or pipe: a line per tenth of the run);
the notebook bar is ``tabletoolkit.widgets.progress.NotebookProgress`` (ipywidgets). ``choose`` picks one
for a run: ``"auto"`` is the notebook bar inside a Jupyter kernel with ipywidgets, text on a terminal, and
nothing otherwise (a script writing to a log, a test).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import time
from typing import Any, Protocol, TextIO

from ..engine.errors import InvalidInput


class Progress(Protocol):
    def update(self, done: int, total: int) -> None: ...

    def close(self) -> None: ...


class NoProgress:
    """Shows nothing."""

    def update(self, done: int, total: int) -> None:
        return None

    def close(self) -> None:
        return None


def time_left(done: int, total: int, elapsed: float) -> float | None:
    """Seconds left at the rate so far (``None`` before anything is done)."""
    if done <= 0 or elapsed <= 0:
        return None
    return elapsed / done * (total - done)


def duration_text(seconds: float | None) -> str:
    """``75.2`` → ``"1 min 15 s"``; ``None`` → ``"?"``."""
    if seconds is None:
        return "?"
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class TextProgress:
    """``title: 40/100 games (40%) · 12.5 games/s · about 5 s left`` on one line of ``stream``."""

    def __init__(self, title: str = "games", stream: TextIO | None = None, clock=time.monotonic):
        self.title = title
        self.stream = sys.stderr if stream is None else stream
        self.clock = clock
        self.started = clock()
        self.redraw = bool(getattr(self.stream, "isatty", lambda: False)())
        self._shown = -1

    def line(self, done: int, total: int) -> str:
        elapsed = self.clock() - self.started
        rate = f" · {done / elapsed:.1f} games/s" if done and elapsed > 0 else ""
        left = " · done" if done >= total else f" · about {duration_text(time_left(done, total, elapsed))} left"
        return f"{self.title}: {done}/{total} games ({100 * done // max(total, 1)}%){rate}{left}"

    def update(self, done: int, total: int) -> None:
        if self.redraw:
            self.stream.write("\r" + self.line(done, total) + "\033[K")
        else:
            tenth = 10 * done // max(total, 1)
            if tenth == self._shown:
                return
            self._shown = tenth
            self.stream.write(self.line(done, total) + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.redraw:
            self.stream.write("\n")
            self.stream.flush()


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    ip = getattr(shell, "get_ipython", lambda: None)() if shell is not None else None
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def choose(progress: Any, title: str) -> Progress:
    """The display for a run: ``"auto"``, ``"text"``, ``"notebook"``, ``False``/``None`` (nothing) or an object with
    ``update(done, total)`` and ``close()``."""
    if progress is None or progress is False:
        return NoProgress()
    if progress == "auto":
        if _in_notebook() and importlib.util.find_spec("ipywidgets") is not None:
            progress = "notebook"
        elif getattr(sys.stderr, "isatty", lambda: False)():
            progress = "text"
        else:
            return NoProgress()
    if progress == "text" or progress is True:
        return TextProgress(title)
    if progress == "notebook":
        # The bar is a view: it lives with the widgets and is loaded only here, in a notebook.
        bar = importlib.import_module("tabletoolkit.widgets.progress")
        return bar.NotebookProgress(title, TextProgress(title).line)
    if isinstance(progress, str) or not (callable(getattr(progress, "update", None)) and callable(getattr(progress, "close", None))):
        raise InvalidInput("progress", progress, "'auto', 'text', 'notebook', False, or an object with update(done, total) and close()")
    return progress
