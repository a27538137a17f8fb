"""SETI solo: try your own way of playing against the rival and compare it with the scripted player.

A player is a function from the game to the name of one of your legal actions (``your_options`` for
main actions, ``end`` and the choices a reward leaves you, ``free_options`` for free actions). Here "the
scanner" scans whenever it can, ends its turn after its main action, otherwise passes, and takes the
first option of any choice it is left. Each game reports its progress round by round as it plays.

    .venv/bin/python examples/seti_solo_policy.py
"""

import time

from tabletoolkit.engine import Run
from tabletoolkit.seti.solo import free_options, scripted_player, solo_game, your_options

def scanner(game):
    legal = [o.action for o in your_options(game) + free_options(game) if o.legal]
    if "end" in legal:
        return "end"
    scans = [action for action in legal if action.startswith("scan:")]
    return scans[0] if scans else next((action for action in legal if action.startswith("pass")), legal[0])


GAMES = [(name, player, seed) for name, player in (("the scanner", scanner), ("the scripted player", scripted_player))
         for seed in (0, 1)]


def play_with_progress(label: str, procedure) -> Run:
    """Carry the game out step by step, printing each new round as it begins."""
    steps, shown_round, started = [], None, time.perf_counter()
    while True:
        try:
            step = next(procedure)
        except StopIteration as finished:
            print(f" done: {len(steps)} steps in {time.perf_counter() - started:.1f} s", flush=True)
            return Run(tuple(steps), finished.value)
        steps.append(step)
        current = getattr(step.state, "round", None)
        if current != shown_round:
            shown_round = current
            print(f"{label}: round {current}…" if len(steps) == 1 else f" {current}…", end="", flush=True)


for number, (name, player, seed) in enumerate(GAMES, 1):
    label = f"game {number} of {len(GAMES)} (1★, seed {seed}, {name})"
    final = play_with_progress(label, solo_game(stars=1, seed=seed, player=player)).final_state
    verdict = "wins" if final.you.score > final.rival.score else "loses"
    print(f"  1★, seed {seed}: {name} {verdict}, {final.you.score} VP against the rival's {final.rival.score}")
