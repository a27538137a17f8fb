"""How long the exact best-plan search of a belt run takes as the ship's energy grows (prints ratios).

    .venv/bin/python benchmarks/belt_plan.py

The search is an expectimax over every sequence of belt actions, memoised by position; its size grows
with energy, cargo, the bag and the destination deck. The sample data keeps a widget's search well
under a second for the Mark 1–2 ships.
"""

from __future__ import annotations

import time

from tabletoolkit.merchants.odds import _solver, best_plan, make_situation

VALUES = {"ice": 1, "iron": 2, "copper": 3, "gold": 5, "xenite": 8}
BAG = {"ice": 5, "iron": 4, "copper": 3, "gold": 2, "xenite": 1}
DESTINATIONS = {"ceres": (1, 2), "vesta": (2, 4), "pallas": (3, 7), "hygiea": (4, 10)}


def main() -> None:
    base = None
    for energy, cargo in ((5, 2), (7, 3), (9, 4), (11, 5)):
        sit = make_situation(energy=energy, capacity=cargo, values=VALUES, bag=BAG, known=("iron", "ice", "copper"),
                             local=("ice", "gold"), opponents={"Bea": ("iron", "copper"), "Cy": ("gold",)},
                             destinations=DESTINATIONS, deck={"ceres": 2, "vesta": 2, "pallas": 1, "hygiea": 1})
        _solver.cache_clear()
        start = time.perf_counter()
        plan = best_plan(sit)
        seconds = time.perf_counter() - start
        base = base or seconds
        positions = len(_solver(sit.rules).values)
        print(f"energy {energy:2}, cargo {cargo}: {positions:6} positions, {seconds:6.2f} s "
              f"({seconds / base:5.1f}× the smallest), expected payout {plan.expected}")


if __name__ == "__main__":
    main()
