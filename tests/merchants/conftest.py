"""Lets the Starship Merchants tests import their shared hand-built tables (``merchants_tables``).

pytest runs in importlib mode (test files in different wings may share names), which does not put a
test's folder on ``sys.path``; this folder's helpers are added explicitly.
"""

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
