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
- ``vortex_rewards``: a Vortex pays at the start of each of your turns while you have a ship there (A-F21);
- ``advance_event`` (with ``reveal_planet``): the event marker moves (a track's event space, an event tactics card,
  an alliance base); at the track's end a planet is revealed and an event is pending (事件轨道 · 触发事件).
"""

from __future__ import annotations

from ..engine import IllegalAction, InvalidInput, Rng, Step
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .board import Tile
from .catalog import Catalog, load_catalog
from .goods import Goods
from .state import Game, Region, hand_limit
from .variant import RULEBOOK, AndromedaVariant

RESOURCES = "玩家设置 · 资源"
LIMIT = "自由行动 · 战术卡上限"
CAPS = "发射回合 · 进行你的回合"
VORTEX = "可选规则 · 特殊地区 · Vortex 漩涡"
TRIGGER = "事件轨道 · 触发事件"


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


def advance_event(game: Game, spaces: int = 1, *, catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK,
                  reason: str = "") -> Procedure:
    """Move the event marker; at the end of the track a planet is revealed and the marker goes onto the
    active player's station (an event card resolves at the end of the turn). While an event is pending,
    further advances are ignored (A-R8); after the game end the marker is gone."""
    catalog = catalog or load_catalog()
    why = f" ({reason})" if reason else ""
    if game.ended_by is not None:
        yield Step("No event marker", f"The game end removed the event marker{why}: nothing moves.", "游戏结束 · 游戏结束", game)
        return game
    if game.event_pending is not None:
        if variant.event_advance_while_pending == "ignored":
            yield Step("Event already pending", f"An event is pending on {game.event_pending}'s station; this advance{why} "
                       "is ignored until the reset (A-R8).", TRIGGER, game)
            return game
        game = replace(game, event_carried=game.event_carried + spaces)
        yield Step("Event already pending", f"An event is pending; this advance{why} is kept and moves the marker on from "
                   f"its reset space ({game.event_carried} kept so far; variant 'carried').", TRIGGER, game)
        return game
    length = catalog.event_track_length
    position = min(length, game.event_position + spaces)
    game = replace(game, event_position=position)
    if position < length:
        yield Step("Event marker advances", f"The event marker moves to space {position} of {length}{why}.", TRIGGER, game,
                   {"event position": position})
        return game
    game = yield from reveal_planet(game, catalog)
    game = replace(game, event_pending=game.active)
    yield Step("Event pending", f"The marker reached the end of the event track{why}: it goes onto {game.active}'s station; "
               "an event card resolves at the end of this turn.", TRIGGER, game, {"event pending": game.active})
    return game


def reveal_planet(game: Game, catalog: Catalog | None = None) -> Procedure:
    """Steps 1–2 of 触发事件: the top planet tile goes into the next empty slot with 3 moons of its colour."""
    catalog = catalog or load_catalog()
    slot = next((r for r in game.regions if r.kind == "slot"), None)
    if not game.planet_stack or slot is None:
        yield Step("No planet to reveal", "The planet stack or the empty board slots have run out.", TRIGGER, game)
        return game
    tile = catalog.planet(game.planet_stack[0])
    supply = dict(game.moon_supply)
    moons, rest = supply.get(tile.type, ())[:3], supply.get(tile.type, ())[3:]
    supply[tile.type] = rest
    region = Region(slot.name, "planet", planet=tile.name, die=slot.die, moons=moons, printed=tile.resources)
    game = replace(game.with_region(region), planet_stack=game.planet_stack[1:], moon_supply=tuple(supply.items()))
    if game.board is not None:
        board, _ = game.board.place_next(Tile(tile.name, "planet", tile.name, tile.type))
        game = replace(game, board=board)
    yield Step("A new planet", f"{tile.name} ({tile.type}) is revealed into {slot.name}, the next empty space left to right, "
               f"top to bottom, with {len(moons)} {tile.type} moon(s) stacked on it.", TRIGGER, game, {"planet": tile.name})
    return game
