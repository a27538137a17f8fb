from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletoolkit import InvalidInput
from tabletoolkit.prob import Distribution, count_of, draw, latex_fraction, rational


def test_two_dice():
    total = Distribution.die(6) + Distribution.die(6)
    assert total[7] == Fraction(1, 6)
    assert total[2] == Fraction(1, 36)
    assert total[13] == 0
    assert total.total == 36
    assert total.mean() == 7
    assert total.probability(lambda t: t >= 10) == Fraction(6, 36)


def test_weights_are_reduced_so_equal_distributions_compare_equal():
    assert Distribution({"a": 2, "b": 4}) == Distribution({"a": 1, "b": 2})
    assert Distribution({"a": 2, "b": 4}).weights() == {"a": 1, "b": 2}
    assert hash(Distribution({"x": 3})) == hash(Distribution({"x": 1}))


def test_map_and_repeat():
    d6 = Distribution.die(6)
    assert d6.map(lambda v: v % 2).weights() == {0: 1, 1: 1}
    assert d6.repeat(3) == d6 + d6 + d6
    assert d6.repeat(2, max)[6] == Fraction(11, 36)


def test_bad_weights_are_refused():
    with pytest.raises(InvalidInput):
        Distribution({"a": -1})
    with pytest.raises(InvalidInput):
        Distribution({"a": 0})
    with pytest.raises(InvalidInput):
        Distribution({"a": 0.5})
    with pytest.raises(InvalidInput):
        Distribution.die(0)


def test_unorderable_outcomes_still_work():
    mixed = Distribution({1: 1, "one": 1})
    assert mixed[1] == Fraction(1, 2)


def test_sympy_bridge():
    import sympy

    assert rational(Fraction(1, 6)) == sympy.Rational(1, 6)
    assert Distribution.die(2).to_sympy() == {1: sympy.Rational(1, 2), 2: sympy.Rational(1, 2)}
    assert latex_fraction(Fraction(-3, 4)) == r"-\frac{3}{4}"
    assert latex_fraction(2) == "2"
    assert r"\frac{1}{2}" in Distribution.die(2)._repr_latex_()


def test_draw_without_replacement():
    bag = {"gold": 2, "ice": 1}
    drawn = draw(bag, 2)
    assert drawn[(("gold", 1), ("ice", 1))] == Fraction(2, 3)
    assert drawn[(("gold", 2),)] == Fraction(1, 3)
    assert count_of({"red": 3, "other": 5}, 2, {"red"}) == Distribution({0: 10, 1: 15, 2: 3})


def test_draw_refuses_impossible_counts():
    with pytest.raises(InvalidInput):
        draw({"a": 1}, 2)
    with pytest.raises(InvalidInput):
        count_of({"a": 1}, 1, {"b"})
    with pytest.raises(InvalidInput):
        draw({"a": -1}, 0)


@given(st.dictionaries(st.sampled_from("abcde"), st.integers(0, 4), min_size=1), st.integers(0, 6))
def test_draws_sum_to_one_and_match_the_hypergeometric(bag, count):
    size = sum(bag.values())
    if count > size or size == 0:
        return
    drawn = draw(bag, count)
    assert sum(p for _, p in drawn.items()) == 1
    hits = count_of(bag, count, {"a"} & set(bag)) if "a" in bag else None
    if hits is not None:
        assert hits == drawn.map(lambda outcome: dict(outcome).get("a", 0))
