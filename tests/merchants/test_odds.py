"""Exact odds of the bag and of belt runs (odds.bag): draws without replacement, plans, the best plan."""

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import run
from tabletoolkit.merchants import (bag_odds, best_plan, end_run, explore, explore_odds, pickup, plan_odds, situation,
                                    swap, take)
from tabletoolkit.merchants.odds import make_situation, plain_expected
from tabletoolkit.prob import Distribution

pytestmark = pytest.mark.phase("odds.bag")

VALUES = {"ice": 1, "gold": 5}


def test_one_explore_draws_each_kind_in_proportion_and_the_chances_sum_to_one():
    one = explore_odds({"ice": 3, "gold": 1})
    assert one[(("ice", 1),)] == Fraction(3, 4) and one[(("gold", 1),)] == Fraction(1, 4)
    assert sum(p for _, p in one.items()) == 1


def test_two_explores_draw_without_replacement():
    two = explore_odds({"ice": 3, "gold": 1}, 2)
    assert two[(("ice", 2),)] == Fraction(1, 2) and two[(("ice", 1), ("gold", 1))] == Fraction(1, 2)
    assert sum(p for _, p in two.items()) == 1


def test_a_plan_of_two_explores_pays_2_or_6_with_even_chances():
    sit = make_situation(energy=4, capacity=2, values=VALUES, bag={"ice": 3, "gold": 1})
    odds = plan_odds(sit, [explore(), explore()])
    assert odds.distribution == Distribution({2: 1, 6: 1})
    assert odds.expected == 4 and odds.skipped == 0


def test_the_best_plan_picks_up_the_known_gold_then_explores():
    sit = make_situation(energy=4, capacity=2, values=VALUES, bag={"ice": 3, "gold": 1}, known=("gold",))
    best = best_plan(sit)
    assert best.expected == 7
    assert best.distribution == Distribution({6: 3, 10: 1})
    assert str(best.first_action()) in ("pick up from known space", "explore")
    assert best.expected == plan_odds(sit, [pickup("known"), explore()]).expected


def test_the_best_plan_swaps_an_unreachable_destination():
    sit = make_situation(energy=3, capacity=1, values=VALUES, bag={}, known=("ice",),
                         destinations={"near": (1, 4), "far": (5, 9)}, deck={"near": 1, "far": 1})
    best = best_plan(sit)
    assert best.expected == 5 and best.distribution == Distribution({5: 1})
    lines = best.describe()
    assert lines[0] == "take the top destination card:"
    assert any("if far (1/2)" in line for line in lines) and any("swap destination" in line for line in lines)
    assert plan_odds(sit, [pickup("known"), end_run()]).distribution == Distribution({1: 1, 5: 1})


def test_a_step_that_cannot_be_done_is_skipped_and_its_chance_reported():
    sit = make_situation(energy=6, capacity=1, values=VALUES, bag={"ice": 3, "gold": 1})
    odds = plan_odds(sit, [explore(), pickup("known")])
    assert odds.skipped == 1 and odds.distribution == Distribution({1: 3, 5: 1})
    full = plan_odds(sit, [explore(), explore()])
    assert full.skipped == 0 and full.expected == Fraction(2)


def test_taking_from_an_opponent_in_a_plan():
    sit = make_situation(energy=3, capacity=2, values=VALUES, bag={}, opponents={"Bea": ("gold", "ice", "ice")})
    assert plan_odds(sit, [take("Bea")]).distribution == Distribution({6: 1})
    assert best_plan(sit).expected == 6


PLAN_STEPS = st.sampled_from([explore(), pickup("known"), pickup("local"), take("Bea"), swap(), end_run()])


@settings(max_examples=40, deadline=None)
@given(st.lists(PLAN_STEPS, max_size=5))
def test_no_plan_beats_the_best_plan_and_every_distribution_sums_to_one(plan):
    sit = make_situation(energy=6, capacity=3, values={"ice": 1, "iron": 2, "gold": 5}, bag={"ice": 2, "iron": 2, "gold": 1},
                         known=("iron",), local=("ice",), opponents={"Bea": ("gold",)},
                         destinations={"a": (1, 2), "b": (3, 6)}, deck={"a": 1, "b": 1}, flat=1)
    odds = plan_odds(sit, plan)
    assert sum(p for _, p in odds.distribution.items()) == 1
    assert odds.expected <= best_plan(sit).expected


