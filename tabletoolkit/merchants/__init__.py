"""Starship Merchants (rules summary: shared rules 004, Japanese).

The whole game on the game contract is ``MerchantsGame`` (``tt.new_game("merchants", players=3, seed=7)``,
or ``start``), every decision offered when the rules give it; ``steady_merchant`` is its scripted
player. Beneath it, the board state (``new_game``) and the phase procedures: a turn whose choices are
given up front (``turn``) through the four locations — ``shipyard``, ``market``, ``belt``, ``dock`` —
to the ``end_game``; exact belt-run odds in ``odds``. Prices, cards, destinations and the bag are labelled sample data (``load_data``, M-F7).
"""

from ..engine.game import register_game
from .actions import (BeltAction, BuyCard, BuyShip, ClaimToken, DockVisit, EndRun, Explore, Finish, Load, MarketVisit,
                      PayLoans, Pickup, Place, RepayLoan, ReplaceCard, RunShip, Swap, Transfer, TurnChoice, act, end_run,
                      explore, move, move_and_act, pickup, stay, swap, take)
from .belt import belt, legal_belt_actions
from .data import GameData, load_data
from .dock import dock, payout
from .end import final_scoring, standings
from .game import end_game, play, play_game, scripted
from .steady import demo_game, steady_merchant
from .market import market
from .odds import BeltSituation, bag_odds, best_plan, explore_odds, make_situation, plan_odds, situation
from .shipyard import lease_cost, lease_formula, lease_ratio, lease_ratio_text, shipyard
from .state import GameState, Player, Ship, new_game
from .turn import legal_choices, play_turn, turn
from .variant import RULEBOOK, MerchantsVariant
from .whole_game import MerchantsGame, make, start

register_game("merchants", title="Starship Merchants", make=make, scripted=lambda: steady_merchant,
              settings={"players": (2, 3, 4)})

__all__ = [
    "BeltAction", "BeltSituation", "BuyCard", "BuyShip", "ClaimToken", "EndRun", "Explore", "Finish", "Load",
    "MerchantsGame", "Pickup", "Place", "RepayLoan", "ReplaceCard", "Swap", "start", "DockVisit", "GameData", "GameState", "MarketVisit", "MerchantsVariant",
    "PayLoans", "Player", "RULEBOOK", "RunShip", "Ship", "Transfer", "TurnChoice", "act", "bag_odds", "belt",
    "best_plan", "demo_game", "dock", "end_game", "end_run", "explore", "explore_odds", "final_scoring",
    "lease_cost", "lease_formula", "lease_ratio", "lease_ratio_text", "legal_belt_actions", "legal_choices", "load_data", "make_situation", "market", "move",
    "move_and_act",
    "new_game", "payout", "pickup", "plan_odds", "play", "play_game", "play_turn", "scripted", "shipyard",
    "situation", "standings", "stay", "steady_merchant", "swap", "take", "turn",
]
