"""Exact finite distributions: outcome -> whole-number weight, probabilities as ``Fraction``."""

from __future__ import annotations

import html
import math
import operator
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any, Generic, Iterator, TypeVar

from ..engine.errors import InvalidInput

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Distribution(Generic[T]):
    """An immutable finite distribution with exact probabilities.

    Weights are whole numbers reduced by their common divisor, so two distributions are equal
    exactly when they give every outcome the same probability.
    """

    __slots__ = ("_weights", "_total")

    def __init__(self, weights: Mapping[T, int]):
        cleaned: dict[T, int] = {}
        for outcome, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool) or weight < 0:
                raise InvalidInput(f"weights[{outcome!r}]", weight, "a weight is a whole number, 0 or more")
            if weight:
                cleaned[outcome] = cleaned.get(outcome, 0) + weight
        if not cleaned:
            raise InvalidInput("weights", dict(weights), "a distribution needs at least one outcome with weight above 0")
        divisor = math.gcd(*cleaned.values())
        self._weights = {outcome: weight // divisor for outcome, weight in _sorted_items(cleaned)}
        self._total = sum(self._weights.values())

    @classmethod
    def uniform(cls, outcomes: Iterable[T]) -> "Distribution[T]":
        """Every outcome equally likely (repeats count double)."""
        weights: dict[T, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def die(cls, sides: int = 6) -> "Distribution[int]":
        """A fair die with faces 1..sides."""
        if not isinstance(sides, int) or sides < 1:
            raise InvalidInput("sides", sides, "a die has at least one side")
        return cls.uniform(range(1, sides + 1))

    @property
    def total(self) -> int:
        """The sum of the (reduced) weights: the common denominator of every probability."""
        return self._total

    def weights(self) -> dict[T, int]:
        """Outcome -> reduced weight, outcomes in sorted order."""
        return dict(self._weights)

    def outcomes(self) -> tuple[T, ...]:
        return tuple(self._weights)

    def items(self) -> Iterator[tuple[T, Fraction]]:
        """(outcome, exact probability) in sorted outcome order."""
        for outcome, weight in self._weights.items():
            yield outcome, Fraction(weight, self._total)

    def __getitem__(self, outcome: T) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._total)

    def probability(self, event: Callable[[T], bool] | T) -> Fraction:
        """P(outcome == event), or P(event(outcome)) when ``event`` is a predicate."""
        if callable(event):
            return Fraction(sum(w for o, w in self._weights.items() if event(o)), self._total)
        return self[event]

    def map(self, function: Callable[[T], U]) -> "Distribution[U]":
        """The distribution of ``function(outcome)``."""
        weights: dict[U, int] = {}
        for outcome, weight in self._weights.items():
            key = function(outcome)
            weights[key] = weights.get(key, 0) + weight
        return Distribution(weights)

    def combine(self, other: "Distribution[U]", function: Callable[[T, U], Any]) -> "Distribution[Any]":
        """The distribution of ``function(a, b)`` for independent draws a from self, b from other."""
        weights: dict[Any, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = function(a, b)
                weights[key] = weights.get(key, 0) + wa * wb
        return Distribution(weights)

    def __add__(self, other: "Distribution[Any]") -> "Distribution[Any]":
        """The sum of two independent numeric draws."""
        return self.combine(other, operator.add)

    def repeat(self, count: int, function: Callable[[Any, T], Any] = operator.add) -> "Distribution[Any]":
        """``count`` independent draws folded with ``function`` (the sum by default)."""
        if not isinstance(count, int) or count < 1:
            raise InvalidInput("count", count, "repeat at least once")
        result: Distribution[Any] = self
        for _ in range(count - 1):
            result = result.combine(self, function)
        return result

    def mean(self) -> Fraction:
        """The exact expectation of a numeric distribution."""
        return Fraction(sum(o * w for o, w in self._weights.items()), self._total)

    def to_sympy(self) -> dict[T, Any]:
        """Outcome -> sympy ``Rational`` (imports sympy on first use)."""
        from .symbolic import rational

        return {outcome: rational(p) for outcome, p in self.items()}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(tuple(self._weights.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{o!r}: {p}" for o, p in self.items())
        return f"Distribution({{{body}}})"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(str(o))}</td><td>{p}</td><td>{float(p):.4f}</td></tr>" for o, p in self.items()
        )
        return f"<table class='tt-distribution'><tr><th>outcome</th><th>probability</th><th>≈</th></tr>{rows}</table>"

    def _repr_latex_(self) -> str:
        from .symbolic import latex_fraction

        cells = r" \\ ".join(f"{o} & {latex_fraction(p)}" for o, p in self.items())
        return rf"$\begin{{array}}{{c|c}} \text{{outcome}} & P \\ \hline {cells} \end{{array}}$"


def _sorted_items(weights: dict[Any, int]) -> list[tuple[Any, int]]:
    """Outcomes in their natural order, or by their repr when they do not order among themselves."""
    try:
        return sorted(weights.items(), key=lambda item: item[0])
    except TypeError:
        return sorted(weights.items(), key=lambda item: repr(item[0]))
