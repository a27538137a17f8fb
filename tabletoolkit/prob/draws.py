"""Draws without replacement from a finite multiset (a bag, a deck): exact multivariate hypergeometric.

A bag holds at most ``MOST_KINDS`` kinds and ``MOST_ITEMS`` items; a draw whose outcomes would be more
than the distribution's ``MOST_OUTCOMES`` is refused after counting them (no enumeration starts).
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from itertools import accumulate
from math import comb
from operator import sub
from typing import TypeVar

from ..engine.errors import InvalidInput
from .dist import MOST_OUTCOMES, Distribution

T = TypeVar("T", bound=Hashable)

MOST_KINDS = 1_000
MOST_ITEMS = 10_000


def _checked(contents: Mapping[T, int]) -> dict[T, int]:
    if not isinstance(contents, Mapping):
        raise InvalidInput("contents", contents, "a mapping {kind: how many are in the bag}")
    if len(contents) > MOST_KINDS:
        raise InvalidInput("contents", f"{len(contents)} kinds", f"a bag of at most {MOST_KINDS} kinds")
    for kind, count in contents.items():
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MOST_ITEMS:
            raise InvalidInput(f"contents[{kind!r}]", count, f"a count is a whole number from 0 to {MOST_ITEMS}")
    bag = {kind: count for kind, count in contents.items() if count}
    if sum(bag.values()) > MOST_ITEMS:
        raise InvalidInput("contents", f"{sum(bag.values())} items", f"a bag of at most {MOST_ITEMS} items")
    return bag


def _count(count: int, size: int) -> int:
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= size:
        raise InvalidInput("count", count, f"draw between 0 and the {size} items in the bag")
    return count


def _at_most(sizes: list[int], count: int) -> int:
    """A quick upper bound on the number of different draws."""
    product = 1
    for n in sizes:
        product *= min(n, count) + 1
        if product > MOST_OUTCOMES:
            break
    return min(product, comb(count + len(sizes) - 1, count))


def _outcomes(sizes: list[int], count: int) -> int:
    """How many different draws of ``count`` there are: the coefficient of x^count in prod (1 + ... + x^n)."""
    ways = [1] + [0] * count
    for n in sizes:
        running = [0, *accumulate(ways)]
        ways = list(map(sub, running[1:], [0] * min(n, count + 1) + running[: max(0, count + 1 - n)]))
    return ways[count]


def draw(contents: Mapping[T, int], count: int) -> Distribution[tuple[tuple[T, int], ...]]:
    """What ``count`` items drawn at random without replacement contain.

    ``contents`` maps each kind to how many of it are in the bag. An outcome is a tuple of
    (kind, how many drawn) pairs in the bag's order, kinds drawn 0 times left out. The weight of an
    outcome is the number of ways to draw it: the product of C(available, drawn) over the kinds.
    """
    bag = _checked(contents)
    count = _count(count, sum(bag.values()))
    kinds = list(bag)
    sizes = [bag[kind] for kind in kinds]
    if _at_most(sizes, count) > MOST_OUTCOMES and _outcomes(sizes, count) > MOST_OUTCOMES:
        raise InvalidInput("count", count, f"drawing {count} from this bag has more than {MOST_OUTCOMES:,} "
                                           "different outcomes")
    room = [*accumulate(reversed(sizes))][::-1] + [0]  # items in the kinds from each one on
    weights: dict[tuple[tuple[T, int], ...], int] = {}

    def spread(index: int, left: int, taken: tuple[tuple[T, int], ...], ways: int) -> None:
        if index == len(kinds):
            weights[taken] = ways
            return
        kind, size = kinds[index], sizes[index]
        for n in range(max(0, left - room[index + 1]), min(size, left) + 1):
            spread(index + 1, left - n, taken + ((kind, n),) if n else taken, ways * comb(size, n))

    spread(0, count, (), 1)
    return Distribution(weights)


def count_of(contents: Mapping[T, int], count: int, kinds: Collection[T]) -> Distribution[int]:
    """How many of the drawn items are of ``kinds``: the (univariate) hypergeometric distribution."""
    bag = _checked(contents)
    if isinstance(kinds, (str, bytes)) or not isinstance(kinds, Collection):
        raise InvalidInput("kinds", kinds, "a set of the kinds to count")
    try:
        unknown = set(kinds) - set(contents)
    except TypeError:
        raise InvalidInput("kinds", kinds, "a set of the kinds to count (hashable values)") from None
    if unknown:
        raise InvalidInput("kinds", sorted(map(repr, unknown)), "every kind counted must be in the bag")
    hits = sum(n for kind, n in bag.items() if kind in kinds)
    size = sum(bag.values())
    count = _count(count, size)
    return Distribution({k: comb(hits, k) * comb(size - hits, count - k) for k in range(0, min(hits, count) + 1)})
