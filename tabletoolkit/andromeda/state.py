"""The game state of Andromeda's Edge: immutable, changed with ``dataclasses.replace``.

A ``Game`` holds the players (station, fleet, resources, leaders, moons, tactics hand, tracks, VP), the
regions of the board (moons, leaders, developments, bonus resources), the pirates, the event track and
decks and the module display. Phases take a ``Game`` and return a new one; a refusal leaves it as it was.

Ship places (``Ship.where``): ``supply`` (not built), ``bay`` (launch bay), ``region:<name>``,
``scrapyard`` (the top space), ``barge`` (the repair barge below it), ``module:<name>`` (activating a
module in a return turn) and ``development:<planet>`` (part of a development for good).
"""

from __future__ import annotations

import html
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, Iterable

from ..engine import InvalidInput
from ..engine import svg as draw
from ..engine.frozen import replace
from .catalog import MODULE_ROWS, TRACKS, Catalog, ShipSpec, load_catalog
from .goods import Goods
from .variant import RULEBOOK, AndromedaVariant


def _named(items: Iterable[Any], key: str, value: str, field_name: str, missing: str) -> Any:
    """The item whose ``key`` is ``value``; otherwise ``InvalidInput`` listing the known ones."""
    items = tuple(items)
    if not isinstance(value, str):
        raise InvalidInput(field_name, value, f"a name (text); known: {[getattr(i, key) for i in items]}")
    for item in items:
        if getattr(item, key) == value:
            return item
    raise InvalidInput(field_name, value, f"{missing}; known: {[getattr(i, key) for i in items]}")


@dataclass(frozen=True)
class Moon:
    """A moon token: the goods it shows (resources, ``vp``, and ``repair`` for the repair icon)."""

    goods: Goods
    colour: str = "nebula"

    @property
    def repair(self) -> bool:
        return self.goods["repair"] > 0

    def __str__(self) -> str:
        return f"moon({self.goods})"


