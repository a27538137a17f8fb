"""The return turn (返回空间站回合) with the rulebook's activation examples."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.examples import activation_example
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.return_turn import Activate, activation_options, must_return, return_turn
from tabletoolkit.engine import IllegalAction, InvalidInput, run

pytestmark = pytest.mark.phase("andromeda.return")


def refused(game, activations):
    with pytest.raises(IllegalAction) as refusal:
        run(return_turn(game, "yellow", activations))
    return refusal.value.rule


def test_one_ship_on_the_reactor_activates_every_undamaged_complete_tech_module():
    result = run(return_turn(activation_example(), "yellow", [Activate("Primary Reactor", "transport-1")]))
    titles = [s.title for s in result.steps]
    assert "Tech module Quantum Loom" in titles and "Tech module Deep Scanner" in titles
    assert "Tech module Syndicate Interface" in titles
    blocked = next(s for s in result.steps if s.title == "Tech modules that cannot activate")
    assert set(blocked.data["refused"]) == {"Supplier", "Index Extractor"}      # incomplete, damaged
    yellow = result.final_state.player("yellow")
    # 3 energy + 2 (reactor) + 1 (Deep Scanner); Syndicate Interface paid its 1 nanocarbon moon, Quantum Loom gave 1.
    assert yellow.resources == Goods.of(energy=6, titanium=1, nanocarbon=1, credit=1)
    assert yellow.vp == 1 and len(yellow.tactics) == 1


def test_supplier_and_index_extractor_cannot_be_asked_for():
    game = activation_example()
    assert refused(game, [Activate("Primary Reactor", "transport-1", tech=("Supplier",))]) == "andromeda.return.input_slot_empty"
    assert refused(game, [Activate("Primary Reactor", "transport-1", tech=("Index Extractor",))]) == "andromeda.return.damaged"
    assert game == activation_example()


def test_tech_modules_never_alone_and_reactor_only_by_ship():
    game = activation_example()
    assert refused(game, [Activate("Quantum Loom", "transport-1")]) == "andromeda.return.tech_via_reactor"
    assert refused(game, [Activate("Machine Shop", "transport-1"), Activate("Primary Reactor", "energy")]) == "andromeda.return.reactor_needs_ship"


def test_energy_only_in_a_row_a_ship_has_activated():
    game = activation_example()
    assert refused(game, [Activate("Treasury", "energy")]) == "andromeda.return.energy_needs_ship"
    assert refused(game, [Activate("Shipwright", "transport-1", "repair", "module:Index Extractor"),
                          Activate("Treasury", "energy")]) == "andromeda.return.energy_needs_ship"
    result = run(return_turn(game, "yellow", [Activate("Machine Shop", "transport-1"), Activate("Titanium Compositor", "energy")]))
    assert result.final_state.player("yellow").resources["titanium"] == 1 + 1 + 2


def test_ship_sources_board_or_barge_never_scrapyard_top_or_bay():
    game = activation_example()
    assert refused(game, [Activate("Treasury", "fighter")]) == "andromeda.return.scrapyard"
    assert refused(game, [Activate("Treasury", "transport-3")]) == "andromeda.return.ship_not_returning"
    run(return_turn(game, "yellow", [Activate("Treasury", "transport-2")]))        # the barge is fine


def test_a_ship_repaired_onto_the_barge_this_turn_activates_a_module():
    game = activation_example()                                   # the fighter is on the scrapyard's top
    turn = run(return_turn(game, "yellow", [Activate("Shipwright", "transport-1", "repair", "scrapyard:fighter"),
                                            Activate("Treasury", "fighter")]))
    treasury = next(s for s in turn.steps if s.title == "Activate Treasury")
    assert treasury.data == {"module": "Treasury", "by": "fighter"}
    assert turn.result.player("yellow").resources["credit"] == game.player("yellow").resources["credit"] + 1
    assert game == activation_example()


def test_a_module_holding_a_ship_or_energy_cannot_activate_again():
    game = activation_example()
    assert refused(game, [Activate("Treasury", "transport-1"), Activate("Treasury", "transport-2")]) == "andromeda.return.occupied"
    assert refused(game, [Activate("Treasury", "transport-1"), Activate("Architect", "transport-1", "draw_tactics")]) == "andromeda.return.ship_used"


def test_half_slot_moon_pays_once_both_neighbours_are_activated():
    result = run(return_turn(activation_example(), "yellow", [Activate("Machine Shop", "transport-1"),
                                                              Activate("Titanium Compositor", "transport-2")]))
    yellow = result.final_state.player("yellow")
    assert yellow.resources["credit"] == 1 and yellow.vp == 1                    # 1 credit and 1 VP (模块 · 举例)
    assert [s.title for s in result.steps].count("Shared half slot") == 1


def test_every_ship_returns_shields_shed_damage_energy_and_persistent_discarded():
    result = run(return_turn(activation_example(), "yellow", [Activate("Machine Shop", "transport-1"),
                                                              Activate("Titanium Compositor", "energy")]))
    yellow = result.final_state.player("yellow")
    assert {s.id for s in yellow.ships if s.where == "bay"} == {"transport-1", "transport-2", "transport-3", "fighter", "heavy_cruiser"}
    assert yellow.ship("heavy_cruiser").damage == 0
    assert all(m.occupant is None for m in yellow.modules)
    assert yellow.persistent == () and result.final_state.tactics_discard == ("Dampion Acceleration",)
    assert yellow.resources["energy"] == 3 - 1 - 1                               # placed + the Compositor's cost


def test_must_return_when_the_bay_is_empty():
    game = activation_example()
    assert not must_return(game, "yellow")
    yellow = game.player("yellow")
    emptied = game.with_player(yellow.with_ship(replace(yellow.ship("transport-3"), where="region:Cinder")))
    assert must_return(emptied, "yellow")


def test_activation_options_list_every_module_with_its_verdict():
    options = activation_options(activation_example(), "yellow", "transport-1")
    assert options["Treasury"] == "legal"
    assert options["Index Extractor"].startswith("andromeda.return.tech_via_reactor")
    assert len(options) == len(activation_example().player("yellow").modules)


def test_architect_develops_and_shipwright_builds_during_the_return():
    game = activation_example()
    yellow = game.player("yellow")
    game = game.with_player(replace(yellow, leaders=2, resources=Goods.of(titanium=5, energy=3)))
    result = run(return_turn(game, "yellow", [Activate("Architect", "heavy_cruiser", "develop", "Cinder"),
                                              Activate("Shipwright", "transport-2", "build_ship", "transport")]))
    after = result.final_state
    assert after.region("Cinder").development is not None and after.player("yellow").ship("transport-1").where == "development:Cinder"
    assert after.player("yellow").ship("transport-4").where == "bay"
    assert after.player("yellow").resources["titanium"] == 5 - 3 - 1   # Cinder's cost (sample), a transport (sample)
    with pytest.raises(IllegalAction) as refused:
        run(return_turn(game, "yellow", [Activate("Shipwright", "transport-2", "build_ship", "fighter")]))
    assert refused.value.rule == "andromeda.ships.none_unbuilt"       # the fighter sits on the scrapyard's top


def test_a_choice_or_tech_list_a_module_does_not_take_is_refused():
    from tabletoolkit.engine import InvalidInput

    game = activation_example()
    with pytest.raises(InvalidInput):
        run(return_turn(game, "yellow", [Activate("Treasury", "transport-1", "repair")]))
    with pytest.raises(InvalidInput):
        run(return_turn(game, "yellow", [Activate("Treasury", "transport-1", tech=("Quantum Loom",))]))
    assert game == activation_example()


def _dynamic_mechanism():
    """The activation example with a Dynamic Mechanism (1 repair) holding a repair moon in its output slot."""
    from tabletoolkit.andromeda.state import Moon, StationModule
    game = activation_example()
    yellow = game.player("yellow")
    module = StationModule("Dynamic Mechanism", moon=Moon(Goods.of(repair=1)))
    return game.with_player(replace(yellow, modules=yellow.modules + (module,)))


def test_each_repair_of_a_module_is_its_own_choice():
    game = _dynamic_mechanism()          # the heavy cruiser has 1 shield damage, the fighter is on the scrapyard
    act = Activate("Dynamic Mechanism", "transport-1", repairs=(("shield", "heavy_cruiser"), ("scrapyard", "fighter")))
    yellow = run(return_turn(game, "yellow", [act])).final_state.player("yellow")
    assert yellow.ship("heavy_cruiser").damage == 0 and yellow.ship("fighter").where == "bay"
    with pytest.raises(InvalidInput) as refusal:         # one target for two repairs: name each
        run(return_turn(game, "yellow", [Activate("Dynamic Mechanism", "transport-1", target="shield:heavy_cruiser")]))
    assert refusal.value.field == "repairs"
    with pytest.raises(InvalidInput):
        run(return_turn(game, "yellow", [Activate("Dynamic Mechanism", "transport-1", repairs=(("shield", "heavy_cruiser"),))]))


def test_a_second_repair_with_nothing_left_to_repair_gains_a_vp():
    game = _dynamic_mechanism()
    yellow = game.player("yellow")
    yellow = yellow.with_ship(replace(yellow.ship("fighter"), where="bay"))
    yellow = yellow.with_module(replace(yellow.module("Index Extractor"), damage=0))   # only the shield to repair
    game = game.with_player(yellow)
    act = Activate("Dynamic Mechanism", "transport-1", repairs=(("shield", "heavy_cruiser"), ("nothing", None)))
    after = run(return_turn(game, "yellow", [act])).final_state.player("yellow")
    assert after.ship("heavy_cruiser").damage == 0 and after.vp == yellow.vp + 1


def test_the_station_picture_draws_each_row_in_the_shared_palette_and_escapes_names():
    from tabletoolkit.engine.svg import PALETTE
    yellow = activation_example().player("yellow")
    picture = replace(yellow, colour="<yellow & co>").station_svg()
    assert "&lt;yellow &amp; co&gt; station" in picture and "<yellow" not in picture
    assert picture.count(f'stroke="{PALETTE["blue"]}"') == 6             # the science row: reactor and five tech modules
    assert picture.count(f'fill="{PALETTE["highlight"]}"') == 1          # Index Extractor is damaged
    assert "damage ×1" in picture and "half-slot moon: " in picture


def test_a_tech_module_is_activated_alone_only_through_a_reactor_holding_a_ship():
    from tabletoolkit.andromeda.return_turn import Activated, activate_tech

    game = activation_example()
    with pytest.raises(IllegalAction) as refusal:
        run(activate_tech(game, "yellow", Activate("Quantum Loom", "transport-1")))
    assert refusal.value.rule == "andromeda.return.reactor_first"
    on_reactor = run(return_turn(game, "yellow", [Activate("Primary Reactor", "transport-1", tech=())])).steps
    reactor = next(s.state for s in on_reactor if s.title == "Activate Primary Reactor")
    ran = run(activate_tech(reactor, "yellow", Activate("Quantum Loom", "transport-1"),
                            so_far=Activated(frozenset({"Primary Reactor"}))))
    state, so_far = ran.result
    assert state.player("yellow").resources["nanocarbon"] == 2 and so_far.modules == {"Primary Reactor", "Quantum Loom"}
    with pytest.raises(IllegalAction) as again:
        run(activate_tech(state, "yellow", Activate("Quantum Loom", "transport-1"), so_far=so_far))
    assert again.value.rule == "andromeda.return.occupied"
