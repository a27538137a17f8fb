"""The SETI sector, computer and card-row widgets, driven headlessly."""

from fractions import Fraction

from tabletoolkit.seti import cards
from tabletoolkit.seti.cards import colour_counts, load_cards
from tabletoolkit.seti.computer import Computer, DataSpace
from tabletoolkit.seti.player import PlayerBoard
from tabletoolkit.seti.scan import EarthSignal, MercurySignal, RowSignal
from tabletoolkit.seti.sector import Sky
from tabletoolkit.widgets.seti_sector import (
    card_row_odds_explorer, card_row_prediction, computer_panel, scan_options_html, scan_step_words,
    sector_board,
)


def test_marking_and_resolving_the_rulebook_example():
    board = sector_board()
    board.resolve_button.click()
    assert "seti.sector.not_complete" in board.status.value
    for player in ["green", "green", "purple", "purple", "orange", "orange"]:
        board.player.value = player
        board.mark_button.click()
    assert "overflow" in board.status.value
    assert board.picture.value.count("<circle") == 6
    board.resolve_button.click()
    assert "Winner: <b>orange</b>; second: <b>purple</b>" in board.status.value
    stepper = board.resolution.children[0]
    assert stepper.title.value == "<b>Step 1 of 6: Count the markers</b>"
    stepper.next_button.click()
    assert "so orange wins" in stepper.text.value
    assert board.sector.slot_contents == ("purple", None, None, None, None)
    board.restart_button.click()
    assert board.sector.markers == () and board.resolution.children == ()


def test_the_second_slot_scores_in_the_status():
    board = sector_board(players=("green",))
    board.mark_button.click()
    board.mark_button.click()
    assert "slot 2 and scores 2 VP" in board.status.value


def test_the_computer_panel_places_data_and_refuses_with_the_rule():
    panel = computer_panel(PlayerBoard("green", data=1, energy=1))
    assert panel.space.value == DataSpace("top", 1)
    panel.place_button.click()
    assert panel.board.computer.filled == 1 and panel.board.data == 0
    panel.place_button.click()
    assert "seti.data.pool_empty" in panel.status.value
    panel.analyze_button.click()
    assert "seti.analyze.top_row_not_full" in panel.status.value


def test_the_computer_panel_says_each_space_and_refusal_in_words_with_the_rule_last():
    panel = computer_panel(PlayerBoard("green", data=1, energy=1))
    labels = [label for label, _ in panel.space.options]
    assert labels[:2] == ["top 1 — legal",
                          "top 2 — refused: The top row fills left to right: the next data goes on top 1 (seti.data.left_to_right)"]
    panel.place_button.click()
    panel.place_button.click()
    assert panel.status.value == "<p>Refused: green&#x27;s data pool is empty. (seti.data.pool_empty)</p>"


def test_the_computer_panel_analyzes_a_full_top_row():
    panel = computer_panel(PlayerBoard("green", data=2, energy=1, computer=Computer(filled=6)))
    panel.analyze_button.click()
    assert panel.board.computer.filled == 0 and panel.board.data == 2
    assert "blue life trace" in panel.status.value


def game_deck() -> dict[str, int]:
    return colour_counts(cards.game_deck())


def test_the_odds_explorer_updates_in_place_with_fraction_and_percent():
    explorer = card_row_odds_explorer(colour_counts(load_cards()), colour="black")
    assert "<b class='tt-fraction'>29/57 ≈ 50.88%</b>" in explorer.result.value
    explorer.draws.value = 1
    assert "<b class='tt-fraction'>605/969 ≈ 62.44%</b>" in explorer.result.value and "next 1 draw " in explorer.result.value
    explorer.colour.value = "red"
    assert "a red card" in explorer.result.value


def test_the_odds_explorer_changes_the_row_size_rule():
    explorer = card_row_odds_explorer(game_deck(), colour="black")
    assert "779/1680 ≈ 46.37%" in explorer.result.value  # 1 − C(53, 3)/C(65, 3)
    explorer.rules.set("card_row_size", 4)
    assert "The row of 4 offers" in explorer.result.value
    assert "1 - \\frac{\\binom{53}{4}}{\\binom{65}{4}}" in explorer.result.value
    assert "Card row size 3 → <b>4</b>" in explorer.rules.changes.value
    explorer.rules.reset()
    assert "779/1680 ≈ 46.37%" in explorer.result.value


def test_the_card_row_prediction_reveals_only_after_a_guess():
    exercise = card_row_prediction(game_deck(), "black")
    assert exercise.answer == Fraction(779, 1680) and exercise.answer_html.value == ""
    exercise.guess("55")  # the tempting 3 × 12/65
    exercise.commit()
    assert "779/1680 ≈ 46.37%" in exercise.answer_html.value
    assert "3 × 12/65 = 36/65 ≈ 55.38%" in exercise.explanation_html.value and "too high" in exercise.verdict.value


def test_scan_steps_read_in_words_with_their_star():
    sky = Sky.sample()
    assert scan_step_words(EarthSignal()) == "a signal in Earth's sector"
    assert scan_step_words(RowSignal(0, 5), sky) == "discard row card 1 for a signal in Sirius A's sector (5)"
    assert scan_step_words(MercurySignal()) == "TT #03: 1 publicity for a signal in Mercury's sector"
    html = scan_options_html([(EarthSignal(2), "seti.scan.needs_tech: green has no TT1.")], sky)
    assert "refused: green has no TT1." in html and "<small>seti.scan.needs_tech</small>" in html


def test_the_variant_table_shows_a_changed_constant_next_to_the_rulebook_value():
    from tabletoolkit.seti.variant import RULEBOOK
    from tabletoolkit.widgets.seti_sector import variant_table

    table = variant_table(RULEBOOK.but(second_slot_vp=3), ["second_slot_vp"])
    assert "<td><code>second_slot_vp</code></td><td>3</td><td>2</td><td>扇形区域 · 标记信号</td>" in table


def test_a_button_per_player_marks_for_that_player():
    board = sector_board(slots=2, players=("green", "purple", "orange"))
    for name in ["purple", "green", "green"]:
        board.player_buttons[name].click()
    assert board.sector.markers == ("purple", "green", "green") and "overflow" in board.status.value
    assert board.player_buttons["orange"].description == "Mark orange"
    assert "tt-sector-mark-orange" in board.player_buttons["orange"]._dom_classes
    board.resolve_button.click()
    assert "Winner: <b>green</b>; second: <b>purple</b>" in board.status.value
