"""The whole-game figures for SETI (not a test: the suite plays a seeded share of these).

    .venv/bin/python tests/seti/whole_game_figures.py [MULTIPLAYER_GAMES_PER_COUNT] [SOLO_GAMES_PER_STARS]

Plays seeded random whole games through the whole-game tester (every apply checked) for 2, 3 and 4 players
and for the solo game at 1 to 5 stars, and scripted games, and prints games, defects and CPU per game.
"""

from __future__ import annotations

import sys
import time

import tabletoolkit as tt
from tabletoolkit.engine.tester import check_game


def scripted_cpu(game_id: str, seeds: range, **settings) -> float:
    from tabletoolkit.engine.game import game_info

    info = game_info(game_id)
    started = time.process_time()
    for seed in seeds:
        game = tt.new_game(game_id, seed=seed, **settings)
        played = tt.play(game, {seat: info.scripted() for seat in game.seats})
        assert played.over
    return (time.process_time() - started) / len(seeds)


def main(multiplayer: int, solo: int) -> int:
    failed = 0
    for players in (2, 3, 4):
        report = check_game("seti", range(multiplayer), probe=0.2, players=players)
        print(f"players={players}: {report.summary()}")
        failed += not report.ok
    for stars in (1, 2, 3, 4, 5):
        report = check_game("seti-solo", range(solo), probe=0.2, stars=stars)
        print(f"stars={stars}: {report.summary()}")
        failed += not report.ok
    print(f"scripted 4-player game: {scripted_cpu('seti', range(3), players=4) * 1000:.0f} ms CPU")
    print(f"scripted solo game (1 star): {scripted_cpu('seti-solo', range(3), stars=1) * 1000:.0f} ms CPU")
    return 1 if failed else 0


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    sys.exit(main(args[0] if args else 100, args[1] if len(args) > 1 else 40))
