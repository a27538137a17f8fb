"""Rotating the solar system: discs 1, 2, 3 in turn, carrying, cut-outs, pushes (研究科技 · 旋转太阳系)."""

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletoolkit import phase, run
from tabletoolkit.seti.player import PlayerBoard
from tabletoolkit.seti.probes import Flight, rotate, rotate_solar_system
from tabletoolkit.seti.solar import Layout, Probe, SolarSystem, Space, rotation_example
from tabletoolkit.seti.variant import RULEBOOK

TEST_LAYOUT = Path(__file__).with_name("solar_test_layout.toml")


def flight(*probes, **boards):
    solar = SolarSystem(Layout.load(TEST_LAYOUT), probes=tuple(probes), next_probe=len(probes) + 1)
    colours = sorted({p.owner for p in probes} | {"green"})
    return Flight(solar, tuple(PlayerBoard(c, **boards.get(c, {})) for c in colours))


def test_the_marker_turns_disc_1_then_2_then_3_then_1_again():
    solar = SolarSystem(Layout.load(TEST_LAYOUT))
    where = []
    for _ in range(4):
        assert solar.next_disc == len(where) % 3 + 1
        solar, _ = solar.rotated()
        where.append((solar.planet_space("Mercury"), solar.planet_space("Earth"), solar.planet_space("Mars")))
    # Disc 1 alone; disc 2 carrying disc 1; disc 3 carrying both; disc 1 again.
    assert where == [
        (Space(1, 1), Space(2, 0), Space(3, 2)),
        (Space(1, 2), Space(2, 1), Space(3, 2)),
        (Space(1, 3), Space(2, 2), Space(3, 3)),
        (Space(1, 4), Space(2, 2), Space(3, 3)),
    ]
    assert solar.turns == (4, 2, 1) and solar.rotations == 4


def test_clockwise_layouts_turn_the_other_way():
    text = TEST_LAYOUT.read_text(encoding="utf-8").replace('turn = "anticlockwise"', 'turn = "clockwise"')
    solar, _ = SolarSystem(Layout.from_toml(text)).rotated()
    assert solar.planet_space("Mercury") == Space(1, 7)


def test_a_probe_rides_its_disc_and_stays_when_its_disc_does_not_turn():
    state = flight(Probe(1, "green", Space(2, 0)))  # on Earth, disc 2
    state = rotate(state)  # disc 1 turns: ring 2 is not on it
    assert state.solar.probe(1).space == Space(2, 0)
    steps = run(rotate_solar_system(state))  # disc 2 turns: the probe rides along
    assert steps.result.solar.probe(1).space == Space(2, 1)
    assert steps[1].data["outcome"] == "carried"


@pytest.mark.phase("seti.rotation")
def test_a_probe_in_a_cut_out_is_pushed_by_the_wall_and_its_owner_gains_the_publicity():
    # Purple's probe sits in disc 2's cut-out at ring 2, sector 6, on disc 3's comet.
    state = flight(Probe(1, "purple", Space(2, 6)))
    state = rotate(state)  # disc 1: nothing near
    assert state.solar.probe(1).space == Space(2, 6)
    steps = run(rotate_solar_system(state))  # disc 2 turns: its wall pushes the probe on
    after = steps.result
    assert after.solar.probe(1).space == Space(2, 7)
    assert after.solar.contents(Space(2, 7)).comet  # disc 3's other comet, seen through the moved cut-out
    assert after.player("purple").publicity == 5  # pushed onto a publicity icon, on whoever's turn
    assert after.player("green").publicity == 4
    assert [s.title for s in steps] == ["Disc 2 turns", "Probe 1 pushed", "Move the rotation marker"]
    assert "FAQ" in steps[1].section


def test_a_pushed_probe_gains_no_publicity_beyond_the_cap():
    state = flight(Probe(1, "purple", Space(2, 6)), purple={"publicity": 10})
    state = rotate(rotate(state))
    assert state.solar.probe(1).space == Space(2, 7) and state.player("purple").publicity == 10


