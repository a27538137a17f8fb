"""Exact battle odds: this engine beside icepool's and dyce's best formula, side by side in one run.

    .venv/bin/python benchmarks/battle_odds.py [--repeats N] [--budget SECONDS] [--case TEXT]

Every time is CPU time (``time.process_time``) of the process doing the work, so other load on a
shared machine counts less, with the garbage collector off during the call (as in ``timeit``); each
is repeated and printed as the median with the spread (lowest to highest). For each battle:

- engine, first call: a fresh interpreter imports tabletoolkit, then times its first
  ``contest_odds`` (one fresh process per repeat). Target: <= 2 ms.
- engine, cold cache: in this process, every kernel cache cleared before each run.
- engine, tables kept: the answers' caches cleared, the side tables and walk rows kept, as in a
  process that has computed any other battle (for information; the target is on cold runs).
- engine, warm: the answer cached.
- icepool formula, dyce formula: each peer's distribution of a side's sorted dice (icepool's
  ``Pool.expand()``, dyce's ``P.rolls_with_counts()``), then one sweep over the sides' outcomes.
  They run interleaved with the engine's cold runs; the ratio is the peer's median over the
  engine's. Target: >= 10x each.
- icepool's joint multiset evaluator (all pools at once; stopped after ``--budget`` seconds and
  reported as a bound) and a brute force over every joint combination of sorted dice, where they
  fit: for scale, and as checks.

Every method must give the same fractions (asserted). Each battle ends with "target met" or
"target NOT met"; the last line sums up.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import math
import os
import signal
import statistics
import subprocess
import sys
import time
from bisect import bisect_left
from fractions import Fraction

import dyce
import icepool

from tabletoolkit.prob import battle as kernel
from tabletoolkit.prob import contest_odds

CASES = {
    "6@1 vs 6@1": [[(6, 1)], [(6, 1)]],
    "6@3, 5@2, 4@1": [[(6, 3)], [(5, 2)], [(4, 1)]],
    "4 x 6@1": [[(6, 1)]] * 4,
    "6@1, 6@2, 6@3, 6@4": [[(6, 1)], [(6, 2)], [(6, 3)], [(6, 4)]],
    "5 sides: 6@1, 6@2, 6@3, 5@4, 4@5": [[(6, 1)], [(6, 2)], [(6, 3)], [(5, 4)], [(4, 5)]],
    "5 x 6@1": [[(6, 1)]] * 5,
    "6 sides: 6@1, 6@2, 6@3, 5@4, 4@5, 5@1": [[(6, 1)], [(6, 2)], [(6, 3)], [(5, 4)], [(4, 5)], [(5, 1)]],
    "6 x 6@1": [[(6, 1)]] * 6,
    "2v2 [6@2+6@3] vs [6@1+5@4] + pirate 5@1": [[(6, 2), (6, 3)], [(6, 1), (5, 4)], [(5, 1)]],
    "2v2, 12-die teams: [6@1+6@3] vs [6@2+6@2] + pirate 6@1": [[(6, 1), (6, 3)], [(6, 2), (6, 2)], [(6, 1)]],
    "2v2, 12-die teams: [6@1+6@5] vs [6@2+6@4] + pirate 6@3": [[(6, 1), (6, 5)], [(6, 2), (6, 4)], [(6, 3)]],
    "2v2, 12-die teams: [6@1+6@1] vs [6@1+6@1]": [[(6, 1), (6, 1)], [(6, 1), (6, 1)]],
}
FIRST_CALL_GOAL = 0.002
RATIO_GOAL = 10.0
BRUTE_FORCE_LIMIT = 3_000_000
JOINT_POOLS_LIMIT = 4

FIRST_CALL = """
import ast, gc, sys, time
import tabletoolkit
from tabletoolkit.prob import contest_odds
sides = ast.literal_eval(sys.argv[1])
gc.disable()
start = time.process_time()
contest_odds(sides)
print(time.process_time() - start)
"""


class OutOfTime(Exception):
    pass


def cpu(function, *args):
    """CPU seconds of this process for one call, and the value. As in timeit, the garbage collector
    is off during the call, so one method's garbage is not collected in another's time."""
    gc.disable()
    try:
        start = time.process_time()
        value = function(*args)
        return time.process_time() - start, value
    finally:
        gc.enable()


def engine_cold(sides):
    kernel.clear_caches()
    return cpu(lambda: contest_odds(sides).wins)


def engine_tables_kept(sides):
    kernel.clear_caches(tables=False)
    return cpu(lambda: contest_odds(sides).wins)


def engine_warm(sides):
    contest_odds(sides)
    return cpu(lambda: contest_odds(sides).wins)


def engine_first_call(sides) -> float:
    """CPU seconds of the first contest_odds in a fresh interpreter, after its imports."""
    done = subprocess.run([sys.executable, "-c", FIRST_CALL, repr(sides)], check=True, capture_output=True, text=True)
    return float(done.stdout)


def sweep(tables):
    """The best formula on per-side tables ({sorted dice high to low: weight}, total): one sweep."""
    below = []
    for weights, _ in tables:
        keys = sorted(weights)
        below.append((keys, [0, *itertools.accumulate(weights[k] for k in keys)]))
    denominator = math.prod(total for _, total in tables)
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


def icepool_die(aim):
    return icepool.d6.reroll(lambda face: face < aim, depth="inf")


def icepool_side(side):
    expanded = icepool.Pool([icepool_die(aim) for count, aim in side for _ in range(count)]).expand()
    return {tuple(sorted(o, reverse=True)): q for o, q in expanded.items()}, expanded.denominator()


def icepool_formula(sides):
    """icepool's best formula: each side's sorted dice from ``Pool.expand()``, then one sweep."""
    return sweep([icepool_side(side) for side in sides])


def dyce_side(side):
    # A die rerolled while below its aim is uniform on aim..6 (rerolled_die derives it).
    pool = dyce.P(*(dyce.H(range(aim, 7)) for count, aim in side for _ in range(count)))
    weights: dict[tuple[int, ...], int] = {}
    for roll, count in pool.rolls_with_counts():  # rolls ascending; a mixed pool may repeat one
        key = roll[::-1]
        weights[key] = weights.get(key, 0) + count
    return weights, sum(weights.values())


def dyce_formula(sides):
    """dyce's best formula: each side's sorted dice from ``P.rolls_with_counts()``, then one sweep."""
    return sweep([dyce_side(side) for side in sides])


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
    pools = [icepool.Pool([icepool_die(aim) for count, aim in side for _ in range(count)]) for side in sides]
    verdict = TiedSides().evaluate(*pools)
    return tuple(Fraction(verdict.quantity(i), verdict.denominator()) for i in range(len(sides)))


def brute_force(sides):
    """Every joint combination of the sides' sorted dice (each side enumerated die by die)."""
    tables = []
    for side in sides:
        weights: dict[tuple[int, ...], int] = {}
        for faces in itertools.product(*[range(aim, 7) for count, aim in side for _ in range(count)]):
            key = tuple(sorted(faces, reverse=True))
            weights[key] = weights.get(key, 0) + 1
        tables.append(list(weights.items()))
    wins = [0] * len(sides)
    total = 0
    for combination in itertools.product(*tables):
        weight = math.prod(w for _, w in combination)
        keys = [k for k, _ in combination]
        best = max(keys)
        total += weight
        if keys.count(best) == 1:
            wins[keys.index(best)] += weight
    return tuple(Fraction(w, total) for w in wins)


