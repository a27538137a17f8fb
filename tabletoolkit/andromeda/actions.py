"""Small shared actions the phases are made of: drawing tactics cards, paying, gaining goods."""

from __future__ import annotations


from ..engine import IllegalAction, InvalidInput, Rng
from ..engine.frozen import replace
from .goods import Goods
from .state import Game

TACTICS = "自由行动 · 打出战术卡"
RESOURCES = "玩家设置 · 资源"


def draw_tactics(game: Game, colour: str, count: int, rng: Rng | None = None) -> tuple[Game, tuple[str, ...]]:
    """Draw ``count`` tactics cards; an empty deck is made from the shuffled discard pile (needs ``rng``)."""
    drawn: list[str] = []
    deck, discard = list(game.tactics_deck), list(game.tactics_discard)
    for _ in range(count):
        if not deck and discard:
            if rng is None:
                raise InvalidInput("rng", None, "the tactics deck is empty: shuffling the discard pile needs an Rng")
            deck, discard = list(rng.shuffled(discard)), []
        if not deck:
            break
        drawn.append(deck.pop(0))
    player = game.player(colour)
    game = replace(game, tactics_deck=tuple(deck), tactics_discard=tuple(discard))
    return game.with_player(replace(player, tactics=player.tactics + tuple(drawn))), tuple(drawn)


def pay(game: Game, colour: str, cost: Goods, payment: Goods | None, rule: str, section: str) -> Game:
    """Pay ``cost`` with ``payment`` (credit standing in for titanium, ice or nanocarbon). Without a
    payment, the cost is paid from the matching kinds, credit covering only what runs short. Refused
    when the payment does not match or is not owned."""
    if payment is None:
        payment = game.player(colour).resources.payment_for(cost) or cost.resources
    reason = payment.covers(cost)
    if reason:
        raise IllegalAction(rule + ".payment", reason, section)
    player = game.player(colour)
    if not player.resources.has(payment):
        raise IllegalAction(rule + ".cannot_afford", f"{colour} has {player.resources}, not the {payment} to pay", section)
    return game.with_player(replace(player, resources=player.resources.minus(payment)))


def pay_any(game: Game, colour: str, count: int, payment: Goods, tactics: tuple[str, ...], rule: str, section: str) -> Game:
    """Pay ``count`` resources of any kind: resource tokens plus tactics cards from hand."""
    player = game.player(colour)
    if payment.resources.total + len(tactics) != count or payment != payment.resources:
        raise IllegalAction(rule + ".payment", f"pay exactly {count} resources of any kind (given {payment} and {len(tactics)} tactics card(s))", section)
    if not player.resources.has(payment):
        raise IllegalAction(rule + ".cannot_afford", f"{colour} has {player.resources}, not {payment}", section)
    hand = list(player.tactics)
    for card in tactics:
        if card not in hand:
            raise IllegalAction(rule + ".no_card", f"{colour} holds no {card!r}", section)
        hand.remove(card)
    game = replace(game, tactics_discard=game.tactics_discard + tuple(tactics))
    return game.with_player(replace(player, resources=player.resources.minus(payment), tactics=tuple(hand)))


def gain(game: Game, colour: str, goods: Goods) -> Game:
    """Add resources to a player's station and VP to their marker (repairs are handled by the caller)."""
    from .scoring import gain_vp

    player = game.player(colour)
    game = game.with_player(replace(player, resources=player.resources + goods.resources))
    return gain_vp(game, colour, goods["vp"]) if goods["vp"] else game

