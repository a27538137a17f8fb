"""Set-up (游戏设置, 玩家设置)."""

import pytest

from tabletoolkit.andromeda.board import Board
from tabletoolkit.andromeda.catalog import load_catalog
from tabletoolkit.andromeda.setup import roll_off, set_up
from tabletoolkit.engine import InvalidInput, Rng, run

CATALOG = load_catalog()


@pytest.mark.phase("andromeda.setup")
@pytest.mark.parametrize("colours,planets", [(("yellow", "blue"), 4), (("yellow", "blue", "green"), 6),
                                             (("yellow", "blue", "green", "purple"), 8)])
def test_board_moons_pirates_leaders(colours, planets):
    game = run(set_up(colours, Rng(11))).result
    laid = [r for r in game.regions if r.kind in ("planet", "alliance_base")]
    assert sum(1 for r in laid if r.kind == "planet") == planets           # A-R13: 4/6/8
    assert sum(1 for r in laid if r.kind == "alliance_base") == 6
    assert all(len(r.moons) == 3 and all(m.colour == CATALOG.planet(r.planet).type for m in r.moons)
               for r in game.regions if r.kind == "planet")
    assert all(len(r.moons) == 1 for r in game.regions if r.kind == "nebula")
    assert len(game.planet_stack) == 15 - planets
    assert [c for c, _ in game.pirates] == ["S", "S"]
    assert all(r.kind == "nebula" for _, where in game.pirates for r in [game.region(where)])
    for colour in colours:
        on_bases = sum(r.leaders[colour] for r in game.regions if r.kind == "alliance_base")
        on_nebulae = sum(r.leaders[colour] for r in game.regions if r.kind == "nebula")
        assert (on_bases, on_nebulae, game.player(colour).leaders) == (6, 2, 1)     # 9 leaders
        player = game.player(colour)
        assert len(player.ships_at("bay")) == 3 and len(player.modules) == 4
        assert sum(player.tracks[t] for t in ("science", "industry", "supremacy", "commerce", "civilization")) == 1
    order = game.turn_order_from(game.active)
    assert [game.player(c).vp for c in order] == list(range(1, len(colours) + 1))
    assert game.end_marker == 60 and game.event_position == CATALOG.event_track_start[len(colours)]
    assert all(len(game.display(row)) == 3 for row in ("science", "industry", "commerce", "civilization"))
    # the next revealed planet goes into the first space left empty in fill order
    spaces = Board.default().tile_spaces()
    assert next(r for r in game.regions if r.kind == "slot").name == spaces[planets + 6].id


def test_roll_off_compares_like_a_battle_and_rerolls_full_ties():
    rng = Rng.forced([6, 5, 1, 1, 1, 1, 6, 4, 4, 4, 4, 4])
    assert roll_off(("red", "blue"), rng)[0] == "red"
    tie = Rng.forced([6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 2, 2, 2, 2, 2, 2, 3, 1, 1, 1, 1, 1])
    winner, history = roll_off(("red", "blue"), tie)
    assert winner == "blue" and len(history) == 4                        # A-R1: the tied players roll again


@pytest.mark.phase("andromeda.setup")
def test_bad_player_lists_are_refused():
    with pytest.raises(InvalidInput):
        run(set_up(("yellow",), Rng(0)))
    with pytest.raises(InvalidInput):
        run(set_up(("yellow", "yellow"), Rng(0)))
    with pytest.raises(InvalidInput):
        run(set_up(("yellow", "blue"), Rng(0), length="epic"))


@pytest.mark.phase("andromeda.setup")
def test_planet_count_comes_from_the_board():
    default = Board.default()
    board = Board(default.regions.values(), default.links, title=default.title, note=default.note,
                  planets_by_players={2: 5, 3: 6, 4: 8}, tiles=default.tiles.values())
    game = run(set_up(("yellow", "blue"), Rng(11), board=board)).result
    assert sum(1 for r in game.regions if r.kind == "planet") == 5
    assert len(game.planet_stack) == 10
    three_only = Board(default.regions.values(), default.links, planets_by_players={3: 6}, tiles=default.tiles.values())
    with pytest.raises(InvalidInput):
        run(set_up(("yellow", "blue"), Rng(11), board=three_only))


@pytest.mark.phase("andromeda.setup")
def test_special_regions_are_laid_first_and_catch_pirates_by_their_dice():
    game = run(set_up(("yellow", "blue"), Rng(2), special="vortex")).result
    vortices = {r.name: r for r in game.regions if r.kind == "vortex"}
    assert sorted(vortices) == ["Vortex of Brilliance", "Vortex of Power"]
    marked = [r.name for r in game.board.tile_spaces() if r.special]
    assert sorted(marked) == sorted(vortices)
    assert vortices["Vortex of Power"].reward == CATALOG.special_regions["Vortex of Power"].reward
    assert vortices["Vortex of Power"].printed["vp"] == CATALOG.special_regions["Vortex of Power"].vp
    # seed 2 rolls 3 and 6 for the starting pirates: the Vortices show 3 and 6, so they catch them
    assert sorted(where for _, where in game.pirates) == ["Vortex of Brilliance", "Vortex of Power"]
    with pytest.raises(InvalidInput):
        run(set_up(("yellow", "blue"), Rng(2), special="nebula"))


@pytest.mark.phase("andromeda.setup")
def test_2v2_team_roll_off_pools_twelve_dice():
    from tabletoolkit.andromeda.setup import team_roll_off

    seats = ("yellow", "blue", "green", "purple")
    teams = {"yellow": "sun", "blue": "sun", "green": "sea", "purple": "sea"}
    forced = Rng.forced([6, 5, 1, 1, 1, 1] + [1] * 6 + [6, 5, 1, 1, 1, 1] + [2, 1, 1, 1, 1, 1])   # yellow, blue, green, purple
    first, rolls = team_roll_off(seats, teams, forced)
    assert first == "green"                                        # sea pooled 6,5,2,… beats sun's 6,5,1,…
    assert rolls[0] == ("sun", (6, 5, 1, 1, 1, 1) + (1,) * 6)
    with pytest.raises(InvalidInput):                              # teammates sit side by side
        team_roll_off(seats, {"yellow": "sun", "green": "sun", "blue": "sea", "purple": "sea"}, Rng(1))
    game = run(set_up(seats, Rng(5), teams=teams)).result
    assert game.active in seats and game.player(game.active).vp == 1


@pytest.mark.phase("andromeda.setup")
def test_destiny_cards_dealt_two_kept_one():
    dealt = run(set_up(("yellow", "blue"), Rng(5), destiny={"yellow": 1})).result
    for colour in ("yellow", "blue"):
        goals = dealt.player(colour).destiny
        assert len(goals) == 2 and len({card for card, _, _ in goals}) == 1          # both goals of one card
        assert any(card == goals[0][0] for card, _ in CATALOG.destiny_cards)
    other = run(set_up(("yellow", "blue"), Rng(5), destiny={"yellow": 0})).result
    assert other.player("yellow").destiny != dealt.player("yellow").destiny         # the other card of the two dealt
    assert other.player("blue").destiny == dealt.player("blue").destiny
    with pytest.raises(InvalidInput):
        run(set_up(("yellow", "blue"), Rng(5), destiny={"green": 0}))
