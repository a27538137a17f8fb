"""Bad input to the exact probability floor: a typed error naming what is wrong, never a crash, hang or memory bomb."""

from fractions import Fraction

import pytest

from tabletoolkit import InvalidInput
from tabletoolkit.prob import (
    Distribution, compare, contest_odds, count_of, deciding_die, draw, latex_fraction, pooled_dice, rational,
    rerolled_die, top_tie_sizes,
)
from tabletoolkit.prob.battle import MOST_DICE, MOST_FACES, MOST_SIDES, MOST_TABLE, _table_size


def refused(call, field=None):
    with pytest.raises(InvalidInput) as caught:
        call()
    if field is not None:
        assert caught.value.field == field, caught.value
    return caught.value


@pytest.mark.parametrize("call, field", [
    (lambda: contest_odds([(300, 1), (1, 1)]), "sides[0].dice"),          # recursion or minutes before
    (lambda: contest_odds([(3, 1), (1, 1)], faces=2000), "faces"),        # RecursionError before
    (lambda: contest_odds([(3, 1), (1, 1)], faces=True), "faces"),
    (lambda: contest_odds([[(13, 1), (12, 2)], (1, 1)]), "sides[0]"),      # 25 dice on one side
    (lambda: contest_odds([(1, 1)] * (MOST_SIDES + 1)), "sides"),
    (lambda: contest_odds([[(8, 1), (8, 2), (8, 3)], (1, 1)], faces=20), "sides[0]"),  # a table of 8e11 outcomes
    (lambda: deciding_die([(300, 1), (1, 1)]), "sides[0].dice"),
    (lambda: deciding_die("6@1"), "sides"),
    (lambda: top_tie_sizes((6, 1), 10**6), "copies"),
    (lambda: top_tie_sizes((6, 1), 2, faces=0), "faces"),
    (lambda: pooled_dice((24, 1), faces=20), "side"),                      # 8e11 sorted outcomes in memory before
    (lambda: rerolled_die(1, faces=10**12), "faces"),                      # a dict of 10^12 faces before
    (lambda: rerolled_die(3, rerolls=10**9), "rerolls"),
    (lambda: rerolled_die(3.0), "aim"),
    (lambda: compare([[7], [-3]]), "rolls[0][0]"),                          # judged impossible dice before
    (lambda: compare([[1.5], [2]]), "rolls[0][0]"),
    (lambda: compare(None), "rolls"),
    (lambda: compare([5, 6]), "rolls[0]"),
    (lambda: compare([[6], [6]], faces=0), "faces"),
])
def test_contests_refuse_impossible_or_unbounded_dice(call, field):
    refused(call, field)


@pytest.mark.parametrize("call, field", [
    (lambda: Distribution(None), "weights"),                               # AttributeError before
    (lambda: Distribution([1, 2]), "weights"),
    (lambda: Distribution({"a": 1.5}), "weights['a']"),
    (lambda: Distribution.die(10**12), "sides"),                           # hang before
    (lambda: Distribution.die(True), "sides"),
    (lambda: Distribution.uniform(None), "outcomes"),
    (lambda: Distribution.uniform("abc"), "outcomes"),
    (lambda: Distribution.uniform([[1], [2]]), "outcomes"),
    (lambda: Distribution.uniform(iter(int, 1)), "outcomes"),              # an endless iterator: hang before
    (lambda: Distribution.die(6)[[1]], "outcome"),
    (lambda: Distribution.die(6).probability([1]), "event"),
    (lambda: Distribution.die(6).map(5), "function"),
    (lambda: Distribution.die(6).map(lambda o: [o]), "function"),
    (lambda: Distribution.die(6).combine(5, max), "other"),
    (lambda: Distribution.die(6) + 5, "other"),
    (lambda: Distribution.die(6).combine(Distribution.die(6), None), "function"),
    (lambda: Distribution.die(10_000).combine(Distribution.die(10_000), max), "other"),
    (lambda: Distribution.die(6).repeat(10**6), "count"),                  # minutes before
    (lambda: Distribution.die(100).repeat(1000), "count"),
    (lambda: Distribution.die(6).repeat(True), "count"),
    (lambda: Distribution.uniform(["a", "b"]).mean(), "outcomes"),
    (lambda: Distribution.uniform([(1,), (2,)]) + Distribution.die(2), "outcomes"),
])
def test_distributions_refuse_what_is_not_a_distribution(call, field):
    refused(call, field)


