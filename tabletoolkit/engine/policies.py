"""Policies: who answers a game's decisions. A policy is any callable ``game -> choice``.

``random(seed)`` picks uniformly among the legal options with its own seeded generator;
``first_legal`` takes the first legal option; ``scripted(game_id)`` is the game's own scripted
player; ``replaying(choices)`` plays given choices in order. A person's policy is the table widget.
"""

from __future__ import annotations

import random as _random
from collections.abc import Iterable
from typing import Any, Callable

from .errors import InvalidInput
from .game import Game, game_info

Policy = Callable[[Game], Any]


class RandomPolicy:
    """Uniform among the legal options, from its own seeded generator (reproducible for a seed)."""

    def __init__(self, seed: int = 0):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidInput("seed", seed, "a seed is a whole number")
        self.seed = seed
        self._random = _random.Random(seed)

    def __call__(self, game: Game) -> Any:
        if not isinstance(game, Game):
            raise InvalidInput("game", game, "a game made by tabletoolkit.new_game")
        legal = game.legal()
        count = len(legal)
        if not count:
            raise InvalidInput("game", game, "no legal option to choose from")
        # ``randrange(count)`` as ``random.Random`` draws it (bits of count's length until one is below count),
        # without its two calls and checks: the same seed picks the same options.
        getrandbits = self._random.getrandbits
        bits = count.bit_length()
        drawn = getrandbits(bits)
        while drawn >= count:
            drawn = getrandbits(bits)
        return legal[drawn]

    def __repr__(self) -> str:
        return f"random({self.seed})"


def random(seed: int = 0) -> RandomPolicy:
    """A policy choosing uniformly among the legal options, seeded."""
    return RandomPolicy(seed)


def first_legal(game: Game) -> Any:
    """The first legal option, as the rules list them."""
    if not isinstance(game, Game):
        raise InvalidInput("game", game, "a game made by tabletoolkit.new_game")
    legal = game.legal()
    if not legal:
        raise InvalidInput("game", game, "no legal option to choose from")
    return legal[0]


def scripted(game_id: str) -> Policy:
    """The game's own scripted player (``InvalidInput`` when the game has none)."""
    info = game_info(game_id)
    if info.scripted is None:
        raise InvalidInput("game", game_id, "this game has no scripted player; use policies.random or first_legal")
    return info.scripted()


def replaying(choices: Iterable[Any]) -> Policy:
    """A policy that plays the given choices in order (``InvalidInput`` when they run out)."""
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Iterable):
        raise InvalidInput("choices", choices, "a list of the choices to play")
    queue = list(choices)

    def policy(game: Game) -> Any:
        if not queue:
            raise InvalidInput("choices", len(queue), "the script ran out of choices before the game ended")
        return queue.pop(0)

    return policy


__all__ = ["Policy", "RandomPolicy", "first_legal", "random", "replaying", "scripted"]
