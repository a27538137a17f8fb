"""The solar system as data: layouts, spaces and sectors, the movement graph, set-up (设置 · 3 太阳系版图)."""

from pathlib import Path

import pytest

from tabletoolkit import InvalidInput, Rng, run
from tabletoolkit.seti.solar import BASE, Layout, SolarSystem, Space, random_setup, setup_steps

TEST_LAYOUT = Path(__file__).with_name("solar_test_layout.toml")


@pytest.fixture
def solar():
    return SolarSystem(Layout.load(TEST_LAYOUT))


def test_default_layout_follows_the_rules_and_says_it_is_illustrative():
    system = SolarSystem.default()
    layout = system.layout
    assert layout.illustrative and "not the printed board" in layout.note
    assert len(system.spaces()) == 4 * 8
    # S-R1: 8 sectors, one star each, all different.
    assert len({system.star(s) for s in range(8)}) == 8
    assert [d.number for d in layout.discs] == [1, 2, 3]
    assert [d.rings for d in layout.discs] == [1, 2, 3]
    assert set(layout.planets) == {"Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune"}
    assert layout.planets["Mars"].first_lander_data == (2, 1)  # Mars has two first-lander spaces (登陆行星或卫星)
    jupiter = layout.planets["Jupiter"]  # the rulebook's Jupiter pictures (绕行星运行, 登陆行星或卫星)
    assert (jupiter.orbit.data, jupiter.orbit.tuck, jupiter.land.vp, jupiter.land.traces) == (1, 1, 7, ("yellow",))
    assert jupiter.first_lander_data == (2,)
    moons = {m.name: (m.reward.vp, m.reward.energy, m.reward.traces, m.reward.data, m.reward.publicity) for m in jupiter.moons}
    assert moons == {
        "Io": (10, 4, (), 0, 0), "Europa": (7, 0, ("yellow", "yellow"), 0, 0),
        "Ganymede": (12, 0, (), 0, 5), "Callisto": (13, 0, (), 4, 0),
    }
    assert system.earth == Space(2, 0)
    assert system.contents(system.earth).publicity == 0  # visiting Earth gives no publicity (移动)


def test_a_space_shows_the_top_disc_without_a_cut_out(solar):
    assert solar.layer(Space(1, 0)) == 1 and solar.contents(Space(1, 0)).planet == "Mercury"
    # Disc 1's cut-out at ring 1 position 4 shows disc 2's (empty) ring-1 cell.
    assert solar.layer(Space(1, 4)) == 2
    # Disc 2's cut-out at ring 2 position 6 shows disc 3's comet.
    assert solar.layer(Space(2, 6)) == 3 and solar.contents(Space(2, 6)).comet
    assert solar.layer(Space(3, 5)) == 3
    assert BASE == 0


def test_every_space_knows_its_sector_and_the_sector_its_star(solar):
    assert solar.sector_of(Space(3, 2)) == 2
    assert solar.sector_of("Mars") == 2 and solar.star(2) == "Kepler 22"
    assert solar.sector_of("Earth") == 0 and solar.star(0) == "Barnard's Star"
    assert solar.sector_of("Mercury") == 0
    assert solar.earth_sector == 0 and solar.star_of("Earth") == solar.star_of("Mercury") == "Barnard's Star"
    with pytest.raises(InvalidInput):
        solar.star(8)
    with pytest.raises(InvalidInput):
        solar.sector_of_star("Tau Ceti")


def test_sectors_with_your_probes(solar):
    from tabletoolkit.seti.solar import Probe

    with_probes = SolarSystem(solar.layout, probes=(Probe(1, "green", Space(2, 3)), Probe(2, "green", Space(1, 3)),
                                                    Probe(3, "purple", Space(3, 6))))
    assert with_probes.sectors_with_probes("green") == (3,)  # "a sector with one of your probes" (S-F11)
    assert with_probes.sectors_with_probes("purple") == (6,)
    assert with_probes.probes_at(Space(2, 3)) == (Probe(1, "green", Space(2, 3)),)


