"""The stepper: one widget that steps through any procedure's explained steps."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ..engine.citations import citation_html
from ..engine.steps import Run, Step


def rich_html(obj: Any) -> str:
    """The richest HTML an object offers: its SVG picture, its HTML, its LaTeX, or its escaped repr."""
    for method in ("_repr_svg_", "_repr_html_", "_repr_latex_"):
        render = getattr(obj, method, None)
        if render is not None:
            shown = render()
            if shown:
                return shown
    return f"<pre>{html.escape(repr(obj))}</pre>"


def data_table(data: dict[str, Any]) -> str:
    """A small two-column table of a step's display data."""
    if not data:
        return ""
    rows = "".join(
        f"<tr><th>{html.escape(str(key))}</th><td>{html.escape(str(value))}</td></tr>" for key, value in data.items()
    )
    return f"<table class='tt-data'>{rows}</table>"


class Stepper(widgets.VBox):
    """Previous/next buttons and a slider over a run's steps; the step's text, section and state.

    Everything updates in place when the slider moves. Test hooks (CSS classes): ``tt-prev``,
    ``tt-next``, ``tt-slider``, ``tt-banner``, ``tt-step-title``, ``tt-step-text``,
    ``tt-step-section``, ``tt-step-state``, ``tt-step-data``.
    """

    def __init__(self, steps: Run, banner: str | None = None):
        if not steps.steps:
            raise ValueError("a stepper needs at least one step")
        self.run = steps
        self.banner = widgets.HTML(f"<h3>{html.escape(banner or _banner_for(steps))}</h3>")
        self.prev_button = widgets.Button(description="◀ Previous", tooltip="Go back one step")
        self.next_button = widgets.Button(description="Next ▶", tooltip="Go forward one step")
        self.slider = widgets.IntSlider(value=1, min=1, max=len(steps), description="Step", continuous_update=True)
        self.title = widgets.HTML()
        self.text = widgets.HTML()
        self.section = widgets.HTML()
        self.state = widgets.HTMLMath()
        self.data = widgets.HTML()
        for widget, css in (
            (self.banner, "tt-banner"),
            (self.prev_button, "tt-prev"),
            (self.next_button, "tt-next"),
            (self.slider, "tt-slider"),
            (self.title, "tt-step-title"),
            (self.text, "tt-step-text"),
            (self.section, "tt-step-section"),
            (self.state, "tt-step-state"),
            (self.data, "tt-step-data"),
        ):
            widget.add_class(css)
        self.prev_button.on_click(lambda _: self.go(self.slider.value - 1))
        self.next_button.on_click(lambda _: self.go(self.slider.value + 1))
        self.slider.observe(lambda _: self._show(), names="value")
        controls = widgets.HBox([self.prev_button, self.slider, self.next_button])
        super().__init__([self.banner, controls, self.title, self.text, self.section, self.state, self.data])
        self.add_class("tt-stepper")
        self._show()

    @property
    def current(self) -> Step:
        """The step on show."""
        return self.run.steps[self.slider.value - 1]

    def go(self, number: int) -> None:
        """Show step ``number`` (1-based), clamped to the run."""
        self.slider.value = max(1, min(len(self.run), number))

    def _show(self) -> None:
        step = self.current
        number = self.slider.value
        self.title.value = f"<b>Step {number} of {len(self.run)}: {html.escape(step.title)}</b>"
        self.text.value = f"<p>{html.escape(step.text)}</p>"
        self.section.value = f"<small>Rulebook: {citation_html(step.section)}</small>"
        self.state.value = rich_html(step.state) if step.state is not None else ""
        self.data.value = data_table(dict(step.data))
        self.prev_button.disabled = number == 1
        self.next_button.disabled = number == len(self.run)


def _banner_for(steps: Run) -> str:
    if steps.phase is None:
        return "Procedure"
    from .. import phase

    found = phase(steps.phase)
    return f"{found.id} — {found.title} ({found.section})"


def stepper(steps: Run, banner: str | None = None) -> Stepper:
    """Build a stepper over a finished run (see ``Stepper``)."""
    return Stepper(steps, banner)
