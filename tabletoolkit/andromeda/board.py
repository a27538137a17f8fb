"""The Andromeda's Edge board as data: regions, their links, the set-up fill order, distances, a picture.

A ``Board`` is geometry: regions (planets, alliance bases, nebulae, special regions and empty tile
spaces), the links between them and where to draw them. ``Pieces`` is what stands on it: ships,
pirates, developments and leaders. The rules on the graph (launches, raids, escalation, pirate
placement) take both explicitly, so the game state can fill them in.

The rulebook does not give the printed board's geometry. ``Board.default()`` loads an illustrative
layout (``data/default_board.toml``) built from what the text does say; users edit that file (or
write their own, same format) to match their copy. The file format is documented at its top.
"""

from __future__ import annotations

import html
from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal

import networkx as nx

from ..engine import IllegalAction, InvalidInput, Rng
from ..engine.decode import Decoder, FrozenMap, identifier, items, number, parse_text, read_packaged, read_path, text, whole
from ..engine.frozen import replace
from .board_drawing import board_svg
from .state import Ship
from .board_drawing import measures as board_measures

#: Region kinds. ``empty`` is a tile space no tile has been laid in yet.
KINDS = ("planet", "alliance_base", "nebula", "quasar", "vortex", "empty")
TILE_KINDS = ("planet", "alliance_base", "quasar", "vortex")

#: The six alliance bases (发射回合 · 联盟基地行动), by key.
ALLIANCE_BASES = {
    "monolith": "Monolith of Ancients",
    "trade_hub": "Trade Hub",
    "maximus": "Maximus Field",
    "odessa": "Odessa Field",
    "shipyard": "Shipyard",
    "development_office": "Development Office",
}

#: Development types and their progress tracks (开发 · 开发能力).
DEVELOPMENTS = {
    "observatory": "science",
    "factory": "industry",
    "spaceport": "commerce",
    "city": "civilization",
    "obelisk": "supremacy",
}

#: Moons laid at set-up per region kind (游戏设置 · 5 卫星指示物).
MOONS_AT_SET_UP = {"planet": 3, "nebula": 1}

_DEFAULT_BOARD = "default_board.toml"
_DEFAULT_BOARDS: dict[type, "Board"] = {}


@dataclass(frozen=True)
class Tile:
    """A region tile laid into a tile space at set-up (or revealed by an event)."""

    id: str
    kind: str
    name: str
    development: str | None = None
    dice: tuple[int, ...] = ()

    @classmethod
    def base(cls, key: str) -> "Tile":
        """The alliance-base tile ``key`` (one of ``ALLIANCE_BASES``)."""
        if key not in ALLIANCE_BASES:
            raise InvalidInput("base", key, f"the alliance bases are {sorted(ALLIANCE_BASES)}")
        return cls(key, "alliance_base", ALLIANCE_BASES[key])


@dataclass(frozen=True)
class Region:
    """One region of the board.

    ``dice`` are the die numbers printed on a nebula or special region (random placement);
    ``development`` the development type a planet takes; ``base`` which alliance base it is;
    ``slot`` the tile space's place in the fill order (``None`` for fixed regions such as nebulae);
    ``special`` marks a tile space that takes the special-region tiles first.
    """

    id: str
    kind: str
    name: str
    xy: tuple[float, float] = (0.0, 0.0)
    dice: tuple[int, ...] = ()
    development: str | None = None
    base: str | None = None
    slot: int | None = None
    special: bool = False
    tile: str | None = None

    @property
    def label(self) -> str:
        """The region as people name it: ``"Shipyard (A3)"``."""
        return self.name if self.name == self.id else f"{self.name} ({self.id})"

    @property
    def moons(self) -> int:
        """Moons laid here at set-up (游戏设置 · 5 卫星指示物): a stack of 3 in the planet's development
        colour on a planet, 1 abandoned moon face up on a nebula, none elsewhere."""
        return MOONS_AT_SET_UP.get(self.kind, 0)