@pytest.mark.parametrize("call, field", [
    (lambda: draw({k: 1 for k in range(40)}, 20), "count"),                # 1.4e11 outcomes before
    (lambda: draw({"a": 10**9}, 1), "contents['a']"),
    (lambda: draw({k: 10 for k in range(2000)}, 1), "contents"),
    (lambda: draw(None, 1), "contents"),
    (lambda: draw({"a": 2}, 3), "count"),
    (lambda: draw({"a": 2}, True), "count"),
    (lambda: count_of({"a": 2, "b": 1}, 1, "a"), "kinds"),
    (lambda: count_of({"a": 2}, 1, [["a"]]), "kinds"),
    (lambda: count_of({"a": 2}, 1, {"z"}), "kinds"),
])
def test_draws_refuse_bags_and_counts_out_of_bounds(call, field):
    refused(call, field)


def test_a_draw_of_one_from_thirty_kinds_counts_only_its_thirty_outcomes():
    drawn = draw({k: 1 for k in range(30)}, 1)  # 2^30 combinations were tried before
    assert drawn.outcomes() == tuple(((k, 1),) for k in range(30)) and drawn[((3, 1),)] == Fraction(1, 30)
    assert draw({"a": 3, "b": 2, "c": 1}, 3) == Distribution(
        {(("a", 3),): 1, (("a", 2), ("b", 1)): 6, (("a", 2), ("c", 1)): 3, (("a", 1), ("b", 2)): 3,
         (("a", 1), ("b", 1), ("c", 1)): 6, (("b", 2), ("c", 1)): 1})


@pytest.mark.parametrize("value", ["1/0", "x", 0.5, None, True, [1], "1/2/3"])
def test_exact_fractions_refuse_what_is_not_one(value):
    for call in (latex_fraction, rational):
        refused(lambda: call(value), "value")


def test_exact_fractions_read_whole_numbers_fractions_and_fraction_texts():
    assert latex_fraction("1/6") == r"\frac{1}{6}" and latex_fraction(-3) == "-3"
    assert latex_fraction(Fraction(-2, 4)) == r"-\frac{1}{2}" and latex_fraction(" 4 / 2 ") == "2"


def test_the_largest_contests_allowed_still_answer_exactly():
    odds = contest_odds([[(12, 1), (12, 3)], [(24, 2)]], faces=6)
    assert sum(odds.wins) + odds.no_winner == 1
    wide = contest_odds([(6, 1), (5, 1)], faces=MOST_FACES)  # the walk takes many faces, no table is listed
    assert sum(wide.wins) + wide.no_winner == 1
    assert MOST_DICE == 24 and MOST_SIDES == 6


def test_six_faces_need_no_table_check_and_seven_do():
    # contest_odds skips the check when even MOST_DICE dice from face 1 stay within MOST_TABLE
    assert _table_size(((1, MOST_DICE),), 6) == 118_755 <= MOST_TABLE < _table_size(((1, MOST_DICE),), 7)
    refused(lambda: contest_odds([[(8, 1), (8, 2), (8, 3)], (1, 1)], faces=7), "sides[0]")


def test_a_function_that_does_not_fit_the_outcomes_is_named():
    for call in (lambda: Distribution.die(6).map(object), lambda: Distribution.die(6).combine(Distribution.die(2), len),
                 lambda: Distribution.die(6).probability(object)):
        refused(call)
