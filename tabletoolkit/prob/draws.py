"""Draws without replacement from a finite multiset (a bag, a deck): exact multivariate hypergeometric."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from itertools import product
from math import comb
from typing import TypeVar

from ..engine.errors import InvalidInput
from .dist import Distribution

T = TypeVar("T", bound=Hashable)


def _checked(contents: Mapping[T, int]) -> dict[T, int]:
    for kind, count in contents.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise InvalidInput(f"contents[{kind!r}]", count, "a count is a whole number, 0 or more")
    return {kind: count for kind, count in contents.items() if count}


def draw(contents: Mapping[T, int], count: int) -> Distribution[tuple[tuple[T, int], ...]]:
    """What ``count`` items drawn at random without replacement contain.

    ``contents`` maps each kind to how many of it are in the bag. An outcome is a tuple of
    (kind, how many drawn) pairs in the bag's order, kinds drawn 0 times left out. The weight of an
    outcome is the number of ways to draw it: the product of C(available, drawn) over the kinds.
    """
    bag = _checked(contents)
    size = sum(bag.values())
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= size:
        raise InvalidInput("count", count, f"draw between 0 and the {size} items in the bag")
    kinds = list(bag)
    weights: dict[tuple[tuple[T, int], ...], int] = {}
    for taken in product(*(range(min(bag[kind], count) + 1) for kind in kinds)):
        if sum(taken) != count:
            continue
        ways = 1
        for kind, n in zip(kinds, taken):
            ways *= comb(bag[kind], n)
        weights[tuple((kind, n) for kind, n in zip(kinds, taken) if n)] = ways
    return Distribution(weights)


def count_of(contents: Mapping[T, int], count: int, kinds: set[T] | frozenset[T]) -> Distribution[int]:
    """How many of the drawn items are of ``kinds``: the (univariate) hypergeometric distribution."""
    bag = _checked(contents)
    unknown = set(kinds) - set(contents)
    if unknown:
        raise InvalidInput("kinds", sorted(map(repr, unknown)), "every kind counted must be in the bag")
    hits = sum(n for kind, n in bag.items() if kind in kinds)
    size = sum(bag.values())
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= size:
        raise InvalidInput("count", count, f"draw between 0 and the {size} items in the bag")
    return Distribution({k: comb(hits, k) * comb(size - hits, count - k) for k in range(0, min(hits, count) + 1)})
