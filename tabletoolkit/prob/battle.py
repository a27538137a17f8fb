"""Exact odds of "highest die first" dice contests with rerolls below an aim (game-agnostic).

A *roller* throws ``dice`` dice and rerolls every die below its ``aim`` until none is; a *side* is
one roller or a team whose rollers' dice are pooled. Each side sorts its dice from high to low and
the sides compare as tuples: highest die first, then the next; a side with dice left beats one that
has run out; a tie for first after all dice means no winner. Ties below first decide nothing.

How it is computed. A rerolled die is uniform on ``aim..faces`` (``rerolled_die`` derives it).
A side's sorted dice are determined by how many dice show each face, and comparing sorted tuples
is comparing those counts lexicographically from the highest face down. Two exact engines give the
same fractions:

- The sweep. Encoding the counts as the digits of one integer (highest face = most significant
  digit) turns battle order into integer order. Sides are independent, so, with ``F_j(<o)`` the
  chance that side j's key is below ``o``::

      P(side i wins) = sum over i's outcomes o of P_i(o) * prod_{j != i} F_j(<o)

  one pass over each distinct side's outcomes (462 for 6 dice), never a joint enumeration. The
  others' F_j are read at i's keys by a binary search for two or three sides (three one-aim sides
  of different dice counts read the fewest-dice side at the most-dice side's keys through the
  middle side's, whose keys are their highest dice), and for more from running sums over one
  sorted union of every side's keys, by position.
- The face walk (``faces``), when a side is a team or has more than six dice: the faces from
  high to low with the sides still tied, whose state is how many dice they have shown. A 12-die
  team has 6188 sorted outcomes; the walk of a 2v2 battle visits about a hundred states.

Everything is exact integers until the final ``Fraction``; answers are cached per contest.

Bounds (checked before any work, so no contest hangs or fills the memory): dice of up to ``MOST_FACES``
faces, at most ``MOST_SIDES`` sides of at most ``MOST_DICE`` dice each (a 2v2 team under the loosest
variant rolls 24), and, for a side the face walk cannot take (a team of three aims or more) and for
``pooled_dice``, at most ``MOST_TABLE`` sorted outcomes.
"""
from __future__ import annotations

import html
import math
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, chain, islice, repeat
from operator import add, mul, sub
from typing import Any

from ..engine.errors import InvalidInput
from . import faces as faces_walk
from .dist import Distribution

FACES = 6
MOST_FACES = 20
MOST_SIDES = 6
MOST_DICE = 24
MOST_TABLE = 200_000
# the most faces on which even MOST_DICE dice from face 1 have at most MOST_TABLE sorted outcomes
FEW_FACES = max(f for f in range(1, MOST_FACES + 1) if math.comb(MOST_DICE + f - 1, MOST_DICE) <= MOST_TABLE)


@dataclass(frozen=True, order=True)
class Roller:
    """One roller's dice: ``dice`` dice, each rerolled while it shows less than ``aim``."""

    dice: int
    aim: int = 1


# ---------------------------------------------------------------------------------------------
# One die


def rerolled_die(aim: int, faces: int = FACES, rerolls: int | None = None) -> Distribution[int]:
    """The face a die finally shows when it is rerolled while below ``aim``.

    Derived, not assumed: a face ``v >= aim`` shows on roll k+1 after k rolls below the aim, so
    P(v) = sum_k q^k / faces with q = (aim-1)/faces. With ``rerolls=None`` (reroll until it fits)
    the geometric series gives 1/(faces-aim+1): uniform on aim..faces. With a finite number of
    rerolls the die may still be below the aim: each low face then has q^rerolls / faces.
    """
    _check_faces(faces)
    _check_int("aim", aim, 1, faces)
    if rerolls is not None:
        _check_int("rerolls", rerolls, 0, 1_000)
    q = Fraction(aim - 1, faces)
    if rerolls is None:
        fitting = Fraction(1, faces) / (1 - q)
    else:
        fitting = Fraction(1, faces) * sum(q**k for k in range(rerolls + 1))
    low = q**rerolls / faces if rerolls is not None else Fraction(0)
    probabilities = {v: (fitting if v >= aim else low) for v in range(1, faces + 1)}
    return _from_fractions(probabilities)


def _from_fractions(probabilities: dict[int, Fraction]) -> Distribution[int]:
    denominator = math.lcm(*(p.denominator for p in probabilities.values()))
    return Distribution({v: int(p * denominator) for v, p in probabilities.items()})


# ---------------------------------------------------------------------------------------------
# One side's sorted dice


def normalise_side(side: Any, field: str = "side", faces: int = FACES) -> tuple[Roller, ...]:
    """A side as rollers: accepts a ``Roller``, a (dice, aim) pair, or a sequence of them (a team)."""
    _check_faces(faces)
    return _plain_side(side, faces) or _checked_side(side, field, faces)


