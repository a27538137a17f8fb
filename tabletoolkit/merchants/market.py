"""The Market (マーケット): replace cards on arrival, buy a market card or a refinery, claim a mine token.

Pilots (delivery bonus) and gear (ship bonus) go on one ship: one pilot and six gear at most. Refinery
cards open once some player has left the Dock, are unlimited per player and count for every ship.
Paying 6 credits to flip and claim a token in your local space is a bonus to a purchase (M-F1).
"""

from __future__ import annotations


from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.rng import Rng
from ..engine.steps import Procedure, Step
from ..engine.frozen import replace
from .actions import MarketVisit
from .state import GameState, counted, holds, pile, without
from .variant import MARKET

NOTEBOOK = "merchants_loop_shipyard.ipynb"


def _draw_cards(state: GameState, count: int, rng: Rng) -> tuple[GameState, tuple[str, ...]]:
    """Draw from the market deck, reshuffling the discards into a new deck when it runs out."""
    deck, discard, drawn = list(state.market_deck), list(state.market_discard), []
    for _ in range(count):
        if not deck and discard:
            deck, discard = list(rng.shuffled(sorted(discard))), []
        if deck:
            drawn.append(deck.pop(0))
    return replace(state, market_deck=tuple(deck), market_discard=tuple(discard)), tuple(drawn)


def _row_after_replacing(state: GameState, replaced: tuple[str, ...]) -> tuple[str, ...]:
    """The row once ``replaced`` cards are discarded and refilled from the top of the deck (no reshuffle needed)."""
    row = list(state.market_row)
    for card in replaced:
        row.remove(card)
    return tuple(row) + state.market_deck[: len(replaced)]


def check_market(state: GameState, action: MarketVisit, arrived: bool) -> None:
    """Refuse (``IllegalAction``) a Market action the rules forbid; nothing changes."""
    player = state.active
    variant = state.variant
    if player.location != "Market":
        raise IllegalAction("merchants.market.not_here",
                            f"{player.name} is at the {player.location}, not the Market.", MARKET)
    if action.replace:
        if not arrived:
            raise IllegalAction("merchants.market.replace_on_arrival",
                                "Market cards may be replaced only on arriving at the Market, before buying (M-F2).", MARKET)
        if len(action.replace) > variant.market_replace:
            raise IllegalAction("merchants.market.replace_limit",
                                f"At most {variant.market_replace} market cards may be replaced.", MARKET)
        if not (action.replace[0] in state.market_row if len(action.replace) == 1 else holds(state.market_row, action.replace)):
            raise IllegalAction("merchants.market.not_in_row",
                                f"The row holds {state.card_names(state.market_row)}; it has no {state.card_names(action.replace)} to replace.", MARKET)
    if action.buy is None and action.claim:
        raise IllegalAction("merchants.market.claim_needs_purchase",
                            "Claiming a mine token is a bonus that comes only with buying a market or refinery card (M-F1).", MARKET)
    if action.buy is None and not action.replace:
        raise IllegalAction("merchants.market.no_action",
                            "The Market action buys a market or refinery card; to do nothing, move without acting.", MARKET)
    cost = 0
    if action.buy is not None:
        card = state.data.card(action.buy)
        cost = card.cost
        if card.type == "refinery":
            if not state.refineries_open:
                raise IllegalAction("merchants.market.refineries_closed",
                                    "Refinery cards are not available until a player has left the Dock.", MARKET)
            if dict(state.refinery_supply).get(card.id, 0) <= 0:
                raise IllegalAction("merchants.market.refinery_sold_out", f"No {card.name} card is left.", MARKET)
            if action.ship is not None:
                raise IllegalAction("merchants.market.refinery_fleet_wide",
                                    "A refinery card applies to all of a player's ships; it goes on no single ship.", MARKET)
        else:
            row = _row_after_replacing(state, action.replace) if action.replace else state.market_row
            if card.id not in row:
                raise IllegalAction("merchants.market.not_in_row",
                                    f"{card.name} is not in the market row ({state.card_names(row, 'empty')}).", MARKET)
            if action.ship is None:
                raise IllegalAction("merchants.market.needs_ship",
                                    f"A {card.type} card goes on one of your ships: name it.", MARKET)
            ship = player.ship(action.ship)
            if card.type == "pilot":
                if len(ship.pilots) >= variant.pilots_per_ship:
                    raise IllegalAction("merchants.market.pilot_limit",
                                        f"Each ship carries at most {counted(variant.pilots_per_ship, 'pilot')}; {ship.label()} has {len(ship.pilots)}.", MARKET)
            else:
                if len(ship.gear) >= variant.gear_per_ship:
                    raise IllegalAction("merchants.market.gear_limit",
                                        f"Each ship carries at most {variant.gear_per_ship} gear; {ship.label()} has {len(ship.gear)}.", MARKET)
    if action.claim:
        if action.claim not in player.local:
            raise IllegalAction("merchants.market.no_token_to_claim",
                                f"{player.name}'s local space has no unclaimed {action.claim} token.", MARKET)
        cost += variant.mine_claim_price
    if player.credits < cost:
        raise IllegalAction("merchants.market.cannot_afford",
                            f"This costs {counted(cost, 'credit')}; {player.name} has {player.credits}.", MARKET)


