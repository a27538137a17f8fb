"""The solo rival's printed material as data: boards by difficulty, action cards, objective tiles.

Loaded from ``seti/data/solo_*.toml`` (sample where the rulebook is silent; each entry says so) by
``engine.decode``: a malformed entry raises a ``DataError`` naming the file and the key
(``"solo_actions.toml: card[2].actions[1].moves"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, Mapping

from ...engine.decode import Decoder, FrozenMap, Key, decode_text, identifier, items, text, whole
from ...engine.errors import InvalidInput
from ..data_files import read_data

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


Rewards = Annotated[Mapping[str, int | str], items(most=len(REWARD_KEYS))]
"""A reward table as written: ``{ vp = 2, trace = "blue" }`` (checked by ``_rewards``; its order is kept)."""


@dataclass(frozen=True)
class _DifficultyEntry:
    stars: Annotated[int, whole(1, 5)]
    board: Annotated[str, text(ref="solo board")]
    advanced_cards_at_start: Annotated[int, whole(0, 1)]
    objectives: Annotated[tuple[int, int, int], whole(0, 24)]  # of the 24 tiles (单人游戏 · 目标)
    source: Annotated[str, text(empty=True)] = ""
    sample: bool = True


@dataclass(frozen=True)
class _BoardEntry:
    id: Annotated[str, identifier("solo board")]
    track: Annotated[tuple[str, ...], items(most=60, empty=True)]  # a stated limit: one ring of spaces around a board
    computer: Annotated[tuple[Rewards, ...], items(most=6)]  # the six computer slots (对手的计算机)
    plus_before: Annotated[frozenset[int], items(most=60, high=59)] = frozenset()
    analyze_icon: Rewards = FrozenMap()
    sample: bool = True


@dataclass(frozen=True)
class _BoardsFile:
    difficulty: Annotated[tuple[_DifficultyEntry, ...], items(most=5)]
    board: Annotated[tuple[_BoardEntry, ...], items(most=5)]


@dataclass(frozen=True)
class _ActionEntry:
    """One action line as written; a field the kind does not use is refused (``_action``)."""

    kind: Annotated[str, text(one_of=ACTION_KINDS)]
    rewards: Rewards = FrozenMap()
    publicity_cost: Annotated[int | None, whole(0, 6)] = None
    moves: Annotated[int | None, whole(1, 20)] = None
    planets: Annotated[tuple[str, ...] | None, items(most=len(PLANETS), one_of=PLANETS)] = None
    prefer: Annotated[str | None, text(one_of=("orbit", "land"))] = None
    signals: Annotated[tuple[str, ...] | None, items(most=6, one_of=("earth", "row"))] = None
    species: Annotated[int | None, whole(1, 2)] = None


@dataclass(frozen=True)
class _CardEntry:
    id: Annotated[str, identifier("solo card")]
    arrow: Annotated[str, text(one_of=ARROWS)]
    actions: Annotated[tuple[_ActionEntry, ...], items(most=8)]
    level: Annotated[str, text(one_of=("basic", "advanced", "species"))] = "species"
    sample: bool = True
    source: Annotated[str, text(empty=True)] = ""
    species: Annotated[str, text(empty=True)] = ""


@dataclass(frozen=True)
class _ActionsFile:
    card: Annotated[tuple[_CardEntry, ...], items(most=100)] = ()
    species_card: Annotated[tuple[_CardEntry, ...], items(most=100, fixed={"level": "species"})] = ()


@dataclass(frozen=True)
class _ObjectiveEntry:
    id: Annotated[str, identifier("objective")]
    level: Annotated[int, whole(1, 3)]
    tasks: Annotated[tuple[str, ...], items(most=6)]
    sample: bool = True


@dataclass(frozen=True)
class _ObjectivesFile:
    objective: Annotated[tuple[_ObjectiveEntry, ...], items(most=100)]


def _rewards(decoder: Decoder, key: Key, raw: Mapping[str, int | str]) -> Mapping[str, int | str]:
    """A reward table checked key by key (``trace`` takes a colour or ``"any"``, the rest whole numbers above 0)."""
    for name, value in raw.items():
        if name not in REWARD_KEYS:
            raise decoder.refuse(key + (name,), value, f"unknown reward; known: {', '.join(REWARD_KEYS)}")
        if name == "trace":
            if value not in TRACE_COLOURS + ("any",):
                raise decoder.refuse(key + (name,), value, "a trace colour: pink, yellow, blue or any")
        elif not isinstance(value, int) or value < 1:
            raise decoder.refuse(key + (name,), value, "a whole number above 0")
    return raw


_USES = {"analyze": (), "launch": (), "tech": ("publicity_cost",), "orbit_land": ("moves", "planets", "prefer"),
         "telescope": ("signals",), "discover": ("species",)}
_REQUIRED = {"orbit_land": ("moves", "planets"), "telescope": ("signals",), "discover": ("species",)}


def _action(decoder: Decoder, key: Key, entry: _ActionEntry) -> RivalAction:
    for name in ("publicity_cost", "moves", "planets", "prefer", "signals", "species"):
        given = getattr(entry, name)
        if given is not None and name not in _USES[entry.kind]:
            raise decoder.refuse(key + (name,), given, f"a {entry.kind} action has no {name}")
        if given in (None, ()) and name in _REQUIRED.get(entry.kind, ()):
            raise decoder.refuse(key + (name,), given, f"a {entry.kind} action needs its {name}")
    if entry.publicity_cost not in (None, 0, 6):
        raise decoder.refuse(key + ("publicity_cost",), entry.publicity_cost, "0 (a free tech) or 6 publicity")
    rewards = _rewards(decoder, key + ("rewards",), entry.rewards)
    return RivalAction(entry.kind, rewards, publicity_cost=6 if entry.publicity_cost is None and entry.kind == "tech"
                       else entry.publicity_cost or 0, moves=entry.moves or 0, planets=entry.planets or (),
                       prefer=entry.prefer or "orbit", signals=entry.signals or (), species=entry.species or 0)


def _task(decoder: Decoder, key: Key, task: str) -> str:
    for part in task.split("/"):
        kind, _, argument = part.partition(":")
        if kind not in TASK_KINDS:
            raise decoder.refuse(key, task, f"unknown task {part!r}; known: {', '.join(TASK_KINDS)}")
        wrong = {"score": not argument.isdigit(), "pool_data": not argument.isdigit(),
                 "publicity": not argument.isdigit(), "card_cost": not argument.isdigit(),
                 "visit": argument not in ("asteroid", "comet"), "tech": argument not in TECH_TYPES.values(),
                 "trace": argument not in TRACE_COLOURS}.get(kind, False)
        if wrong:
            raise decoder.refuse(key, task, {"visit": "visit:asteroid or visit:comet",
                                             "tech": "tech:probe, tech:telescope or tech:computer",
                                             "trace": "trace:pink, trace:yellow or trace:blue"}.get(
                                                 kind, f"{kind} needs a number, e.g. {kind}:9"))
    return task


def load_boards(text: str | None = None, file: str | None = None) -> tuple[Mapping[int, Difficulty], Mapping[str, RivalBoard]]:
    """The difficulties and rival boards of a boards file (default: the shipped ``solo_boards.toml``), decoded
    by ``engine.decode``: a bad entry raises a ``DataError`` naming ``file`` (when given), the key and the value."""
    if text is None:
        text, file = read_data("solo_boards.toml"), "solo_boards.toml"
    found, decoder = decode_text(_BoardsFile, text, file, label="solo boards")
    difficulties: dict[int, Difficulty] = {}
    for index, entry in enumerate(found.difficulty):
        if entry.stars in difficulties:
            raise decoder.refuse(("difficulty", index, "stars"), entry.stars, "a second entry for this difficulty")
        difficulties[entry.stars] = Difficulty(entry.stars, entry.board, entry.advanced_cards_at_start,
                                               entry.objectives, entry.source, entry.sample)
    if sorted(difficulties) != [1, 2, 3, 4, 5]:
        raise decoder.refuse(("difficulty",), sorted(difficulties), "one entry per difficulty 1..5")
    boards: dict[str, RivalBoard] = {}
    for index, board in enumerate(found.board):
        key: Key = ("board", index)
        for space, tech in enumerate(board.track):
            if tech not in TECHS + ("",):
                raise decoder.refuse(key + ("track", space), tech, f"a tech of {TECHS} or \"\"")
        if len(board.track) < 2 or not any(board.track):
            raise decoder.refuse(key + ("track",), board.track, "a list of spaces that shows at least one tech")
        if any(space >= len(board.track) for space in board.plus_before):
            raise decoder.refuse(key + ("plus_before",), sorted(board.plus_before), "track space numbers")
        if len(board.computer) != 6:
            raise decoder.refuse(key + ("computer",), len(board.computer), "six computer slots")
        slots = tuple(_rewards(decoder, key + ("computer", i), slot) for i, slot in enumerate(board.computer))
        boards[board.id] = RivalBoard(board.id, board.track, board.plus_before, slots,
                                      _rewards(decoder, key + ("analyze_icon",), board.analyze_icon), board.sample)
    return FrozenMap(difficulties), FrozenMap(boards)


def load_action_cards(text: str | None = None, file: str | None = None) -> Mapping[str, ActionCard]:
    """The rival's action cards (default: the shipped ``solo_actions.toml``), by id; refusals as ``load_boards``."""
    if text is None:
        text, file = read_data("solo_actions.toml"), "solo_actions.toml"
    found, decoder = decode_text(_ActionsFile, text, file, label="solo actions")
    cards: dict[str, ActionCard] = {}
    for table, entries in (("card", found.card), ("species_card", found.species_card)):
        for index, entry in enumerate(entries):
            key: Key = (table, index)
            if table == "card" and entry.level == "species":
                raise decoder.refuse(key + ("level",), None, "basic or advanced (species cards are [[species_card]])")
            actions = tuple(_action(decoder, key + ("actions", i), a) for i, a in enumerate(entry.actions))
            if not actions:
                raise decoder.refuse(key + ("actions",), [], "at least one action")
            cards[entry.id] = ActionCard(entry.id, entry.level, entry.arrow, actions, entry.sample, entry.species)
    return FrozenMap(cards)


