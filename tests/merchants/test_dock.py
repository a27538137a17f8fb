"""The Dock (ドック): known space, payout, unloading, destinations, scrapping obsolete ships."""

from dataclasses import replace

import pytest
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import IllegalAction, run
from tabletoolkit.merchants import DockVisit, Transfer, dock, payout

pytestmark = pytest.mark.phase("merchants.dock")


def at_dock(ships, **changes):
    return seated(small_table(), "Ada", location="Dock", ships=ships, **changes)


def refused(state, action, rule):
    before = state
    with pytest.raises(IllegalAction) as caught:
        run(dock(state, action))
    assert caught.value.rule == rule
    assert state == before


LOADED = sample_ship("mule", pilots=("ace",), gear=("ore_scanner",), hold=("gold", "ice", "iron"),
                   destination="vesta", at_destination=True)


def test_payout_adds_tokens_pilot_gear_refinery_and_destination():
    state = at_dock((LOADED,), refineries=("smelter",))
    paid = payout(state, state.player("Ada"), LOADED)
    assert (paid.tokens, paid.refineries, paid.pilot, paid.gear, paid.destination) == (8, 1, 3, 2, 4)
    assert paid.total == 18 and paid.describe() == "tokens 8 + refineries 1 + pilot 3 + gear 2 + destination 4 = 18"


def test_the_destination_bonus_only_for_a_ship_that_ended_its_run_there():
    wandered = replace(LOADED, at_destination=False)
    state = at_dock((wandered,))
    assert payout(state, state.player("Ada"), wandered).destination == 0
    carried = replace(state, variant=state.variant.but(destination_bonus="carried"))
    assert payout(carried, carried.player("Ada"), wandered).destination == 4


def test_the_dock_in_order_known_space_payout_unloading_destinations():
    empty = sample_ship("kestrel", 2, destination="ceres")
    state = at_dock((LOADED, empty), local=("copper",), claimed=("xenite",))
    steps = run(dock(state, DockVisit()))
    after = steps.result
    ada = after.player("Ada")
    assert [s.title for s in steps] == ["Unclaimed tokens to known space", "Payout: Mule 1", "Unload", "Discard destinations"]
    assert after.known == ("copper",) and ada.claimed == ("xenite",)
    assert ada.credits == 30 + 8 + 3 + 2 + 4
    assert ada.local == ("gold", "ice", "iron") and all(s.hold == () for s in ada.ships)
    assert after.destination_discard == ("vesta", "ceres") and all(s.destination is None for s in ada.ships)


def test_an_obsolete_ship_is_paid_then_scrapped_with_its_loans_repaid_in_full():
    old = sample_ship("kestrel", 1, loans=2, pilots=("ace",), gear=("fuel_cell", "cargo_pod", "ore_scanner"), hold=("gold",))
    new = sample_ship("harrier", 2)
    state = replace(at_dock((old, new)), era=3)
    action = DockVisit(transfers=(Transfer("kestrel-1", "ace", "harrier-2"), Transfer("kestrel-1", "fuel_cell", None)))
    steps = run(dock(state, action))
    ada = steps.result.player("Ada")
    assert [s.id for s in ada.ships] == ["harrier-2"]
    assert ada.ship("harrier-2").pilots == ("ace",) and ada.kept_cards == ("fuel_cell",)
    assert ada.credits == 30 + (5 + 3 + 2) - 2 * 5 - 6 - 4
    assert steps.result.market_discard == ("cargo_pod", "ore_scanner")
    assert [s.title for s in steps][-3:] == ["Scrap an obsolete ship", "Transfer a card", "Transfer a card"]


def test_transfer_limits_one_pilot_two_gear_from_a_scrapped_ship_only():
    old = sample_ship("kestrel", 1, pilots=("ace",), gear=("fuel_cell", "cargo_pod", "ore_scanner"))
    state = replace(at_dock((old, sample_ship("harrier", 2, pilots=("rookie",)))), era=3)
    three = tuple(Transfer("kestrel-1", g) for g in ("fuel_cell", "cargo_pod", "ore_scanner"))
    refused(state, DockVisit(transfers=three), "merchants.dock.transfer_limit")
    refused(state, DockVisit(transfers=(Transfer("harrier-2", "rookie"),)), "merchants.dock.not_scrapped")
    refused(state, DockVisit(transfers=(Transfer("kestrel-1", "rookie"),)), "merchants.dock.card_not_aboard")
    refused(state, DockVisit(transfers=(Transfer("kestrel-1", "ace", "harrier-2"),)), "merchants.market.pilot_limit")
    both_old = replace(at_dock((old, sample_ship("mule", 3))), era=3)
    refused(both_old, DockVisit(transfers=(Transfer("kestrel-1", "ace", "mule-3"),)), "merchants.dock.to_scrapped")
    poor = seated(state, "Ada", credits=5)
    refused(poor, DockVisit(transfers=(Transfer("kestrel-1", "ace"),)), "merchants.dock.cannot_afford")