def _plain_side(side: Any, faces: int) -> tuple[Roller, ...] | None:
    """The rollers of a side written the usual way, all in bounds (a (dice, aim) pair, a ``Roller``,
    or a list of them), else None: then ``_checked_side`` names what is wrong."""
    if type(side) is Roller:
        return (side,) if 0 <= side.dice <= MOST_DICE and 1 <= side.aim <= faces and _whole(side) else None
    if (type(side) is not tuple and type(side) is not list) or not side:
        return None
    if type(side[0]) is int:
        if len(side) == 2 and type(side[1]) is int and 0 <= side[0] <= MOST_DICE and 1 <= side[1] <= faces:
            return (Roller(side[0], side[1]),)
        return None
    rollers = []
    for member in side:
        if type(member) is Roller:
            roller = member
        elif (type(member) is tuple or type(member) is list) and len(member) == 2:
            roller = Roller(*member)
        else:
            return None
        if not (_whole(roller) and 0 <= roller.dice <= MOST_DICE and 1 <= roller.aim <= faces):
            return None
        rollers.append(roller)
    return tuple(rollers) if len(rollers) == 1 or sum(r.dice for r in rollers) <= MOST_DICE else None


def _whole(roller: Roller) -> bool:
    return type(roller.dice) is int and type(roller.aim) is int


def _checked_side(side: Any, field: str, faces: int) -> tuple[Roller, ...]:
    if _is_roller(side):
        return (_roller(side, field, faces),)
    if type(side) in (list, tuple) and side and all(map(_is_roller, side)):
        rollers = tuple(_roller(member, f"{field}[{index}]", faces) for index, member in enumerate(side))
    else:
        meant_as_pair = isinstance(side, Sequence) and not any(isinstance(v, (Sequence, Roller)) for v in side)
        if isinstance(side, (str, bytes)) or not isinstance(side, Sequence) or not side or meant_as_pair:
            raise InvalidInput(field, side, "a side is (dice, aim) or a non-empty list of (dice, aim) for a team")
        rollers = tuple(_roller(member, f"{field}[{index}]", faces) for index, member in enumerate(side))
    if sum(r.dice for r in rollers) > MOST_DICE:
        raise InvalidInput(field, side, f"a side rolls at most {MOST_DICE} dice")
    return rollers


def _is_roller(value: Any) -> bool:
    if isinstance(value, Roller):
        return True
    if type(value) in (tuple, list):  # the usual case, without the abstract Sequence check
        return len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], int)
    return (
        isinstance(value, Sequence)
        and not isinstance(value, (str, bytes))
        and len(value) == 2
        and all(isinstance(v, int) for v in value)
    )


def _roller(value: Any, field: str, faces: int) -> Roller:
    if not _is_roller(value):
        raise InvalidInput(field, value, "a roller is a pair (dice, aim) of whole numbers")
    dice, aim = (value.dice, value.aim) if isinstance(value, Roller) else value
    _check_int(f"{field}.dice", dice, 0, MOST_DICE)
    _check_int(f"{field}.aim", aim, 1, faces)
    return Roller(dice, aim)


def pooled_dice(side: Any, faces: int = FACES) -> Distribution[tuple[int, ...]]:
    """The distribution of a side's pooled dice, sorted from high to low (for display and checks)."""
    rollers = normalise_side(side, faces=faces)
    spec = _canonical(rollers)
    _check_table(spec, faces, "side", side)
    base = sum(r.dice for r in rollers) + 1
    keys, weights, _ = _side_table(spec, faces, base)
    return Distribution({decode(key, faces, base): w for key, w in zip(keys, weights)})