class Board:
    """The board's regions and links. Immutable: ``lay_out`` and ``place_next`` return new boards.

    ``board.graph`` is a networkx graph with the regions' attributes on its nodes;
    ``board.distance(a, b)`` counts steps between regions along links, never through a Quasar.
    """

    def __init__(
        self,
        regions: Iterable[Region],
        links: Iterable[tuple[str, str]],
        *,
        title: str = "Board",
        note: str = "",
        planets_by_players: Mapping[int, int] | None = None,
        tiles: Iterable[Tile] = (),
    ):
        self.title = title
        self.note = note
        by_id: dict[str, Region] = {}
        for region in regions:
            _check_region(region)
            if region.id in by_id:
                raise InvalidInput(f"regions.{region.id}", region.id, "two regions share this id")
            by_id[region.id] = region
        # read-only views: a board never changes; lay_out and place_next return new boards
        self.regions: Mapping[str, Region] = MappingProxyType(by_id)
        names: dict[str, str] = {}
        for region in self.regions.values():
            if region.kind != "empty" and region.name in names and names[region.name] != region.id:
                raise InvalidInput(f"regions.{region.id}.name", region.name, f"region {names[region.name]} has the same name")
            names[region.name] = region.id
        slots = [r.slot for r in self.regions.values() if r.slot is not None]
        if len(slots) != len(set(slots)):
            raise InvalidInput("regions", sorted(slots), "two tile spaces share a fill order number")
        self._neighbours: dict[str, set[str]] = {rid: set() for rid in self.regions}
        self.links: tuple[tuple[str, str], ...] = ()
        seen = set()
        for index, link in enumerate(links):
            if not (isinstance(link, (tuple, list)) and len(link) == 2 and all(isinstance(e, str) for e in link)):
                raise InvalidInput(f"links[{index}]", link, "a link is a pair of region ids")
            a, b = link
            for end in (a, b):
                if end not in self.regions:
                    raise InvalidInput(f"links[{index}]", list(link), f"no region with id {end!r}")
            if a == b:
                raise InvalidInput(f"links[{index}]", list(link), "a region cannot link to itself")
            key = (a, b) if a < b else (b, a)
            if key in seen:
                raise InvalidInput(f"links[{index}]", list(link), "this link is listed twice")
            seen.add(key)
            self._neighbours[a].add(b)
            self._neighbours[b].add(a)
        self.links = tuple(sorted(seen))
        counts = dict(planets_by_players or {})
        for players, planets in counts.items():
            if not isinstance(players, int) or not isinstance(planets, int) or planets < 0:
                raise InvalidInput(f"setup.planets_by_players.{players}", planets, "player count -> whole number of planet tiles")
        catalogue: dict[str, Tile] = {}
        for tile in tiles:
            _check_tile(tile)
            catalogue[tile.id] = tile
        self.planets_by_players: Mapping[int, int] = MappingProxyType(counts)
        self.tiles: Mapping[str, Tile] = MappingProxyType(catalogue)
        self._distances: dict[frozenset[str], dict[str, dict[str, int]]] = {}
        self._onward: dict[frozenset[str], nx.DiGraph] = {}

    def __reduce__(self):
        """Pickled by what defines it (regions, links, title, note, planet counts, tiles); caches are rebuilt."""
        return (_rebuilt_board, (tuple(self.regions.values()), self.links, self.title, self.note,
                                 tuple(sorted(self.planets_by_players.items())), tuple(self.tiles.values())))

    # -- loading -------------------------------------------------------------------------------
    @classmethod
    def default(cls) -> "Board":
        """The illustrative default board (not the printed geometry): ``data/default_board.toml``, read once (a
        board never changes)."""
        if cls not in _DEFAULT_BOARDS:
            _DEFAULT_BOARDS[cls] = cls.from_toml(read_packaged(__package__, _DEFAULT_BOARD), _DEFAULT_BOARD)
        return _DEFAULT_BOARDS[cls]

    @classmethod
    def from_file(cls, path: str | Path) -> "Board":
        """A board from the TOML file at ``path`` (a path the caller names as one; see ``from_toml``)."""
        return cls.from_toml(read_path(path), Path(path).name)

    @classmethod
    def from_toml(cls, text: str, where: str = "board text") -> "Board":
        """A board from the text of a board file (format: top of ``data/default_board.toml``); text is
        never taken for a path (``from_file`` reads a file). ``where`` names it in messages.

        The file is decoded by ``engine.decode``: a bad file raises a ``DataError`` (an ``InvalidInput``)
        naming ``where`` and the key at fault (``region[3].dice``, ``adjacency.links[7]``).
        """
        if not isinstance(text, str):
            raise InvalidInput("text", text, "the text of a TOML board file (Board.from_file reads a path)")
        decoder = Decoder(where, known={"tile": ALLIANCE_BASES})
        file = decoder.value(_BoardFile, parse_text(text, where))
        decoder.check()

        def checked(key: tuple[Any, ...], name: str, make: Any) -> Any:
            try:
                return make()
            except InvalidInput as bad:       # a rule between fields: named at the entry's field at fault
                raise decoder.refuse(key + (bad.field.rsplit(".", 1)[-1],), bad.value, f"{name}: {bad.reason}") from None

        catalogue = {key: Tile.base(key) for key in ALLIANCE_BASES}
        for index, entry in enumerate(file.tile):
            catalogue[entry.id] = checked(("tile", index), f"tile {entry.id}", lambda: _tile_from(entry))
        regions = [checked(("region", index), f"region {entry.id}", lambda: _region_from(entry, catalogue))
                   for index, entry in enumerate(file.region)]
        counts = {}
        for players, planets in file.setup.planets_by_players.items():
            if not players.isdigit() or not 1 <= int(players) <= 4:
                raise decoder.refuse(("setup", "planets_by_players", players), planets, "keys are player counts 1-4 such as \"4\"")
            counts[int(players)] = planets
        try:
            return cls(regions, file.adjacency.links, title=file.board.title, note=file.board.note,
                       planets_by_players=counts, tiles=catalogue.values())
        except InvalidInput as bad:           # the board as a whole: a link, a second region id or slot
            link = bad.field[len("links["):-1] if bad.field.startswith("links[") else None
            key: tuple[Any, ...] = ("adjacency", "links", int(link)) if link is not None else ("region",)
            raise decoder.refuse(key, bad.value, bad.reason) from None

    # -- looking things up ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.regions)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key in self.regions

    def __repr__(self) -> str:
        return f"Board({self.title!r}, {len(self.regions)} regions, {len(self.links)} links)"

    def region(self, key: str) -> Region:
        """The region with this id, or with this (unique) name."""
        if not isinstance(key, str):
            raise InvalidInput("region", key, "a region's id or name (text)")
        found = self.regions.get(key)
        if found is not None:
            return found
        for region in self.regions.values():
            if region.name == key and region.kind != "empty":
                return region
        raise InvalidInput("region", key, "no region with this id or name on the board")

    def key(self, key: str) -> str:
        """The id of the region given by id or name."""
        return self.region(key).id

    def of_kind(self, *kinds: str) -> tuple[Region, ...]:
        """Regions of these kinds, in id order."""
        return tuple(r for r in sorted(self.regions.values(), key=lambda r: r.id) if r.kind in kinds)

    def base(self, key: str) -> Region | None:
        """The region holding alliance base ``key`` (or ``None`` if it is not on the board)."""
        for region in self.regions.values():
            if region.base == key:
                return region
        return None

    def nebula(self, die: int) -> Region | None:
        """The nebula showing die number ``die``."""
        for region in self.regions.values():
            if region.kind == "nebula" and die in region.dice:
                return region
        return None

    def neighbours(self, key: str) -> tuple[str, ...]:
        """Ids of the regions linked to this one, sorted."""
        return tuple(sorted(self._neighbours[self.key(key)]))

    @cached_property
    def graph(self) -> nx.Graph:
        """The board as a networkx graph; nodes carry kind, name, dice, development, moons, base, xy, slot."""
        graph = nx.Graph(title=self.title)
        for region in sorted(self.regions.values(), key=lambda r: r.id):
            graph.add_node(
                region.id, kind=region.kind, name=region.name, dice=region.dice, development=region.development,
                moons=region.moons, base=region.base, xy=region.xy, slot=region.slot, special=region.special,
            )
        graph.add_edges_from(self.links)
        return graph

    # -- distances -----------------------------------------------------------------------------
    def distances_from(self, key: str, *, blocked: Iterable[str] = ("quasar",)) -> dict[str, int]:
        """Steps from this region to every region it can reach without passing through ``blocked`` kinds.

        Blocked regions can be the end of a path (or its start) but never a step in between: a
        Quasar's neighbours are reached around it (可选规则 · 特殊地区 · Quasars). Nebulae never block
        (A-R7): Voyage only governs *entering* one.
        """
        table = self._table(frozenset(blocked))
        return dict(table[self.key(key)])

    def nearest(self, sources: Iterable[str], *, blocked: Iterable[str] = ("quasar",)) -> dict[str, int]:
        """Steps from the nearest of ``sources`` to every region reachable from one (same paths as ``distance``)."""
        table = self._table(frozenset(blocked))
        found: dict[str, int] = {}
        for source in sources:
            for region, steps in table[self.key(source)].items():
                if steps < found.get(region, steps + 1):
                    found[region] = steps
        return found

    def distance(self, a: str, b: str, *, blocked: Iterable[str] = ("quasar",)) -> int | None:
        """Steps between two regions along links, never through a blocked kind; ``None`` if cut off."""
        return self._table(frozenset(blocked))[self.key(a)].get(self.key(b))

    def path(self, a: str, b: str, *, blocked: Iterable[str] = ("quasar",)) -> tuple[str, ...] | None:
        """One shortest path from ``a`` to ``b`` (ids, both ends included), ties broken by id order."""
        start, goal = self.key(a), self.key(b)
        return _tuple(nx.single_source_shortest_path(self._moves(start, frozenset(blocked)), start).get(goal))

    def _moves(self, start: str, blocked: frozenset[str]) -> nx.DiGraph:
        """The steps a path from ``start`` may take: every link both ways, except out of a blocked region
        (one may end there, or start there, but never pass through). Successors in id order, so the
        breadth-first search breaks ties by id."""
        moves = self._onward.get(blocked)
        if moves is None:
            moves = nx.DiGraph()
            moves.add_nodes_from(sorted(self.regions))
            moves.add_edges_from((here, there) for here in sorted(self.regions) if self.regions[here].kind not in blocked
                                 for there in sorted(self._neighbours[here]))
            self._onward[blocked] = moves
        if self.regions[start].kind in blocked:
            moves = moves.copy()
            moves.add_edges_from((start, there) for there in sorted(self._neighbours[start]))
        return moves

    def _table(self, blocked: frozenset[str]) -> dict[str, dict[str, int]]:
        table = self._distances.get(blocked)
        if table is None:
            table = {rid: dict(nx.single_source_shortest_path_length(self._moves(rid, blocked), rid)) for rid in self.regions}
            self._distances[blocked] = table
        return table

    # -- set-up: tiles in fill order -------------------------------------------------------------
    def tile_spaces(self) -> tuple[Region, ...]:
        """Every tile space in fill order: from the top left, left to right, top to bottom."""
        return tuple(sorted((r for r in self.regions.values() if r.slot is not None), key=lambda r: r.slot or 0))

    def planets_for(self, players: int) -> int:
        """How many planet tiles are drawn at set-up for this player count (board data, A-R13)."""
        if players not in self.planets_by_players:
            raise InvalidInput("players", players, f"this board gives planet counts for {sorted(self.planets_by_players)} players")
        return self.planets_by_players[players]

    def cleared(self) -> "Board":
        """This board with every tile space empty again (ready for a new set-up)."""
        return self._with_regions(
            replace(r, kind="empty", name=f"space {r.slot}", dice=(), development=None, base=None, tile=None)
            if r.slot is not None else r
            for r in self.regions.values()
        )

    def lay_out(self, tiles: Sequence[Tile | str], special: Sequence[Tile | str] = ()) -> "Board":
        """Lay tiles into the empty tile spaces as set-up does (A-F13).

        ``special`` tiles (Quasars or Vortices) go first into the spaces marked for them; then
        ``tiles`` (the drawn planets shuffled with the 6 alliance bases, in the order shuffled) fill
        the remaining empty spaces from the top left, left to right, top to bottom.
        """
        special_tiles = [self._tile(t, f"special[{i}]") for i, t in enumerate(special)]
        ordinary = [self._tile(t, f"tiles[{i}]") for i, t in enumerate(tiles)]
        for index, tile in enumerate(special_tiles):
            if tile.kind not in ("quasar", "vortex"):
                raise InvalidInput(f"special[{index}]", tile.id, "special tiles are Quasars or Vortices")
        for index, tile in enumerate(ordinary):
            if tile.kind not in ("planet", "alliance_base"):
                raise InvalidInput(f"tiles[{index}]", tile.id, "set-up lays planets and alliance bases; special tiles go in `special`")
        used = [t.id for t in special_tiles + ordinary]
        placed = {r.tile for r in self.regions.values() if r.tile}
        for tile_id in used:
            if used.count(tile_id) > 1 or tile_id in placed:
                raise InvalidInput("tiles", tile_id, "each tile is laid once")
        empty = [r for r in self.tile_spaces() if r.kind == "empty"]
        marked = [r for r in empty if r.special]
        if len(special_tiles) > len(marked):
            raise InvalidInput("special", [t.id for t in special_tiles], f"the board marks only {len(marked)} empty spaces for special regions")
        filled = dict(zip((r.id for r in marked), special_tiles))
        rest = [r for r in empty if r.id not in filled]
        if len(ordinary) > len(rest):
            raise InvalidInput("tiles", len(ordinary), f"only {len(rest)} empty tile spaces are left")
        filled.update(zip((r.id for r in rest), ordinary))
        return self._with_regions(_laid(r, filled[r.id]) if r.id in filled else r for r in self.regions.values())

    def with_special_regions(self, kind: str | None) -> "Board":
        """This board laid out again with its two special tiles of ``kind`` ("quasar" or "vortex"), or none.

        The laid planets and alliance bases keep their order; the special tiles go first into the
        spaces marked for them, so the other tiles move on along the fill order (可选规则 · 特殊地区 · 设置).
        """
        if kind not in (None, "none", "quasar", "vortex"):
            raise InvalidInput("special", kind, "'quasar', 'vortex' or 'none': the optional rule uses 2 Quasars or 2 Vortices")
        special = [] if kind in (None, "none") else sorted(t.id for t in self.tiles.values() if t.kind == kind)
        if special and len(special) < 2:
            raise InvalidInput("special", kind, f"the board file lists {len(special)} {kind} tile; the rule uses 2")
        tiles = [r.tile for r in self.tile_spaces() if r.kind in ("planet", "alliance_base") and r.tile is not None]
        return self.cleared().lay_out(tiles, special=special[:2])

    def set_up(self, players: int, rng: Rng, special: Sequence[Tile | str] = ()) -> tuple["Board", tuple[str, ...]]:
        """The board part of set-up (游戏设置 · 4; A-F13), on a cleared copy of this board.

        Shuffle the planet tiles and draw ``planets_for(players)``; shuffle them with the 6 alliance
        bases; lay the ``special`` tiles first, then the shuffled tiles in fill order. Returns the laid
        board and the planet stack left face down (top first), from which events reveal planets.
        With ``Rng.forced`` the two shuffles are given as the two forced values, in that order.
        """
        count = self.planets_for(players)
        planets = sorted(t.id for t in self.tiles.values() if t.kind == "planet")
        if count > len(planets):
            raise InvalidInput("players", players, f"{count} planet tiles are needed and the board file lists {len(planets)}")
        stack = rng.shuffled(planets)
        order = rng.shuffled([*stack[:count], *ALLIANCE_BASES])
        return self.cleared().lay_out(order, special=special), tuple(stack[count:])

    def place_next(self, tile: Tile | str) -> tuple["Board", str]:
        """Lay one tile in the next empty space in fill order (an event revealing a planet).

        Returns the new board and the id of the space used.
        """
        chosen = self._tile(tile, "tile")
        empty = [r for r in self.tile_spaces() if r.kind == "empty"]
        if not empty:
            raise InvalidInput("tile", chosen.id, "no empty tile space is left on the board")
        if chosen.kind not in ("planet", "alliance_base"):
            raise InvalidInput("tiles[0]", chosen.id, "set-up lays planets and alliance bases; special tiles go in `special`")
        if any(r.tile == chosen.id for r in self.regions.values()):
            raise InvalidInput("tiles", chosen.id, "each tile is laid once")
        space = empty[0]
        laid = _laid(space, chosen)
        _check_region(laid)
        if any(r.name == laid.name and r.id != space.id and r.kind != "empty" for r in self.regions.values()):
            raise InvalidInput(f"regions.{space.id}.name", laid.name, "another region has the same name")
        # The same board with one space laid: links, neighbours and tiles are shared (a board never changes), and
        # so are the distances worked out for blocked kinds that are neither the space's old kind nor its new one.
        board = object.__new__(Board)
        board.__dict__.update(title=self.title, note=self.note, links=self.links, _neighbours=self._neighbours,
                              planets_by_players=self.planets_by_players, tiles=self.tiles,
                              regions=MappingProxyType({rid: laid if rid == space.id else r for rid, r in self.regions.items()}),
                              _distances={k: v for k, v in self._distances.items() if space.kind not in k and laid.kind not in k},
                              _onward={k: v for k, v in self._onward.items() if space.kind not in k and laid.kind not in k})
        return board, space.id

    def _tile(self, tile: Tile | str, field_name: str) -> Tile:
        if isinstance(tile, Tile):
            _check_tile(tile)
            return tile
        if isinstance(tile, str) and tile in self.tiles:
            return self.tiles[tile]
        raise InvalidInput(field_name, tile, f"unknown tile; this board's tiles: {sorted(self.tiles)}")

    def _with_regions(self, regions: Iterable[Region]) -> "Board":
        return Board(
            regions, self.links, title=self.title, note=self.note,
            planets_by_players=self.planets_by_players, tiles=self.tiles.values(),
        )

    # -- pictures and measures -----------------------------------------------------------------
    def svg(self, pieces: "Pieces | None" = None, marks: Mapping[str, str] | None = None, *, path: Sequence[str] = (),
            caption: str = "") -> str:
        """The board as SVG, with pieces and overlays.

        ``marks`` maps region ids to an overlay: ``"legal"`` (green ring), ``"jump"`` (blue dashed
        ring: legal by paying to Jump), ``"illegal"`` (red cross), ``"active"`` (gold ring),
        ``"source"`` (grey ring: where a mover starts). ``path`` is drawn as a highlighted route.
        """
        return board_svg(self, pieces, dict(marks or {}), tuple(path), caption)

    def _repr_svg_(self) -> str:
        return self.svg()

    def measures(self) -> Any:
        """Graph measures for designers (``BoardMeasures``): distances between bases, centrality, nebulae."""
        return board_measures(self)


