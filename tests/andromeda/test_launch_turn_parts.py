"""Launch-turn step 2 (activate), moons, module acquisition and ship building."""

from dataclasses import replace

import pytest

from tabletoolkit.engine import InvalidInput

from tabletoolkit.andromeda.activate import activate_region
from tabletoolkit.andromeda.examples import launch_example
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.modules import acquire_modules
from tabletoolkit.andromeda.moons import moon_action
from tabletoolkit.andromeda.ships import build_ship, buildable
from tabletoolkit.andromeda.state import Moon, StationModule
from tabletoolkit.engine import IllegalAction, run


def refusal(procedure):
    with pytest.raises(IllegalAction) as refused:
        run(procedure)
    return refused.value.rule


@pytest.mark.phase("andromeda.activate")
def test_planet_gives_its_top_moon_then_its_printed_resources():
    game = launch_example()
    first = run(activate_region(game, "red", "Glacia")).result
    assert len(first.player("red").moons) == 1 and len(first.region("Glacia").moons) == 2
    bare = game.with_region(replace(game.region("Glacia"), moons=()))
    after = run(activate_region(bare, "red", "Glacia")).result
    assert after.player("red").resources == game.player("red").resources + game.region("Glacia").printed


@pytest.mark.phase("andromeda.activate")
def test_nebula_moon_and_peek_one_on_top_one_to_the_bottom():
    game = launch_example()
    after = run(activate_region(game, "red", "Nebula 3", keep_on_top=1)).result
    assert after.event_deck == (game.event_deck[1],) + game.event_deck[2:] + (game.event_deck[0],)
    assert len(after.player("red").moons) == 1
    with pytest.raises(InvalidInput) as unsaid:           # the peeker chooses (the first card stayed on top before)
        run(activate_region(game, "red", "Nebula 3"))
    assert unsaid.value.field == "keep_on_top"


@pytest.mark.phase("andromeda.activate")
def test_trade_hub_costs_two_of_anything_and_refuses_otherwise():
    game = launch_example()
    after = run(activate_region(game, "red", "Trade Hub", payment=Goods.of(titanium=1), tactics=("Automation",))).result
    assert after.player("red").resources == Goods.of(energy=2, nanocarbon=2, titanium=2, credit=3)
    assert refusal(activate_region(game, "red", "Trade Hub", payment=Goods.of(titanium=1))) == "andromeda.activate.payment"
    assert game == launch_example()


@pytest.mark.phase("andromeda.activate")
def test_maximus_field_advances_the_event_marker_and_sells_modules():
    game = launch_example()
    result = run(activate_region(game, "red", "Maximus Field", modules=("Supplier", "Machine Shop"),
                                 payment=Goods()))
    after = result.final_state
    red = after.player("red")
    assert {"Supplier", "Machine Shop"} <= {m.name for m in red.modules}
    assert red.track("science") == 2 and red.track("industry") == 2
    assert after.event_position == 1 + 1 + 1          # the field's advance, then the event icons on science 2 and industry 2
    assert len(after.display("science")) == 3          # refreshed from the deck
    assert red.resources == Goods.of(energy=2, titanium=1, credit=1)   # 2 nanocarbon + 2 titanium paid


@pytest.mark.phase("andromeda.modules")
def test_damage_icons_and_the_single_purchase_discard():
    game = launch_example()
    after = run(acquire_modules(game, "red", ["Index Extractor"], rows=("science", "industry"), at_field=True,
                                field_discard="Supplier")).result
    assert after.player("red").module("Index Extractor").damage == 1
    assert after.deck("science")[-1] == "Supplier"
    assert refusal(acquire_modules(game, "red", ["Index Extractor"], rows=("science",), at_field=True)) == "andromeda.modules.field_discard"
    assert refusal(acquire_modules(game, "red", ["Council Hall"], rows=("science",))) == "andromeda.modules.not_offered"


@pytest.mark.phase("andromeda.moons")
def test_moon_limit_slots_and_discards():
    game = launch_example()
    red = game.player("red")
    full = game.with_player(replace(red, moons=tuple(Moon(Goods.of(ice=1)) for _ in range(4))))
    assert refusal(activate_region(full, "red", "Glacia")) == "andromeda.moons.full"
    made_room = run(activate_region(full, "red", "Glacia", make_room=0)).result
    assert made_room.player("red").resources["ice"] == 1 and len(made_room.player("red").moons) == 4
    with_slot = game.with_player(replace(red, moons=(Moon(Goods.of(repair=1, ice=1)), Moon(Goods.of(titanium=2))),
                                         modules=red.modules + (StationModule("Supplier"), StationModule("Ice Extraction"))))
    assert refusal(moon_action(with_slot, "red", "insert", 0, target="Supplier")) == "andromeda.moons.repair_in_input"
    inserted = run(moon_action(with_slot, "red", "insert", 1, target="Ice Extraction")).result
    assert inserted.player("red").vp == 1                       # slot VP once, on insertion
    assert refusal(moon_action(with_slot, "red", "discard", 1, own_turn=False)) == "andromeda.moons.not_your_turn"
    on_blues_turn = replace(with_slot, active="blue")                 # red is not active: inserting only (A-F18)
    assert refusal(moon_action(on_blues_turn, "red", "discard", 1)) == "andromeda.moons.not_your_turn"
    assert run(moon_action(on_blues_turn, "red", "insert", 1, target="Ice Extraction")).result.player("red").vp == 1
    assert refusal(moon_action(with_slot, "red", "insert", 1, target="half:Shipwright|Supplier")) == "andromeda.moons.no_full_slot"


