"""The solar-system widgets, driven headlessly: press a button or set a control, read the result."""

from pathlib import Path

from tabletoolkit.seti.player import PlayerBoard
from tabletoolkit.seti.probes import Flight, launch
from tabletoolkit.seti.solar import Layout, Probe, SolarSystem, Space, rotation_example
from tabletoolkit.widgets.seti_solar import probe_pilot, rotation_viewer, route_planner

TEST_LAYOUT = Path(__file__).resolve().parent.parent / "seti" / "solar_test_layout.toml"


def test_rotation_viewer_steps_through_the_four_panel_example():
    view = rotation_viewer(Flight(rotation_example(), (PlayerBoard("green"),)))
    assert view.marker.value == "Rotations so far: 0; next: disc 1"
    view.rotate_button.click()
    assert "disc 1: it turns one sector." in view.status.value and "it stays" in view.status.value
    view.rotate_button.click()
    assert "carries disc 1 with it" in view.status.value
    assert "pushes it into a comet (ring 1, beside Proxima Centauri)" in view.status.value and "(now 5)" in view.status.value
    assert "green: 4 credits, 3 energy, 5 publicity" in view.picture.value
    view.rotate_button.click()
    assert "rides along to a comet (ring 1, beside Sirius A)" in view.status.value
    assert view.marker.value == "Rotations so far: 3; next: disc 1"
    view.reset_button.click()
    assert view.marker.value == "Rotations so far: 0; next: disc 1"


def test_rotation_viewer_with_no_probes_says_so():
    view = rotation_viewer(Flight(SolarSystem(Layout.load(TEST_LAYOUT)), (PlayerBoard("green"),)))
    view.rotate_button.click()
    assert view.status.value.endswith("No probes in space.")


def test_probe_pilot_shows_costs_publicity_and_refusals():
    state = Flight(SolarSystem(Layout.load(TEST_LAYOUT), probes=(Probe(1, "green", Space(2, 0)),), next_probe=2),
                   (PlayerBoard("green", energy=4),))
    pilot = probe_pilot(state, 1)
    assert pilot.resources.value == "green: 4 energy, 4 publicity"
    pilot.buttons["anticlockwise"].click()  # onto the asteroids
    assert pilot.resources.value == "green: 3 energy, 4 publicity"
    assert "to ring 2, sector 2: 2 move(s), 2 energy, +1 publicity — legal" in pilot.options.value
    pilot.buttons["anticlockwise"].click()  # leaving the asteroids takes 2; the comet gives 1 publicity
    assert pilot.resources.value == "green: 1 energy, 5 publicity"
    assert "2 move(s) (leaving asteroids takes one move more)" in pilot.status.value
    pilot.buttons["inward"].click()
    pilot.buttons["inward"].click()
    assert pilot.status.value.startswith("Refused (seti.move.sun)")
    pilot.buttons["outward"].click()
    assert pilot.status.value.startswith("Refused (seti.move.energy)")
    pilot.reset_button.click()
    assert pilot.resources.value == "green: 4 energy, 4 publicity"


def test_probe_pilot_refuses_to_leave_the_outer_ring():
    state = launch(Flight.start(("green",), SolarSystem(Layout.load(TEST_LAYOUT))), "green")
    pilot = probe_pilot(state, 1)
    pilot.buttons["outward"].click()
    assert pilot.resources.value == "green: 2 energy, 4 publicity"
    pilot.buttons["outward"].click()
    assert pilot.status.value == "Refused (seti.move.edge): Ring 3 is the outermost: there is no space beyond it."
    assert pilot.resources.value == "green: 2 energy, 4 publicity"


def test_route_planner_before_and_after_rotations():
    planner = route_planner(SolarSystem(Layout.load(TEST_LAYOUT)), "Venus", allowance=5)
    assert "Cheapest route from Earth to Venus before any rotation: <b>4 move(s)</b>, 2 publicity" in planner.cheapest.value
    assert "Most publicity within 5 move(s): <b>3 publicity</b> in 5 move(s)" in planner.best.value
    planner.pt3.value = True
    assert "<b>3 move(s)</b>, 3 publicity" in planner.cheapest.value
    planner.pt3.value = False
    planner.allowance.value = 3
    assert planner.best.value == "The rival cannot reach Venus within 3 move(s)."
    planner.planet.value = "Mars"
    assert "to Mars before any rotation: <b>4 move(s)</b>" in planner.cheapest.value
    # Disc 1, then disc 2 (Earth, asteroids, comet and Venus ride one sector on; Mars does not).
    planner.rotate_button.click()
    planner.rotate_button.click()
    # Earth now at ring 2, sector 1: straight out and one step round to Mars.
    assert "to Mars after 2 rotation(s): <b>2 move(s)</b>, 1 publicity" in planner.cheapest.value
    assert 'class="tt-route"' in planner.picture.value
    planner.reset_button.click()
    assert "before any rotation" in planner.cheapest.value


def test_every_button_is_as_wide_as_its_words():
    """A fixed-width button cut "Rotate the solar system" to "Rotate the solar s…"."""
    import ipywidgets as widgets

    views = [rotation_viewer(Flight(rotation_example(), (PlayerBoard("green"),))),
             probe_pilot(launch(Flight.start(("green",)), "green"), 1), route_planner(SolarSystem.default(), "Mars")]

    def buttons(widget):
        if isinstance(widget, widgets.Button):
            yield widget
        for child in getattr(widget, "children", ()):
            yield from buttons(child)

    found = [button for view in views for button in buttons(view)]
    assert "Rotate the solar system" in [button.description for button in found]
    assert all(button.layout.width == "auto" for button in found), [b.description for b in found if b.layout.width != "auto"]
