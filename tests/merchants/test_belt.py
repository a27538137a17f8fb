"""The Belt (ベルト): one ship, its energy, pickups, takes, explores, swaps and the destination."""

from dataclasses import replace

import pytest
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import IllegalAction, Rng, run
from tabletoolkit.merchants import RunShip, belt, end_run, explore, move, move_and_act, pickup, swap, take, turn

pytestmark = pytest.mark.phase("merchants.belt")


def at_belt(ship=None, **changes):
    state = seated(small_table(), "Ada", location="Belt", visited_belt=True, ships=(ship or sample_ship("kestrel"),), **changes)
    return state


def ran(state, *actions, rng=None):
    return run(belt(state, RunShip(state.player("Ada").ships[0].id, actions), rng or Rng(0)))


def refused(state, actions, rule, rng=None):
    before = state
    with pytest.raises(IllegalAction) as caught:
        ran(state, *actions, rng=rng)
    assert caught.value.rule == rule
    assert state == before


def test_energy_is_base_energy_plus_card_bonuses():
    ship = sample_ship("kestrel", gear=("fuel_cell", "fuel_cell"), pilots=("navigator",))
    steps = ran(at_belt(ship))
    assert steps[0].data["energy"] == 5 + 2 + 1
    assert "base energy 5 + card bonuses 3 = 8 energy" in steps[0].text


def test_a_ship_without_a_destination_takes_the_top_card():
    steps = ran(at_belt())
    assert steps[1].title == "Take a destination"
    assert steps.result.player("Ada").ships[0].destination == "ceres"
    assert steps.result.destination_deck == ("vesta", "pallas")


def test_a_pickup_moves_as_many_tokens_as_the_cargo_allows_most_valuable_first():
    state = replace(at_belt(), known=("gold", "ice", "ice", "iron"))
    after = ran(state, pickup("known")).result
    assert after.player("Ada").ships[0].hold == ("gold", "iron") and after.known == ("ice", "ice")


def test_chosen_tokens_and_own_local_space_including_claimed_tokens():
    state = at_belt(sample_ship("mule"), local=("ice",), claimed=("gold",))
    after = ran(state, pickup("local", ("gold", "ice"))).result
    ada = after.player("Ada")
    assert ada.ships[0].hold == ("gold", "ice") and ada.local == () and ada.claimed == ()


def test_loaded_tokens_are_never_dropped_by_a_pickup():
    state = replace(at_belt(sample_ship("kestrel", hold=("ice", "ice"))), known=("gold",))
    refused(state, (pickup("known"),), "merchants.belt.cargo_full")
    state = replace(at_belt(sample_ship("kestrel", hold=("ice",))), known=("gold", "xenite"))
    refused(state, (pickup("known", ("gold", "xenite")),), "merchants.belt.cargo_full")
    assert ran(state, pickup("known")).result.player("Ada").ships[0].hold == ("ice", "xenite")


def test_taking_costs_three_and_never_touches_claimed_tokens():
    state = seated(at_belt(), "Bea", local=("iron",), claimed=("gold",))
    steps = ran(state, take("Bea"))
    assert steps.result.player("Ada").ships[0].hold == ("iron",) and steps.result.player("Bea").claimed == ("gold",)
    assert steps[-2].data["energy"] == 5 - 3
    refused(state, (take("Bea", ("gold",)),), "merchants.belt.claimed")
    refused(seated(state, "Bea", local=()), (take("Bea"),), "merchants.belt.nothing_to_pick_up")
    refused(state, (take("Ada"),), "merchants.belt.take_own")


def test_exploring_draws_from_the_bag_onto_the_ship_or_into_local_space():
    steps = ran(at_belt(), explore(), explore("local"), rng=Rng.forced(["gold", "ice"]))
    after = steps.result
    assert after.player("Ada").ships[0].hold == ("gold",) and after.player("Ada").local == ("ice",)
    assert dict(after.bag) == {"ice": 2, "iron": 0, "copper": 0, "gold": 0, "xenite": 0}
    assert "draws a gold (chance 1/4 ≈ 25.00%)" in steps[2].text and "draws an ice (chance 3/3 ≈ 100.00%)" in steps[3].text
    assert after.player("Ada").claimed == ()


def test_exploring_needs_room_on_the_ship_energy_and_tokens_in_the_bag():
    refused(at_belt(sample_ship("kestrel", hold=("ice", "ice"))), (explore(),), "merchants.belt.cargo_full")
    refused(at_belt(), (explore(), explore(), explore()), "merchants.belt.no_energy", rng=Rng.forced(["ice", "ice"]))
    empty = replace(at_belt(), bag=tuple((k, 0) for k, _ in at_belt().bag))
    refused(empty, (explore("local"),), "merchants.belt.bag_empty")


