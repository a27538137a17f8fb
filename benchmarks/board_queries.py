"""How long rule queries on the default Andromeda board take once it is loaded (goal: under 1 ms each).

    .venv/bin/python benchmarks/board_queries.py

Each query runs many times on a loaded board; the best of several rounds is kept. networkx's own
shortest-path call is timed beside ours for scale.
"""

from __future__ import annotations

import time
from typing import Callable

import networkx as nx

from tabletoolkit.andromeda.board import Board, Pieces, Ship
from tabletoolkit.andromeda.escalation import escalation_options
from tabletoolkit.andromeda.launch import BaseAccess, legal_launches
from tabletoolkit.andromeda.pirates import PirateCard, placement_odds, raid_options

ROUNDS, CALLS = 5, 200
GOAL = 0.001


def best_per_call(query: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(CALLS):
            query()
        best = min(best, (time.perf_counter() - start) / CALLS)
    return best


def main() -> None:
    start = time.perf_counter()
    board = Board.default()
    loaded = time.perf_counter() - start
    pieces = Pieces.of(
        ships={"T01": [Ship("yellow")], "T22": [Ship("yellow")], "T03": [Ship("yellow", "heavy_cruiser", 1, jump=True)],
               "T13": [Ship("blue")], "T04": [Ship("blue", "fighter", 2)]},
        pirates={"N3": "SS", "T13": "S", "T24": "B", "N4": "C"},
    )
    cards = {"S": PirateCard("S", "S", 1), "B": PirateCard("B", "B", 2), "C": PirateCard("C", "C", 1)}
    board.distance("T01", "T44")  # fill the distance table once: queries below use it
    queries = {
        "board.distance": lambda: board.distance("T01", "T44"),
        "networkx shortest_path_length (for scale)": lambda: nx.shortest_path_length(board.graph, "T01", "T44"),
        "legal_launches (30 verdicts)": lambda: legal_launches(board, pieces, Ship("yellow", "heavy_cruiser", 1, jump=True),
                                                               energy=1, access=BaseAccess(resources=3)),
        "raid_options": lambda: raid_options(board, pieces, "T23", cards),
        "escalation_options": lambda: escalation_options(board, pieces.with_pirates("T23", "B").without_pirates("T24", "B"),
                                                         "T13", ("yellow", "blue"), "yellow", {"yellow": 1}),
        "placement_odds (exact)": lambda: placement_odds(board, pieces, PirateCard("D", "D", 1), s_supply=4),
    }
    print(f"Board.default() loaded in {loaded * 1000:.2f} ms (not part of the goal)")
    for name, query in queries.items():
        seconds = best_per_call(query)
        verdict = "meets" if seconds < GOAL else "MISSES"
        print(f"{name:<44} {seconds * 1e6:9.1f} µs   ratio to the 1 ms goal: {seconds / GOAL:6.3f}   {verdict}")


if __name__ == "__main__":
    main()
