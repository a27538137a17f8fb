"""SETI's solar system: rings and 8 sectors around the sun, three stacked rotating discs with cut-outs.

The layout is data (``Layout``, read from ``data/solar_system.toml``); the state (``SolarSystem``) holds
the discs' turns, the sector boards' order, the probes in space, the orbiters and landers on the planet
board and the rotation marker. Every space knows its sector and the sector its star (S-F11, S-R1).

Sectors are numbered 0..7 anticlockwise here (the sky of ``seti.sector`` numbers its sectors 1..8): the
two meet by star name. ``stars`` lists the stars in sector order after set-up (neighbouring sectors are
neighbours in that list, 7 next to 0); ``star_of("Earth")`` is the star of the sector a scan signals,
``star_of("Mercury")`` TT #03's; ``earth_sector`` and ``sector_of(planet)`` give the numbers 0..7.

A space ``(ring, sector)`` shows the top disc that covers its ring and has no cut-out there; through
cut-outs the lower discs and finally the fixed board show. Turning disc ``k`` turns discs ``1..k``
together (设置 · 3 太阳系版图; 研究科技 · 旋转太阳系).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from ..engine.frozen import FrozenMap, replace
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Mapping, NamedTuple

import networkx as nx

from ..engine import svg as draw
from ..engine.errors import InvalidInput
from ..engine.rng import Rng
from ..engine.steps import Procedure, Step, result_of
from ..engine.decode import Decoder, Key, decode_text, identifier, items, key_text, read_path, text, whole
from .data_files import read_data
from .rewards import Reward
from .variant import RULEBOOK, SetiVariant

SECTORS = 8
DISCS = 3
BASE = 0  # layer number of the fixed board under the discs

SECTION_SETUP = "设置 · 3 太阳系版图"
SECTION_ROTATE = "研究科技 · 旋转太阳系"
SECTION_PT = "探测器科技"


class Space(NamedTuple):
    """A space of the solar system: its ring (1 = next to the sun) and its sector (0..7, anticlockwise)."""

    ring: int
    sector: int

    def __str__(self) -> str:
        return f"ring {self.ring}, sector {self.sector}"


@dataclass(frozen=True)
class Contents:
    """What a space shows: a planet, a comet, an asteroid field, a publicity icon (or nothing)."""

    planet: str | None = None
    comet: bool = False
    asteroid: bool = False
    publicity: int = 0

    def describe(self) -> str:
        parts = [self.planet] if self.planet else []
        parts += ["comet"] * self.comet + ["asteroids"] * self.asteroid
        if self.publicity:
            parts.append(f"{self.publicity} publicity icon")
        return ", ".join(parts) or "empty space"


EMPTY = Contents()


@dataclass(frozen=True)
class Disc:
    """A rotating disc: ``number`` 1 is the top one; it covers rings ``1..rings``.

    ``cutouts`` and ``spaces`` are keyed by ``(ring, position)``, positions counted on the disc itself.
    """

    number: int
    rings: int
    cutouts: frozenset[tuple[int, int]]
    spaces: Mapping[tuple[int, int], Contents]

    def solid(self, ring: int, position: int) -> bool:
        return ring <= self.rings and (ring, position) not in self.cutouts


@dataclass(frozen=True)
class SectorBoard:
    """One of the four sector boards: two stars, anticlockwise."""

    name: Annotated[str, identifier("sector board")]
    stars: tuple[str, str]


@dataclass(frozen=True)
class Moon:
    name: Annotated[str, identifier("moon")]
    reward: Reward


@dataclass(frozen=True)
class Planet:
    """A planet on the planet board: its orbit and landing rewards, first-lander data and moons."""

    name: str
    orbit: Reward
    land: Reward
    first_lander_data: tuple[int, ...]
    moons: tuple[Moon, ...] = ()

    def moon(self, name: str) -> Moon | None:
        return next((moon for moon in self.moons if moon.name == name), None)


@dataclass(frozen=True)
class Layout:
    """The solar system's printed parts, as data (see ``data/solar_system.toml`` for the format)."""

    name: str
    note: str
    illustrative: bool
    rings: int
    turn: str
    earth: str
    discs: tuple[Disc, ...]
    base: Mapping[tuple[int, int], Contents]
    sector_boards: tuple[SectorBoard, ...]
    planets: Mapping[str, Planet]

    @property
    def step(self) -> int:
        """+1 when the discs turn anticlockwise (the way sectors are counted), -1 otherwise."""
        return 1 if self.turn == "anticlockwise" else -1

    @classmethod
    def load(cls, path: str | Path | None = None) -> "Layout":
        """Read a layout file; the default is the illustrative layout shipped with the toolkit."""
        if path is None:
            return _shipped_layout()
        return cls.from_toml(read_path(path), str(path))

    @classmethod
    def from_toml(cls, text: str, source: str = "layout") -> "Layout":
        """Build and check a layout from a TOML text, decoded by ``engine.decode``: every fault is a
        ``DataError`` naming ``source``, the entry and the value."""
        found, decoder = decode_text(_LayoutFile, text, source)
        head = found.layout
        if len(found.disc) != DISCS:
            raise decoder.refuse(("disc",), len(found.disc), f"the solar system has exactly {DISCS} [[disc]] entries")
        discs: list[Disc] = []
        for index, entry in enumerate(found.disc):
            where = ("disc", index)
            if entry.number != index + 1:
                raise decoder.refuse(where + ("number",), entry.number, "discs are listed top first: 1, 2, 3")
            if entry.rings > head.rings:
                raise decoder.refuse(where + ("rings",), entry.rings, f"a disc covers at most the layout's {head.rings} rings")
            if discs and entry.rings <= discs[-1].rings:
                raise decoder.refuse(where + ("rings",), entry.rings, "a lower disc reaches further out than the one above it")
            cutouts = frozenset(_cell(decoder, where + ("cutouts", n), cell, entry.rings) for n, cell in enumerate(entry.cutouts))
            spaces = _spaces(decoder, where + ("space",), entry.space, entry.rings, cutouts)
            discs.append(Disc(entry.number, entry.rings, cutouts, spaces))
        base = _spaces(decoder, ("base", "space"), found.base.space, head.rings, frozenset())
        if len(found.sector_board) != 4:
            raise decoder.refuse(("sector_board",), len(found.sector_board), "four [[sector_board]] entries, two stars each")
        all_stars = [star for board in found.sector_board for star in board.stars]
        if len(set(all_stars)) != SECTORS:
            raise decoder.refuse(("sector_board", "stars"), all_stars, "the 8 sectors need 8 different stars (S-R1)")
        planets = {}
        for name, planet in found.planet.items():
            if name == head.earth:
                raise decoder.refuse(("planet", name), name, "no one orbits or lands on Earth: it has no planet entry")
            if not planet.first_lander_data:
                raise decoder.refuse(("planet", name, "first_lander_data"), [], "one data amount per first-lander space")
            planets[name] = Planet(name, planet.orbit, planet.land, planet.first_lander_data, planet.moon)
        layout = cls(name=head.name, note=head.note, illustrative=head.illustrative, rings=head.rings, turn=head.turn,
                     earth=head.earth, discs=tuple(discs), base=base, sector_boards=found.sector_board,
                     planets=FrozenMap(planets))
        _check_planets(decoder, layout)
        return layout


