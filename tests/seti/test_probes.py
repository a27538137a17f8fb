"""Probes: launch, move, orbit, land, with their costs, rewards, refusals and the probe techs."""

from pathlib import Path

import pytest

from tabletoolkit import IllegalAction, InvalidInput, run
from tabletoolkit.seti.player import PlayerBoard
from tabletoolkit.seti.probes import (
    Flight, land, land_cost, land_probe, landing_options, launch, launch_option, launch_probe, move, move_options,
    move_probe, orbit, orbit_options, orbit_planet,
)
from tabletoolkit.seti.solar import Layout, Placement, Probe, SolarSystem, Space
from tabletoolkit.seti.variant import RULEBOOK

TEST_LAYOUT = Path(__file__).with_name("solar_test_layout.toml")
EARTH = Space(2, 0)
VENUS = Space(2, 3)
MARS = Space(3, 2)


def table(*probes, placements=(), **boards):
    """The test layout with these probes and models; players green and purple (board overrides by colour)."""
    solar = SolarSystem(Layout.load(TEST_LAYOUT), probes=tuple(probes), placements=tuple(placements),
                        next_probe=len(probes) + 1)
    return Flight(solar, tuple(PlayerBoard(c, **boards.get(c, {})) for c in ("green", "purple")))


def refused(rule, action, *args, **kwargs):
    """Assert the action is refused with ``rule`` and return the error."""
    with pytest.raises(IllegalAction) as error:
        action(*args, **kwargs)
    assert error.value.rule == rule
    return error.value


# ---------------------------------------------------------------- launch


@pytest.mark.phase("seti.launch")
def test_launch_pays_2_credits_and_puts_a_probe_on_earth():
    steps = run(launch_probe(table(), "green"))
    after = steps.result
    assert after.player("green").credits == 2  # 4 at the start, minus 2
    assert after.solar.probes == (Probe(1, "green", EARTH),)
    assert [s.title for s in steps] == ["Check the probe limit", "Pay for the launch", "Place the probe on Earth"]
    assert "Barnard's Star" in steps[-1].text  # Earth's sector's star


@pytest.mark.phase("seti.launch")
def test_launch_refusals_leave_the_state_as_it_was():
    broke = table(green={"credits": 1})
    before = broke
    error = refused("seti.launch.credits", launch, broke, "green")
    assert "2 credits (has 1)" in error.reason and error.section == "发射一个探测器"
    assert broke == before
    full = table(Probe(1, "green", Space(3, 5)))
    refused("seti.launch.limit", launch, full, "green")
    assert full.player("green").credits == 4 and len(full.solar.probes) == 1


def test_orbiters_and_landers_do_not_count_toward_the_limit():
    state = table(placements=(Placement("Mars", "green", "orbiter", first=0),))
    assert launch_option(state, "green").legal


@pytest.mark.phase("seti.launch")
def test_pt1_allows_two_probes_and_its_bonus_launch_is_free():
    state = table(Probe(1, "green", Space(3, 5)), green={"techs": frozenset({"PT1"})})
    after = launch(state, "green", free=True)
    assert after.player("green").credits == 4 and len(after.solar.probes_of("green")) == 2
    refused("seti.launch.limit", launch, after, "green")


def test_a_card_that_ignores_the_limit_does_so_for_that_launch_only():
    state = table(Probe(1, "green", Space(3, 5)))
    after = launch(state, "green", ignore_limit=True)
    assert len(after.solar.probes_of("green")) == 2 and after.player("green").credits == 2
    refused("seti.launch.limit", launch, after, "green")


# ---------------------------------------------------------------- move


