"""Andromeda's Edge content as data: what the rulebook prints, and sample data for what it does not.

``rulebook.toml`` holds content the text gives, each entry citing its section. ``tracks.toml`` (board
data calibrated to the scoring example, A-F9) and ``sample_cards.toml`` are SAMPLE DATA, labelled so.
``load_catalog()`` reads the three shipped files; ``Catalog.from_toml`` reads edited copies. Each file is
decoded by ``engine.decode`` into the shapes at the end of this module: a bad entry raises a ``DataError``
(an ``InvalidInput``) naming the file, the key and the value.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field, fields, is_dataclass
from functools import cache
from types import MappingProxyType
from typing import Annotated, Any, Mapping

from ..engine import InvalidInput
from ..engine.decode import FrozenMap, decode_text, identifier, items, read_packaged, text, whole
from .goods import RESOURCES, Goods

TRACKS = ("science", "industry", "supremacy", "commerce", "civilization")
MODULE_ROWS = ("science", "industry", "commerce", "civilization")
SHIP_TYPES = ("transport", "fighter", "science_vessel", "heavy_cruiser")
DEVELOPMENT_TYPES = ("observatory", "factory", "spaceport", "city", "obelisk")
TACTICS_KINDS = ("action", "event", "persistent", "diplomacy", "battle")
SCORED_PER = ("development", "tactics_card", "module", "resource", "leader")
PIRATE_CLASSES = ("S", "A", "B", "C", "D")


@dataclass(frozen=True)
class Track:
    """One progress track: VP beside each space (space 0 at the bottom) and its special spaces."""

    name: str
    vp: tuple[int, ...]
    development_levels: tuple[int, int, int]
    events: tuple[int, ...] = ()
    exploration: tuple[int, ...] = ()
    upgrades: tuple[int, ...] = ()
    supremacy_tokens: tuple[int, ...] = ()
    vaults: tuple[tuple[int, int], ...] = ()
    hand_limits: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if len(self.vp) < 4:
            raise InvalidInput("vp", self.vp, "a list of VP per space, bottom first, 4 spaces or more")
        top = len(self.vp) - 1
        for key in ("development_levels", "events", "exploration", "upgrades", "supremacy_tokens"):
            spaces = getattr(self, key)
            if not all(0 < space <= top for space in spaces):
                raise InvalidInput(key, spaces, f"spaces between 1 and the top space {top}")
        for key in ("vaults", "hand_limits"):
            pairs = getattr(self, key)
            if not all(0 < space <= top and value > 0 for space, value in pairs):
                raise InvalidInput(key, pairs, f"[space, value] pairs: spaces between 1 and the top space {top}, values 1 or more")
        if list(self.development_levels) != sorted(set(self.development_levels)):
            raise InvalidInput("development_levels", self.development_levels, "three spaces, lowest first (开发区域: 3 levels)")

    @property
    def top(self) -> int:
        return len(self.vp) - 1

    def level_at(self, space: int) -> int:
        """The highest development level reached at ``space`` (0 when none)."""
        return sum(1 for level_space in self.development_levels if space >= level_space)

    def vault_at(self, space: int) -> int:
        """VP per unspent resource of the highest vault reached (0 when none)."""
        reached = [value for vault_space, value in self.vaults if space >= vault_space]
        return max(reached, default=0)

    def special_at(self, space: int) -> tuple[str, ...]:
        """The names of the special icons printed on ``space``."""
        found = []
        if space in self.development_levels:
            found.append(f"development level {self.development_levels.index(space) + 1}")
        for name, spaces in (("event", self.events), ("exploration stack", self.exploration),
                             ("ship upgrade", self.upgrades), ("supremacy token", self.supremacy_tokens)):
            if space in spaces:
                found.append(name)
        found += [f"vault ({value} VP per resource)" for s, value in self.vaults if s == space]
        found += [f"hand limit +{value}" for s, value in self.hand_limits if s == space]
        return tuple(found)


@dataclass(frozen=True)
class ModuleCard:
    """A station module. Science modules are tech modules: no dock, activated by the Primary Reactor."""

    name: str
    row: str
    section: str = "sample"
    gain: Goods = Goods()
    pay: Goods = Goods()
    draw: int = 0
    repair: int = 0
    choices: tuple[str, ...] = ()
    activates_tech: bool = False
    input_slot: bool = False
    output_slot: bool = False
    slot_vp: int = 0
    damage_icons: int = 0
    end_game: bool = False
    base: int = 0
    per: str = ""
    each: int = 0
    literal_each: int = 0
    core: bool = False

    @property
    def is_tech(self) -> bool:
        return self.row == "science"

    @property
    def has_dock(self) -> bool:
        """Ships or energy may be placed on it (tech and end-game modules have no dock)."""
        return not (self.end_game or (self.is_tech and not self.activates_tech))


@dataclass(frozen=True)
class PlanetTile:
    name: str
    type: str
    cost: Goods
    resources: Goods


@dataclass(frozen=True)
class EventCard:
    name: str
    scores: str
    pirate: str
    special: str
    special_text: str
    section: str = "sample"


@dataclass(frozen=True)
class PirateSpec:
    """A pirate card: board values (class, range, start) and battle values (weapons, aim bonus,
    shields). ``reward`` is what each winner who beats it gains: resources and VP, and steps on a
    track named by its key (``supremacy=1``)."""

    name: str
    pirate_class: str
    range: int
    start: str
    weapons: int
    aim_bonus: int
    shields: int
    reward: Goods
    special: str = ""
    section: str = "sample"

    @property
    def barrage(self) -> bool:
        """BARRAGE (the Mortality Sphere): when it wins a battle, each player who fought in it damages 1 module."""
        return self.special.upper().startswith("BARRAGE")

    @property
    def reward_goods(self) -> Goods:
        """The resources and VP of the reward."""
        return Goods.of({k: v for k, v in self.reward if k not in TRACKS})

    @property
    def reward_steps(self) -> tuple[tuple[str, int], ...]:
        """The track steps of the reward, as (track, spaces)."""
        return tuple((k, v) for k, v in self.reward if k in TRACKS)


@dataclass(frozen=True)
class Faction:
    """A faction card: start resources (card back), start track (top left) and its power (sample)."""

    name: str
    resources: Goods
    track: str
    power: str = ""
    turn_gain: Goods = Goods()
    end_per: str = ""
    end_each: int = 0
    end_divisor: int = 1
    upgrade: str = ""


@dataclass(frozen=True)
class ShipSpec:
    type: str
    upgraded: bool
    range: int
    weapons: int
    aim: int
    shields: int
    abilities: tuple[str, ...]
    cost: Goods
    section: str


@dataclass(frozen=True)
class BaseAction:
    name: str
    text: str
    section: str
    pay_any: int = 0
    gain: Goods = Goods()
    draw: int = 0
    event_advance: int = 0
    buy_modules: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class DevelopmentKind:
    type: str
    track: str
    ability: str
    text: str
    leaders: int
    leaders_source: str


@dataclass(frozen=True)
class SpecialRegion:
    """A Quasar or Vortex tile's printed values (sample): end VP per adjacent development, a Vortex's reward."""

    name: str
    vp: int
    reward: Goods = Goods()


# tracks.toml's shape (decoded by engine.decode: unknown keys, wrong types, absurd numbers refused naming the key).
@dataclass(frozen=True)
class _Source:
    label: str


@dataclass(frozen=True)
class _Tracks:
    science: Annotated[Track, items(fixed={"name": "science"})]
    industry: Annotated[Track, items(fixed={"name": "industry"})]
    supremacy: Annotated[Track, items(fixed={"name": "supremacy"})]
    commerce: Annotated[Track, items(fixed={"name": "commerce"})]
    civilization: Annotated[Track, items(fixed={"name": "civilization"})]


@dataclass(frozen=True)
class _TextValues:
    section: str
    science: Annotated[tuple[int, ...], items(most=20, high=100)]
    industry: Annotated[tuple[int, ...], items(most=20, high=100)]
    supremacy: Annotated[tuple[int, ...], items(most=20, high=100)]
    commerce: Annotated[tuple[int, ...], items(most=20, high=100)]
    civilization: Annotated[tuple[int, ...], items(most=20, high=100)]


@dataclass(frozen=True)
class _ExplorationSetup:
    per_stack: Annotated[int, whole(0, 99)]
    archive: Annotated[int, whole(0, 99)]
    section: str


@dataclass(frozen=True)
class _EventTrack:
    length: Annotated[int, whole(1, 99)]
    start: Annotated[Mapping[str, int], items(most=4, high=99)]


@dataclass(frozen=True)
class _GameLength:
    short: Annotated[int, whole(1, 999)]
    medium: Annotated[int, whole(1, 999)]
    long: Annotated[int, whole(1, 999)]
    vp_track: Annotated[int, whole(1, 999)]
    source: str


@dataclass(frozen=True)
class _DevelopmentVp:
    observatory: Annotated[tuple[int, int, int], whole(0, 100)]
    factory: Annotated[tuple[int, int, int], whole(0, 100)]
    spaceport: Annotated[tuple[int, int, int], whole(0, 100)]
    city: Annotated[tuple[int, int, int], whole(0, 100)]
    obelisk: Annotated[tuple[int, int, int], whole(0, 100)]


@dataclass(frozen=True)
class _TracksFile:
    source: _Source
    track: _Tracks
    text_values: _TextValues
    exploration_setup: _ExplorationSetup
    event_track: _EventTrack
    game_length: _GameLength
    development_vp: _DevelopmentVp


def _tracks_file(text: str) -> _TracksFile:
    found, decoder = decode_text(_TracksFile, text, "tracks.toml")
    for players, start in found.event_track.start.items():
        if not players.isdigit() or not 1 <= int(players) <= 9:
            raise decoder.refuse(("event_track", "start", players), start, "keys are player counts such as \"3\"")
    return found


@dataclass(frozen=True)
class Catalog:
    """Every piece of content the phases read, with where it came from."""

    tracks: Mapping[str, Track]
    text_track_values: Mapping[str, tuple[int, ...]]
    development_vp: Mapping[str, tuple[int, int, int]]
    development_vp_text: tuple[int, int, int]
    developments: Mapping[str, DevelopmentKind]
    core_modules: tuple[ModuleCard, ...]
    modules: Mapping[str, ModuleCard]
    module_cost: Mapping[str, Goods]
    alliance_bases: Mapping[str, BaseAction]
    planets: tuple[PlanetTile, ...]
    moons: Mapping[str, tuple[Goods, ...]]
    events: tuple[EventCard, ...]
    tactics_kinds: Mapping[str, str]
    tactics_deck: Mapping[str, int]
    factions: Mapping[str, Faction]
    ships: Mapping[tuple[str, bool], ShipSpec]
    fleet: Mapping[str, int]
    start_in_bay: Mapping[str, int]
    limits: Mapping[str, int]
    event_track_length: int
    event_track_start: Mapping[int, int]
    game_length: Mapping[str, int]
    vp_track: int
    scoring_example: Mapping[str, Any]
    development_example: Mapping[str, Any]
    exploration_tokens: tuple[Goods, ...] = ()
    supremacy_tokens: tuple[Goods, ...] = ()
    resource_caps: Goods = Goods()
    special_regions: Mapping[str, SpecialRegion] = field(default_factory=dict)
    destiny_cards: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    pirates: Mapping[str, PirateSpec] = field(default_factory=dict)
    sources: Mapping[str, str] = field(default_factory=dict)
    limit_sections: Mapping[str, str] = field(default_factory=dict)
    """The rulebook section of each ``limits`` value (``[limits]`` of ``rulebook.toml``)."""
    _module_index: Mapping[str, ModuleCard] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Deeply read-only: the cached catalog is shared by every game, so nobody may change it in place.
        for name, value in list(self.__dict__.items()):
            object.__setattr__(self, name, _read_only(value))
        # every module card by name, core modules first (``module`` reads it on every activation check)
        object.__setattr__(self, "_module_index", MappingProxyType({**self.modules, **{c.name: c for c in self.core_modules}}))

    @classmethod
    def from_toml(cls, rulebook: str, tracks: str, sample: str) -> "Catalog":
        """Build a catalog from the three files' texts (rulebook, track board data, sample cards), each
        decoded by ``engine.decode``: a bad entry raises a ``DataError`` naming the file, the key and the value."""
        book, in_book = decode_text(_Rulebook, rulebook, "rulebook.toml")
        board = _tracks_file(tracks)
        cards, in_cards = decode_text(_SampleCards, sample, "sample_cards.toml")
        limits = {f.name: getattr(book.limits, f.name) for f in fields(_Limits) if not f.name.endswith("_section")}
        limit_sections = {name: getattr(book.limits, f"{name}_section") for name in limits}
        printed_leaders = {k: v for k in DEVELOPMENT_TYPES if (v := getattr(book.development_leaders, k)) is not None}
        leaders = {**{k: v for k in DEVELOPMENT_TYPES if (v := getattr(cards.development_leaders, k)) is not None},
                   **printed_leaders}
        developments = {}
        for development in book.development:
            kind = development.type
            if kind not in leaders:
                raise in_cards.refuse(("development_leaders", kind), None, "every development type needs a leader count: here, or in rulebook.toml where the text prints it")
            developments[kind] = DevelopmentKind(kind, development.track, development.ability, development.text, leaders[kind],
                                                 "rulebook" if kind in printed_leaders else "sample")
        if len(developments) != len(DEVELOPMENT_TYPES):
            raise in_book.refuse(("development",), sorted(developments), f"one entry per development type {DEVELOPMENT_TYPES}")
        core = tuple(entry.card(core=True) for entry in book.core_module)
        printed = {card.name for card in core} | {entry.name for entry in book.end_game_module}
        for index, module in enumerate(cards.module):
            if module.name in printed:
                raise in_cards.refuse(("module", index, "name"), module.name, "the rulebook already prints a module of this name")
        modules = {module.name: module.card() for module in cards.module + book.end_game_module}
        ship_cost = {kind: getattr(cards.ship_cost, kind).goods() for kind in SHIP_TYPES}
        ships: dict[tuple[str, bool], ShipSpec] = {}
        for decoder, entries in ((in_cards, cards.ship_spec), (in_book, book.ship_spec)):
            seen: set[tuple[str, bool]] = set()
            for index, spec in enumerate(entries):
                key = (spec.type, spec.upgraded)
                if key in seen:
                    raise decoder.refuse(("ship_spec", index), f"{spec.type}, upgraded = {spec.upgraded}", "a second entry for this ship")
                seen.add(key)
                ships[key] = _ship(spec, ships.get(key), ship_cost[spec.type])
        event_names = {e.name for e in book.event_card}
        for index, event in enumerate(cards.event_card):
            if event.name in event_names:
                raise in_cards.refuse(("event_card", index, "name"), event.name, "the rulebook already prints an event card of this name")
        events = tuple(e.card("rulebook") for e in book.event_card) + tuple(e.card("sample") for e in cards.event_card)
        tactics = {entry.name: entry.kind for entry in book.tactics_card}
        deck_counts = {kind: getattr(cards.tactics_deck, kind) for kind in TACTICS_KINDS}
        for kind, count in deck_counts.items():
            named = sum(1 for k in tactics.values() if k == kind)
            for number in range(1, count - named + 1):
                tactics[f"Sample {kind} #{number}"] = kind
        planets = tuple(PlanetTile(p.name, p.type, p.cost.goods(), p.resources.goods()) for p in cards.planet)
        for kind in DEVELOPMENT_TYPES:
            count = sum(1 for tile in planets if tile.type == kind)
            if count != limits["planets_per_type"]:
                raise in_cards.refuse(("planet",), f"{count} {kind} tiles",
                                      f"{limits['planets_per_type']} planet tiles of each type (rulebook limits.planets_per_type, A-F17)")
        return cls(
            tracks={name: getattr(board.track, name) for name in TRACKS},
            text_track_values={name: getattr(board.text_values, name) for name in TRACKS},
            development_vp={kind: getattr(board.development_vp, kind) for kind in DEVELOPMENT_TYPES},
            development_vp_text=book.development_vp_text.levels,
            developments=developments, core_modules=core, modules=modules,
            module_cost={row: getattr(cards.module_cost, row).goods() for row in MODULE_ROWS},
            alliance_bases={e.name: BaseAction(e.name, e.text, e.section, e.pay_any, e.gain.goods(), e.draw_tactics,
                                               e.event_advance, e.buy_modules, e.choices) for e in book.alliance_base},
            planets=planets,
            moons={colour.name: tuple(face.goods() for face in getattr(cards.moons, colour.name).faces)
                   for colour in fields(_MoonSupply)},
            events=events, tactics_kinds=tactics, tactics_deck=deck_counts,
            factions={f.name: Faction(f.name, f.resources.goods(), f.track, f.power.text, f.power.turn_gain.goods(),
                                      f.power.end_per, f.power.end_each, f.power.end_divisor, f.upgrade) for f in cards.faction},
            ships=ships, fleet=_given(book.ships.fleet), start_in_bay=_given(book.ships.start_in_bay), limits=limits,
            event_track_length=board.event_track.length,
            event_track_start={int(k): v for k, v in board.event_track.start.items()},
            game_length={k: getattr(board.game_length, k) for k in ("short", "medium", "long")},
            vp_track=board.game_length.vp_track,
            scoring_example=_given(book.scoring_example), development_example=_given(book.development_example),
            exploration_tokens=tuple(token.goods() for token in cards.tokens.exploration),
            supremacy_tokens=tuple(token.goods() for token in cards.tokens.supremacy),
            resource_caps=Goods.of({f.name: getattr(cards.resource_caps, f.name) for f in fields(_Caps)}),
            special_regions={e.name: SpecialRegion(e.name, e.vp, e.reward.goods()) for e in cards.special_region},
            destiny_cards=tuple((d.name, tuple((goal.track, goal.vp) for goal in d.goals)) for d in cards.destiny_card),
            pirates={p.pirate_class: p.card() for p in cards.pirate_card},
            sources={"rulebook": book.source.label, "tracks": board.source.label, "sample_cards": cards.source.label},
            limit_sections=limit_sections,
        )

    def module(self, name: str) -> ModuleCard:
        """A module card by name (core modules included)."""
        found = self._module_index.get(name) if isinstance(name, str) else None
        if found is None:
            if not isinstance(name, str):
                raise InvalidInput("module", name, "a module's name (text)")
            raise InvalidInput("module", name, f"no such module; known: {sorted(self.modules)}")
        return found

    def pirate(self, key: str) -> PirateSpec:
        """A pirate card by class letter or by name."""
        for card in self.pirates.values():
            if key in (card.pirate_class, card.name):
                return card
        raise InvalidInput("pirate", key, f"pirate cards: {sorted(c.name for c in self.pirates.values())}")

    def track(self, name: str) -> Track:
        if not isinstance(name, str) or name not in self.tracks:
            raise InvalidInput("track", name, f"one of {TRACKS}")
        return self.tracks[name]

    def track_for_development(self, kind: str) -> str:
        if kind not in self.developments:
            raise InvalidInput("development type", kind, f"one of {DEVELOPMENT_TYPES}")
        return self.developments[kind].track

    def development_for_track(self, track: str) -> str:
        return next(kind for kind, spec in self.developments.items() if spec.track == track)

    def ship(self, kind: str, upgraded: bool) -> ShipSpec:
        if (kind, upgraded) not in self.ships:
            raise InvalidInput("ship type", kind, f"one of {SHIP_TYPES}")
        return self.ships[(kind, upgraded)]

    def planet(self, name: str) -> PlanetTile:
        for tile in self.planets:
            if tile.name == name:
                return tile
        raise InvalidInput("planet", name, "no such planet tile in the catalog")

    def event(self, name: str) -> EventCard:
        for card in self.events:
            if card.name == name:
                return card
        raise InvalidInput("event card", name, "no such event card in the catalog")

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{html.escape(' '.join(map(str, t.vp)))}</td>"
            f"<td>{t.development_levels}</td></tr>" for name, t in self.tracks.items()
        )
        return (f"<table class='tt-catalog'><caption>Progress tracks ({html.escape(self.sources.get('tracks', ''))})</caption>"
                f"<tr><th>track</th><th>VP per space (bottom → top)</th><th>development levels at</th></tr>{rows}</table>")


@cache
def load_catalog() -> Catalog:
    """The shipped catalog: rulebook content plus the labelled sample data."""
    return Catalog.from_toml(*(read_packaged(__package__, name) for name in ("rulebook.toml", "tracks.toml", "sample_cards.toml")))


def _read_only(value: Any) -> Any:
    """``value`` with every dict a read-only mapping and every list a tuple, all the way down."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: _read_only(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_read_only(item) for item in value)
    return value


