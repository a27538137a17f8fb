"""A contest walked face by face, from the highest face down, with the sides still tied (game-agnostic).

Sorted dice compare highest first, which is comparing how many dice show each face, from the
highest face down. Walk the faces in that order, keeping the sides still tied: they have shown the
same counts so far, so they share ``s``, the number of dice shown. The first face at which one
tied side shows more dice than every other wins it; the position that decided it is ``s`` plus
the runner-up's count there, plus one. A side that never separates ties for first.

The state is (tied sides, s), not the dice shown: what a side shows next depends on its past only
through ``s``. For one aim, its ``n - s`` dice left are uniform on aim..face. For a team with two
aims a1 < a2 it holds too: while the faces are >= a2, the number of outcomes showing counts ``c``
is ``M(c) * K(s)`` with ``M(c) = s! / prod c!`` and ``K(s) = [x^s] prod_g (x + w_g)^{n_g}``
(``w_g``: faces still open to group g's dice); below a2 only the a1 dice are left. So each side is
a chain of whole-number factors per (face, s, count): ``grow`` while it stays tied, ``exit`` (its
outcomes showing exactly that count, all later faces summed) when it separates. A few dozen states
replace the thousands of sorted outcomes of a 12-die team. Everything is exact integers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, repeat
from math import comb
from operator import add, mul, sub
from typing import Any

Groups = tuple[tuple[int, int], ...]  # (aim, dice) for each distinct aim, aims ascending


@dataclass(frozen=True)
class Walked:
    """Counts of a contest walked face by face, over ``denominator`` equally likely rolls.

    ``wins[i]``: rolls side i wins; ``decided[i][d - 1]``: of those, rolls decided at position d
    (empty unless asked for); ``ties[m]``: rolls ending in a tie for first among exactly m sides.
    """

    wins: tuple[int, ...]
    decided: tuple[tuple[int, ...], ...]
    ties: dict[int, int]
    denominator: int


def walk(sides: tuple[Groups, ...], faces: int, positions: bool = False) -> Walked:
    """Exact counts of a contest of two or more sides (see the module docstring)."""
    count = len(sides)
    if count < 2:
        raise ValueError("the face walk takes two sides or more")
    longest = max(sum(d for _, d in g) for g in sides)
    width = max(12, longest)
    chains = [_chain(g, faces, width) for g in sides]
    sizes = [c.dice for c in chains]
    steps = [c.levels for c in chains]
    wins = [0] * count
    decided = [[0] * max(1, longest) for _ in range(count)] if positions else None
    ties: dict[int, int] = {}
    layer: dict[tuple[int, ...], list[int]] = {tuple(range(count)): [1]}
    for level in range(faces):
        following: dict[tuple[int, ...], list[int]] = {}
        for tied, weights in layer.items():
            most = max(sizes[i] for i in tied)
            if len(tied) > 2:
                several = _triple if len(tied) == 3 else _several
                for s, weight in enumerate(weights):
                    if weight:
                        if s == most:
                            ties[len(tied)] = ties.get(len(tied), 0) + weight
                        else:
                            several(tied, [steps[k][level][s] or chains[k].row(level, s) for k in tied], s, weight, wins, decided, following)
                continue
            i, j = tied
            steps_i, steps_j = steps[i][level], steps[j][level]
            for s, weight in enumerate(weights):
                if not weight:
                    continue
                if s == most:  # both have shown all their dice: a tie for first
                    ties[2] = ties.get(2, 0) + weight
                    continue
                grow_i, exit_i, below_i = steps_i[s] or chains[i].row(level, s)
                grow_j, exit_j, below_j = steps_j[s] or chains[j].row(level, s)
                if decided is None:
                    wins[i] += weight * sum(map(mul, exit_i, below_j))
                    wins[j] += weight * sum(map(mul, exit_j, below_i))
                else:
                    _decide(wins, decided, i, s, weight, exit_j, exit_i, below_i)
                    _decide(wins, decided, j, s, weight, exit_i, exit_j, below_j)
                _carry(following, tied, s, weight, list(map(mul, grow_i, grow_j)))
        layer = following
    for tied, weights in layer.items():
        if any(weights):
            ties[len(tied)] = ties.get(len(tied), 0) + sum(weights)
    return Walked(
        tuple(wins),
        tuple(tuple(row) for row in decided) if decided is not None else (),
        ties,
        math.prod(c.total for c in chains),
    )


def _triple(tied, rows, s, weight, wins, decided, following) -> None:
    (grow_0, exit_0, below_0), (grow_1, exit_1, below_1), (grow_2, exit_2, below_2) = rows
    if decided is None:
        wins[tied[0]] += weight * sum(map(mul, map(mul, exit_0, below_1), below_2))
        wins[tied[1]] += weight * sum(map(mul, map(mul, exit_1, below_0), below_2))
        wins[tied[2]] += weight * sum(map(mul, map(mul, exit_2, below_0), below_1))
    else:
        for k in range(3):
            (_, exit_p, below_p), (_, exit_q, below_q) = rows[(k + 1) % 3], rows[(k + 2) % 3]
            size = max(len(exit_p), len(exit_q))
            exit_p, exit_q = exit_p + (0,) * (size - len(exit_p)), exit_q + (0,) * (size - len(exit_q))
            # the runner-up's count u: one of the two shows exactly u, the other at most u
            runner = list(map(add, map(mul, exit_p, below_q[1:]), map(mul, below_p, exit_q)))
            _decide(wins, decided, tied[k], s, weight, runner, rows[k][1], rows[k][2])
    both_01, both_02 = list(map(mul, grow_0, grow_1)), list(map(mul, grow_0, grow_2))
    _carry(following, tied, s, weight, list(map(mul, both_01, grow_2)))
    _carry(following, (tied[0], tied[1]), s, weight, list(map(mul, both_01, below_2)))
    _carry(following, (tied[0], tied[2]), s, weight, list(map(mul, both_02, below_1)))
    _carry(following, (tied[1], tied[2]), s, weight, list(map(mul, map(mul, grow_1, grow_2), below_0)))


def _several(tied, rows, s, weight, wins, decided, following) -> None:
    """Four or more tied sides: products over the subsets that show the highest count."""
    belows = [r[2] for r in rows]
    for k, side in enumerate(tied):
        others: Any = None  # the rolls with every other side below each count
        for q, below in enumerate(belows):
            if q != k:
                others = below if others is None else list(map(mul, others, below))
        if decided is None:
            wins[side] += weight * sum(map(mul, rows[k][1], others))
        else:  # the runner-up shows exactly u: all others at most u, less all below u
            _decide(wins, decided, side, s, weight, list(map(sub, others[1:], others)), rows[k][1], rows[k][2])
    partial: list[tuple[tuple[int, ...], list[int] | tuple[int, ...] | None]] = [((), None)]
    for side, (grow, _, _), below in zip(tied, rows, belows):
        grows = any(grow)
        extended = []
        for showing, counts in partial:
            extended.append((showing, below if counts is None else list(map(mul, counts, below))))
            if grows:
                extended.append((showing + (side,), grow if counts is None else list(map(mul, counts, grow))))
        partial = extended
    for showing, counts in partial:
        if len(showing) > 1:
            _carry(following, showing, s, weight, counts)


def _decide(wins, decided, side, s, weight, runner, exits, below) -> None:
    """The side wins showing more than the runner-up's count u; that is position s + u + 1."""
    total = below[len(exits)]
    share = list(map(mul, runner, map(sub, repeat(total), below[1 : len(exits) + 1])))
    wins[side] += weight * sum(share)
    row = decided[side]
    for u, value in enumerate(share):
        if value:
            row[s + u] += weight * value


