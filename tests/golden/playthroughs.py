"""The golden playthroughs: one seeded game per whole game and setting, played to its end through the contract.

Each game in ``tt.games()`` is played with its scripted player (random play where it has none) for every
setting combination it registers and accepts (``setting_combinations``: player counts, stars, …) at seed 7. Rewrite them after an
intended change, then read the diff (every changed line is a changed rule, text or draw):

    .venv/bin/python tests/golden/playthroughs.py
"""

from __future__ import annotations

from pathlib import Path

import tabletoolkit as tt
from tabletoolkit.engine.game import game_info, setting_combinations

FOLDER = Path(__file__).resolve().parent
SEED = 7


def path_of(game_id: str, settings: dict) -> Path:
    words = "-".join(f"{name}-{value}" for name, value in sorted(settings.items()))
    return FOLDER / f"{game_id}{'-' + words if words else ''}.txt"


def playthrough(game_id: str, settings: dict) -> tt.Playthrough:
    game = tt.new_game(game_id, seed=SEED, **settings)
    info = game_info(game_id)
    policies = {seat: info.scripted() for seat in game.seats} if info.scripted else {}
    return tt.play(game, policies)


def transcript(game_id: str, settings: dict) -> str:
    return playthrough(game_id, settings).transcript() + "\n"


if __name__ == "__main__":
    for game_id in tt.games():
        for settings in setting_combinations(game_id):
            target = path_of(game_id, settings)
            target.write_text(transcript(game_id, settings), encoding="utf-8")
            print(f"wrote {target}")
