"""Routes: the cheapest route, the solo rival's most-publicity route (S-F2, S-R8), card terms (S-F12)."""

from pathlib import Path

import pytest

from tabletoolkit import InvalidInput
from tabletoolkit.seti.routes import (
    best_publicity_route, cheapest_route, measure, rival_route, routes_within, visited_planets, within_one_ring,
)
from tabletoolkit.seti.solar import Layout, Probe, SolarSystem, Space
from tabletoolkit.seti.variant import RULEBOOK

TEST_LAYOUT = Path(__file__).with_name("solar_test_layout.toml")
EARTH = Space(2, 0)


@pytest.fixture
def solar():
    return SolarSystem(Layout.load(TEST_LAYOUT))


def spaces(*pairs):
    return tuple(Space(*p) for p in pairs)


def test_cheapest_route_counts_the_asteroid_penalty(solar):
    route = cheapest_route(solar, EARTH, "Venus")
    # Through the asteroids (1 + 2 to leave them) and the comet (1): 4 moves; around ring 1 it takes 5.
    assert route.spaces == spaces((2, 0), (2, 1), (2, 2), (2, 3))
    assert (route.moves, route.publicity, route.steps) == (4, 2, 3)


def test_cheapest_route_with_pt3(solar):
    route = cheapest_route(solar, EARTH, "Venus", frozenset({"PT3"}))
    assert (route.moves, route.publicity) == (3, 3)


def test_the_most_publicity_route_may_be_longer(solar):
    # S-F2: within 5 moves, Mercury and the comet (3 publicity in 5 moves) beat the cheap route (2 in 4).
    route = best_publicity_route(solar, EARTH, "Venus", 5)
    assert route.spaces == spaces((2, 0), (1, 0), (1, 1), (1, 2), (2, 2), (2, 3))
    assert (route.moves, route.publicity) == (5, 3)
    assert best_publicity_route(solar, EARTH, "Venus", 4).spaces == spaces((2, 0), (2, 1), (2, 2), (2, 3))
    assert best_publicity_route(solar, EARTH, "Venus", 3) is None


def test_the_rival_flies_to_the_first_listed_planet_in_reach(solar):
    # Mars and Venus both need 4 moves from Earth: with 3, neither is in reach.
    assert rival_route(solar, ["Mars", "Venus"], 3) is None
    planet, route = rival_route(solar, ["Mars", "Venus"], 4)
    assert planet == "Mars"
    assert route.spaces == spaces((2, 0), (2, 1), (2, 2), (3, 2))  # comet and Mars: 2 publicity
    assert (route.moves, route.publicity) == (4, 2)
    assert rival_route(solar, ["Venus", "Mars"], 4)[0] == "Venus"


LINE = """
[layout]
name = "Route ties"
rings = 3
earth = "Earth"
[[disc]]
number = 1
rings = 1
[[disc]]
number = 2
rings = 2
space = [
  { ring = 2, position = 0, planet = "Earth" },
  { ring = 2, position = 1, comet = true, publicity = 1 },
  { ring = 2, position = 2, planet = "Venus", publicity = 1 },
  { ring = 2, position = 4, planet = "Mars", publicity = 1 },
]
[[disc]]
number = 3
rings = 3
[[sector_board]]
name = "I"
stars = ["a", "b"]
[[sector_board]]
name = "II"
stars = ["c", "d"]
[[sector_board]]
name = "III"
stars = ["e", "f"]
[[sector_board]]
name = "IV"
stars = ["g", "h"]
[planet.Venus]
first_lander_data = [1]
[planet.Mars]
first_lander_data = [1]
"""