def test_swapping_costs_one_each_time_and_discards_the_old_card():
    steps = ran(at_belt(), swap(), swap())
    after = steps.result
    assert after.player("Ada").ships[0].destination == "pallas"
    assert after.destination_discard == ("ceres", "vesta") and steps[-1].data["energy_lost"] == 3


def test_ending_the_run_at_the_destination_loses_the_rest_of_the_energy():
    state = replace(at_belt(sample_ship("kestrel", destination="vesta")), known=("gold",))
    steps = ran(state, pickup("known"), end_run())
    ship = steps.result.player("Ada").ships[0]
    assert ship.at_destination and "The other 2 energy is lost" in steps[-2].text
    refused(state, (end_run(), pickup("known")), "merchants.belt.run_over")
    refused(at_belt(sample_ship("kestrel", destination="pallas")), (swap(), swap(), swap(), end_run()), "merchants.belt.no_energy")


def test_obsolete_ships_cannot_run():
    refused(replace(at_belt(), era=3), (), "merchants.belt.obsolete")


def test_the_first_arrival_moves_the_set_up_tokens_to_local_space():
    state = seated(small_table(), "Ada", location="Market", ships=(sample_ship("kestrel"),), setup_tokens=("copper", "ice"))
    state = seated(state, "Bea", setup_tokens=("gold",))
    steps = run(turn(state, move_and_act(RunShip("kestrel-1")), Rng(0)))
    ada = steps.result.player("Ada")
    assert ada.local == ("copper", "ice") and ada.setup_tokens == () and ada.visited_belt
    assert steps.result.player("Bea").setup_tokens == ("gold",)
    assert [s.title for s in steps][:2] == ["Turn 1: Ada moves to the Belt", "First arrival at the Belt"]
    again = seated(steps.result, "Ada", location="Market", setup_tokens=("xenite",))
    again = replace(again, current=0)
    assert run(turn(again, move_and_act(RunShip("kestrel-1")), Rng(0))).result.player("Ada").setup_tokens == ("xenite",)


def test_the_first_in_game_variant_moves_everyones_set_up_tokens():
    state = small_table()
    state = replace(state, variant=state.variant.but(setup_tokens_arrival="first_in_game"))
    state = seated(seated(state, "Ada", location="Market", setup_tokens=("ice",)), "Bea", setup_tokens=("gold",))
    after = run(turn(state, move(), Rng(0))).result
    assert after.player("Ada").local == ("ice",) and after.player("Bea").local == ("gold",)


def test_more_refusals_of_a_run():
    refused(seated(at_belt(), "Ada", location="Dock"), (), "merchants.belt.not_here")
    refused(replace(at_belt(), known=("ice",)), (pickup("known", ("gold",)),), "merchants.belt.not_there")
    no_cards = replace(at_belt(), destination_deck=(), destination_discard=())
    refused(no_cards, (end_run(),), "merchants.belt.no_destination")
    refused(no_cards, (swap(),), "merchants.belt.no_destinations")


def test_an_empty_destination_deck_is_reshuffled_from_the_discards():
    state = replace(at_belt(), destination_deck=(), destination_discard=("hygiea", "pallas"))
    steps = ran(state, rng=Rng.forced([("pallas", "hygiea")]))
    assert steps.result.player("Ada").ships[0].destination == "pallas"
    assert steps.result.destination_deck == ("hygiea",) and steps.result.destination_discard == ()


def test_a_ship_that_ended_its_run_at_its_destination_waits_for_the_dock():
    refused(at_belt(sample_ship("kestrel", destination="ceres", at_destination=True)), (), "merchants.belt.at_destination")


def test_every_next_belt_action_is_listed_with_its_verdict():
    from tabletoolkit.merchants import legal_belt_actions

    state = seated(replace(at_belt(), known=("gold",)), "Bea", claimed=("xenite",))
    options = {option.text: option for option in legal_belt_actions(state, "kestrel-1", energy=2)}
    assert options["pick up from known space"].legal and options["explore"].legal
    assert options["pick up from local space"].rule == "merchants.belt.nothing_to_pick_up"
    assert options["take from Bea's local space"].rule == "merchants.belt.no_energy"
    assert options["end the run"].rule == "merchants.belt.no_destination"
    assert len(options) == 7


def test_the_forfeit_variant_runs_a_ship_again_from_its_destination_without_its_bonus():
    state = at_belt(sample_ship("kestrel", destination="ceres", at_destination=True))
    state = replace(state, known=("gold",), variant=state.variant.but(run_from_destination="forfeit_bonus"))
    steps = ran(state, pickup("known"))
    ship = steps.result.player("Ada").ships[0]
    assert steps[0].title == "Leave the destination" and not ship.at_destination
    assert ship.destination == "ceres" and ship.hold == ("gold",)