# The layout file's shape (decoded by engine.decode; the rules between entries are checked above).
@dataclass(frozen=True)
class _Head:
    rings: Annotated[int, whole(1, 8)]
    name: str = "layout"
    note: Annotated[str, text(empty=True)] = ""
    illustrative: bool = True
    turn: Annotated[str, text(one_of=("anticlockwise", "clockwise"))] = "anticlockwise"
    earth: str = "Earth"


@dataclass(frozen=True)
class _SpaceEntry:
    ring: Annotated[int, whole(1, 8)]
    position: Annotated[int, whole(0, SECTORS - 1)]
    planet: str | None = None
    comet: bool = False
    asteroid: bool = False
    publicity: Annotated[int, whole(0, 3)] = 0


@dataclass(frozen=True)
class _DiscEntry:
    number: Annotated[int, whole(1, DISCS)]
    rings: Annotated[int, whole(1, 8)]
    cutouts: Annotated[tuple[str, ...], items(most=8 * SECTORS)] = ()
    space: Annotated[tuple[_SpaceEntry, ...], items(most=8 * SECTORS)] = ()


@dataclass(frozen=True)
class _BaseEntry:
    space: Annotated[tuple[_SpaceEntry, ...], items(most=8 * SECTORS)] = ()


@dataclass(frozen=True)
class _PlanetEntry:
    first_lander_data: Annotated[tuple[int, ...], items(most=4, high=99)]
    orbit: Reward = Reward()
    land: Reward = Reward()
    moon: Annotated[tuple[Moon, ...], items(most=4, defaults={"reward": Reward()})] = ()


@dataclass(frozen=True)
class _LayoutFile:
    layout: _Head
    disc: Annotated[tuple[_DiscEntry, ...], items(most=DISCS)]
    sector_board: Annotated[tuple[SectorBoard, ...], items(most=4)]
    base: _BaseEntry = _BaseEntry()
    planet: Annotated[Mapping[str, _PlanetEntry], items(most=20)] = FrozenMap()


def _cell(decoder: Decoder, key: Key, cell: str, rings: int) -> tuple[int, int]:
    """A cut-out cell written ``"ring:position"``."""
    ring_text, _, position_text = cell.partition(":")
    if not (ring_text.isdigit() and position_text.isdigit()):
        raise decoder.refuse(key, cell, 'a cell is written "ring:position", e.g. "1:3"')
    ring, position = int(ring_text), int(position_text)
    if not 1 <= ring <= rings or not 0 <= position < SECTORS:
        raise decoder.refuse(key, cell, f"ring 1..{rings} and position 0..{SECTORS - 1}")
    return ring, position


