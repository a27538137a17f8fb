"""The exact battle kernel against independent oracles: brute force, icepool and the rules' own reading."""

from __future__ import annotations

import bisect
import importlib.util
import itertools
import random
from fractions import Fraction
from pathlib import Path

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletoolkit.engine import InvalidInput
from tabletoolkit.prob import Distribution, compare, contest_odds, deciding_die, pooled_dice, rerolled_die, top_tie_sizes
from tabletoolkit.prob import battle, faces
from tabletoolkit.prob.battle import decode, encode


# --- oracles -------------------------------------------------------------------------------------


def brute_force(sides):
    """Every joint roll of every die (faces aim..6, equally likely), decided die by die as the rules read."""
    ranges, owners = [], []
    for index, side in enumerate(sides):
        for dice, aim in side:
            ranges += [range(aim, 7)] * dice
            owners += [index] * dice
    wins = [0] * len(sides)
    no_winner = total = 0
    decided = [[0] * 13 for _ in sides]
    for faces in itertools.product(*ranges):
        rolls = [[] for _ in sides]
        for owner, face in zip(owners, faces):
            rolls[owner].append(face)
        # The rules, read literally: the sides still tied compare their next highest die.
        ordered = [sorted(r, reverse=True) for r in rolls]
        tied, position = list(range(len(sides))), 0
        while len(tied) > 1 and any(position < len(ordered[i]) for i in tied):
            best = max(ordered[i][position] for i in tied if position < len(ordered[i]))
            tied = [i for i in tied if position < len(ordered[i]) and ordered[i][position] == best]
            position += 1
        total += 1
        if len(tied) == 1:
            wins[tied[0]] += 1
            decided[tied[0]][position] += 1
        else:
            no_winner += 1
    return (
        tuple(Fraction(w, total) for w in wins),
        Fraction(no_winner, total),
        tuple(tuple(Fraction(d, total) for d in row[1:]) for row in decided),
    )


def icepool_die(aim):
    return icepool.d6.reroll(lambda face: face < aim, depth="inf")


def icepool_sorted(side):
    """A side's pooled dice sorted high to low, computed by icepool."""
    dice = [icepool_die(aim) for count, aim in side for _ in range(count)]
    if not dice:
        return {(): Fraction(1)}
    expanded = icepool.Pool(dice).expand()
    total = expanded.denominator()
    merged = {}
    for outcome, quantity in expanded.items():
        key = tuple(sorted(outcome, reverse=True))
        merged[key] = merged.get(key, 0) + Fraction(quantity, total)
    return merged


def sweep_over(distributions):
    """P(side i strictly beats all others) from per-side distributions over sorted tuples."""
    below = []
    for distribution in distributions:
        keys = sorted(distribution)
        cumulative = [Fraction(0)]
        for key in keys:
            cumulative.append(cumulative[-1] + distribution[key])
        below.append((keys, cumulative))
    wins = []
    for i, mine in enumerate(distributions):
        chance = Fraction(0)
        for key, p in mine.items():
            for j, (keys, cumulative) in enumerate(below):
                if j != i:
                    p *= cumulative[bisect.bisect_left(keys, key)]
            chance += p
        wins.append(chance)
    return tuple(wins)


def random_battle(rng, max_outcomes=4000):
    """2-6 sides, sometimes teams, small enough to brute force."""
    while True:
        sides = []
        for _ in range(rng.randint(2, 6)):
            members = rng.choice([1, 1, 1, 2])
            sides.append([(rng.randint(0, 3), rng.randint(1, 6)) for _ in range(members)])
        size = 1
        for side in sides:
            for dice, aim in side:
                size *= (7 - aim) ** dice
        if size <= max_outcomes:
            return sides


# --- the rerolled die ------------------------------------------------------------------------------


@pytest.mark.parametrize("aim", range(1, 7))
def test_rerolled_die_is_uniform_from_aim_to_six(aim):
    assert rerolled_die(aim) == Distribution.uniform(range(aim, 7))


def test_finite_rerolls_follow_the_geometric_series_and_approach_the_limit():
    # aim 3, one reroll: a 1 or 2 shows with (2/6)*(1/6); each of 3..6 with 1/6 + (2/6)(1/6) = 2/9.
    once = rerolled_die(3, rerolls=1)
    assert once[1] == once[2] == Fraction(1, 18)
    assert once[6] == Fraction(2, 9)
    assert rerolled_die(3, rerolls=0) == Distribution.die(6)
    gaps = [Fraction(1, 4) - rerolled_die(3, rerolls=r)[6] for r in range(6)]
    assert all(later < earlier for earlier, later in zip(gaps, gaps[1:]))
    assert gaps[-1] == Fraction(1, 4) * Fraction(1, 3) ** 6