@pytest.mark.phase("seti.move")
def test_moves_cost_energy_asteroids_take_one_more_to_leave_and_icons_give_publicity():
    state = table(Probe(1, "green", EARTH), green={"energy": 5})
    steps = run(move_probe(state, 1, [(2, 1), (2, 2), (2, 3)]))
    after = steps.result
    assert after.solar.probe(1).space == VENUS
    # 1 (Earth to the asteroids) + 2 (leaving the asteroids) + 1 = 4 energy; comet and Venus: +2 publicity.
    assert after.player("green").energy == 1
    assert after.player("green").publicity == 6
    assert [s.data["moves"] for s in steps] == [1, 2, 1]


@pytest.mark.phase("seti.move")
def test_pt3_removes_the_asteroid_penalty_and_pays_publicity_for_entering_asteroids():
    state = table(Probe(1, "green", EARTH), green={"energy": 5, "techs": frozenset({"PT3"})})
    steps = run(move_probe(state, 1, [(2, 1), (2, 2)]))
    assert steps.result.player("green").energy == 3
    assert steps.result.player("green").publicity == 6  # asteroids +1 (PT #03), comet +1
    assert steps[0].section == "探测器科技"


def test_free_moves_from_card_corners_are_used_before_energy():
    state = table(Probe(1, "green", Space(2, 1)), green={"energy": 0})
    after = move(state, 1, [(2, 2)], free_moves=2)  # leaving asteroids: 2 moves, both from cards
    assert after.player("green").energy == 0 and after.solar.probe(1).space == Space(2, 2)
    refused("seti.move.energy", move, state, 1, [(2, 2)], free_moves=1)


def test_publicity_never_rises_above_10():
    state = table(Probe(1, "green", Space(2, 1)), green={"publicity": 10, "energy": 3})
    assert move(state, 1, [(2, 2)]).player("green").publicity == 10


def test_earth_gives_no_publicity():
    state = table(Probe(1, "green", Space(1, 0)), green={"energy": 1})
    assert move(state, 1, [(2, 0)]).player("green").publicity == 4


@pytest.mark.phase("seti.move")
def test_move_refusals_diagonals_the_sun_and_energy_change_nothing():
    state = table(Probe(1, "green", EARTH), green={"energy": 2})
    before = state
    refused("seti.move.adjacent", move, state, 1, [(3, 1)])
    refused("seti.move.sun", move, table(Probe(1, "green", Space(1, 0))), 1, [(0, 4)])
    edge = refused("seti.move.edge", move, table(Probe(1, "green", Space(3, 2))), 1, [(4, 2)])
    assert edge.reason == "Ring 3 is the outermost: there is no space beyond it."
    # The whole path is checked first: the third move would need energy that is not there.
    refused("seti.move.energy", move, state, 1, [(2, 1), (2, 2)])
    assert state == before
    with pytest.raises(InvalidInput):
        move(state, 1, [])
    with pytest.raises(InvalidInput):
        move(state, 9, [(2, 1)])


def test_move_options_list_every_neighbour_with_its_cost_or_reason():
    state = table(Probe(1, "green", Space(2, 1)), green={"energy": 1})
    options = {o.target: o for o in move_options(state, 1)}
    assert set(options) == {Space(2, 0), Space(2, 2), Space(1, 1), Space(3, 1)}
    assert all(not o.legal and o.rule == "seti.move.energy" for o in options.values())
    assert options[Space(2, 2)].cost == {"moves": 2, "energy": 2, "publicity": 1}
    assert all(o.legal for o in move_options(state, 1, free_moves=1))


# ---------------------------------------------------------------- orbit