def _ship(spec: "_ShipSpec", before: ShipSpec | None, cost: Goods) -> ShipSpec:
    """A ship's specs: the entry's values, else those of the entry before it (the sample file's), else the defaults."""

    def value(name: str, default: Any) -> Any:
        given = getattr(spec, name)
        return given if given is not None else getattr(before, name) if before else default

    return ShipSpec(spec.type, spec.upgraded, value("range", 1), value("weapons", 1), value("aim", 0), value("shields", 0),
                    value("abilities", ()), cost, value("section", "sample (A-F12)"))


# ----------------------------------------------------------------------------------------------------------
# The shapes of rulebook.toml and sample_cards.toml (decoded by engine.decode: an unknown key, a wrong type,
# an absurd number, a second entry with a used name or a name of nothing is refused naming the file and the
# key; the rules between entries are checked by ``Catalog.from_toml``).

Count = Annotated[int, whole(0, 99)]
"""A printed count (resources, VP, dice, spaces): a stated limit of 99, far above any the game prints."""
Texts = Annotated[tuple[str, ...], items(most=20)]


@dataclass(frozen=True)
class _Resources:
    """A table of resources (a cost, a gain, a station's start): ``{ titanium = 1, credit = 2 }``."""

    energy: Count = 0
    titanium: Count = 0
    ice: Count = 0
    nanocarbon: Count = 0
    credit: Count = 0

    def goods(self) -> Goods:
        return Goods.of({f.name: getattr(self, f.name) for f in fields(self)})


