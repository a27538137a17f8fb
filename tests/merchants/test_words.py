"""Starship Merchants in words: menus and steps name cards by their printed names from the game's catalog,
ships by their short names ("Kestrel 1"), and count with the right number ("1 loan marker", "2 loan markers")."""

from dataclasses import replace

import pytest

import tabletoolkit as tt
from tabletoolkit.merchants import BuyCard, DockVisit, PayLoans, Transfer, TurnChoice, legal_choices, load_data, start
from tabletoolkit.merchants.examples import sample_ship, seated, small_table
from tabletoolkit.merchants.state import counted
from tabletoolkit.merchants.whole_game import MerchantsGame

pytestmark = pytest.mark.phase("merchants.turn")


def at_the_market():
    """Seed 7, three players: Ada and Bea buy a Kestrel, Cy a Mule, then Ada moves on to the Market."""
    game = tt.new_game("merchants", players=3, seed=7)
    for words in ("act here: buy a Kestrel", "act here: buy a Kestrel", "act here: buy a Mule", "move and act: visit the Market"):
        game = game.apply(words)
    return game


def test_the_market_menu_names_cards_and_ships_in_words():
    options = at_the_market().options()
    assert [o.text for o in options.legal] == [
        "replace Ace Hauler", "replace Cargo Pod", "replace Ore Scanner", "replace Fuel Cell",
        "buy Ace Hauler for Kestrel 1", "buy Cargo Pod for Kestrel 1", "buy Ore Scanner for Kestrel 1",
        "buy Fuel Cell for Kestrel 1"]
    assert [o.text for o in options.refused] == ["buy Ice Refinery", "buy Iron Smelter", "buy Gold Assay Office",
                                                 "leave the Market"]
    assert options.get(BuyCard("ace", "kestrel-1")).cost == "6 credits"


def test_a_choice_is_taken_as_its_record_its_words_or_its_ids():
    game = at_the_market()
    by_record = game.apply(BuyCard("cargo_pod", "kestrel-1"))
    assert game.apply("buy Cargo Pod for Kestrel 1") == by_record == game.apply("buy cargo_pod for kestrel-1")
    assert [s.text for s in by_record.steps] == [
        "Ada buys Cargo Pod (gear, 4 cr: +1 cargo). It goes on Kestrel 1 (Mark 1 scout); the row refills from the deck. "
        "Ada has 16 credits."]
    refilled = by_record.apply("navigator")
    assert refilled.steps[0].text == ("The row takes Navigator (pilot, 5 cr: +1 energy, +1 payout) (chance 1/9 ≈ 11.11%); "
                                      "it is now Ace Hauler, Ore Scanner, Fuel Cell, Navigator.")


def test_the_set_up_and_the_shipyard_speak_in_printed_names():
    game = tt.new_game("merchants", players=3, seed=7)
    assert game.steps[0].text == ("3 merchants (Ada, Bea, Cy) start with 30 credits at the Shipyard; the market row is "
                                  "Ace Hauler, Cargo Pod, Ore Scanner, Fuel Cell; known space holds copper, iron. Ada begins.")
    assert [o.text for o in game.options().legal][:4] == ["act here: buy a Kestrel", "act here: lease a Kestrel",
                                                          "act here: buy a Mule", "act here: lease a Mule"]
    bought = game.apply("act here: buy a Kestrel")
    assert bought.steps[1].text == "Ada buys Kestrel 1 (a scout, energy 5, cargo 2) for 10 credits. Ada has 20 credits left."
    assert "Ada 20 cr at the Shipyard (1 ship), Bea 30 cr at the Shipyard (0 ships)" in repr(bought)


def test_names_come_from_the_games_own_catalog():
    sample = load_data()
    renamed = replace(sample, cards=tuple(replace(c, name="Old Hand") if c.id == "ace" else c for c in sample.cards),
                      ships=tuple(replace(d, name="Sparrow") if d.id == "kestrel" else d for d in sample.ships))
    game = start(3, seed=7, data=renamed)
    assert "the market row is Old Hand, Cargo Pod, Ore Scanner, Fuel Cell;" in game.steps[0].text
    assert [o.text for o in game.options().legal][:2] == ["act here: buy a Sparrow", "act here: lease a Sparrow"]
    for words in ("act here: buy a Sparrow", "act here: buy a Sparrow", "act here: buy a Mule", "move and act: visit the Market"):
        game = game.apply(words)
    assert "buy Old Hand for Sparrow 1" in [o.text for o in game.options().legal]


def test_loan_markers_are_counted_in_the_right_number():
    assert (counted(1, "loan marker"), counted(2, "loan marker"), counted(0, "credit")) == \
        ("1 loan marker", "2 loan markers", "0 credits")
    board = seated(small_table(), "Ada", location="Dock", credits=30,
                   ships=(sample_ship("mule", 1, loans=2), sample_ship("kestrel", 2, loans=1)))
    menu = [o.text for o in MerchantsGame(board).options() if "loan" in o.text]
    assert menu == ["move and act: repay 1 loan marker on Mule 1", "move and act: repay 1 loan marker on Kestrel 2"]
    assert PayLoans(("mule-1", "mule-1")).words(board) == "repay 2 loan markers on Mule 1"
    repaid = MerchantsGame(board).apply("move and act: repay 1 loan marker on Mule 1")
    assert repaid.steps[-1].text == ("Ada repays 1 loan marker for 5 credits (forced: they entered with loans), leaving 2 markers and 25 credits. "
                                     "That is the whole action.")
    poor = seated(small_table(), "Ada", location="Dock", credits=1, ships=(sample_ship("mule", 1, loans=1),))
    refused = MerchantsGame(poor).options().get("move and act: repay 1 loan marker on Mule 1")
    assert not refused.legal and refused.reason == "Repaying costs 5 credits; Ada has 1."


def test_a_scrapped_ships_cards_are_re_bought_in_words():
    old = sample_ship("kestrel", 1, pilots=("ace",), gear=("fuel_cell", "cargo_pod", "ore_scanner"))
    board = replace(seated(small_table(), "Ada", location="Belt", credits=40, ships=(old, sample_ship("harrier", 2))), era=3)
    game = MerchantsGame(board).apply(TurnChoice("move_act", DockVisit()))
    assert "Kestrel 1 (Mark 1 scout) is obsolete in the Mark 3 era: already paid, it is scrapped with its cards " \
           "(Ace Hauler, Fuel Cell, Cargo Pod, Ore Scanner)." in game.steps[-1].text
    texts = [o.text for o in game.options()]
    assert texts[:2] == ["re-buy Ace Hauler from Kestrel 1 and keep it for the next ship",
                         "re-buy Ace Hauler from Kestrel 1 for Harrier 2"]
    after = game.apply("re-buy Fuel Cell from Kestrel 1 for Harrier 2")
    assert after == game.apply(Transfer("kestrel-1", "fuel_cell", "harrier-2"))
    assert after.steps[0].text == ("Ada re-buys Fuel Cell from the scrapped Kestrel 1 at its cost, 4 credits: moved to "
                                   "Harrier 2 (Mark 3 scout). Ada has 36 credits.")


def test_the_turn_menu_of_the_phase_procedures_is_in_words_too():
    texts = [o.text for o in legal_choices(seated(small_table(), "Ada", ships=(sample_ship("mule", loans=1),)))]
    assert "act here: repay 1 loan marker on Mule 1" in texts and "act here: buy a Kestrel" in texts
