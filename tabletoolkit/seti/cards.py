"""SETI cards as data, the deck, the card row of three and the discard pile.

A ``Card`` carries what the scan and the data phases read (sector colour, price, income resource,
corner free action, kind, effect text). The card content is data: ``load_cards`` reads the labelled
sample ``data/sample_cards.toml`` or any TOML text of the same shape; fields this module does not know
are kept in ``Card.extra`` for other phases. ``CardSupply`` is the deck, the row and the discard pile:
a card taken from the row is replaced at once, and an empty deck reshuffles the discard pile (S-F14).
Rulebook: 卡牌概述, 设置 · 4 卡牌行, 重新填满卡牌行.
"""

from __future__ import annotations

import html
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from typing import Any

from ..engine import InvalidInput, Rng

OVERVIEW = "卡牌概述"
REFILL = "重新填满卡牌行"
KINDS = ("action", "mission", "end-game")
INCOMES = ("credits", "energy", "cards")


@dataclass(frozen=True)
class Card:
    """One card. ``colour`` is its sector colour (top-right corner), ``income`` the resource it gives when
    tucked, ``corner`` its free action when discarded (e.g. ``"move"``), ``kind`` action, mission or
    end-game, ``effect`` the effect in words. ``extra`` holds further data-file fields, by name."""

    id: str
    name: str
    colour: str
    price: int
    income: str
    corner: str
    kind: str = "action"
    effect: str = ""
    extra: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        for name in ("id", "name", "colour", "corner"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise InvalidInput(name, value, "a non-empty text")
        if not isinstance(self.price, int) or isinstance(self.price, bool) or self.price < 0:
            raise InvalidInput("price", self.price, "a price is a whole number of credits, 0 or more")
        if self.income not in INCOMES:
            raise InvalidInput("income", self.income, f"one of {INCOMES}")
        if self.kind not in KINDS:
            raise InvalidInput("kind", self.kind, f"one of {KINDS}")
        if not isinstance(self.effect, str):
            raise InvalidInput("effect", self.effect, "the effect in words")

    def field(self, name: str, default: Any = None) -> Any:
        """A further data-file field kept in ``extra`` (``default`` when the card has none)."""
        return dict(self.extra).get(name, default)

    def _repr_html_(self) -> str:
        return (
            f"<div class='tt-card' style='display:inline-block;border:2px solid {_ink(self.colour)};"
            f"border-radius:8px;padding:4px 8px;margin:2px;width:150px'>"
            f"<b>{html.escape(self.name)}</b> <small>({html.escape(self.id)})</small><br>"
            f"<small>{html.escape(self.colour)} sector · {self.price} credits · {html.escape(self.kind)}<br>"
            f"corner: {html.escape(self.corner)} · income: {html.escape(self.income)}</small></div>"
        )


_CARD_FIELDS = ("id", "name", "colour", "price", "income", "corner", "kind", "effect")


def load_cards(text: str | None = None) -> tuple[Card, ...]:
    """Cards from a TOML text with ``[[card]]`` entries (default: the labelled sample deck).

    Each entry needs id, name, colour, price, income and corner; kind and effect are optional; any
    other field is kept in ``Card.extra``. Ids must be unique.
    """
    if text is None:
        text = resources.files(__package__).joinpath("data/sample_cards.toml").read_text(encoding="utf-8")
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput("cards", str(error), "the file is not valid TOML") from None
    entries = table.get("card")
    if not isinstance(entries, list) or not entries:
        raise InvalidInput("card", entries, "the file needs [[card]] entries")
    cards: list[Card] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        where = f"card[{index}]"
        for key in ("id", "name", "colour", "price", "income", "corner"):
            if key not in entry:
                raise InvalidInput(f"{where}.{key}", None, "missing")
        known = {key: entry[key] for key in _CARD_FIELDS if key in entry}
        extra = tuple(sorted((key, value) for key, value in entry.items() if key not in _CARD_FIELDS))
        try:
            card = Card(**known, extra=extra)
        except InvalidInput as error:
            raise InvalidInput(f"{where}.{error.field}", error.value, error.reason) from None
        if card.id in seen:
            raise InvalidInput(f"{where}.id", card.id, "card ids must be unique")
        seen.add(card.id)
        cards.append(card)
    return tuple(cards)


def colour_counts(cards: Sequence[Card]) -> dict[str, int]:
    """How many cards of each sector colour, in order of first appearance."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.colour] = counts.get(card.colour, 0) + 1
    return counts


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
        ids = {card.id for card in self.catalog}
        for name in ("deck", "row", "discard"):
            for card_id in getattr(self, name):
                if card_id is not None and card_id not in ids:
                    raise InvalidInput(name, card_id, "every card id must be in the catalog")

    @classmethod
    def shuffled(cls, cards: Sequence[Card], rng: Rng, row_size: int = 3) -> "CardSupply":
        """Set-up: shuffle the deck and deal ``row_size`` cards face up (设置 · 4 卡牌行)."""
        order = rng.shuffled(card.id for card in cards)
        supply = cls(tuple(cards), order)
        for _ in range(row_size):
            supply, card_id = supply.draw(rng)
            supply = replace(supply, row=supply.row + (card_id,))
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

    def draw(self, rng: Rng) -> tuple["CardSupply", str | None]:
        """The deck's top card (reshuffling the discard pile into a new deck if the deck is empty).

        Returns ``None`` as the card only when deck and discard pile are both empty.
        """
        supply = self
        if not supply.deck:
            if not supply.discard:
                return supply, None
            supply = replace(supply, deck=rng.shuffled(supply.discard), discard=())
        return replace(supply, deck=supply.deck[1:]), supply.deck[0]

    def take_from_row(self, position: int, rng: Rng) -> tuple["CardSupply", str, str | None]:
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
        return replace(supply, row=row), taken, refill

    def discard_card(self, card_id: str) -> "CardSupply":
        """Put a card face up on the discard pile."""
        self.card(card_id)
        return replace(self, discard=self.discard + (card_id,))

    def _repr_html_(self) -> str:
        cards = "".join(card._repr_html_() if card else "<i>empty</i>" for card in self.row_cards)
        return (
            f"<div class='tt-card-row'><b>Card row</b> (deck {len(self.deck)}, discard {len(self.discard)})"
            f"<br>{cards}</div>"
        )


_INKS = {"red": "#d0342c", "yellow": "#d9a800", "blue": "#2f6fd0", "black": "#222"}


def _ink(colour: str) -> str:
    return _INKS.get(colour, "#888")
