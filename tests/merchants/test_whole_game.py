"""Starship Merchants as a whole game on the game contract: every decision when the rules give it, exact chance."""

from dataclasses import replace
from fractions import Fraction

import pytest

import tabletoolkit as tt
from tabletoolkit import CHANCE, IllegalAction, InvalidInput
from tabletoolkit.engine.tester import check_game
from tabletoolkit.merchants import (RULEBOOK, BuyCard, ClaimToken, DockVisit, EndRun, Explore, Finish, Load, MarketVisit,
                                    MerchantsGame, PayLoans, Pickup, Place, RepayLoan, ReplaceCard, RunShip, Transfer,
                                    TurnChoice, steady_merchant)
from tabletoolkit.merchants.examples import sample_ship, seated, small_table
from tabletoolkit.merchants.whole_game import AtMarket, Loading, Placing, Running, Transferring

pytestmark = pytest.mark.phase("merchants.turn")


def game_of(board, **changes) -> MerchantsGame:
    return MerchantsGame(board, seed=0, **changes)


def option(game, choice):
    found = game.options().get(choice)
    assert found is not None, f"{choice} is not offered; offered: {[o.text for o in game.options()]}"
    return found


def refused_with(game, choice, rule):
    before = repr(game), game.options()
    with pytest.raises(IllegalAction) as caught:
        game.apply(choice)
    assert caught.value.rule == rule
    assert (repr(game), game.options()) == before


# --- the contract's entry points ------------------------------------------------------------------------
def test_a_game_with_no_settings_is_a_rulebook_game_of_three_at_seed_0():
    game = tt.new_game("merchants")
    assert game.seats == ("Ada", "Bea", "Cy") and game.seed == 0 and game.variant == RULEBOOK
    assert game.to_move == "Ada" and not game.over
    assert game.steps[0].title == "Set up"
    assert TurnChoice("act", MarketVisit()) not in game.options()  # Ada is at the Shipyard


@pytest.mark.parametrize("settings, field", [
    ({"players": 1}, "players"), ({"players": 5}, "players"), ({"players": "3"}, "players"), ({"players": True}, "players"),
    ({"colour": "red"}, "settings"), ({"seed": "7"}, "seed"), ({"variant": "fast"}, "variant"),
    ({"players": [[], []]}, "players"), ({"players": ("Ada", "Ada")}, "players"), ({"players": ("Ada", "")}, "players"),
    ({"players": ("Ada",)}, "players"), ({"players": ("Ada", 7)}, "players"),
])
def test_bad_settings_are_typed_errors_naming_what_is_wrong(settings, field):
    with pytest.raises(InvalidInput) as caught:
        tt.new_game("merchants", **settings)
    assert caught.value.field == field


def test_an_unknown_game_names_the_games_there_are():
    with pytest.raises(InvalidInput) as caught:
        tt.new_game("chess")
    assert caught.value.field == "game" and "merchants" in caught.value.reason


@pytest.mark.parametrize("garbage", [None, [], {"a": 1}, "nonsense", 3, Load("gold"), TurnChoice("stay")])
def test_a_choice_not_offered_is_refused_and_changes_nothing(garbage):
    refused_with(tt.new_game("merchants", seed=3), garbage, "engine.not_offered")


def test_a_choice_may_be_given_by_its_words():
    game = tt.new_game("merchants", seed=3)
    assert game.apply("act here: buy a kestrel") == game.apply(TurnChoice("act", option(game, "act here: buy a kestrel").choice.action))


def test_a_refused_option_is_refused_by_apply_with_its_own_rule():
    board = seated(small_table(), "Ada", credits=4)
    game = game_of(board)
    listed = option(game, TurnChoice("act", __import__("tabletoolkit").merchants.BuyShip("kestrel")))
    assert not listed.legal and listed.rule == "merchants.shipyard.cannot_afford" and listed.section == "シップヤード"
    refused_with(game, listed.choice, "merchants.shipyard.cannot_afford")


def test_the_variant_lives_in_the_state():
    game = tt.new_game("merchants", seed=1, variant=RULEBOOK.but(explore_cost=1))
    while not (game.pending and isinstance(game.pending[-1], Running)):
        game = game.apply(steady_merchant(game)) if game.to_move is not CHANCE else game.apply(next(iter(game.chance())))
    assert option(game, Explore()).cost == "1 energy"


