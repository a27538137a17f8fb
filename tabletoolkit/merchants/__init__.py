"""Starship Merchants (rules summary: shared rules 004, Japanese).

A game state for 2-4 merchants (``new_game``), advanced one turn at a time (``turn``) through the four
locations — ``shipyard``, ``market``, ``belt``, ``dock`` — to the ``end_game``; exact belt-run odds in
``odds``. Prices, cards, destinations and the bag are labelled sample data (``load_data``, M-F7).
"""

from .actions import (BeltAction, BuyShip, DockVisit, MarketVisit, PayLoans, RunShip, Transfer, TurnChoice, act,
                      end_run, explore, move, move_and_act, pickup, stay, swap, take)
from .belt import belt, legal_belt_actions
from .data import GameData, load_data
from .dock import dock, payout
from .end import final_scoring, standings
from .game import belt_plan, demo_game, end_game, play, play_game, scripted, steady_merchant
from .market import market
from .odds import BeltSituation, bag_odds, best_plan, explore_odds, make_situation, plan_odds, situation
from .shipyard import lease_cost, lease_formula, lease_ratio, shipyard
from .state import GameState, Player, Ship, new_game
from .turn import legal_choices, play_turn, turn
from .variant import RULEBOOK, MerchantsVariant

__all__ = [
    "BeltAction", "BeltSituation", "BuyShip", "DockVisit", "GameData", "GameState", "MarketVisit", "MerchantsVariant",
    "PayLoans", "Player", "RULEBOOK", "RunShip", "Ship", "Transfer", "TurnChoice", "act", "bag_odds", "belt",
    "belt_plan", "best_plan", "demo_game", "dock", "end_game", "end_run", "explore", "explore_odds", "final_scoring",
    "lease_cost", "lease_formula", "lease_ratio", "legal_belt_actions", "legal_choices", "load_data", "make_situation", "market", "move",
    "move_and_act",
    "new_game", "payout", "pickup", "plan_odds", "play", "play_game", "play_turn", "scripted", "shipyard",
    "situation", "standings", "stay", "steady_merchant", "swap", "take", "turn",
]
