"""Game content the rule text does not give (M-F7): ships, cards, destinations, the bag, set-up.

It is data a workshop edits. ``load_data()`` reads the labelled sample shipped in ``data/sample.toml``;
``load_data(path)`` reads an edited copy. The file is decoded into the dataclasses below by the engine's
decoder: a bad entry (a misspelt or missing key, a wrong type, an absurd count, a duplicate id, a refinery
naming no token kind) raises ``InvalidInput`` naming the file, the key and the value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from ..engine.decode import MOST, Decoder, identifier, items, not_in_file, parse_text, read_packaged, read_path, text, whole
from ..engine.errors import InvalidInput

Location = Literal["Shipyard", "Market", "Belt", "Dock"]
LOCATIONS: tuple[str, ...] = get_args(Location)
SAMPLE = "sample data (M-F7), not from the rulebook"
Positive = Annotated[int, whole(1, MOST)]
"""Every count, price and value in a data file is a whole number up to the decoder's ``MOST``; these at least 1."""


@dataclass(frozen=True)
class ShipDesign:
    """A ship the Shipyard sells: Mark, kind (scout: more energy; tug: more cargo), price, energy, cargo."""

    id: Annotated[str, identifier("ship")]
    name: str
    mark: Annotated[int, whole(1, 4)]
    kind: Literal["scout", "tug"]
    price: Positive
    energy: Positive
    cargo: Positive
    copies: Positive


@dataclass(frozen=True)
class Card:
    """A market card (``type`` pilot or gear) or a refinery card.

    Pilots and gear add ``energy`` to a run, ``cargo`` slots and ``payout`` credits to a paid delivery;
    a refinery adds ``bonus`` credits per ``token`` of its kind on every ship of its owner.
    """

    id: Annotated[str, identifier("card")]
    name: str
    type: Annotated[Literal["pilot", "gear", "refinery"], not_in_file()]
    cost: int
    payout: int = 0
    energy: int = 0
    cargo: int = 0
    token: Annotated[str | None, text(ref="token")] = None
    bonus: int = 0
    copies: Positive = 1

    def describe(self) -> str:
        parts = [f"+{getattr(self, k)} {k}" for k in ("energy", "cargo", "payout") if getattr(self, k)]
        if self.token:
            parts.append(f"+{self.bonus} per {self.token}")
        return f"{self.name} ({self.type}, {self.cost} cr: {', '.join(parts) or 'no bonus'})"


@dataclass(frozen=True)
class Destination:
    """A destination card: energy to end a run there, and its bonus in credits."""

    id: Annotated[str, identifier("destination")]
    name: str
    cost: int
    bonus: int
    copies: Positive = 1


def find(items, wanted: str, field: str, missing: str, key=lambda item: item.id):
    """The item whose ``key`` is ``wanted``; else ``InvalidInput`` naming ``field`` and listing what there is."""
    for item in items:
        if key(item) == wanted:
            return item
    raise InvalidInput(field, wanted, f"{missing}; known: {[key(item) for item in items] or 'none'}")


@dataclass(frozen=True)
class GameData:
    """Everything a game needs that the rule text leaves open (all of it sample data, M-F7)."""

    starting_credits: int
    starting_location: str
    setup_tokens: int
    known_space: int
    market_row: int
    token_values: tuple[tuple[str, int], ...]
    bag: tuple[tuple[str, int], ...]
    ships: tuple[ShipDesign, ...]
    cards: tuple[Card, ...]
    destinations: tuple[Destination, ...]
    source: str = SAMPLE

    @cached_property
    def _index(self) -> dict[str, dict[Any, Any]]:
        return {"value": dict(self.token_values), "ship": {d.id: d for d in self.ships},
                "card": {c.id: c for c in self.cards}, "destination": {d.id: d for d in self.destinations}}

    def value(self, token: str) -> int:
        found = self._index["value"].get(token)
        return found if found is not None else find(self.token_values, token, "token", "no such token", key=lambda kv: kv[0])

    def ship(self, design_id: str) -> ShipDesign:
        return self._index["ship"].get(design_id) or find(self.ships, design_id, "design", "no such ship")

    def card(self, card_id: str) -> Card:
        return self._index["card"].get(card_id) or find(self.cards, card_id, "card", "no such card")

    def destination(self, destination_id: str) -> Destination:
        return (self._index["destination"].get(destination_id)
                or find(self.destinations, destination_id, "destination", "no such destination"))

    @property
    def marks(self) -> tuple[int, ...]:
        return tuple(sorted({design.mark for design in self.ships}))


@dataclass(frozen=True)
class _Setup:
    starting_credits: int
    starting_location: Location
    setup_tokens: int
    known_space: int
    market_row: int


@dataclass(frozen=True)
class _Token:
    value: int
    count: int


@dataclass(frozen=True)
class _File:
    """The shape of a data file."""

    setup: _Setup
    tokens: Annotated[Mapping[str, _Token], items(keys="token", most=100)]
    ships: Annotated[tuple[ShipDesign, ...], items(most=100)] = ()
    pilots: Annotated[tuple[Card, ...], items(most=1000, fixed={"type": "pilot"})] = ()
    gear: Annotated[tuple[Card, ...], items(most=1000, fixed={"type": "gear"})] = ()
    refineries: Annotated[tuple[Card, ...], items(most=1000, fixed={"type": "refinery"})] = ()
    destinations: Annotated[tuple[Destination, ...], items(most=1000)] = ()
    source: str = SAMPLE


def parse_data(raw: Any, file: str | None = None) -> GameData:
    """Check and convert a parsed TOML document into ``GameData`` (refusals name ``file`` when given)."""
    decoder = Decoder(file)
    parsed: _File = decoder.value(_File, raw)
    decoder.check()
    if not parsed.tokens:
        raise decoder.refuse(("tokens",), {}, "a [tokens] table of kind = { value, count }")
    if not parsed.ships:
        raise decoder.refuse(("ships",), [], "at least one ship")
    marks = sorted({s.mark for s in parsed.ships})
    if marks != list(range(1, len(marks) + 1)):
        raise decoder.refuse(("ships",), marks, "Marks must start at 1 and have no gaps")
    for index, card in enumerate(parsed.refineries):
        if card.token is None:
            raise decoder.refuse(("refineries", index, "token"), None, f"a refinery names a token kind: {sorted(parsed.tokens)}")
    if not parsed.destinations:
        raise decoder.refuse(("destinations",), [], "at least one destination card")
    setup = parsed.setup
    return GameData(
        setup.starting_credits, setup.starting_location, setup.setup_tokens, setup.known_space, setup.market_row,
        tuple((kind, token.value) for kind, token in parsed.tokens.items()),
        tuple((kind, token.count) for kind, token in parsed.tokens.items()),
        parsed.ships, parsed.pilots + parsed.gear + parsed.refineries, parsed.destinations, parsed.source,
    )


@cache
def _sample() -> GameData:
    return parse_data(parse_text(read_packaged(__package__, "sample.toml"), "sample.toml"), "sample.toml")


def load_data(path: str | Path | None = None) -> GameData:
    """The sample data (``data/sample.toml``), or an edited TOML file at ``path``."""
    if path is None:
        return _sample()
    return parse_data(parse_text(read_path(path), str(path)), str(path))
