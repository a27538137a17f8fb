"""The ground floor: typed errors, explained steps, seeded randomness, variants, the phase registry and the
game contract (options, whole games, the driver, policies and the whole-game tester).

No game knowledge lives here.
"""

from . import policies
from .errors import IllegalAction, InvalidInput, RulesError
from .game import CHANCE, Game, GameInfo, Outcome, game_info, games, new_game, register_game
from .options import Option, Options
from .play import Move, Playthrough, play, replay
from .registry import Phase, register_phase
from .rng import Rng
from .steps import Procedure, Run, Step, result_of, run
from .variants import ConstantInfo, Variant, constant

__all__ = [
    "CHANCE",
    "Game",
    "GameInfo",
    "Move",
    "Option",
    "Options",
    "Outcome",
    "Playthrough",
    "game_info",
    "games",
    "new_game",
    "play",
    "policies",
    "register_game",
    "replay",
    "ConstantInfo",
    "IllegalAction",
    "InvalidInput",
    "Phase",
    "Procedure",
    "Rng",
    "RulesError",
    "Run",
    "Step",
    "Variant",
    "constant",
    "register_phase",
    "result_of",
    "run",
]