def joint_size(sides) -> int:
    return math.prod(len(kernel.pooled_dice(side).outcomes()) for side in sides)


def side_enumeration_size(sides) -> int:
    return max(math.prod((7 - aim) ** count for count, aim in side) for side in sides)


def with_budget(function, sides, budget: float):
    def stop(signum, frame):
        raise OutOfTime

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        return cpu(function, sides)
    except OutOfTime:
        return None, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.3f} ms"


def spread(samples: list[float]) -> str:
    """Median, then lowest to highest."""
    return f"{ms(statistics.median(samples))}  ({min(samples) * 1000:.3f} to {max(samples) * 1000:.3f})"


def run_case(name: str, sides, repeats: int, budget: float) -> bool:
    print(name)
    cold, peers = [], {"icepool": [], "dyce": []}
    wins = contest_odds(sides).wins
    for _ in range(repeats):  # interleaved, so a change in load falls on every method alike
        elapsed, value = engine_cold(sides)
        assert value == wins, name
        cold.append(elapsed)
        for peer, formula in (("icepool", icepool_formula), ("dyce", dyce_formula)):
            elapsed, value = cpu(formula, sides)
            assert value == wins, (name, peer)
            peers[peer].append(elapsed)
    kept = [engine_tables_kept(sides)[0] for _ in range(repeats)]
    warm = [engine_warm(sides)[0] for _ in range(repeats)]
    first = [engine_first_call(sides) for _ in range(repeats)]
    engine = statistics.median(cold)
    ratios = {peer: statistics.median(samples) / engine for peer, samples in peers.items()}
    print(f"  engine, first call        {spread(first)}   target <= {FIRST_CALL_GOAL * 1000:.0f} ms")
    print(f"  engine, cold cache        {spread(cold)}")
    print(f"  engine, tables kept       {spread(kept)}   (answers not cached; icepool "
          f"{statistics.median(peers['icepool']) / statistics.median(kept):.1f}x, dyce {statistics.median(peers['dyce']) / statistics.median(kept):.1f}x)")
    print(f"  engine, warm              {spread(warm)}")
    for peer, samples in peers.items():
        print(f"  {peer + ' formula':25} {spread(samples)}   engine (cold) is {ratios[peer]:6.1f}x faster")
    if len(sides) <= JOINT_POOLS_LIMIT and budget > 0:
        joint_time, joint_wins = with_budget(icepool_joint, sides, budget)
        if joint_wins is not None:
            assert joint_wins == wins, name
            print(f"  icepool joint evaluator   {ms(joint_time)}   engine (cold) is {joint_time / engine:8.0f}x faster")
        else:
            print(f"  icepool joint evaluator   > {budget:.0f} s (stopped)   engine (cold) is > {budget / engine:6.0f}x faster")
    else:
        print(f"  icepool joint evaluator   not run: more than {JOINT_POOLS_LIMIT} pools, or no budget")
    size = joint_size(sides)
    if size <= BRUTE_FORCE_LIMIT and side_enumeration_size(sides) <= BRUTE_FORCE_LIMIT:
        brute_time, brute_wins = cpu(brute_force, sides)
        assert brute_wins == wins, name
        print(f"  brute force               {ms(brute_time)}   engine (cold) is {brute_time / engine:8.0f}x faster")
    else:
        print(f"  brute force               not run: {size:,} joint combinations of sorted dice")
    print(f"  P(win) = {', '.join(f'{float(w):.6f}' for w in wins)}; no winner {float(1 - sum(wins)):.6f}")
    failures = []
    if statistics.median(first) > FIRST_CALL_GOAL:
        failures.append(f"first call {statistics.median(first) * 1000:.2f} ms > {FIRST_CALL_GOAL * 1000:.0f} ms")
    failures += [f"{peer} only {ratio:.1f}x" for peer, ratio in ratios.items() if ratio < RATIO_GOAL]
    print(f"  target {'met' if not failures else 'NOT met: ' + '; '.join(failures)}\n")
    return not failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="runs of each timing (the median is kept)")
    parser.add_argument("--budget", type=float, default=20.0, help="seconds for icepool's joint evaluator per battle (0: skip)")
    parser.add_argument("--case", default="", help="only the battles whose name contains this text")
    arguments = parser.parse_args()
    print(f"icepool {icepool.__version__}, dyce {dyce.__version__}; CPU time, {arguments.repeats} runs each; "
          f"joint evaluator budget {arguments.budget:.0f} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    met = [run_case(name, sides, arguments.repeats, arguments.budget) for name, sides in CASES.items() if arguments.case in name]
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (timings of under a millisecond suffer first on a busy machine)")
    print(f"{sum(met)} of {len(met)} battles meet the target (first call <= {FIRST_CALL_GOAL * 1000:.0f} ms, "
          f">= {RATIO_GOAL:.0f}x icepool's and dyce's formula)")


if __name__ == "__main__":
    main()
