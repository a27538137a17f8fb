"""How long `import tabletoolkit` and each wing's import take in a fresh interpreter, beside peers.

    .venv/bin/python benchmarks/import_time.py [--runs N]

Each measurement runs in its own fresh interpreter, ``--runs`` times; the median is printed with
the spread (lowest to highest). The time is the CPU time (``time.process_time``) the child spends
inside the import statements, read by the child itself: interpreter start is never part of it, so
nothing is subtracted and no figure can be negative. A wing is timed after ``import tabletoolkit``
(what the wing adds), and whole (the root package and the wing from nothing). Goal: ``import
tabletoolkit`` under 300 ms.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

GOAL = 0.300
WINGS = ("tabletoolkit.engine", "tabletoolkit.prob", "tabletoolkit.andromeda", "tabletoolkit.seti",
         "tabletoolkit.merchants", "tabletoolkit.widgets")
PEERS = ("networkx", "sympy", "icepool", "dyce")

CHILD = """
import importlib, sys, time
first, then = sys.argv[1], sys.argv[2:]
start = time.process_time()
importlib.import_module(first)
middle = time.process_time()
for name in then:
    importlib.import_module(name)
print(middle - start, time.process_time() - middle,
      ",".join(m for m in ("sympy", "networkx", "ipywidgets", "matplotlib", "IPython") if m in sys.modules) or "-")
"""


def cpu_seconds(first: str, *then: str, runs: int) -> tuple[list[float], list[float], str]:
    """CPU seconds of importing ``first``, and of importing ``then`` after it, over fresh interpreters;
    and the heavy libraries loaded by then."""
    before, after = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", CHILD, first, *then], check=True, capture_output=True, text=True)
        a, b, heavy = done.stdout.split()
        before.append(float(a))
        after.append(float(b))
    return before, after, heavy.replace(",", ", ")


def shown(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:8.1f} ms ({min(samples) * 1000:.1f} to {max(samples) * 1000:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters per measurement")
    runs = parser.parse_args().runs
    root, _, heavy = cpu_seconds("tabletoolkit", runs=runs)
    ours = statistics.median(root)
    print(f"CPU time inside the imports, {runs} fresh interpreters each (median, lowest to highest)\n")
    print(f"import tabletoolkit                  {shown(root)}   loads: {heavy}")
    for wing in WINGS:
        _, added, heavy = cpu_seconds("tabletoolkit", wing, runs=runs)
        whole, _, _ = cpu_seconds(wing, runs=runs)
        print(f"import {wing:<29} {shown(added)} after tabletoolkit; {shown(whole)} from nothing   loads: {heavy}")
    print()
    for peer in PEERS:
        try:
            samples, _, _ = cpu_seconds(peer, runs=runs)
        except subprocess.CalledProcessError:
            print(f"import {peer:<29} not installed")
            continue
        print(f"import {peer:<29} {shown(samples)}   ratio to tabletoolkit: {statistics.median(samples) / ours:6.2f}")
    verdict = "target met" if ours < GOAL else "target NOT met"
    print(f"\nimport tabletoolkit: {ours * 1000:.1f} ms, goal under {GOAL * 1000:.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
