"""A turn (手番の流れ): act here, move and act, move and do nothing; the clockwise loop; legal choices."""

from dataclasses import replace

import pytest
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import IllegalAction, Rng, run
from tabletoolkit.merchants import (BuyShip, DockVisit, MarketVisit, RunShip, act, legal_choices, move, move_and_act,
                                    turn)
from tabletoolkit.merchants.state import next_location

pytestmark = pytest.mark.phase("merchants.turn")


def refused(state, choice, rule):
    before = state
    with pytest.raises(IllegalAction) as caught:
        run(turn(state, choice, Rng(0)))
    assert caught.value.rule == rule
    assert state == before


def test_the_loop_runs_clockwise():
    assert [next_location(p) for p in ("Shipyard", "Market", "Belt", "Dock")] == ["Market", "Belt", "Dock", "Shipyard"]


def test_move_and_do_nothing_passes_the_turn():
    steps = run(turn(small_table(), move(), Rng(0)))
    after = steps.result
    assert after.player("Ada").location == "Market" and after.player("Ada").credits == 30
    assert after.active.name == "Bea" and after.turn == 2
    assert [s.title for s in steps] == ["Turn 1: Ada moves to the Market", "Next player"]
    assert steps[0].text == "Ada moves clockwise from the Shipyard to the Market and does nothing."


def test_move_and_act_and_act_again_where_you_stand():
    state = seated(small_table(), "Ada", location="Market", visited_belt=True, ships=(sample_ship("kestrel"), sample_ship("mule", 2)))
    first = run(turn(state, move_and_act(RunShip("kestrel-1")), Rng(0))).result
    again = replace(first, current=0)
    steps = run(turn(again, act(RunShip("mule-2")), Rng(0)))
    assert steps[0].text == "Ada acts again where they stand (M-R5)."
    strict = replace(again, variant=again.variant.but(act_again=False))
    refused(strict, act(RunShip("mule-2")), "merchants.turn.act_again")


def test_the_action_must_fit_the_location():
    refused(small_table(), move_and_act(BuyShip("kestrel")), "merchants.turn.wrong_action")
    refused(small_table(), move_and_act(DockVisit()), "merchants.turn.wrong_action")
    with pytest.raises(IllegalAction) as caught:
        run(turn(small_table(), replace(move(), action=MarketVisit(buy="rookie")), Rng(0)))
    assert caught.value.rule == "merchants.turn.move_no_action"


def test_entering_the_shipyard_with_loans_forces_repayment_when_it_can_be_paid():
    state = seated(small_table(), "Ada", location="Dock", ships=(sample_ship("mule", loans=1),))
    refused(state, move(), "merchants.shipyard.must_repay")
    broke = seated(state, "Ada", credits=4)
    assert run(turn(broke, move(), Rng(0))).result.player("Ada").location == "Shipyard"


def test_leaving_the_dock_opens_the_refineries():
    state = seated(small_table(), "Ada", location="Dock")
    steps = run(turn(state, move(), Rng(0)))
    assert steps.result.refineries_open and steps[1].title == "Refineries open"
    assert not run(turn(small_table(), move(), Rng(0))).result.refineries_open


def test_legal_choices_list_every_candidate_legal_or_refused_with_its_rule_and_section():
    options = {option.text: option for option in legal_choices(small_table())}
    assert options["act here: buy a Kestrel"].legal and options["act here: lease a Mule"].legal
    assert options["move and do nothing"].legal
    stay = options["stay at the Dock"]
    assert not stay.legal and stay.rule == "merchants.end.no_stay" and stay.section == "ゲームの終了"
    falcon = options["act here: buy a Falcon"]
    assert falcon.rule == "merchants.shipyard.not_current_mark" and falcon.reason.startswith("Only Mark 1 ships")


def test_no_turn_after_the_game_is_over():
    refused(replace(small_table(), finished=True), move(), "merchants.turn.game_over")


def test_malformed_choices_are_invalid_input():
    from tabletoolkit import InvalidInput
    from tabletoolkit.merchants import BeltAction, TurnChoice, explore, pickup

    for build, field in ((lambda: TurnChoice("fly"), "option"), (lambda: pickup("space"), "source"),
                         (lambda: explore("bag"), "place"), (lambda: BeltAction("dance"), "kind")):
        with pytest.raises(InvalidInput) as caught:
            build()
        assert caught.value.field == field


def test_the_when_acting_variant_lets_a_player_with_loans_pass_into_the_shipyard():
    state = seated(small_table(), "Ada", location="Dock", ships=(sample_ship("mule", loans=1),))
    state = replace(state, variant=state.variant.but(loans_on_entering="when_acting"))
    after = run(turn(state, move(), Rng(0))).result
    assert after.player("Ada").location == "Shipyard" and after.player("Ada").loans == 1
    refused(state, move_and_act(BuyShip("kestrel")), "merchants.shipyard.must_repay")
