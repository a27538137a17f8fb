"""Game content the rule text does not give (M-F7): ships, cards, destinations, the bag, set-up.

It is data a workshop edits. ``load_data()`` reads the labelled sample shipped in ``data/sample.toml``;
``load_data(path)`` reads an edited copy. A bad entry raises ``InvalidInput`` naming it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine.errors import InvalidInput
from ..engine.data import parse_toml

LOCATIONS = ("Shipyard", "Market", "Belt", "Dock")
SAMPLE = "sample data (M-F7), not from the rulebook"


@dataclass(frozen=True)
class ShipDesign:
    """A ship the Shipyard sells: Mark, kind (scout: more energy; tug: more cargo), price, energy, cargo."""

    id: str
    name: str
    mark: int
    kind: str
    price: int
    energy: int
    cargo: int
    copies: int


@dataclass(frozen=True)
class Card:
    """A market card (``type`` pilot or gear) or a refinery card.

    Pilots and gear add ``energy`` to a run, ``cargo`` slots and ``payout`` credits to a paid delivery;
    a refinery adds ``bonus`` credits per ``token`` of its kind on every ship of its owner.
    """

    id: str
    name: str
    type: str
    cost: int
    payout: int = 0
    energy: int = 0
    cargo: int = 0
    token: str | None = None
    bonus: int = 0
    copies: int = 1

    def describe(self) -> str:
        parts = [f"+{getattr(self, k)} {k}" for k in ("energy", "cargo", "payout") if getattr(self, k)]
        if self.token:
            parts.append(f"+{self.bonus} per {self.token}")
        return f"{self.name} ({self.type}, {self.cost} cr: {', '.join(parts) or 'no bonus'})"


@dataclass(frozen=True)
class Destination:
    """A destination card: energy to end a run there, and its bonus in credits."""

    id: str
    name: str
    cost: int
    bonus: int
    copies: int = 1


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


MOST = 10_000  # a sane bound on every count, price and value in a data file (the sample's are below 100)


def _whole(entry: dict[str, Any], key: str, where: str, *, default: int | None = None, least: int = 0) -> int:
    value = entry.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= MOST:
        raise InvalidInput(f"{where}.{key}", value, f"a whole number from {least} to {MOST}")
    return value


def _text(entry: dict[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value:
        raise InvalidInput(f"{where}.{key}", value, "a non-empty text")
    return value


def _known(entry: Any, keys: set[str], where: str) -> dict[str, Any]:
    """``entry`` as a table whose keys are all known (a misspelt key is refused, not dropped)."""
    if not isinstance(entry, dict):
        raise InvalidInput(where, entry, "a table")
    unknown = sorted(set(entry) - keys)
    if unknown:
        raise InvalidInput(f"{where}.{unknown[0]}", entry[unknown[0]], f"no such field; the fields are {', '.join(sorted(keys))}")
    return entry


def _unique(items: list[Any], where: str) -> None:
    seen: set[str] = set()
    for index, item in enumerate(items):
        if item.id in seen:
            raise InvalidInput(f"{where}[{index}].id", item.id, "ids must be unique")
        seen.add(item.id)


def parse_data(raw: dict[str, Any]) -> GameData:
    """Check and convert a parsed TOML document into ``GameData``."""
    _known(raw, {"source", "setup", "tokens", "ships", "pilots", "gear", "refineries", "destinations"}, "file")
    setup = raw.get("setup")
    if not isinstance(setup, dict):
        raise InvalidInput("setup", setup, "a [setup] table is required")
    _known(setup, {"starting_credits", "starting_location", "setup_tokens", "known_space", "market_row"}, "setup")
    location = setup.get("starting_location")
    if location not in LOCATIONS:
        raise InvalidInput("setup.starting_location", location, f"one of {LOCATIONS}")
    tokens = raw.get("tokens")
    if not isinstance(tokens, dict) or not tokens:
        raise InvalidInput("tokens", tokens, "a [tokens] table of kind = { value, count }")
    values, bag = [], []
    for kind, entry in tokens.items():
        if not isinstance(entry, dict):
            raise InvalidInput(f"tokens.{kind}", entry, "{ value = ..., count = ... }")
        _known(entry, {"value", "count"}, f"tokens.{kind}")
        values.append((kind, _whole(entry, "value", f"tokens.{kind}")))
        bag.append((kind, _whole(entry, "count", f"tokens.{kind}")))

    ships = []
    for index, entry in enumerate(raw.get("ships", [])):
        where = f"ships[{index}]"
        _known(entry, {"id", "name", "mark", "kind", "price", "energy", "cargo", "copies"}, where)
        kind = entry.get("kind")
        if kind not in ("scout", "tug"):
            raise InvalidInput(f"{where}.kind", kind, "'scout' or 'tug'")
        mark = _whole(entry, "mark", where, least=1)
        if mark > 4:
            raise InvalidInput(f"{where}.mark", mark, "Marks run from 1 to 4")
        ships.append(ShipDesign(
            _text(entry, "id", where), _text(entry, "name", where), mark, kind, _whole(entry, "price", where, least=1),
            _whole(entry, "energy", where, least=1), _whole(entry, "cargo", where, least=1), _whole(entry, "copies", where, least=1),
        ))
    if not ships:
        raise InvalidInput("ships", [], "at least one ship")
    _unique(ships, "ships")
    marks = sorted({s.mark for s in ships})
    if marks != list(range(1, len(marks) + 1)):
        raise InvalidInput("ships", marks, "Marks must start at 1 and have no gaps")

    cards = []
    kinds = dict(values)
    for table, card_type in (("pilots", "pilot"), ("gear", "gear"), ("refineries", "refinery")):
        for index, entry in enumerate(raw.get(table, [])):
            where = f"{table}[{index}]"
            _known(entry, {"id", "name", "cost", "payout", "energy", "cargo", "token", "bonus", "copies"}, where)
            token = entry.get("token")
            if card_type == "refinery" and token not in kinds:
                raise InvalidInput(f"{where}.token", token, f"a refinery names a token kind: {sorted(kinds)}")
            cards.append(Card(
                _text(entry, "id", where), _text(entry, "name", where), card_type, _whole(entry, "cost", where),
                _whole(entry, "payout", where, default=0), _whole(entry, "energy", where, default=0),
                _whole(entry, "cargo", where, default=0), token, _whole(entry, "bonus", where, default=0),
                _whole(entry, "copies", where, default=1, least=1),
            ))
    _unique(cards, "cards")

    destinations = []
    for index, entry in enumerate(raw.get("destinations", [])):
        where = f"destinations[{index}]"
        _known(entry, {"id", "name", "cost", "bonus", "copies"}, where)
        destinations.append(Destination(
            _text(entry, "id", where), _text(entry, "name", where), _whole(entry, "cost", where),
            _whole(entry, "bonus", where), _whole(entry, "copies", where, default=1, least=1),
        ))
    if not destinations:
        raise InvalidInput("destinations", [], "at least one destination card")
    _unique(destinations, "destinations")

    return GameData(
        _whole(setup, "starting_credits", "setup"), location, _whole(setup, "setup_tokens", "setup"),
        _whole(setup, "known_space", "setup"), _whole(setup, "market_row", "setup"),
        tuple(values), tuple(bag), tuple(ships), tuple(cards), tuple(destinations),
        str(raw.get("source", SAMPLE)),
    )


@cache
def _sample() -> GameData:
    text = resources.files(__package__).joinpath("data", "sample.toml").read_text(encoding="utf-8")
    return parse_data(tomllib.loads(text))


def load_data(path: str | Path | None = None) -> GameData:
    """The sample data (``data/sample.toml``), or an edited TOML file at ``path``."""
    if path is None:
        return _sample()
    if not isinstance(path, (str, Path)):
        raise InvalidInput("path", path, "the path of a TOML data file")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidInput("path", str(path), f"cannot be read as a UTF-8 text file ({type(error).__name__})") from None
    raw = parse_toml(text, str(path))
    try:
        return parse_data(raw)
    except InvalidInput as error:
        raise InvalidInput(f"{path}: {error.field}", error.value, error.reason) from None
