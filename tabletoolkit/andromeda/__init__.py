"""Andromeda's Edge (rulebook: shared rules 000, Chinese)."""

# The board, launches, raids, escalation, pirate placement
from . import escalation, launch, pirates  # noqa: E402,F401  (registers their phases)
from .board import Board, Pieces  # noqa: E402
from .escalation import escalate, escalation_options  # noqa: E402
from .launch import BaseAccess, legal_launches  # noqa: E402
from .pirates import PirateCard, placement_odds, raid, raid_options  # noqa: E402

# Exact battle odds, roll-offs and the battle procedure
from . import battle, odds  # noqa: E402,F401  (registers the battle and odds phases)
from .battle import BattleSetup, BattleState, DiplomacyPlay, load_battle_example  # noqa: E402
from .battle import Participant, energy_options  # noqa: E402
from .battle import Pirate as BattlePirate  # noqa: E402  (the battle's view of a pirate card)
from .odds import battle_odds, energy_table, start_player_odds, team_roll_off_odds  # noqa: E402

# Game state, set-up, the turn's other phases, developments, tracks, events, final scoring
from . import activate, develop, events, free_actions, modules, moons  # noqa: E402,F401  (registers their phases)
from . import optional, repair, return_turn, scoring, setup, ships, tracks  # noqa: E402,F401  (registers their phases)
from .catalog import Catalog, load_catalog  # noqa: E402
from .goods import Goods  # noqa: E402
from .state import Game, Player, Ship  # noqa: E402  (one Ship for the board, the battle and the game)

# The whole game on the contract: tt.new_game("andromeda", players=2..4, seed=..., teams=True for 2v2).
from ..engine.game import register_game  # noqa: E402
from . import whole_game  # noqa: E402,F401
from .scripted import steady_captain  # noqa: E402
from .whole_game import AndromedaGame  # noqa: E402,F401

register_game("andromeda", title="Andromeda's Edge", make=whole_game.make, scripted=lambda: steady_captain,
              settings={"players": (2, 3, 4), "teams": (False, True)})