def _carry(following, tied, s, weight, counts) -> None:
    if not any(counts):
        return
    target = following.get(tied)
    if target is None:
        target = following[tied] = []
    end = s + len(counts)
    if len(target) < end:
        target.extend(repeat(0, end - len(target)))
    target[s:end] = map(add, target[s:end], map(mul, counts, repeat(weight)))


# ---------------------------------------------------------------------------------------------
# One side as a chain of factors


class _Chain:
    """``row(level, s) = (grow, exit, below)`` over the count c shown at the level's face (faces from
    the highest down), built the first time the walk reaches that face with ``s`` dice shown.

    grow[c]: the factor while the side stays tied; exit[c]: its rolls showing exactly c, the later
    faces summed; below[m]: the sum of exit[c] for c < m, for m = 0..width (the sum past its last
    count). A row for an ``s`` the side cannot reach at that face is None.
    """

    __slots__ = ("dice", "levels", "total", "_groups", "_width", "_counts")

    def __init__(self, groups: Groups, faces: int, width: int) -> None:
        self.dice = sum(d for _, d in groups)
        self.total = math.prod((faces - a + 1) ** d for a, d in groups)
        self._groups = groups
        self._width = width
        self._counts: dict[int, list[int]] = {}
        # levels[level][s]: the row once built (False until then)
        self.levels: list[list[Any]] = [[False] * (self.dice + 1) for _ in range(faces)]

    def row(self, level: int, s: int) -> Any:
        built = self.levels[level][s] = self._build(len(self.levels) - level, s)
        return built

    def _build(self, face: int, s: int) -> Any:
        groups, n, width = self._groups, self.dice, self._width
        if len(groups) == 2:
            (a1, n1), (a2, n2) = groups
        else:
            a1, n1, a2, n2 = (groups[0][0] if groups else 1), n, len(self.levels) + 1, 0
        if face > a2:
            counts = self._counts.get(face)
            if counts is None:
                counts = self._counts[face] = _product_of_binomials(n1, face - a1, n2, face - a2)
            return _row(_shown(s, n - s), counts[s:], width)
        if face == a2:  # the a2 dice all show by here; the a1 dice left run on below
            return _crossing_row(s, n, n1, n2, a2 - a1, width)
        if face >= a1:
            return _single_row(n - s, face - a1, width)
        return _single_row(0, 0, width) if s == n else None