@dataclass(frozen=True)
class _Gain(_Resources):
    """Resources and VP."""

    vp: Count = 0


@dataclass(frozen=True)
class _MoonFace(_Gain):
    """What a moon shows: resources, VP and the repair icon (``repair = true``)."""

    repair: bool = False

    def goods(self) -> Goods:
        return Goods.of({f.name: int(getattr(self, f.name)) for f in fields(self)})


@dataclass(frozen=True)
class _PirateReward(_Gain):
    """What each winner who beats a pirate gains: resources, VP and steps on a track."""

    science: Count = 0
    industry: Count = 0
    supremacy: Count = 0
    commerce: Count = 0
    civilization: Count = 0


@dataclass(frozen=True)
class _Caps:
    energy: Count
    titanium: Count
    ice: Count
    nanocarbon: Count
    credit: Count


@dataclass(frozen=True)
class _ByTrack:
    science: Count | None = None
    industry: Count | None = None
    supremacy: Count | None = None
    commerce: Count | None = None
    civilization: Count | None = None


@dataclass(frozen=True)
class _ByDevelopment:
    observatory: Count | None = None
    factory: Count | None = None
    spaceport: Count | None = None
    city: Count | None = None
    obelisk: Count | None = None


@dataclass(frozen=True)
class _ByResource:
    energy: Count | None = None
    titanium: Count | None = None
    ice: Count | None = None
    nanocarbon: Count | None = None
    credit: Count | None = None