def _tuple(path: list[str] | None) -> tuple[str, ...] | None:
    return None if path is None else tuple(path)


def _rebuilt_board(regions, links, title, note, planets, tiles) -> Board:
    return Board(regions, links, title=title, note=note, planets_by_players=dict(planets), tiles=tiles)


def _laid(region: Region, tile: Tile) -> Region:
    return replace(
        region, kind=tile.kind, name=tile.name, tile=tile.id, development=tile.development,
        dice=tile.dice, base=tile.id if tile.kind == "alliance_base" else None,
    )


def _check_tile(tile: Tile) -> None:
    where = f"tile.{tile.id}"
    if not isinstance(tile.id, str) or not tile.id:
        raise InvalidInput("tile.id", tile.id, "every tile needs a non-empty id")
    if tile.kind not in TILE_KINDS:
        raise InvalidInput(f"{where}.kind", tile.kind, f"a tile is one of {list(TILE_KINDS)}")
    if tile.kind == "planet" and tile.development not in DEVELOPMENTS:
        raise InvalidInput(f"{where}.development", tile.development, f"a planet takes one development type: {sorted(DEVELOPMENTS)}")
    if tile.kind == "alliance_base" and tile.id not in ALLIANCE_BASES:
        raise InvalidInput(f"{where}.id", tile.id, f"alliance-base tiles use the base keys {sorted(ALLIANCE_BASES)}")
    if tile.development is not None and tile.kind != "planet":
        raise InvalidInput(f"{where}.development", tile.development, "only a planet tile takes a development type")
    if tile.dice and tile.kind not in ("quasar", "vortex"):
        raise InvalidInput(f"{where}.dice", list(tile.dice), "only special tiles (Quasars, Vortices) show die numbers")
    if tile.kind in ("quasar", "vortex") and not _good_dice(tile.dice, allow_empty=True):
        raise InvalidInput(f"{where}.dice", list(tile.dice), "die numbers are distinct whole numbers 1-6")


