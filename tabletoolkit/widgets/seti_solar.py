"""Views for SETI's solar system and probes (``seti_solar_system.ipynb``).

Thin ipywidgets over ``tabletoolkit.seti``: every number shown comes from the library. CSS hooks:
``tt-solar-*`` (rotation viewer), ``tt-pilot-*`` (probe pilot), ``tt-route-*`` (route planner).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..engine import RulesError, run
from ..seti.probes import Flight, move_options, move_probe, rotate_solar_system
from ..seti.routes import best_publicity_route, cheapest_route
from ..seti.solar import SECTORS, SolarSystem


class RotationViewer(widgets.VBox):
    """The solar system with a button that rotates it one step at a time, saying which disc turns and
    what each probe does (rides, stays in its cut-out, or is pushed with publicity).

    ``picture`` (tt-solar-picture), ``rotate_button`` (tt-solar-rotate), ``reset_button``
    (tt-solar-reset), ``marker`` (tt-solar-marker), ``status`` (tt-solar-status).
    """

    def __init__(self, state: Flight):
        self.start = state
        self.state = state
        self.picture = widgets.HTML()
        self.rotate_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Rotate the solar system", tooltip="Turn the marker's disc")
        self.reset_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Start over")
        self.marker = widgets.Label()
        self.status = widgets.HTML()
        for widget, css in ((self.picture, "tt-solar-picture"), (self.rotate_button, "tt-solar-rotate"),
                            (self.reset_button, "tt-solar-reset"), (self.marker, "tt-solar-marker"),
                            (self.status, "tt-solar-status")):
            widget.add_class(css)
        self.rotate_button.on_click(lambda _: self.rotate())
        self.reset_button.on_click(lambda _: self.reset())
        super().__init__([widgets.HBox([self.rotate_button, self.reset_button, self.marker]), self.status, self.picture])
        self.add_class("tt-solar")
        self._show(None, "Press the button: the rotation marker says which disc turns.")

    def rotate(self) -> None:
        """One rotation: the marker's disc turns, carrying the discs on top of it."""
        steps = run(rotate_solar_system(self.state))
        self.state = steps.result
        number = self.state.solar.rotations
        lines = [f"<b>Rotation {number}: {html.escape(steps[0].text)}</b>"]
        lines += [html.escape(step.text) for step in steps.steps[1:-1]] or ["No probes in space."]
        self._show(steps[0].data["disc"], "<br>".join(lines))

    def reset(self) -> None:
        self.state = self.start
        self._show(None, "Back to the start.")

    def _show(self, highlight: int | None, text: str) -> None:
        solar = self.state.solar
        self.picture.value = solar.svg(highlight=highlight, caption=self.state.caption())
        self.marker.value = f"Rotations so far: {solar.rotations}; next: disc {solar.next_disc}"
        self.status.value = text


DIRECTIONS = {
    "anticlockwise": (0, 1),
    "clockwise": (0, -1),
    "inward": (-1, 0),
    "outward": (1, 0),
}


class ProbePilot(widgets.VBox):
    """Move one probe with four buttons, seeing each move's cost and publicity, or why it is refused.

    ``buttons[direction]`` (tt-pilot-anticlockwise, tt-pilot-clockwise, tt-pilot-inward,
    tt-pilot-outward), ``status`` (tt-pilot-status), ``resources`` (tt-pilot-resources),
    ``options`` (tt-pilot-options), ``picture`` (tt-pilot-picture).
    """

    def __init__(self, state: Flight, probe_id: int):
        self.start, self.state, self.probe_id = state, state, probe_id
        self.buttons = {name: widgets.Button(layout=widgets.Layout(width="auto"), description=name.capitalize(), tooltip=f"Move {name}")
                        for name in DIRECTIONS}
        for name, button in self.buttons.items():
            button.add_class(f"tt-pilot-{name}")
            button.on_click(lambda _, name=name: self.move(name))
        self.reset_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Start over")
        self.reset_button.add_class("tt-pilot-reset")
        self.reset_button.on_click(lambda _: self.reset())
        self.status, self.resources, self.options, self.picture = (widgets.HTML(), widgets.Label(), widgets.HTML(),
                                                                   widgets.HTML())
        for widget, css in ((self.status, "tt-pilot-status"), (self.resources, "tt-pilot-resources"),
                            (self.options, "tt-pilot-options"), (self.picture, "tt-pilot-picture")):
            widget.add_class(css)
        controls = widgets.HBox(list(self.buttons.values()) + [self.reset_button])
        super().__init__([controls, self.resources, self.status, self.options, self.picture])
        self.add_class("tt-pilot")
        self._show("Choose a direction: each move costs 1 energy (2 to leave asteroids).")

    def target(self, direction: str) -> tuple[int, int]:
        """The (ring, sector) one step in ``direction`` (ring 0 is the sun)."""
        ring, sector = self.state.solar.probe(self.probe_id).space
        d_ring, d_sector = DIRECTIONS[direction]
        return ring + d_ring, (sector + d_sector) % SECTORS

    def move(self, direction: str) -> None:
        """Try one move; show what it cost and gained, or the refusal."""
        try:
            steps = run(move_probe(self.state, self.probe_id, [self.target(direction)]))
        except RulesError as refusal:
            rule = getattr(refusal, "rule", "invalid input")
            self._show(f"Refused ({html.escape(rule)}): {html.escape(getattr(refusal, 'reason', str(refusal)))}")
            return
        self.state = steps.result
        self._show(html.escape(steps[-1].text))

    def reset(self) -> None:
        self.state = self.start
        self._show("Back to the start.")

    def _show(self, text: str) -> None:
        board = self.state.player(self.state.solar.probe(self.probe_id).owner)
        self.resources.value = f"{board.colour}: {board.energy} energy, {board.publicity} publicity"
        self.status.value = text
        items = []
        for option in move_options(self.state, self.probe_id):
            cost = option.cost
            verdict = "legal" if option.legal else html.escape(option.reason)
            items.append(f"<li>to {option.target}: {cost['moves']} move(s), {cost['energy']} energy, "
                         f"+{cost['publicity']} publicity — {verdict}</li>")
        self.options.value = "<b>From here</b><ul>" + "".join(items) + "</ul>"
        self.picture.value = self.state.solar.svg(caption=self.state.caption())


