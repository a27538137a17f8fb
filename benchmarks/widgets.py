"""The battle notebooks' widgets, headless: CPU time and recomputes per user action (goal: <= 50 ms, one).

    .venv/bin/python benchmarks/widgets.py [--repeats N]

Each action sets a control's value (or clicks a button) the way the browser does, and the time is
the CPU time of the observers it sets off (``time.process_time``). The kernel's caches are cleared
before each run, so every battle is one it has not seen; the median of the runs is printed with
the spread (lowest to highest). A recompute is one call of the view's ``recompute``: each action
should cause exactly one.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from tabletoolkit.prob import battle as kernel
from tabletoolkit.widgets.andromeda_battle import (
    battle_odds_explorer,
    heat_map_explorer,
    reroll_explorer,
    start_player_explorer,
)

GOAL = 0.050
# Four players of six dice and a pirate: in team mode two 12-die teams and the pirate.
FIVE = (("yellow", 6, 1, 0), ("blue", 6, 2, 0), ("red", 6, 3, 0), ("green", 6, 1, 0), ("pirate", 6, 2, 0))


def counted(view) -> list[int]:
    """Count the view's recomputes from now on."""
    calls = [0]
    recompute = view.recompute

    def counting(*args, **kwargs):
        calls[0] += 1
        return recompute(*args, **kwargs)

    view.recompute = counting
    return calls


def toggle(control) -> Callable[[], None]:
    return lambda: setattr(control, "value", not control.value)


def step(control, low, high) -> Callable[[], None]:
    return lambda: setattr(control, "value", high if control.value == low else low)


def actions():
    """(name, view, action): each action has a view of its own and leaves it ready to run again."""
    example = battle_odds_explorer()
    yield "odds explorer: blue's energy slider (rulebook example)", example, step(example.rows[1].energy, 1, 2)
    example = battle_odds_explorer()
    yield "odds explorer: yellow's aim slider", example, step(example.rows[0].aim, 3, 4)
    grow = battle_odds_explorer()
    yield "odds explorer: add participant, then remove it", grow, lambda: (grow.add_button.click(), grow.remove_button.click())
    five = battle_odds_explorer(FIVE)
    yield "odds explorer: 2v2 team mode on, or off (12-die teams + pirate)", five, toggle(five.team_mode)
    for label, move in (
        ("a member's dice slider", lambda view: step(view.rows[2].dice, 6, 5)),
        ("a member's aim slider", lambda view: step(view.rows[0].aim, 1, 2)),
        ("a member leaves the team, or joins it", lambda view: step(view.rows[2].team, "team 1", "own side")),
    ):
        teams = battle_odds_explorer(FIVE)
        teams.team_mode.value = True
        yield f"odds explorer, 12-die teams: {label}", teams, move(teams)
    heat = heat_map_explorer()
    yield "heat map: opponent's dice slider (30 battles)", heat, step(heat.opponent_controls[0][0], 5, 4)
    start = start_player_explorer(players=3)
    yield "start player: 2v2 teams on, or off", start, toggle(start.teams)
    start = start_player_explorer(players=3)
    yield "start player: players slider", start, step(start.players, 3, 2)
    reroll = reroll_explorer()
    yield "reroll explorer: rerolls slider", reroll, step(reroll.rerolls, 1, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=9, help="runs of each action (the median is kept)")
    repeats = parser.parse_args().repeats
    print(f"CPU time per user action, kernel caches cleared before each; {repeats} runs each; goal <= {GOAL * 1000:.0f} ms, "
          "one recompute\n")
    met = total = 0
    for name, view, action in actions():
        calls = counted(view)
        times, counts = [], []
        for _ in range(repeats):
            kernel.clear_caches()
            calls[0] = 0
            start = time.process_time()
            action()
            times.append(time.process_time() - start)
            counts.append(calls[0])
        # an action made of two user actions (add, then remove) should cost two recomputes
        expected = 2 if "then" in name else 1
        median = statistics.median(times)
        ok = median <= GOAL * expected and set(counts) == {expected}
        met += ok
        total += 1
        recomputes = "/".join(str(c) for c in sorted(set(counts)))
        print(f"{name:64s} {median * 1000:7.2f} ms ({min(times) * 1000:.2f} to {max(times) * 1000:.2f})  "
              f"recomputes {recomputes} (want {expected})  {'target met' if ok else 'target NOT met'}")
    print(f"\n{met} of {total} actions meet the target (<= {GOAL * 1000:.0f} ms and one recompute per user action)")


if __name__ == "__main__":
    main()
