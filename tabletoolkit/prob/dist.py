"""Exact finite distributions: outcome -> whole-number weight, probabilities as ``Fraction``.

A distribution holds at most ``MOST_OUTCOMES`` outcomes, and an operation that would visit more than
``MOST_WORK`` pairs of outcomes (``combine``, ``repeat``) is refused before it starts, so no input
hangs or fills the memory.
"""

from __future__ import annotations

import html
import math
import numbers
import operator
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from itertools import islice
from typing import Any, Generic, Iterator, TypeVar

from ..engine.errors import InvalidInput

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)

MOST_OUTCOMES = 1_000_000
"""The most outcomes a distribution holds (a die of up to ``MOST_FACES`` faces, a draw of a large bag)."""
MOST_FACES = 10_000
"""The most faces of ``Distribution.die``."""
MOST_WORK = 10_000_000
"""The most pairs of outcomes one ``combine`` (or all the combines of a ``repeat``) may visit."""
MOST_REPEATS = 1_000


class Distribution(Generic[T]):
    """An immutable finite distribution with exact probabilities.

    Weights are whole numbers reduced by their common divisor, so two distributions are equal
    exactly when they give every outcome the same probability.
    """

    __slots__ = ("_weights", "_total")

    def __init__(self, weights: Mapping[T, int]):
        if not isinstance(weights, Mapping):
            raise InvalidInput("weights", weights, "a mapping {outcome: whole-number weight}")
        if len(weights) > MOST_OUTCOMES:
            raise InvalidInput("weights", f"{len(weights)} outcomes", f"at most {MOST_OUTCOMES:,} outcomes")
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
        if isinstance(outcomes, (str, bytes)) or not isinstance(outcomes, Iterable):
            raise InvalidInput("outcomes", outcomes, "a list, tuple or other collection of outcomes")
        weights: dict[T, int] = {}
        for index, outcome in enumerate(islice(outcomes, MOST_OUTCOMES + 1)):
            if index == MOST_OUTCOMES:
                raise InvalidInput("outcomes", f"more than {MOST_OUTCOMES:,}", f"at most {MOST_OUTCOMES:,} outcomes")
            _hashable("outcomes", outcome)
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def die(cls, sides: int = 6) -> "Distribution[int]":
        """A fair die with faces 1..sides."""
        if not isinstance(sides, int) or isinstance(sides, bool) or not 1 <= sides <= MOST_FACES:
            raise InvalidInput("sides", sides, f"a die has 1 to {MOST_FACES:,} sides")
        return Distribution[int].uniform(range(1, sides + 1))

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
        _hashable("outcome", outcome)
        return Fraction(self._weights.get(outcome, 0), self._total)

    def probability(self, event: Callable[[T], bool] | T) -> Fraction:
        """P(outcome == event), or P(event(outcome)) when ``event`` is a predicate."""
        if callable(event):
            try:
                return Fraction(sum(w for o, w in self._weights.items() if event(o)), self._total)
            except TypeError as error:
                raise InvalidInput("event", event, f"a predicate of one outcome; it raised TypeError: {error}") from None
        _hashable("event", event)
        return self[event]

    def map(self, function: Callable[[T], U]) -> "Distribution[U]":
        """The distribution of ``function(outcome)``."""
        _callable("function", function)
        weights: dict[U, int] = {}
        for outcome, weight in self._weights.items():
            key = _call("function", function, outcome)
            if key.__class__.__hash__ is None:
                _hashable("function", key)
            weights[key] = weights.get(key, 0) + weight
        return Distribution(weights)

    def combine(self, other: "Distribution[U]", function: Callable[[T, U], Any]) -> "Distribution[Any]":
        """The distribution of ``function(a, b)`` for independent draws a from self, b from other."""
        if not isinstance(other, Distribution):
            raise InvalidInput("other", other, "a Distribution to combine with")
        _callable("function", function)
        work = len(self._weights) * len(other._weights)
        if work > MOST_WORK:
            raise InvalidInput("other", f"{len(self._weights)} × {len(other._weights)} outcomes",
                               f"combining visits every pair; at most {MOST_WORK:,} pairs")
        weights: dict[Any, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = _call("function", function, a, b)
                if key.__class__.__hash__ is None:
                    _hashable("function", key)
                weights[key] = weights.get(key, 0) + wa * wb
        return Distribution(weights)

    def __add__(self, other: "Distribution[Any]") -> "Distribution[Any]":
        """The sum of two independent numeric draws."""
        self._numeric("+", numbers.Number)
        if isinstance(other, Distribution):
            other._numeric("+", numbers.Number)
        return self.combine(other, operator.add)

    def repeat(self, count: int, function: Callable[[Any, T], Any] = operator.add) -> "Distribution[Any]":
        """``count`` independent draws folded with ``function`` (the sum by default)."""
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MOST_REPEATS:
            raise InvalidInput("count", count, f"repeat from 1 to {MOST_REPEATS} times")
        _callable("function", function)
        result: Distribution[Any] = self
        work = 0
        for _ in range(count - 1):
            work += len(result._weights) * len(self._weights)
            if work > MOST_WORK:
                raise InvalidInput("count", count, f"repeating visits more than {MOST_WORK:,} pairs of outcomes")
            result = result.combine(self, function)
        return result

    def mean(self) -> Fraction:
        """The exact expectation of a numeric distribution."""
        self._numeric("mean")
        return Fraction(sum(o * w for o, w in self._weights.items()), self._total)

    def _numeric(self, what: str, kind: type = numbers.Rational) -> None:
        for outcome in self._weights:
            if not isinstance(outcome, kind):
                raise InvalidInput("outcomes", outcome, f"{what} needs {'numeric' if kind is numbers.Number else 'whole-number or Fraction'} outcomes")

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


def _hashable(field: str, value: Any) -> Any:
    try:
        hash(value)
    except TypeError:
        raise InvalidInput(field, value, "an outcome is a hashable value (a number, text or tuple)") from None
    return value


def _call(field: str, function: Callable[..., Any], *outcomes: Any) -> Any:
    """``function(*outcomes)``; a TypeError (the wrong function for these outcomes) is named, not passed on raw."""
    try:
        return function(*outcomes)
    except TypeError as error:
        raise InvalidInput(field, function, f"a function of {len(outcomes)} outcome(s); it raised TypeError: {error}") from None


def _callable(field: str, value: Any) -> None:
    if not callable(value):
        raise InvalidInput(field, value, "a function")


def _sorted_items(weights: dict[Any, int]) -> list[tuple[Any, int]]:
    """Outcomes in their natural order, or by their repr when they do not order among themselves."""
    try:
        return sorted(weights.items(), key=lambda item: item[0])
    except TypeError:
        return sorted(weights.items(), key=lambda item: repr(item[0]))
