"""The end of the game (ゲームの終了): may and must trigger, the last lap, the Dock bonus, the winner."""

from dataclasses import replace

import pytest
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import IllegalAction, Rng, run
from tabletoolkit.merchants import (DockVisit, act, dock, end_game, move, move_and_act, scripted, standings,
                                    stay, turn)

pytestmark = pytest.mark.phase("merchants.end")


def docked(credits, ships=(), names=("Ada", "Bea")):
    return seated(small_table(names), "Ada", location="Dock", credits=credits, ships=ships)


def refused(state, action, rule):
    before = state
    with pytest.raises(IllegalAction) as caught:
        run(dock(state, action))
    assert caught.value.rule == rule
    assert state == before


def test_with_no_loans_and_100_credits_a_player_may_trigger_the_end():
    steps = run(dock(docked(100), DockVisit(trigger_end=True)))
    after = steps.result
    assert after.end_trigger == "Ada" and after.dock_arrivals == ("Ada",)
    assert after.player("Ada").credits == 110 and steps[-1].title == "Trigger the end"
    assert "Tokens stay aboard" in [s.title for s in steps]
    assert run(dock(docked(100), DockVisit())).result.end_trigger is None
    refused(docked(99), DockVisit(trigger_end=True), "merchants.end.not_allowed")
    refused(docked(120, (sample_ship("mule", loans=1),)), DockVisit(trigger_end=True), "merchants.end.not_allowed")


def test_the_trigger_keeps_the_tokens_aboard():
    loaded = docked(100, (sample_ship("mule", hold=("gold",)),))
    after = run(dock(loaded, DockVisit(trigger_end=True))).result.player("Ada")
    assert after.ships[0].hold == ("gold",) and after.local == () and after.credits == 100 + 5 + 10


def test_with_150_credits_a_player_must_trigger_and_repay_every_loan():
    indebted = docked(150, (sample_ship("mule", loans=1), sample_ship("falcon", 2, loans=2)))
    refused(indebted, DockVisit(), "merchants.end.must_trigger")
    after = run(dock(indebted, DockVisit(trigger_end=True))).result
    assert after.player("Ada").credits == 150 - 5 - 2 * 10 + 10 and after.player("Ada").loans == 0


def test_the_must_threshold_is_checked_before_repaying():
    state = docked(155, (sample_ship("peregrine", loans=1),))
    refused(state, DockVisit(), "merchants.end.must_trigger")
    after = replace(state, variant=state.variant.but(must_checked="after_repaying"))
    assert run(dock(after, DockVisit())).result.end_trigger is None


def test_a_player_who_cannot_repay_a_forced_loan_is_refused_with_a_reason():
    state = docked(150, (sample_ship("peregrine", loans=7),))
    refused(state, DockVisit(trigger_end=True), "merchants.end.cannot_repay")
    steps = run(dock(state, DockVisit()))
    assert steps[-1].title == "The end cannot be triggered" and "175" in steps[-1].text
    assert steps.result.end_trigger is None


def three_at_the_end():
    """Ada at the Dock about to trigger; Bea at the Dock too; Cy at the Belt with 115 credits."""
    state = small_table(("Ada", "Bea", "Cy"))
    state = seated(state, "Ada", location="Dock", credits=100)
    state = seated(state, "Bea", location="Dock", credits=30, ships=(sample_ship("kestrel", 2),))
    return seated(state, "Cy", location="Belt", credits=115, ships=(sample_ship("mule", 3),))


SCRIPT = [
    act(DockVisit(trigger_end=True)),        # Ada triggers: 110
    move(),                                  # Bea was at the Dock: goes round (Shipyard)
    move_and_act(DockVisit()),               # Cy reaches the Dock
    stay(),                                  # Ada +5
    move(),                                  # Bea: Market
    stay(),                                  # Cy +5
    stay(),                                  # Ada +5
    move(),                                  # Bea: Belt
    stay(),                                  # Cy +5
    stay(),                                  # Ada +5
    move_and_act(DockVisit()),               # Bea back at the Dock: the game ends
]


