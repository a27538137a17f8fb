"""SETI cards as data — one card model for every phase — the deck, the card row of three and the discard pile.

A ``Card`` carries everything the phases read: its sector colour (scanning, the card row's odds), its
price in credits and its effect (playing it), its mission or end-game scoring, its income resource
(tucking) and its corner free action (discarding it). The content is data: ``load_cards`` reads the
labelled sample deck ``data/sample_cards.toml`` (or any TOML text of the same shape), ``example_cards``
the five cards the rulebook prints (``data/example_cards.toml``), and ``game_cards`` both, as a game is
dealt. Further fields a designer adds go in a card's ``extra`` table (``Card.extra``). ``CardSupply`` is the deck, the row and
the discard pile: a card taken from the row is replaced at once, and an empty deck reshuffles the
discard pile (S-F14). Rulebook: 卡牌概述, 打出卡牌, 任务卡, 设置 · 4 卡牌行, 重新填满卡牌行.
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from ..engine.frozen import FrozenMap, replace
from typing import Annotated, Any, Callable, Mapping, Protocol

from ..engine import InvalidInput, Rng
from ..engine import svg
from ..engine.decode import Decoder, identifier, items, parse_text, whole
from .data_files import read_data
from .rewards import Reward

OVERVIEW = "卡牌概述"
REFILL = "重新填满卡牌行"
KINDS = ("action", "conditional", "triggered", "end-game")
INCOMES = ("credits", "energy", "cards")
#: The sector colours a card's top-right corner shows (扫描附近的恒星: the card matches the two sectors of it).
COLOURS = ("red", "yellow", "blue", "black")
#: The corner free actions (卡牌概述 · 自由行动): what discarding the card gives. "unknown" marks a corner the
#: rulebook's transcription does not make legible.
CORNERS = {"move": Reward(actions=("move",)), "publicity": Reward(publicity=1), "data": Reward(data=1),
           "unknown": Reward()}
MOST_COPIES = 10  # a stated limit on a card's copies in a set-up deck (the sample deck deals each 3 times)
MOST_CARDS = 500  # a stated limit on the entries of a card file (the printed game has a few hundred cards)


@dataclass(frozen=True)
class Condition:
    """A conditional mission's condition: the count ``measure`` (``measures.py``) reaches ``at_least``."""

    measure: str
    at_least: int
    text: str


@dataclass(frozen=True)
class Trigger:
    """One circle of a triggered mission: the event that covers it (``"visit:Venus"``) and its reward."""

    event: str
    reward: Reward


@dataclass(frozen=True)
class Scoring:
    """An end-game card's scoring: ``vp_each`` for each count of ``measure``."""

    measure: str
    vp_each: int
    text: str