@pytest.mark.phase("seti.orbit")
def test_orbit_pays_1_credit_1_energy_gives_the_reward_and_3_vp_to_the_first_orbiter():
    state = table(Probe(1, "green", VENUS), Probe(2, "purple", VENUS))
    steps = run(orbit_planet(state, 1))
    first = steps.result
    green = first.player("green")
    assert (green.credits, green.energy, green.data, green.score) == (3, 2, 1, 3)
    assert first.solar.probes == (Probe(2, "purple", VENUS),)  # the model left space
    assert first.solar.orbiters("Venus") == (Placement("Venus", "green", "orbiter", first=0),)
    assert ("green", "tuck", "1 (orbit Venus)") in first.pending  # the income icon waits for the card phase
    assert [s.title for s in steps][-1] == "First orbiter" and steps[-1].data["first"] is True
    second = orbit(first, 2)
    purple = second.player("purple")
    assert (purple.credits, purple.energy, purple.data, purple.score) == (3, 2, 1, 0)
    assert second.solar.first_orbiter("Venus") == "green"
    assert second.solar.on_planet("purple", "Venus") == 1


@pytest.mark.phase("seti.orbit")
def test_orbit_refusals_earth_no_planet_and_cost():
    refused("seti.orbit.earth", orbit, table(Probe(1, "green", EARTH)), 1)
    refused("seti.orbit.no_planet", orbit, table(Probe(1, "green", Space(3, 5))), 1)
    poor = table(Probe(1, "green", VENUS), green={"energy": 0})
    error = refused("seti.orbit.cost", orbit, poor, 1)
    assert "1 energy (has 0)" in error.reason
    assert poor.solar.probes == (Probe(1, "green", VENUS),)
    verdicts = orbit_options(table(Probe(1, "green", EARTH), Probe(2, "green", VENUS)), "green")
    assert [(o.target, o.legal) for o in verdicts] == [("Earth", False), ("Venus", True)]


def test_an_orbiter_frees_a_place_for_another_launch():
    state = orbit(table(Probe(1, "green", VENUS)), 1)
    assert launch_option(state, "green").legal


# ---------------------------------------------------------------- land


@pytest.mark.phase("seti.land")
def test_land_costs_3_energy_gives_the_trace_vp_and_data_for_the_first_lander():
    state = table(Probe(1, "green", VENUS), Probe(2, "purple", VENUS), green={"energy": 3}, purple={"energy": 3})
    steps = run(land_probe(state, 1))
    first = steps.result
    green = first.player("green")
    assert (green.energy, green.score, green.data) == (0, 6, 2)
    assert ("green", "trace", "yellow (landing on Venus)") in first.pending
    assert first.solar.first_landers("Venus") == ("green",)
    second = land(first, 2)
    purple = second.player("purple")
    assert (purple.energy, purple.score, purple.data) == (0, 6, 0)  # no data for a later lander
    assert len(second.solar.landers("Venus")) == 2  # no limit on landers


def test_an_orbiter_makes_landing_cheaper_whoever_owns_it():
    orbiter = (Placement("Venus", "purple", "orbiter", first=0),)
    state = table(Probe(1, "green", VENUS), placements=orbiter, green={"energy": 2})
    assert land(state, 1).player("green").energy == 0


@pytest.mark.phase("seti.land")
def test_pt2_takes_one_energy_off_every_landing():
    techs = frozenset({"PT2"})
    solar = SolarSystem(Layout.load(TEST_LAYOUT))
    assert land_cost(solar, "Venus", techs) == 2
    with_orbiter = SolarSystem(solar.layout, placements=(Placement("Venus", "purple", "orbiter"),))
    assert land_cost(with_orbiter, "Venus", techs) == 1
    assert land_cost(with_orbiter, "Venus", frozenset()) == RULEBOOK.land_energy_with_orbiter == 2
    state = table(Probe(1, "green", VENUS), green={"energy": 2, "techs": techs})
    assert land(state, 1).player("green").energy == 0


@pytest.mark.phase("seti.land")
def test_mars_has_two_first_lander_spaces():
    probes = [Probe(i, c, MARS) for i, c in enumerate(("green", "purple", "green"), 1)]
    state = table(*probes, green={"energy": 6}, purple={"energy": 3})
    state = land(state, 1, first_space=1)  # green chooses the second first-lander space (1 data)
    assert state.player("green").data == 1
    state = land(state, 2)  # purple takes the other one (2 data)
    assert state.player("purple").data == 2
    assert state.solar.first_landers("Mars") == ("purple", "green")
    state = land(state, 3)  # both covered: no data
    assert state.player("green").data == 1
    with pytest.raises(InvalidInput):
        land(table(Probe(1, "green", MARS), green={"energy": 3}), 1, first_space=2)


