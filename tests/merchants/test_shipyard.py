"""The Shipyard (シップヤード): buying, leasing at 150%, forced repayment, Marks, obsolescence, limits."""

from dataclasses import replace
from fractions import Fraction

import pytest
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import IllegalAction, run
from tabletoolkit.merchants import BuyShip, PayLoans, RULEBOOK, lease_cost, lease_formula, lease_ratio, shipyard

pytestmark = pytest.mark.phase("merchants.shipyard")


def refused(state, action, rule, arrived=False):
    with pytest.raises(IllegalAction) as caught:
        run(shipyard(state, action, arrived))
    assert caught.value.rule == rule
    return caught.value


def test_buying_pays_the_full_price_and_takes_a_ship_from_the_supply():
    state = small_table()
    after = run(shipyard(state, BuyShip("kestrel"))).result
    ada = after.player("Ada")
    assert ada.credits == 30 - 10
    assert [(s.id, s.loans, s.energy, s.cargo) for s in ada.ships] == [("kestrel-1", 0, 5, 2)]
    assert dict(after.shipyard)["kestrel"] == 1 and after.era == 1


def test_leasing_pays_half_and_puts_two_loan_markers_on_the_ship():
    after = run(shipyard(small_table(), BuyShip("mule", lease=True))).result
    ada = after.player("Ada")
    assert ada.credits == 30 - 5 and ada.ships[0].loans == 2


def test_a_lease_costs_150_percent_and_odd_halves_round_up():
    assert lease_cost(10) == (5, 10) and lease_ratio(10) == Fraction(3, 2)
    assert lease_cost(35) == (18, 36) and lease_ratio(35) == Fraction(54, 35)
    down = RULEBOOK.but(half_price_rounding="down")
    assert lease_cost(35, down) == (17, 34)


def test_the_lease_formula_is_three_half_prices():
    import sympy

    formula = lease_formula()
    p = sympy.Symbol("p", positive=True, integer=True)
    assert formula.rhs == 3 * sympy.ceiling(p / 2)
    assert [formula.rhs.subs(p, price) for price in (10, 35, 50)] == [15, 54, 75]


def test_entering_with_loans_forces_the_pay_loans_action():
    state = seated(small_table(), "Ada", ships=(sample_ship("mule", 1, loans=2),), location="Shipyard")
    refused(state, BuyShip("kestrel"), "merchants.shipyard.must_repay", arrived=True)
    steps = run(shipyard(state, PayLoans(("mule-1", "mule-1")), arrived=True))
    ada = steps.result.player("Ada")
    assert ada.credits == 30 - 2 * 5 and ada.loans == 0
    assert "forced" in steps[0].text and "whole action" in steps[0].text


def test_acting_again_at_the_shipyard_may_buy_while_holding_loans():
    state = seated(small_table(), "Ada", ships=(sample_ship("mule", 1, loans=1),))
    after = run(shipyard(state, BuyShip("kestrel"), arrived=False)).result
    assert len(after.player("Ada").ships) == 2


@pytest.mark.parametrize(
    "ships, action, rule",
    [
        ((), PayLoans(("mule-1",)), "merchants.shipyard.no_loans"),
        ((sample_ship("mule", 1, loans=1),), PayLoans(("mule-1", "mule-1")), "merchants.shipyard.no_such_loan"),
        ((sample_ship("mule", 1, loans=1),), PayLoans(()), "merchants.shipyard.repay_at_least_one"),
        ((), BuyShip("falcon"), "merchants.shipyard.not_current_mark"),
    ],
)
def test_refusals_leave_the_state_unchanged(ships, action, rule):
    state = seated(small_table(), "Ada", ships=ships)
    before = state
    refused(state, action, rule)
    assert state == before


def test_cannot_afford_a_ship_or_a_repayment():
    poor = seated(small_table(), "Ada", credits=4)
    refused(poor, BuyShip("kestrel"), "merchants.shipyard.cannot_afford")
    refused(poor, BuyShip("kestrel", lease=True), "merchants.shipyard.cannot_afford")
    assert run(shipyard(seated(poor, "Ada", credits=5), BuyShip("kestrel", lease=True))).result.player("Ada").credits == 0
    indebted = seated(poor, "Ada", ships=(sample_ship("mule", 1, loans=1),))
    refused(indebted, PayLoans(("mule-1",)), "merchants.shipyard.cannot_afford")


def test_the_shipyard_acts_only_on_a_player_there():
    refused(seated(small_table(), "Ada", location="Market"), BuyShip("kestrel"), "merchants.shipyard.not_here")


def test_sold_out_designs_are_refused():
    state = replace(small_table(), shipyard=(("kestrel", 0), ("mule", 2), ("falcon", 2), ("ox", 2),
                                        ("harrier", 2), ("bison", 1), ("peregrine", 1), ("mammoth", 1)))
    refused(state, BuyShip("kestrel"), "merchants.shipyard.sold_out")


def test_ownership_limits_per_mark():
    assert RULEBOOK.ownership_limits == (4, 4, 3, 2)
    state = replace(seated(small_table(), "Ada", ships=tuple(sample_ship("kestrel", n) for n in range(1, 4)), credits=99), era=3)
    state = replace(state, shipyard=tuple((d, 5) for d, _ in state.shipyard))
    harrier_owner = seated(state, "Ada", ships=tuple(sample_ship("harrier", n) for n in range(1, 4)))
    refused(harrier_owner, BuyShip("harrier"), "merchants.shipyard.ownership_limit")
    two_harriers = seated(state, "Ada", ships=tuple(sample_ship("harrier", n) for n in range(1, 3)))
    assert len(run(shipyard(two_harriers, BuyShip("harrier"))).result.player("Ada").ships) == 3


def test_the_mark_advances_when_every_ship_of_it_is_gone():
    state = replace(small_table(), shipyard=(("kestrel", 0), ("mule", 1)) + small_table().shipyard[2:])
    steps = run(shipyard(state, BuyShip("mule")))
    assert steps.result.era == 2
    assert [s.title for s in steps] == ["Buy a ship", "The Mark advances"]
    assert "Mark 2 ships go on sale" in steps[-1].text and "obsolete" not in steps[-1].text


def test_obsolescence_mark_one_in_the_mark_three_era_mark_two_in_the_mark_four_era():
    state = small_table()
    one, two, three = sample_ship("kestrel"), sample_ship("falcon"), sample_ship("harrier")
    assert [replace(state, era=2).obsolete(s) for s in (one, two, three)] == [False, False, False]
    assert [replace(state, era=3).obsolete(s) for s in (one, two, three)] == [True, False, False]
    assert [replace(state, era=4).obsolete(s) for s in (one, two, three)] == [True, True, False]
    state = replace(small_table(), era=2, shipyard=(("kestrel", 0), ("mule", 0), ("falcon", 0), ("ox", 1)) + small_table().shipyard[4:])
    steps = run(shipyard(seated(state, "Ada", credits=40), BuyShip("ox")))
    assert steps.result.era == 3 and "Mark 1 ships are now obsolete" in steps[-1].text


def test_cards_kept_from_a_scrapped_ship_go_on_the_next_ship():
    state = seated(small_table(), "Ada", kept_cards=("ace", "fuel_cell", "cargo_pod"))
    ship = run(shipyard(state, BuyShip("kestrel"))).result.player("Ada").ships[0]
    assert ship.pilots == ("ace",) and ship.gear == ("fuel_cell", "cargo_pod")
