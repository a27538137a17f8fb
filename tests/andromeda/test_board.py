"""The board as data: loading, the fill order, distances around Quasars, adjacency queries, pictures."""

from fractions import Fraction

import networkx as nx
import pytest

from tabletoolkit.andromeda.board import (
    ALLIANCE_BASES,
    Board,
    Pieces,
    Tile,
    developments_near,
    leaders_near,
    path_blockers,
)
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.andromeda.state import Ship
from tabletoolkit.engine import InvalidInput, Rng
from tabletoolkit.engine.decode import DataError

# A - Q - C with a detour A - D - E - C: the Quasar Q forces the long way round.
DETOUR = """
[[region]]
id = "A"
kind = "planet"
development = "factory"
xy = [0, 0]
[[region]]
id = "Q"
kind = "quasar"
dice = [3]
xy = [1, 0]
[[region]]
id = "C"
kind = "planet"
development = "city"
xy = [2, 0]
[[region]]
id = "D"
kind = "nebula"
dice = [1]
xy = [0, 1]
[[region]]
id = "E"
kind = "alliance_base"
base = "shipyard"
xy = [1, 1]
[adjacency]
links = [["A", "Q"], ["Q", "C"], ["A", "D"], ["D", "E"], ["E", "C"]]
"""

# Four tile spaces, the second marked for special regions.
SPACES = """
[setup]
planets_by_players = { "2" = 1 }
[[tile]]
id = "p1"
kind = "planet"
name = "Planet One"
development = "obelisk"
[[tile]]
id = "q1"
kind = "quasar"
name = "Quasar One"
dice = [2]
[[region]]
id = "S1"
slot = 1
xy = [0, 0]
[[region]]
id = "S2"
slot = 2
special = true
xy = [1, 0]
[[region]]
id = "S3"
slot = 3
xy = [0, 1]
[[region]]
id = "S4"
slot = 4
xy = [1, 1]
[adjacency]
links = [["S1", "S2"], ["S2", "S4"], ["S1", "S3"], ["S3", "S4"]]
"""


def test_a_quasar_forces_a_detour():
    board = Board.from_toml(DETOUR)
    assert board.distance("A", "C") == 3
    assert board.path("A", "C") == ("A", "D", "E", "C")
    assert board.distance("A", "C", blocked=()) == 2  # were Q an ordinary region
    assert board.distance("A", "Q") == 1  # a Quasar can end a path (pirates land there), never be crossed


def test_nebulae_never_block_paths_by_the_rulebook_ruling():
    board = Board.from_toml(DETOUR)
    assert path_blockers(RULEBOOK) == frozenset({"quasar"})
    assert board.distance("A", "E") == 2  # through the nebula D (A-R7)
    strict = RULEBOOK.but(nebulae_block_paths=True)
    assert board.distance("A", "E", blocked=path_blockers(strict, voyage=False)) is None
    assert board.distance("A", "E", blocked=path_blockers(strict, voyage=True)) == 2


def test_the_graph_carries_region_attributes():
    board = Board.from_toml(DETOUR)
    graph = board.graph
    assert isinstance(graph, nx.Graph)
    assert set(graph.nodes) == {"A", "Q", "C", "D", "E"}
    assert graph.nodes["Q"]["kind"] == "quasar" and graph.nodes["Q"]["dice"] == (3,)
    assert graph.nodes["E"]["base"] == "shipyard" and graph.nodes["E"]["name"] == "Shipyard"
    assert graph.nodes["A"]["development"] == "factory"
    # moons laid at set-up (游戏设置 · 5): 3 on a planet, 1 abandoned moon on a nebula
    assert [graph.nodes[r]["moons"] for r in ("A", "D", "E", "Q")] == [3, 1, 0, 0]
    assert graph.number_of_edges() == 5
    assert board.neighbours("A") == ("D", "Q")
    assert board.region("Shipyard").id == "E"


def test_default_board_follows_what_the_rulebook_says():
    board = Board.default()
    nebulae = board.of_kind("nebula")
    assert sorted(die for region in nebulae for die in region.dice) == [1, 2, 3, 4, 5, 6]
    assert sorted(r.base for r in board.of_kind("alliance_base")) == sorted(ALLIANCE_BASES)
    assert (board.planets_for(2), board.planets_for(3), board.planets_for(4)) == (4, 6, 8)
    assert len(board.of_kind("planet")) == 8  # the sample set-up is a 4-player one
    spaces = board.tile_spaces()
    assert [r.slot for r in spaces] == list(range(1, 25))
    # fill order: top left, left to right, top to bottom
    assert [r.xy for r in spaces] == sorted((r.xy for r in spaces), key=lambda xy: (xy[1], xy[0]))
    assert [r.id for r in spaces if r.special] == ["T12", "T33"]
    assert "not the printed geometry" in board.title.lower() or "illustrative" in board.title.lower()