# --- the end-game dead end (M-R7) ----------------------------------------------------------------------
def indebted_in_the_end_game():
    """Bea triggered the end; Ada at the Belt owes 10 credits on a leased mule and has 3."""
    board = seated(small_table(), "Ada", location="Belt", credits=3, visited_belt=True,
                   ships=(sample_ship("mule", loans=2, hold=("ice",)),))
    board = seated(board, "Bea", location="Dock", credits=120)
    return game_of(replace(board, end_trigger="Bea", dock_arrivals=("Bea",)))


def test_a_player_who_cannot_repay_every_loan_in_the_end_game_still_has_a_legal_turn():
    game = indebted_in_the_end_game()
    assert game.options().legal, "dead end"
    dock = option(game, TurnChoice("move_act", DockVisit()))
    assert dock.legal
    after = game.apply(dock.choice)
    ada = after.board.player("Ada")
    assert ada.credits == 0 and ada.loans == 0 and ada.location == "Dock"  # 3 + 1 paid out, all of it to the loans
    assert after.board.dock_arrivals == ("Bea", "Ada")
    assert any("written off" in step.text for step in after.steps)


def test_the_debt_variant_keeps_the_unpaid_rest_as_negative_credits():
    game = indebted_in_the_end_game()
    game = replace(game, board=replace(game.board, variant=RULEBOOK.but(endgame_unpaid_loans="debt")))
    after = game.apply(TurnChoice("move_act", DockVisit()))
    assert after.board.player("Ada").credits == 3 + 1 - 10


# --- the Shipyard: several loans in one visit ------------------------------------------------------------
def test_several_loan_markers_are_repaid_one_decision_at_a_time():
    board = seated(small_table(), "Ada", location="Dock", credits=30,
                   ships=(sample_ship("mule", 1, loans=2), sample_ship("kestrel", 2, loans=1)))
    game = game_of(board).apply(TurnChoice("move_act", PayLoans(("mule-1",))))
    assert game.to_move == "Ada" and game.board.player("Ada").credits == 25
    assert {o.text for o in game.options().legal} == {"repay a loan marker of Mule 1", "repay a loan marker of Kestrel 2",
                                                       "stop repaying"}
    game = game.apply(RepayLoan("kestrel-2"))
    assert game.board.player("Ada").credits == 20 and game.board.player("Ada").loans == 1
    game = game.apply(Finish("stop repaying"))
    assert game.to_move == "Bea" and game.board.player("Ada").loans == 1


# --- the Market: replacing on arrival, one purchase, the claim -------------------------------------------
def test_arriving_at_the_market_two_cards_may_be_replaced_each_drawn_with_exact_odds():
    board = seated(small_table(), "Ada", ships=(sample_ship("mule"),), credits=30)
    game = game_of(board).apply(TurnChoice("move_act", MarketVisit()))
    assert isinstance(game.pending[-1], AtMarket)
    game = game.apply(ReplaceCard("rookie"))
    assert game.to_move is CHANCE
    assert game.chance() == {"navigator": Fraction(1, 3), "ore_scanner": Fraction(1, 3), "rookie": Fraction(1, 3)}
    game = game.apply("navigator")
    assert game.board.market_row == ("ace", "fuel_cell", "cargo_pod", "navigator")
    game = game.apply(game.apply(ReplaceCard("ace")).to_move is CHANCE and ReplaceCard("ace"))
    game = game.apply("rookie")
    refused_with(game, ReplaceCard("fuel_cell"), "merchants.market.replace_limit")
    assert game.options().get(BuyCard("navigator", "mule-1")).legal


def test_a_purchase_may_bring_the_claim_of_a_token_for_6_credits():
    board = seated(small_table(), "Ada", location="Market", ships=(sample_ship("mule"),), credits=30, local=("gold",))
    game = game_of(board).apply(TurnChoice("act", MarketVisit()))
    refused_with(game, ReplaceCard("ace"), "merchants.market.replace_on_arrival")
    game = game.apply(BuyCard("fuel_cell", "mule-1"))
    game = game.apply(next(iter(game.chance())))  # the row refills
    claim = option(game, ClaimToken("gold"))
    assert claim.legal and claim.cost == "6 credits"
    game = game.apply(claim.choice)
    ada = game.board.player("Ada")
    assert ada.claimed == ("gold",) and ada.local == ()
    assert ada.credits == 30 - game.board.data.card("fuel_cell").cost - 6
    assert game.to_move == "Bea"