@dataclass(frozen=True)
class _ByShip:
    transport: Count | None = None
    fighter: Count | None = None
    science_vessel: Count | None = None
    heavy_cruiser: Count | None = None


@dataclass(frozen=True)
class _ByColour:
    yellow: Count | None = None
    blue: Count | None = None
    green: Count | None = None
    purple: Count | None = None


@dataclass(frozen=True)
class _BookSource:
    label: str
    text: str = ""


@dataclass(frozen=True)
class _ResourceKinds:
    section: str
    kinds: Annotated[tuple[str, ...], items(most=5, one_of=RESOURCES)]
    wild: Annotated[str, text(one_of=RESOURCES)]
    wild_replaces: Annotated[tuple[str, ...], items(most=5, one_of=RESOURCES)]


@dataclass(frozen=True)
class _Module:
    """A module entry (core, sample or end-game module); ``text`` is its printed text."""

    name: Annotated[str, identifier("module")]
    row: Annotated[str, text(one_of=MODULE_ROWS)]
    section: str = "sample"
    text: str = ""
    gain: _Gain = _Gain()
    pay: _Gain = _Gain()
    draw: Count = 0
    repair: Count = 0
    choices: Texts = ()
    activates_tech: bool = False
    input_slot: bool = False
    output_slot: bool = False
    slot_vp: Count = 0
    damage_icons: Count = 0
    end_game: bool = False
    base: Count = 0
    per: Annotated[str, text(one_of=SCORED_PER)] = ""
    each: Count = 0
    literal_each: Count | None = None  # the text's own reading of ``each`` (default: ``each``)

    def card(self, core: bool = False) -> ModuleCard:
        return ModuleCard(self.name, self.row, self.section, self.gain.goods(), self.pay.goods(), self.draw, self.repair,
                          self.choices, self.activates_tech, self.input_slot, self.output_slot, self.slot_vp,
                          self.damage_icons, self.end_game, self.base, self.per, self.each,
                          self.each if self.literal_each is None else self.literal_each, core)


