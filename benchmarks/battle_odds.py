"""Exact battle odds: this engine against icepool and a brute force, in one process and one run.

    .venv/bin/python benchmarks/battle_odds.py [--budget SECONDS]

For each battle the engine is timed cold (its caches cleared before each run; best of 5) and warm;
icepool twice: the best
formula on icepool (each side's sorted dice from ``Pool.expand()``, then the same sweep) and its
joint multiset evaluator (all pools at once, walking faces from 6 down); a brute force enumerates every
joint combination of the sides' sorted dice where that stays under a few million. Every method must
give the same fractions. Times are this process's CPU time. The joint evaluator grows steeply with the number of sides: a run longer than
``--budget`` seconds is stopped and reported as a lower bound. Times and ratios are printed; nothing
is asserted about speed (targets: <= 5 ms per battle of up to 6 sides of 6 dice, <= 20 ms for the 2v2
case, >= 5x the icepool formula, >= 1000x icepool's joint evaluator on 4 x 6@1; a widget recompute
<= 50 ms: the live odds explorer and the dice x aim heat map are timed at the end).
"""

from __future__ import annotations

import argparse
import itertools
import math
import signal
import time
from bisect import bisect_left
from fractions import Fraction

import icepool

from tabletoolkit.prob import battle as kernel
from tabletoolkit.prob import contest_odds

CASES = {
    "6@1 vs 6@1": [[(6, 1)], [(6, 1)]],
    "6@3, 5@2, 4@1": [[(6, 3)], [(5, 2)], [(4, 1)]],
    "4 x 6@1": [[(6, 1)]] * 4,
    "6@1, 6@2, 6@3, 6@4": [[(6, 1)], [(6, 2)], [(6, 3)], [(6, 4)]],
    "2v2 [6@2+6@3] vs [6@1+5@4] + pirate 5@1": [[(6, 2), (6, 3)], [(6, 1), (5, 4)], [(5, 1)]],
    "6 x 6@1": [[(6, 1)]] * 6,
}
BRUTE_FORCE_LIMIT = 3_000_000


class OutOfTime(Exception):
    pass


def clear_engine_caches() -> None:
    for cached in (kernel._side_table, kernel._compositions, kernel._band_keys):
        cached.cache_clear()


def timed(function, *args):
    """CPU seconds of this process (other load on a shared machine does not count) and the value."""
    start = time.process_time()
    value = function(*args)
    return time.process_time() - start, value


def engine_cold(sides, repeats: int = 5):
    """Best of a few runs, each with every engine cache cleared first."""
    best = float("inf")
    for _ in range(repeats):
        clear_engine_caches()
        elapsed, wins = timed(lambda: contest_odds(sides).wins)
        best = min(best, elapsed)
    return best, wins


def engine_warm(sides, repeats: int = 20):
    contest_odds(sides)
    best = float("inf")
    for _ in range(repeats):
        elapsed, wins = timed(lambda: contest_odds(sides).wins)
        best = min(best, elapsed)
    return best, wins


def icepool_side(side):
    dice = [icepool.d6.reroll(lambda face, aim=aim: face < aim, depth="inf") for count, aim in side for _ in range(count)]
    expanded = icepool.Pool(dice).expand()
    return {tuple(sorted(o, reverse=True)): q for o, q in expanded.items()}, expanded.denominator()


def icepool_formula(sides):
    """The best formula on icepool: per-side distributions from icepool, one sweep over outcomes."""
    tables = [icepool_side(side) for side in sides]
    below = []
    for weights, _ in tables:
        keys = sorted(weights)
        cumulative = [0, *itertools.accumulate(weights[k] for k in keys)]
        below.append((keys, cumulative))
    denominator = 1
    for _, total in tables:
        denominator *= total
    wins = []
    for i, (weights, _) in enumerate(tables):
        numerator = 0
        for key, weight in weights.items():
            term = weight
            for j, (keys, cumulative) in enumerate(below):
                if j != i:
                    term *= cumulative[bisect_left(keys, key)]
            numerator += term
        wins.append(Fraction(numerator, denominator))
    return tuple(wins)


class TiedSides(icepool.MultisetEvaluator):
    """icepool's joint evaluation: faces from 6 down, keeping the sides still tied."""

    def next_state(self, state, order, outcome, *counts):
        tied = state if state is not None else tuple(range(len(counts)))
        best = max(counts[i] for i in tied)
        return tuple(i for i in tied if counts[i] == best)

    def final_outcome(self, final_state, order, outcomes, *sizes):
        return final_state[0] if len(final_state) == 1 else -1

    def initial_state(self, order, outcomes, *sizes):
        if order > 0:
            raise icepool.UnsupportedOrder()
        return None


