"""Rewrite the golden transcript of the seeded demonstration game after an intended change.

    .venv/bin/python tests/merchants/regenerate_golden.py

Then read the diff (``git diff tests/merchants/golden/``): every changed line is a changed rule,
text or random draw, and must be one you meant.
"""

from pathlib import Path

from tabletoolkit.merchants import demo_game

GOLDEN = Path(__file__).resolve().parent / "golden" / "demo_game.txt"


def transcript() -> str:
    """Three steady merchants, seed 7, played to the winner (``tabletoolkit.merchants.demo_game``)."""
    return demo_game(("Ada", "Bea", "Cy"), seed=7).transcript() + "\n"


if __name__ == "__main__":
    GOLDEN.write_text(transcript(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
