"""The designer's lab at full size: the notebook's three studies as ``tabletoolkit sweep`` runs.

    .venv/bin/python benchmarks/sweep.py            # calibrate each study on 20 and 40 games, project N = 10,000
    .venv/bin/python benchmarks/sweep.py --full     # run every study at N = 10,000 games per variant
    .venv/bin/python benchmarks/sweep.py --games 200

Each study runs as the command line runs it (a subprocess, every local core, the table written to Parquet). The
CPU time is the sweep's and its worker processes' (``RUSAGE_CHILDREN``); games per CPU-second is printed beside the
goal — a 10,000-game sweep of any game in under 10 minutes on this machine — with the projected wall time for
10,000 games of one variant on every core. Without ``--full`` the projection says so: it is the marginal rate
between two calibration sizes (what a run pays once — processes, imports — left out), not a 10,000-game run.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_SECONDS = 600.0
FULL = 10_000
CLI = [sys.executable, "-m", "tabletoolkit", "sweep"]

STUDIES = {
    "Andromeda: first player and the dice cap": ["andromeda", "--players", "2", "--variant", "dice cap 8: dice_cap=8"],
    "SETI: launch cost": ["seti", "--players", "2", "--variant", "1 credit: launch_credits=1",
                          "--variant", "3 credits: launch_credits=3"],
    "Merchants: loan price and end threshold": ["merchants", "--players", "3", "--policy", "scripted",
                                                "--variant", "1 loan marker: loan_markers=1",
                                                "--variant", "3 loan markers: loan_markers=3",
                                                "--variant", "end at 80/120: end_may=80; end_must=120"],
}


def variants_of(arguments: list[str]) -> int:
    return 1 + arguments.count("--variant")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(arguments: list[str], games: int, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one ``tabletoolkit sweep`` run."""
    cpu, wall = children_cpu(), time.perf_counter()
    subprocess.run(CLI + arguments + ["--games", str(games), "--out", str(out), "--quiet"], check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - wall, children_cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help=f"run every study at N = {FULL:,} games per variant")
    parser.add_argument("--games", type=int, default=20, help="games per variant when calibrating (default 20)")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{cores} core(s); goal: {FULL:,} games of one variant in under {GOAL_SECONDS / 60:.0f} minutes")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "study.parquet"
        for title, arguments in STUDIES.items():
            variants = variants_of(arguments)
            if args.full:
                wall, cpu = run(arguments, FULL, out)
                played, rate = FULL * variants, FULL * variants / cpu
                projected, how = FULL / rate / cores, f"measured: {played} games, {wall:.0f} s wall, {cpu:.0f} s CPU"
            else:
                # Two sizes: the difference leaves out what every run pays once (starting processes, importing).
                small_wall, small_cpu = run(arguments, args.games, out)
                wall, cpu = run(arguments, 2 * args.games, out)
                rate = args.games * variants / max(cpu - small_cpu, 1e-9)
                projected = FULL / rate / cores
                how = (f"projected from {args.games * variants} and {2 * args.games * variants} games "
                       f"({wall:.0f} s wall, {cpu:.0f} s CPU for the larger)")
            verdict = "met" if projected <= GOAL_SECONDS else f"not met ({projected / GOAL_SECONDS:.1f}× over)"
            print(f"{title:40}: {rate:6.1f} games per CPU-second · {FULL:,} games on {cores} core(s) ≈ "
                  f"{projected / 60:5.1f} min · goal ≤ {GOAL_SECONDS / 60:.0f} min: {verdict} · {how}")


if __name__ == "__main__":
    main()
