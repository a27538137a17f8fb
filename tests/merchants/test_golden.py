"""A seeded full game with scripted choices, played to the end and compared with its golden transcript.

Regenerate after an intended change: ``.venv/bin/python tests/merchants/regenerate_golden.py``.
"""

from pathlib import Path

import pytest

from tabletoolkit.merchants import demo_game

GOLDEN = Path(__file__).resolve().parent / "golden" / "demo_game.txt"


def transcript() -> str:
    """Three steady merchants, seed 7, played to the winner (``tabletoolkit.merchants.demo_game``)."""
    return demo_game(("Ada", "Bea", "Cy"), seed=7).transcript() + "\n"


@pytest.mark.phase("merchants.turn")
def test_the_seeded_game_matches_its_golden_transcript():
    expected = GOLDEN.read_text(encoding="utf-8")
    assert transcript() == expected, "the game changed: see regenerate_golden.py to review and rewrite the golden file"


def test_the_seeded_game_ends_with_a_winner():
    final = demo_game(("Ada", "Bea", "Cy"), seed=7).final_state
    assert final.finished and set(final.dock_arrivals) == {"Ada", "Bea", "Cy"}
    assert final.end_trigger == final.dock_arrivals[0]


def test_the_same_seed_replays_the_same_game_and_another_seed_differs():
    assert demo_game(seed=7).transcript() == demo_game(seed=7).transcript()
    assert demo_game(seed=8).transcript() != demo_game(seed=7).transcript()
