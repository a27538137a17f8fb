"""The solo rival's printed material as data: boards by difficulty, action cards, objective tiles.

Loaded from ``seti/data/solo_*.toml`` (sample where the rulebook is silent; each entry says so).
A malformed entry raises ``InvalidInput`` naming it (``"card[S.3].actions[1].moves"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, Mapping

from ...engine.errors import InvalidInput
from ...engine.data import parse_toml
from ..data_files import read_data
from ...engine.frozen import FrozenMap

TECHS = tuple(f"{kind}{n}" for kind in ("PT", "TT", "CT") for n in range(1, 5))
TECH_TYPES = {"PT": "probe", "TT": "telescope", "CT": "computer"}
TRACE_COLOURS = ("pink", "yellow", "blue")
REWARD_KEYS = ("vp", "publicity", "credits", "energy", "card", "alien_card", "chart", "progress", "data", "trace")
ACTION_KINDS = ("analyze", "launch", "tech", "orbit_land", "telescope", "discover")
ARROWS = ("left", "right")
PLANETS = ("Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune")
TASK_KINDS = ("score", "pool_data", "publicity", "visit", "card_cost", "mission", "launch", "orbit", "land",
              "signal", "analyze", "tech", "trace", "sector_win")


@dataclass(frozen=True)
class Difficulty:
    """One difficulty: its board, advanced cards in the starting deck, objectives per level (I, II, III)."""

    stars: int
    board: str
    advanced_cards_at_start: int
    objectives: tuple[int, int, int]
    source: str
    sample: bool


@dataclass(frozen=True)
class RivalBoard:
    """A rival board: the progress track (a tech per space, "" for none), the "+" icons, the computer."""

    id: str
    track: tuple[str, ...]
    plus_before: frozenset[int]
    computer: tuple[Mapping[str, Any], ...]
    analyze_icon: Mapping[str, Any]
    sample: bool


@dataclass(frozen=True)
class RivalAction:
    """One line of an action card. Unused fields keep their defaults."""

    kind: str
    rewards: Mapping[str, Any] = field(default_factory=lambda: FrozenMap({}))
    publicity_cost: int = 0
    moves: int = 0
    planets: tuple[str, ...] = ()
    prefer: str = "orbit"
    signals: tuple[str, ...] = ()
    species: int = 0

    def describe(self) -> str:
        """The action in a few words, as a learner reads the card."""
        if self.kind == "tech":
            return "tech (free)" if not self.publicity_cost else f"tech for {self.publicity_cost} publicity"
        if self.kind == "orbit_land":
            return f"{self.moves} moves to {', '.join(self.planets)} ({self.prefer} preferred)"
        if self.kind == "telescope":
            return "telescope (" + " + ".join("Earth's sector" if s == "earth" else "card row" for s in self.signals) + ")"
        if self.kind == "discover":
            return f"species discovery ({'1st' if self.species == 1 else '2nd'} species)"
        return self.kind


@dataclass(frozen=True)
class ActionCard:
    """A rival action card: its id, level (basic, advanced, species), decision arrow and actions in order."""

    id: str
    level: str
    arrow: str
    actions: tuple[RivalAction, ...]
    sample: bool
    species: str = ""


@dataclass(frozen=True)
class ObjectiveTile:
    """An objective tile: level I, II or III and its tasks (``"a/b"`` = either part marks it)."""

    id: str
    level: int
    tasks: tuple[str, ...]
    sample: bool


def _read(name: str) -> dict[str, Any]:
    return parse_toml(read_data(name), name)


def _require(where: str, value: Any, ok: Any, reason: str) -> Any:
    """``value`` when ``ok`` holds (is truthy), else ``InvalidInput`` naming ``where``."""
    if not ok:
        raise InvalidInput(where, value, reason)
    return value


def parse_rewards(where: str, raw: Any) -> Mapping[str, Any]:
    """A reward table checked key by key (``trace`` takes a colour or ``"any"``, the rest whole numbers)."""
    _require(where, raw, isinstance(raw, dict), "rewards are a table such as { vp = 2, publicity = 1 }")
    for key, value in raw.items():
        _require(f"{where}.{key}", key, key in REWARD_KEYS, f"unknown reward; known: {', '.join(REWARD_KEYS)}")
        if key == "trace":
            _require(f"{where}.trace", value, value in TRACE_COLOURS + ("any",), "a trace colour: pink, yellow, blue or any")
        else:
            _require(f"{where}.{key}", value, isinstance(value, int) and value > 0, "a whole number above 0")
    return FrozenMap(dict(raw))


def parse_difficulties(raw: dict[str, Any]) -> dict[int, Difficulty]:
    result = {}
    for entry in raw.get("difficulty", []):
        stars = entry.get("stars")
        where = f"difficulty[{stars}]"
        _require(where, stars, stars in range(1, 6), "difficulty is 1 to 5 stars")
        counts = entry.get("objectives")
        _require(f"{where}.objectives", counts, isinstance(counts, list) and len(counts) == 3
                 and all(isinstance(c, int) and c >= 0 for c in counts), "three counts (levels I, II, III)")
        advanced = entry.get("advanced_cards_at_start")
        _require(f"{where}.advanced_cards_at_start", advanced, advanced in (0, 1), "0 or 1")
        result[stars] = Difficulty(stars, entry["board"], advanced, tuple(counts), entry.get("source", ""),
                                   bool(entry.get("sample", True)))
    _require("difficulty", sorted(result), sorted(result) == [1, 2, 3, 4, 5], "one entry per difficulty 1..5")
    return result


def parse_boards(raw: dict[str, Any]) -> dict[str, RivalBoard]:
    result = {}
    for entry in raw.get("board", []):
        where = f"board[{entry.get('id')}]"
        track = entry.get("track")
        _require(f"{where}.track", track, isinstance(track, list) and len(track) >= 2
                 and all(t in TECHS or t == "" for t in track), f"a list of spaces, each a tech of {TECHS} or \"\"")
        _require(f"{where}.track", track, any(track), "the track shows at least one tech")
        plus = entry.get("plus_before", [])
        _require(f"{where}.plus_before", plus, all(isinstance(p, int) and 0 <= p < len(track) for p in plus),
                 "track space numbers")
        computer = entry.get("computer")
        _require(f"{where}.computer", computer, isinstance(computer, list) and len(computer) == 6, "six computer slots")
        slots = tuple(parse_rewards(f"{where}.computer[{i}]", slot) for i, slot in enumerate(computer))
        icon = parse_rewards(f"{where}.analyze_icon", entry.get("analyze_icon", {}))
        result[entry["id"]] = RivalBoard(entry["id"], tuple(track), frozenset(plus), slots, icon,
                                         bool(entry.get("sample", True)))
    return result


def parse_action(where: str, raw: dict[str, Any]) -> RivalAction:
    kind: Any = raw.get("kind")
    _require(f"{where}.kind", kind, kind in ACTION_KINDS, f"one of {', '.join(ACTION_KINDS)}")
    rewards = parse_rewards(f"{where}.rewards", raw.get("rewards", {}))
    known = {"kind", "rewards", "publicity_cost", "moves", "planets", "prefer", "signals", "species"}
    for key in raw:
        _require(f"{where}.{key}", raw[key], key in known, f"unknown field; known: {', '.join(sorted(known))}")
    action = RivalAction(kind, rewards)
    if kind == "tech":
        cost = raw.get("publicity_cost", 6)
        _require(f"{where}.publicity_cost", cost, cost in (0, 6), "0 (a free tech) or 6 publicity")
        return RivalAction(kind, rewards, publicity_cost=cost)
    if kind == "orbit_land":
        moves: Any = raw.get("moves")
        planets: Any = raw.get("planets")
        prefer: Any = raw.get("prefer", "orbit")
        _require(f"{where}.moves", moves, isinstance(moves, int) and moves > 0, "moves allowed, above 0")
        _require(f"{where}.planets", planets, isinstance(planets, list) and planets
                 and all(p in PLANETS for p in planets), f"planets in the card's order, from {PLANETS}")
        _require(f"{where}.prefer", prefer, prefer in ("orbit", "land"), "orbit or land")
        return RivalAction(kind, rewards, moves=moves, planets=tuple(planets), prefer=prefer)
    if kind == "telescope":
        signals: Any = raw.get("signals")
        _require(f"{where}.signals", signals, isinstance(signals, list) and signals
                 and all(s in ("earth", "row") for s in signals), "signals, each \"earth\" or \"row\"")
        return RivalAction(kind, rewards, signals=tuple(signals))
    if kind == "discover":
        species: Any = raw.get("species")
        _require(f"{where}.species", species, species in (1, 2), "the 1st or 2nd species")
        return RivalAction(kind, rewards, species=species)
    return action


def parse_cards(raw: dict[str, Any]) -> dict[str, ActionCard]:
    result = {}
    for table, level_of in (("card", None), ("species_card", "species")):
        for entry in raw.get(table, []):
            card_id = entry.get("id")
            where = f"{table}[{card_id}]"
            _require(where, card_id, isinstance(card_id, str) and card_id not in result, "a new card id")
            level = level_of or entry.get("level")
            _require(f"{where}.level", level, level in ("basic", "advanced", "species"), "basic or advanced")
            arrow = entry.get("arrow")
            _require(f"{where}.arrow", arrow, arrow in ARROWS, "the decision arrow points left or right")
            actions = entry.get("actions")
            _require(f"{where}.actions", actions, isinstance(actions, list) and actions, "at least one action")
            parsed = tuple(parse_action(f"{where}.actions[{i}]", a) for i, a in enumerate(actions))
            result[card_id] = ActionCard(card_id, level, arrow, parsed, bool(entry.get("sample", True)),
                                         entry.get("species", ""))
    return result


def parse_task(where: str, task: Any) -> str:
    _require(where, task, isinstance(task, str) and task, "a task such as \"score:16\" or \"orbit/land\"")
    for part in task.split("/"):
        kind, _, argument = part.partition(":")
        _require(where, task, kind in TASK_KINDS, f"unknown task {part!r}; known: {', '.join(TASK_KINDS)}")
        if kind in ("score", "pool_data", "publicity", "card_cost"):
            _require(where, task, argument.isdigit(), f"{kind} needs a number, e.g. {kind}:9")
        if kind == "visit":
            _require(where, task, argument in ("asteroid", "comet"), "visit:asteroid or visit:comet")
        if kind == "tech":
            _require(where, task, argument in TECH_TYPES.values(), "tech:probe, tech:telescope or tech:computer")
        if kind == "trace":
            _require(where, task, argument in TRACE_COLOURS, "trace:pink, trace:yellow or trace:blue")
    return task


def parse_objectives(raw: dict[str, Any]) -> dict[str, ObjectiveTile]:
    result = {}
    for entry in raw.get("objective", []):
        tile_id = entry.get("id")
        where = f"objective[{tile_id}]"
        _require(where, tile_id, isinstance(tile_id, str) and tile_id not in result, "a new objective id")
        level = entry.get("level")
        _require(f"{where}.level", level, level in (1, 2, 3), "level 1, 2 or 3 (I, II, III)")
        tasks = entry.get("tasks")
        _require(f"{where}.tasks", tasks, isinstance(tasks, list) and tasks, "at least one task")
        parsed = tuple(parse_task(f"{where}.tasks[{i}]", t) for i, t in enumerate(tasks))
        result[tile_id] = ObjectiveTile(tile_id, level, parsed, bool(entry.get("sample", True)))
    return result


@dataclass(frozen=True)
class SoloMaterial:
    """Everything printed for the solo game: difficulties, boards, action cards, objective tiles."""

    difficulties: Mapping[int, Difficulty]
    boards: Mapping[str, RivalBoard]
    cards: Mapping[str, ActionCard]
    objectives: Mapping[str, ObjectiveTile]

    def __post_init__(self) -> None:
        for stars, difficulty in self.difficulties.items():
            _require(f"difficulty[{stars}].board", difficulty.board, difficulty.board in self.boards, "a board id")
            for level, count in zip((1, 2, 3), difficulty.objectives):
                have = sum(1 for tile in self.objectives.values() if tile.level == level)
                _require(f"difficulty[{stars}].objectives", difficulty.objectives, count <= have,
                         f"needs {count} level-{level} tiles, the data has {have}")
        basic = [c for c in self.cards.values() if c.level == "basic"]
        _require("card", len(basic), len(basic) == 4, "four basic cards S.1-S.4")

    def basic_cards(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.level == "basic")

    def advanced_cards(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards.values() if c.level == "advanced")

    def species_card(self, species: str) -> ActionCard:
        """The species' special action card (the ``"*"`` sample when the species has none of its own)."""
        for card in self.cards.values():
            if card.level == "species" and card.species == species:
                return card
        for card in self.cards.values():
            if card.level == "species" and card.species == "*":
                return card
        raise InvalidInput("species", species, "no special action card for this species in solo_actions.toml")


@cache
def material() -> SoloMaterial:
    """The shipped solo material (``seti/data/solo_*.toml``)."""
    boards_file = _read("solo_boards.toml")
    return SoloMaterial(
        FrozenMap(parse_difficulties(boards_file)),
        FrozenMap(parse_boards(boards_file)),
        FrozenMap(parse_cards(_read("solo_actions.toml"))),
        FrozenMap(parse_objectives(_read("solo_objectives.toml"))),
    )
