"""The rival's own board: set-up by difficulty, deck, progress, resources as progress, computer, analyze."""

from dataclasses import replace

import pytest

from tabletoolkit.engine import IllegalAction, InvalidInput, Rng
from tabletoolkit.seti.solo import add_data, advance, analyze, gain, material, new_round_deck, reveal, setup_rival
from tabletoolkit.seti.variant import RULEBOOK


def test_one_and_two_stars_share_a_board_and_only_three_stars_up_add_an_advanced_card():
    source = material()
    assert source.difficulties[1].board == source.difficulties[2].board
    assert len({source.difficulties[s].board for s in (2, 3, 4, 5)}) == 4
    for stars, size in ((1, 4), (2, 4), (3, 5), (4, 5), (5, 5)):
        rival = setup_rival(stars, Rng(stars))
        assert len(rival.deck) == size
        assert sorted(c for c in rival.deck if source.cards[c].level == "basic") == ["S.1", "S.2", "S.3", "S.4"]
        assert len(rival.deck) + len(rival.advanced_pool) == 15


def test_setup_refuses_a_bad_difficulty_or_start_score():
    with pytest.raises(InvalidInput):
        setup_rival(6, Rng(0))
    with pytest.raises(InvalidInput):
        setup_rival(3, Rng(0), start_score=3)


def test_crossing_plus_puts_the_top_advanced_card_on_top_of_the_deck_for_good():
    rival = setup_rival(1, Rng(0))  # board I-II: "+" before space 12
    top_advanced = rival.advanced_pool[0]
    moved, notes = advance(rival, 11)
    assert moved.deck == rival.deck and moved.space == 11
    moved, notes = advance(moved, 1)
    assert moved.deck == (top_advanced,) + rival.deck
    assert moved.advanced_pool == rival.advanced_pool[1:]
    assert notes[-1] == f'The marker crosses a "+": advanced card {top_advanced} goes on top of the rival\'s deck for good.'
    lap, _ = advance(moved, 24)  # a full lap crosses the "+" again
    assert len(lap.deck) == len(rival.deck) + 2 and lap.space == 12


def test_resources_are_progress_and_the_chart_is_four_steps():
    rival = setup_rival(1, Rng(0))
    after, notes, pending = gain(rival, {"credits": 1, "energy": 2, "card": 1, "alien_card": 1, "chart": 1, "vp": 3})
    assert after.progress == 1 + 2 + 1 + 1 + 4
    assert after.score == rival.score + 3
    assert pending == []


def test_publicity_is_capped_and_traces_are_left_to_the_table():
    rival = replace(setup_rival(1, Rng(0)), publicity=9)
    after, notes, pending = gain(rival, {"publicity": 3, "trace": "pink"})
    assert after.publicity == RULEBOOK.publicity_cap == 10
    assert notes == ["+1 publicity (now 10, capped)."]
    assert pending == [("trace", "pink")]


def test_data_fills_the_computer_paying_covered_slots_then_the_unlimited_pool():
    rival = setup_rival(1, Rng(0))  # computer: slot 2 = 1 publicity, slot 4 = 4 progress (p.23)
    after, _ = add_data(rival, 9)
    assert (after.computer, after.pool) == (6, 3)
    assert after.publicity == rival.publicity + 1
    assert after.progress == 4


def test_analyze_needs_a_full_computer_and_leaves_the_rival_unchanged_when_refused():
    rival, _ = add_data(setup_rival(1, Rng(0)), 5)
    with pytest.raises(IllegalAction) as refused:
        analyze(rival, {})
    assert refused.value.rule == "seti.solo.analyze_not_full"
    assert rival.computer == 5


def test_analyze_card_rewards_board_icon_pool_into_computer_and_one_computer_tech():
    rival, _ = add_data(setup_rival(1, Rng(0)), 8)  # full computer, 2 in the pool
    rival = replace(rival, techs=("CT1", "CT2", "PT1"))
    before = rival
    after, notes, pending = analyze(rival, {"vp": 2})
    assert pending == [("trace", "blue")]  # the board icon (sample data: a blue trace)
    assert (after.computer, after.pool) == (2, 0)
    assert after.publicity == before.publicity + 1  # slot 2 covered again
    assert after.techs == ("CT2", "PT1")  # only one computer tech discarded
    assert after.score == before.score + 2 + 3
    assert after.progress == before.progress + 1


def test_revealed_cards_go_to_the_discard_and_every_card_is_reshuffled_each_round():
    rival = setup_rival(3, Rng(4))
    cards = sorted(rival.deck)
    once = reveal(rival)
    twice = reveal(once)
    assert twice.revealed == rival.deck[1] and twice.discard == (rival.deck[0],)
    shuffled = new_round_deck(twice, Rng(9))
    assert sorted(shuffled.deck) == cards and shuffled.discard == () and shuffled.revealed is None


def test_alternative_deck_flag_keeps_the_rest_of_the_deck_on_top():
    rival = reveal(setup_rival(3, Rng(4)))
    kept = new_round_deck(rival, Rng(9), RULEBOOK.but(solo_reshuffle_each_round=False))
    assert kept.deck[: len(rival.deck)] == rival.deck
    assert sorted(kept.deck) == sorted(rival.cards)
