"""The whole-game tester over many seeded random SETI games (multiplayer and solo), to final scoring.

    .venv/bin/python tests/seti/tester_sweep.py [MULTIPLAYER_PER_COUNT] [SOLO_PER_STARS]

Defaults: 100 games for each of 2, 3 and 4 players (300) and 40 for each of 1–5 stars (200). Prints the games
played, how many reached final scoring and every defect found; exits non-zero on a defect. The suite plays a few
of these seeds (tests/seti/test_whole_game.py, tests/seti/solo/test_solo_whole_game.py); this is the full count.
"""

from __future__ import annotations

import sys

from tabletoolkit.engine.tester import check_game


def sweep(game_id: str, setting: str, values: tuple[int, ...], count: int) -> tuple[int, int, int]:
    """Games played, games ended and defects over ``count`` seeds for each setting value."""
    games = ended = defects = 0
    for value in values:
        report = check_game(game_id, range(count), probe=0.05, **{setting: value})
        print(f"{setting}={value}: {report.summary()}", flush=True)
        for defect in report.defects[:20]:
            print("  ", defect, flush=True)
        games, ended, defects = games + report.games, ended + report.ended, defects + len(report.defects)
    return games, ended, defects


def main() -> None:
    multiplayer = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    solo = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    totals = [sweep("seti", "players", (2, 3, 4), multiplayer), sweep("seti-solo", "stars", (1, 2, 3, 4, 5), solo)]
    for name, (games, ended, defects) in zip(("multiplayer", "solo"), totals):
        print(f"{name}: {games} seeded random games, {ended} to final scoring, {defects} defects")
    sys.exit(1 if any(games != ended or defects for games, ended, defects in totals) else 0)


if __name__ == "__main__":
    main()
