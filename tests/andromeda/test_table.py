"""The bridge from a Game to the board, launch, raid and battle rules."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.battle import Pirate, battle
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.pirates import PirateCard
from tabletoolkit.andromeda.setup import set_up
from tabletoolkit.andromeda.table import (apply_battle, battle_setup, board_and_pieces, launch_in_game, launch_options,
                                          pirate_placer, raid_in_game)
from tabletoolkit.engine import IllegalAction, Rng, run

CARDS = {"S": PirateCard("Vorticon Strikers", "S", range=1), "B": PirateCard("Saucerian Abductor", "B", range=2)}


def table():
    return run(set_up(("yellow", "blue"), Rng(5))).result


def test_pieces_follow_the_game():
    game = table()
    board, pieces = board_and_pieces(game)
    ids = dict(game.region_ids)
    assert sorted(pieces.pirates) == sorted((ids[where], letter) for letter, where in game.pirates)
    assert len(pieces.leaders) == 2 * (6 + 2)         # each player: 1 leader per alliance base, 2 on a nebula


def test_launch_then_raid_then_battle_on_the_game():
    game = table()
    names = {rid: name for name, rid in game.region_ids}
    legal = {names[v.region] for v in launch_options(game, "yellow", "transport-1").verdicts if v.rule == "legal"}
    assert "Monolith of Ancients" in legal and "Nebula 4" not in legal        # a transport has no Voyage
    with pytest.raises(IllegalAction) as refused:
        launch_in_game(game, "yellow", "transport-1", "Nebula 4")
    assert refused.value.rule == "andromeda.launch.voyage"
    game, _ = launch_in_game(game, "yellow", "transport-1", "Monolith of Ancients")
    assert game.player("yellow").ship("transport-1").where == "region:Monolith of Ancients"
    game, said = raid_in_game(game, "Monolith of Ancients", CARDS)
    assert ("S", "Monolith of Ancients") in game.pirates and "from Nebula 4" in said
    setup = battle_setup(game, "Monolith of Ancients", Pirate("Vorticon Strikers", weapons=1, s_class=True))
    assert [p.name for p in setup.participants] == ["yellow"] and setup.pirate.figures == (0,)
    fought = run(battle(setup, rng=Rng.forced([2, 3]))).result
    after, _ = apply_battle(game, "Monolith of Ancients", fought)
    assert after.player("yellow").ship("transport-1").where == "scrapyard"


def test_event_pirates_placed_by_the_placement_rules():
    game = table()
    place = pirate_placer(CARDS)
    after, text = place(game, "B", Rng.forced([1]))
    assert ("B", "Nebula 1") in after.pirates


def test_apply_battle_gives_diplomacy_vp_and_lets_the_active_player_order_teammates():
    from types import SimpleNamespace

    from tabletoolkit.andromeda.battle import Verdict
    from tabletoolkit.engine import InvalidInput

    game = table()
    for colour in ("yellow", "blue"):
        game = game.with_player(replace(game.player(colour), tracks=Goods.of(supremacy=3)))
    game = replace(game, supremacy_spaces=((4, Goods.of(energy=2)),))
    won = Verdict(("yellow", "blue"), (), 1, ("yellow", "blue"), (), (), False)
    state = SimpleNamespace(verdict=won, vp=(("blue", 4),), pirate_returned=0)
    after, said = apply_battle(game, "Monolith of Ancients", state, supremacy_order=("blue", "yellow"))
    assert after.player("blue").supremacy_tokens == (Goods.of(energy=2),)          # blue first takes the token
    assert after.player("yellow").vp == game.player("yellow").vp + 2               # yellow arrives second: 2 VP
    assert after.player("blue").vp == game.player("blue").vp + 4                   # Hailing Frequencies-style VP
    with pytest.raises(InvalidInput):
        apply_battle(game, "Monolith of Ancients", state, supremacy_order=("blue",))
    ended = SimpleNamespace(verdict=None, vp=(("yellow", 3),), pirate_returned=0)   # diplomacy ended the battle
    assert apply_battle(game, "Monolith of Ancients", ended)[0].player("yellow").vp == game.player("yellow").vp + 3
