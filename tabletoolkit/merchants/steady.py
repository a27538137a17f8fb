"""The steady merchant: a plain deterministic player for demonstration games and golden playthroughs.

It buys the best ship it can afford while keeping a reserve of credits (buying before leasing; anything
it can get when it has no usable ship left), repays loans when it can, fits the cheapest card on its best
ship, runs that ship (loading the most valuable tokens, exploring while the
hold has room, ending at the destination when it can), and triggers the end as soon as it may. It
answers every decision of the game contract and, whatever it prefers, only ever picks a legal option
(the first legal one when none of its preferences is).
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import InvalidInput
from ..engine.game import Game
from ..engine.play import Playthrough, play
from .actions import (BuyCard, BuyShip, ClaimToken, DockVisit, EndRun, Explore, Finish, Load, MarketVisit, PayLoans, Pickup,
                      Place, RepayLoan, RunShip, TurnChoice)
from .state import Ship
from .whole_game import AtMarket, Loading, MerchantsGame, Placing, Repaying, Running, start


def steady_merchant(game: Game) -> Any:
    """The steady merchant's choice in ``game`` (always one of its legal options)."""
    if not isinstance(game, MerchantsGame):
        raise InvalidInput("game", game, "the steady merchant plays Starship Merchants (tt.new_game('merchants'))")
    legal = game.legal()
    for choice in _preferences(game):
        if choice in legal:
            return choice
    return legal[0]


def _best_ship(game: MerchantsGame, ships: tuple[Ship, ...]) -> Ship | None:
    board = game.board
    usable = [s for s in ships if not board.obsolete(s)]
    return max(usable, key=lambda s: (board.energy_of(s) + board.capacity_of(s), s.mark, s.id), default=None)


def _preferences(game: MerchantsGame) -> list[Any]:
    board = game.board
    player = board.active
    frame = game.pending[-1] if game.pending else None
    if isinstance(frame, Repaying):
        return [RepayLoan(s.id) for s in player.ships] + [Finish("stop repaying")]
    if isinstance(frame, AtMarket):
        if frame.bought:
            claims = [ClaimToken(k) for k in player.local] if player.credits >= 40 else []
            return claims + [Finish("claim nothing")]
        best = _best_ship(game, player.ships)
        refineries = [BuyCard(c) for c, n in sorted(board.refinery_supply) if n] if player.credits >= 25 else []
        cards = sorted((c for c in dict.fromkeys(board.market_row) if player.credits - board.data.card(c).cost >= RESERVE),
                       key=lambda c: (board.data.card(c).cost, c))
        return refineries + ([BuyCard(c, best.id) for c in cards] if best else []) + [Finish("leave the Market")]
    if isinstance(frame, Loading):
        value = lambda kind: board.dock_value(player, kind)  # noqa: E731
        kinds = {c.kind for c in game.legal() if isinstance(c, Load)}
        return [Load(k) for k in sorted(kinds, key=lambda k: (-value(k), k))] + [Finish("stop loading")]
    if isinstance(frame, Placing):
        return [Place("ship"), Place("local")]
    if isinstance(frame, Running):
        ship = player.ship(frame.ship)
        room = board.capacity_of(ship) - len(ship.hold)
        prefs: list[Any] = []
        if ship.destination and frame.energy >= board.data.destination(ship.destination).cost and \
                frame.energy - board.variant.explore_cost < board.data.destination(ship.destination).cost:
            prefs.append(EndRun())
        if room:
            prefs += [Pickup("known"), Pickup("local"), Explore()]
        return prefs + [EndRun(), Finish("end the run here")]
    if frame is not None:
        return [Finish("transfer nothing more")]
    return _turn_preferences(game)


RESERVE = 10  # credits the steady merchant keeps in hand when it buys a ship or a card


def _turn_preferences(game: MerchantsGame) -> list[Any]:
    board = game.board
    player = board.active
    location = player.location
    usable = _best_ship(game, player.ships)
    prefs: list[Any] = [TurnChoice("stay")]
    designs = sorted((board.data.ship(d) for d, n in board.shipyard if n and board.data.ship(d).mark == board.era),
                     key=lambda d: (-(d.energy + d.cargo), d.id))

    def ships_to_get(option: str) -> list[TurnChoice]:
        """Buying before leasing, keeping the reserve — or anything at all when no usable ship is left."""
        found = []
        for design in designs:
            for lease in (False, True):
                cost = board.variant.half(design.price) if lease else design.price
                if usable is None or player.credits - cost >= RESERVE:
                    found.append(TurnChoice(option, BuyShip(design.id, lease)))
        return found

    if location == "Dock":
        prefs += [TurnChoice("move_act", PayLoans((s.id,))) for s in sorted(player.ships, key=lambda s: s.id) if s.loans]
        prefs += ships_to_get("move_act")
    elif location == "Shipyard":
        if usable is None:
            prefs += ships_to_get("act")
        if player.credits >= 2 * RESERVE:
            prefs.append(TurnChoice("move_act", MarketVisit()))
    elif location == "Market":
        if usable is not None:
            prefs.append(TurnChoice("move_act", RunShip(usable.id)))
    else:
        prefs += [TurnChoice("move_act", DockVisit(trigger_end=True)), TurnChoice("move_act", DockVisit())]
    return prefs + [TurnChoice("move")]


def demo_game(players: int | tuple[str, ...] = 3, seed: int = 7) -> Playthrough:
    """A seeded game of steady merchants, played to the end through the game contract."""
    game = start(players, seed)
    return play(game, {seat: steady_merchant for seat in game.seats})