def test_lay_out_fills_special_spaces_first_then_in_order():
    board = Board.from_toml(SPACES)
    laid = board.lay_out(["shipyard", "p1"], special=["q1"])
    assert [(r.id, r.kind, r.name) for r in laid.tile_spaces()] == [
        ("S1", "alliance_base", "Shipyard"),
        ("S2", "quasar", "Quasar One"),
        ("S3", "planet", "Planet One"),
        ("S4", "empty", "space 4"),
    ]
    base_game = board.lay_out(["shipyard", "p1"])
    assert [r.kind for r in base_game.tile_spaces()] == ["alliance_base", "planet", "empty", "empty"]
    assert board.tile_spaces()[0].kind == "empty"  # the board itself is unchanged


def test_an_event_planet_goes_to_the_next_empty_space():
    board = Board.from_toml(SPACES).lay_out(["shipyard"], special=["q1"])
    after, space = board.place_next("p1")
    assert space == "S3"
    assert after.regions["S3"].name == "Planet One"
    cleared = after.cleared()
    assert all(r.kind == "empty" for r in cleared.tile_spaces())


def test_an_event_planet_laid_gives_the_board_lay_out_gives_with_the_same_distances():
    board = Board.default().set_up(2, Rng(3))[0]
    for blocked in (("quasar",), ("quasar", "empty"), ("quasar", "nebula")):
        board.nearest([next(iter(board.regions))], blocked=blocked)        # distances worked out before the reveal
    tile = next(t for t in board.tiles.values() if t.kind == "planet" and t.id not in {r.tile for r in board.regions.values()})
    fast, space = board.place_next(tile.id)
    slow = board.lay_out([tile.id])
    assert dict(fast.regions) == dict(slow.regions) and fast.links == slow.links
    assert fast.regions[space].name == tile.name
    for blocked in (("quasar",), ("quasar", "empty"), ("quasar", "nebula"), ("quasar", "planet")):
        for rid in fast.regions:
            assert fast.distances_from(rid, blocked=blocked) == slow.distances_from(rid, blocked=blocked)
    with pytest.raises(InvalidInput):
        fast.place_next(tile.id)                                          # each tile is laid once


def test_lay_out_refuses_what_does_not_fit():
    board = Board.from_toml(SPACES)
    with pytest.raises(InvalidInput) as error:
        board.lay_out(["shipyard", "trade_hub", "monolith", "maximus", "odessa"])
    assert error.value.field == "tiles"
    with pytest.raises(InvalidInput) as error:
        board.lay_out(["shipyard", "shipyard"])
    assert error.value.value == "shipyard"
    with pytest.raises(InvalidInput) as error:
        board.lay_out(["nowhere"])
    assert error.value.field == "tiles[0]"
    with pytest.raises(InvalidInput):
        board.lay_out(["q1"])
    with pytest.raises(InvalidInput):
        board.planets_for(5)


