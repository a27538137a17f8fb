"""The whole-game tester at full size: many seeded random and scripted games per game and setting.

    .venv/bin/python benchmarks/whole_game_tester.py [RANDOM] [SCRIPTED]     (make games)

Plays RANDOM (default 500) seeded random games and SCRIPTED (default 200) games of the scripted player
per game and setting, checking every apply (``tabletoolkit.engine.tester``); prints each report and
exits 1 if any game had a defect. The test suite runs a small seeded share of the same checks.
"""

from __future__ import annotations

import sys

import tabletoolkit as tt
from tabletoolkit.engine.game import game_info, setting_combinations
from tabletoolkit.engine.tester import check_game


def main() -> int:
    random_games = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    scripted_games = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    failed = False
    for game_id in tt.games():
        info = game_info(game_id)
        for settings in setting_combinations(game_id):
            runs = [("random", None, random_games)]
            if info.scripted is not None:
                runs.append(("scripted", lambda game, seed: {s: info.scripted() for s in game.seats}, scripted_games))
            for who, policies, count in runs:
                report = check_game(game_id, range(count), policies=policies, probe=0.05, **settings)
                print(f"{who:8} {report.summary()}")
                for defect in report.defects[:10]:
                    print("   ", defect)
                failed = failed or not report.ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
