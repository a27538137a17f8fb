"""The other phases' actions on the whole game: a scan (扫描附近的恒星), analyze (分析数据) and placing
data (放置数据) inside a turn, with what they leave owed settled by the turn."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, run
from tabletoolkit.seti import Decisions, new_game, take_turn
from tabletoolkit.seti.computer import DataSpace, sample_layout
from tabletoolkit.seti.free_actions import PlaceData, take_free_action
from tabletoolkit.seti.main_actions import Analyze, Scan, catalog, owed_from_words, sky_sector
from tabletoolkit.seti.scan import EarthSignal, RowSignal
from tabletoolkit.seti.traces import Mark, Spot


def fresh(**board):
    game = new_game(("green", "orange"), seed=5)
    return game.with_player(replace(game.player("green"), **board)) if board else game


@pytest.mark.phase("seti.turn")
def test_a_scan_marks_earths_sector_and_a_row_cards_sector_and_refills_the_row():
    game = fresh()
    card = game.card(game.card_row[0])
    earth = sky_sector(game, "Earth")
    other = game.sectors.of_colour(card.colour)[0]
    steps = run(take_turn(game, Scan((EarthSignal(), RowSignal(0, other)))))
    after = steps.result
    green = after.player("green")
    assert (green.credits, green.energy, green.data) == (4 - 1, 3 - 2, 2)
    assert after.sectors.sector(earth).markers == ("green",) and after.sectors.sector(other).markers == ("green",)
    assert after.discard == (card.id,) and after.card_row == (game.deck[0],) + game.card_row[1:]
    assert after.active == 1


def test_a_refused_scan_changes_nothing():
    game = fresh(energy=1)
    with pytest.raises(IllegalAction) as refused:
        run(take_turn(game, Scan((EarthSignal(), RowSignal(0, 1)))))
    assert refused.value.rule.startswith("seti.scan") and game.player("green").energy == 1


@pytest.mark.phase("seti.turn")
def test_analyze_clears_the_computer_and_its_blue_trace_is_marked_in_the_turn():
    game = fresh()
    full = replace(game.player("green").computer, filled=len(sample_layout().top))
    game = game.with_player(replace(game.player("green"), computer=full))
    steps = run(take_turn(game, Analyze(), decisions=Decisions({"trace_spot": [Spot(0, "discovery", 2)]})))
    after = steps.result
    assert after.player("green").computer.filled == 0 and after.player("green").energy == 2
    assert after.life.slots[0].discovery[2] == Mark("green", "blue") and after.pending == ()


def test_placing_data_is_a_free_action_and_a_tuck_space_tucks_a_hand_card():
    game = fresh(data=4, hand=("S01", "S02"))  # S01 shows energy income
    for position in (1, 2, 3):
        game, _ = take_free_action(game, "green", PlaceData(DataSpace("top", position)))
    assert game.player("green").computer.filled == 3 and game.player("green").publicity == 5
    card = "S01"
    game, text = take_free_action(game, "green", PlaceData(DataSpace("top", 4), tuck=card))
    green = game.player("green")
    assert green.tucked == ("energy",) and card not in green.hand and green.energy == 4
    with pytest.raises(IllegalAction) as refused:
        take_free_action(game, "orange", PlaceData(DataSpace("top", 5)))
    assert refused.value.rule == "seti.free_actions.not_your_turn"


def test_one_card_model_for_scan_row_and_play_and_owed_words():
    game = fresh()
    assert catalog(game) == tuple(game.cards.values())  # the scan's and the computer's catalog is the game's
    card = game.card("Herschel Space Observatory")
    assert (card.colour, card.price, card.corner, card.cost.credits) == ("red", 1, "unknown", 1)
    assert owed_from_words(["orange: a pink life trace", "2 moves", "launch a probe", "green: 1 card"], "green") == (
        ("orange", "trace", "pink"), ("green", "action", "move"), ("green", "action", "move"),
        ("green", "action", "launch"), ("green", "cards", "1"))