@pytest.mark.parametrize(
    "text, field",
    [
        ('[[region]]\nid = "A"\nkind = "planet"\ndevelopment = "city"\n[adjacency]\nlinks = [["A", "B"]]', "adjacency.links[0][1]"),
        ('[[region]]\nid = "A"\nkind = "moon"', "region[0].kind"),
        ('[[region]]\nid = "N"\nkind = "nebula"\ndice = [7]', "region[0].dice"),
        ('[[region]]\nid = "P"\nkind = "planet"', "region[0].development"),
        ('[[region]]\nid = "B"\nkind = "alliance_base"\nbase = "casino"', "region[0].base"),
        ('[[region]]\nid = "A"\nkind = "planet"\ndevelopment = "city"\ncolour = "red"', "region[0].colour"),
        ('[[region]]\nid = "A"\nslot = 1\ntile = "p9"', "region[0].tile"),
        ('[[region]]\nid = "A"\nslot = 1\n[[region]]\nid = "A"\nslot = 2', "region[1].id"),
        ('[[region]]\nid = "A"\nslot = 1\n[[region]]\nid = "B"\nslot = 1', "region"),
        ('[[region]]\nid = "A"\nslot = 1\n[adjacency]\nlinks = [["A", "A"]]', "adjacency.links[0]"),
        ('[[tile]]\nid = "p"\nkind = "planet"\ndevelopment = "farm"', "tile[0].development"),
        ('[setup]\nplanets_by_players = { "two" = 4 }', "setup.planets_by_players.two"),
        ("[moons]\ncount = 3", "moons"),
        ('[board]\ntitel = "typo"', "board.titel"),
        ('[setup]\nplanets = 4', "setup.planets"),
        ('[[region]]\nid = "A"\nkind = "planet"\ndevelopment = "city"\ndice = [3]', "region[0].dice"),
        ('[[region]]\nid = "N"\nkind = "nebula"\ndice = [3]\ndevelopment = "city"', "region[0].development"),
        ('[[region]]\nid = "N"\nkind = "nebula"\ndice = [3]\nbase = "shipyard"', "region[0].base"),
        ('[[region]]\nid = "N"\nkind = "nebula"\ndice = [3]\nspecial = true', "region[0].special"),
        ('[[tile]]\nid = "q"\nkind = "quasar"\ndevelopment = "city"', "tile[0].development"),
        ('[[tile]]\nid = "p"\nkind = "planet"\ndevelopment = "city"\ndice = [2]', "tile[0].dice"),
        ("this is = = not toml", "board text"),
    ],
)
def test_bad_board_files_name_the_entry_at_fault(text, field):
    with pytest.raises(InvalidInput) as error:
        Board.from_toml(text)
    named = error.value.key if isinstance(error.value, DataError) else error.value.field
    assert named == field and (field == "board text" or error.value.field == f"board text: {field}")


def test_a_board_file_is_read_from_a_path_and_text_is_never_taken_for_one(tmp_path):
    path = tmp_path / "my_board.toml"
    path.write_text(DETOUR, encoding="utf-8")
    assert Board.from_file(path).distance("A", "C") == 3
    assert Board.from_file(str(path)).distance("A", "C") == 3
    with pytest.raises(InvalidInput) as error:
        Board.from_file(str(tmp_path / "missing.toml"))
    assert error.value.field == "path"
    with pytest.raises(InvalidInput) as error:          # it opened the file named by this text before
        Board.from_toml(str(path))
    assert error.value.field == "board text" and error.value.reason.startswith("not valid TOML")
    with pytest.raises(InvalidInput):
        Board.from_toml(path)                            # type: ignore[arg-type]


def test_developments_and_leaders_near_a_region():
    board = Board.from_toml(DETOUR)
    pieces = Pieces.of(developments={"A": "purple", "C": "green"}, leaders={"D": {"blue": 2}, "A": {"green": 1}, "C": {"red": 1}})
    assert developments_near(board, pieces, "D") == (("A", "purple"),)
    assert developments_near(board, pieces, "E") == (("C", "green"),)
    assert developments_near(board, pieces, "Q", owner="green") == (("C", "green"),)
    assert developments_near(board, pieces, "Q") == (("A", "purple"), ("C", "green"))
    assert leaders_near(board, pieces, "A") == (("A", "green"), ("D", "blue"), ("D", "blue"))


def test_pieces_refuse_impossible_positions():
    board = Board.from_toml(DETOUR)
    with pytest.raises(InvalidInput) as error:
        Pieces.of(pirates={"A": "SB"}).check(board)
    assert "one pirate class" in error.value.reason
    with pytest.raises(InvalidInput):
        Pieces.of(pirates={"A": "BB"}).check(board)
    with pytest.raises(InvalidInput):
        Pieces.of(developments={"D": "blue"}).check(board)
    with pytest.raises(InvalidInput):
        Pieces.of(ships={"Z": [Ship(owner="blue")]}).check(board)
    with pytest.raises(InvalidInput) as error:
        Pieces.of(ships={"Q": [Ship(owner="blue")]}).check(board)
    assert error.value.field == "ships.Q"
    Pieces.of(pirates={"A": "SSS", "Q": "B"}).check(board)  # S-class swarms stack; pirates may sit in a Quasar


