"""Bridges from exact fractions to sympy, imported only when a display or derivation needs it."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..engine.errors import InvalidInput

_FRACTION_TEXT = re.compile(r"\s*[-+]?\d{1,100}\s*(/\s*\d{1,100}\s*)?")


def exact(value: Any, field: str = "value") -> Fraction:
    """``value`` (a whole number, a ``Fraction`` or a text such as ``"1/6"``) as a ``Fraction``; a float, a
    zero denominator or anything else is refused."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, str) and _FRACTION_TEXT.fullmatch(value):
        numerator, _, denominator = value.partition("/")
        if denominator and int(denominator) == 0:
            raise InvalidInput(field, value, "a fraction with a denominator of 0")
        return Fraction(int(numerator), int(denominator or 1))
    raise InvalidInput(field, value, 'an exact number: a whole number, a Fraction or a text such as "1/6"')


def rational(value: Fraction | int) -> Any:
    """The sympy ``Rational`` equal to ``value`` (cached: a Rational is immutable)."""
    return _rational(exact(value))


@lru_cache(maxsize=4096)
def _rational(value: Fraction) -> Any:
    import sympy

    return sympy.Rational(value.numerator, value.denominator)


def latex_fraction(value: Fraction | int) -> str:
    """LaTeX for an exact fraction, e.g. ``\\frac{1}{6}``."""
    value = exact(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    return rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"