@dataclass(frozen=True)
class Card:
    """One card. ``colour`` is its sector colour (top-right corner), ``price`` the credits paid when it is
    played as the main action, ``effect`` what playing it gives (actions inside it cost nothing extra),
    ``income`` the resource it gives when tucked, ``corner`` its free action when discarded, ``kind``
    action, conditional or triggered mission, or end-game card (with ``condition`` and
    ``mission_reward``, ``triggers`` or ``scoring``). ``copies`` is how many the set-up deck holds;
    ``sample`` marks invented cards, ``reading`` how an illegible icon is read; ``extra`` holds further
    data-file fields (a card's ``extra`` table), by name."""

    id: Annotated[str, identifier("card")]
    name: str
    colour: str
    price: int
    income: str
    corner: str
    kind: str = "action"
    effect: Reward = Reward()
    condition: Condition | None = None
    mission_reward: Reward = Reward()
    triggers: tuple[Trigger, ...] = ()
    scoring: Scoring | None = None
    text: str = ""
    section: str = OVERVIEW
    reading: str = ""
    sample: bool = False
    copies: Annotated[int, whole(1, MOST_COPIES)] = 1
    alien: bool = False
    undiscardable: bool = False
    extra: Mapping[str, Any] = FrozenMap()

    def __post_init__(self) -> None:
        for name in ("id", "name", "colour", "corner"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise InvalidInput(name, value, "a non-empty text")
        for name in ("price", "copies"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < (0 if name == "price" else 1):
                raise InvalidInput(name, value, "a price is a whole number of credits, 0 or more" if name == "price"
                                   else "a whole number of copies, 1 or more")
        if self.colour not in COLOURS + ("unknown",):
            raise InvalidInput("colour", self.colour, f"a sector colour, one of {COLOURS} (or 'unknown' for an illegible "
                               "corner: such a card matches no sector when scanned)")
        if self.income not in INCOMES + ("unknown",):
            raise InvalidInput("income", self.income, f"one of {INCOMES} (or 'unknown' for an illegible icon)")
        if self.corner not in CORNERS:
            raise InvalidInput("corner", self.corner, f"one of {tuple(CORNERS)}")
        if self.kind not in KINDS:
            raise InvalidInput("kind", self.kind, f"one of {KINDS}")
        needs = {"conditional": ("condition", self.condition), "triggered": ("triggers", self.triggers),
                 "end-game": ("scoring", self.scoring)}.get(self.kind)
        if needs and not needs[1]:
            raise InvalidInput(needs[0], needs[1], f"a {self.kind} card needs its {needs[0]}")

    @property
    def cost(self) -> Reward:
        """The price as a reward to pay (credits)."""
        return Reward(credits=self.price)

    @property
    def corner_reward(self) -> Reward:
        """What discarding the card for its corner gives."""
        return CORNERS[self.corner]

    @property
    def sector_colour(self) -> str:
        """The sector colour (another name for ``colour``)."""
        return self.colour

    def field(self, name: str, default: Any = None) -> Any:
        """A further data-file field kept in ``extra`` (``default`` when the card has none)."""
        return self.extra.get(name, default)

    def describe(self) -> list[str]:
        """The card's lines in plain words."""
        lines = [f"{self.colour} sector · {self.price} credits · {self.kind}" + (" · SAMPLE" if self.sample else ""),
                 f"effect: {self.effect.describe()}"]
        if self.condition:
            lines.append(f"mission: {self.condition.text} → {self.mission_reward.describe()}")
        lines += [f"circle: {t.event} → {t.reward.describe()}" for t in self.triggers]
        if self.scoring:
            lines.append(f"end of game: {self.scoring.text}")
        lines.append(f"corner: {self.corner} · income: {self.income}")
        return lines

    def _repr_html_(self) -> str:
        reading = f"<br><i>reading: {html.escape(self.reading)}</i>" if self.reading else ""
        return (
            f"<div class='tt-card tt-seti-card' style='display:inline-block;border:2px solid {_ink(self.colour)};"
            f"border-radius:8px;padding:4px 8px;margin:2px;width:150px'>"
            f"<b>{html.escape(self.name)}</b> <small>({html.escape(self.id)})</small><br>"
            f"<small>{'<br>'.join(html.escape(line) for line in self.describe())}{reading}</small></div>"
        )


@dataclass(frozen=True)
class _Deck:
    """What a card file says of all its cards: invented (``sample``) and how many of each a deck holds."""

    sample: bool = False
    copies: Annotated[int, whole(1, MOST_COPIES)] = 1


def load_cards(text: str | None = None, file: str | None = None) -> tuple[Card, ...]:
    """Cards from a TOML text with ``[[card]]`` entries (default: the labelled sample deck).

    Each entry needs id, name, colour, price, income and corner; kind, effect, condition and
    mission_reward, triggers, scoring, text, section, reading, copies, undiscardable and an ``extra``
    table of further fields are optional. A top-level ``sample = true`` marks every card as invented,
    ``copies = N`` sets how many of each the set-up deck holds. The text is decoded by ``engine.decode``:
    an unknown or missing field, a wrong type, an absurd number or a second card with an id already used
    raises a ``DataError`` naming ``file`` (when given), the key and the value.
    """
    if text is None:
        return _shipped_cards("sample_cards.toml")
    raw = parse_text(text, file or "cards")
    decoder = Decoder(file)
    if not raw.get("card"):
        raise decoder.refuse(("card",), raw.get("card"), "the file needs [[card]] entries")
    deck: _Deck = decoder.value(_Deck, {key: value for key, value in raw.items() if key != "card"})
    cards: tuple[Card, ...] = decoder.value(tuple[Card, ...], raw["card"], ("card",),
                                            items(most=MOST_CARDS, fixed={"sample": deck.sample},
                                                  defaults={"copies": deck.copies}))
    decoder.check()
    return cards


def example_cards() -> tuple[Card, ...]:
    """The five cards the rulebook prints (Herschel, Beta Pictoris, Mariner 10, SHERLOC, LHC)."""
    return _shipped_cards("example_cards.toml")


@cache
def _shipped_cards(name: str) -> tuple[Card, ...]:
    """A shipped card file, read once (cards are frozen)."""
    return load_cards(read_data(name), name)


def game_cards(cards: Sequence[Card] | None = None) -> Mapping[str, Card]:
    """The cards a game is dealt from, by id: ``cards`` or the rulebook's examples plus the sample deck."""
    chosen = tuple(cards) if cards is not None else example_cards() + load_cards()
    by_id: dict[str, Card] = {}
    for card in chosen:
        if not isinstance(card, Card):
            raise InvalidInput("cards", card, "Card objects (see load_cards)")
        if card.id in by_id:
            raise InvalidInput("cards", card.id, "card ids must be unique")
        by_id[card.id] = card
    return FrozenMap(by_id)


def deck_of(cards: Mapping[str, Card]) -> tuple[str, ...]:
    """The set-up deck's card ids, each card ``copies`` times, in id order (shuffle it); alien cards stay
    with their species."""
    return tuple(card_id for card_id in sorted(cards) if not cards[card_id].alien for _ in range(cards[card_id].copies))


def game_deck(cards: Mapping[str, Card] | None = None) -> tuple[Card, ...]:
    """The cards of the set-up deck a game deals from (``set_up`` shuffles exactly these), each copy
    once: by default the rulebook's examples and the sample deck, 65 cards (``colour_counts`` of it gives
    the card-row odds' colours)."""
    cards = cards if cards is not None else game_cards()
    return tuple(cards[card_id] for card_id in deck_of(cards))


def colour_counts(cards: Sequence[Card]) -> dict[str, int]:
    """How many cards of each sector colour, in order of first appearance."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.colour] = counts.get(card.colour, 0) + 1
    return counts


class DrawSource(Protocol):
    """Where drawn cards come from inside ``drawing``: one card id of ``pool`` (what is left to draw)."""

    def draw(self, pool: tuple[str, ...]) -> str: ...


class _AnyCard:
    """A check's draws: the first card left (which card is drawn never decides whether an action is legal)."""

    def draw(self, pool: tuple[str, ...]) -> str:
        return pool[0]


ANY_CARD = _AnyCard()

_SOURCE: ContextVar["DrawSource | None"] = ContextVar("seti_draw_source", default=None)


@contextmanager
def drawing(source: "DrawSource | None") -> Iterator[None]:
    """Every card drawn inside comes from ``source`` (a whole game's chance events) instead of the deck top."""
    token = _SOURCE.set(source)
    try:
        yield
    finally:
        _SOURCE.reset(token)


def draw_source() -> "DrawSource | None":
    """The draw source in force (``None``: cards come off the deck top)."""
    return _SOURCE.get()


_IDS: dict[int, tuple[Any, frozenset[str]]] = {}
_CATALOG_OF: dict[int, tuple[Any, tuple[Card, ...]]] = {}


def _once(cache: dict[int, tuple[Any, Any]], key: Any, make: Callable[[Any], Any]) -> Any:
    """``make(key)`` worked out once per ``key`` object (by identity, guarded; the cache bounded)."""
    known = cache.get(id(key))
    if known is None or known[0] is not key:
        if len(cache) > 256:
            cache.clear()
        known = cache[id(key)] = (key, make(key))
    return known[1]


def catalog_ids(catalog: tuple[Card, ...]) -> frozenset[str]:
    """The card ids of ``catalog``."""
    return _once(_IDS, catalog, lambda cards: frozenset(card.id for card in cards))


def catalog_of(cards: Mapping[str, Card]) -> tuple[Card, ...]:
    """The cards of a by-id mapping, in its order (the same tuple for the same mapping)."""
    return _once(_CATALOG_OF, cards, lambda by_id: tuple(by_id.values()))


@dataclass(frozen=True)
class CardSupply:
    """The main deck (top first), the face-up card row and the discard pile, as card ids.

    ``catalog`` holds every card the ids refer to. Row positions are 0, 1, 2; an empty position (deck
    and discard both exhausted) is ``None``.
    """

    catalog: tuple[Card, ...]
    deck: tuple[str, ...]
    row: tuple[str | None, ...] = ()
    discard: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        ids = catalog_ids(self.catalog)
        if ids.issuperset(self.deck) and ids.issuperset(self.discard) and all(
                card_id is None or card_id in ids for card_id in self.row):
            return
        for name in ("deck", "row", "discard"):
            for card_id in getattr(self, name):
                if card_id is not None and card_id not in ids:
                    raise InvalidInput(name, card_id, "every card id must be in the catalog")

    @classmethod
    def shuffled(cls, cards: Sequence[Card], rng: Rng, row_size: int = 3, deck: Sequence[str] | None = None) -> "CardSupply":
        """Set-up: shuffle the deck (``deck``'s card ids, default one of each card; ``deck_of`` gives the
        set-up deck's copies) and deal ``row_size`` cards face up (设置 · 4 卡牌行)."""
        order = rng.shuffled(deck if deck is not None else [card.id for card in cards])
        supply = cls(tuple(cards), order)
        for _ in range(row_size):
            supply, card_id = supply.draw(rng)
            supply = _moved(supply, row=supply.row + (card_id,))
        return supply

    def card(self, card_id: str) -> Card:
        """The card with this id."""
        for card in self.catalog:
            if card.id == card_id:
                return card
        raise InvalidInput("card", card_id, "no card with this id in the catalog")

    @property
    def row_cards(self) -> tuple[Card | None, ...]:
        return tuple(None if card_id is None else self.card(card_id) for card_id in self.row)

    def draw(self, rng: Rng | None) -> tuple["CardSupply", str | None]:
        """The deck's top card (reshuffling the discard pile into a new deck if the deck is empty).

        Inside ``drawing(source)`` the card is the source's: ``source.draw(pool)`` names one card of what is
        left (the deck, or the discard pile being reshuffled), so a whole game makes every draw a chance
        event uniform over what is left; ``rng`` then goes unused. Returns ``None`` as the card only when
        deck and discard pile are both empty. A reshuffle outside ``drawing`` needs ``rng`` (the game's own,
        given by its caller): without one it is refused with ``InvalidInput``.
        """
        supply = self
        source = _SOURCE.get()
        if source is not None:
            pool = supply.deck or supply.discard
            if not pool:
                return supply, None
            card = source.draw(pool)
            if card not in pool:
                raise InvalidInput("draw", card, "the card drawn must be one of the cards left to draw")
            rest = list(pool)
            rest.remove(card)
            if supply.deck:
                return _moved(supply, deck=tuple(rest)), card
            return _moved(supply, deck=tuple(rest), discard=()), card
        if not supply.deck:
            if not supply.discard:
                return supply, None
            if rng is None:
                raise InvalidInput("rng", None, "the deck is empty: reshuffling the discard pile into a new deck "
                                   "needs the game's Rng (take_turn(..., rng=...), or drawing_with(rng))")
            supply = _moved(supply, deck=rng.shuffled(supply.discard), discard=())
        return _moved(supply, deck=supply.deck[1:]), supply.deck[0]

    def take_from_row(self, position: int, rng: Rng | None) -> tuple["CardSupply", str, str | None]:
        """Take the card at ``position``; the row refills from the deck at once (S-F14).

        Returns the supply, the card taken and the card that replaced it (``None`` if none was left).
        """
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < len(self.row):
            raise InvalidInput("position", position, f"a card-row position 0..{len(self.row) - 1}")
        taken = self.row[position]
        if taken is None:
            raise InvalidInput("position", position, "that row position is empty")
        supply, refill = self.draw(rng)
        row = supply.row[:position] + (refill,) + supply.row[position + 1:]
        return _moved(supply, row=row), taken, refill

    def remove_from_row(self, position: int) -> tuple["CardSupply", str]:
        """Take the card at ``position`` and leave its place empty until ``refill_row`` (the solo rival's
        card-row signals, S-F26)."""
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < len(self.row):
            raise InvalidInput("position", position, f"a card-row position 0..{len(self.row) - 1}")
        taken = self.row[position]
        if taken is None:
            raise InvalidInput("position", position, "that row position is empty")
        return _moved(self, row=self.row[:position] + (None,) + self.row[position + 1:]), taken

    def refill_row(self, rng: Rng | None) -> "CardSupply":
        """Fill every empty place of the row from the deck, left to right (重新填满卡牌行)."""
        supply = self
        for position, card_id in enumerate(self.row):
            if card_id is None:
                supply, refill = supply.draw(rng)
                supply = _moved(supply, row=supply.row[:position] + (refill,) + supply.row[position + 1:])
        return supply

    def discard_card(self, card_id: str) -> "CardSupply":
        """Put a card face up on the discard pile."""
        self.card(card_id)
        return _moved(self, discard=self.discard + (card_id,))

    def _repr_html_(self) -> str:
        cards = "".join(card._repr_html_() if card else "<i>empty</i>" for card in self.row_cards)
        return (
            f"<div class='tt-card-row'><b>Card row</b> (deck {len(self.deck)}, discard {len(self.discard)})"
            f"<br>{cards}</div>"
        )


def _moved(supply: CardSupply, **changes: Any) -> CardSupply:
    """``supply`` with cards moved between its deck, row and discard pile (ids it already holds, so nothing new to
    check: the copy skips ``__post_init__``)."""
    moved = object.__new__(CardSupply)
    values = dict(supply.__dict__)
    values.update(changes)
    object.__setattr__(moved, "__dict__", values)
    return moved


def _ink(colour: str) -> str:
    """A card colour's border in the shared palette (an unknown colour: muted)."""
    return svg.colour(svg.colour_named(colour, "muted"))
