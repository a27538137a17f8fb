"""The state of a Starship Merchants game: players, their ships, the four locations, the bag.

Everything is frozen; procedures make new states with ``dataclasses.replace``. Token piles are sorted
tuples of token kinds, so equal piles compare equal.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from ..engine import svg as draw
from ..engine.errors import InvalidInput
from ..engine.rng import Rng
from ..engine.frozen import replace
from .data import LOCATIONS, GameData, find, load_data
from .variant import RULEBOOK, MerchantsVariant

OBJECTIVE = "ゲームの目的"


def pile(tokens) -> tuple[str, ...]:
    """A token pile in canonical (sorted) order."""
    return tuple(sorted(tokens))


def without(tokens: tuple[str, ...], taken) -> tuple[str, ...]:
    """``tokens`` less one of each token in ``taken`` (which must all be there)."""
    if len(taken) == 1 and taken[0] in tokens:  # one token, as a load or a claim takes
        left_one = list(tokens)
        left_one.remove(taken[0])
        return pile(left_one)
    left = Counter(tokens)
    left.subtract(Counter(taken))
    return pile(left.elements())


def counted(count: int, thing: str, things: str | None = None) -> str:
    """``count`` things in words with the right number: "1 loan marker", "2 loan markers"."""
    return f"{count} {thing if count == 1 else things or thing + 's'}"


def holds(tokens, wanted) -> bool:
    """Whether the pile ``tokens`` contains every token of ``wanted`` (with repeats)."""
    have = Counter(tokens)
    return all(have[kind] >= n for kind, n in Counter(wanted).items())


@dataclass(frozen=True)
class Ship:
    """One owned ship: its design's numbers, loan markers, cards, the tokens in its hold, its destination."""

    id: str
    design: str
    name: str
    mark: int
    kind: str
    price: int
    energy: int
    cargo: int
    loans: int = 0
    pilots: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    hold: tuple[str, ...] = ()
    destination: str | None = None
    at_destination: bool = False

    @property
    def cards(self) -> tuple[str, ...]:
        return self.pilots + self.gear

    @property
    def called(self) -> str:
        """The ship's short readable name: its design's name and its number ("Kestrel 1")."""
        return ship_called(self.id, self.name, self.design)

    def label(self) -> str:
        """The short name with its Mark and kind: "Kestrel 1 (Mark 1 scout)"."""
        return f"{self.called} (Mark {self.mark} {self.kind})"


@lru_cache(maxsize=1024)
def ship_called(ship_id: str, name: str, design: str) -> str:
    """A ship's short readable name from its id (made ``design-number`` by the Shipyard) and its design's name."""
    prefix, _, number = ship_id.rpartition("-")
    return f"{name} {number}" if prefix == design and number.isdigit() else f"{name} {ship_id}"


@dataclass(frozen=True)
class Player:
    """One merchant: credits, place on the loop, fleet, refineries and token piles."""

    name: str
    credits: int
    location: str
    ships: tuple[Ship, ...] = ()
    refineries: tuple[str, ...] = ()
    local: tuple[str, ...] = ()
    claimed: tuple[str, ...] = ()
    setup_tokens: tuple[str, ...] = ()
    visited_belt: bool = False
    kept_cards: tuple[str, ...] = ()
    acted_here: bool = False
    final_lap: bool = False

    def ship(self, ship_id: str) -> Ship:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        return find(self.ships, ship_id, "ship", f"{self.name} owns no such ship")

    @property
    def loans(self) -> int:
        total = 0
        for ship in self.ships:  # a loop, not sum(): asked at nearly every check of a turn
            total += ship.loans
        return total

    def with_ship(self, ship: Ship) -> "Player":
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))