def _check_region(region: Region) -> None:
    where = f"regions.{region.id}"
    if not isinstance(region.id, str) or not region.id or "." in region.id:
        raise InvalidInput("regions.id", region.id, "every region needs a non-empty id without dots")
    if region.kind not in KINDS:
        raise InvalidInput(f"{where}.kind", region.kind, f"a region is one of {list(KINDS)}")
    if region.kind == "nebula" and not _good_dice(region.dice):
        raise InvalidInput(f"{where}.dice", list(region.dice), "a nebula shows die numbers 1-6 (usually one)")
    if region.kind in ("quasar", "vortex") and not _good_dice(region.dice, allow_empty=True):
        raise InvalidInput(f"{where}.dice", list(region.dice), "die numbers are distinct whole numbers 1-6")
    if region.kind == "planet" and region.development not in DEVELOPMENTS:
        raise InvalidInput(f"{where}.development", region.development, f"a planet takes one development type: {sorted(DEVELOPMENTS)}")
    if region.kind == "alliance_base" and region.base not in ALLIANCE_BASES:
        raise InvalidInput(f"{where}.base", region.base, f"an alliance base is one of {sorted(ALLIANCE_BASES)}")
    if region.dice and region.kind not in ("nebula", "quasar", "vortex"):
        raise InvalidInput(f"{where}.dice", list(region.dice), "only nebulae and special regions show die numbers")
    if region.development is not None and region.kind != "planet":
        raise InvalidInput(f"{where}.development", region.development, "only a planet takes a development type")
    if region.base is not None and region.kind != "alliance_base":
        raise InvalidInput(f"{where}.base", region.base, "only an alliance base names a base (kind = \"alliance_base\")")
    if region.special and region.slot is None:
        raise InvalidInput(f"{where}.special", True, "only a tile space (with `slot`) is marked for special regions")
    if region.kind == "empty" and region.slot is None:
        raise InvalidInput(f"{where}.slot", None, "an empty region is a tile space and needs its fill order number")
    if region.slot is not None and (not isinstance(region.slot, int) or isinstance(region.slot, bool) or region.slot < 1):
        raise InvalidInput(f"{where}.slot", region.slot, "the fill order is a whole number from 1")
    if len(region.xy) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in region.xy):
        raise InvalidInput(f"{where}.xy", list(region.xy), "a position is [x, y] (numbers; y grows downwards)")


