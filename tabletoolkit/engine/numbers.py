"""How a probability reads to a person: the exact fraction and, beside it, a percent (and an exact number that
is not whole: the fraction with its decimal).

Every probability the library shows (options, tables, pictures, notebooks) goes through these, so a fraction
such as ``1899982817/13824000000`` never appears without ``≈ 13.74%`` beside it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .errors import InvalidInput

#: Digits after the decimal point of the percent shown beside a fraction.
PERCENT_DIGITS = 2
#: Digits after the decimal point where an exact number is shown beside its decimal.
DECIMALS = 2


@lru_cache(maxsize=4096)
def share(count: int, total: int) -> Fraction:
    """``Fraction(count, total)``, made once per pair: a draw's odds (copies over what is left) repeat from draw to
    draw, so a game asks for the same few fractions again and again."""
    return Fraction(count, total)


def _exact(probability: Fraction | int) -> Fraction:
    if isinstance(probability, bool) or not isinstance(probability, (Fraction, int)):
        raise InvalidInput("probability", probability, "an exact Fraction (or int)")
    return Fraction(probability)


def percent_text(probability: Fraction | int, digits: int = PERCENT_DIGITS) -> str:
    """``Fraction(1, 6)`` → ``"16.67%"``; a value that is not exactly 0 or 1 never rounds to them."""
    exact = _exact(probability)
    if isinstance(digits, bool) or not isinstance(digits, int) or not 0 <= digits <= 12:
        raise InvalidInput("digits", digits, "a whole number of digits from 0 to 12")
    smallest = Fraction(1, 10**digits) / 100  # the smallest step the percent shows
    if 0 < exact < smallest / 2:
        return f"< {float(smallest * 100):.{digits}f}%"
    if 1 - smallest / 2 < exact < 1:
        return f"> {float((1 - smallest) * 100):.{digits}f}%"
    return f"{float(exact * 100):.{digits}f}%"


def probability_text(probability: Fraction | int, digits: int = PERCENT_DIGITS) -> str:
    """``Fraction(1, 6)`` → ``"1/6 ≈ 16.67%"``; whole numbers read ``"1 (100%)"`` and ``"0 (0%)"``."""
    exact = _exact(probability)
    if exact.denominator == 1:
        return f"{exact} ({exact * 100}%)"
    return f"{exact} ≈ {percent_text(exact, digits)}"


def probability_latex(probability: Fraction | int, digits: int = PERCENT_DIGITS) -> str:
    """The same reading in LaTeX: ``\\frac{1}{6} \\approx 16.67\\%``."""
    exact = _exact(probability)
    if exact.denominator == 1:
        return f"{exact} \\; ({exact * 100}\\%)"
    sign = "-" if exact < 0 else ""
    fraction = f"{sign}\\frac{{{abs(exact.numerator)}}}{{{exact.denominator}}}"
    return f"{fraction} \\approx {percent_text(exact, digits).replace('%', chr(92) + '%')}"


def number_text(value: Fraction | int, digits: int = DECIMALS) -> str:
    """An exact number a person can read: ``Fraction(1771, 96)`` → ``"1771/96 ≈ 18.45"``; ``7`` → ``"7"``."""
    exact = Fraction(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    return f"{exact} ≈ {float(exact):.{digits}f}"