@dataclass(frozen=True)
class _AllianceBase:
    name: Annotated[str, identifier("alliance base")]
    text: str
    section: str
    pay_any: Count = 0
    draw_tactics: Count = 0
    gain: _Gain = _Gain()
    event_advance: Count = 0
    buy_modules: Annotated[tuple[str, ...], items(most=4, one_of=MODULE_ROWS)] = ()
    choices: Texts = ()


@dataclass(frozen=True)
class _Development:
    type: Annotated[str, identifier("development", one_of=DEVELOPMENT_TYPES)]
    track: Annotated[str, text(one_of=TRACKS)]
    section: str
    ability: str
    text: str


@dataclass(frozen=True)
class _Leaders(_ByDevelopment):
    section: str = ""


@dataclass(frozen=True)
class _Ships:
    section: str
    fleet: _ByShip
    start_in_bay: _ByShip


@dataclass(frozen=True)
class _ShipSpec:
    """A ship's specs; a value left out is the sample file's (a rulebook entry overrides only what it gives)."""

    type: Annotated[str, text(one_of=SHIP_TYPES)]
    upgraded: bool
    name: str = ""
    section: str | None = None
    range: Count | None = None
    weapons: Count | None = None
    aim: Count | None = None
    shields: Count | None = None
    abilities: Texts | None = None