def test_equal_publicity_ties_go_to_fewest_moves_then_the_decision_arrow():
    solar = SolarSystem(Layout.from_toml(LINE))
    # Mars is 4 steps away both ways round; anticlockwise passes the comet and Venus (3 publicity).
    assert best_publicity_route(solar, EARTH, "Mars", 4).publicity == 3
    # Among equal-publicity routes with revisits allowed, the arrow decides (S-R8).
    revisits = RULEBOOK.but(route_revisits=True)
    left = best_publicity_route(solar, EARTH, "Venus", 4, arrow="left", variant=revisits)
    right = best_publicity_route(solar, EARTH, "Venus", 4, arrow="right", variant=revisits)
    assert (left.publicity, left.moves, right.publicity, right.moves) == (3, 4, 3, 4)
    assert left.spaces == spaces((2, 0), (2, 1), (1, 1), (2, 1), (2, 2))
    assert right.spaces == spaces((2, 0), (2, 1), (2, 0), (2, 1), (2, 2))
    # The reading "left = anticlockwise" is a variant: turned round, left takes right's route.
    mirrored = revisits.but(route_arrow_left="clockwise")
    assert best_publicity_route(solar, EARTH, "Venus", 4, arrow="left", variant=mirrored).spaces == right.spaces
    # Without revisits (the default), the direct route is the only one with 2 publicity.
    direct = best_publicity_route(solar, EARTH, "Venus", 4)
    assert direct.spaces == spaces((2, 0), (2, 1), (2, 2)) and direct.publicity == 2


def test_the_longest_route_variant():
    solar = SolarSystem(Layout.from_toml(LINE))
    longest = best_publicity_route(solar, EARTH, "Venus", 4, variant=RULEBOOK.but(route_tiebreak="most moves"))
    # 2 publicity in 4 moves: four such detours; the left arrow takes the one turning anticlockwise
    # first (over the comet), then the inner ring before the outer.
    assert (longest.publicity, longest.moves) == (2, 4)
    assert longest.spaces == spaces((2, 0), (2, 1), (1, 1), (1, 2), (2, 2))


def test_routes_within_an_allowance_enter_each_space_once(solar):
    routes = list(routes_within(solar, EARTH, 1))
    assert sorted(r.end for r in routes) == [Space(1, 0), Space(2, 1), Space(2, 7), Space(3, 0)]
    assert all(len(set(r.spaces)) == len(r.spaces) for r in routes_within(solar, EARTH, 4))
    with pytest.raises(InvalidInput):
        list(routes_within(solar, EARTH, -1))


def test_measure_a_given_path(solar):
    route = measure(solar, [(2, 0), (1, 0), (1, 1)])
    assert (route.moves, route.publicity) == (2, 1)
    with pytest.raises(InvalidInput):
        measure(solar, [(2, 0), (3, 1)])


def test_a_visit_does_not_fire_where_your_probe_already_was(solar):
    # S-F12: a probe already on Venus when the card was played does not "visit" it again.
    at_venus = SolarSystem(solar.layout, probes=(Probe(1, "green", Space(2, 3)),))
    assert visited_planets(at_venus, "green", [(2, 2), (2, 3)]) == ()
    assert visited_planets(at_venus, "purple", [(2, 2), (2, 3)]) == ("Venus",)
    assert visited_planets(solar, "green", [(1, 0), (1, 1), (1, 2), (2, 2), (2, 3)]) == ("Mercury", "Venus")


def test_moves_within_one_ring():
    assert within_one_ring(Space(2, 0), Space(2, 1))
    assert not within_one_ring(Space(2, 0), Space(3, 0))


def test_unknown_planets_are_invalid_input(solar):
    with pytest.raises(InvalidInput):
        cheapest_route(solar, EARTH, "Pluto")


def test_the_movement_graph_is_built_once_per_disc_turns_and_routes_are_remembered():
    from tabletoolkit.seti.solar import SolarSystem

    solar = SolarSystem.default()
    assert solar.graph() is solar.graph() and solar.graph() is not solar.graph(frozenset({"PT3"}))
    turned = solar.rotated()[0]
    assert turned.graph() is not solar.graph()
    start = solar.earth
    route = cheapest_route(solar, start, "Mars")
    assert cheapest_route(solar, start, "Mars") is route
