from fractions import Fraction

import pytest

from tabletoolkit.engine.errors import InvalidInput
from tabletoolkit.engine.numbers import percent_text, probability_latex, probability_text


def test_a_fraction_reads_with_its_percent():
    assert probability_text(Fraction(1, 6)) == "1/6 ≈ 16.67%"
    assert probability_text(Fraction(1899982817, 13824000000)) == "1899982817/13824000000 ≈ 13.74%"


def test_certain_and_impossible_read_as_whole_numbers():
    assert probability_text(Fraction(1)) == "1 (100%)"
    assert probability_text(0) == "0 (0%)"


def test_a_tiny_or_near_certain_chance_never_rounds_to_zero_or_one():
    assert percent_text(Fraction(1, 10**9)) == "< 0.01%"
    assert percent_text(1 - Fraction(1, 10**9)) == "> 99.99%"
    assert percent_text(Fraction(1, 3), digits=0) == "33%"


def test_latex_reading():
    assert probability_latex(Fraction(1, 6)) == r"\frac{1}{6} \approx 16.67\%"


@pytest.mark.parametrize("bad", [0.5, "1/2", None, True])
def test_only_exact_values_are_read(bad):
    with pytest.raises(InvalidInput, match="probability"):
        probability_text(bad)


def test_digits_are_bounded():
    with pytest.raises(InvalidInput, match="digits"):
        percent_text(Fraction(1, 2), digits=100)