def test_svg_is_deterministic_and_shows_overlays():
    board = Board.default()
    pieces = Pieces.of(ships={"T01": [Ship(owner="yellow")]}, pirates={"N3": "SS"}, developments={"T03": "green"})
    first = board.svg(pieces, {"T02": "legal", "T12": "illegal", "T11": "jump"}, path=("T01", "T11"))
    assert first == board.svg(pieces, {"T02": "legal", "T12": "illegal", "T11": "jump"}, path=("T01", "T11"))
    assert first.startswith("<svg") and 'class="tt-board"' in first
    assert 'class="tt-mark tt-mark-legal" data-region="T02"' in first
    assert 'data-region="T12"' in first and "tt-mark-illegal" in first
    assert first.count('class="tt-ship"') == 1 and first.count('class="tt-pirate"') == 2
    assert board._repr_svg_().count('class="tt-region') == 30
    assert "legal by Jump" in first and "pirate (class)" in first and "moves from here" not in first  # the legend
    assert "tt-legend" not in board.svg() and "tt-legend" not in board.svg(Pieces())  # nothing to explain
    assert "shortest path" in first and "shortest path" in board.svg(path=("T01", "T11"))
    with pytest.raises(InvalidInput) as error:
        board.svg(pieces, {"T02": "legall"})
    assert error.value.field == "marks.T02"


def test_measures_are_exact_and_agree_with_networkx():
    board = Board.default()
    found = board.measures()
    reference = nx.closeness_centrality(board.graph)
    for region, value in found.closeness:
        assert isinstance(value, Fraction)
        assert float(value) == pytest.approx(reference[region], abs=1e-12)
    assert found.diameter == nx.diameter(board.graph)
    assert len(found.base_distances) == 15  # every pair of the six alliance bases
    for a, b, steps in found.base_distances:
        assert steps == nx.shortest_path_length(board.graph, a, b)
    assert dict(found.nearest_nebula)["T12"] == 3  # T12 - T11 - T01 - N1
    assert dict(found.nearest_nebula)["T01"] == 1
    assert "tt-base-distances" in found._repr_html_()


def test_measures_follow_an_edit_of_the_board():
    board = Board.from_toml(DETOUR)
    shortcut = Board.from_toml(DETOUR.replace('kind = "quasar"\ndice = [3]', 'kind = "planet"\ndevelopment = "obelisk"'))
    assert board.measures().diameter == 3  # A to C around the Quasar
    assert shortcut.measures().diameter == 2
    # A reaches C in 3 steps around the Quasar, in 2 through the planet: closeness 4/7 against 4/6
    assert dict(board.measures().closeness)["A"] == Fraction(4, 7)
    assert dict(shortcut.measures().closeness)["A"] == Fraction(4, 6)


def test_tiles_are_checked():
    with pytest.raises(InvalidInput):
        Tile.base("casino")
    assert Tile.base("trade_hub").name == "Trade Hub"


def test_set_up_draws_planets_by_player_count_and_lays_them_in_fill_order():
    board = Board.default()
    laid, stack = board.set_up(2, Rng(5))
    assert len(laid.of_kind("planet")) == 4 and len(laid.of_kind("alliance_base")) == 6
    assert len(stack) == 11  # the 15 planet tiles less the 4 drawn
    assert [r.kind != "empty" for r in laid.tile_spaces()] == [True] * 10 + [False] * 14
    planets = sorted(t.id for t in board.tiles.values() if t.kind == "planet")
    shuffled_planets = list(reversed(planets))
    tiles = ["shipyard", shuffled_planets[0], "monolith", "trade_hub", shuffled_planets[1], "maximus",
             shuffled_planets[2], "odessa", "development_office", shuffled_planets[3]]
    forced, stack = board.set_up(2, Rng.forced([shuffled_planets, tiles]), special=["quasar-1", "quasar-2"])
    assert stack == tuple(shuffled_planets[4:])
    assert [r.tile for r in forced.tile_spaces()][:12] == [
        "shipyard", shuffled_planets[0], "monolith", "trade_hub", shuffled_planets[1], "maximus",
        "quasar-1",  # space 7 is marked for special regions: filled first, skipped by the others
        shuffled_planets[2], "odessa", "development_office", shuffled_planets[3], None,
    ]
    assert forced.regions["T33"].tile == "quasar-2"


def test_special_regions_are_laid_first_and_the_other_tiles_move_on():
    board = Board.default()
    quasars = board.with_special_regions("quasar")
    assert [quasars.regions[r].name for r in ("T12", "T13", "T33")] == ["Quasar I", "Shipyard", "Quasar II"]
    laid = [r.tile for r in board.tile_spaces() if r.tile]
    assert [r.tile for r in quasars.tile_spaces() if r.kind in ("planet", "alliance_base")] == laid  # same order
    assert quasars.with_special_regions("none").regions == board.regions
    with pytest.raises(InvalidInput) as error:
        board.with_special_regions("black hole")
    assert error.value.field == "special"
    with pytest.raises(InvalidInput):
        Board.from_toml(SPACES).with_special_regions("quasar")  # the file lists one Quasar tile