def test_pt3_pays_for_a_push_into_asteroids_unless_the_variant_says_otherwise():
    # Give disc 2 asteroids at ring 1, position 5, under disc 1; a probe sits in disc 1's cut-out at sector 4.
    text = TEST_LAYOUT.read_text(encoding="utf-8").replace(
        "  { ring = 2, position = 0, planet = \"Earth\" },",
        "  { ring = 1, position = 5, asteroid = true },\n  { ring = 2, position = 0, planet = \"Earth\" },",
    )
    solar = SolarSystem(Layout.from_toml(text), probes=(Probe(1, "green", Space(1, 4)),), next_probe=2)
    state = Flight(solar, (PlayerBoard("green", techs=frozenset({"PT3"})),))
    # Disc 1 turns: its wall covers sector 4 and pushes the probe into sector 5, onto disc 2's asteroids.
    after = rotate(state)
    assert after.solar.probe(1).space == Space(1, 5) and after.solar.contents(Space(1, 5)).asteroid
    assert after.player("green").publicity == 5
    assert rotate(replace(state, variant=RULEBOOK.but(pt3_on_push=False))).player("green").publicity == 4
    # The same on the bare solar system: a ride's publicity counts the owner's PT #03 when told its techs.
    assert solar.rotated()[1][0].publicity == 0
    assert solar.rotated({"green": frozenset({"PT3"})})[1][0].publicity == 1
    assert solar.rotated({"green": frozenset({"PT3"})}, RULEBOOK.but(pt3_on_push=False))[1][0].publicity == 0


def test_rotation_leaves_the_input_state_alone():
    state = flight(Probe(1, "green", Space(2, 0)))
    before = state
    rotate(rotate(state))
    assert state == before and state.solar.rotations == 0


@pytest.mark.phase("seti.rotation")
def test_the_rulebooks_four_panel_example_on_a_constructed_layout():
    # S-R2: the panels give no coordinates; rotation_example() is built so that the story holds.
    solar = rotation_example()
    assert "Constructed (S-R2)" in solar.layout.note
    state = Flight(solar, (PlayerBoard("green"),))
    # Panel 1: the green probe sits in a two-space gap of disc 1 and a gap of disc 2, on disc 3.
    assert state.solar.probe(1).space == Space(1, 2) and state.solar.layer(Space(1, 2)) == 3
    # Panel 2: disc 1 turns; the probe is in the gap and is not pushed.
    first = run(rotate_solar_system(state))
    assert first[0].data["disc"] == 1 and first[1].data["outcome"] == "stays"
    assert first[1].text.endswith("sits on disc 3, in a cut-out of the turning disc(s) that no wall reaches: it stays.")
    assert first.result.solar.probe(1).space == Space(1, 2)
    # Panel 3: disc 2 turns (disc 1 with it); the probe is pushed onto the comet and gains 1 publicity.
    second = run(rotate_solar_system(first.result))
    assert second[0].data["disc"] == 2 and second[1].data["outcome"] == "pushed"
    assert second.result.solar.probe(1).space == Space(1, 3)
    assert second.result.solar.contents(Space(1, 3)).comet
    assert second.result.player("green").publicity == 5
    # Panel 4: disc 3 turns; every disc and the probe move along.
    third = run(rotate_solar_system(second.result))
    assert third[0].data["disc"] == 3 and third[1].data["outcome"] == "carried"
    assert third.result.solar.probe(1).space == Space(1, 4)
    assert third.result.player("green").publicity == 5
    assert third.result.solar.planet_space("Mercury") == Space(1, 0)  # Mercury went round with disc 1 each time


def test_the_rotation_phase_is_registered_with_its_section():
    found = phase("seti.rotation")
    assert found.section == "研究科技 · 旋转太阳系"
    assert found.notebook == "seti_solar_system.ipynb"


SPACES = st.tuples(st.integers(1, 4), st.integers(0, 7)).map(lambda rs: Space(*rs))


