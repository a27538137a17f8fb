"""The data pool and the computer: capacity, placing data, covered effects, computer techs, analyzing."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, InvalidInput, run
from tabletoolkit.seti.computer import (
    Computer, DataSpace, analyze, data_steps, install_computer_tech, legal_placements, load_computer, place_data,
    sample_layout,
)
from tabletoolkit.seti.player import PlayerBoard
from tabletoolkit.seti.variant import RULEBOOK

TOP = [DataSpace("top", n) for n in range(1, 7)]
# Sample layout: top 2 gives 1 publicity, top 4 tucks a card; tech slots under tops 1, 3, 5, 6.


def refused(call, *args, **kwargs):
    with pytest.raises(IllegalAction) as error:
        call(*args, **kwargs)
    return error.value.rule


def test_the_sample_layout_is_what_the_data_file_says():
    layout = sample_layout()
    assert len(layout.top) == 6 and layout.tech_slots == (1, 3, 5, 6)
    assert layout.top[1].reward.publicity == 1 and layout.top[3].reward.tuck == 1
    assert [name for name, _ in layout.techs] == ["CT1", "CT2", "CT3", "CT4"]
    assert layout.tech_reward("CT4").publicity == 2


@pytest.mark.phase("seti.data")
def test_data_beyond_the_pool_of_six_is_discarded():
    steps = run(data_steps(PlayerBoard("green", data=4), gain=5))
    assert steps.result.board.data == RULEBOOK.data_pool == 6
    assert steps.result.discarded == 3
    assert "3 discarded (S-F5)" in steps[0].text


@pytest.mark.phase("seti.data")
def test_data_fills_the_top_row_left_to_right_with_covered_effects():
    board = PlayerBoard("green", data=4, publicity=4, credits=4, hand=("S03",))  # S03 has credits income
    steps = run(data_steps(board, place=TOP[:4], tucks=["S03"]))
    after = steps.result.board
    assert after.computer.filled == 4 and after.data == 0
    assert after.publicity == 5  # top 2
    assert after.hand == () and after.tucked == ("credits",) and after.credits == 5  # top 4: tucked, 1 credit at once
    assert [s.title for s in steps] == ["Data on top 1", "Data on top 2", "Data on top 3", "Data on top 4"]


def test_placement_refusals_are_typed_and_leave_the_board_as_it_was():
    board = PlayerBoard("green", data=2)
    assert refused(place_data, board, TOP[1], active="green") == "seti.data.left_to_right"
    assert refused(place_data, board, TOP[0], active="purple") == "seti.data.not_your_turn"
    assert refused(place_data, PlayerBoard("green"), TOP[0], active="green") == "seti.data.pool_empty"
    assert refused(place_data, board, DataSpace("lower", 1), active="green") == "seti.data.no_lower_space"
    assert refused(place_data, board, DataSpace("top", 7), active="green") == "seti.data.no_such_space"
    filled = replace(board, computer=Computer(filled=1))
    assert refused(place_data, filled, TOP[0], active="green") == "seti.data.occupied"
    assert board == PlayerBoard("green", data=2)
    with pytest.raises(IllegalAction):
        run(data_steps(board, place=[TOP[0], TOP[2]]))


def test_legal_placements_list_every_space_with_its_verdict():
    board = PlayerBoard("green", data=1, computer=Computer(filled=1, techs=((1, "CT2"),)))
    verdicts = dict((str(space), verdict) for space, verdict in legal_placements(board, "green"))
    assert verdicts["top 2"] == "legal" and verdicts["lower 1"] == "legal"
    assert verdicts["top 3"].startswith("seti.data.left_to_right")
    assert verdicts["lower 3"].startswith("seti.data.no_lower_space")
    assert all(verdict.startswith("seti.data.not_your_turn") for _, verdict in legal_placements(board, "purple"))


def test_a_computer_tech_scores_2_vp_for_data_placed_on_it_and_gives_its_lower_reward():
    board = PlayerBoard("green", data=6, credits=0)
    board, text = install_computer_tech(board, "CT1", 1)
    assert "later scores 2 VP" in text and "CT1" in board.techs
    board, _, _ = place_data(board, TOP[0], active="green")
    assert board.score == 2
    assert refused(place_data, board, DataSpace("lower", 3), active="green") == "seti.data.no_lower_space"
    board, _, _ = place_data(board, DataSpace("lower", 1), active="green")
    assert board.credits == 1 and board.computer.lower == frozenset({1})


def test_a_tech_slid_under_existing_data_gives_no_2_vp():
    board = PlayerBoard("green", data=3, computer=Computer(filled=3))
    board, text = install_computer_tech(board, "CT2", 3)
    assert board.score == 0 and "scores no VP (S-F13)" in text
    board, _, _ = place_data(board, DataSpace("lower", 3), active="green")
    assert board.energy == 4 and board.score == 0


def test_the_lower_space_waits_for_the_top_space_above_it():
    board, _ = install_computer_tech(PlayerBoard("green", data=2), "CT4", 5)
    assert refused(place_data, board, DataSpace("lower", 5), active="green") == "seti.data.lower_before_top"


def test_each_computer_tech_in_its_own_slot_and_only_once():
    board, _ = install_computer_tech(PlayerBoard("green"), "CT1", 1)
    assert refused(install_computer_tech, board, "CT2", 1) == "seti.data.slot_taken"
    assert refused(install_computer_tech, board, "CT1", 3) == "seti.data.tech_twice"
    assert refused(install_computer_tech, board, "CT2", 2) == "seti.data.not_a_tech_slot"
    with pytest.raises(InvalidInput):
        install_computer_tech(board, "CT9", 3)


def test_the_tuck_space_tucks_a_named_hand_card_or_none_s_r11():
    board = PlayerBoard("green", data=1, hand=("S02",), computer=Computer(filled=3))
    untucked, text, _ = place_data(board, TOP[3], active="green")  # optional (S-R11)
    assert untucked.hand == ("S02",) and untucked.tucked == () and "optional" in text
    with pytest.raises(InvalidInput) as bad:
        place_data(board, TOP[3], active="green", variant=replace(RULEBOOK, computer_tuck_optional=False))
    assert bad.value.field == "tuck"
    assert refused(place_data, board, TOP[3], active="green", tuck="S04") == "seti.data.tuck_not_in_hand"
    after, text, pending = place_data(board, TOP[3], active="green", tuck="S02")  # S02: card income
    assert after.tucked == ("cards",) and "1 card from the deck top" in text
    # card income gives the deck top at once, as the Tuck free action does (增加收入), not a row-or-deck choice
    assert pending.cards == 0 and pending.items("green") == (("green", "random_cards", "1"),)
    empty_hand, text, _ = place_data(replace(board, hand=()), TOP[3], active="green")
    assert "no card in hand to tuck" in text
    assert refused(place_data, replace(board, hand=()), TOP[3], active="green", tuck="S02") == "seti.data.tuck_not_in_hand"


@pytest.mark.phase("seti.analyze")
def test_analyze_clears_both_rows_keeps_the_pool_and_gives_a_blue_trace():
    board = PlayerBoard("green", data=2, energy=1,
                        computer=Computer(filled=6, lower=frozenset({1}), techs=((1, "CT1"),)))
    steps = run(analyze(board, species="Centaurians"))
    after = steps.result.board
    assert after.computer == Computer(techs=((1, "CT1"),))
    assert after.data == 2 and after.energy == 0
    assert steps.result.trace == "blue" and steps.result.species == "Centaurians"
    assert [s.title for s in steps] == ["Pay", "Clear the computer", "A blue trace"]


@pytest.mark.phase("seti.analyze")
def test_analyze_refusals():
    not_full = PlayerBoard("green", energy=1, computer=Computer(filled=5))
    assert refused(lambda: run(analyze(not_full))) == "seti.analyze.top_row_not_full"
    no_energy = PlayerBoard("green", energy=0, computer=Computer(filled=6))
    assert refused(lambda: run(analyze(no_energy))) == "seti.analyze.energy"
    assert no_energy.computer.filled == 6


def test_bad_layout_files_name_the_entry():
    with pytest.raises(InvalidInput) as bad:
        load_computer("[[top]]\ntech_slot = 1\n")
    assert bad.value.field == "top[0].tech_slot"
    with pytest.raises(InvalidInput) as bad:
        load_computer("[[top]]\nreward = { fame = 1 }\n")
    assert bad.value.field == "top[0].reward.fame"
    with pytest.raises(InvalidInput) as bad:
        load_computer("[[top]]\n[tech.CT1]\nupper = { vp = 2 }\n")
    assert bad.value.field == "tech.CT1.upper"
    with pytest.raises(InvalidInput):
        DataSpace("middle", 1)


def test_the_computer_picture_is_deterministic():
    board, _ = install_computer_tech(PlayerBoard("green", data=3, computer=Computer(filled=2)), "CT2", 1)
    from tabletoolkit.seti.computer import computer_svg

    assert computer_svg(board) == computer_svg(board) and "CT2" in computer_svg(board)


def test_ct3s_lower_space_leaves_a_move_owed():
    board, _ = install_computer_tech(PlayerBoard("green", data=2, computer=Computer(filled=2)), "CT3", 3)
    board, _, _ = place_data(board, TOP[2], active="green")
    board, text, owed = place_data(board, DataSpace("lower", 3), active="green")
    assert owed.pending == ("1 move",) and owed.items("green") == (("green", "action", "move"),)
    assert "still to take: 1 move" in text and board.score == 2