def _good_dice(dice: Sequence[int], allow_empty: bool = False) -> bool:
    if not dice:
        return allow_empty
    return all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice) and len(set(dice)) == len(dice)


# The board file's shape (decoded by engine.decode; the rules between fields are the Tile's and the Region's).
@dataclass(frozen=True)
class _BoardTitle:
    title: str = "Board"
    note: Annotated[str, text(empty=True)] = ""


@dataclass(frozen=True)
class _SetupEntry:
    planets_by_players: Annotated[Mapping[str, int], items(most=4, high=15)] = FrozenMap()


@dataclass(frozen=True)
class _TileEntry:
    id: Annotated[str, identifier("tile")]
    kind: Literal["planet", "quasar", "vortex"]
    name: str | None = None
    development: str | None = None
    dice: Annotated[tuple[int, ...], items(most=6)] = ()


@dataclass(frozen=True)
class _RegionEntry:
    id: Annotated[str, identifier("region")]
    xy: Annotated[tuple[float, float], number(-1000, 1000)] = (0.0, 0.0)
    kind: str | None = None
    name: str | None = None
    dice: Annotated[tuple[int, ...], items(most=6)] = ()
    development: str | None = None
    base: str | None = None
    slot: Annotated[int | None, whole(1, 999)] = None
    special: bool = False
    tile: Annotated[str | None, text(ref="tile")] = None