def test_a_situation_from_a_game_counts_refineries_cards_and_set_up_tokens():
    state = seated(small_table(), "Ada", ships=(sample_ship("mule", pilots=("ace",), gear=("fuel_cell",)),),
                 refineries=("ice_refinery",), setup_tokens=("gold",))
    sit = situation(state, "Ada", "mule-1")
    assert sit.energy == 3 + 1 and sit.rules.capacity == 4 and sit.rules.flat == 3
    assert sit.rules.value("ice") == 2 and sit.start.local == ("gold",)
    assert sit.bag == {"ice": 3, "gold": 1}


def test_the_bag_odds_phase_explains_draws_plan_and_best_plan():
    sit = make_situation(energy=4, capacity=2, values=VALUES, bag={"ice": 3, "gold": 1}, known=("gold",))
    steps = run(bag_odds(sit, [explore(), explore()]))
    assert [s.title for s in steps] == ["What exploring draws", "Without replacement", "Your plan", "The best plan", "Compare"]
    assert "ice 3/4" in steps[0].text and "gold 1/4" in steps[0].text and steps[0].data["total"] == 1
    assert steps[1].data["at_least_one"] == Fraction(1, 2)
    assert steps[-1].text == "The best plan expects 3 more credits."
    assert steps.result.plan.expected == 4 and steps.result.best.expected == 7


def test_a_plan_naming_no_opponent_is_invalid_input():
    from tabletoolkit import InvalidInput

    sit = make_situation(energy=3, capacity=2, values=VALUES, bag={}, opponents={"Bea": ("gold",)})
    with pytest.raises(InvalidInput) as caught:
        plan_odds(sit, [take("Bae")])
    assert caught.value.field == "plan[0].source"


PILE = st.lists(st.sampled_from(["ice", "iron", "gold"]), max_size=3).map(tuple)


@settings(max_examples=60, deadline=None)
@given(energy=st.integers(0, 6), capacity=st.integers(1, 3), known=PILE, local=PILE, opponent=PILE,
       bag=st.fixed_dictionaries({"ice": st.integers(0, 2), "iron": st.integers(0, 2), "gold": st.integers(0, 1)}),
       deck=st.fixed_dictionaries({"a": st.integers(0, 2), "b": st.integers(0, 1)}),
       discard=st.fixed_dictionaries({"a": st.integers(0, 1), "b": st.integers(0, 1)}), flat=st.integers(0, 2))
def test_the_fast_search_equals_the_plain_expectimax(energy, capacity, known, local, opponent, bag, deck, discard, flat):
    """Canonical positions (values not kinds, piles cut and sorted, identical piles kept apart) change nothing."""
    sit = make_situation(energy=energy, capacity=capacity, values={"ice": 1, "iron": 2, "gold": 5}, bag=bag,
                         known=known, local=local, opponents={"Bea": opponent, "Cy": opponent}, flat=flat,
                         destinations={"a": (1, 2), "b": (3, 6)}, deck=deck, discard=discard)
    best = best_plan(sit)
    assert best.expected == plain_expected(sit) == best.distribution.mean()


def test_two_identical_piles_are_two_pickups():
    sit = make_situation(energy=2, capacity=2, values=VALUES, bag={}, known=("gold",), local=("gold",))
    assert best_plan(sit).expected == 10 == plain_expected(sit)


def test_an_empty_destination_deck_is_reshuffled_from_the_discards_as_in_the_game():
    """Swapping away the near card with an empty deck reshuffles the discards (far, and near itself) into a new deck."""
    sit = make_situation(energy=5, capacity=1, values=VALUES, bag={}, known=("ice",), destination="near",
                         destinations={"near": (1, 1), "far": (3, 9)}, deck={}, discard={"far": 1})
    assert plan_odds(sit, [pickup("known"), swap(), end_run()]).distribution == Distribution({1 + 1: 1, 1 + 9: 1})
    # far (1/2): end there for 3 of the 3 energy left, 1 + 9; near again (1/2): the deck is now just far, which
    # 2 energy after another swap cannot reach, so end at near: 1 + 1
    assert best_plan(sit).expected == plain_expected(sit) == Fraction((1 + 9) + (1 + 1), 2)


def test_a_free_swap_has_no_best_plan():
    from tabletoolkit import InvalidInput

    sit = make_situation(energy=3, capacity=1, values=VALUES, bag={}, destination="near",
                         destinations={"near": (1, 1)}, costs=(1, 3, 2, 0))
    with pytest.raises(InvalidInput) as caught:
        best_plan(sit)
    assert caught.value.field == "costs"


def test_a_situation_from_a_game_knows_the_destination_discards():
    state = replace(seated(small_table(), "Ada", ships=(sample_ship("mule"),)), destination_discard=("hygiea", "ceres", "hygiea"))
    assert situation(state, "Ada", "mule-1").start.discard == (("ceres", 1), ("hygiea", 2))
