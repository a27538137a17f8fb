"""The event track (事件轨道): resolving an event card, and the exact odds of what a nebula peek tells you
about the next event (``odds.event_peek``). The marker's advance and the planet reveal are effects
(``effects.advance_event``): tracks, tactics cards and alliance bases move it.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Callable, Mapping, Sequence

from ..engine import IllegalAction, InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from ..engine.numbers import probability_text
from ..engine.frozen import replace
from ..prob import Distribution, draw
from .effects import draw_tactics, gain, gain_vp, track_vp
from .catalog import Catalog, load_catalog
from .goods import Goods
from .placing import place_pirate_in_game
from .state import Game
from .variant import RULEBOOK, AndromedaVariant

RESOLVE = "事件轨道 · 结算事件卡"
PEEK = "发射回合 · 步骤 2 激活地区 (激活星云)"

PiratePlacer = Callable[[Game, str, Rng], tuple[Game, str]]



@register_phase("andromeda.event", title="Resolve an event card", section=RESOLVE, notebook="andromeda_tracks_and_events.ipynb")
def resolve_event(game: Game, rng: Rng, *, catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK,
                  place_pirate: PiratePlacer | None = None, recruits: Mapping[str, str] | None = None) -> Procedure:
    """At the end of the turn of the player holding the event marker: flip the top event card, score its
    track for everyone (minus damaged modules, not below 0), place its pirate, resolve its special
    effect, reset the marker by player count. The pirate is placed by the pirate-placement rules
    (``table.place_pirate_in_game``: the named class, or S-class figures at that class's card region
    when it is already on the board; the card's start region; the fallback), their steps shown;
    ``place_pirate(game, pirate_class, rng) -> (game, text)`` replaces them (e.g. other pirate cards).
    ``recruits`` (colour -> region) are the choices a card allowing "recruit 1 of your leaders from any
    region" asks for (Call of the Obelisk); players not named recruit nobody."""
    catalog = catalog or load_catalog()
    if game.event_pending is None:
        raise IllegalAction("andromeda.event.not_pending", "no event marker is on a station: no event card resolves", RESOLVE)
    if not game.event_deck:
        if variant.empty_event_deck != "no_card":
            raise IllegalAction("andromeda.event.deck_empty", "the event deck is empty (under the variant's "
                                "empty_event_deck = 'reshuffle' its discard becomes a new deck first)", RESOLVE)
        start = catalog.event_track_start.get(len(game.players), 0)
        position = min(start + game.event_carried, catalog.event_track_length - 1)
        game = replace(game, event_pending=None, event_position=position, event_carried=0)
        yield Step("No event card left", f"The event deck is empty: no card resolves (variant empty_event_deck = "
                   f"'no_card'); the event marker returns to space {position}.", f"{RESOLVE} 4 重置事件轨道", game,
                   {"event position": position})
        return game
    card = catalog.event(game.event_deck[0])
    recruits = dict(recruits or {})
    if recruits and card.special != "each_draws_tactics_and_recruits":
        raise InvalidInput("recruits", recruits, f"{card.name} lets nobody recruit (A-F19: nothing is done during an event "
                           "unless the card says so)")
    for colour, where in recruits.items():
        if game.region(where).leaders[colour] < 1:
            raise IllegalAction("andromeda.event.no_leader", f"{where} holds no {colour} leader to recruit", f"{RESOLVE} 3 特殊效果")
    game = replace(game, event_deck=game.event_deck[1:])
    yield Step("Flip the event card", f"{card.name}: scores {card.scores}, brings the {card.pirate}-class pirate. "
               f"Special: {card.special_text or 'none'}", RESOLVE, game, {"card": card.name})
    scored = {}
    for colour in game.turn_order_from(game.event_pending or game.active):
        player = game.player(colour)
        base = track_vp(card.scores, player.track(card.scores), catalog, variant)
        penalty = variant.event_damaged_module_penalty * player.damaged_modules
        scored[colour] = max(0, base - penalty)
        game = gain_vp(game, colour, scored[colour])
    yield Step("1 VP scoring", "; ".join(
        f"{c}: {track_vp(card.scores, game.player(c).track(card.scores), catalog, variant)} for {card.scores} "
        f"− {variant.event_damaged_module_penalty}×{game.player(c).damaged_modules} damaged = {v}" for c, v in scored.items())
        + " (never below 0, A-R5).", f"{RESOLVE} 1 VP 计分", game, {"vp": scored})
    if place_pirate is None:
        yield Step("2 A new pirate", f"The card brings the {card.pirate}-class pirate: it is placed by the pirate-placement "
                   "rules (海盗 · 放置新海盗).", f"{RESOLVE} 2 放置新的海盗", game)
        game, where = yield from place_pirate_in_game(game, card.pirate, rng, catalog=catalog, variant=variant)
    else:
        game, where = place_pirate(game, card.pirate, rng)
        yield Step("2 A new pirate", f"The {card.pirate}-class pirate arrives: {where}.", f"{RESOLVE} 2 放置新的海盗", game)
    game, text = _special(game, card.special, rng, recruits)
    yield Step("3 Special effect", text, f"{RESOLVE} 3 特殊效果", game)
    start = catalog.event_track_start.get(len(game.players), 0)
    carried = game.event_carried
    position = min(start + carried, catalog.event_track_length - 1)
    game = replace(game, event_pending=None, event_position=position, event_carried=0,
                   event_discard=game.event_discard + (card.name,))
    kept = f", then {carried} kept advance(s) move it to space {position}" if carried else ""
    yield Step("4 Reset", f"The event marker returns to space {start} (its start for {len(game.players)} players){kept}; "
               f"{card.name} is discarded face up.", f"{RESOLVE} 4 重置事件轨道", game, {"event position": position})
    return game


def _special(game: Game, special: str, rng: Rng, recruits: Mapping[str, str]) -> tuple[Game, str]:
    if special in ("each_draws_tactics", "each_draws_tactics_and_recruits"):
        for colour in game.turn_order_from(game.event_pending or game.active):
            game, _ = draw_tactics(game, colour, 1, rng)
        text = "Each player draws 1 tactics card."
        if special == "each_draws_tactics_and_recruits":
            for colour, where in recruits.items():
                region = game.region(where)
                game = game.with_region(replace(region, leaders=region.leaders.minus(Goods.of({colour: 1}))))
                game = game.with_player(replace(game.player(colour), leaders=game.player(colour).leaders + 1))
            text += (" Each may also recruit 1 of their leaders from any region: "
                     + (", ".join(f"{c} from {w}" for c, w in recruits.items()) if recruits else "nobody does") + ".")
        return game, text
    if special == "each_gains_credit":
        for player in game.players:
            game = gain(game, player.colour, Goods.of(credit=1))
        return game, "Each player gains 1 credit."
    return game, "No special effect."


# ------------------------------------------------------------------------------------------------
# odds.event_peek


def unseen_event_cards(game: Game, known: Sequence[str] = (), catalog: Catalog | None = None) -> tuple[str, ...]:
    """The event cards a player cannot rule out as the next one: the deck's cards (the discarded ones are
    face up) minus those the player knows are elsewhere (``known``: e.g. a card they put at the bottom)."""
    catalog = catalog or load_catalog()
    unknown = set(known) - set(game.event_deck)
    if unknown:
        raise InvalidInput("known", sorted(unknown), "cards known to be in the deck but not the top card")
    return tuple(name for name in sorted(game.event_deck) if name not in set(known))


@register_phase("odds.event_peek", title="What a nebula peek tells you about the next event", section=PEEK,
                notebook="andromeda_tracks_and_events.ipynb")
def event_peek(unseen: Sequence[str], preference: Sequence[str], *, attribute: str = "scores",
               catalog: Catalog | None = None) -> Procedure:
    """Exact odds for a nebula peek: two cards are looked at from the ``unseen`` event cards (each pair
    equally likely); the peeker puts the one they prefer on top, so it is the next event.

    ``attribute`` is what matters about a card: ``"scores"`` (the track it scores) or ``"pirate"`` (the
    class it brings); ``preference`` lists that attribute's values, most wanted first. Returns the
    distribution of the next event's attribute after the peek, next to the same without a peek.
    """
    catalog = catalog or load_catalog()
    if attribute not in ("scores", "pirate"):
        raise InvalidInput("attribute", attribute, "'scores' (the track a card scores) or 'pirate' (the class it brings)")
    if isinstance(unseen, str) or not isinstance(unseen, (list, tuple)):
        raise InvalidInput("unseen", unseen, "a list of event card names")
    cards = [catalog.event(name) for name in unseen]
    if len(cards) < 2:
        raise InvalidInput("unseen", tuple(unseen), "a peek looks at two cards: at least 2 unseen event cards")
    values = [getattr(card, attribute) for card in cards]
    missing = sorted(set(values) - set(preference))
    if missing or len(set(preference)) != len(preference):
        raise InvalidInput("preference", tuple(preference), f"rank every value once; missing: {missing}")
    bag = {value: values.count(value) for value in preference if value in values}
    n = len(cards)
    yield Step("The unseen event cards", f"{n} cards could be on top: " + ", ".join(f"{k}×{v}" for k, v in bag.items())
               + ". The peek shows the top two; every pair of them is equally likely, C(n, 2) = "
               f"{comb(n, 2)} pairs.", PEEK, None, {"cards": n, "by " + attribute: bag})
    at_least = {value: Fraction(comb(n, 2) - comb(n - k, 2), comb(n, 2)) for value, k in bag.items()}
    yield Step("What the two cards show", "; ".join(
        f"P(at least one {v}) = 1 − C({n - bag[v]}, 2)/C({n}, 2) = {probability_text(p)}" for v, p in at_least.items()), PEEK, None,
        {"at least one": {v: str(p) for v, p in at_least.items()}})
    rank = {value: i for i, value in enumerate(preference)}
    pairs = draw(bag, 2)
    after = pairs.map(lambda pair: min((value for value, _ in pair), key=rank.__getitem__))
    before = Distribution(bag)
    yield Step("The next event after the peek", "The better of the two goes on top: " + ", ".join(
        f"P({v}) = {probability_text(after[v])} (without a peek {probability_text(before[v])})" for v in preference if v in bag), PEEK, None,
        {"after peek": {v: str(p) for v, p in after.items()}, "without peek": {v: str(p) for v, p in before.items()}})
    return {"after": after, "before": before, "at_least_one": at_least}
