"""Developments (开发): requirements, the rulebook's 7 VP factory, abilities."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.develop import build_development, development_options, development_vp, use_development_card
from tabletoolkit.andromeda.examples import development_example
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.state import DevelopmentCard, Development, StationModule
from tabletoolkit.engine import IllegalAction, run

pytestmark = pytest.mark.phase("andromeda.develop")


def test_purple_factory_is_worth_7_vp():
    score = development_vp(development_example(), "Cinder", "factory")
    assert score.vp == 7                       # 2 blue + 2 printed + 1 green + 2 (purple and green)
    result = run(build_development(development_example(), "purple", "Cinder"))
    purple = result.final_state.player("purple")
    assert purple.vp == 7
    assert purple.leaders == 0 and purple.resources == Goods.of(energy=1)
    assert purple.ship("transport-1").where == "development:Cinder"
    assert result.final_state.region("Cinder").development == Development("factory", "purple", 2)
    assert purple.development_cards == (DevelopmentCard("factory"),)
    assert purple.track("industry") == 2       # one step on the industry track


def test_vp_capped_at_10_and_counts_adjacent_developments():
    game = development_example()
    crowded = game.with_region(replace(game.region("Nebula 3"), leaders=Goods.of(blue=6)))
    assert development_vp(crowded, "Cinder", "factory").uncapped == 11
    assert development_vp(crowded, "Cinder", "factory").vp == 10
    glacia = game.with_region(replace(game.region("Odessa Field"), development=None))
    assert development_vp(glacia, "Glacia", "city").vp == 3     # nobody nearby: the city's own 3 leaders


def refusal(game, region="Cinder"):
    with pytest.raises(IllegalAction) as refused:
        run(build_development(game, "purple", region))
    return refused.value.rule


def test_refusals_leave_the_state_unchanged():
    game = development_example()
    purple = game.player("purple")
    assert refusal(game, "Glacia") == "andromeda.develop.no_transport"
    poor = game.with_player(replace(purple, resources=Goods.of(titanium=1)))
    assert refusal(poor) == "andromeda.develop.cannot_afford"
    alone = game.with_player(replace(purple, ships=tuple(s if s.id == "transport-1" else replace(s, where="supply")
                                                         for s in purple.ships)))
    assert refusal(alone) == "andromeda.develop.last_ship"
    few = game.with_player(replace(purple, leaders=1))
    assert refusal(few) == "andromeda.develop.leaders"
    taken = game.with_region(replace(game.region("Cinder"), development=Development("factory", "green", 2)))
    assert refusal(taken) == "andromeda.develop.developed"
    assert refusal(game, "Nebula 3") == "andromeda.develop.not_planet"
    assert game == development_example()


def test_options_list_every_planet_with_its_verdict():
    options = development_options(development_example(), "purple")
    assert options["Cinder"] == "legal"
    assert options["Glacia"].startswith("andromeda.develop.no_transport")


def test_credit_pays_for_titanium():
    game = development_example()
    game = game.with_player(replace(game.player("purple"), resources=Goods.of(titanium=1, credit=2)))
    result = run(build_development(game, "purple", "Cinder", payment=Goods.of(titanium=1, credit=2)))
    assert result.final_state.player("purple").resources == Goods()


@pytest.mark.phase("andromeda.free_actions")
def test_cards_flip_once():
    game = development_example()
    purple = replace(game.player("purple"), development_cards=(DevelopmentCard("obelisk"), DevelopmentCard("factory")),
                     modules=game.player("purple").modules + (StationModule("Salvage Rig", damage=2),))
    game = game.with_player(purple)
    after = run(use_development_card(game, "purple", "obelisk")).result
    assert after.player("purple").resources["energy"] == 1 + 4
    with pytest.raises(IllegalAction) as refused:
        run(use_development_card(after, "purple", "obelisk"))
    assert refused.value.rule == "andromeda.free_actions.no_card"
    repaired = run(use_development_card(game, "purple", "factory",
                                        repairs=(("module", "Salvage Rig"), ("module", "Salvage Rig")))).result
    assert repaired.player("purple").module("Salvage Rig").damage == 0


@pytest.mark.phase("andromeda.free_actions")
def test_observatory_spaceport_and_city_abilities():
    from tabletoolkit.andromeda.examples import launch_example

    game = launch_example()
    red = replace(game.player("red"), development_cards=(DevelopmentCard("observatory"), DevelopmentCard("spaceport"),
                                                         DevelopmentCard("city")))
    game = replace(game.with_player(red), observatory_archive=(Goods.of(vp=2), Goods.of(energy=3)))
    seen = run(use_development_card(game, "red", "observatory", archive_pick=1)).result
    assert seen.player("red").exploration == (Goods.of(energy=3),) and seen.observatory_archive == (Goods.of(vp=2),)
    traded = run(use_development_card(game, "red", "spaceport", payment=Goods.of(titanium=2), gain=Goods.of(ice=3))).result
    assert traded.player("red").resources == Goods.of(energy=2, nanocarbon=2, titanium=1, ice=3, credit=1)
    free = run(use_development_card(game, "red", "city", module=game.display("science")[0])).result
    assert len(free.player("red").modules) == 5 and free.player("red").resources == game.player("red").resources
    assert free.player("red").track("science") == 2                 # one step on the module's track


@pytest.mark.phase("andromeda.free_actions")
def test_a_city_card_flip_shows_the_module_taken_its_track_step_and_the_refresh():
    from tabletoolkit.andromeda.examples import launch_example
    from tabletoolkit.engine import InvalidInput

    game = launch_example()
    game = game.with_player(replace(game.player("red"), development_cards=(DevelopmentCard("city"),)))
    taken = game.display("science")[0]
    steps = run(use_development_card(game, "red", "city", module=taken)).steps
    titles = [step.title for step in steps]          # one step before: the module, its track step and the refresh were hidden
    assert titles == ["Flip the city card", f"Take {taken}", "science: space 2", "Event marker advances", "Refresh the columns"]
    assert steps[-1].state.display("science") == game.display("science")[1:] + game.deck("science")[:1]
    with pytest.raises(InvalidInput) as unnamed:      # the module is the player's choice
        run(use_development_card(game, "red", "city"))
    assert unnamed.value.field == "module"
    with pytest.raises(InvalidInput):
        run(use_development_card(game, "red", "nowhere"))


@pytest.mark.phase("andromeda.activate")
def test_development_office_and_shipyard_through_activation():
    from tabletoolkit.andromeda.activate import activate_region

    game = development_example()
    purple = game.player("purple")
    game = game.with_player(purple.with_ship(replace(purple.ship("transport-3"), where="region:Development Office")))
    built = run(activate_region(game, "purple", "Development Office", target="Cinder")).result
    assert built.region("Cinder").development == Development("factory", "purple", 2)
    from tabletoolkit.andromeda.state import Region

    yard = replace(game, regions=game.regions + (Region("Shipyard", "alliance_base"),))
    yard = yard.with_player(purple.with_ship(replace(purple.ship("transport-3"), where="region:Shipyard")))
    fighter = run(activate_region(yard, "purple", "Shipyard", choice="build_ship", target="fighter")).result
    assert fighter.player("purple").ship("fighter").where == "bay"
    assert fighter.player("purple").resources == Goods.of(titanium=1, energy=1)
    nothing = run(activate_region(yard, "purple", "Shipyard", choice="repair", target="nothing")).result
    assert nothing.player("purple").vp == 1                        # nothing to repair: 1 VP
