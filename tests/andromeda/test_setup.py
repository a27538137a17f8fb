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
