"""Bridges from exact fractions to sympy, imported only when a display or derivation needs it."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=4096)
def rational(value: Fraction | int) -> Any:
    """The sympy ``Rational`` equal to ``value`` (cached: a Rational is immutable)."""
    import sympy

    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


def latex_fraction(value: Fraction | int) -> str:
    """LaTeX for an exact fraction, e.g. ``\\frac{1}{6}``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    return rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"
