"""The golden playthroughs: one seeded game per whole game and setting, played to its end through the contract.

Each game in ``tt.games()`` is played with its scripted player (random play where it has none) for every
setting it registers (``GameInfo.settings``: player counts, stars, …) at seed 7. Rewrite them after an
intended change, then read the diff (every changed line is a changed rule, text or draw):

    .venv/bin/python tests/golden/playthroughs.py
"""

from __future__ import annotations

import itertools
from pathlib import Path

import tabletoolkit as tt
from tabletoolkit.engine.game import game_info

FOLDER = Path(__file__).resolve().parent
SEED = 7


def settings_of(game_id: str) -> list[dict]:
    """Every combination of the settings the game registers that it accepts (one golden playthrough each;
    Andromeda's 2v2 is for 4 players only)."""
    info = game_info(game_id)
    names = [name for name, _ in info.settings]
    combos = [dict(zip(names, values)) for values in itertools.product(*(values for _, values in info.settings))] or [{}]
    return [settings for settings in combos if _accepted(game_id, settings)]


def _accepted(game_id: str, settings: dict) -> bool:
    try:
        tt.new_game(game_id, seed=SEED, **settings)
    except tt.InvalidInput:
        return False
    return True


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
        for settings in settings_of(game_id):
            target = path_of(game_id, settings)
            target.write_text(transcript(game_id, settings), encoding="utf-8")
            print(f"wrote {target}")