@settings(max_examples=60, deadline=None)
@given(st.lists(SPACES, min_size=1, max_size=5), st.integers(0, 2), st.integers(1, 6))
def test_every_probe_stays_in_its_ring_and_moves_at_most_one_sector(spaces, start, rotations):
    probes = tuple(Probe(i, "green", space) for i, space in enumerate(spaces, 1))
    solar = SolarSystem.default()
    solar = SolarSystem(solar.layout, probes=probes, rotations=start, next_probe=len(probes) + 1)
    for _ in range(rotations):
        disc = solar.next_disc
        after, rides = solar.rotated()
        for ride in rides:
            assert ride.to.ring == ride.probe.space.ring
            step = (ride.to.sector - ride.probe.space.sector) % 8
            assert step == (0 if ride.outcome == "stays" else 1)
            # A rider or a pushed probe ends on a layer that did not turn away from under it.
            if ride.outcome == "carried":
                assert 0 < solar.layer(ride.probe.space) <= disc and after.layer(ride.to) == solar.layer(ride.probe.space)
            if ride.outcome == "pushed":
                assert not 0 < after.layer(ride.to) <= disc
        assert [p.id for p in after.probes] == [p.id for p in solar.probes]
        solar = after


def test_eight_full_cycles_bring_every_disc_home():
    solar = SolarSystem.default()
    start = {planet: solar.planet_space(planet) for planet in ["Earth", *solar.layout.planets]}
    for _ in range(24):  # disc 1 turns 24 times, disc 2 16 times, disc 3 8 times: all multiples of 8
        solar, _ = solar.rotated()
    assert solar.turns == (24, 16, 8)
    assert {planet: solar.planet_space(planet) for planet in start} == start


def test_a_games_rotation_count_and_its_solar_systems_marker_agree():
    # SetiGame.rotations (issue 8) and SolarSystem.rotations are kept side by side: they must never drift.
    from tabletoolkit.seti import new_game
    from tabletoolkit.seti.game import advance_rotation, next_disc

    game = new_game(("green", "orange"), seed=5)
    for count in range(1, 5):
        game = run(advance_rotation(game)).result
        assert (game.rotations, game.solar.rotations) == (count, count)
        assert next_disc(game) == game.solar.next_disc == count % 3 + 1


@pytest.mark.phase("seti.rotation")
def test_each_probe_is_told_whether_it_rides_stays_in_a_cut_out_stays_outside_or_is_pushed():
    # The default layout: green on Mercury (disc 1), purple on Earth (disc 2), orange in disc 1's cut-out
    # over disc 2, blue in disc 2's cut-out over disc 3.
    probes = (Probe(1, "green", Space(1, 0)), Probe(2, "purple", Space(2, 0)),
              Probe(3, "orange", Space(1, 2)), Probe(4, "blue", Space(2, 4)))
    state = Flight(SolarSystem(SolarSystem.default().layout, probes=probes, next_probe=5),
                   tuple(PlayerBoard(c) for c in ("green", "purple", "orange", "blue")))
    outcomes = []
    for _ in range(3):
        steps = run(rotate_solar_system(state))
        state = steps.result
        outcomes.append(tuple(step.data["outcome"] for step in steps.steps[1:-1]))
        if len(outcomes) == 1:
            texts = [step.text for step in steps.steps[1:-1]]
    assert outcomes == [
        ("carried", "stays", "pushed", "stays"),    # disc 1 turns
        ("carried", "carried", "carried", "pushed"),  # disc 2 turns, carrying disc 1
        ("carried",) * 4,                          # disc 3 turns, carrying both
    ]
    assert texts[0].endswith("is on disc 1, which turns: it rides along to Mercury (ring 1, beside Beta Pictoris).")
    assert texts[1].endswith("is on disc 2, outside the turning disc(s): it stays.")
    assert texts[2].endswith("pushes it into ring 1, beside Proxima Centauri (empty space).")
    assert texts[3].endswith("is on disc 3, outside the turning disc(s): it stays.")
    assert [p.space for p in state.solar.probes] == [Space(1, 3), Space(2, 2), Space(1, 5), Space(2, 6)]