def test_rerolled_die_matches_icepool():
    for aim in range(1, 7):
        die = icepool_die(aim)
        assert {v: Fraction(q, die.denominator()) for v, q in die.items()} == dict(rerolled_die(aim).items())


# --- one side's sorted dice ------------------------------------------------------------------------


@pytest.mark.parametrize("side", [[(6, 1)], [(3, 4)], [(6, 2), (6, 3)], [(6, 1), (5, 4)], [(2, 5), (1, 1), (2, 3)], [(0, 2), (2, 2)]])
def test_pooled_dice_match_icepool(side):
    assert dict(pooled_dice(side).items()) == icepool_sorted(side)


def test_twelve_pooled_dice_have_6188_sorted_outcomes():
    assert len(pooled_dice([(6, 1), (6, 1)]).outcomes()) == 6188
    assert len(pooled_dice((6, 1)).outcomes()) == 462


def test_keys_order_as_the_battle_compares():
    rolls = [(6, 6, 3), (6, 5, 5), (6, 5), (6, 5, 1), (5,), (4, 4, 4), ()]
    keys = [encode(r, 6, 4) for r in rolls]
    assert sorted(rolls) == [decode(k, 6, 4) for k in sorted(keys)]
    assert [decode(k, 6, 4) for k in keys] == rolls


# --- the contest against brute force -----------------------------------------------------------------


def test_agrees_with_brute_force_on_320_random_small_battles():
    rng = random.Random(20261129)
    teams = 0
    for _ in range(320):
        sides = random_battle(rng)
        teams += any(len(side) > 1 for side in sides)
        wins, no_winner, _ = brute_force(sides)
        odds = contest_odds(sides)
        assert odds.wins == wins, sides
        assert odds.no_winner == no_winner, sides
    assert teams > 100


def test_three_sides_read_through_the_middle_one_agree_with_brute_force():
    # three one-aim sides of different dice counts, the middle one's aim at most the largest's: the
    # fewest-dice side is read at the largest's keys through the middle one's (both placings met)
    rng = random.Random(20261208)
    placings = set()
    checked = 0
    while checked < 60:
        counts = sorted(rng.sample(range(0, 5), 3), reverse=True)
        aims = [rng.randint(1, 6) for _ in counts]
        sides = [[(dice, aim)] for dice, aim in zip(counts, aims)]
        order = canonical(sides)
        distinct = sorted(set(order))
        sizes = [sum(d for _, d in spec) for spec in distinct]
        lengths = [len(battle._side_table(spec, 6, 13)[0]) for spec in distinct]
        rest = lengths.index(max(lengths))
        through = battle._through(distinct, sizes, [index for index in range(3) if index != rest])
        if not through:
            continue
        ((i, _), j), = through.items()
        placings.add(lengths[i] <= lengths[j])
        wins, no_winner, _ = brute_force(sides)
        battle.clear_caches()
        odds = contest_odds(sides)
        assert odds.wins == wins and odds.no_winner == no_winner == 0, sides
        checked += 1
    assert placings == {True, False}


def test_deciding_die_agrees_with_brute_force():
    rng = random.Random(7)
    for _ in range(60):
        sides = random_battle(rng, max_outcomes=1500)
        _, _, decided = brute_force(sides)
        breakdown = deciding_die(sides)
        for row, expected in zip(breakdown, decided):
            assert row == expected[: len(row)] and not any(expected[len(row):]), sides


@pytest.mark.parametrize(
    "sides",
    [
        [[(6, 3)], [(5, 2)], [(4, 1)]],
        [[(6, 1)], [(6, 1)], [(6, 1)]],
        [[(6, 2), (6, 3)], [(6, 1), (5, 4)], [(5, 1)]],
        [[(5, 1)], [(5, 2)], [(4, 3)], [(3, 5)]],
        # four sides or more: running sums over the union of keys, with a side rolled twice, one
        # rolling no dice (below every other key), and same-size sides nested in each other
        [[(6, 1)], [(6, 1)], [(5, 2)], [(4, 3)], [(3, 5)]],
        [[(0, 1)], [(2, 1)], [(2, 2)], [(1, 3)], [(1, 6)]],
        [[(6, 1)], [(6, 2)], [(6, 3)], [(5, 4)], [(4, 5)], [(5, 1)]],
    ],
)
def test_agrees_with_an_icepool_sweep_on_larger_battles(sides):
    expected = sweep_over([icepool_sorted(side) for side in sides])
    odds = contest_odds(sides)
    assert odds.wins == expected
    assert odds.no_winner == 1 - sum(expected)


