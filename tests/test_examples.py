"""Every script in examples/ runs to the end without error."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.name)
def test_example_runs(script):
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "an example prints what it shows"


def test_two_dice_example_prints_exact_odds():
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "two_dice.py")], capture_output=True, text=True)
    assert "Forced double six: total 12, chance 1/36" in done.stdout
    assert "   7: 1/6" in done.stdout


def test_the_solo_policy_example_reports_its_progress_round_by_round():
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "seti_solo_policy.py")], capture_output=True, text=True)
    assert done.stdout.startswith("game 1 of 4 (1★, seed 0, the scanner): round 1… 2… 3… 4… 5… done: ")
    assert done.stdout.count(" done: ") == 4 and "1★, seed 1: the scripted player" in done.stdout
