"""Whole games on the game contract: CPU time per seeded random game, and games per CPU-second.

    .venv/bin/python benchmarks/whole_games.py [GAMES] [GAME_ID ...]   (default: 20 games of every game)

For every game in ``tt.games()`` and each of its registered settings, plays GAMES seeded random games
(every seat ``tt.policies.random``, chance drawn from the game's ``Rng``) and the scripted player where
there is one, and prints CPU milliseconds per game (median and spread), applies per game and games per
CPU-second. Goals are printed beside the measures with a verdict (CPU time, so a busy machine skews it
less; the goals are the project's, not assertions).
"""

from __future__ import annotations

import statistics
import sys
import time

import tabletoolkit as tt
from tabletoolkit.engine.game import game_info, setting_combinations

# (game, settings, who plays) → the goal in CPU milliseconds per whole game.
GOALS_MS = {
    ("merchants", (("players", 3),), "random"): 25.0,
    ("seti", (("players", 4),), "random"): 20.0,
    ("seti-solo", (("stars", 1),), "scripted"): 250.0,
    ("seti-solo", (("stars", 5),), "scripted"): 250.0,
    ("andromeda", (("players", 2), ("teams", False)), "random"): 300.0,
    ("andromeda", (("players", 4), ("teams", False)), "random"): 1000.0,
}


def measure(game_id: str, settings: dict, seeds: range, scripted: bool) -> tuple[list[float], list[int]]:
    times, lengths = [], []
    for seed in seeds:
        game = tt.new_game(game_id, seed=seed, **settings)
        policies = {seat: tt.policies.scripted(game_id) for seat in game.seats} if scripted else {}
        start = time.process_time()
        played = tt.play(game, policies)
        times.append((time.process_time() - start) * 1000)
        lengths.append(len(played))
    return times, lengths


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for game_id in sys.argv[2:] or tt.games():
        has_script = game_info(game_id).scripted is not None
        for settings in setting_combinations(game_id):
            for scripted in (False, True) if has_script else (False,):
                times, lengths = measure(game_id, settings, range(count), scripted)
                median = statistics.median(times)
                spread = f"{min(times):.1f}–{max(times):.1f}"
                who = "scripted" if scripted else "random"
                line = (f"{game_id:10} {str(settings):16} {who:8}: {median:7.1f} ms CPU per game (spread {spread}), "
                        f"{statistics.mean(lengths):6.0f} applies, {1000 / statistics.mean(times):6.1f} games per CPU-second")
                goal = GOALS_MS.get((game_id, tuple(sorted(settings.items())), who))
                if goal is not None:
                    line += f" · goal ≤ {goal:.0f} ms: {'met' if median <= goal else f'not met ({median / goal:.1f}× over)'}"
                print(line)


if __name__ == "__main__":
    main()
