"""The decks of a whole game, shuffled as they are drawn: every next card is a chance event with exact odds.

A deck on the table reads, top first: the cards already drawn by chance (what the phases may take or look
at), then the cards not shuffled yet (kept in a fixed sorted order, never read by a phase), then the cards
put at its bottom (a peeked event card, a module discarded at Maximus or Odessa Field). The whole game keeps
enough cards drawn on top of each deck (``LOOKAHEAD``) for anything one decision can take, and draws the next
one as a chance event — uniform over the cards not shuffled yet — whenever fewer are left. Drawing a card of
a shuffled deck when it is needed and shuffling the whole deck first give every order the same chance, so
this is the rule's shuffle, seen one card at a time.

When the tactics deck runs low and nothing of it is left to shuffle, its discard pile becomes the part not
shuffled yet (自由行动 · 打出战术卡: the discard is shuffled into a new deck); the cards left on top are
drawn first. The event deck does the same when the variant's ``empty_event_deck`` is ``"reshuffle"`` (the
rulebook is silent on an event deck running out).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from ..engine.frozen import replace
from .state import Game as Table

#: A deck: ("events",), ("planets",), ("tactics",), ("modules", row) or ("moons", planet type).
Deck = tuple[str, ...]

#: Cards kept drawn on top of each deck: more than one decision ever takes at once (two event cards peeked
#: at a nebula; a planet per event; 2 modules of a row bought at a field; 3 moons per revealed planet; a
#: hand drawn up to a raised hand limit).
LOOKAHEAD = {"events": 2, "planets": 1, "modules": 2, "moons": 3, "tactics": 9}

NAMES = {"events": "event card", "planets": "planet tile", "modules": "module", "moons": "moon", "tactics": "tactics card"}
SECTIONS = {"events": "游戏设置 · 事件卡", "planets": "游戏设置 · 星球板块", "modules": "游戏设置 · 模块",
            "moons": "游戏设置 · 卫星", "tactics": "自由行动 · 打出战术卡"}


def decks(table: Table) -> tuple[Deck, ...]:
    return (("events",), ("planets",)) + tuple(("modules", row) for row, _ in table.module_decks) \
        + tuple(("moons", kind) for kind, _ in table.moon_supply) + (("tactics",),)


def cards_of(table: Table, deck: Deck) -> tuple[Any, ...]:
    if deck[0] == "events":
        return table.event_deck
    if deck[0] == "planets":
        return table.planet_stack
    if deck[0] == "tactics":
        return table.tactics_deck
    if deck[0] == "modules":
        return dict(table.module_decks).get(deck[1], ())
    return dict(table.moon_supply).get(deck[1], ())


def with_cards(table: Table, deck: Deck, cards: tuple[Any, ...]) -> Table:
    if deck[0] == "events":
        return replace(table, event_deck=cards)
    if deck[0] == "planets":
        return replace(table, planet_stack=cards)
    if deck[0] == "tactics":
        return replace(table, tactics_deck=cards)
    if deck[0] == "modules":
        return replace(table, module_decks=tuple((row, cards if row == deck[1] else held) for row, held in table.module_decks))
    return replace(table, moon_supply=tuple((kind, cards if kind == deck[1] else held) for kind, held in table.moon_supply))


def _order(cards) -> tuple[Any, ...]:
    return tuple(sorted(cards, key=repr))


Unshuffled = tuple[tuple[Deck, tuple[Any, ...]], ...]


def unshuffle(table: Table) -> tuple[Table, Unshuffled]:
    """Every deck of a set-up table as not shuffled yet (the order the set-up dealt them in is forgotten)."""
    held = []
    for deck in decks(table):
        block = _order(cards_of(table, deck))
        table = with_cards(table, deck, block)
        held.append((deck, block))
    return table, tuple(held)


def locate(table: Table, deck: Deck, block: tuple[Any, ...]) -> int:
    """Where the part not shuffled yet starts in ``deck`` (the number of cards drawn on top of it)."""
    cards = cards_of(table, deck)
    if not block:
        return len(cards)
    size = len(block)
    first = block[0]
    for start in range(len(cards) - size + 1):
        if cards[start] == first and cards[start:start + size] == block:
            return start
    raise AssertionError(f"the unshuffled part of the {deck} deck is no longer in one piece: a phase reordered it")


#: Decks whose discard pile is shuffled into a new deck when they run low: its field, its words, the section.
DISCARDS = {"tactics": ("tactics_discard", "tactics", "自由行动 · 打出战术卡"),
            "events": ("event_discard", "event", "事件轨道 · 结算事件卡 (variant empty_event_deck)")}


def next_draw(table: Table, held: Unshuffled, reshuffled: tuple[str, ...] = ("tactics",)
              ) -> tuple[Table, Unshuffled, Deck | None, tuple[str, str, str] | None]:
    """The deck whose next card must be drawn now (or None), after the discard of a deck in ``reshuffled``
    made a new deck if needed; with what was said about that (a step's title, text and section)."""
    looked = (table.event_deck, table.planet_stack, table.tactics_deck, table.module_decks, table.moon_supply,
              table.tactics_discard, table.event_discard, held, reshuffled)
    if len(_SETTLED) == len(looked) and all(a is b for a, b in zip(looked, _SETTLED)):
        return table, held, None, None          # the same decks as at the last look, which needed nothing
    said = None
    found: Deck | None = None
    for index, (deck, block) in enumerate(held):
        field, name, section = DISCARDS.get(deck[0], ("", "", ""))
        discard = getattr(table, field) if deck[0] in reshuffled else ()
        cards = cards_of(table, deck)
        quiet = _QUIET.get(deck)
        if quiet is not None and quiet[0] is cards and quiet[1] is block and quiet[2] is discard:
            continue                            # this deck as it was when it last needed nothing
        if discard and not block and len(cards) < LOOKAHEAD[deck[0]]:
            block = _order(discard)
            said = (f"Shuffle the {name} discard",
                    f"The {name} deck is down to {len(cards_of(table, deck))} card(s): the {len(block)} discarded cards are "
                    "shuffled into a new deck under them (each next card drawn by chance).", section)
            table = replace(with_cards(table, deck, cards_of(table, deck) + block), **{field: ()})
            held = held[:index] + ((deck, block),) + held[index + 1:]
        if block and locate(table, deck, block) < LOOKAHEAD[deck[0]]:
            found = deck
            break
        if said is None:
            _QUIET[deck] = (cards, block, discard)
    if found is None and said is None:
        _SETTLED[:] = looked
    return table, held, found, said


#: The decks (the very tuples) of the last look that needed no draw: most decisions leave every deck as it was.
_SETTLED: list[Any] = []
#: Each deck's cards, part not shuffled yet and discard pile (the very tuples) when it last needed no draw nor
#: reshuffle: a decision that changes one deck leaves the others as they were.
_QUIET: dict[Deck, tuple[Any, Any, Any]] = {}


def draw_odds(held: Unshuffled, deck: Deck) -> dict[Any, Fraction]:
    block = dict(held)[deck]
    counts = Counter(block)
    one = Fraction(1, len(block))               # most cards are alone of their kind: their odds are one value
    return {("next", deck, card): one if n == 1 else Fraction(n, len(block))
            for card, n in sorted(counts.items(), key=lambda kv: repr(kv[0]))}


def draw(table: Table, held: Unshuffled, deck: Deck, card: Any) -> tuple[Table, Unshuffled]:
    """``card`` comes next in ``deck``: it leaves the part not shuffled yet for the top."""
    block = dict(held)[deck]
    start = locate(table, deck, block)
    rest = list(block)
    rest.remove(card)
    cards = cards_of(table, deck)
    table = with_cards(table, deck, cards[:start] + (card,) + tuple(rest) + cards[start + len(block):])
    return table, tuple((d, tuple(rest) if d == deck else b) for d, b in held)


def described(deck: Deck, card: Any) -> str:
    where = f" ({deck[1]})" if len(deck) > 1 else ""
    return f"{card} is the next {NAMES[deck[0]]}{where}"
