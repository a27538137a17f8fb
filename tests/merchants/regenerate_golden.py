"""Rewrite the golden transcript of the seeded demonstration game after an intended change.

    .venv/bin/python tests/merchants/regenerate_golden.py

Then read the diff (``git diff tests/merchants/golden/``): every changed line is a changed rule,
text or random draw, and must be one you meant. (Run as a script, this folder is on the import path.)
"""

from test_golden import GOLDEN, transcript

if __name__ == "__main__":
    GOLDEN.write_text(transcript(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
