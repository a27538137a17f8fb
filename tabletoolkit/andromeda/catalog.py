"""Andromeda's Edge content as data: what the rulebook prints, and sample data for what it does not.

``rulebook.toml`` holds content the text gives, each entry citing its section. ``tracks.toml`` (board
data calibrated to the scoring example, A-F9) and ``sample_cards.toml`` are SAMPLE DATA, labelled so.
``load_catalog()`` reads the three shipped files; ``Catalog.from_toml`` reads edited copies. A bad entry
raises ``InvalidInput`` naming the entry at fault.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Annotated, Any, Mapping

from ..engine import InvalidInput
from ..engine.data import parse_toml
from ..engine.decode import Decoder, items, parse_text, read_packaged, whole
from .goods import RESOURCES, Goods

TRACKS = ("science", "industry", "supremacy", "commerce", "civilization")
MODULE_ROWS = ("science", "industry", "commerce", "civilization")
SHIP_TYPES = ("transport", "fighter", "science_vessel", "heavy_cruiser")
DEVELOPMENT_TYPES = ("observatory", "factory", "spaceport", "city", "obelisk")
TACTICS_KINDS = ("action", "event", "persistent", "diplomacy", "battle")
SCORED_PER = ("development", "tactics_card", "module", "resource", "leader")


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
    decoder = Decoder("tracks.toml")
    found = decoder.value(_TracksFile, parse_text(text, "tracks.toml"))
    decoder.check()
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

    def __post_init__(self) -> None:
        # Deeply read-only: the cached catalog is shared by every game, so nobody may change it in place.
        for name, value in list(self.__dict__.items()):
            object.__setattr__(self, name, _read_only(value))

    @classmethod
    def from_toml(cls, rulebook: str, tracks: str, sample: str) -> "Catalog":
        """Build a catalog from the three files' texts (rulebook, track board data, sample cards)."""
        book, board, cards = _parse("rulebook", rulebook), _tracks_file(tracks), _parse("sample_cards", sample)
        limits = {k: v for k, v in book["limits"].items() if not k.endswith("_section")}
        limit_sections = {k[: -len("_section")]: v for k, v in book["limits"].items() if k.endswith("_section")}
        for name, value in limits.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInput(f"rulebook.limits.{name}", value, "a limit is a whole number, 0 or more")
        developments = {}
        leaders = {**cards.get("development_leaders", {}), **book["development_leaders"]}
        for entry in book["development"]:
            kind = _enum("development.type", entry["type"], DEVELOPMENT_TYPES)
            if kind not in leaders:
                raise InvalidInput(f"development_leaders.{kind}", None, "every development type needs a leader count")
            source = "rulebook" if kind in book["development_leaders"] else "sample"
            developments[kind] = DevelopmentKind(kind, _enum(f"development.{kind}.track", entry["track"], TRACKS),
                                                 entry["ability"], entry["text"], leaders[kind], source)
        core = tuple(_module(e, core=True) for e in book["core_module"])
        modules = {m.name: m for m in (_module(e) for e in cards["module"])}
        for entry in book["end_game_module"]:
            modules[entry["name"]] = _module({**entry, "end_game": True})
        ship_cost = {t: _goods(f"ship_cost.{t}", c) for t, c in cards["ship_cost"].items()}
        ships: dict[tuple[str, bool], ShipSpec] = {}
        for where, entries in (("sample_cards", cards["ship_spec"]), ("rulebook", book["ship_spec"])):
            for entry in entries:
                kind = _enum("ship_spec.type", entry["type"], SHIP_TYPES)
                key = (kind, bool(entry["upgraded"]))
                merged = {**(ships[key].__dict__ if key in ships else {}), **entry}
                ships[key] = ShipSpec(kind, key[1], _count(f"ship_spec.{kind}.range", merged.get("range", 1)),
                                      _count(f"ship_spec.{kind}.weapons", merged.get("weapons", 1)),
                                      _count(f"ship_spec.{kind}.aim", merged.get("aim", 0)),
                                      _count(f"ship_spec.{kind}.shields", merged.get("shields", 0)),
                                      tuple(merged.get("abilities", ())), ship_cost.get(kind, Goods()),
                                      entry.get("section", merged.get("section", "sample (A-F12)")))
        tracks_ = {name: getattr(board.track, name) for name in TRACKS}
        text_values = {name: getattr(board.text_values, name) for name in TRACKS}
        dev_vp = {kind: getattr(board.development_vp, kind) for kind in DEVELOPMENT_TYPES}
        events = tuple(_event(e, "rulebook") for e in book["event_card"]) + tuple(_event(e, "sample") for e in cards["event_card"])
        tactics = {e["name"]: _enum(f"tactics_card.{e['name']}.kind", e["kind"], TACTICS_KINDS) for e in book["tactics_card"]}
        deck_counts = {_enum("tactics_deck", k, TACTICS_KINDS): _count(f"tactics_deck.{k}", v) for k, v in cards["tactics_deck"].items()}
        for kind, count in deck_counts.items():
            named = sum(1 for k in tactics.values() if k == kind)
            for number in range(1, count - named + 1):
                tactics[f"Sample {kind} #{number}"] = kind
        tokens = cards.get("tokens", {})
        factions = {}
        for entry in cards["faction"]:
            label = f"faction.{entry['name']}"
            power = entry.get("power", {})
            per = power.get("end_per", "")
            if per and per not in SCORED_PER:
                raise InvalidInput(label + ".power.end_per", per, f"one of {SCORED_PER}")
            divisor = power.get("end_divisor", 1)
            if not isinstance(divisor, int) or divisor < 1:
                raise InvalidInput(label + ".power.end_divisor", divisor, "a whole number, 1 or more")
            factions[entry["name"]] = Faction(entry["name"], _goods(label + ".resources", entry["resources"]),
                                              _enum(label + ".track", entry["track"], TRACKS), power.get("text", ""),
                                              _goods(label + ".power.turn_gain", power.get("turn_gain", {})), per,
                                              _count(label + ".power.end_each", power.get("end_each", 0)), divisor,
                                              _enum(label + ".upgrade", entry.get("upgrade", "fighter"), SHIP_TYPES))
        planets = []
        for entry in cards["planet"]:
            label = f"planet.{entry.get('name')}"
            planets.append(PlanetTile(entry["name"], _enum(label + ".type", entry["type"], DEVELOPMENT_TYPES),
                                      _goods(label + ".cost", entry["cost"]), _goods(label + ".resources", entry["resources"])))
        per_type = limits.get("planets_per_type")
        for kind in DEVELOPMENT_TYPES:
            count = sum(1 for tile in planets if tile.type == kind)
            if per_type is not None and count != per_type:
                raise InvalidInput(f"planet.{kind}", count, f"{per_type} planet tiles of each type (rulebook limits.planets_per_type, A-F17)")
        moons = {colour: tuple(_goods(f"moons.{colour}.faces[{i}]", face, extra=("vp", "repair"))
                               for i, face in enumerate(spec["faces"])) for colour, spec in cards["moons"].items()}
        return cls(
            tracks=tracks_, text_track_values=text_values, development_vp=dev_vp,
            development_vp_text=tuple(book["development_vp_text"]["levels"]),
            developments=developments, core_modules=core, modules=modules,
            module_cost={row: _goods(f"module_cost.{row}", cards["module_cost"][row]) for row in MODULE_ROWS},
            alliance_bases={e["name"]: _base(e) for e in book["alliance_base"]},
            planets=tuple(planets), moons=moons, events=events, tactics_kinds=tactics,
            tactics_deck=deck_counts,
            factions=factions, ships=ships, fleet=dict(book["ships"]["fleet"]),
            start_in_bay={_enum("ships.start_in_bay", k, SHIP_TYPES): _count(f"ships.start_in_bay.{k}", v)
                          for k, v in book["ships"]["start_in_bay"].items()}, limits=limits,
            event_track_length=board.event_track.length,
            event_track_start={int(k): v for k, v in board.event_track.start.items()},
            game_length={k: getattr(board.game_length, k) for k in ("short", "medium", "long")},
            vp_track=board.game_length.vp_track,
            scoring_example=book["scoring_example"], development_example=book["development_example"],
            exploration_tokens=tuple(_goods(f"tokens.exploration[{i}]", t) for i, t in enumerate(tokens.get("exploration", []))),
            supremacy_tokens=tuple(_goods(f"tokens.supremacy[{i}]", t) for i, t in enumerate(tokens.get("supremacy", []))),
            resource_caps=_caps(cards.get("resource_caps", {})),
            special_regions={e.get("name"): _special(e) for e in cards.get("special_region", [])},
            destiny_cards=tuple(_destiny(e) for e in cards.get("destiny_card", [])),
            pirates=_pirates(cards.get("pirate_card", [])),
            sources={"rulebook": book["source"]["label"], "tracks": board.source.label, "sample_cards": cards["source"]["label"]},
            limit_sections=limit_sections,
        )

    def module(self, name: str) -> ModuleCard:
        """A module card by name (core modules included)."""
        if not isinstance(name, str):
            raise InvalidInput("module", name, "a module's name (text)")
        for core in self.core_modules:
            if core.name == name:
                return core
        if name not in self.modules:
            raise InvalidInput("module", name, f"no such module; known: {sorted(self.modules)}")
        return self.modules[name]

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
        return self.developments[_enum("development type", kind, DEVELOPMENT_TYPES)].track

    def development_for_track(self, track: str) -> str:
        return next(kind for kind, spec in self.developments.items() if spec.track == track)

    def ship(self, kind: str, upgraded: bool) -> ShipSpec:
        return self.ships[(_enum("ship type", kind, SHIP_TYPES), upgraded)]

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