@dataclass(frozen=True)
class _Limits:
    claimed_moons: Count
    claimed_moons_section: str
    hand_limit: Count
    hand_limit_section: str
    development_vp_cap: Count
    development_vp_cap_section: str
    planets_per_type: Annotated[int, whole(1, 99)]
    planets_per_type_section: str
    s_class_figures: Count
    s_class_figures_section: str


@dataclass(frozen=True)
class _FinalScoring:
    section: str
    steps: Texts
    damaged_module_penalty: Count
    leader_vp: Count
    tie_breakers: Texts
    tie_breakers_section: str


@dataclass(frozen=True)
class _TextLevels:
    section: str
    levels: Annotated[tuple[int, int, int], whole(0, 99)]


@dataclass(frozen=True)
class _ScoringExample:
    section: str
    start: Annotated[int, whole(0, 999)]
    tracks: _ByTrack
    developments: _ByDevelopment
    factory_vp: Count
    spaceport_vp: Count
    damaged_modules: Count
    vault_vp_per_resource: Count
    resources: _ByResource
    tactics_cards: Count
    land_ministry_vp: Count
    cognition_collective_vp: Count
    leaders: Count
    chain: Annotated[tuple[int, ...], items(most=10, high=999)]


@dataclass(frozen=True)
class _DevelopmentExample:
    section: str
    adjacent_nebula_leaders: _ByColour
    factory_printed_leaders: Count
    development_office_leaders: _ByColour
    odessa_field_leaders: _ByColour
    vp: Count


