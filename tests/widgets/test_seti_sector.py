"""The SETI sector, computer and card-row widgets, driven headlessly."""

from tabletoolkit.seti.cards import colour_counts, load_cards
from tabletoolkit.seti.computer import Computer, DataSpace
from tabletoolkit.seti.player import PlayerBoard
from tabletoolkit.widgets.seti_sector import card_row_odds_explorer, computer_panel, sector_board


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


def test_the_computer_panel_analyzes_a_full_top_row():
    panel = computer_panel(PlayerBoard("green", data=2, energy=1, computer=Computer(filled=6)))
    panel.analyze_button.click()
    assert panel.board.computer.filled == 0 and panel.board.data == 2
    assert "blue life trace" in panel.status.value


def test_the_odds_explorer_updates_in_place():
    explorer = card_row_odds_explorer(colour_counts(load_cards()), colour="black")
    assert "<b class='tt-fraction'>29/57</b>" in explorer.result.value
    explorer.draws.value = 1
    assert "<b class='tt-fraction'>605/969</b>" in explorer.result.value and "next 1 draw " in explorer.result.value
    explorer.colour.value = "red"
    assert "a red card" in explorer.result.value


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