@dataclass(frozen=True)
class _AdjacencyEntry:
    links: Annotated[tuple[tuple[str, str], ...], items(most=5000, ref="region")] = ()


@dataclass(frozen=True)
class _BoardFile:
    board: _BoardTitle = _BoardTitle()
    setup: _SetupEntry = _SetupEntry()
    tile: Annotated[tuple[_TileEntry, ...], items(most=200)] = ()
    region: Annotated[tuple[_RegionEntry, ...], items(most=999)] = ()
    adjacency: _AdjacencyEntry = _AdjacencyEntry()


def _tile_from(entry: _TileEntry) -> Tile:
    tile = Tile(entry.id, entry.kind, entry.name or entry.id, entry.development, entry.dice)
    _check_tile(tile)
    return tile


def _region_from(entry: _RegionEntry, tiles: Mapping[str, Tile]) -> Region:
    kind = entry.kind or ("empty" if entry.slot is not None else "")
    if kind == "alliance_base" and entry.base is None:
        raise InvalidInput("base", None, f"say which alliance base: one of {sorted(ALLIANCE_BASES)}")
    name = entry.name or (ALLIANCE_BASES.get(str(entry.base), entry.id) if kind == "alliance_base"
                          else (f"space {entry.slot}" if kind == "empty" else entry.id))
    region = Region(entry.id, kind, name, entry.xy, entry.dice, entry.development, entry.base, entry.slot, entry.special)
    if entry.tile is not None:
        if entry.slot is None or kind != "empty":
            raise InvalidInput("tile", entry.tile, "only an empty tile space (with `slot`, no `kind`) takes a tile")
        region = _laid(region, tiles[entry.tile])
    _check_region(region)
    return region


# -- what stands on the board (ships are ``state.Ship``: the board rules read owner, type, range, abilities) --

def _pairs(mapping: Mapping[str, Any] | None, what: str) -> dict[str, tuple[Any, ...]]:
    result: dict[str, tuple[Any, ...]] = {}
    for region, items in (mapping or {}).items():
        if not isinstance(region, str):
            raise InvalidInput(what, region, "keys are region ids")
        if isinstance(items, (str, Ship)):
            items = [items]
        result[region] = tuple(items)
    return result


#: The pieces and the board (both immutable) that last passed ``Pieces.check``: launches for each ship type in the bay,
#: the raid and the battle check the same pieces of a state.
_CHECKED: list = [None, None]


