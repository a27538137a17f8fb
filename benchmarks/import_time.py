"""How long `import tabletoolkit` takes in a fresh interpreter, beside its peers (goal: under 300 ms).

    .venv/bin/python benchmarks/import_time.py

Each import runs in its own fresh process, several times; the best time is kept, and a bare
interpreter start is subtracted so only the import itself is measured.
"""

from __future__ import annotations

import subprocess
import sys
import time

RUNS = 7
PEERS = ("tabletoolkit", "networkx", "sympy", "icepool")


def best_seconds(code: str) -> float:
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    bare = best_seconds("pass")
    times = {name: best_seconds(f"import {name}") - bare for name in PEERS}
    ours = times["tabletoolkit"]
    print(f"interpreter start: {bare * 1000:.1f} ms (subtracted)")
    for name, seconds in times.items():
        print(f"import {name:<13} {seconds * 1000:8.1f} ms   ratio to tabletoolkit: {seconds / ours:6.2f}")
    verdict = "meets" if ours < 0.300 else "MISSES"
    print(f"tabletoolkit {verdict} the 300 ms goal ({ours * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