@register_phase("merchants.market", title="Replace, buy a card, claim a mine token", section=MARKET, notebook=NOTEBOOK)
def market(state: GameState, action: MarketVisit, rng: Rng, arrived: bool = False) -> Procedure:
    """The active player's Market action (``arrived``: they moved here this turn, so may replace)."""
    check_market(state, action, arrived)
    name = state.active.name
    if action.replace:
        row = list(state.market_row)
        for card in action.replace:
            row.remove(card)
        state = replace(state, market_row=tuple(row), market_discard=state.market_discard + action.replace)
        state, drawn = _draw_cards(state, len(action.replace), rng)
        state = replace(state, market_row=state.market_row + drawn)
        yield Step("Replace market cards",
                   f"On arriving, {name} discards {state.card_names(action.replace)} and draws {state.card_names(drawn, 'nothing')}. "
                   f"The row is now {state.card_names(state.market_row, 'empty')}.",
                   MARKET, state, {"discarded": action.replace, "drawn": drawn})
    if action.buy is None:
        return state
    bought = state.data.card(action.buy)
    state = take_card(state, bought.id, action.ship)
    if bought.type == "refinery":
        where = "It counts for every ship of the fleet."
    else:
        state, drawn = _draw_cards(state, 1, rng)
        state = replace(state, market_row=state.market_row + drawn)
        assert action.ship is not None  # check_market refuses a pilot or gear card with no ship named
        where = (f"It goes on {state.active.ship(action.ship).label()}; the row refills with "
                 f"{state.card_names(drawn, 'nothing (the deck is empty)')}.")
    yield Step(f"Buy a {bought.type} card", f"{name} buys {bought.describe()}. {where} {name} has {counted(state.active.credits, 'credit')}.",
               MARKET, state, {"card": bought.id, "paid": bought.cost})
    if action.claim:
        state = yield from claim_token(state, action.claim)
    return state


def take_card(state: GameState, card_id: str, ship_id: str | None) -> GameState:
    """Pay for a card and put it where it goes: a refinery for the whole fleet (one fewer in supply), a pilot or
    gear on the named ship (its place in the row left empty)."""
    card = state.data.card(card_id)
    player = replace(state.active, credits=state.active.credits - card.cost)
    if card.type == "refinery":
        player = replace(player, refineries=player.refineries + (card.id,))
        supply = tuple((c, n - 1 if c == card.id else n) for c, n in state.refinery_supply)
        return replace(state.with_player(player), refinery_supply=supply)
    if ship_id is None:
        raise InvalidInput("ship", ship_id, f"a {card.type} card goes on one of the player's ships: name it")
    ship = player.ship(ship_id)
    ship = replace(ship, pilots=ship.pilots + (card.id,)) if card.type == "pilot" else replace(ship, gear=ship.gear + (card.id,))
    row = list(state.market_row)
    row.remove(card.id)
    return replace(state.with_player(player.with_ship(ship)), market_row=tuple(row))


def claim_token(state: GameState, kind: str) -> Procedure:
    """The purchase's bonus (M-F1): pay the claim price to flip a ``kind`` token in your local space."""
    player = state.active
    price = state.variant.mine_claim_price
    player = replace(player, credits=player.credits - price, local=without(player.local, (kind,)),
                     claimed=pile(player.claimed + (kind,)))
    state = state.with_player(player)
    yield Step("Claim a mine token",
               f"As a bonus to the purchase, {player.name} pays {counted(price, 'credit')} to flip a {kind} token in their local "
               f"space: claimed, opponents cannot take it. {player.name} has {counted(player.credits, 'credit')}.",
               MARKET, state, {"claimed": kind, "paid": price})
    return state
