"""Seeded randomness, with forced outcomes for teaching ("suppose the die shows 6").

Every procedure that needs chance takes an ``Rng``. ``Rng(seed)`` is reproducible; ``Rng.forced``
hands out given values first, in order, and checks each fits the draw it answers. ``history`` records
every draw so a step can show what was rolled.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from fractions import Fraction
from typing import Any, TypeVar

from .errors import InvalidInput

T = TypeVar("T")


MOST_DICE = 10_000  # a sane bound on dice rolled at once and on a die's faces: no rule rolls more
MOST_SIDES = 10_000
MOST_FORCED = 100_000
MOST_ITEMS = 1_000_000  # a shuffle or a choice among at most this many things


class Rng:
    """A reproducible source of dice rolls, shuffles and choices."""

    def __init__(self, seed: int | None = 0, forced: Iterable[Any] = ()):
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidInput("seed", seed, "a seed is a whole number (or None for a seed from the machine)")
        if isinstance(forced, (str, bytes)) or not isinstance(forced, Iterable):
            raise InvalidInput("forced", forced, "a list of the values the next draws give")
        self.seed = seed
        self._random = random.Random(seed)
        self._forced = list(islice(forced, MOST_FORCED + 1))
        if len(self._forced) > MOST_FORCED:
            raise InvalidInput("forced", f"more than {MOST_FORCED}", f"at most {MOST_FORCED} forced values")
        self.history: list[tuple[str, Any]] = []

    @classmethod
    def forced(cls, values: Iterable[Any], seed: int | None = 0) -> "Rng":
        """An Rng that answers its next draws with ``values`` (then falls back to ``seed``)."""
        return cls(seed, forced=values)

    @property
    def pending(self) -> tuple[Any, ...]:
        """Forced values not used yet."""
        return tuple(self._forced)

    def _take_forced(self, what: str, allowed: Any) -> Any:
        value = self._forced.pop(0)
        if isinstance(allowed, range) and type(value) is not int or value not in allowed:
            raise InvalidInput("forced", value, f"the forced value for {what} must be one of {_show(allowed)}")
        return value

    def roll(self, sides: int = 6) -> int:
        """One die with faces 1..sides."""
        if isinstance(sides, bool) or not isinstance(sides, int) or not 1 <= sides <= MOST_SIDES:
            raise InvalidInput("sides", sides, f"a die has 1 to {MOST_SIDES} sides")
        faces = range(1, sides + 1)
        value = self._take_forced(f"a d{sides}", faces) if self._forced else self._random.randint(1, sides)
        self.history.append((f"d{sides}", value))
        return value

    def rolls(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """Several dice at once, in the order rolled."""
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MOST_DICE:
            raise InvalidInput("count", count, f"the number of dice is a whole number from 0 to {MOST_DICE}")
        return tuple(self.roll(sides) for _ in range(count))

    def choice(self, options: Sequence[T]) -> T:
        """One of ``options``; a forced value must be one of them."""
        if isinstance(options, (str, bytes)) or not isinstance(options, Sequence):
            raise InvalidInput("options", options, "a sequence (list or tuple) of things to choose from")
        if not options:
            raise InvalidInput("options", options, "there is nothing to choose from")
        value = self._take_forced("a choice", options) if self._forced else self._random.choice(list(options))
        self.history.append(("choice", value))
        return value

    def pick(self, outcomes: Mapping[T, Fraction]) -> T:
        """One outcome of an exact distribution ``{outcome: Fraction}``, drawn with exactly those odds.

        A forced value must be one of the outcomes (the way a chance event is replayed or taught).
        """
        if not isinstance(outcomes, Mapping) or not outcomes:
            raise InvalidInput("outcomes", outcomes, "a mapping {outcome: Fraction} with at least one outcome")
        numerators, denominators = [], []
        for p in outcomes.values():
            # The sign read off the numerator (a Fraction's denominator is positive): no Fraction comparison.
            if type(p) is not Fraction and (isinstance(p, bool) or not isinstance(p, int)) or p.numerator < 0:
                raise InvalidInput("outcomes", dict(outcomes), "every probability is an exact Fraction, 0 or more")
            numerators.append(p.numerator)
            denominators.append(p.denominator)
        # On the common denominator each probability is a whole weight: the sum and the draw stay exact in integers.
        scale = math.lcm(*denominators)
        weights = [n * (scale // d) for n, d in zip(numerators, denominators)]
        if sum(weights) != scale:
            raise InvalidInput("outcomes", dict(outcomes), "the probabilities must sum to 1")
        if self._forced:
            value = self._take_forced("a chance event", list(outcomes))
        else:
            ticket = self._random.randrange(scale)
            for value, weight in zip(outcomes, weights):
                ticket -= weight
                if ticket < 0:
                    break
        self.history.append(("chance", value))
        return value

    def shuffled(self, items: Iterable[T]) -> tuple[T, ...]:
        """A new shuffled tuple; a forced value is the whole order (a permutation of ``items``)."""
        if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
            raise InvalidInput("items", items, "a list or tuple of the things to shuffle")
        pool = list(islice(items, MOST_ITEMS + 1))
        if len(pool) > MOST_ITEMS:
            raise InvalidInput("items", f"more than {MOST_ITEMS:,}", f"at most {MOST_ITEMS:,} things to shuffle")
        if self._forced:
            order = self._forced.pop(0)
            if isinstance(order, (str, bytes)) or not isinstance(order, Iterable):
                raise InvalidInput("forced", order, f"a forced shuffle must be an ordering of {pool!r}")
            order = list(islice(order, len(pool) + 1))
            if sorted(map(repr, order)) != sorted(map(repr, pool)):
                raise InvalidInput("forced", order, f"a forced shuffle must be an ordering of {pool!r}")
            result = tuple(order)
        else:
            self._random.shuffle(pool)
            result = tuple(pool)
        self.history.append(("shuffle", result))
        return result


def _show(allowed: Any) -> str:
    if isinstance(allowed, range):
        return f"{allowed.start}..{allowed.stop - 1}"
    return repr(list(allowed))