def _spaces(decoder: Decoder, key: Key, entries: tuple[_SpaceEntry, ...], rings: int,
            cutouts: frozenset[tuple[int, int]]) -> FrozenMap[tuple[int, int], Contents]:
    """A layer's printed spaces by (ring, position): on its rings, each once, none on a cut-out."""
    spaces: dict[tuple[int, int], Contents] = {}
    for index, entry in enumerate(entries):
        cell = (entry.ring, entry.position)
        if entry.ring > rings:
            raise decoder.refuse(key + (index, "ring"), entry.ring, f"this layer covers rings 1..{rings}")
        if cell in cutouts:
            raise decoder.refuse(key + (index,), f"{cell[0]}:{cell[1]}", "this cell is a cut-out; nothing is printed there")
        if cell in spaces:
            raise decoder.refuse(key + (index,), f"{cell[0]}:{cell[1]}", f"ring {cell[0]} position {cell[1]} is listed twice")
        spaces[cell] = Contents(entry.planet, entry.comet, entry.asteroid, entry.publicity)
    return FrozenMap(spaces)


def _check_planets(decoder: Decoder, layout: Layout) -> None:
    seen: dict[str, str] = {}
    layers: list[tuple[Key, Mapping[tuple[int, int], Contents]]] = [
        (("disc", d.number - 1, "space"), d.spaces) for d in layout.discs] + [(("base", "space"), layout.base)]
    for where, spaces in layers:
        for contents in spaces.values():
            if contents.planet is None:
                continue
            if contents.planet in seen:
                raise decoder.refuse(where, contents.planet, f"this planet is already printed in {seen[contents.planet]}")
            seen[contents.planet] = key_text(where)
            if contents.planet == layout.earth and contents.publicity:
                raise decoder.refuse(where, contents.publicity, "visiting Earth gives no publicity (移动)")
            if contents.planet != layout.earth and contents.planet not in layout.planets:
                raise decoder.refuse(where, contents.planet, "no [planet.NAME] entry gives its rewards")
            if contents.asteroid or contents.comet:
                raise decoder.refuse(where, contents.planet, "a planet space holds no comet or asteroids")
    if layout.earth not in seen:
        raise decoder.refuse(("layout", "earth"), layout.earth, "Earth must be printed on some space: probes launch there")
    missing = sorted(set(layout.planets) - set(seen))
    if missing:
        raise decoder.refuse(("planet", missing[0]), missing[0], "this planet has rewards but no space")


# ---------------------------------------------------------------- the state


@dataclass(frozen=True)
class Probe:
    """A probe in space: ``id`` (launch order), owner colour and the space it is in."""

    id: int
    owner: str
    space: Space


@dataclass(frozen=True)
class Placement:
    """A model on the planet board: an orbiter or a lander (on the planet, or on ``moon``).

    ``first`` is the index of the first-orbiter / first-lander space the model covers, if any.
    """

    planet: str
    owner: str
    kind: str  # "orbiter" or "lander"
    moon: str | None = None
    first: int | None = None


@dataclass(frozen=True)
class Ride:
    """What one rotation did to one probe: ``"carried"``, ``"pushed"`` or ``"stays"``."""

    probe: Probe
    outcome: str
    to: Space
    publicity: int  # what entering pays a pushed probe's owner, before the cap (0 otherwise)


@cache
def _shipped_layout() -> Layout:
    """The illustrative layout shipped with the toolkit, read once (a layout is read-only all through)."""
    return Layout.from_toml(read_data("solar_system.toml"), "solar_system.toml")


_SHOWN: dict = {}
_PLANETS: dict = {}  # (layout id, disc turns) -> (layout, where each planet shows)
_GRAPHS: dict = {}