@dataclass(frozen=True)
class _Event:
    name: Annotated[str, identifier("event card")]
    scores: Annotated[str, text(one_of=TRACKS)]
    pirate: Annotated[str, text(one_of=PIRATE_CLASSES)]
    special: str = "none"
    special_text: Annotated[str, text(empty=True)] = ""
    section: str | None = None  # default: the file's ("rulebook" or "sample")
    deck: str = ""

    def card(self, source: str) -> EventCard:
        return EventCard(self.name, self.scores, self.pirate, self.special, self.special_text, self.section or source)


@dataclass(frozen=True)
class _Tactics:
    name: Annotated[str, identifier("tactics card")]
    kind: Annotated[str, text(one_of=TACTICS_KINDS)]
    section: str


@dataclass(frozen=True)
class _Rulebook:
    """rulebook.toml: content the rulebook text gives, each entry citing its section."""

    source: _BookSource
    resources: _ResourceKinds
    core_module: Annotated[tuple[_Module, ...], items(most=4)]  # the four core modules (返回空间站回合 · 核心模块)
    alliance_base: Annotated[tuple[_AllianceBase, ...], items(most=6)]  # the six alliance bases (发射回合 · 联盟基地行动)
    development: Annotated[tuple[_Development, ...], items(most=5)]  # one per development type (开发)
    development_leaders: _Leaders
    ships: _Ships
    ship_spec: Annotated[tuple[_ShipSpec, ...], items(most=8)]
    limits: _Limits
    final_scoring: _FinalScoring
    development_vp_text: _TextLevels
    scoring_example: _ScoringExample
    development_example: _DevelopmentExample
    end_game_module: Annotated[tuple[_Module, ...], items(most=100, fixed={"end_game": True})] = ()
    event_card: Annotated[tuple[_Event, ...], items(most=100)] = ()
    tactics_card: Annotated[tuple[_Tactics, ...], items(most=100)] = ()


@dataclass(frozen=True)
class _Planet:
    name: Annotated[str, identifier("planet")]
    type: Annotated[str, text(one_of=DEVELOPMENT_TYPES)]
    cost: _Gain
    resources: _Gain


@dataclass(frozen=True)
class _Moons:
    faces: Annotated[tuple[_MoonFace, ...], items(most=45)]  # 配件: 45 planet moons, 6 abandoned nebula moons


@dataclass(frozen=True)
class _MoonSupply:
    factory: _Moons
    city: _Moons
    observatory: _Moons
    spaceport: _Moons
    obelisk: _Moons
    nebula: _Moons