@pytest.mark.phase("andromeda.ships")
def test_building_ships():
    game = launch_example()
    assert buildable(game, "red")["fighter"] == "legal"
    after = run(build_ship(game, "red", "fighter")).result
    assert after.player("red").ship("fighter").where == "bay"
    assert refusal(build_ship(after, "red", "fighter")) == "andromeda.ships.none_unbuilt"
    poor = game.with_player(replace(game.player("red"), resources=Goods()))
    assert refusal(build_ship(poor, "red", "heavy_cruiser")) == "andromeda.ships.cannot_afford"


@pytest.mark.phase("andromeda.modules")
def test_2v2_first_module_to_the_teammate():
    game = replace(launch_example(), teams=(("red", "sun"), ("blue", "sun")))
    after = run(acquire_modules(game, "red", [game.display("science")[0]],
                                rows=("science",), paid=False, first_to="blue")).result
    assert len(after.player("blue").modules) == 5 and len(after.player("red").modules) == 4
    assert after.player("blue").track("science") == 1 and after.player("red").track("science") == 1
    with pytest.raises(IllegalAction) as refused:                   # only a teammate gains it instead
        run(acquire_modules(launch_example(), "red", [game.display("science")[0]], rows=("science",), paid=False,
                            first_to="blue"))
    assert refused.value.rule == "andromeda.modules.not_teammate"


def test_tactical_operation_draws_or_takes_the_slotted_moon():
    from tabletoolkit.andromeda.moons import tactical_operation

    game = launch_example()
    drawn, _ = tactical_operation(game, "red", "draw")
    assert len(drawn.player("red").tactics) == 2
    with pytest.raises(IllegalAction) as refused:
        tactical_operation(game, "red", "moon")
    assert refused.value.rule == "andromeda.moons.no_tactical_moon"
    slotted = game.with_player(replace(game.player("red"), tactical_ops=Moon(Goods.of(credit=1))))
    assert tactical_operation(slotted, "red", "moon")[0].player("red").resources["credit"] == 2


@pytest.mark.phase("andromeda.moons")
def test_splitting_a_half_slot_discards_its_moon():
    from tabletoolkit.andromeda.examples import activation_example
    from tabletoolkit.andromeda.modules import rearrange

    game = activation_example()
    kept, _ = rearrange(game, "yellow", "industry", ["Shipwright", "Machine Shop", "Titanium Compositor"])
    assert len(kept.player("yellow").half_slots) == 1
    split, said = rearrange(game, "yellow", "industry", ["Machine Shop", "Shipwright", "Titanium Compositor"])
    assert split.player("yellow").half_slots == () and "discarded without reward" in said
    assert split.player("yellow").resources == game.player("yellow").resources


@pytest.mark.phase("andromeda.modules")
def test_field_discard_is_checked_before_anything_changes():
    from tabletoolkit.engine import InvalidInput

    game = launch_example()
    kept = launch_example()
    for discard in ("Index Extractor", "Council Hall"):          # the module bought itself; a module not offered there
        with pytest.raises(IllegalAction) as refused:
            next(acquire_modules(game, "red", ["Index Extractor"], rows=("science", "industry"), at_field=True,
                                 field_discard=discard))
        assert refused.value.rule == "andromeda.modules.not_offered"
    with pytest.raises(InvalidInput):                             # two bought: nothing is discarded, so no name is taken
        next(acquire_modules(game, "red", ["Supplier", "Machine Shop"], rows=("science", "industry"), at_field=True,
                             field_discard="Index Extractor"))
    assert game == kept


@pytest.mark.phase("andromeda.modules")
def test_columns_refresh_after_each_acquiring_action():
    game = launch_example()
    game = game.with_player(replace(game.player("red"), resources=Goods.of(nanocarbon=4)))
    science = game.display("science") + game.deck("science")
    bought = run(acquire_modules(game, "red", [science[0], science[1]], rows=("science",))).result
    assert bought.player("red").resources == Goods()              # 2 × the board price of a science module (sample)
    assert bought.display("science") == science[2:5]              # slid down and refilled once, after both
    again = run(acquire_modules(bought, "red", [science[2]], paid=False)).result     # a second acquiring action refreshes again
    assert again.display("science") == science[3:6]


@pytest.mark.phase("andromeda.activate")
def test_choices_a_region_does_not_take_are_refused_not_ignored():
    from tabletoolkit.engine import InvalidInput

    game = launch_example()
    for region, extra in (("Glacia", {"modules": ("Supplier",)}), ("Glacia", {"keep_on_top": 1}),
                          ("Trade Hub", {"field_discard": "Supplier"}), ("Maximus Field", {"payment": Goods.of(energy=2)})):
        with pytest.raises(InvalidInput):
            run(activate_region(game, "red", region, **extra))
    assert game == launch_example()