@dataclass(frozen=True)
class SolarSystem:
    """The solar system in play: disc turns, sector boards, probes, planet-board models, rotation marker.

    ``turns[d-1]`` counts the sector steps disc ``d`` has turned since set-up orientation 0 (it moves
    whenever disc ``d`` or a disc below it turns). ``boards`` lists the sector boards in sector order.
    ``rotations`` counts rotations so far: the marker shows disc ``rotations % 3 + 1`` turns next.
    """

    layout: Layout
    turns: tuple[int, int, int] = (0, 0, 0)
    boards: tuple[str, ...] = ()
    probes: tuple[Probe, ...] = ()
    placements: tuple[Placement, ...] = ()
    rotations: int = 0
    next_probe: int = 1

    def __post_init__(self) -> None:
        names = [b.name for b in self.layout.sector_boards]
        if not self.boards:
            object.__setattr__(self, "boards", tuple(names))
        elif sorted(self.boards) != sorted(names):
            raise InvalidInput("boards", self.boards, f"an order of the four sector boards {names}")
        if len(self.turns) != DISCS:
            raise InvalidInput("turns", self.turns, "one turn count per disc")

    @classmethod
    def default(cls) -> "SolarSystem":
        """The illustrative default layout at orientation 0, boards in file order."""
        return cls(Layout.load())

    # -- geometry ---------------------------------------------------------

    def spaces(self) -> tuple[Space, ...]:
        return tuple(Space(r, s) for r in range(1, self.layout.rings + 1) for s in range(SECTORS))

    def _position(self, disc: Disc, space: Space) -> int:
        return (space.sector - self.layout.step * self.turns[disc.number - 1]) % SECTORS

    def layer(self, space: Space) -> int:
        """The layer showing at ``space``: disc 1..3 (top first), or 0 for the fixed board."""
        self.check_space(space)
        for disc in self.layout.discs:
            if disc.solid(space.ring, self._position(disc, space)):
                return disc.number
        return BASE

    def contents(self, space: Space) -> Contents:
        """What ``space`` shows now."""
        found = self._shown().get(space)
        if found is None:
            self.check_space(space)
            raise InvalidInput("space", space, "no such space")  # pragma: no cover (check_space refuses it first)
        return found

    def _shown(self) -> dict[Space, Contents]:
        """What every space shows at these disc turns (worked out once per layout and turns: the discs'
        geometry is all it depends on)."""
        key = (id(self.layout), self.turns)
        cached = _SHOWN.get(key)
        if cached is not None and cached[0] is self.layout:
            return cached[1]
        table: dict[Space, Contents] = {}
        for space in self.spaces():
            layer = self.layer(space)
            if layer == BASE:
                table[space] = self.layout.base.get((space[0], space[1]), EMPTY)
            else:
                disc = self.layout.discs[layer - 1]
                table[space] = disc.spaces.get((space.ring, self._position(disc, space)), EMPTY)
        if len(_SHOWN) > 4096:
            _SHOWN.clear()
        _SHOWN[key] = (self.layout, table)
        return table

    def check_space(self, space: Any) -> None:
        """``InvalidInput`` unless ``space`` is a (ring, sector) of this solar system."""
        if not (isinstance(space, tuple) and len(space) == 2 and 1 <= space[0] <= self.layout.rings and 0 <= space[1] < SECTORS):
            raise InvalidInput("space", space, f"a space is (ring 1..{self.layout.rings}, sector 0..{SECTORS - 1}); the sun is no space")

    def planet_space(self, planet: str) -> Space | None:
        """Where ``planet`` shows now (``None`` when a disc above covers it)."""
        key = (id(self.layout), self.turns)
        cached = _PLANETS.get(key)
        if cached is None or cached[0] is not self.layout:
            where: dict[str, Space] = {}
            for space, contents in self._shown().items():
                if contents.planet and contents.planet not in where:
                    where[contents.planet] = space
            if len(_PLANETS) > 4096:
                _PLANETS.clear()
            cached = _PLANETS[key] = (self.layout, where)
        return cached[1].get(planet)

    @property
    def earth(self) -> Space:
        space = self.planet_space(self.layout.earth)
        if space is None:
            raise InvalidInput("layout", self.layout.name, "Earth is covered by a disc: probes cannot launch")
        return space

    def star(self, sector: int) -> str:
        """The star of ``sector`` (each of the 8 sectors has one, S-R1)."""
        if not isinstance(sector, int) or not 0 <= sector < SECTORS:
            raise InvalidInput("sector", sector, f"a sector is 0..{SECTORS - 1}")
        boards = {b.name: b for b in self.layout.sector_boards}
        return boards[self.boards[sector // 2]].stars[sector % 2]

    @property
    def stars(self) -> tuple[str, ...]:
        """The 8 stars in sector order 0..7 (the sector boards' order chosen at set-up)."""
        return tuple(self.star(sector) for sector in range(SECTORS))

    @property
    def earth_sector(self) -> int:
        """Earth's sector now (0..7): where a scan marks its signal (扫描附近的恒星, S-F11)."""
        return self.earth.sector

    def star_of(self, planet: str) -> str | None:
        """The star of the sector ``planet`` shows in now (``None`` if a disc covers it): the sky's
        sector of that star is the planet's sector for scanning (Earth) and TT #03 (Mercury)."""
        sector = self.sector_of(planet)
        return None if sector is None else self.star(sector)

    def sector_of_star(self, star: str) -> int:
        """The sector (0..7) of ``star``; ``InvalidInput`` for a star not on the sector boards."""
        if star not in self.stars:
            raise InvalidInput("star", star, f"the stars round this solar system: {list(self.stars)}")
        return self.stars.index(star)

    def sector_of(self, what: str | Space) -> int | None:
        """The sector of a space, or of a planet by name (``None`` if covered). Earth's sector is
        where scans signal, Mercury's is TT #03's (S-F11)."""
        if isinstance(what, str):
            space = self.planet_space(what)
            return None if space is None else space.sector
        self.check_space(what)
        return what[1]

    def neighbours(self, space: Space) -> tuple[Space, ...]:
        """Adjacent spaces, no diagonals; ring 1 does not cross the sun (移动)."""
        self.check_space(space)
        ring, sector = space
        near = [Space(ring, (sector - 1) % SECTORS), Space(ring, (sector + 1) % SECTORS)]
        if ring > 1:
            near.append(Space(ring - 1, sector))
        if ring < self.layout.rings:
            near.append(Space(ring + 1, sector))
        return tuple(near)

    def step_cost(self, origin: Space, techs: frozenset[str] = frozenset(), variant: SetiVariant = RULEBOOK) -> int:
        """Move points one step out of ``origin`` takes: 1, one more out of asteroids (not with PT #03)."""
        leaving_asteroids = self.contents(origin).asteroid and "PT3" not in techs
        return 1 + (variant.asteroid_exit_extra if leaving_asteroids else 0)

    def entry_publicity(self, target: Space, techs: frozenset[str] = frozenset(), variant: SetiVariant = RULEBOOK) -> int:
        """Publicity for entering ``target`` (before the cap): its icon; asteroids with PT #03 (S-F10)."""
        contents = self.contents(target)
        return contents.publicity + (variant.pt3_asteroid_publicity if contents.asteroid and "PT3" in techs else 0)

    def graph(self, techs: frozenset[str] = frozenset(), variant: SetiVariant = RULEBOOK) -> nx.DiGraph:
        """The movement graph: an edge per step between adjacent spaces, with ``moves`` (``step_cost``)
        and ``publicity`` (``entry_publicity``). Built once per layout, disc turns, PT #03 and variant
        (nothing else changes it); treat it as read-only."""
        key = (id(self.layout), self.turns, "PT3" in techs, variant)
        cached = _GRAPHS.get(key)
        if cached is not None and cached[0] is self.layout:
            return cached[1]
        graph = self._build_graph(techs, variant)
        if len(_GRAPHS) > 1024:
            _GRAPHS.clear()
        _GRAPHS[key] = (self.layout, graph)
        return graph

    def _build_graph(self, techs: frozenset[str], variant: SetiVariant) -> nx.DiGraph:
        graph = nx.DiGraph()
        for space in self.spaces():
            graph.add_node(space, contents=self.contents(space))
        for space in self.spaces():
            moves = self.step_cost(space, techs, variant)
            for target in self.neighbours(space):
                graph.add_edge(space, target, moves=moves, publicity=self.entry_publicity(target, techs, variant))
        return graph

    # -- pieces -----------------------------------------------------------

    def probe(self, probe_id: int) -> Probe:
        for probe in self.probes:
            if probe.id == probe_id:
                return probe
        raise InvalidInput("probe", probe_id, f"no probe with this id in space; ids: {[p.id for p in self.probes]}")

    def probes_of(self, colour: str) -> tuple[Probe, ...]:
        """``colour``'s probes in space (on the solar system board only, 发射一个探测器)."""
        return tuple(p for p in self.probes if p.owner == colour)

    def probes_at(self, space: Space) -> tuple[Probe, ...]:
        return tuple(p for p in self.probes if p.space == space)

    def sectors_with_probes(self, colour: str) -> tuple[int, ...]:
        """Sectors holding one of ``colour``'s probes ("a sector with one of your probes", S-F11)."""
        return tuple(sorted({p.space.sector for p in self.probes_of(colour)}))

    def orbiters(self, planet: str) -> tuple[Placement, ...]:
        return tuple(p for p in self.placements if p.planet == planet and p.kind == "orbiter")

    def landers(self, planet: str, moon: str | None = None) -> tuple[Placement, ...]:
        """Landers on ``planet`` itself, or on ``moon``."""
        return tuple(p for p in self.placements if p.planet == planet and p.kind == "lander" and p.moon == moon)

    def first_orbiter(self, planet: str) -> str | None:
        return next((p.owner for p in self.orbiters(planet) if p.first is not None), None)

    def first_landers(self, planet: str) -> tuple[str | None, ...]:
        """Who covers each first-lander space (``None``: still free)."""
        spaces = len(self.planet(planet).first_lander_data)
        covered = {p.first: p.owner for p in self.landers(planet) if p.first is not None}
        return tuple(covered.get(index) for index in range(spaces))

    def on_planet(self, colour: str, planet: str) -> int:
        """``colour``'s models "on a planet": orbiters and landers, moons included; not probes in
        space (卡片术语, S-F12)."""
        return sum(1 for p in self.placements if p.planet == planet and p.owner == colour)

    def planet(self, name: str) -> Planet:
        """The planet-board data of ``name`` (rewards, first-lander spaces, moons)."""
        try:
            return self.layout.planets[name]
        except KeyError:
            raise InvalidInput("planet", name, f"known planets: {sorted(self.layout.planets)}") from None

    # -- rotation -----------------------------------------------------------

    @property
    def next_disc(self) -> int:
        """The disc the rotation marker says turns next: 1, 2, 3, then 1 again."""
        return self.rotations % DISCS + 1

    def rotated(self, techs: Mapping[str, frozenset[str]] | None = None,
                variant: SetiVariant = RULEBOOK) -> tuple["SolarSystem", tuple[Ride, ...]]:
        """Turn the marker's disc one sector (carrying the discs above it); returns what each probe did.

        A probe on a turning disc rides along; a probe in a cut-out stays, unless a turning disc's wall
        now covers its space: then it is pushed into the next space (研究科技 · 旋转太阳系), and its
        ``Ride.publicity`` is what entering that space pays: the icon, plus PT #03's for asteroids when
        ``techs`` (owner colour → tech ids) gives the owner PT #03 and ``variant.pt3_on_push`` holds.
        """
        owned = techs or {}
        disc = self.next_disc
        turns = tuple(t + 1 if number <= disc else t for number, t in enumerate(self.turns, 1))
        after = replace(self, turns=turns, rotations=self.rotations + 1)
        rides, probes = [], []
        for probe in self.probes:
            ahead = Space(probe.space.ring, (probe.space.sector + self.layout.step) % SECTORS)
            if 0 < self.layer(probe.space) <= disc:
                ride = Ride(probe, "carried", ahead, 0)
            elif 0 < after.layer(probe.space) <= disc:
                pays = owned.get(probe.owner, frozenset()) if variant.pt3_on_push else frozenset()
                ride = Ride(probe, "pushed", ahead, after.entry_publicity(ahead, pays, variant))
            else:
                ride = Ride(probe, "stays", probe.space, 0)
            rides.append(ride)
            probes.append(replace(probe, space=ride.to))
        return replace(after, probes=tuple(probes)), tuple(rides)

    # -- pictures -----------------------------------------------------------

    def _repr_svg_(self) -> str:
        return self.svg()

    def svg(self, highlight: int | None = None, caption: str | None = None, route: tuple[Space, ...] = ()) -> str:
        """The solar system drawn: layers by colour, contents, probes, stars, and the planet board.

        ``highlight`` outlines the discs turning in a rotation of that disc; ``route`` is drawn as a line.
        """
        return _draw(self, highlight, caption, route)


# ---------------------------------------------------------------- set-up


def random_setup(rng: Rng, layout: Layout | None = None) -> SolarSystem:
    """The solar-system part of set-up: each disc turned at random, the four sector boards in random
    order (设置 · 3 太阳系版图, S-F11). Seeded: the same ``Rng`` gives the same system."""
    return result_of(setup_steps(rng, layout))


def setup_steps(rng: Rng, layout: Layout | None = None) -> Procedure:
    """Set up the solar system step by step (for ``seti.setup``); returns the ``SolarSystem``.

    Disc 3 is turned first, then 2, then 1, each to one of 8 orientations; turning a lower disc turns
    the ones on it, so each disc's final orientation is the sum of its own and the lower discs' turns.
    """
    layout = layout or Layout.load()
    system = SolarSystem(layout)
    own = {}
    for disc in (3, 2, 1):
        own[disc] = rng.choice(range(SECTORS))
        turns = tuple(sum(own.get(d, 0) for d in range(number, DISCS + 1)) for number in (1, 2, 3))
        system = replace(system, turns=turns)
        yield Step(f"Turn disc {disc}", f"Disc {disc} is turned {own[disc]} sector(s) from its start orientation"
                   + (", carrying the discs on top of it." if disc > 1 else "."), SECTION_SETUP, system,
                   {"disc": disc, "sectors": own[disc]})
    order = rng.shuffled([b.name for b in layout.sector_boards])
    system = replace(system, boards=tuple(order))
    stars = ", ".join(f"{s}: {system.star(s)}" for s in range(SECTORS))
    yield Step("Place the sector boards", f"The four sector boards go round the discs in the order {', '.join(order)}; "
               f"each of the 8 sectors has one star ({stars}).", SECTION_SETUP, system, {"boards": order})
    return system


# ---------------------------------------------------------------- the rulebook's rotation example

ROTATION_EXAMPLE = """
[layout]
name = "Constructed rotation example"
note = "Constructed (S-R2): the rulebook's four panels give no coordinates; this layout is built so the story holds."
illustrative = true
rings = 3
turn = "anticlockwise"
earth = "Earth"

[[disc]]
number = 1
rings = 1
cutouts = ["1:1", "1:2"]
space = [{ ring = 1, position = 5, planet = "Mercury", publicity = 1 }]

[[disc]]
number = 2
rings = 2
cutouts = ["1:2"]
space = [{ ring = 2, position = 0, planet = "Earth" }]

[[disc]]
number = 3
rings = 3
cutouts = []
space = [{ ring = 1, position = 3, comet = true, publicity = 1 }]

[[sector_board]]
name = "I"
stars = ["Barnard's Star", "Beta Pictoris"]
[[sector_board]]
name = "II"
stars = ["Kepler 22", "Proxima Centauri"]
[[sector_board]]
name = "III"
stars = ["Sirius A", "Vega"]
[[sector_board]]
name = "IV"
stars = ["Procyon", "61 Virginis"]

[planet.Mercury]
first_lander_data = [1]
"""


def rotation_example() -> SolarSystem:
    """The rulebook's four-panel rotation example on a constructed layout (S-R2): a green probe sits
    in a two-space gap of disc 1 and a one-space gap of disc 2, on disc 3; the comet is on disc 3 in
    the next space. Rotate three times: it stays, is pushed onto the comet (+1 publicity), then rides."""
    layout = Layout.from_toml(ROTATION_EXAMPLE, "rotation example")
    return SolarSystem(layout, probes=(Probe(1, "green", Space(1, 2)),), next_probe=2)


# ---------------------------------------------------------------- drawing

LAYER_FILL = {1: "dune", 2: "amber", 3: "copper", BASE: "dusk"}
LAYER_NAME = {1: "disc 1", 2: "disc 2", 3: "disc 3", BASE: "fixed board"}
PLANET_FILL = {
    "Earth": "blue", "Mercury": "grey", "Venus": "sand", "Mars": "rust", "Jupiter": "tan",
    "Saturn": "wheat", "Uranus": "aqua", "Neptune": "royal",
}
"""Each planet's colour (names of the one palette, ``engine.svg``); its name is written on it in ``PLANET_INK``."""
PLANET_INK = {"Earth": "white", "Mars": "white", "Neptune": "white"}
CENTRE, SUN, RING_WIDTH = 360, 42, 56
#: Type sizes, chosen to read on a projector (engine.svg's floor is 13 px).
LABEL_PX, STAR_PX, PANEL_PX = 13, 15, 14
PANEL_WIDTH = 270


def _point(radius: float, angle: float) -> tuple[float, float]:
    return CENTRE + radius * math.cos(angle), CENTRE - radius * math.sin(angle)


def _angle(sector: float) -> float:
    return math.radians(90 + sector * 360 / SECTORS)


def _fmt(value: float) -> str:
    return f"{value:.1f}"


def _wedge(inner: float, outer: float, sector: int) -> str:
    a0, a1 = _angle(sector), _angle(sector + 1)
    x0, y0 = _point(outer, a0)
    x1, y1 = _point(outer, a1)
    x2, y2 = _point(inner, a1)
    x3, y3 = _point(inner, a0)
    return (f"M{_fmt(x0)},{_fmt(y0)} A{outer},{outer} 0 0 0 {_fmt(x1)},{_fmt(y1)} "
            f"L{_fmt(x2)},{_fmt(y2)} A{inner},{inner} 0 0 1 {_fmt(x3)},{_fmt(y3)} Z")


def _centre(space: Space) -> tuple[float, float]:
    return _point(SUN + RING_WIDTH * (space.ring - 0.5), _angle(space.sector + 0.5))


def _draw(system: SolarSystem, highlight: int | None, caption: str | None, route: tuple[Space, ...]) -> str:
    layout = system.layout
    outer = SUN + RING_WIDTH * layout.rings
    width = 2 * CENTRE + PANEL_WIDTH + 10
    title = caption or f"{layout.name} — next rotation turns disc {system.next_disc}"
    title_lines = draw.wrapped(title, width - 16, PANEL_PX)
    out: list[draw.Element] = []
    for space in system.spaces():
        inner = SUN + RING_WIDTH * (space.ring - 1)
        layer = system.layer(space)
        moving = highlight is not None and 0 < layer <= highlight
        out.append(draw.element(
            "path", draw.title(f"ring {space.ring}, beside {system.star(space.sector)}: "
                               f"{system.contents(space).describe()} ({LAYER_NAME[layer]})"),
            d=_wedge(inner, inner + RING_WIDTH, space.sector), fill=LAYER_FILL[layer],
            stroke="white" if moving else "night", stroke_width=2.5 if moving else 1))
    out.append(draw.circle(CENTRE, CENTRE, SUN - 4, fill="sun"))
    out.append(draw.text(CENTRE, CENTRE + 5, "sun", anchor="middle", font_size=PANEL_PX, fill="ink"))
    for space in system.spaces():
        out.extend(_draw_contents(system, space))
    for sector in range(SECTORS):
        out.append(_star_label(system.star(sector), sector, outer))
    if route:
        out.append(draw.polyline(tuple(map(_centre, route)), class_="tt-route", fill="none", stroke="cyan", stroke_width=4,
                                 stroke_linejoin="round", stroke_dasharray="8 5"))
    out.extend(_draw_probes(system))
    panel, bottom = _draw_panel(system, 2 * CENTRE + 10)
    out.extend(panel)
    height = max(2 * CENTRE, bottom) + 10 + 20 * len(title_lines)
    for n, line_text in enumerate(title_lines):
        out.append(draw.text(8, height - 12 - 20 * (len(title_lines) - 1 - n), line_text, font_size=PANEL_PX, fill="white"))
    return draw.svg(width, height, draw.rect(0, 0, width, height, fill="night"), *out, class_="tt-seti-solar",
                    font_family="sans-serif", font_size=LABEL_PX).render()


def _star_label(star: str, sector: int, outer: float) -> draw.Element:
    """The star of a sector outside the rings, the way the sector boards print it (names, not numbers)."""
    angle = _angle(sector + 0.5)
    x, y = _point(outer + 14, angle)
    anchor = "start" if x > CENTRE + 20 else "end" if x < CENTRE - 20 else "middle"
    lines = draw.wrapped(star, CENTRE - outer - 24, STAR_PX)
    top = y + 5 - 9 * (len(lines) - 1)
    return draw.group(*(draw.text(x, top + 18 * n, line_text, anchor=anchor, font_size=STAR_PX, font_weight="bold",
                                  fill="highlight") for n, line_text in enumerate(lines)), class_="tt-star")


def _draw_contents(system: SolarSystem, space: Space) -> list[draw.Element]:
    contents = system.contents(space)
    x, y = _centre(space)
    out: list[draw.Element] = []
    if contents.planet:
        name = contents.planet
        pill = draw.text_width(name, LABEL_PX) + 10
        out.append(draw.rect(x - pill / 2, y - 12, pill, 24, rx=12, fill=PLANET_FILL.get(name, "silver"), stroke="ink"))
        out.append(draw.text(x, y + 5, name, anchor="middle", font_size=LABEL_PX, font_weight="bold",
                             fill=PLANET_INK.get(name, "ink")))
    if contents.comet:
        out.append(draw.circle(x, y, 6, fill="white"))
        out.append(draw.path(f"M{_fmt(x + 4)},{_fmt(y - 3)} L{_fmt(x + 18)},{_fmt(y - 10)} L{_fmt(x + 5)},{_fmt(y + 2)} Z",
                             fill="sky"))
    if contents.asteroid:
        for dx, dy in ((-8, -4), (0, 5), (7, -6), (9, 6), (-6, 8)):
            out.append(draw.circle(x + dx, y + dy, 3, fill="muted"))
    if contents.publicity:
        px, py = (x - 8, y - 21) if contents.planet else (x - 14, y - 12)
        out.append(draw.circle(px, py, 9, fill="red"))
        out.append(draw.text(px, py + 4.5, str(contents.publicity), anchor="middle", font_size=LABEL_PX, font_weight="bold",
                             fill="white"))
    return out


def _draw_probes(system: SolarSystem) -> list[draw.Element]:
    out = []
    for space in system.spaces():
        cx, cy = _centre(space)
        for index, probe in enumerate(system.probes_at(space)):
            x, y = cx - 10 + 21 * index, cy + 13
            out.append(draw.group(
                draw.title(f"probe {probe.id} ({probe.owner}) at ring {space.ring}, beside {system.star(space.sector)}"),
                draw.rect(x, y, 20, 20, rx=3, fill=draw.colour_named(probe.owner), stroke="white", stroke_width=1.5),
                draw.text(x + 10, y + 15, str(probe.id), anchor="middle", font_size=LABEL_PX, font_weight="bold",
                          fill="white"),
                class_="tt-probe"))
    return out


def _draw_panel(system: SolarSystem, left: int) -> tuple[list[draw.Element], float]:
    """The planet board beside the discs: each planet's sector (by its star), orbiters and landers; the
    layers' key. Returns the elements and the panel's lowest line."""
    out: list[draw.Element] = []
    y = 26.0
    out.append(draw.text(left, y, "Planet board", font_size=17, fill="white", font_weight="bold"))
    for name, planet in system.layout.planets.items():
        y += 10
        sector = system.sector_of(name)
        where = "covered by a disc" if sector is None else f"beside {system.star(sector)}"
        orbit = ", ".join(p.owner for p in system.orbiters(name)) or "–"
        land = ", ".join(p.owner for p in system.landers(name)) or "–"
        for line_text in draw.wrapped(f"{name} ({where})", PANEL_WIDTH - 8, PANEL_PX):
            y += 18
            out.append(draw.text(left, y, line_text, font_size=PANEL_PX, fill="white", font_weight="bold"))
        for line_text in draw.wrapped(f"orbit {orbit}; land {land}", PANEL_WIDTH - 20, PANEL_PX):
            y += 18
            out.append(draw.text(left + 12, y, line_text, font_size=PANEL_PX, fill="sky"))
        for moon in planet.moons:
            taken = system.landers(name, moon.name)
            if taken:
                y += 18
                out.append(draw.text(left + 12, y, f"moon {moon.name}: {taken[0].owner}", font_size=PANEL_PX, fill="sky"))
    y += 30
    for layer in (1, 2, 3, BASE):
        out.append(draw.rect(left, y - 12, 14, 14, fill=LAYER_FILL[layer], stroke="sky"))
        out.append(draw.text(left + 20, y, LAYER_NAME[layer], font_size=PANEL_PX, fill="sky"))
        y += 20
    if system.layout.illustrative:
        y += 8
        out.append(draw.text(left, y, "illustrative layout (sample data)", font_size=PANEL_PX, fill="apricot"))
    return out, y


__all__ = [
    "Contents", "Disc", "Layout", "Moon", "Placement", "Planet", "Probe", "Ride", "SectorBoard",
    "SolarSystem", "Space", "random_setup", "rotation_example", "setup_steps",
]


def space_words(solar: "SolarSystem", space: Any) -> str:
    """A space of the solar system as a person reads it: what is there and the star of its sector
    (``Mars (ring 3, beside Procyon)``, ``ring 2, beside Sirius A``; the rulebook prints stars, not numbers)."""
    ring, sector = space
    contents = solar.contents(Space(ring, sector))
    what = contents.planet or ("a comet" if contents.comet else "asteroids" if contents.asteroid else "")
    where = f"ring {ring}, beside {solar.star(sector)}"
    return f"{what} ({where})" if what else where
