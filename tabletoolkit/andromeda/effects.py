"""The small state changes every phase is made of: gain, pay, VP, the tactics deck, the end-of-turn limits.

Each effect takes a ``Game`` and returns a new one (a refused payment raises ``IllegalAction`` and changes
nothing). The phases build on these and never on each other for them:

- ``gain`` (resources and VP), ``pay`` (a printed cost, credit standing in for titanium, ice or
  nanocarbon), ``pay_any`` (resources of any kind, tactics cards counting);
- ``gain_vp``: a VP marker moves; reaching **or** passing the end marker triggers the end (A-F22);
- ``draw_tactics``: cards from the tactics deck, the shuffled discard when it runs out;
- ``track_vp``: the VP beside a track space (board data, A-F9, or the text's value lists);
- the end-of-turn checks: the hand limit (``end_of_turn_hand``) and the resource caps
  (``over_caps``, ``end_of_turn_resources``);
- ``vortex_rewards``: a Vortex pays at the start of each of your turns while you have a ship there (A-F21).
"""

from __future__ import annotations

from ..engine import IllegalAction, InvalidInput, Rng
from ..engine.frozen import replace
from .catalog import Catalog, load_catalog
from .goods import Goods
from .state import Game, hand_limit
from .variant import RULEBOOK, AndromedaVariant

RESOURCES = "玩家设置 · 资源"
LIMIT = "自由行动 · 战术卡上限"
CAPS = "发射回合 · 进行你的回合"
VORTEX = "可选规则 · 特殊地区 · Vortex 漩涡"


def gain(game: Game, colour: str, goods: Goods) -> Game:
    """Add resources to a player's station and VP to their marker (a repair icon is the caller's: it is a choice)."""
    player = game.player(colour)
    game = game.with_player(replace(player, resources=player.resources + goods.resources))
    return gain_vp(game, colour, goods["vp"]) if goods["vp"] else game


def gain_vp(game: Game, colour: str, amount: int) -> Game:
    """Move ``colour``'s VP marker ``amount`` spaces. Reaching or passing the end marker (A-F22)
    triggers the end: the event marker leaves the event track (no event in the final round, A-R8) and
    every player, the trigger player included, gets one more turn after the current one."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise InvalidInput("amount", amount, "VP gained are a whole number, 0 or more")
    player = game.player(colour)
    game = game.with_player(replace(player, vp=player.vp + amount))
    if game.ended_by is None and player.vp + amount >= game.end_marker:
        order = game.turn_order_from(game.active or colour)
        game = replace(game, ended_by=colour, event_pending=None, final_turns=order[1:] + order[:1])
    return game


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


def track_vp(track: str, space: int, catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> int:
    """VP beside ``space`` of ``track``: board data (A-F9), or the text's value lists on the top spaces."""
    catalog = catalog or load_catalog()
    board = catalog.track(track)
    if isinstance(space, bool) or not isinstance(space, int) or not 0 <= space <= board.top:
        raise InvalidInput("space", space, f"a space of the {track} track, 0..{board.top}")
    if variant.track_vp == "board":
        return board.vp[space]
    listed = catalog.text_track_values[track]
    from_top = board.top - space
    return listed[from_top] if from_top < len(listed) else 0


def end_of_turn_hand(game: Game, colour: str, discards: tuple[str, ...] = (), catalog: Catalog | None = None,
                     variant: AndromedaVariant = RULEBOOK) -> Game:
    """At the end of your turn, discard down to your hand limit (the variant's, plus the civilization track):
    the ``discards`` must be exactly the excess, chosen from your hand."""
    catalog = catalog or load_catalog()
    player = game.player(colour)
    limit = hand_limit(player, variant, catalog)
    excess = max(0, len(player.tactics) - limit)
    if len(discards) != excess:
        raise IllegalAction("andromeda.free_actions.hand_limit", f"{colour} holds {len(player.tactics)} tactics cards with a "
                            f"limit of {limit}: discard exactly {excess}", LIMIT)
    hand = list(player.tactics)
    for card in discards:
        if card not in hand:
            raise IllegalAction("andromeda.free_actions.no_card", f"{colour} holds no {card!r}", LIMIT)
        hand.remove(card)
    return replace(game.with_player(replace(player, tactics=tuple(hand))), tactics_discard=game.tactics_discard + tuple(discards))


def over_caps(game: Game, colour: str, catalog: Catalog | None = None) -> Goods:
    """The resources ``colour`` holds above the station's caps (sample numbers, A-R13)."""
    catalog = catalog or load_catalog()
    caps = catalog.resource_caps
    return Goods.of({kind: count - caps[kind] for kind, count in game.player(colour).resources.resources if count > caps[kind]})


def end_of_turn_resources(game: Game, colour: str, catalog: Catalog | None = None) -> tuple[Game, Goods]:
    """At the end of your turn, discard the resources over the caps (发射回合 · 进行你的回合). The caps are per
    kind, so what goes is fixed: nothing to choose. Returns the game and the goods discarded."""
    excess = over_caps(game, colour, catalog)
    player = game.player(colour)
    return game.with_player(replace(player, resources=player.resources.minus(excess))), excess


def vortex_rewards(game: Game, colour: str) -> tuple[Game, tuple[str, ...]]:
    """Start of ``colour``'s turn: each Vortex holding at least one of their ships pays its reward once (A-F21)."""
    paid = []
    player = game.player(colour)
    for region in game.regions:
        if region.kind == "vortex" and any(s.where == f"region:{region.name}" for s in player.ships):
            game = gain(game, colour, region.reward)
            paid.append(region.name)
    return game, tuple(paid)