def test_neighbours_are_orthogonal_and_never_cross_the_sun(solar):
    assert set(solar.neighbours(Space(1, 0))) == {Space(1, 7), Space(1, 1), Space(2, 0)}
    assert set(solar.neighbours(Space(2, 3))) == {Space(2, 2), Space(2, 4), Space(1, 3), Space(3, 3)}
    assert set(solar.neighbours(Space(3, 7))) == {Space(3, 6), Space(3, 0), Space(2, 7)}
    with pytest.raises(InvalidInput, match="the sun is no space"):
        solar.neighbours((0, 0))


def test_the_movement_graph_carries_costs_and_publicity(solar):
    graph = solar.graph()
    assert graph.number_of_nodes() == 24
    assert graph.number_of_edges() == 2 * (3 * 8 + 2 * 8)  # around 3 rings, out between them, both ways
    assert graph.edges[Space(2, 0), Space(2, 1)] == {"moves": 1, "publicity": 0}
    # Leaving asteroids takes one move more; entering the comet gives 1 publicity.
    assert graph.edges[Space(2, 1), Space(2, 2)] == {"moves": 2, "publicity": 1}
    # PT #03: no extra move, and 1 publicity for entering asteroids (S-F10).
    pt3 = solar.graph(frozenset({"PT3"}))
    assert pt3.edges[Space(2, 1), Space(2, 2)] == {"moves": 1, "publicity": 1}
    assert pt3.edges[Space(2, 0), Space(2, 1)] == {"moves": 1, "publicity": 1}
    # Earth never gives publicity.
    assert graph.edges[Space(1, 0), Space(2, 0)]["publicity"] == 0


def test_seeded_setup_turns_the_discs_and_orders_the_sector_boards():
    rng = Rng.forced([2, 5, 1, ("III", "I", "IV", "II")])
    steps = run(setup_steps(rng))
    system = steps.result
    # Disc 3 turns 2, disc 2 turns 5 more (carried by 3), disc 1 turns 1 more (carried by both).
    assert system.turns == (8, 7, 2)
    assert [step.title for step in steps] == ["Turn disc 3", "Turn disc 2", "Turn disc 1", "Place the sector boards"]
    assert system.boards == ("III", "I", "IV", "II")
    assert [system.star(s) for s in (0, 1, 2, 7)] == ["Sirius A", "Vega", "Barnard's Star", "Proxima Centauri"]
    # Earth is printed at disc 2 position 0: it now lies 7 sectors on.
    assert system.earth == Space(2, 7)
    assert system.sector_of("Earth") == 7 == system.earth_sector
    # The stars in sector order follow the boards: the sky (numbered 1..8) matches them by name.
    assert system.stars == ("Sirius A", "Vega", "Barnard's Star", "Beta Pictoris",
                            "Procyon", "61 Virginis", "Kepler 22", "Proxima Centauri")
    assert system.star_of("Earth") == "Proxima Centauri" and system.sector_of_star("Proxima Centauri") == 7
    # Mercury is on disc 1 position 0, turned 8 sectors: back in sector 0, Sirius A's (TT #03's sector).
    assert system.sector_of("Mercury") == 0 and system.star_of("Mercury") == "Sirius A"


def test_random_setup_is_reproducible_from_its_seed():
    first, again = random_setup(Rng(11)), random_setup(Rng(11))
    assert (first.turns, first.boards) == (again.turns, again.boards)
    others = {(random_setup(Rng(seed)).turns, random_setup(Rng(seed)).boards) for seed in range(12)}
    assert len(others) > 1


def test_the_drawing_is_deterministic_and_shows_the_pieces(solar):
    picture = solar._repr_svg_()
    assert picture == SolarSystem(Layout.load(TEST_LAYOUT))._repr_svg_()
    assert picture.startswith("<svg") and "Mercury" in picture and "Barnard&#39;s Star" in picture
    assert "illustrative layout" in picture