def benchmark_peer():
    """The battle benchmark, whose icepool joint evaluator (``TiedSides``) is the oracle here too: the
    benchmark's comparison holds only if its peer computes the same odds."""
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "battle_odds.py"
    spec = importlib.util.spec_from_file_location("battle_odds_benchmark", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_agrees_with_icepools_multiset_evaluator():
    sides = [[(4, 1)], [(3, 3)], [(2, 2), (2, 4)]]
    pools = [icepool.Pool([icepool_die(aim) for count, aim in side for _ in range(count)]) for side in sides]
    verdict = benchmark_peer().TiedSides().evaluate(*pools)
    total = verdict.denominator()
    odds = contest_odds(sides)
    assert odds.wins == tuple(Fraction(verdict.quantity(i), total) for i in range(3))
    assert odds.no_winner == Fraction(verdict.quantity(-1), total)


# --- the two engines: the sweep over sorted outcomes and the face walk ------------------------------


def canonical(sides):
    return tuple(sorted(battle._canonical(battle.normalise_side(side)) for side in sides))


TEAM_BATTLES = [
    [[(6, 1), (6, 3)], [(6, 2), (6, 2)], [(6, 1)]],
    [[(6, 1), (6, 5)], [(6, 2), (6, 4)], [(6, 3)]],
    [[(6, 1), (6, 1)], [(6, 1), (6, 1)]],
    [[(6, 2), (6, 3)], [(6, 1), (5, 4)], [(5, 1)]],
    [[(0, 2), (6, 4)], [(6, 5), (1, 1)]],
    [[(6, 1)], [(6, 2), (6, 1)], [(6, 3)], [(6, 2)]],
    [[(3, 1), (3, 4)], [(2, 2)], [(3, 3)], [(1, 1), (2, 5)], [(3, 1), (3, 4)]],
]


@pytest.mark.parametrize("sides", TEAM_BATTLES)
def test_the_face_walk_and_the_sweep_agree_on_team_battles(sides):
    order = canonical(sides)
    assert battle._walks(order, 6)
    walked = faces.walk(order, 6, positions=True)
    assert tuple(Fraction(w, walked.denominator) for w in walked.wins) == battle._sweep(order, 6)
    longest = max(sum(d for _, d in spec) for spec in order)
    assert tuple(tuple(Fraction(c, walked.denominator) for c in row) for row in walked.decided) == battle._decided_by_sweep(
        order, 6, longest
    )
    assert sum(walked.wins) + sum(walked.ties.values()) == walked.denominator


def test_twelve_die_teams_agree_with_an_icepool_sweep():
    sides = [[(6, 1), (6, 3)], [(6, 2), (6, 2)], [(6, 1)]]
    expected = sweep_over([icepool_sorted(side) for side in sides])
    odds = contest_odds(sides)
    assert odds.wins == expected
    # The two teams tie for first when their twelve dice match exactly.
    assert odds.no_winner == 1 - sum(expected) == Fraction(133293209347403401, 217678233600000000000)
    assert odds.wins[0] > odds.wins[1] > odds.wins[2]


def test_teams_of_three_aims_take_the_sweep_and_agree_with_brute_force():
    sides = [[(1, 1), (1, 3), (1, 5)], [(2, 2)], [(1, 4), (1, 6)]]
    assert not battle._walks(canonical(sides), 6)
    wins, no_winner, decided = brute_force(sides)
    assert contest_odds(sides).wins == wins and contest_odds(sides).no_winner == no_winner
    assert deciding_die(sides) == tuple(row[:3] for row in decided)


@pytest.mark.parametrize("side", [(6, 1), [(6, 1), (6, 1)], [(3, 2), (2, 4)], [(2, 2), (1, 5), (1, 1)]])
@pytest.mark.parametrize("copies", [2, 3])
def test_tie_sizes_from_the_walk_match_the_table_formula(side, copies):
    spec = battle._canonical(battle.normalise_side(side))
    assert top_tie_sizes(side, copies) == dict(battle._tie_sizes_by_table(spec, copies, 6))
    assert sum(top_tie_sizes(side, copies).values()) == 1


def test_the_same_contest_in_another_order_or_split_is_answered_alike():
    battle.clear_caches()
    first = contest_odds([[(6, 1), (6, 3)], (5, 2)])
    assert contest_odds([(5, 2), [(6, 3), (6, 1)]]).wins == first.wins[::-1]
    # Teammates with one aim pool: two rollers of 3@2 are one of 6@2.
    assert contest_odds([[(3, 2), (3, 2)], (6, 2)]).wins == contest_odds([(6, 2), (6, 2)]).wins
    assert deciding_die([(5, 2), [(6, 3), (6, 1)]]) == deciding_die([[(6, 1), (6, 3)], (5, 2)])[::-1]


# --- properties ------------------------------------------------------------------------------------

side_strategy = st.lists(st.tuples(st.integers(0, 6), st.integers(1, 6)), min_size=1, max_size=2)


@settings(max_examples=60, deadline=None)
@given(st.lists(side_strategy, min_size=1, max_size=5))
def test_probabilities_sum_to_one_exactly(sides):
    odds = contest_odds(sides)
    assert sum(odds.wins) + odds.no_winner == 1
    assert all(0 <= p <= 1 for p in (*odds.wins, odds.no_winner))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.integers(1, 6), st.integers(2, 5))