# --- the Belt, decision by decision -------------------------------------------------------------------------
def at_the_belt():
    board = seated(small_table(), "Ada", location="Market", visited_belt=True, local=("ice",),
                   ships=(sample_ship("mule", destination="ceres"),))
    return game_of(replace(board, known=("gold", "ice", "ice"))).apply(TurnChoice("move_act", RunShip("mule-1")))


def test_a_pickup_loads_token_by_token_and_may_load_fewer_than_fit():
    game = at_the_belt()
    assert game.pending[-1] == Running("mule-1", 3)
    game = game.apply(Pickup("known"))
    assert isinstance(game.pending[-1], Loading)
    refused_with(game, Finish("stop loading"), "merchants.belt.load_one")
    game = game.apply(Load("gold")).apply(Finish("stop loading"))
    assert game.board.player("Ada").ship("mule-1").hold == ("gold",) and game.board.known == ("ice", "ice")
    assert game.pending[-1] == Running("mule-1", 2)


def test_an_explore_is_a_chance_event_then_the_token_goes_where_the_player_decides():
    game = at_the_belt().apply(Explore())
    assert game.to_move is CHANCE
    assert game.chance() == {"gold": Fraction(1, 4), "ice": Fraction(3, 4)}
    assert [o.probability for o in game.options()] == [Fraction(1, 4), Fraction(3, 4)]
    game = game.apply("gold")
    assert isinstance(game.pending[-1], Placing) and game.to_move == "Ada"
    game = game.apply(Place("local"))
    assert game.board.player("Ada").local == ("gold", "ice")
    game = game.apply(Pickup("local")).apply(Load("gold"))
    assert game.board.player("Ada").ship("mule-1").hold == ("gold",)
    assert game.to_move == "Ada" and Load("ice") in game.options()  # the hold has room: loading may go on
    game = game.apply(Finish("stop loading"))
    assert game.to_move == "Bea"  # 3 energy: explore 2, pickup 1 — the run is over


def test_ending_at_the_destination_ends_the_run_and_the_turn():
    game = at_the_belt()
    end = option(game, EndRun())
    assert end.legal and end.cost == f"{game.board.data.destination('ceres').cost} energy"
    after = game.apply(EndRun())
    assert after.board.player("Ada").ship("mule-1").at_destination and after.to_move == "Bea"


# --- the Dock: transfers, and the trigger with an obsolete ship (M-F9) -------------------------------------
def test_a_scrapped_ships_pilot_and_gear_are_transferred_one_decision_at_a_time():
    old = sample_ship("kestrel", 1, pilots=("ace",), gear=("fuel_cell", "cargo_pod", "ore_scanner"))
    new = sample_ship("harrier", 2)
    board = replace(seated(small_table(), "Ada", location="Belt", credits=40, ships=(old, new)), era=3)
    game = game_of(board).apply(TurnChoice("move_act", DockVisit()))
    assert isinstance(game.pending[-1], Transferring)
    game = game.apply(Transfer("kestrel-1", "fuel_cell", None)).apply(Transfer("kestrel-1", "cargo_pod", "harrier-2"))
    refused = option(game, Transfer("kestrel-1", "ore_scanner", "harrier-2"))
    assert not refused.legal and refused.rule == "merchants.dock.transfer_limit"  # two gear at most
    game = game.apply(Transfer("kestrel-1", "ace", "harrier-2"))
    ada = game.board.player("Ada")
    assert ada.kept_cards == ("fuel_cell",) and ada.ship("harrier-2").gear == ("cargo_pod",)
    assert ada.ship("harrier-2").pilots == ("ace",)
    assert game.to_move == "Bea"  # one pilot and two gear passed on: nothing more can be transferred
    assert "ore_scanner" in game.board.market_discard