@dataclass(frozen=True, repr=False)
class GameState:
    """A whole game. ``current`` indexes the player whose turn it is; ``era`` is the Mark on sale."""

    data: GameData
    variant: MerchantsVariant
    players: tuple[Player, ...]
    shipyard: tuple[tuple[str, int], ...]
    market_row: tuple[str, ...]
    market_deck: tuple[str, ...]
    refinery_supply: tuple[tuple[str, int], ...]
    destination_deck: tuple[str, ...]
    bag: tuple[tuple[str, int], ...]
    known: tuple[str, ...] = ()
    market_discard: tuple[str, ...] = ()
    destination_discard: tuple[str, ...] = ()
    current: int = 0
    turn: int = 1
    era: int = 1
    ships_built: int = 0
    refineries_open: bool = False
    end_trigger: str | None = None
    dock_arrivals: tuple[str, ...] = ()
    finished: bool = False
    out_of_play: tuple[str, ...] = ()  # tokens scrapped with an obsolete ship (variant scrap_tokens="discard")

    # --- looking things up -------------------------------------------------------------------
    def player(self, name: str) -> Player:
        return find(self.players, name, "player", "no such player", key=lambda player: player.name)

    @property
    def active(self) -> Player:
        return self.players[self.current]

    def with_player(self, player: Player) -> "GameState":
        name = player.name
        return replace(self, players=tuple([player if p.name == name else p for p in self.players]))

    # --- names a person reads (printed names from the catalog, ships by their short names) ----------
    def card_name(self, card_id: str) -> str:
        return self.data.card(card_id).name

    def card_names(self, card_ids, nothing: str = "none") -> str:
        """Cards by their printed names, in order, comma-separated (``nothing`` for no card)."""
        return ", ".join(self.data.card(c).name for c in card_ids) or nothing

    def destination_name(self, destination_id: str) -> str:
        return self.data.destination(destination_id).name

    def ship_called(self, ship_id: str) -> str:
        """The short readable name of a ship in play ("Kestrel 1"); a ship no longer owned (scrapped) is named
        from its id and the catalog."""
        for player in self.players:
            for ship in player.ships:
                if ship.id == ship_id:
                    return ship.called
        design = ship_id.rpartition("-")[0]
        found = next((d for d in self.data.ships if d.id == design), None)
        return ship_called(ship_id, found.name, design) if found is not None else ship_id

    def bag_size(self) -> int:
        return sum(n for _, n in self.bag)

    def obsolete(self, ship: Ship) -> bool:
        """Mark 1 in the Mark 3 era, Mark 2 in the Mark 4 era (シップヤード)."""
        return ship.mark <= self.era - self.variant.obsolete_after

    def energy_of(self, ship: Ship) -> int:
        """Base energy plus the energy bonuses of the ship's cards (ベルト)."""
        return ship.energy + sum(self.data.card(c).energy for c in ship.cards)

    def capacity_of(self, ship: Ship) -> int:
        """Cargo slots: the design's plus the cargo bonuses of its cards."""
        return ship.cargo + sum(self.data.card(c).cargo for c in ship.cards)

    def dock_value(self, player: Player, token: str) -> int:
        """What one token earns at the Dock: its value plus the player's refinery bonuses for its kind."""
        bonus = sum(self.data.card(r).bonus for r in player.refineries if self.data.card(r).token == token)
        return self.data.value(token) + bonus

    def mark_supply(self, mark: int) -> int:
        """Ships of a Mark still at the Shipyard."""
        return sum(n for design, n in self.shipyard if self.data.ship(design).mark == mark)

    # --- pictures -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        seats = ", ".join(f"{p.name} {p.credits} cr at the {p.location} ({counted(len(p.ships), 'ship')})" for p in self.players)
        flags = " · finished" if self.finished else (f" · end triggered by {self.end_trigger}" if self.end_trigger else "")
        return f"<Starship Merchants · turn {self.turn} · Mark {self.era} era · {seats}{flags}>"

    def _repr_svg_(self) -> str:
        return render_svg(self)


