"""Turns chosen up front, as phase procedures: a loop of ``turn`` procedures driven by a turn policy, and the end game.

A turn policy is any function ``state -> TurnChoice``; ``scripted(choices)`` replays a list. These
procedures step through turns whose choices are known in advance (for teaching one turn or the end
game); the whole game, with every decision taken when the rules give it, is ``whole_game`` on the game
contract.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.rng import Rng
from ..engine.steps import Procedure, Run, run
from .actions import TurnChoice
from .state import GameState
from .turn import turn
from .variant import END

Policy = Callable[[GameState], TurnChoice]


def scripted(choices: Iterable[TurnChoice]) -> Policy:
    """A policy that plays the given choices in order (and says so when it runs out)."""
    queue = list(choices)

    def policy(state: GameState) -> TurnChoice:
        if not queue:
            raise InvalidInput("choices", state.turn, "the script ran out of choices before the game ended")
        return queue.pop(0)

    return policy


def play(state: GameState, policy: Policy, rng: Rng, max_turns: int = 400) -> Procedure:
    """Play turns chosen by ``policy`` until the game ends (or ``max_turns`` more turns, then stop)."""
    for _ in range(max_turns):
        if state.finished:
            return state
        state = yield from turn(state, policy(state), rng)
    return state


def play_game(state: GameState, policy: Policy, rng: Rng, max_turns: int = 400) -> Run:
    """Play a whole game and return every step (``transcript()`` gives the golden-file text)."""
    return run(play(state, policy, rng, max_turns))


@register_phase("merchants.end", title="The end game: trigger, last turns, winner", section=END, notebook="merchants_end.ipynb")
def end_game(state: GameState, policy: Policy, rng: Rng) -> Procedure:
    """From a triggered end (or a player about to trigger it at the Dock) to the winner, turn by turn."""
    if state.end_trigger is None:
        state = yield from turn(state, policy(state), rng)
        if state.end_trigger is None:
            raise IllegalAction("merchants.end.not_triggered", "That turn did not trigger the end.", END)
    return (yield from play(state, policy, rng))


__all__ = ["Policy", "end_game", "play", "play_game", "scripted"]