@dataclass(frozen=True)
class _ModuleCost:
    science: _Gain
    industry: _Gain
    commerce: _Gain
    civilization: _Gain


@dataclass(frozen=True)
class _TacticsDeck:
    """Tactics cards of each kind in the deck (配件: 80 tactics cards in the box)."""

    action: Annotated[int, whole(0, 80)] = 0
    event: Annotated[int, whole(0, 80)] = 0
    persistent: Annotated[int, whole(0, 80)] = 0
    diplomacy: Annotated[int, whole(0, 80)] = 0
    battle: Annotated[int, whole(0, 80)] = 0


@dataclass(frozen=True)
class _Power:
    text: Annotated[str, text(empty=True)] = ""
    turn_gain: _Gain = _Gain()
    end_per: Annotated[str, text(one_of=SCORED_PER)] = ""
    end_each: Count = 0
    end_divisor: Annotated[int, whole(1, 99)] = 1


@dataclass(frozen=True)
class _Faction:
    name: Annotated[str, identifier("faction")]
    resources: _Gain
    track: Annotated[str, text(one_of=TRACKS)]
    power: _Power = _Power()
    upgrade: Annotated[str, text(one_of=SHIP_TYPES)] = "fighter"


@dataclass(frozen=True)
class _ShipCost:
    transport: _Gain = _Gain()
    fighter: _Gain = _Gain()
    science_vessel: _Gain = _Gain()
    heavy_cruiser: _Gain = _Gain()


@dataclass(frozen=True)
class _Tokens:
    exploration: Annotated[tuple[_Gain, ...], items(most=21)] = ()  # 配件: 21 exploration tokens
    supremacy: Annotated[tuple[_Gain, ...], items(most=8)] = ()  # 配件: 8 supremacy tokens


@dataclass(frozen=True)
class _SpecialRegion:
    name: Annotated[str, identifier("special region")]
    vp: Count = 0
    reward: _Gain = _Gain()


@dataclass(frozen=True)
class _Goal:
    track: Annotated[str, text(one_of=TRACKS)]
    vp: Count


@dataclass(frozen=True)
class _Destiny:
    name: Annotated[str, identifier("destiny card")]
    goals: tuple[_Goal, _Goal]  # 2 progress goals each (可选规则 · 命运卡)


@dataclass(frozen=True)
class _Pirate:
    name: Annotated[str, identifier("pirate card")]
    pirate_class: Annotated[str, identifier("pirate class", one_of=PIRATE_CLASSES)]
    range: Count
    weapons: Count
    reward: _PirateReward
    start: str = "random nebula"
    aim_bonus: Count = 0
    shields: Count = 0
    special: Annotated[str, text(empty=True)] = ""
    section: str = "sample"

    def card(self) -> PirateSpec:
        return PirateSpec(self.name, self.pirate_class, self.range, self.start, self.weapons, self.aim_bonus,
                          self.shields, self.reward.goods(), self.special, self.section)


@dataclass(frozen=True)
class _SampleCards:
    """sample_cards.toml: SAMPLE DATA for what the rulebook does not print."""

    source: _Source
    planet: Annotated[tuple[_Planet, ...], items(most=100)]
    development_leaders: _ByDevelopment
    moons: _MoonSupply
    module_cost: _ModuleCost
    module: Annotated[tuple[_Module, ...], items(most=108)]  # 配件: 108 modules
    tactics_deck: _TacticsDeck
    faction: Annotated[tuple[_Faction, ...], items(most=20)]
    ship_cost: _ShipCost
    ship_spec: Annotated[tuple[_ShipSpec, ...], items(most=8)]
    resource_caps: _Caps
    event_card: Annotated[tuple[_Event, ...], items(most=100)] = ()
    tokens: _Tokens = _Tokens()
    special_region: Annotated[tuple[_SpecialRegion, ...], items(most=20)] = ()
    destiny_card: Annotated[tuple[_Destiny, ...], items(most=20)] = ()  # 配件: 20 destiny cards
    pirate_card: Annotated[tuple[_Pirate, ...], items(most=5)] = ()  # one per class S, A, B, C, D (游戏设置 · 6)


def _given(shape: Any) -> Mapping[str, Any]:
    """A decoded table of counts by name as a read-only mapping of the names the file gives."""
    return FrozenMap({f.name: _given(value) if is_dataclass(value) else value
                      for f in fields(shape) if (value := getattr(shape, f.name)) is not None})
