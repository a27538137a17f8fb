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