def test_the_end_game_for_three_players_to_the_winner_and_the_tie_break():
    steps = run(end_game(three_at_the_end(), scripted(SCRIPT), Rng(0)))
    final = steps.result
    assert final.finished and final.dock_arrivals == ("Ada", "Cy", "Bea")
    assert [(s.name, s.credits, s.arrival) for s in standings(final)] == [("Ada", 125, 1), ("Cy", 125, 2), ("Bea", 30, 3)]
    assert steps[-1].title == "The winner" and "Ada wins. The tie goes to the earliest arrival" in steps[-1].text
    trigger = next(s for s in steps if s.title == "Trigger the end")
    assert "Bea was at the Dock and goes round once more" in trigger.text and "Cy plays on" in trigger.text


def test_end_game_turn_refusals():
    triggered = run(turn(three_at_the_end(), act(DockVisit(trigger_end=True)), Rng(0))).result
    assert triggered.active.name == "Bea" and triggered.player("Bea").final_lap
    for choice, rule in ((act(DockVisit()), "merchants.end.must_leave"), (stay(), "merchants.end.no_stay")):
        with pytest.raises(IllegalAction) as caught:
            run(turn(triggered, choice, Rng(0)))
        assert caught.value.rule == rule
    at_cy = run(turn(triggered, move(), Rng(0))).result
    with pytest.raises(IllegalAction) as caught:
        run(turn(at_cy, move(), Rng(0)))
    assert caught.value.rule == "merchants.end.dock_on_arrival"
    at_ada = run(turn(at_cy, move_and_act(DockVisit()), Rng(0))).result
    with pytest.raises(IllegalAction) as caught:
        run(turn(at_ada, move(), Rng(0)))
    assert caught.value.rule == "merchants.end.stay_at_dock"
    assert run(turn(at_ada, stay(), Rng(0))).result.player("Ada").credits == 115


def test_the_stay_variant_lets_players_at_the_dock_stay():
    state = three_at_the_end()
    state = replace(state, variant=state.variant.but(docked_at_trigger="stay"))
    after = run(turn(state, act(DockVisit(trigger_end=True)), Rng(0))).result
    assert after.dock_arrivals == ("Ada", "Bea") and not after.player("Bea").final_lap
    assert run(turn(after, stay(), Rng(0))).result.player("Bea").credits == 35


def test_end_game_needs_a_trigger():
    with pytest.raises(IllegalAction) as caught:
        run(end_game(three_at_the_end(), scripted([act(DockVisit())]), Rng(0)))
    assert caught.value.rule == "merchants.end.not_triggered"


def test_the_may_pass_variant_enters_the_dock_without_a_payout_but_repays_every_loan():
    triggered = run(turn(three_at_the_end(), act(DockVisit(trigger_end=True)), Rng(0))).result
    at_cy = run(turn(triggered, move(), Rng(0))).result  # Bea goes round
    cy = at_cy.player("Cy")
    loaded = seated(at_cy, "Cy", ships=(replace(cy.ships[0], hold=("gold",), loans=1),))
    passing = replace(loaded, variant=loaded.variant.but(endgame_dock_entry="may_pass"))
    steps = run(turn(passing, move(), Rng(0)))
    after = steps.result.player("Cy")
    assert after.location == "Dock" and after.credits == 115 - 5 and after.loans == 0 and after.ships[0].hold == ("gold",)
    assert steps.result.dock_arrivals == ("Ada", "Cy")
    assert any(s.title == "Back at the Dock without the Dock action" for s in steps)
    broke = seated(passing, "Cy", credits=4, ships=(replace(cy.ships[0], loans=1),))
    forfeited = run(turn(broke, move(), Rng(0))).result  # M-R7: the Dock is always open in the end game
    assert forfeited.player("Cy").credits == 0 and forfeited.player("Cy").loans == 0
    assert forfeited.dock_arrivals == ("Ada", "Cy")