def _parse(name: str, text: str) -> dict[str, Any]:
    return parse_toml(text, name)


def _enum(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise InvalidInput(name, value, f"one of {allowed}")
    return value


def _count(name: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidInput(name, value, "a whole number, 0 or more")
    return value


def _goods(name: str, spec: Any, extra: tuple[str, ...] = ("vp",)) -> Goods:
    if not isinstance(spec, dict):
        raise InvalidInput(name, spec, "a table of resource = count")
    counts = {}
    for kind, value in spec.items():
        if kind == "repair":
            counts[kind] = 1 if value is True else _count(f"{name}.{kind}", value)
            continue
        if kind not in RESOURCES + extra:
            raise InvalidInput(f"{name}.{kind}", value, f"a resource kind: one of {RESOURCES + extra}")
        counts[kind] = _count(f"{name}.{kind}", value)
    return Goods.of(counts)


def _module(entry: dict[str, Any], core: bool = False) -> ModuleCard:
    name = entry.get("name")
    if not isinstance(name, str) or not name:
        raise InvalidInput("module.name", name, "every module needs a name")
    label = f"module.{name}"
    per = entry.get("per", "")
    if per and per not in SCORED_PER:
        raise InvalidInput(label + ".per", per, f"one of {SCORED_PER}")
    return ModuleCard(
        name=name, row=_enum(label + ".row", entry.get("row"), MODULE_ROWS),
        section=entry.get("section", "sample"), gain=_goods(label + ".gain", entry.get("gain", {})),
        pay=_goods(label + ".pay", entry.get("pay", {})), draw=_count(label + ".draw", entry.get("draw", 0)),
        repair=_count(label + ".repair", entry.get("repair", 0)), choices=tuple(entry.get("choices", ())),
        activates_tech=bool(entry.get("activates_tech", False)), input_slot=bool(entry.get("input_slot", False)),
        output_slot=bool(entry.get("output_slot", False)), slot_vp=_count(label + ".slot_vp", entry.get("slot_vp", 0)),
        damage_icons=_count(label + ".damage_icons", entry.get("damage_icons", 0)),
        end_game=bool(entry.get("end_game", False)), base=_count(label + ".base", entry.get("base", 0)),
        per=per, each=_count(label + ".each", entry.get("each", 0)),
        literal_each=_count(label + ".literal_each", entry.get("literal_each", entry.get("each", 0))), core=core,
    )


def _event(entry: dict[str, Any], source: str) -> EventCard:
    label = f"event_card.{entry.get('name')}"
    if entry.get("pirate") not in ("A", "B", "C", "D", "S"):
        raise InvalidInput(label + ".pirate", entry.get("pirate"), "a pirate class: A, B, C, D or S")
    return EventCard(entry["name"], _enum(label + ".scores", entry.get("scores"), TRACKS), entry["pirate"],
                     entry.get("special", "none"), entry.get("special_text", ""), entry.get("section", source))


def _caps(spec: Any) -> Goods:
    caps = _goods("resource_caps", spec, extra=())
    missing = [kind for kind in RESOURCES if kind not in spec]
    if missing:
        raise InvalidInput("resource_caps", spec, f"a cap for every resource kind; missing {missing}")
    return caps


def _special(entry: dict[str, Any]) -> SpecialRegion:
    name = entry.get("name")
    if not isinstance(name, str) or not name:
        raise InvalidInput("special_region.name", name, "the special tile's name on the board")
    return SpecialRegion(name, _count(f"special_region.{name}.vp", entry.get("vp", 0)),
                         _goods(f"special_region.{name}.reward", entry.get("reward", {})))


def _pirates(entries: list[dict[str, Any]]) -> dict[str, PirateSpec]:
    cards: dict[str, PirateSpec] = {}
    for entry in entries:
        label = f"pirate_card.{entry.get('name')}"
        if not isinstance(entry.get("name"), str) or not entry["name"]:
            raise InvalidInput(label + ".name", entry.get("name"), "every pirate card needs a name")
        letter = _enum(label + ".class", entry.get("class"), ("S", "A", "B", "C", "D"))
        if letter in cards:
            raise InvalidInput(label + ".class", letter, f"class {letter} already has a card ({cards[letter].name}): one card per class")
        start = entry.get("start", "random nebula")
        if not isinstance(start, str) or not start:
            raise InvalidInput(label + ".start", start, "a region id, an alliance-base key or 'random nebula'")
        cards[letter] = PirateSpec(entry["name"], letter, _count(label + ".range", entry.get("range")), start,
                                   _count(label + ".weapons", entry.get("weapons")), _count(label + ".aim_bonus", entry.get("aim_bonus", 0)),
                                   _count(label + ".shields", entry.get("shields", 0)),
                                   _goods(label + ".reward", entry.get("reward"), extra=("vp",) + TRACKS),
                                   str(entry.get("special", "")), str(entry.get("section", "sample")))
    return cards


def _destiny(entry: dict[str, Any]) -> tuple[str, tuple[tuple[str, int], ...]]:
    name = entry.get("name")
    goals = entry.get("goals")
    if not isinstance(name, str) or not isinstance(goals, list) or len(goals) != 2 or not all(isinstance(g, dict) for g in goals):
        raise InvalidInput(f"destiny_card.{name}", goals, "a name and 2 goals, each {track, vp} (可选规则 · 命运卡)")
    return name, tuple((_enum(f"destiny_card.{name}.track", g.get("track"), TRACKS), _count(f"destiny_card.{name}.vp", g.get("vp")))
                       for g in goals)


def _base(entry: dict[str, Any]) -> BaseAction:
    return BaseAction(entry["name"], entry["text"], entry["section"], entry.get("pay_any", 0),
                      _goods(f"alliance_base.{entry['name']}.gain", entry.get("gain", {})), entry.get("draw_tactics", 0),
                      entry.get("event_advance", 0), tuple(entry.get("buy_modules", ())), tuple(entry.get("choices", ())))
