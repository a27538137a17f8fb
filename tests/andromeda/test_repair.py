"""Repairs (受损 & 修理 · 修理): the four options."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.examples import activation_example
from tabletoolkit.andromeda.repair import repair, repair_options
from tabletoolkit.engine import IllegalAction, run

pytestmark = pytest.mark.phase("andromeda.repair")


def test_scrapyard_to_repair_barge():
    game = run(repair(activation_example(), "yellow", "scrapyard", "fighter")).result
    assert game.player("yellow").ship("fighter").where == "barge"


def test_module_repair_and_nothing_to_repair():
    game = activation_example()
    fixed = run(repair(game, "yellow", "module", "Index Extractor")).result
    assert fixed.player("yellow").module("Index Extractor").damage == 0
    with pytest.raises(IllegalAction) as refused:
        run(repair(game, "yellow", "nothing"))
    assert refused.value.rule == "andromeda.repair.something_to_repair"
    assert game == activation_example()


def test_shield_recharge_on_a_ship_still_on_the_board_and_1_vp_when_nothing_is_left():
    game = activation_example()                    # the heavy cruiser stays on Nebula 3 with a damaged shield
    yellow = game.player("yellow")
    yellow = yellow.with_ship(replace(yellow.ship("fighter"), where="bay"))
    yellow = yellow.with_module(replace(yellow.module("Index Extractor"), damage=0))
    game = game.with_player(yellow)
    assert repair_options(game, "yellow")["shield"] == "legal"
    game = run(repair(game, "yellow", "shield", "heavy_cruiser")).result
    assert game.player("yellow").ship("heavy_cruiser").damage == 0
    assert game.player("yellow").ship("heavy_cruiser").where == "region:Nebula 3"
    assert repair_options(game, "yellow")["nothing"] == "legal"
    assert run(repair(game, "yellow", "nothing")).result.player("yellow").vp == 1


def test_damage_goes_on_an_undamaged_module_while_there_is_one():
    from tabletoolkit.andromeda.repair import damage_module

    game = activation_example()
    with pytest.raises(IllegalAction) as refused:
        damage_module(game, "yellow", "Index Extractor")
    assert refused.value.rule == "andromeda.repair.damage_undamaged_first"
    hit = damage_module(game, "yellow", "Treasury")               # a core module may be damaged
    assert hit.player("yellow").module("Treasury").damage == 1


@pytest.mark.phase("andromeda.repair")
def test_which_module_is_repaired_is_asked_when_there_are_several():
    from tabletoolkit.andromeda.state import StationModule
    from tabletoolkit.engine import InvalidInput

    game = activation_example()
    yellow = game.player("yellow")
    game = game.with_player(replace(yellow, modules=yellow.modules + (StationModule("Salvage Rig", damage=1),)))
    with pytest.raises(InvalidInput) as unnamed:           # it repaired the first damaged module before
        run(repair(game, "yellow", "module"))
    assert unnamed.value.field == "module" and "Index Extractor" in unnamed.value.reason and "Salvage Rig" in unnamed.value.reason
    fixed = run(repair(game, "yellow", "module", "Salvage Rig")).result
    assert fixed.player("yellow").module("Salvage Rig").damage == 0 and fixed.player("yellow").module("Index Extractor").damage == 1
