"""The Market (マーケット): replacing on arrival, pilots and gear, refineries, claiming a mine token."""

from dataclasses import replace

import pytest
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import IllegalAction, Rng, run
from tabletoolkit.merchants import MarketVisit, market

pytestmark = pytest.mark.phase("merchants.market")


def at_market(**changes):
    changes.setdefault("ships", (sample_ship("kestrel"), sample_ship("mule", 2)))
    return seated(small_table(), "Ada", location="Market", **changes)


def refused(state, action, rule, arrived=False):
    before = state
    with pytest.raises(IllegalAction) as caught:
        run(market(state, action, Rng(0), arrived))
    assert caught.value.rule == rule
    assert state == before


def test_gear_goes_on_one_ship_and_the_row_refills_from_the_deck():
    after = run(market(at_market(), MarketVisit(buy="fuel_cell", ship="kestrel-1"), Rng(0))).result
    ada = after.player("Ada")
    assert ada.credits == 30 - 4 and ada.ship("kestrel-1").gear == ("fuel_cell",)
    assert after.market_row == ("rookie", "ace", "cargo_pod", "ore_scanner")
    assert after.market_deck == ("navigator", "rookie")
    assert after.energy_of(ada.ship("kestrel-1")) == 5 + 1


def test_one_pilot_and_six_gear_per_ship():
    state = at_market(ships=(sample_ship("kestrel", pilots=("rookie",), gear=("fuel_cell",) * 6),))
    refused(state, MarketVisit(buy="ace", ship="kestrel-1"), "merchants.market.pilot_limit")
    refused(state, MarketVisit(buy="cargo_pod", ship="kestrel-1"), "merchants.market.gear_limit")
    refused(at_market(), MarketVisit(buy="ace"), "merchants.market.needs_ship")


def test_refineries_open_only_after_a_player_has_left_the_dock():
    refused(at_market(), MarketVisit(buy="smelter"), "merchants.market.refineries_closed")
    opened = replace(at_market(), refineries_open=True)
    after = run(market(opened, MarketVisit(buy="smelter"), Rng(0))).result
    ada = after.player("Ada")
    assert ada.refineries == ("smelter",) and ada.credits == 20
    assert after.dock_value(ada, "iron") == 2 + 1 and after.dock_value(ada, "ice") == 1
    refused(opened, MarketVisit(buy="smelter", ship="kestrel-1"), "merchants.market.refinery_fleet_wide")
    empty = replace(opened, refinery_supply=(("ice_refinery", 2), ("smelter", 0), ("assay", 1)))
    refused(empty, MarketVisit(buy="smelter"), "merchants.market.refinery_sold_out")


def test_refineries_are_unlimited_per_player():
    state = replace(at_market(credits=99), refineries_open=True)
    for _ in range(2):
        state = run(market(state, MarketVisit(buy="ice_refinery"), Rng(0))).result
    ada = state.player("Ada")
    assert ada.refineries == ("ice_refinery", "ice_refinery") and state.dock_value(ada, "ice") == 1 + 2


def test_replacing_two_cards_only_on_arrival_before_buying():
    steps = run(market(at_market(), MarketVisit(replace=("rookie", "ace"), buy="ore_scanner", ship="mule-2"), Rng(0), True))
    after = steps.result
    assert [s.title for s in steps] == ["Replace market cards", "Buy a gear card"]
    assert after.market_discard == ("rookie", "ace")
    assert after.market_row == ("fuel_cell", "cargo_pod", "navigator", "rookie")
    assert after.player("Ada").ship("mule-2").gear == ("ore_scanner",)
    refused(at_market(), MarketVisit(replace=("rookie",), buy="ace", ship="mule-2"), "merchants.market.replace_on_arrival")
    refused(at_market(), MarketVisit(replace=("rookie", "ace", "fuel_cell")), "merchants.market.replace_limit", arrived=True)
    refused(at_market(), MarketVisit(replace=("navigator",)), "merchants.market.not_in_row", arrived=True)


def test_a_replacement_alone_is_allowed_on_arrival():
    after = run(market(at_market(), MarketVisit(replace=("rookie",)), Rng(0), True)).result
    assert after.market_row == ("ace", "fuel_cell", "cargo_pod", "ore_scanner") and after.player("Ada").credits == 30


def test_claiming_a_mine_token_is_a_six_credit_bonus_to_a_purchase():
    state = at_market(local=("gold", "ice"))
    refused(state, MarketVisit(claim="gold"), "merchants.market.claim_needs_purchase")
    refused(state, MarketVisit(buy="rookie", ship="kestrel-1", claim="iron"), "merchants.market.no_token_to_claim")
    steps = run(market(state, MarketVisit(buy="rookie", ship="kestrel-1", claim="gold"), Rng(0)))
    ada = steps.result.player("Ada")
    assert ada.credits == 30 - 3 - 6 and ada.local == ("ice",) and ada.claimed == ("gold",)
    assert steps[-1].title == "Claim a mine token"
    refused(seated(state, "Ada", credits=8), MarketVisit(buy="rookie", ship="kestrel-1", claim="gold"), "merchants.market.cannot_afford")


def test_other_refusals():
    refused(at_market(), MarketVisit(), "merchants.market.no_action")
    refused(at_market(), MarketVisit(buy="navigator", ship="kestrel-1"), "merchants.market.not_in_row")
    refused(seated(small_table(), "Ada", ships=(sample_ship("kestrel"),)), MarketVisit(buy="ace", ship="kestrel-1"), "merchants.market.not_here")
