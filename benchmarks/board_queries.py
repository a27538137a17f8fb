"""How long rule queries on the default Andromeda board take once it is loaded (goal: under 1 ms each).

    .venv/bin/python benchmarks/board_queries.py

Each query runs ``CALLS`` times per round on a loaded board, for several rounds; the time per call
is CPU time (``time.process_time``), printed as the median over the rounds with the spread (lowest
to highest). networkx's own shortest-path call is timed beside ours for scale.
"""

from __future__ import annotations

import statistics
import time
from typing import Callable

import networkx as nx

from tabletoolkit.andromeda.board import Board, Pieces, Ship
from tabletoolkit.andromeda.escalation import escalation_options
from tabletoolkit.andromeda.launch import BaseAccess, legal_launches
from tabletoolkit.andromeda.pirates import PirateCard, placement_odds, raid_options

ROUNDS, CALLS = 7, 200
GOAL = 0.001


def per_call(query: Callable[[], object]) -> list[float]:
    """CPU seconds per call, one figure per round."""
    rounds = []
    for _ in range(ROUNDS):
        start = time.process_time()
        for _ in range(CALLS):
            query()
        rounds.append((time.process_time() - start) / CALLS)
    return rounds


def main() -> None:
    start = time.process_time()
    board = Board.default()
    loaded = time.process_time() - start
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
    print(f"Board.default() loaded in {loaded * 1000:.2f} ms of CPU time (not part of the goal)")
    print(f"CPU time per call: median of {ROUNDS} rounds of {CALLS} calls (lowest to highest)")
    for name, query in queries.items():
        rounds = per_call(query)
        seconds = statistics.median(rounds)
        verdict = "target met" if seconds < GOAL else "target NOT met"
        print(f"{name:<44} {seconds * 1e6:9.1f} µs ({min(rounds) * 1e6:.1f} to {max(rounds) * 1e6:.1f})   "
              f"ratio to the 1 ms goal: {seconds / GOAL:6.3f}   {verdict}")


if __name__ == "__main__":
    main()