def test_identical_sides_are_symmetric(dice, aim, copies):
    odds = contest_odds([(dice, aim)] * copies)
    assert len(set(odds.wins)) == 1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(1, 6)), min_size=2, max_size=4))
def test_order_of_sides_does_not_matter(sides):
    forward = contest_odds(sides).wins
    backward = contest_odds(sides[::-1]).wins
    assert forward == backward[::-1]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5), st.integers(1, 6), st.lists(st.tuples(st.integers(0, 6), st.integers(1, 6)), min_size=1, max_size=3))
def test_one_more_die_never_hurts(dice, aim, others):
    before = contest_odds([(dice, aim), *others]).wins[0]
    after = contest_odds([(dice + 1, aim), *others]).wins[0]
    assert after >= before


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 6), st.integers(1, 5), st.lists(st.tuples(st.integers(0, 6), st.integers(1, 6)), min_size=1, max_size=3))
def test_a_higher_aim_never_hurts(dice, aim, others):
    assert contest_odds([(dice, aim + 1), *others]).wins[0] >= contest_odds([(dice, aim), *others]).wins[0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(1, 6)), min_size=2, max_size=4))
def test_no_winner_needs_two_sides_with_the_same_number_of_dice(sides):
    counts = [dice for dice, _ in sides]
    if len(set(counts)) == len(counts):
        assert contest_odds(sides).no_winner == 0


def test_known_values():
    # One die each, no aim: a tie for first is 1/6, each wins 5/12.
    assert contest_odds([(1, 1), (1, 1)]).wins == (Fraction(5, 12), Fraction(5, 12))
    # A side that rolls nothing loses to any die; two empty sides tie.
    assert contest_odds([(0, 1), (1, 1)]).wins == (0, 1)
    assert contest_odds([(0, 1), (0, 3)]).no_winner == 1
    # Aim 6 rolls only sixes: 2 sixes beat 1 six ("a side with dice left wins").
    assert contest_odds([(2, 6), (1, 6)]).wins == (1, 0)


# --- a concrete roll --------------------------------------------------------------------------------


def test_compare_follows_the_rule_text():
    # 战斗 · 步骤 5 示例: blue and the pirate tie on their first die, blue wins on the second.
    verdict = compare([(3, 2), (6, 5, 2), (6, 4)])
    assert verdict.winner == 1 and verdict.decided_at == 2
    assert verdict.rounds[0] == ((0, 3), (1, 6), (2, 6))
    assert verdict.rounds[1] == ((1, 5), (2, 4))
    assert compare([(6, 5), (6, 5, 1)]).winner == 1
    assert compare([(6, 5, 1), (5, 6, 1)]).winner is None


# --- typed errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sides", "field"),
    [
        ([], "sides"),
        ([(-1, 2), (3, 3)], "sides[0].dice"),
        ([(3, 3), (2, 0)], "sides[1].aim"),
        ([(3, 3), (2, 7)], "sides[1].aim"),
        ([(3, 3), [(2, 2), "x"]], "sides[1][1]"),
        ([(3, 3), "6@2"], "sides[1]"),
        ([(3, 3), (2.0, 2)], "sides[1]"),
        ([(3, 3), (True, 2)], "sides[1].dice"),
    ],
)
def test_bad_sides_raise_invalid_input_naming_the_field(sides, field):
    with pytest.raises(InvalidInput) as raised:
        contest_odds(sides)
    assert raised.value.field == field


def test_bad_reroll_arguments():
    with pytest.raises(InvalidInput) as raised:
        rerolled_die(0)
    assert raised.value.field == "aim"
    with pytest.raises(InvalidInput) as raised:
        rerolled_die(3, rerolls=-1)
    assert raised.value.field == "rerolls"


def test_results_render_as_exact_fractions():
    odds = contest_odds([(1, 1), (1, 1)])
    assert r"\frac{5}{12}" in odds._repr_latex_() and r"\frac{1}{6}" in odds._repr_latex_()
    assert "5/12" in odds._repr_html_()