def new_game(
    names: tuple[str, ...] | list[str],
    rng: Rng,
    data: GameData | None = None,
    variant: MerchantsVariant = RULEBOOK,
) -> GameState:
    """Set up a game: shuffled market and destination decks, set-up tokens and known space from the bag.

    Starting credits, place and turn order (the order of ``names``) are sample data (M-F7).
    """
    if isinstance(names, (str, bytes)) or not isinstance(names, (tuple, list)):
        raise InvalidInput("names", names, "a tuple or list of player names, in turn order")
    if not isinstance(rng, Rng):
        raise InvalidInput("rng", rng, "an Rng (tabletoolkit.Rng)")
    if not isinstance(variant, MerchantsVariant):
        raise InvalidInput("variant", variant, "a MerchantsVariant (tabletoolkit.merchants.MerchantsVariant)")
    if data is not None and not isinstance(data, GameData):
        raise InvalidInput("data", data, "GameData from tabletoolkit.merchants.load_data")
    data = data or load_data()
    names = tuple(names)
    least, most = variant.players
    if not least <= len(names) <= most:
        raise InvalidInput("names", names, f"{least} to {most} players (M-R6)")
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise InvalidInput("names", names, "distinct, non-empty player names")
    bag = Counter(dict(data.bag))

    def draw_tokens(count: int, why: str) -> tuple[str, ...]:
        drawn = []
        for _ in range(count):
            options = tuple(sorted(bag.elements()))
            if not options:
                raise InvalidInput("tokens", dict(data.bag), f"the bag ran out while drawing {why}")
            token = rng.choice(options)
            bag[token] -= 1
            drawn.append(token)
        return pile(drawn)

    market = rng.shuffled(tuple(c.id for c in data.cards if c.type != "refinery" for _ in range(c.copies)))
    destinations = rng.shuffled(tuple(d.id for d in data.destinations for _ in range(d.copies)))
    players = tuple(
        Player(name, data.starting_credits, data.starting_location, setup_tokens=draw_tokens(data.setup_tokens, f"{name}'s set-up tokens"))
        for name in names
    )
    known = draw_tokens(data.known_space, "known space")
    return GameState(
        data=data,
        variant=variant,
        players=players,
        shipyard=tuple((d.id, d.copies) for d in data.ships),
        market_row=tuple(market[: data.market_row]),
        market_deck=tuple(market[data.market_row:]),
        refinery_supply=tuple((c.id, c.copies) for c in data.cards if c.type == "refinery"),
        destination_deck=tuple(destinations),
        bag=tuple((kind, bag[kind]) for kind, _ in data.bag),
        known=known,
    )


def next_location(location: str) -> str:
    """Clockwise: Shipyard → Market → Belt → Dock → Shipyard (手番の流れ)."""
    return LOCATIONS[(LOCATIONS.index(location) + 1) % len(LOCATIONS)]


def describe_tokens(tokens) -> str:
    """A token pile in words, kind by kind: "2×ice, ore" ("nothing" for none)."""
    return _tokens_words(tokens if type(tokens) is tuple else tuple(tokens))


@lru_cache(maxsize=4096)
def _tokens_words(tokens: tuple[str, ...]) -> str:
    """``describe_tokens`` of one pile, worded once: the same few piles are described again and again."""
    return ", ".join(f"{n}×{k}" if n > 1 else k for k, n in sorted(Counter(tokens).items())) or "nothing"


# --- the picture ------------------------------------------------------------------------------
_LOOP = ("Shipyard", "Market", "Belt", "Dock")
"""The places in the picture's loop, clockwise from the top left (手番の流れ)."""