@dataclass(frozen=True)
class Ship:
    """A starship (星际飞船): its type, owner and id, where it is (see the module docstring), the damage markers
    on its shield, and its type's specs as they are now (range, weapons, shields, aim bonus; the abilities
    Voyage, Assault and Jump). ``fitted`` gives a ship its type's current specs (basic or upgraded).

    Every rule reads the one class: the board rules its owner, type, range and abilities; the battle its
    type, weapons, shields, damage and aim bonus; the game where it is. A battle set up on its own may
    leave the owner empty; ships equal in every field are interchangeable (like the figures).
    """

    kind: str = "transport"
    _: KW_ONLY
    owner: str = ""
    id: str = ""
    where: str = "supply"
    damage: int = 0
    range: int = 1
    weapons: int = 1
    shields: int = 0
    aim_bonus: int = 0
    voyage: bool = False
    assault: bool = False
    jump: bool = False

    def __post_init__(self) -> None:
        for name in ("kind", "owner", "id", "where"):
            if not isinstance(getattr(self, name), str):
                raise InvalidInput(name, getattr(self, name), "a ship's type, owner, id and place are text")
        if not self.kind:
            raise InvalidInput("kind", self.kind, "a ship has a type, e.g. 'transport'")
        for name in ("damage", "range", "weapons", "shields", "aim_bonus"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInput(name, value, "expected a whole number, 0 or more")
        for name in ("voyage", "assault", "jump"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidInput(name, getattr(self, name), "an ability is true or false")

    @property
    def region(self) -> str | None:
        return self.where.split(":", 1)[1] if self.where.startswith("region:") else None

    @property
    def on_board(self) -> bool:
        return self.where.startswith("region:")

    @property
    def abilities(self) -> tuple[str, ...]:
        return tuple(name for name in ("voyage", "assault", "jump") if getattr(self, name))

    @property
    def shield_left(self) -> bool:
        """An undamaged shield is left: the next damage puts a marker on it and the ship stays."""
        return self.damage < self.shields

    def fitted(self, spec: ShipSpec) -> "Ship":
        """This ship with ``spec``'s values (its type's specs now: basic, or upgraded)."""
        seen = _FITTED.get(id(self))
        if seen is not None and seen[0] is self and seen[1] is spec:
            return seen[2]
        if len(_FITTED) > 4096:             # ships and specs are values: forgetting them only costs time
            _FITTED.clear()
        found = replace(self, range=spec.range, weapons=spec.weapons, shields=spec.shields, aim_bonus=spec.aim,
                        voyage="voyage" in spec.abilities, assault="assault" in spec.abilities, jump="jump" in spec.abilities)
        _FITTED[id(self)] = (self, spec, found)
        return found

    def __str__(self) -> str:
        extra = f", {'/'.join(self.abilities)}" if self.abilities else ""
        who = f"{self.owner} " if self.owner else ""
        return f"{who}{self.kind.replace('_', ' ')} (range {self.range}{extra})"


#: Ships already fitted with a spec (``Ship.fitted``), by the ship's id: the ship, the spec and the fitted ship (the
#: board rules read every ship's specs at every decision; a ship is kept with its id, which is not met again meanwhile).
_FITTED: dict[int, tuple["Ship", ShipSpec, "Ship"]] = {}


@dataclass(frozen=True)
class StationModule:
    """A module on a station: its damage markers, what occupies its dock, the moon in its slot."""

    name: str
    damage: int = 0
    occupant: str | None = None
    moon: Moon | None = None

    @property
    def damaged(self) -> bool:
        return self.damage > 0


@dataclass(frozen=True)
class DevelopmentCard:
    type: str
    used: bool = False


@dataclass(frozen=True)
class Player:
    colour: str
    faction: str = ""
    resources: Goods = Goods()
    tactics: tuple[str, ...] = ()
    moons: tuple[Moon, ...] = ()
    modules: tuple[StationModule, ...] = ()
    half_slots: tuple[tuple[str, str, Moon], ...] = ()
    tactical_ops: Moon | None = None
    leaders: int = 0
    ships: tuple[Ship, ...] = ()
    upgrades: tuple[str, ...] = ()
    upgrade_tiles: tuple[str, ...] = ()
    tracks: Goods = Goods()
    vp: int = 0
    exploration: tuple[Goods, ...] = ()
    supremacy_tokens: tuple[Goods, ...] = ()
    development_cards: tuple[DevelopmentCard, ...] = ()
    persistent: tuple[str, ...] = ()
    extra_vp: int = 0
    power_used: bool = False
    destiny: tuple[tuple[str, str, int], ...] = ()

    def track(self, name: str) -> int:
        return self.tracks[name]

    def ship(self, ship_id: str) -> Ship:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        return _named(self.ships, "id", ship_id, "ship", f"{self.colour} has no such ship")

    def with_ship(self, ship: Ship) -> "Player":
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def module(self, name: str) -> StationModule:
        for module in self.modules:
            if module.name == name:
                return module
        return _named(self.modules, "name", name, "module", f"{self.colour}'s station has no such module")

    def with_module(self, module: StationModule) -> "Player":
        return replace(self, modules=tuple(module if m.name == module.name else m for m in self.modules))

    def ships_at(self, where: str) -> tuple[Ship, ...]:
        return tuple(ship for ship in self.ships if ship.where == where)

    @property
    def built_ships(self) -> tuple[Ship, ...]:
        return tuple(s for s in self.ships if s.where != "supply" and not s.where.startswith("development:"))

    @property
    def damaged_modules(self) -> int:
        return sum(1 for m in self.modules if m.damaged)

    def station_svg(self, catalog: Catalog | None = None) -> str:
        """The station as a picture: one row per module type, occupants and damage drawn on each (type at the
        projector floor; each cell as wide as its longest line, names never cut)."""
        catalog = catalog or load_catalog()
        colours = {"science": "blue", "industry": "orange", "commerce": "yellow", "civilization": "green"}
        size, line = 14, 17
        cells: list[list[tuple[Any, list[str]]]] = []
        for row in MODULE_ROWS:
            found = []
            for module in (m for m in self.modules if catalog.module(m.name).row == row):
                notes = []
                card = catalog.module(module.name)
                if card.input_slot and module.moon is None:
                    notes.append("input slot: empty")
                if module.damaged:
                    notes.append(f"damage ×{module.damage}")
                if module.moon is not None:
                    notes.append(f"moon: {module.moon.goods}")
                if module.occupant:
                    notes.append(f"◆ {module.occupant}")
                found.append((module, notes))
            cells.append(found)
        widest = max([len(row) for row in cells] + [1])
        left = 24 + max(draw.text_width(row, size) for row in MODULE_ROWS)
        longest = max([0.0] + [draw.text_width(text, size) for row in cells for module, notes in row
                               for text in (module.name, *notes)])
        cell = max(130.0, min(longest + 16, (draw.WIDEST - left) / widest))   # as wide as the text, within the page

        def lines_of(text: str) -> list[str]:
            return draw.wrapped(text, cell - 22, size, split_long=True)

        laid = [[(module, lines_of(module.name), [piece for note in notes for piece in lines_of(note)])
                 for module, notes in row] for row in cells]
        box = 14 + line * max([1] + [len(name) + len(said) for row in laid for _, name, said in row])
        width, height = left + cell * widest, 40 + (box + 10) * len(MODULE_ROWS)
        parts: list[draw.Element] = [draw.text(8, 22, f"{self.colour} station", font_size=16, font_weight="bold")]
        for r, (row, placed) in enumerate(zip(MODULE_ROWS, laid)):
            y = 34 + (box + 10) * r
            parts.append(draw.text(8, y + box / 2 + 5, row, fill=colours[row]))
            for c, (module, name, said) in enumerate(placed):
                x = left + c * cell
                parts.append(draw.rect(x, y, cell - 10, box, rx=6, fill="highlight" if module.damaged else "panel",
                                       stroke=colours[row], stroke_width=2))
                for i, piece in enumerate(name):
                    parts.append(draw.text(x + 6, y + 18 + line * i, piece, font_weight="bold"))
                for i, piece in enumerate(said):
                    parts.append(draw.text(x + 6, y + 18 + line * (len(name) + i), piece))
            names = [module.name for module, _, _ in placed]
            for left_name, right_name, moon in self.half_slots:
                if left_name in names and right_name in names and abs(names.index(left_name) - names.index(right_name)) == 1:
                    x = left + max(names.index(left_name), names.index(right_name)) * cell - 5
                    parts.append(draw.circle(x, y + box - 12, 9, fill="faint", stroke="line"))
                    parts.append(draw.title(f"half-slot moon: {moon.goods}"))
        return draw.svg(width, height, *parts, class_="tt-station", font_family="sans-serif", font_size=size).render()


@dataclass(frozen=True)
class Development:
    type: str
    owner: str
    leaders: int


@dataclass(frozen=True)
class Region:
    """A region of the board. ``planet`` names the planet tile; ``moons`` is the stack, top first."""

    name: str
    kind: str
    planet: str | None = None
    die: int | None = None
    moons: tuple[Moon, ...] = ()
    leaders: Goods = Goods()
    development: Development | None = None
    bonus: Goods = Goods()
    printed: Goods = Goods()
    reward: Goods = Goods()


#: What was worked out of recent states (``Game.kept``), by the state's id: each state with its memo, so an id is
#: never met again while its state is kept here; forgotten all at once every ``_KEPT_STATES`` states. The memo lives
#: outside the state, which ``replace`` then copies with its fields at once (states are copied at nearly every change
#: of a whole game).
_KEPT: dict[int, tuple["Game", dict]] = {}
_KEPT_STATES = 256


@dataclass(frozen=True)
class Game:
    players: tuple[Player, ...]
    regions: tuple[Region, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    active: str = ""
    pirates: tuple[tuple[str, str], ...] = ()
    event_position: int = 0
    event_pending: str | None = None
    event_carried: int = 0
    event_deck: tuple[str, ...] = ()
    event_discard: tuple[str, ...] = ()
    planet_stack: tuple[str, ...] = ()
    module_display: tuple[tuple[str, tuple[str, ...]], ...] = ()
    module_decks: tuple[tuple[str, tuple[str, ...]], ...] = ()
    moon_supply: tuple[tuple[str, tuple[Moon, ...]], ...] = ()
    tactics_deck: tuple[str, ...] = ()
    tactics_discard: tuple[str, ...] = ()
    exploration_stacks: tuple[tuple[int, tuple[Goods, ...]], ...] = ()
    observatory_archive: tuple[Goods, ...] = ()
    supremacy_spaces: tuple[tuple[int, Goods], ...] = ()
    end_marker: int = 60
    ended_by: str | None = None
    final_turns: tuple[str, ...] = ()
    board: Any = field(default=None, compare=False, repr=False)
    region_ids: tuple[tuple[str, str], ...] = ()
    pirate_damage: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Damage markers on the shields of the pirate figures standing in a region (region -> one count per
    figure; regions whose figures are all undamaged are left out). They stay between battles and clear
    when a figure returns to its card (A-R11)."""
    teams: tuple[tuple[str, str], ...] = ()
    """2v2 (可选规则 · 2v2 模式): colour -> team; empty when every player plays for themselves."""
    owed_track_steps: tuple[tuple[str, str, int], ...] = ()
    """Track steps still to take, each (colour, track, spaces), the first onto a space where its player
    chooses (an upgrade tile and the free ship, an exploration token, drawing up to a raised hand limit):
    ``tracks.advance_track`` stops there rather than choose for them."""

    def player(self, colour: str) -> Player:
        for player in self.players:
            if player.colour == colour:
                return player
        return _named(self.players, "colour", colour, "colour", "no such player")

    def kept(self, key: Any, work) -> Any:
        """``work(self)`` worked out once for this state (the board and its pieces, what each alliance base offers,
        the launches) and kept beside it while it is one of the recent states asked: a state never changes;
        what is kept is no part of it (neither copied by ``replace`` nor pickled)."""
        entry = _KEPT.get(id(self))
        if entry is None or entry[0] is not self:
            if len(_KEPT) >= _KEPT_STATES:
                _KEPT.clear()
            entry = _KEPT[id(self)] = (self, {})
        memo = entry[1]
        found = memo.get(key, memo)                   # the memo itself stands for "not worked out yet"
        if found is memo:
            found = memo[key] = work(self)
        return found

    def with_player(self, player: Player) -> "Game":
        self.player(player.colour)
        return replace(self, players=tuple(player if p.colour == player.colour else p for p in self.players))

    def region(self, name: str) -> Region:
        for region in self.regions:
            if region.name == name:
                return region
        return _named(self.regions, "name", name, "region", "no such region")

    def with_region(self, region: Region) -> "Game":
        self.region(region.name)
        return replace(self, regions=tuple(region if r.name == region.name else r for r in self.regions))

    def neighbours(self, name: str) -> tuple[str, ...]:
        """Regions sharing a border with ``name`` (the board's adjacency, given as links)."""
        self.region(name)
        found = [b for a, b in self.links if a == name] + [a for a, b in self.links if b == name]
        return tuple(sorted(set(found)))

    def pirate_figures(self, region: str) -> tuple[int, ...]:
        """The damage markers on each pirate figure in ``region`` (0 = undamaged), one per figure."""
        count = sum(1 for _, where in self.pirates if where == region)
        marks = dict(self.pirate_damage).get(region, ())
        return tuple(marks[:count]) + (0,) * max(0, count - len(marks))

    def with_pirate_damage(self, region: str, marks: tuple[int, ...]) -> "Game":
        """The same game with the pirate figures in ``region`` carrying ``marks`` (kept only if any is damaged)."""
        damage = [(r, m) for r, m in self.pirate_damage if r != region]
        if any(marks):
            damage.append((region, tuple(marks)))
        return replace(self, pirate_damage=tuple(sorted(damage)))

    def team_of(self, colour: str) -> str | None:
        """``colour``'s 2v2 team, or None when players play for themselves."""
        return dict(self.teams).get(colour)

    def developments_of(self, colour: str) -> tuple[tuple[str, Development], ...]:
        return tuple((r.name, r.development) for r in self.regions if r.development and r.development.owner == colour)

    def display(self, row: str) -> tuple[str, ...]:
        return dict(self.module_display).get(row, ())

    def deck(self, row: str) -> tuple[str, ...]:
        return dict(self.module_decks).get(row, ())

    def turn_order_from(self, colour: str) -> tuple[str, ...]:
        colours = [p.colour for p in self.players]
        start = colours.index(colour)
        return tuple(colours[start:] + colours[:start])

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(p.colour)}</td><td>{p.vp}</td><td>{html.escape(str(p.resources))}</td>"
            f"<td>{' '.join(f'{t[:3]} {p.track(t)}' for t in TRACKS)}</td><td>{len(p.tactics)}</td>"
            f"<td>{len(p.moons)}</td><td>{p.leaders}</td></tr>" for p in self.players
        )
        return ("<table class='tt-game'><tr><th>player</th><th>VP</th><th>resources</th><th>tracks</th>"
                f"<th>tactics</th><th>moons</th><th>leaders</th></tr>{rows}</table>"
                f"<p>Event marker: space {self.event_position}{' (event pending on ' + self.event_pending + ')' if self.event_pending else ''}</p>"
                + (self.player(self.active).station_svg() if self.active else ""))


def fleet(colour: str, catalog: Catalog | None = None) -> tuple[Ship, ...]:
    """A player's ships (玩家设置: 6 transports, a fighter, a science vessel, a heavy cruiser), the rulebook's
    starting ones (3 transports, ``[ships] start_in_bay``) in the launch bay, the rest unbuilt; basic specs."""
    catalog = catalog or load_catalog()
    ships = []
    for kind, count in catalog.fleet.items():
        for n in range(1, count + 1):
            ship_id = f"{kind}-{n}" if count > 1 else kind
            where = "bay" if n <= catalog.start_in_bay.get(kind, 0) else "supply"
            ships.append(Ship(kind, owner=colour, id=ship_id, where=where).fitted(catalog.ship(kind, False)))
    return tuple(ships)


def core_station(catalog: Catalog | None = None) -> tuple[StationModule, ...]:
    """The four core modules every station starts with (返回空间站回合 · 核心模块)."""
    catalog = catalog or load_catalog()
    return tuple(StationModule(m.name) for m in catalog.core_modules)


def hand_limit(player: Player, variant: AndromedaVariant = RULEBOOK, catalog: Catalog | None = None) -> int:
    """The variant's starting hand limit (the rulebook's 5, the ``[limits]`` table) plus every hand-limit
    increase reached on the civilization track."""
    catalog = catalog or load_catalog()
    return variant.hand_limit + sum(more for space, more in catalog.track("civilization").hand_limits if player.track("civilization") >= space)
