"""How long the exact best-plan search of a belt run takes as the ship's energy grows (prints ratios).

    .venv/bin/python benchmarks/belt_plan.py

``best_plan`` searches canonical positions (tokens as values, piles cut to the room left, the bag and the
deck as multisets, whatever the energy can no longer use dropped) in whole-number arithmetic;
``plain_expected`` is the plain expectimax over whole run states in fractions. Both must agree exactly;
the ratio is the plain search's CPU time over the fast one's (CPU time, so a busy machine skews it less).
"""

from __future__ import annotations

import time

from tabletoolkit.merchants.odds import _solver, best_plan, make_situation, plain_expected

VALUES = {"ice": 1, "iron": 2, "copper": 3, "gold": 5, "xenite": 8}
BAG = {"ice": 5, "iron": 4, "copper": 3, "gold": 2, "xenite": 1}
DESTINATIONS = {"ceres": (1, 2), "vesta": (2, 4), "pallas": (3, 7), "hygiea": (4, 10)}


def seconds(work) -> tuple[float, object]:
    start = time.process_time()
    result = work()
    return time.process_time() - start, result


def main() -> None:
    for energy, cargo in ((5, 2), (7, 3), (9, 4), (11, 5)):
        sit = make_situation(energy=energy, capacity=cargo, values=VALUES, bag=BAG, known=("iron", "ice", "copper"),
                             local=("ice", "gold"), opponents={"Bea": ("iron", "copper"), "Cy": ("gold",)},
                             destinations=DESTINATIONS, deck={"ceres": 2, "vesta": 2, "pallas": 1, "hygiea": 1})
        _solver.cache_clear()
        fast, plan = seconds(lambda: best_plan(sit))
        positions = len(_solver(sit.rules).values)
        plain, expected = seconds(lambda: plain_expected(sit))
        assert expected == plan.expected, (expected, plan.expected)
        print(f"energy {energy:2}, cargo {cargo}: best plan {fast:5.2f} s over {positions:5} positions, "
              f"plain search {plain:5.2f} s: ratio {plain / fast:4.1f}× · expected payout {plan.expected}")


if __name__ == "__main__":
    main()
