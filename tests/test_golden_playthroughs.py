"""Every whole game has golden playthroughs, replayed and compared line by line.

A game in ``tt.games()`` without one fails here: write it with ``.venv/bin/python tests/golden/playthroughs.py``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import tabletoolkit as tt
from tabletoolkit.engine.game import setting_combinations

_spec = importlib.util.spec_from_file_location("golden_playthroughs", Path(__file__).parent / "golden" / "playthroughs.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)

CASES = [(game_id, settings) for game_id in tt.games() for settings in setting_combinations(game_id)]


def test_there_are_whole_games():
    assert "merchants" in tt.games()


@pytest.mark.parametrize("game_id, settings", CASES, ids=[f"{g}-{s}" for g, s in CASES])
def test_the_game_replays_its_golden_playthrough_line_by_line(game_id, settings):
    path = golden.path_of(game_id, settings)
    assert path.exists(), f"{game_id} {settings} has no golden playthrough: run tests/golden/playthroughs.py"
    expected = path.read_text(encoding="utf-8").splitlines()
    played = golden.transcript(game_id, settings).splitlines()
    for number, (want, got) in enumerate(zip(expected, played), 1):
        assert got == want, f"{path.name} line {number} differs:\n  golden: {want}\n  played: {got}"
    assert len(played) == len(expected), f"{path.name}: {len(expected)} lines golden, {len(played)} played"


@pytest.mark.parametrize("game_id, settings", CASES[:1])
def test_the_golden_game_ends_and_replaying_its_choices_gives_the_same_game(game_id, settings):
    played = golden.playthrough(game_id, settings)
    assert played.over
    replayed = tt.replay(played.start, played.choices)
    assert replayed.final == played.final and replayed.transcript() == played.transcript()