@dataclass(frozen=True)
class Pieces:
    """What stands on the board, by region: ships, pirates (class letters), developments, leaders.

    Build with ``Pieces.of(ships={"N1": [Ship("blue")]}, pirates={"N2": "SS"}, ...)``. Every change
    returns a new ``Pieces``.
    """

    ships: tuple[tuple[str, Ship], ...] = ()
    pirates: tuple[tuple[str, str], ...] = ()
    developments: tuple[tuple[str, str], ...] = ()
    leaders: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(
        cls,
        ships: Mapping[str, Ship | Sequence[Ship]] | None = None,
        pirates: Mapping[str, str | Sequence[str]] | None = None,
        developments: Mapping[str, str] | None = None,
        leaders: Mapping[str, Mapping[str, int]] | None = None,
    ) -> "Pieces":
        """Pieces from per-region mappings. ``pirates`` values are class letters ("B", or "SS" for 2 S-class)."""
        ship_pairs = []
        for region, items in _pairs(ships, "ships").items():
            for ship in items:
                if not isinstance(ship, Ship):
                    raise InvalidInput(f"ships.{region}", ship, "ships are Ship values")
                if not ship.owner:
                    raise InvalidInput(f"ships.{region}", str(ship), "a ship on the board belongs to a player: give its owner")
                ship_pairs.append((region, ship))
        pirate_pairs: list[tuple[str, str]] = []
        for region, items in _pairs(pirates, "pirates").items():
            letters = "".join(items)
            pirate_pairs.extend((region, letter) for letter in letters)
        dev_pairs = [(region, owner) for region, owner in (developments or {}).items()]
        leader_pairs = []
        for region, counts in (leaders or {}).items():
            if not isinstance(counts, Mapping):
                raise InvalidInput(f"leaders.{region}", counts, "colour -> number of leader figures")
            for colour, count in counts.items():
                if not isinstance(count, int) or count < 0:
                    raise InvalidInput(f"leaders.{region}.{colour}", count, "a whole number of figures")
                leader_pairs.extend([(region, colour)] * count)
        return cls(tuple(ship_pairs), tuple(pirate_pairs), tuple(dev_pairs), tuple(leader_pairs)).normalised()

    @classmethod
    def standing(cls, ships: Sequence[tuple[str, Ship]], pirates: Sequence[tuple[str, str]] = (),
                 developments: Sequence[tuple[str, str]] = (), leaders: Sequence[tuple[str, str]] = ()) -> "Pieces":
        """Pieces read from a game state, whose pieces are valid already: (region, item) pairs put in the canonical
        order of ``normalised`` without ``of``'s checks (ships compared by their text only within a region)."""
        by_region = sorted(ships, key=lambda pair: pair[0])
        ordered: list[tuple[str, Ship]] = []
        start = 0
        while start < len(by_region):
            end = start + 1
            while end < len(by_region) and by_region[end][0] == by_region[start][0]:
                end += 1
            run = by_region[start:end]
            ordered += run if len(run) == 1 else sorted(run, key=lambda pair: _text(pair[1]))
            start = end
        return cls(tuple(ordered), tuple(sorted(pirates)), tuple(sorted(developments)), tuple(sorted(leaders)))

    def normalised(self) -> "Pieces":
        """The same pieces in a canonical order (so equal positions compare equal)."""
        return Pieces(
            tuple(sorted(self.ships, key=lambda p: (p[0], _text(p[1])))),
            tuple(sorted(self.pirates)),
            tuple(sorted(self.developments)),
            tuple(sorted(self.leaders)),
        )

    def check(self, board: Board) -> None:
        """Refuse pieces in regions the board does not have, or in places they cannot stand."""
        if _CHECKED[0] is self and _CHECKED[1] is board:
            return                                  # these very pieces passed on this very board last time
        self._check(board)
        _CHECKED[:] = [self, board]

    def _check(self, board: Board) -> None:
        for what, pairs in (("ships", self.ships), ("pirates", self.pirates), ("developments", self.developments), ("leaders", self.leaders)):
            for region, item in pairs:
                if region not in board.regions:
                    raise InvalidInput(f"{what}.{region}", item, "no region with this id on the board")
        for region, letter in self.pirates:
            if not (isinstance(letter, str) and len(letter) == 1 and letter.isalpha() and letter.isupper()):
                raise InvalidInput(f"pirates.{region}", letter, "a pirate is its class letter: S, A, B, C or D")
        for region in {r for r, _ in self.pirates}:
            classes = set(self.pirates_in(region))
            if len(classes) > 1:
                raise InvalidInput(f"pirates.{region}", sorted(classes), "one pirate class per region (海盗)")
            if len(self.pirates_in(region)) > 1 and classes != {"S"}:
                raise InvalidInput(f"pirates.{region}", self.pirates_in(region), "only S-class pirates stack in a region")
        for region, ship in self.ships:
            if board.regions[region].kind in ("quasar", "empty"):
                raise InvalidInput(f"ships.{region}", str(ship), f"no ship can stand in a {board.regions[region].kind} region")
        for region, letter in self.pirates:
            if board.regions[region].kind == "empty":
                raise InvalidInput(f"pirates.{region}", letter, "an empty tile space holds no pirate")
        for region, _ in self.developments:
            if board.regions[region].kind != "planet":
                raise InvalidInput(f"developments.{region}", board.regions[region].kind, "developments stand on planets")
        if len({r for r, _ in self.developments}) != len(self.developments):
            raise InvalidInput("developments", self.developments, "one development per planet (开发)")

    # queries
    @cached_property
    def _ships_by_region(self) -> dict[str, tuple[Ship, ...]]:
        found: dict[str, list[Ship]] = {}
        for where, ship in self.ships:
            found.setdefault(where, []).append(ship)
        return {where: tuple(ships) for where, ships in found.items()}

    @cached_property
    def _pirates_by_region(self) -> dict[str, tuple[str, ...]]:
        found: dict[str, list[str]] = {}
        for where, letter in self.pirates:
            found.setdefault(where, []).append(letter)
        return {where: tuple(letters) for where, letters in found.items()}

    def ships_in(self, region: str) -> tuple[Ship, ...]:
        return self._ships_by_region.get(region, ())

    def ships_of(self, owner: str) -> tuple[tuple[str, Ship], ...]:
        return tuple(pair for pair in self.ships if pair[1].owner == owner)

    def owners_in(self, region: str) -> tuple[str, ...]:
        return tuple(sorted({ship.owner for ship in self.ships_in(region)}))

    def pirates_in(self, region: str) -> tuple[str, ...]:
        return self._pirates_by_region.get(region, ())

    def pirate_regions(self) -> dict[str, tuple[str, ...]]:
        """Region -> pirate figures there (class letters), for every region holding a pirate."""
        return dict(sorted(self._pirates_by_region.items()))

    def occupied(self, region: str) -> bool:
        """Occupied for a launch (A-F5): any pirate or any player's ship; developments never occupy."""
        return bool(self.pirates_in(region) or self.ships_in(region))

    def development_in(self, region: str) -> str | None:
        """The owner of the development on this planet, if any."""
        return next((owner for where, owner in self.developments if where == region), None)

    # changes
    def with_ship(self, region: str, ship: Ship) -> "Pieces":
        return replace(self, ships=self.ships + ((region, ship),)).normalised()

    def with_standing_ship(self, region: str, ship: Ship) -> "Pieces":
        """These pieces, in ``normalised`` order already, with ``ship`` added in ``region`` at its place in that order:
        only the ships already in ``region`` are compared with it (by their text)."""
        ships = self.ships
        at = bisect_left(ships, region, key=_region_of)
        text = _text(ship)
        while at < len(ships) and ships[at][0] == region and _text(ships[at][1]) <= text:
            at += 1
        return replace(self, ships=ships[:at] + ((region, ship),) + ships[at:])

    def without_ship(self, region: str, ship: Ship) -> "Pieces":
        ships = list(self.ships)
        if (region, ship) not in ships:
            raise InvalidInput("ship", str(ship), f"no such ship in {region}")
        ships.remove((region, ship))
        return replace(self, ships=tuple(ships))

    def move_ship(self, source: str, target: str, ship: Ship) -> "Pieces":
        return self.without_ship(source, ship).with_ship(target, ship)

    def with_pirates(self, region: str, letters: str) -> "Pieces":
        return replace(self, pirates=self.pirates + tuple((region, l) for l in letters)).normalised()

    def without_pirates(self, region: str, letters: str) -> "Pieces":
        pirates = list(self.pirates)
        for letter in letters:
            if (region, letter) not in pirates:
                raise InvalidInput("pirate", letter, f"no class-{letter} pirate in {region}")
            pirates.remove((region, letter))
        return replace(self, pirates=tuple(pirates))