def render_svg(state: GameState) -> str:
    """The loop with every player's marker (their whole name, in their seat's colour; the player to move
    ringed), then one line per player and per ship. Type 13-16 px; long lines wrap, none is cut; every
    name escaped (engine.svg)."""
    size, small, widest = 14, 13, 900
    status = f"Turn {state.turn} · Mark {state.era} era · bag {state.bag_size()} · known space: {describe_tokens(state.known)}"
    if state.end_trigger:
        status += f" · end triggered by {state.end_trigger}"
    rows: list[tuple[int | None, str]] = []
    for index, player in enumerate(state.players):
        rows.append((index, f"{player.name}: {player.credits} cr at the {player.location}; local {describe_tokens(player.local)}"
                     + (f", claimed {describe_tokens(player.claimed)}" if player.claimed else "")
                     + (f"; refineries {state.card_names(player.refineries)}" if player.refineries else "")))
        for ship in player.ships:
            flags = (" OBSOLETE" if state.obsolete(ship) else "") + (f" loans {ship.loans}" if ship.loans else "")
            rows.append((None, f"{ship.label()}{flags}; hold {describe_tokens(ship.hold)}"
                         + (f"; cards {state.card_names(ship.cards)}" if ship.cards else "")
                         + (f"; → {state.destination_name(ship.destination)}" if ship.destination else "")
                         + (" (reached)" if ship.at_destination else "")))
    gap = 44
    box_w = min((widest - 40 - gap) / 2, max([230.0] + [draw.text_width(p.name, small) * 1.06 + 38 for p in state.players]))
    names = {i: draw.wrapped(p.name, box_w - 38, small * 1.06, split_long=True) for i, p in enumerate(state.players)}
    pills = {i: max(draw.text_width(line, small) * 1.06 for line in lines) + 18 for i, lines in names.items()}
    lines_at: dict[str, list[list[int]]] = {}
    for place in _LOOP:
        rows_here: list[list[int]] = [[]]
        used = 10.0
        for i, player in enumerate(state.players):
            if player.location != place:
                continue
            if rows_here[-1] and used + pills[i] > box_w - 10:
                rows_here.append([])
                used = 10.0
            rows_here[-1].append(i)
            used += pills[i] + 6
        lines_at[place] = rows_here

    def row_height(seats: list[int]) -> float:
        return 10 + 17 * max([len(names[i]) for i in seats] + [1])

    box_h = 34 + max(sum(row_height(seats) + 6 for seats in rows_here) for rows_here in lines_at.values())
    loop_w = 20 + 2 * box_w + gap
    texts = [(None, status, size)] + [(seat, text, size if seat is not None else small) for seat, text in rows]
    width = min(widest, max(loop_w + 20, 560, max(draw.text_width(t, z) for _, t, z in texts) + 60))
    parts: list[draw.Element] = []
    corners = {"Shipyard": (20, 20), "Market": (20 + box_w + gap, 20), "Belt": (20 + box_w + gap, 20 + box_h + gap),
               "Dock": (20, 20 + box_h + gap)}
    for place, (x, y) in corners.items():
        parts.append(draw.rect(x, y, box_w, box_h, rx=10, fill="panel", stroke="line"))
        parts.append(draw.text(x + 10, y + 22, place, font_size=16, font_weight="bold"))
        row_y = y + 32
        for seats in lines_at[place]:
            px = x + 10
            for i in seats:
                current = i == state.current and not state.finished
                parts.append(draw.rect(px, row_y, pills[i], row_height([i]), rx=12, fill=draw.seat_colour(i),
                                       stroke="black" if current else "none", stroke_width=3 if current else None))
                for n, line_text in enumerate(names[i]):
                    parts.append(draw.text(px + pills[i] / 2, row_y + 18 + 17 * n, line_text, anchor="middle", fill="white",
                                           font_size=small, font_weight="bold"))
                px += pills[i] + 6
            row_y += row_height(seats) + 6
    left, right, top, bottom = 20 + box_w, 20 + box_w + gap, 20 + box_h, 20 + box_h + gap
    for x1, y1, x2, y2 in ((left + 4, 20 + box_h / 2, right - 12, 20 + box_h / 2),              # Shipyard → Market
                           (right + box_w / 2, top + 4, right + box_w / 2, bottom - 12),       # Market → Belt
                           (right - 4, bottom + box_h / 2, left + 12, bottom + box_h / 2),     # Belt → Dock
                           (20 + box_w / 2, bottom - 4, 20 + box_w / 2, top + 12)):           # Dock → Shipyard
        dx, dy = (x2 > x1) - (x2 < x1), (y2 > y1) - (y2 < y1)
        parts.append(draw.line(x1, y1, x2, y2, stroke="line", stroke_width=2))
        parts.append(draw.polygon(((x2 + 8 * dx, y2 + 8 * dy), (x2 - 5 * dy, y2 + 5 * dx), (x2 + 5 * dy, y2 - 5 * dx)),
                                  fill="line"))
    y = 20 + 2 * box_h + gap + 34
    for seat, text, z in texts:
        indent = 20 if seat is not None or text == status else 50
        wrapped = draw.wrapped(text, width - indent - 30, z, split_long=True)
        if seat is not None:
            parts.append(draw.rect(20, y - 12, 12, 12, fill=draw.seat_colour(seat)))
            indent = 38
        for line_text in wrapped:
            parts.append(draw.text(indent, y, line_text, font_size=z))
            y += z + 7
        y += 3 if seat is not None or text == status else 0
    return draw.svg(width, y + 4, *parts, class_="tt-merchants-state", font_family="sans-serif", font_size=size,
                    fill="ink").render()