def test_refused_away_from_the_dock():
    refused(seated(small_table(), "Ada", ships=(LOADED,)), DockVisit(), "merchants.dock.not_here")


def test_in_the_end_game_tokens_stay_aboard_loans_are_repaid_and_nothing_is_scrapped():
    old = sample_ship("kestrel", 1, loans=1, hold=("gold",), pilots=("ace",))
    state = replace(at_dock((old,)), era=3, end_trigger="Bea", dock_arrivals=("Bea",))
    steps = run(dock(state, DockVisit()))
    after = steps.result
    ada = after.player("Ada")
    assert ada.ships[0].hold == ("gold",) and ada.ships[0].loans == 0 and ada.ships[0].pilots == ("ace",)
    assert ada.credits == 30 + 5 + 3 - 5
    assert after.dock_arrivals == ("Bea", "Ada")
    assert [s.title for s in steps] == ["Unclaimed tokens to known space", "Payout: Kestrel 1", "Tokens stay aboard",
                                        "Discard destinations", "Repay every loan", "Obsolete ships stay", "Back at the Dock"]
    refused(state, DockVisit(trigger_end=True), "merchants.end.already_triggered")


def test_scrapping_a_ship_whose_loans_cannot_be_repaid_is_refused():
    """M-R4: a forced repayment that the credits after the payout cannot cover refuses the Dock action."""
    old = sample_ship("kestrel", 1, loans=2, hold=("ice",))  # pays 1; its loans cost 2 × 5
    state = replace(at_dock((old,), credits=8), era=3)
    refused(state, DockVisit(), "merchants.dock.cannot_repay")


def test_the_debt_variant_repays_into_negative_credits():
    old = sample_ship("kestrel", 1, loans=2, hold=("ice",))
    state = replace(at_dock((old,), credits=8), era=3)
    state = replace(state, variant=state.variant.but(unpayable_repayment="debt"))
    steps = run(dock(state, DockVisit()))
    assert steps.result.player("Ada").credits == 8 + 1 - 10 and steps.result.player("Ada").ships == ()
    assert "negative credits" in next(s.text for s in steps if s.title == "Scrap an obsolete ship")


def test_an_end_game_dock_whose_loans_cannot_be_repaid_forfeits_every_credit():
    """M-R7: in the end game the Dock is always open; an unpayable loan takes every credit and is written off."""
    ship = sample_ship("mule", 1, loans=2, hold=("ice",))  # pays 1; its loans cost 2 × 5
    state = replace(at_dock((ship,), credits=8), end_trigger="Bea", dock_arrivals=("Bea",))
    steps = run(dock(state, DockVisit()))
    ada = steps.result.player("Ada")
    assert ada.credits == 0 and ada.loans == 0 and steps.result.dock_arrivals == ("Bea", "Ada")
    assert "the other 1 are written off" in next(s.text for s in steps if s.title == "Repay every loan")
    paid = run(dock(seated(state, "Ada", credits=9), DockVisit())).result.player("Ada")
    assert paid.credits == 0 and paid.loans == 0


def test_the_endgame_debt_variant_leaves_the_unpaid_rest_as_negative_credits():
    ship = sample_ship("mule", 1, loans=2, hold=("ice",))
    state = replace(at_dock((ship,), credits=8), end_trigger="Bea", dock_arrivals=("Bea",))
    state = replace(state, variant=state.variant.but(endgame_unpaid_loans="debt"))
    assert run(dock(state, DockVisit())).result.player("Ada").credits == 8 + 1 - 10


def test_triggering_the_end_with_a_loaded_obsolete_ship_keeps_its_tokens():
    """M-F9: from the trigger on obsolete ships are not scrapped; the tokens aboard stay and are paid."""
    old = sample_ship("kestrel", 1, hold=("gold", "ice"))
    state = replace(at_dock((old,), credits=110), era=3)
    after = run(dock(state, DockVisit(trigger_end=True))).result
    ada = after.player("Ada")
    assert after.end_trigger == "Ada"
    assert [s.id for s in ada.ships] == [old.id] and ada.ships[0].hold == ("gold", "ice")


def test_scrapping_unloads_the_obsolete_ship_first_or_discards_its_tokens_by_variant():
    """M-R8: 'unload' (default) puts the scrapped ship's tokens in local space; 'discard' takes them out of play."""
    old = sample_ship("kestrel", 1, hold=("gold",))
    state = replace(at_dock((old,)), era=3)
    unloaded = run(dock(state, DockVisit())).result
    assert unloaded.player("Ada").ships == () and unloaded.player("Ada").local == ("gold",)
    assert unloaded.out_of_play == ()
    literal = replace(state, variant=state.variant.but(scrap_tokens="discard"))
    discarded = run(dock(literal, DockVisit())).result
    assert discarded.player("Ada").ships == () and discarded.player("Ada").local == ()
    assert discarded.out_of_play == ("gold",)