GOOD = TEST_LAYOUT.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda t: t.replace("rings = 3\n", "rings = 0\n", 1), "layout.rings"),
        (lambda t: t.replace('turn = "anticlockwise"', 'turn = "sideways"'), "layout.turn"),
        (lambda t: t.replace("number = 2", "number = 3"), "disc[1].number"),
        (lambda t: t.replace('cutouts = ["1:4"]', 'cutouts = ["one:four"]'), "disc[0].cutouts[0]"),
        (lambda t: t.replace('cutouts = ["1:4"]', 'cutouts = ["1:0"]'), "disc[0].space[0]"),
        (lambda t: t.replace('{ ring = 2, position = 0, planet = "Earth" }', '{ ring = 2, position = 0, planet = "Earth", publicity = 1 }'), "disc[1].space"),
        (lambda t: t.replace('planet = "Mars", publicity = 1', 'planet = "Pluto", publicity = 1'), "disc[2].space"),
        (lambda t: t.replace('"Procyon", "61 Virginis"', '"Procyon", "Vega"'), "sector_board.stars"),
        (lambda t: t.replace('{ vp = 4 }', '{ victory = 4 }'), "planet.Mars.moon[0].reward.victory"),
        (lambda t: t.replace("first_lander_data = [2, 1]", "first_lander_data = []"), "planet.Mars.first_lander_data"),
        (lambda t: t.replace("position = 1, asteroid = true }", 'position = 1, asteroid = true, colour = "red" }'), "disc[1].space[1].colour"),
        (lambda t: t.replace("[[disc]]\nnumber = 3", "[[notadisc]]\nnumber = 3"), "notadisc"),
        (lambda t: t + "\n[planet.Earth]\nfirst_lander_data = [1]\n", "planet.Earth"),
        (lambda t: t + "\n[planet.Ceres]\nfirst_lander_data = [1]\n", "planet.Ceres"),
        (lambda t: t + "\n[[sector_board]]\nname = 'V'\nstars = ['A', 'B']\n", "sector_board"),
        (lambda t: t.replace("[layout]", "[layout"), "layout file"),
        (lambda t: t + "\n[planets.Venus]\nfirst_lander_data = [1]\n", "planets"),
        (lambda t: t.replace('earth = "Earth"', 'earth = "Earth"\nsectors = 9'), "layout.sectors"),
        (lambda t: t.replace("number = 3\nrings = 3", "number = 3\nrings = 3\nradius = 3"), "disc[2].radius"),
        (lambda t: t.replace('{ name = "Phobos", reward = { vp = 4 } }', '{ name = "Phobos", reward = { vp = 4 }, size = 1 }'), "planet.Mars.moon[0].size"),
    ],
)
def test_bad_layout_files_raise_invalid_input_naming_the_entry(change, field):
    bad = change(GOOD)
    assert bad != GOOD
    with pytest.raises(InvalidInput) as error:
        Layout.from_toml(bad, "layout file")
    assert error.value.field == ("layout file" if field == "layout file" else f"layout file: {field}")


def test_a_missing_layout_file_is_invalid_input(tmp_path):
    with pytest.raises(InvalidInput) as error:
        Layout.load(tmp_path / "nowhere.toml")
    assert error.value.field == "path"


def test_the_solar_system_has_exactly_three_discs():
    without_disc_3 = GOOD[: GOOD.index("[[disc]]\nnumber = 3")] + GOOD[GOOD.index("[[sector_board]]"):]
    with pytest.raises(InvalidInput) as error:
        Layout.from_toml(without_disc_3)
    assert error.value.field == "layout: disc"


def test_a_layout_must_print_earth_somewhere():
    with pytest.raises(InvalidInput, match="Earth must be printed"):
        Layout.from_toml(GOOD.replace('planet = "Earth"', 'comet = true'), "layout")


def test_state_refuses_a_board_order_that_is_not_the_four_boards(solar):
    with pytest.raises(InvalidInput):
        SolarSystem(solar.layout, boards=("I", "I", "II", "III"))
