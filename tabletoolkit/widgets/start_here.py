"""Views for the start-here notebook: the phase map with links, and a first exact probability."""

from __future__ import annotations

import html

import ipywidgets as widgets

from .. import phase_map, phases
from ..demo import chance_of_total
from ..engine.numbers import percent_text


def phase_map_html() -> str:
    """The phase map as an HTML table: each id with its status and a link to its notebook."""
    built = {p.id: p for p in phases()}
    rows = []
    for entry in phase_map():
        found = built.get(entry.id)
        if found is None:
            status, title, section, link = "not built yet", html.escape(entry.covers), "", ""
        else:
            status, title, section = "covered", html.escape(found.title), html.escape(found.section)
            link = f"<a href='{html.escape(found.notebook)}'>{html.escape(found.notebook)}</a>"
        rows.append(
            f"<tr style='text-align:left'><td><code>{entry.id}</code></td><td>{entry.game}</td><td>{status}</td>"
            f"<td>{title}</td><td>{section}</td><td>{link}</td></tr>"
        )
    header = "<tr style='text-align:left'><th>id</th><th>game</th><th>status</th><th>what it is</th><th>rulebook section</th><th>notebook</th></tr>"
    return f"<table class='tt-phase-map' style='text-align:left'>{header}{''.join(rows)}</table>"


def dice_total_explorer(total: int = 7) -> widgets.VBox:
    """A slider over the totals of two dice; the exact chance of the chosen total updates in place."""
    slider = widgets.IntSlider(value=total, min=2, max=12, description="Total")
    slider.add_class("tt-total")
    result = widgets.HTMLMath()
    result.add_class("tt-total-odds")

    def show(_=None) -> None:
        chance = chance_of_total(slider.value)
        ways = chance * 36
        result.value = (
            f"P(two dice add up to {slider.value}) = {ways} / 36 = "
            f"<b class='tt-fraction'>{chance}</b> ≈ {percent_text(chance)}"
        )

    slider.observe(show, names="value")
    show()
    box = widgets.VBox([slider, result])
    box.slider, box.result = slider, result
    return box