def load_objectives(text: str | None = None, file: str | None = None) -> Mapping[str, ObjectiveTile]:
    """The objective tiles (default: the shipped ``solo_objectives.toml``), by id; refusals as ``load_boards``."""
    if text is None:
        text, file = read_data("solo_objectives.toml"), "solo_objectives.toml"
    found, decoder = decode_text(_ObjectivesFile, text, file, label="solo objectives")
    tiles: dict[str, ObjectiveTile] = {}
    for index, entry in enumerate(found.objective):
        if not entry.tasks:
            raise decoder.refuse(("objective", index, "tasks"), [], "at least one task")
        tasks = tuple(_task(decoder, ("objective", index, "tasks", i), t) for i, t in enumerate(entry.tasks))
        tiles[entry.id] = ObjectiveTile(entry.id, entry.level, tasks, entry.sample)
    return FrozenMap(tiles)


@dataclass(frozen=True)
class SoloMaterial:
    """Everything printed for the solo game: difficulties, boards, action cards, objective tiles."""

    difficulties: Mapping[int, Difficulty]
    boards: Mapping[str, RivalBoard]
    cards: Mapping[str, ActionCard]
    objectives: Mapping[str, ObjectiveTile]

    def __post_init__(self) -> None:
        for stars, difficulty in self.difficulties.items():
            if difficulty.board not in self.boards:
                raise InvalidInput(f"difficulty[{stars}].board", difficulty.board, f"a board id: {sorted(self.boards)}")
            for level, count in zip((1, 2, 3), difficulty.objectives):
                have = sum(1 for tile in self.objectives.values() if tile.level == level)
                if count > have:
                    raise InvalidInput(f"difficulty[{stars}].objectives", difficulty.objectives,
                                       f"needs {count} level-{level} tiles, the data has {have}")
        basic = [c for c in self.cards.values() if c.level == "basic"]
        if len(basic) != 4:
            raise InvalidInput("card", len(basic), "four basic cards S.1-S.4")

    @classmethod
    def from_toml(cls, boards: str | None = None, actions: str | None = None,
                  objectives: str | None = None) -> "SoloMaterial":
        """The material from the three files' texts (each ``None``: the shipped file)."""
        difficulties, rival_boards = load_boards(boards, None if boards is None else "solo boards")
        return cls(difficulties, rival_boards, load_action_cards(actions, None if actions is None else "solo actions"),
                   load_objectives(objectives, None if objectives is None else "solo objectives"))

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
    return SoloMaterial.from_toml()