def test_triggering_the_end_with_a_loaded_obsolete_ship_keeps_its_tokens_aboard():
    old = sample_ship("kestrel", 1, hold=("gold",))
    board = replace(seated(small_table(), "Ada", location="Belt", credits=120, ships=(old,)), era=3)
    game = game_of(board).apply(TurnChoice("move_act", DockVisit(trigger_end=True)))
    ada = game.board.player("Ada")
    assert game.board.end_trigger == "Ada" and ada.ships[0].hold == ("gold",) and game.board.out_of_play == ()


# --- whole games ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_random_whole_games_end_with_no_defect(players):
    report = check_game("merchants", range(4), players=players, probe=0.25)
    report.assert_ok()
    assert report.ended == 4


def test_the_legal_choices_worked_out_alone_are_the_listed_legal_options_in_every_seeded_state():
    # legal() takes its own fast path (no refused option worded); a fresh copy of each state lists it whole
    decisions = 0
    for seed in range(12):
        for move in tt.play(tt.new_game("merchants", players=2 + seed % 3, seed=seed)).moves:
            if move.mover is CHANCE:
                continue
            fresh = replace(move.before)
            assert fresh.legal() == replace(move.before).options().choices(), f"seed {seed}: {move.before!r}"
            decisions += 1
    assert decisions > 5_000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_steady_merchant_always_has_a_legal_move_and_finishes(players):
    report = check_game("merchants", range(6), players=players, probe=0.05,
                        policies=lambda game, seed: {seat: steady_merchant for seat in game.seats})
    report.assert_ok()


def test_the_outcome_ranks_by_credits_and_breaks_ties_by_the_earliest_dock_arrival():
    board = seated(seated(small_table(("Ada", "Bea", "Cy")), "Ada", credits=90), "Bea", credits=120)
    board = replace(seated(board, "Cy", credits=120), finished=True, dock_arrivals=("Cy", "Ada", "Bea"))
    outcome = game_of(board).outcome()
    assert outcome.ranking == ("Cy", "Bea", "Ada") and outcome.winners == ("Cy",)
    assert outcome.tie_break == "ties go to the earliest arrival at the Dock"
    assert dict(outcome.scores) == {"Ada": 90, "Bea": 120, "Cy": 120}


def test_the_same_seed_gives_the_same_transcript_and_another_seed_another():
    first = tt.play(tt.new_game("merchants", players=2, seed=5), max_steps=200).transcript()
    assert first == tt.play(tt.new_game("merchants", players=2, seed=5), max_steps=200).transcript()
    assert first != tt.play(tt.new_game("merchants", players=2, seed=6), max_steps=200).transcript()


@pytest.mark.parametrize("changes", [
    {"half_price_rounding": "down", "market_replace": 0, "act_again": False},
    {"unpayable_repayment": "debt", "endgame_unpaid_loans": "debt", "run_from_destination": "forfeit_bonus"},
    {"pilots_per_ship": 2, "gear_per_ship": 1, "mine_claim_price": 0, "end_may": 40, "end_must": 60},
    {"loans_on_entering": "when_acting", "scrap_tokens": "discard", "obsolete_after": 1, "must_checked": "after_repaying"},
])
def test_the_legal_choices_worked_out_alone_agree_with_the_listed_options_under_variants(changes):
    # the legal-only listing decides runs, Market visits and purchases, repayments and the Dock by a cheap look at
    # the state: under other rules too, it gives the listed legal options, in their order
    variant = replace(RULEBOOK, **changes)
    decisions = 0
    for seed in range(6):
        for move in tt.play(tt.new_game("merchants", players=2 + seed % 3, seed=seed, variant=variant)).moves:
            if move.mover is CHANCE:
                continue
            fresh = replace(move.before)
            assert fresh.legal() == replace(move.before).options().choices(), f"seed {seed}: {move.before!r}"
            decisions += 1
    assert decisions > 1_000


def test_the_room_a_state_is_made_with_is_the_room_worked_out_afresh():
    # a load sets the new state's room (the hold's capacity less what it carries) as it builds it; a pickup, an
    # explore, a swap and a draw during a run keep the room already worked out
    kept = 0
    for seed in range(6):
        for move in tt.play(tt.new_game("merchants", players=2 + seed % 3, seed=seed)).moves:
            if "room" in move.after.__dict__:
                assert move.after.room == replace(move.after).room, f"seed {seed}: {move.after!r}"
                kept += 1
    assert kept > 200