def decode(key: int, faces: int, base: int) -> tuple[int, ...]:
    """The sorted dice (high to low) an integer key stands for."""
    dice: list[int] = []
    for face in range(faces, 0, -1):
        dice.extend([face] * ((key // base ** (face - 1)) % base))
    return tuple(dice)


def encode(dice: Sequence[int], faces: int, base: int) -> int:
    """The integer key of some dice: its order is battle order."""
    return sum(base ** (face - 1) for face in dice)


Spec = tuple[tuple[int, int], ...]  # a side as (aim, dice) per distinct aim, aims ascending, no empty aim


def _canonical(rollers: Sequence[Roller]) -> Spec:
    """A side as (aim, dice) pairs: one per aim (teammates with the same aim pool), aims ascending."""
    if len(rollers) == 1:
        (roller,) = rollers
        return ((roller.aim, roller.dice),) if roller.dice else ()
    by_aim: dict[int, int] = {}
    for roller in rollers:
        if roller.dice:
            by_aim[roller.aim] = by_aim.get(roller.aim, 0) + roller.dice
    return tuple(sorted(by_aim.items()))


@lru_cache(maxsize=512)
def _side_table(spec: Spec, faces: int, base: int) -> tuple[Sequence[int], Sequence[int], int]:
    """A side's outcomes: integer keys in ascending (battle) order, their whole-number weights, total
    (shared from the cache: never changed).

    One aim: the multinomial weights of the dice over aim..faces (``_spread``). Several aims: the weight of a count vector c is the coefficient of x^c in
    prod_t (sum_{f >= a_t} x_f)^{n_t}; cutting the faces into bands at the distinct aims, that
    coefficient is B(band totals) times a multinomial per band, where B counts how the rollers'
    dice can fall into the bands.
    """
    if not spec:
        return (0,), (1,), 1
    if len(spec) == 1:
        ((aim, dice),) = spec
        keys, weights = _spread(dice, faces - aim + 1, base)
        shift = base ** (aim - 1)
        return ([key * shift for key in keys] if shift > 1 else keys), weights, (faces - aim + 1) ** dice  # never changed
    total = math.prod((faces - aim + 1) ** dice for aim, dice in spec)
    starts = [aim for aim, _ in spec]
    bands = [range(start, stop) for start, stop in zip(starts, starts[1:] + [faces + 1])]
    band_totals: dict[tuple[int, ...], int] = {(0,) * len(bands): 1}
    for first, (_, dice) in enumerate(spec):
        spread = _compositions(dice, len(bands) - first)
        grown: dict[tuple[int, ...], int] = {}
        for totals, weight in band_totals.items():
            for counts, ways in spread:
                key = totals[:first] + tuple(t + c for t, c in zip(totals[first:], counts))
                grown[key] = grown.get(key, 0) + weight * ways
        band_totals = grown
    outcomes: list[tuple[int, int]] = []
    for totals, ways in band_totals.items():
        partial = [(0, ways)]
        for band, count in zip(bands, totals):
            options = _band_keys(band.start, len(band), count, base)
            partial = [(k + bk, w * bw) for k, w in partial for bk, bw in options]
        outcomes.extend(partial)
    outcomes.sort()
    sorted_keys, sorted_weights = zip(*outcomes)
    return sorted_keys, sorted_weights, total


@lru_cache(maxsize=1024)
def _spread(dice: int, width: int, base: int) -> tuple[list[int], list[int]]:
    """Keys (ascending) and multinomial weights of ``dice`` dice over faces 1..width.

    Ascending keys are ascending counts on the highest face, then the rest in their own order. The
    dice of an aim above 1 take the same spread over their faces, with keys times base^(aim-1)."""
    if width == 1:
        return [dice], [1]
    if width == 2:  # c on the higher face and dice - c on the lower: key dice + c * (base - 1), C(dice, c) ways
        if dice < 2:
            return list(range(dice, dice * base + 1, base - 1)), [1] * (dice + 1)
        row = _spread(dice - 1, 2, base)[1]  # Pascal's rule from the row above
        return list(range(dice, dice * base + 1, base - 1)), [1, *map(add, row, row[1:]), 1]
    power = base ** (width - 1)
    keys: list[int] = []
    weights: list[int] = []
    for top in range(dice):
        rest_keys, rest_weights = _spread(dice - top, width - 1, base)
        if top:
            shift = top * power
            keys += [key + shift for key in rest_keys]
            if top == dice - 1:  # one die left below: each of its faces one way, times the dice choosing it
                weights += [dice] * len(rest_weights)
            else:
                ways = math.comb(dice, top)
                weights += [weight * ways for weight in rest_weights]
        else:
            keys += rest_keys
            weights += rest_weights
    keys.append(dice * power)  # every die on the highest face: one key, one way
    weights.append(1)
    return keys, weights


@lru_cache(maxsize=4096)
def _compositions(dice: int, boxes: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every way to spread ``dice`` distinct dice over ``boxes`` boxes: (counts, multinomial)."""
    if boxes == 1:
        return (((dice,), 1),)
    found = []
    for first in range(dice + 1):
        ways = math.comb(dice, first)
        for rest, rest_ways in _compositions(dice - first, boxes - 1):
            found.append(((first, *rest), ways * rest_ways))
    return tuple(found)


@lru_cache(maxsize=4096)
def _band_keys(low_face: int, width: int, dice: int, base: int) -> tuple[tuple[int, int], ...]:
    """Partial keys and multinomial weights of ``dice`` dice on faces low_face..low_face+width-1."""
    powers = [base ** (low_face - 1 + i) for i in range(width)]
    return tuple(
        (sum(c * p for c, p in zip(counts, powers)), ways) for counts, ways in _compositions(dice, width)
    )


# ---------------------------------------------------------------------------------------------
# The contest


@dataclass(frozen=True)
class ContestOdds:
    """Exact chances of a contest: each side's win, and no winner (a tie for first)."""

    sides: tuple[tuple[Roller, ...], ...]
    wins: tuple[Fraction, ...]
    no_winner: Fraction

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{index + 1}</td><td>{html.escape(describe_side(side))}</td><td>{p}</td><td>{float(p):.4f}</td></tr>"
            for index, (side, p) in enumerate(zip(self.sides, self.wins))
        )
        rows += f"<tr><td colspan='2'>no winner</td><td>{self.no_winner}</td><td>{float(self.no_winner):.4f}</td></tr>"
        return f"<table class='tt-contest-odds'><tr><th>side</th><th>dice</th><th>P(win)</th><th>≈</th></tr>{rows}</table>"

    def _repr_latex_(self) -> str:
        from .symbolic import latex_fraction

        rows = r" \\ ".join(rf"\text{{{describe_side(side)}}} & {latex_fraction(p)}" for side, p in zip(self.sides, self.wins))
        return rf"$\begin{{array}}{{l|c}} {rows} \\ \text{{no winner}} & {latex_fraction(self.no_winner)} \end{{array}}$"


def describe_side(side: Sequence[Roller]) -> str:
    """``6@3`` for one roller, ``6@2 + 6@3`` for a team."""
    return " + ".join(f"{r.dice}@{r.aim}" for r in side) or "no dice"


def contest_odds(sides: Sequence[Any], faces: int = FACES) -> ContestOdds:
    """Exact win chance of every side and the chance of no winner; see the module docstring."""
    rollers, specs = _normalise_sides(sides, faces)
    order = tuple(sorted(specs))
    chances, no_winner = _wins(order, faces)
    by_spec = dict(zip(order, chances))
    return ContestOdds(rollers, tuple(map(by_spec.__getitem__, specs)), no_winner)


def deciding_die(sides: Sequence[Any], faces: int = FACES) -> tuple[tuple[Fraction, ...], ...]:
    """For each side, P(it wins and the die in position d decided it), for d = 1, 2, ...

    A win is decided at position d when the winner and the runner-up agree on their d-1 highest dice
    and differ at the d-th (or the runner-up has run out of dice). Rows run to the most dice any side
    rolls (at least one position).
    """
    _, specs = _normalise_sides(sides, faces)
    order = tuple(sorted(specs))
    by_spec = dict(zip(order, _decided(order, faces)))
    return tuple(by_spec[spec] for spec in specs)


def top_tie_sizes(side: Any, copies: int, faces: int = FACES) -> dict[int, Fraction]:
    """For ``copies`` identical independent sides: P(exactly m of them share the best key), m = 1..copies.

    m = 1 is a clear winner; m >= 2 is a tie for first among m of them.
    """
    _check_faces(faces)
    rollers = normalise_side(side, faces=faces)
    _check_int("copies", copies, 1, MOST_SIDES)
    spec = _canonical(rollers)
    if not _walks((spec,) * copies, faces):
        _check_table(spec, faces, "side", side)
    return dict(_tie_sizes(spec, copies, faces))


def clear_caches(tables: bool = True) -> None:
    """Forget every cached answer and, unless ``tables`` is False, every table the answers are built
    from (the benchmarks time cold runs with this)."""
    for cached in (_wins, _decided, _tie_sizes):
        cached.cache_clear()
    if tables:
        for table in (_side_table, _spread, _compositions, _band_keys):
            table.cache_clear()
        faces_walk.clear_caches()


# ---------------------------------------------------------------------------------------------
# Two engines, one answer: the face walk for two or three sides, the sweep over sorted outcomes


def _walks(specs: Sequence[Spec], faces: int, positions: bool = False) -> bool:
    """Whether the face walk takes this contest rather than the sweep.

    The walk needs sides of at most two aims. It wins when a side is a team, has more than six
    dice or rolls dice of many faces (thousands of sorted outcomes for the sweep); for small sides
    the sweep's tables are cheap and it is as fast, except for the deciding die of up to four sides,
    which the walk gives in the same pass and the sweep only one position at a time."""
    aims = max(map(len, specs))
    if aims > 2:
        return False
    if aims == 2 or any(spec and spec[0][1] > 6 for spec in specs):  # one aim each: spec[0][1] is its dice
        return True
    if faces > FACES and any(_table_size(spec, faces) > 5_000 for spec in specs):
        return True
    return positions and len(specs) <= 4


def _table_size(spec: Spec, faces: int) -> int:
    """At most how many sorted outcomes a side has: its dice spread over the faces from its lowest aim."""
    if not spec:
        return 1
    dice = sum(d for _, d in spec)
    return math.comb(dice + faces - spec[0][0], dice)


def _check_table(spec: Spec, faces: int, field: str, value: Any) -> None:
    size = _table_size(spec, faces)
    if size > MOST_TABLE:
        raise InvalidInput(field, value, f"about {size:,} sorted outcomes to list; at most {MOST_TABLE:,} (the face walk, "
                                         "which needs none, takes sides of one or two aims)")


@lru_cache(maxsize=1024)
def _wins(order: tuple[Spec, ...], faces: int) -> tuple[tuple[Fraction, ...], Fraction]:
    """P(win) of each side of a contest given by its canonical sides in sorted order, and P(no winner)."""
    if len(order) == 1:
        return (Fraction(1),), Fraction(0)
    if _walks(order, faces):
        walked = faces_walk.walk(order, faces)
        counts, denominator = walked.wins, walked.denominator
    else:
        counts, denominator = _sweep_counts(order, faces)
    return tuple([Fraction(c, denominator) for c in counts]), Fraction(denominator - sum(counts), denominator)


@lru_cache(maxsize=1024)
def _decided(order: tuple[Spec, ...], faces: int) -> tuple[tuple[Fraction, ...], ...]:
    """The deciding-die rows of a contest given by its canonical sides in sorted order."""
    longest = max(1, max(sum(dice for _, dice in spec) for spec in order))
    if len(order) == 1:
        return ((Fraction(1),) + (Fraction(0),) * (longest - 1),)
    if _walks(order, faces, positions=True):
        walked = faces_walk.walk(order, faces, positions=True)
        return tuple(tuple(Fraction(c, walked.denominator) for c in row) for row in walked.decided)
    return _decided_by_sweep(order, faces, longest)


def _decided_by_sweep(order: tuple[Spec, ...], faces: int, longest: int) -> tuple[tuple[Fraction, ...], ...]:
    """P(win decided by position <= d) is the chance of winning the contest cut to each side's d
    highest dice: one sweep per position."""
    base = _base(order)
    full = {spec: _side_table(spec, faces, base) for spec in set(order)}
    cut = {spec: _prefix_tables(table, longest, faces, base) for spec, table in full.items()}
    previous = (0,) * len(order)
    columns = []
    for depth in range(1, longest + 1):
        wins, denominator = _sweep_counts(order, faces, {spec: tables[depth - 1] for spec, tables in cut.items()})
        columns.append(tuple(Fraction(w - p, denominator) for w, p in zip(wins, previous)))
        previous = wins
    return tuple(tuple(column[i] for column in columns) for i in range(len(order)))


@lru_cache(maxsize=256)
def _tie_sizes(spec: Spec, copies: int, faces: int) -> tuple[tuple[int, Fraction], ...]:
    if copies == 1:
        return ((1, Fraction(1)),)
    if _walks((spec,) * copies, faces):
        walked = faces_walk.walk((spec,) * copies, faces)
        sizes = {1: sum(walked.wins), **walked.ties}
        return tuple((m, Fraction(sizes.get(m, 0), walked.denominator)) for m in range(1, copies + 1))
    return _tie_sizes_by_table(spec, copies, faces)


def _tie_sizes_by_table(spec: Spec, copies: int, faces: int) -> tuple[tuple[int, Fraction], ...]:
    """C(copies, m) * sum_o P(o)^m * F(<o)^(copies - m), over the side's sorted outcomes o."""
    keys, weights, total = _side_table(spec, faces, _base((spec,)))
    cumulative = (0, *accumulate(weights))
    return tuple(
        (m, Fraction(math.comb(copies, m) * sum(w**m * cumulative[i] ** (copies - m) for i, w in enumerate(weights)),
                     total**copies))
        for m in range(1, copies + 1)
    )


def _prefix_tables(table, longest: int, faces: int, base: int) -> list:
    """The side's table cut to its d highest dice, for d = 1..longest."""
    keys, weights, total = table
    powers = [base ** (face - 1) for face in range(faces, 0, -1)]
    merged: list[dict[int, int]] = [{} for _ in range(longest)]
    for key, weight in zip(keys, weights):
        dice = [power for power in powers for _ in range((key // power) % base)]
        prefixes = list(accumulate(dice)) or [0]
        last = prefixes[-1]
        for depth, bucket in enumerate(merged):
            cut = prefixes[depth] if depth < len(prefixes) else last
            bucket[cut] = bucket.get(cut, 0) + weight
    tables = []
    for bucket in merged:
        ordered = sorted(bucket)
        tables.append((tuple(ordered), tuple(bucket[k] for k in ordered), total))
    return tables


def _sweep(order: tuple[Spec, ...], faces: int, tables: dict | None = None) -> tuple[Fraction, ...]:
    """P(each side's key beats every other side's key); see ``_sweep_counts``."""
    counts, denominator = _sweep_counts(order, faces, tables)
    return tuple(Fraction(c, denominator) for c in counts)


def _sweep_counts(order: tuple[Spec, ...], faces: int, tables: dict | None = None) -> tuple[tuple[int, ...], int]:
    """For each side, the rolls in which its key beats every other side's key, and the number of
    rolls; each distinct side computed once.

    ``tables`` (side -> keys, weights, total) defaults to the full side tables. A side's wins need
    every other side's weight below each of its keys: for two or three sides each other side's
    table is searched at those keys (``_below_at``); for more, all keys are merged once into one
    sorted union and each side's weight below every union key is one running sum, read by position."""
    distinct = sorted(set(order))
    sizes = [spec[0][1] if len(spec) == 1 else sum(dice for _, dice in spec) for spec in distinct]  # dice counts
    tables_are_full = tables is None
    if tables is None:
        base = max(13, max(sizes) + 1)  # as _base(order), from the dice counts at hand
        tables = {spec: _side_table(spec, faces, base) for spec in distinct}
    columns = [tables[spec] for spec in distinct]
    counts = [order.count(spec) for spec in distinct]
    denominator = math.prod(total**count for (_, _, total), count in zip(columns, counts))
    # A tie for first needs the same sorted dice, so the same number of dice: when every side rolls
    # a different number, the wins sum to 1 and the side with the most outcomes is the rest.
    rest = None
    if len(set(sizes)) == len(order) and tables_are_full:
        lengths = [len(keys) for keys, _, _ in columns]
        rest = lengths.index(max(lengths))
    # A key wins nothing unless every other side can show less: the keys up to the highest of the
    # others' lowest keys (its own too when it is rolled twice) are skipped (their chance below is 0 there).
    lowest = [keys[0] for keys, _, _ in columns]
    floors = [
        max(lowest[:index] + lowest[index + 1:], default=None) if count == 1 else max(lowest)
        for index, count in enumerate(counts)
    ]
    winners = [index for index in range(len(columns)) if index != rest]
    if len(columns) > 3:
        leaders = None
        if tables_are_full and all(len(spec) == 1 for spec in distinct):
            # one-aim sides of the same dice count nest (the higher aim's outcomes are among the
            # lower's) and sides of different counts share no key: the union is the lowest aims' keys
            lowest_aim: dict[int, int] = {}  # dice count -> the side of the lowest aim
            for index, ((aim, dice),) in enumerate(distinct):
                if dice not in lowest_aim or aim < distinct[lowest_aim[dice]][0][0]:
                    lowest_aim[dice] = index
            leaders = list(lowest_aim.values())
        won = _wins_by_union(columns, counts, floors, winners, leaders)
    else:
        # full tables of different dice counts share no key (prefix tables may)
        through = _through(distinct, sizes, winners) if rest is not None else {}
        won = _wins_by_search(columns, counts, floors, winners, sizes if tables_are_full else None, through)
    winning = {distinct[index]: count for index, count in zip(winners, won)}
    if rest is not None:
        winning[distinct[rest]] = denominator - sum(won)
    return tuple(map(winning.__getitem__, order)), denominator


Column = tuple[Sequence[int], Sequence[int], int]  # a side's keys (ascending), weights, total


def _through(distinct: list[Spec], sizes: list[int], winners: list[int]) -> dict[tuple[int, int], int]:
    """Three one-aim sides of full tables, n_i > n_j > n_k dice, aim_j <= aim_i, i and j winners:
    {(i, k): j}, the fewest-dice side k read at i's keys through j's keys.

    The highest n_j dice of a key o of i are a key of j (its dice are >= aim_i >= aim_j), and the
    highest below o of j's keys: a key c of k is below o when c <= the highest n_k dice of o, which
    are those of that key of j, so exactly when c is below it. k's weight below o is k's weight
    below the highest of j's keys under o. (Sorted, j comes before i: it is read first.)"""
    if list(map(len, distinct)) != [1, 1, 1]:
        return {}
    i, j, k = sorted(range(3), key=sizes.__getitem__, reverse=True)
    if i in winners and j in winners and distinct[j][0][0] <= distinct[i][0][0]:
        return {(i, k): j}
    return {}


def _wins_by_search(
    columns: list[Column], counts: list[int], floors: list[Any], winners: list[int], sizes: list[int] | None,
    through: dict[tuple[int, int], int] | None = None,
) -> list[int]:
    """Each winner's wins, the others' weight below its keys found by searching their tables.

    Two winners that share no key (``sizes``: their dice counts, when they differ) are searched
    once for both: placing the shorter's keys among the longer's gives each side's weight below
    the other's keys (``_below_both``). A side read ``through`` another (``_through``) is read at
    that other's keys once, and those values are carried over to the winner's keys by the same placing."""
    through = through or {}
    belows = [list(accumulate(weights, initial=0)) for _, weights, _ in columns]  # a list's __getitem__ is a fast call
    found: dict[tuple[int, int], Any] = {}  # (side, other): the other's weight below each of the side's keys
    kept_for = {(j, k) for (_, k), j in through.items()}
    kept: dict[tuple[int, int], list[int]] = {}  # (side, other): as found, for every key of the side (0 first)
    placings: dict[tuple[int, int], tuple[list[int], bool]] = {}  # (side, other): their placing's cuts, and
    # whether the cuts place the side's keys among the other's (else the other's among the side's)
    won = []
    for index in winners:
        keys, weights, _ = columns[index]
        start = bisect_right(keys, floors[index]) if floors[index] is not None else 0
        terms: Iterable[int] = weights[start:]
        if counts[index] > 1:  # the other copies of this very side must also stay below
            terms = map(mul, terms, map(pow, belows[index][start:], repeat(counts[index] - 1)))
        for other, (other_keys, _, _) in enumerate(columns):
            if other == index:
                continue
            aligned: Iterable[int]
            if (index, other) in through:
                via = through[index, other]
                cuts, ours_placed = placings[index, via]
                carried = [0, *kept.pop((via, other))]  # 0 first: the other's weight below no key of the via side
                if ours_placed:  # cuts[r]: how many via keys lie at or below our r-th key
                    aligned = map(carried.__getitem__, cuts[start:])
                else:  # cuts[s]: how many of our keys lie at or below the s-th via key
                    aligned = _skipped(_stretched(carried, cuts, len(keys)), start)
            elif (index, other) in found:
                aligned = _skipped(found.pop((index, other)), start)
            elif sizes is not None and other in winners and sizes[other] != sizes[index]:
                mine, theirs, cuts, ours_placed = _below_both(keys, other_keys, belows[index], belows[other])
                found[(other, index)] = theirs
                placings[index, other], placings[other, index] = (cuts, ours_placed), (cuts, not ours_placed)
                aligned = _skipped(mine, start)
            elif (index, other) in kept_for:
                kept[index, other] = list(_below_at(keys, other_keys, belows[other]))
                aligned = kept[index, other][start:]
            else:
                aligned = _below_at(keys[start:], other_keys, belows[other])
            if counts[other] > 1:
                aligned = map(pow, aligned, repeat(counts[other]))
            terms = map(mul, terms, aligned)
        won.append(sum(terms))  # one pass through the chained products
    return won


def _skipped(values: Iterable[int], start: int) -> Iterable[int]:
    """The values from position ``start`` on."""
    return islice(values, start, None) if start else values


def _below_both(
    keys: Sequence[int], other_keys: Sequence[int], below: Sequence[int], other_below: Sequence[int]
) -> tuple[Any, Any, list[int], bool]:
    """For two sides with no key in common: the other's weight below each of our keys, and ours
    below each of the other's, from min(len) binary searches; then the placing's cuts, and whether
    they place our keys among the other's (True) or the other's among ours."""
    if len(other_keys) > len(keys):
        theirs, mine, cuts, _ = _below_both(other_keys, keys, other_below, below)
        return mine, theirs, cuts, True
    cuts, mine = _placed(keys, other_keys, other_below)
    return mine, map(below.__getitem__, cuts), cuts, False


def _below_at(keys: Sequence[int], other_keys: Sequence[int], other_below: Sequence[int]) -> Any:
    """For each key (ascending), the other side's weight strictly below it.

    With fewer other keys, each other key is placed among ours instead, and the running weights
    are repeated over the stretches between them: min(len) binary searches either way."""
    if len(other_keys) >= len(keys):
        return map(other_below.__getitem__, map(bisect_left, repeat(other_keys), keys))
    return _placed(keys, other_keys, other_below)[1]


def _placed(keys: Sequence[int], other_keys: Sequence[int], other_below: Sequence[int]) -> tuple[list[int], Any]:
    """The other side's keys placed among ours: how many of our keys lie below each of theirs (``cuts``), and their
    running weight below each of our keys, repeated over the stretches between the cuts."""
    cuts = list(map(bisect_right, repeat(keys), other_keys))
    return cuts, _stretched(other_below, cuts, len(keys))


def _stretched(values: Sequence[int], cuts: list[int], length: int) -> Any:
    """``values[m]`` for each of ``length`` keys, m the number of ``cuts`` at or below its position."""
    stretches = map(sub, [*cuts, length], [0, *cuts])
    return chain.from_iterable(map(repeat, values, stretches))


def _wins_by_union(
    columns: list[Column], counts: list[int], floors: list[Any], winners: list[int], leaders: list[int] | None
) -> list[int]:
    """Each winner's wins, the others' weight below its keys read from running sums over the union
    of every side's keys (each side's weights placed at their positions there). ``leaders``, when
    given, are sides whose keys are disjoint and hold every other side's keys."""
    # the lowest key any winner is asked about: every side's keys under it only add to its weight below
    asked = [columns[index][0] for index in winners]
    lowest_asked = min((keys[bisect_right(keys, floors[index])] for keys, index in zip(asked, winners)
                        if keys[-1] > floors[index]), default=None)
    if lowest_asked is None:  # no winner has a key above the others' lowest
        return [0] * len(winners)
    kept = []
    for keys, weights, _ in columns:
        start = bisect_left(keys, lowest_asked)
        kept.append((keys[start:], weights[start:], sum(weights[:start])))
    if leaders is None:
        union = sorted(set().union(*(keys for keys, _, _ in kept)))
    else:
        union = sorted(chain.from_iterable(kept[index][0] for index in leaders))
    where = dict(zip(union, range(len(union))))
    positions = []
    belows = []
    for (keys, weights, under), count in zip(kept, counts):
        at = list(map(where.__getitem__, keys))
        placed = [0] * len(union)
        deque(map(placed.__setitem__, at, weights), maxlen=0)
        below = list(accumulate(placed, initial=under))  # below[p]: the side's weight under union[p]
        positions.append(at)
        belows.append(below if count == 1 else list(map(pow, below, repeat(count))))
    won = []
    for index in winners:
        keys, weights, under = kept[index]
        skip = bisect_right(keys, floors[index])
        at = positions[index][skip:]
        terms: Iterable[int] = weights[skip:]
        if counts[index] > 1:  # the other copies of this very side must also stay below
            own = list(accumulate(weights, initial=under))[skip:]
            terms = map(mul, terms, map(pow, own, repeat(counts[index] - 1)))
        # where the side's keys are a stretch of the union, the others' running sums are read as slices
        stretch = bool(at) and at[-1] - at[0] == len(at) - 1
        for other, below in enumerate(belows):
            if other != index:
                terms = map(mul, terms, below[at[0]:at[-1] + 1] if stretch else map(below.__getitem__, at))
        won.append(sum(terms))  # one pass through the chained products
    return won


def _base(specs: Sequence[Spec]) -> int:
    """The digit base of the keys: above any face count. One base for every battle of up to 12 dice
    a side keeps the cached side tables reusable from one battle to the next."""
    return max(13, max(sum(dice for _, dice in spec) for spec in specs) + 1)


def _normalise_sides(sides: Sequence[Any], faces: int) -> tuple[tuple[tuple[Roller, ...], ...], list[Spec]]:
    """The sides as rollers, and each side's canonical form; bounds checked."""
    if type(faces) is not int or not 1 <= faces <= MOST_FACES:
        _check_faces(faces)
    plain = type(sides) is list or type(sides) is tuple  # the usual case, without the abstract Sequence check
    if not plain and (isinstance(sides, (str, bytes)) or not isinstance(sides, Sequence)) or not sides:
        raise InvalidInput("sides", sides, "a contest needs a non-empty list of sides")
    if len(sides) > MOST_SIDES:
        raise InvalidInput("sides", sides, f"a contest of at most {MOST_SIDES} sides")
    rollers = tuple(
        _plain_side(side, faces) or _checked_side(side, f"sides[{index}]", faces) for index, side in enumerate(sides)
    )
    specs = [_canonical(side) for side in rollers]
    # with few faces even MOST_DICE dice from face 1 stay within MOST_TABLE sorted outcomes: nothing to check
    if faces > FEW_FACES and not _walks(specs, faces):
        for index, spec in enumerate(specs):
            _check_table(spec, faces, f"sides[{index}]", sides[index])
    return rollers, specs


# ---------------------------------------------------------------------------------------------
# One concrete roll


@dataclass(frozen=True)
class Comparison:
    """A concrete contest decided die by die.

    ``rounds[k]`` lists, for the sides still tied before position k+1, the die each shows there
    (None when it has run out). ``winner`` is a side index or None (a tie for first).
    """

    rounds: tuple[tuple[tuple[int, int | None], ...], ...]
    winner: int | None
    decided_at: int | None


def compare(rolls: Sequence[Sequence[int]], faces: int = FACES) -> Comparison:
    """Decide a rolled contest as the rules read: the tied sides compare their next highest die.

    ``rolls`` holds each side's dice (faces 1..``faces``)."""
    _check_faces(faces)
    if isinstance(rolls, (str, bytes)) or not isinstance(rolls, Sequence) or not 1 <= len(rolls) <= 1_000:
        raise InvalidInput("rolls", rolls, "a list of each side's dice (1 to 1000 sides)")
    for index, dice in enumerate(rolls):
        if isinstance(dice, (str, bytes)) or not isinstance(dice, Sequence) or len(dice) > 10_000:
            raise InvalidInput(f"rolls[{index}]", dice, "a list of the faces the side's dice show")
        for position, face in enumerate(dice):
            _check_int(f"rolls[{index}][{position}]", face, 1, faces)
    sorted_rolls = [tuple(sorted(dice, reverse=True)) for dice in rolls]
    tied = list(range(len(sorted_rolls)))
    rounds: list[tuple[tuple[int, int | None], ...]] = []
    position = 0
    while len(tied) > 1:
        shown = tuple((i, sorted_rolls[i][position] if position < len(sorted_rolls[i]) else None) for i in tied)
        if all(value is None for _, value in shown):
            return Comparison(tuple(rounds), None, None)
        rounds.append(shown)
        best = max(value for _, value in shown if value is not None)
        tied = [i for i, value in shown if value == best]
        position += 1
    return Comparison(tuple(rounds), tied[0] if tied else None, position or None)


# ---------------------------------------------------------------------------------------------


def _check_faces(faces: int) -> None:
    _check_int("faces", faces, 1, MOST_FACES)


def _check_int(field: str, value: Any, low: int, high: int | None) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidInput(field, value, "expected a whole number")
    if value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise InvalidInput(field, value, f"expected {bound}")