def _region_of(pair: tuple[str, Any]) -> str:
    return pair[0]


def _text(ship: Ship) -> str:
    """A ship's text (its ``repr``), which orders the ships within a region, worked out once per ship met: ships are
    values shared from one state to the next, and a ship is kept here with its id, which is not met again meanwhile."""
    seen = _TEXTS.get(id(ship))
    if seen is not None and seen[0] is ship:
        return seen[1]
    if len(_TEXTS) > 4096:                 # forgetting them only costs time
        _TEXTS.clear()
    text = repr(ship)
    _TEXTS[id(ship)] = (ship, text)
    return text


#: Each ship's text (``_text``), by the ship's id: the ship and its text.
_TEXTS: dict[int, tuple[Ship, str]] = {}


class RuleVerdict:
    """Mixin for verdicts with ``rule`` (``"legal"`` or the refusing rule's id), ``reason`` and ``section``."""

    rule: str
    reason: str
    section: str

    @property
    def legal(self) -> bool:
        return self.rule == "legal"

    def refusal(self) -> IllegalAction:
        """The refusal as the error an action raises."""
        return IllegalAction(self.rule, self.reason, self.section)


def verdict_reason_html(reason: str, rule: str) -> str:
    """A verdict's reason in words; a refusal's rule id after it as a small detail (a legal one has none)."""
    detail = "" if rule == "legal" else f" <small class='tt-rule-id'>{html.escape(rule)}</small>"
    return html.escape(reason) + detail


class ShowsVerdicts:
    """Mixin for option lists with ``view()`` (a ``BoardView``) and ``table()`` (HTML): picture, then table.

    A notebook shows the HTML (picture and table; no separate SVG output competes with it); its plain text is
    the picture's caption in words."""

    def picture_svg(self) -> str:
        return self.view()._repr_svg_()  # type: ignore[attr-defined]

    def _repr_html_(self) -> str:
        return self.picture_svg() + self.table()  # type: ignore[attr-defined]

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.view().caption)  # type: ignore[attr-defined]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # IPython reads a class's own ``_repr_pretty_`` before the ``__repr__`` a dataclass gives it.
        super().__init_subclass__(**kwargs)
        cls._repr_pretty_ = ShowsVerdicts._repr_pretty_  # type: ignore[method-assign]


def path_blockers(variant: Any, *, voyage: bool = True) -> frozenset[str]:
    """Region kinds a path may not pass through under ``variant`` (an ``AndromedaVariant``).

    Quasars always (可选规则 · 特殊地区); nebulae only for a ship without Voyage and only if
    ``variant.nebulae_block_paths`` (A-R7 says they never do); empty tile spaces only if
    ``variant.empty_spaces_in_paths`` is off. Pirates move as if they had Voyage.
    """
    kinds = {"quasar"}
    if variant.nebulae_block_paths and not voyage:
        kinds.add("nebula")
    if not variant.empty_spaces_in_paths:
        kinds.add("empty")
    return frozenset(kinds)


# -- adjacency queries other phases need -------------------------------------------------------
def developments_near(board: Board, pieces: Pieces, region: str, owner: str | None = None) -> tuple[tuple[str, str], ...]:
    """Developments in ``region`` or a region linked to it, as (planet, owner); only ``owner``'s if given.

    A battle participant rolls +1 die per own development so placed (战斗 · 步骤 3 战斗准备).
    """
    here = board.key(region)
    around = {here, *board.neighbours(here)}
    return tuple((r, o) for r, o in pieces.developments if r in around and (owner is None or o == owner))


def leaders_near(board: Board, pieces: Pieces, planet: str) -> tuple[tuple[str, str], ...]:
    """Leader figures (region, colour) on ``planet`` and every linked region, all colours (A-F8)."""
    here = board.key(planet)
    around = {here, *board.neighbours(here)}
    return tuple((r, c) for r, c in pieces.leaders if r in around)


@dataclass(frozen=True)
class BoardView:
    """A board with its pieces and overlays: what a step shows (``_repr_svg_``)."""

    board: Board
    pieces: Pieces = field(default_factory=Pieces)
    marks: Mapping[str, str] = field(default_factory=dict)
    path: tuple[str, ...] = ()
    caption: str = ""

    def _repr_svg_(self) -> str:
        return self.board.svg(self.pieces, self.marks, path=self.path, caption=self.caption)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(self.caption or "The board picture")