@lru_cache(maxsize=512)
def _chain(groups: Groups, faces: int, width: int) -> _Chain:
    return _Chain(groups, faces, width)


def _row(grow, exits, width):
    """A row from its grow factors and the rolls each count leaves below (cut to grow's length)."""
    exits = tuple(map(mul, grow, exits))
    below = (0, *accumulate(exits))
    return tuple(grow), exits, below + (below[-1],) * (width + 1 - len(below))


@lru_cache(maxsize=4096)
def _single_row(left: int, below_faces: int, width: int):
    """``left`` dice on this face and ``below_faces`` faces under it (0: they all show here)."""
    if below_faces:
        binomials = _binomials(left)
        return _row(binomials, [below_faces ** (left - c) for c in range(left + 1)], width)
    only = (0,) * left + (1,)
    return _row(only, only, width)


def _crossing_row(s, n, n1, n2, low_faces, width):
    grow = tuple(comb(s + c, c) * comb(n1, s + c - n2) if s + c >= n2 else 0 for c in range(n - s + 1))
    return _row(grow, [low_faces ** (n - s - c) for c in range(n - s + 1)], width)


@lru_cache(maxsize=512)
def _shown(s: int, left: int) -> tuple[int, ...]:
    """M(c with c more dice) / M(c) = C(s + c, c) for c = 0..left."""
    return tuple(comb(s + c, c) for c in range(left + 1))


@lru_cache(maxsize=512)
def _binomials(n: int) -> tuple[int, ...]:
    return tuple(comb(n, c) for c in range(n + 1))


def _product_of_binomials(n1: int, w1: int, n2: int, w2: int) -> list[int]:
    """Coefficients of (x + w1)^n1 (x + w2)^n2, lowest power first."""
    first = [b * w1 ** (n1 - k) for k, b in enumerate(_binomials(n1))]
    second = [b * w2 ** (n2 - k) for k, b in enumerate(_binomials(n2))]
    out = [0] * (n1 + n2 + 1)
    for k, x in enumerate(first):
        out[k : k + n2 + 1] = map(add, out[k : k + n2 + 1], map(mul, second, repeat(x)))
    return out


def clear_caches() -> None:
    """Forget every cached chain and row (benchmarks time cold runs with this)."""
    for cached in (_chain, _single_row, _shown, _binomials):
        cached.cache_clear()