def icepool_joint(sides):
    pools = [
        icepool.Pool([icepool.d6.reroll(lambda face, aim=aim: face < aim, depth="inf") for count, aim in side for _ in range(count)])
        for side in sides
    ]
    verdict = TiedSides().evaluate(*pools)
    return tuple(Fraction(verdict.quantity(i), verdict.denominator()) for i in range(len(sides)))


def brute_force(sides):
    """Every joint combination of the sides' sorted dice (each side enumerated die by die)."""
    tables = []
    for side in sides:
        weights: dict[tuple[int, ...], int] = {}
        ranges = [range(aim, 7) for count, aim in side for _ in range(count)]
        for faces in itertools.product(*ranges):
            key = tuple(sorted(faces, reverse=True))
            weights[key] = weights.get(key, 0) + 1
        tables.append(list(weights.items()))
    wins = [0] * len(sides)
    total = 0
    for combination in itertools.product(*tables):
        weight = 1
        for _, w in combination:
            weight *= w
        keys = [k for k, _ in combination]
        best = max(keys)
        total += weight
        if keys.count(best) == 1:
            wins[keys.index(best)] += weight
    return tuple(Fraction(w, total) for w in wins)


def joint_size(sides) -> int:
    size = 1
    for side in sides:
        size *= len(kernel.pooled_dice(side).outcomes())
    return size


def side_enumeration_size(sides) -> int:
    return max(math.prod((7 - aim) ** count for count, aim in side) for side in sides)


def with_budget(function, sides, budget: float):
    def stop(signum, frame):
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        return timed(function, sides)
    except OutOfTime:
        return None, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def show(seconds: float | None, budget: float) -> str:
    if seconds is None:
        return f"> {budget:.0f} s (stopped)"
    return f"{seconds * 1000:10.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=300.0, help="seconds allowed to icepool's joint evaluator per battle")
    budget = parser.parse_args().budget
    print(f"icepool {icepool.__version__}; budget for the joint evaluator: {budget:.0f} s per battle\n")
    for name, sides in CASES.items():
        cold, wins = engine_cold(sides)
        warm, _ = engine_warm(sides)
        formula_time, formula_wins = min(timed(icepool_formula, sides) for _ in range(3))
        assert formula_wins == wins, name
        print(f"{name}")
        print(f"  engine, cold cache        {show(cold, budget)}")
        print(f"  engine, warm cache        {show(warm, budget)}")
        print(f"  icepool formula           {show(formula_time, budget)}   engine (cold) is {formula_time / cold:8.1f}x faster")
        if len(sides) <= 4:
            joint_time, joint_wins = with_budget(icepool_joint, sides, budget)
            if joint_wins is not None:
                assert joint_wins == wins, name
                print(f"  icepool joint evaluator   {show(joint_time, budget)}   engine (cold) is {joint_time / cold:8.0f}x faster")
            else:
                print(f"  icepool joint evaluator   {show(None, budget)}   engine (cold) is > {budget / cold:6.0f}x faster")
        else:
            print("  icepool joint evaluator   not run: more than 4 joint pools (4 x 6@1 already takes minutes)")
        size, per_side = joint_size(sides), side_enumeration_size(sides)
        if size <= BRUTE_FORCE_LIMIT and per_side <= BRUTE_FORCE_LIMIT:
            brute_time, brute_wins = timed(brute_force, sides)
            assert brute_wins == wins, name
            print(f"  brute force               {show(brute_time, budget)}   engine (cold) is {brute_time / cold:8.0f}x faster")
        else:
            print(f"  brute force               not run: {size:,} joint combinations of sorted dice")
        print(f"  P(win) = {', '.join(f'{float(w):.6f}' for w in wins)}; no winner {float(1 - sum(wins)):.6f}\n")


def widget_recomputes() -> None:
    """The notebook's live views: one recompute each after a control moved, cold and warm caches."""
    from tabletoolkit.widgets.andromeda_battle import battle_odds_explorer, heat_map_explorer

    explorer, heat = battle_odds_explorer(), heat_map_explorer()
    moves = {
        "odds explorer (example battle, odds + deciding die)": (explorer, lambda: setattr(explorer.rows[1].energy, "value", 1)),
        "odds explorer, 2v2 team mode with the pirate": (explorer, lambda: setattr(explorer.team_mode, "value", True)),
        "heat map (30 battles, dice x aim)": (heat, lambda: setattr(heat.opponent_controls[0][0], "value", 4)),
    }
    print("Widget recomputes (target <= 50 ms)")
    for name, (view, move) in moves.items():
        clear_engine_caches()
        cold, _ = timed(move)
        warm = min(timed(view.recompute)[0] for _ in range(5))
        print(f"  {name:52s} cold {show(cold, 0)}   warm {show(warm, 0)}")


if __name__ == "__main__":
    main()
    widget_recomputes()