class RoutePlanner(widgets.VBox):
    """The cheapest route from Earth to a chosen planet and the rival's most-publicity route within an
    allowance (S-F2), before and after rotations.

    ``planet`` (tt-route-planet), ``allowance`` (tt-route-allowance), ``pt3`` (tt-route-pt3),
    ``rotate_button`` (tt-route-rotate), ``reset_button`` (tt-route-reset), ``cheapest``
    (tt-route-cheapest), ``best`` (tt-route-best), ``picture`` (tt-route-picture).
    """

    def __init__(self, solar: SolarSystem, planet: str | None = None, allowance: int = 4):
        self.start, self.solar = solar, solar
        names = list(solar.layout.planets)
        self.planet = widgets.Dropdown(options=names, value=planet or names[0], description="Planet")
        self.allowance = widgets.IntSlider(value=allowance, min=1, max=8, description="Moves")
        self.pt3 = widgets.Checkbox(value=False, description="PT #03", indent=False, layout=widgets.Layout(width="auto"))
        self.rotate_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Rotate", tooltip="Turn the marker's disc")
        self.reset_button = widgets.Button(layout=widgets.Layout(width="auto"), description="Start over")
        self.cheapest, self.best, self.picture = widgets.HTML(), widgets.HTML(), widgets.HTML()
        for widget, css in ((self.planet, "tt-route-planet"), (self.allowance, "tt-route-allowance"),
                            (self.pt3, "tt-route-pt3"), (self.rotate_button, "tt-route-rotate"),
                            (self.reset_button, "tt-route-reset"), (self.cheapest, "tt-route-cheapest"),
                            (self.best, "tt-route-best"), (self.picture, "tt-route-picture")):
            widget.add_class(css)
        for control in (self.planet, self.allowance, self.pt3):
            control.observe(lambda _: self._show(), names="value")
        self.rotate_button.on_click(lambda _: self.rotate())
        self.reset_button.on_click(lambda _: self.reset())
        controls = widgets.HBox([self.planet, self.allowance, self.pt3, self.rotate_button, self.reset_button])
        super().__init__([controls, self.cheapest, self.best, self.picture])
        self.add_class("tt-route")
        self._show()

    def rotate(self) -> None:
        self.solar, _ = self.solar.rotated()
        self._show()

    def reset(self) -> None:
        self.solar = self.start
        self._show()

    def _show(self) -> None:
        techs = frozenset({"PT3"}) if self.pt3.value else frozenset()
        planet, earth = self.planet.value, self.solar.earth
        cheap = cheapest_route(self.solar, earth, planet, techs)
        best = best_publicity_route(self.solar, earth, planet, self.allowance.value, techs)
        where = f"after {self.solar.rotations} rotation(s)" if self.solar.rotations else "before any rotation"
        if cheap is None:
            self.cheapest.value = f"{planet} is covered by a disc {where}: no route."
        else:
            self.cheapest.value = (f"Cheapest route from Earth to {planet} {where}: <b>{cheap.moves} move(s)</b>, "
                                   f"{cheap.publicity} publicity — {html.escape(str(cheap))}")
        if best is None:
            self.best.value = f"The rival cannot reach {planet} within {self.allowance.value} move(s)."
        else:
            self.best.value = (f"Most publicity within {self.allowance.value} move(s): <b>{best.publicity} publicity</b> "
                               f"in {best.moves} move(s) — {html.escape(str(best))}")
        shown = best or cheap
        self.picture.value = self.solar.svg(route=shown.spaces if shown else (),
                                            caption=f"Route to {planet} {where}; next rotation: disc {self.solar.next_disc}")


def rotation_viewer(state: Flight) -> RotationViewer:
    """Build a rotation viewer (see ``RotationViewer``)."""
    return RotationViewer(state)


def probe_pilot(state: Flight, probe_id: int) -> ProbePilot:
    """Build a probe pilot for one probe (see ``ProbePilot``)."""
    return ProbePilot(state, probe_id)


def route_planner(solar: SolarSystem, planet: str | None = None, allowance: int = 4) -> RoutePlanner:
    """Build a route planner (see ``RoutePlanner``)."""
    return RoutePlanner(solar, planet, allowance)


__all__ = ["ProbePilot", "RotationViewer", "RoutePlanner", "probe_pilot", "rotation_viewer", "route_planner"]