@pytest.mark.phase("seti.land")
def test_moons_need_pt4_or_an_effect_cost_the_same_and_take_one_lander_each():
    state = table(Probe(1, "green", MARS), Probe(2, "purple", MARS), green={"energy": 3, "techs": frozenset({"PT4"})})
    error = refused("seti.land.moon_tech", land, state, 2, moon="Phobos")
    assert "PT #04" in error.reason
    after = land(state, 1, moon="Phobos")
    green = after.player("green")
    assert (green.energy, green.score, green.data) == (0, 4, 0)  # the moon's reward only, no first-lander data
    assert after.solar.landers("Mars", "Phobos") == (Placement("Mars", "green", "lander", moon="Phobos"),)
    assert after.solar.first_landers("Mars") == (None, None)
    assert after.solar.on_planet("green", "Mars") == 1  # "on a planet" counts moons (S-F12)
    refused("seti.land.moon_taken", land, after, 2, moon="Phobos", moon_allowed=True)
    by_effect = land(after, 2, moon="Deimos", moon_allowed=True)
    assert (by_effect.player("purple").score, by_effect.player("purple").energy) == (3, 1)  # 3 energy, +1 from Deimos
    with pytest.raises(IllegalAction) as error:
        land(state, 1, moon="Titan")
    assert error.value.rule == "seti.land.no_moon"
    # S-F3: a moon costs what the planet costs, orbiter discount and PT #02 included: 3 - 1 - 1.
    orbited = table(Probe(1, "green", MARS), placements=(Placement("Mars", "purple", "orbiter", first=0),),
                    green={"energy": 1, "techs": frozenset({"PT2", "PT4"})})
    assert land(orbited, 1, moon="Deimos").player("green").energy == 1 - 1 + 1  # Deimos gives 1 energy back


@pytest.mark.phase("seti.land")
def test_land_refusals_earth_no_planet_energy():
    assert refused("seti.land.earth", land, table(Probe(1, "green", EARTH)), 1).reason == "No one can land on Earth: choose another planet."
    refused("seti.land.no_planet", land, table(Probe(1, "green", Space(1, 4))), 1)
    poor = table(Probe(1, "green", VENUS), green={"energy": 2})
    refused("seti.land.energy", land, poor, 1)
    assert poor.player("green").energy == 2 and poor.solar.probes == (Probe(1, "green", VENUS),)


def test_landing_options_list_the_planet_and_every_moon_with_a_verdict():
    state = table(Probe(1, "green", MARS), green={"energy": 3})
    verdicts = [(o.target, o.planet, o.legal, o.rule) for o in landing_options(state, "green")]
    assert verdicts == [
        ("Mars", None, True, None),
        ("Phobos", "Mars", False, "seti.land.moon_tech"),
        ("Deimos", "Mars", False, "seti.land.moon_tech"),
    ]
    assert str(landing_options(state, "green")[1]).startswith("land Phobos (moon of Mars): Landing on a moon needs PT #04")
    allowed = landing_options(state, "green", moon_allowed=True)
    assert all(o.legal for o in allowed)
    # A moon option's target is the moon's name: it can be passed straight back to land.
    landed = land(state, allowed[2].probe, moon=allowed[2].target, moon_allowed=True)
    assert landed.solar.landers("Mars", "Deimos")[0].owner == "green"


def test_data_beyond_the_pool_is_discarded():
    state = table(Probe(1, "green", VENUS), green={"energy": 3, "data": 5})
    assert land(state, 1).player("green").data == 6
