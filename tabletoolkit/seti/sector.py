"""Sectors of the sky: marking signals, completing a sector, its winner, second place and the reset.

A ``Sector`` keeps the markers in its data slots in the order they were placed (a slot with no marker
still holds its data; markers beyond the slots are overflow). ``mark`` places one marker;
``resolve_sector`` settles a complete sector; ``explain_resolution`` does the same one rule per step.
Rulebook: 扇形区域 (标记信号, 完成扇区, 重置扇区), 规则提示, FAQ; RULINGS S-R6, S-R7.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from ..engine.frozen import replace, replace_valid
from typing import Annotated, Any

from ..engine import IllegalAction, InvalidInput, Step, register_phase, result_of
from ..engine import svg as draw
from ..engine.steps import Procedure
from ..engine.decode import decode_text, identifier, items, text, whole
from .data_files import read_data
from .rewards import Reward
from .variant import RULEBOOK, SetiVariant

MARK = "扇形区域 · 标记信号"
COMPLETE = "扇形区域 · 完成扇区"
RESET = "扇形区域 · 重置扇区"
NOTEBOOK = "seti_sector_resolution.ipynb"


@dataclass(frozen=True)
class Owed:
    """What a reward leaves for other phases to carry out: cards to take (each from the row or the deck), life
    traces to mark, actions (``"move"``, ``"launch"``...), hand cards to tuck for income, and cards from the deck
    top (a tucked card's card income, 玩家设置 · 增加收入). ``pending`` says it in words, ``items`` as the game's
    owed items."""

    cards: int = 0
    traces: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    tucks: int = 0
    random_cards: int = 0

    @classmethod
    def of(cls, reward: Reward) -> "Owed":
        """The parts of ``reward`` that ``apply_reward`` leaves to others."""
        return cls(reward.cards + reward.random_cards, reward.traces, reward.actions, reward.tuck)

    def __bool__(self) -> bool:
        return bool(self.cards or self.traces or self.actions or self.tucks or self.random_cards)

    @property
    def pending(self) -> tuple[str, ...]:
        """In words: ``"1 move"``, ``"launch a probe"``, ``"2 cards"``, ``"a pink life trace"``."""
        parts = [f"{self.cards} card{'s' if self.cards > 1 else ''}"] if self.cards else []
        if self.random_cards:
            parts.append(f"{self.random_cards} card{'s' if self.random_cards > 1 else ''} from the deck top")
        moves = self.actions.count("move")
        if moves:
            parts.append(f"{moves} move{'s' if moves > 1 else ''}")
        parts += ["launch a probe" if action == "launch" else action for action in self.actions if action != "move"]
        parts += [f"a {colour} life trace" for colour in self.traces]
        parts += ["tuck a card for income"] * self.tucks
        return tuple(parts)

    def items(self, colour: str) -> tuple[tuple[str, str, str], ...]:
        """As ``SetiGame.pending`` items ``(colour, kind, what)``."""
        owed = [(colour, "cards", str(self.cards))] if self.cards else []
        owed += [(colour, "random_cards", str(self.random_cards))] if self.random_cards else []
        owed += [(colour, "action", action) for action in self.actions]
        owed += [(colour, "trace", trace) for trace in self.traces]
        owed += [(colour, "tuck", "income")] * self.tucks
        return tuple(owed)

    def describe(self) -> str:
        return ", ".join(self.pending) or "nothing"


def apply_reward(board: Any, reward: Reward, variant: SetiVariant = RULEBOOK) -> tuple[Any, str]:
    """A ``PlayerBoard`` after taking ``reward``'s VP and resources (publicity and data capped), and
    what happened in words. Cards, life traces, actions and tucking are left to the caller (``Owed.of``)."""
    board = replace(board, score=board.score + reward.vp, credits=board.credits + reward.credits,
                    energy=board.energy + reward.energy)
    notes = [f"{reward.vp} VP"] if reward.vp else []
    for name, amount in (("credits", reward.credits), ("energy", reward.energy)):
        if amount:
            notes.append(f"{amount} {name}")
    if reward.publicity:
        board, kept = board.gain_publicity(reward.publicity, variant)
        notes.append(f"{kept} publicity" + (f" ({reward.publicity - kept} lost above the cap)" if kept < reward.publicity else ""))
    if reward.data:
        board, kept = board.gain_data(reward.data, variant)
        notes.append(f"{kept} data" + (f" ({reward.data - kept} discarded: the pool is full)" if kept < reward.data else ""))
    return board, ", ".join(notes) if notes else "no effect"


@dataclass(frozen=True)
class Gained:
    """What one marked signal gave: ``data`` (0 or 1), ``vp`` (2 on the second slot) and where it went."""

    data: int
    vp: int
    slot: int | None
    completed: bool

    @property
    def overflow(self) -> bool:
        """True for a marker beyond the data slots (no data, but it counts for the win)."""
        return self.slot is None


@dataclass(frozen=True)
class Sector:
    """One sector: its star, its data slots and the markers placed in them, and the star's win markers.

    ``markers`` are in the order placed; ``markers[i]`` sits in slot ``i + 1`` and markers past
    ``slots`` are overflow. ``carried`` says ``markers[0]`` is a second-place marker left from the last
    reset. ``winners`` are the win markers beside the star, oldest first (they never count again).
    """

    star: str
    slots: int
    markers: tuple[str, ...] = ()
    carried: bool = False
    winners: tuple[str, ...] = ()
    first_reward: Reward = field(default_factory=Reward)
    later_reward: Reward = field(default_factory=Reward)
    colour: str | None = None
    number: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.star, str) or not self.star.strip():
            raise InvalidInput("star", self.star, "a sector needs its star's name")
        if not isinstance(self.slots, int) or isinstance(self.slots, bool) or self.slots < 1:
            raise InvalidInput("slots", self.slots, "a sector has at least one data slot")
        for name in ("markers", "winners"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(_is_player(p) for p in value):
                raise InvalidInput(name, value, "a tuple of player colours (non-empty strings)")
        if self.carried and not self.markers:
            raise InvalidInput("carried", self.carried, "a carried second-place marker needs a marker in slot 1")
        for name in ("first_reward", "later_reward"):
            if not isinstance(getattr(self, name), Reward):
                raise InvalidInput(name, getattr(self, name), "a Reward")
        if self.colour is not None and (not isinstance(self.colour, str) or not self.colour):
            raise InvalidInput("colour", self.colour, "a sector colour name, or None")
        if self.number is not None and (not isinstance(self.number, int) or isinstance(self.number, bool)):
            raise InvalidInput("number", self.number, "a sector number, or None")

    @property
    def name(self) -> str:
        """``"sector 3 (Barnard's Star)"``, or the star alone when the sector has no number."""
        return self.star if self.number is None else f"sector {self.number} ({self.star})"

    @property
    def data_left(self) -> int:
        """Data tokens still in the slots."""
        return max(0, self.slots - len(self.markers))

    @property
    def complete(self) -> bool:
        """True once the last data has been replaced by a marker (until the sector is resolved)."""
        return len(self.markers) >= self.slots

    @property
    def slot_contents(self) -> tuple[str | None, ...]:
        """Each slot left to right: the marker's player, or None where data still lies."""
        return tuple(self.markers[i] if i < len(self.markers) else None for i in range(self.slots))

    @property
    def overflow(self) -> tuple[str, ...]:
        """Markers placed beyond the slots."""
        return self.markers[self.slots:]

    def mark(self, player: str, variant: SetiVariant = RULEBOOK) -> tuple["Sector", Gained]:
        """Mark a signal: the leftmost data goes to ``player``'s pool and the marker takes its slot.

        With no data left the marker is overflow (no data, but it counts for the win). The second slot
        scores ``variant.second_slot_vp``.
        """
        if not _is_player(player):
            raise InvalidInput("player", player, "a player colour (non-empty string)")
        index = len(self.markers)
        marked = replace_valid(self, markers=self.markers + (player,))
        if index >= self.slots:
            return marked, Gained(data=0, vp=0, slot=None, completed=False)
        vp = variant.second_slot_vp if index == 1 else 0
        return marked, Gained(data=1, vp=vp, slot=index + 1, completed=index + 1 == self.slots)

    def counting_markers(self, variant: SetiVariant = RULEBOOK) -> tuple[tuple[int, str], ...]:
        """(position, player) of every marker that counts for the win (S-R6: the carried one too)."""
        skip_carried = self.carried and not variant.carried_second_counts
        return tuple((i, p) for i, p in enumerate(self.markers) if not (i == 0 and skip_carried))

    def _repr_svg_(self) -> str:
        return sector_svg(self)

    def __repr__(self) -> str:
        return f"Sector({self.name!r}, slots={list(self.slot_contents)}, overflow={list(self.overflow)}, winners={list(self.winners)})"


@dataclass(frozen=True)
class Standing:
    """A player's markers in a sector: how many count and the position of the latest one."""

    player: str
    count: int
    latest: int


@dataclass(frozen=True)
class SectorResult:
    """A resolved sector: winner, second place (or None), +1 publicity per contributor, the reward."""

    winner: str
    second: str | None
    publicity: dict[str, int]
    reward: Reward
    first_win: bool
    standings: tuple[Standing, ...]
    returned: dict[str, int]
    sector: Sector


def standings(sector: Sector, variant: SetiVariant = RULEBOOK) -> tuple[Standing, ...]:
    """Players ranked for the win: most counting markers, ties to the later latest marker (S-R6)."""
    counts: dict[str, int] = {}
    latest: dict[str, int] = {}
    for position, player in sector.counting_markers(variant):
        counts[player] = counts.get(player, 0) + 1
        latest[player] = position
    ranked = sorted(counts, key=lambda p: (counts[p], latest[p]), reverse=True)
    return tuple(Standing(p, counts[p], latest[p]) for p in ranked)


def explain_resolution(sector: Sector, variant: SetiVariant = RULEBOOK) -> Procedure:
    """Resolve a complete sector one rule per step; returns the ``SectorResult``."""
    if not isinstance(sector, Sector):
        raise InvalidInput("sector", sector, "a Sector")
    if not sector.complete:
        raise IllegalAction(
            "seti.sector.not_complete",
            f"{sector.name} still holds {sector.data_left} data; a sector resolves only once its last data is replaced.",
            COMPLETE,
        )
    ranking = standings(sector, variant)
    if not ranking:
        raise IllegalAction("seti.sector.no_markers", f"{sector.name} has no marker that counts.", COMPLETE)
    counted = ", ".join(f"{s.player} {s.count}" for s in ranking)
    notes = []
    if sector.overflow:
        notes.append(f"{len(sector.overflow)} overflow marker(s) count too")
    if sector.carried:
        notes.append(
            f"{sector.markers[0]}'s second-place marker in slot 1 "
            + ("counts, as placed earliest (S-R6)" if variant.carried_second_counts else "does not count (variant)")
        )
    if sector.winners:
        notes.append("the win markers beside the star never count (FAQ)")
    yield Step(
        "Count the markers",
        f"Markers in {sector.name}: {counted}." + (" " + _sentence("; ".join(notes)) if notes else ""),
        COMPLETE,
        sector,
        {"markers": counted},
    )

    winner = ranking[0]
    yield Step("The winner", _tie_text(ranking, winner, "wins"), COMPLETE, sector, {"winner": winner.player})

    contributors = sorted({p for _, p in sector.counting_markers(variant)}, key=lambda p: _first_index(sector, p))
    publicity = {p: variant.sector_publicity for p in contributors}
    yield Step(
        "Publicity for every contributor",
        f"Every player with at least one marker gains {variant.sector_publicity} publicity, the winner included: "
        + ", ".join(contributors) + ".",
        COMPLETE,
        sector,
        {"publicity": ", ".join(f"{p} +{n}" for p, n in publicity.items())},
    )

    first_win = not sector.winners
    reward = sector.first_reward if first_win else sector.later_reward
    which = "the first winner's" if first_win else f"a later winner's (won before by {', '.join(sector.winners)})"
    at_star = replace_valid(sector, winners=sector.winners + (winner.player,))
    yield Step(
        "The star's reward",
        f"{winner.player} places a marker beside {sector.star} and takes {which} reward: {reward.describe()}.",
        COMPLETE,
        at_star,
        {"reward": reward.describe(), "first win": first_win},
    )

    others = tuple(s for s in ranking if s.player != winner.player)
    second = others[0] if others else None
    if second is None:
        text = f"Every counting marker is {winner.player}'s, so nobody is second (规则提示)."
    else:
        text = _tie_text(others, second, "is second", among="Among the others, ")
        text += " One of their markers stays, in the first slot."
    yield Step("Second place", text, RESET, at_star, {"second": second.player if second else "nobody"})

    returned: dict[str, int] = {}
    for player in sector.markers:
        returned[player] = returned.get(player, 0) + 1
    kept = (second.player,) if second else ()
    if second:
        returned[second.player] -= 1
    returned = {p: n for p, n in returned.items() if n}
    reset = replace_valid(at_star, markers=kept, carried=bool(kept))
    yield Step(
        "Reset the sector",
        "Every other marker goes back to its player ("
        + ", ".join(f"{p} {n}" for p, n in returned.items())
        + f") and {reset.data_left} data refill the empty slots, as at set-up.",
        RESET,
        reset,
        {"data refilled": reset.data_left},
    )
    return SectorResult(
        winner=winner.player,
        second=second.player if second else None,
        publicity=publicity,
        reward=reward,
        first_win=first_win,
        standings=ranking,
        returned=returned,
        sector=reset,
    )


def resolve_sector(sector: Sector, variant: SetiVariant = RULEBOOK) -> SectorResult:
    """Resolve a complete sector (see ``explain_resolution`` for the same, step by step)."""
    return result_of(explain_resolution(sector, variant))


@dataclass(frozen=True)
class SignalsResult:
    """The ``seti.sector`` phase's result: the sector after the marks, each mark's gain, the resolution."""

    sector: Sector
    gains: tuple[Gained, ...]
    resolution: SectorResult | None


@register_phase("seti.sector", title="Mark signals and resolve a sector", section=COMPLETE, notebook=NOTEBOOK)
def mark_signals(sector: Sector, players: Sequence[str], variant: SetiVariant = RULEBOOK) -> Procedure:
    """Mark a signal for each player in turn; if that completes the sector, resolve it step by step."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidInput("players", players, "a list of player colours, one per signal")
    gains = []
    for player in players:
        sector, gained = sector.mark(player, variant)
        gains.append(gained)
        if gained.overflow:
            text = f"{player} marks a signal beyond the slots: overflow, no data, but it counts for the win."
        else:
            text = f"{player} replaces the data in slot {gained.slot} and takes it to the pool"
            text += f", scoring {gained.vp} VP for the second slot." if gained.vp else "."
            if gained.completed:
                text += f" That was the last data: {sector.name} is complete."
        yield Step(f"{player} marks a signal", text, MARK, sector, {"data": gained.data, "VP": gained.vp})
    resolution = (yield from explain_resolution(sector, variant)) if sector.complete else None
    return SignalsResult(resolution.sector if resolution else sector, tuple(gains), resolution)


def _is_player(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


def _first_index(sector: Sector, player: str) -> int:
    return sector.markers.index(player)


def _tie_text(ranking: Sequence[Standing], chosen: Standing, verb: str, among: str = "") -> str:
    tied = [s for s in ranking if s.count == chosen.count]
    if len(tied) == 1:
        return f"{among}{chosen.player} has the most markers ({chosen.count}) and {verb}."
    names = ", ".join(s.player for s in tied[:-1]) + " and " + tied[-1].player
    later = ", ".join(f"{s.player} in position {s.latest + 1}" for s in tied)
    return (
        f"{among}{names} tie with {chosen.count} markers each. The tie goes to the marker placed later "
        f"(latest markers: {later}), so {chosen.player} {verb}."
    )


# --- the eight sectors as data -------------------------------------------------------------------

def numbered(sector: Sector) -> int:
    """A sky's sector's number (1..n); ``InvalidInput`` for a sector that is on no sky."""
    if sector.number is None:
        raise InvalidInput("sector", sector.star, "this sector has no number: it is on no sky")
    return sector.number


SKY_SECTORS = 8  # the sky's eight sectors (设置 · 3 太阳系版图; S-R1)
MOST_SLOTS = 20  # a stated limit: the printed stars hold about five data each (设置 · 5 数据)


@dataclass(frozen=True)
class _SectorEntry:
    """A ``[[sector]]`` of a sectors file (``source`` is the entry's note of where its values come from)."""

    number: Annotated[int, whole(1, SKY_SECTORS)]
    star: Annotated[str, identifier("star")]
    colour: str
    slots: Annotated[int, whole(1, MOST_SLOTS)]
    first_reward: Reward = Reward()
    later_reward: Reward = Reward()
    source: Annotated[str, text(empty=True)] = ""


@dataclass(frozen=True)
class _SectorsFile:
    sector: Annotated[tuple[_SectorEntry, ...], items(most=SKY_SECTORS)]


def load_sectors(text: str | None = None, file: str | None = None) -> tuple[Sector, ...]:
    """Sectors from a TOML text (default: the labelled sample ``data/sectors.toml``), ordered by number.

    Sector numbers run 1..n around the sky (neighbours differ by one, the last touches the first).
    Every colour must name exactly two sectors (a card's colour matches two sectors, 扫描附近的恒星).
    The text is decoded by ``engine.decode``: a bad entry raises a ``DataError`` naming ``file`` (when
    given), the key and the value.
    """
    if text is None:
        text, file = read_data("sectors.toml"), "sectors.toml"
    found, decoder = decode_text(_SectorsFile, text, file, label="sectors")
    if not found.sector:
        raise decoder.refuse(("sector",), [], "the file needs [[sector]] entries")
    sectors = []
    for index, entry in enumerate(found.sector):
        try:
            sectors.append(Sector(star=entry.star, slots=entry.slots, colour=entry.colour, number=entry.number,
                                  first_reward=entry.first_reward, later_reward=entry.later_reward))
        except InvalidInput as error:
            raise decoder.refuse(("sector", index, error.field), error.value, error.reason) from None
    sectors.sort(key=numbered)
    numbers = [s.number for s in sectors]
    if numbers != list(range(1, len(sectors) + 1)):
        raise decoder.refuse(("sector", "number"), numbers, "sector numbers must be 1..n, each once")
    colours: dict[str, int] = {}
    for s in sectors:
        colour = s.colour or ""
        colours[colour] = colours.get(colour, 0) + 1
    for colour, count in colours.items():
        if count != 2:
            raise decoder.refuse(("sector", "colour"), colour, f"each colour names exactly two sectors, not {count}")
    return tuple(sectors)


@dataclass(frozen=True)
class Sky:
    """The sectors around the sky, numbered 1..n; by number, neighbours differ by one and n touches 1.

    In a game the sector boards are laid at random (S-F11): who is next to whom then follows the solar
    system (``scan.scan_sectors``), and the numbers only name the sectors."""

    sectors: tuple[Sector, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.sectors, tuple) or not self.sectors or not all(isinstance(s, Sector) for s in self.sectors):
            raise InvalidInput("sectors", self.sectors, "a tuple of Sector")
        numbers = [s.number for s in self.sectors]
        if numbers != list(range(1, len(self.sectors) + 1)):
            raise InvalidInput("sectors", numbers, "sectors numbered 1..n in order")

    @classmethod
    def sample(cls) -> "Sky":
        """The eight sectors of the labelled sample ``data/sectors.toml``."""
        return cls(load_sectors())

    def sector(self, number: int) -> Sector:
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(self.sectors):
            raise InvalidInput("sector", number, f"a sector number 1..{len(self.sectors)}")
        return self.sectors[number - 1]

    def number_of(self, star: str) -> int:
        """The number of the sector whose star is ``star``."""
        for s in self.sectors:
            if s.star == star:
                return numbered(s)
        raise InvalidInput("star", star, f"a star of this sky: {[s.star for s in self.sectors]}")

    def neighbours(self, number: int) -> tuple[int, int]:
        """The two sectors next to ``number`` around the sky."""
        self.sector(number)
        count = len(self.sectors)
        return ((number - 2) % count + 1, number % count + 1)

    def of_colour(self, colour: str) -> tuple[int, ...]:
        """Numbers of the sectors of this colour (two on the board)."""
        return tuple(numbered(s) for s in self.sectors if s.colour == colour)

    def signals(self, player: str, star: str | None = None) -> int:
        """How many sectors hold at least one of ``player``'s markers (win markers at stars are not
        signals); with ``star``, how many of ``player``'s markers that star's sector holds."""
        if star is None:
            return sum(1 for s in self.sectors if player in s.markers)
        return self.sector(self.number_of(star)).markers.count(player)

    def with_sector(self, sector: Sector) -> "Sky":
        index = numbered(sector) - 1
        sectors = self.sectors[:index] + (sector,) + self.sectors[index + 1:]
        if isinstance(sector, Sector) and 0 <= index < len(self.sectors):  # numbered 1..n still: nothing to check
            return replace_valid(self, sectors=sectors)
        return replace(self, sectors=sectors)

    def _repr_html_(self) -> str:
        return "<div class='tt-sky'>" + "".join(sector_svg(s) for s in self.sectors) + "</div>"


# --- pictures ------------------------------------------------------------------------------------

SECTOR_INK = {"red": "red", "yellow": "yellow", "blue": "blue", "black": "black"}
"""Each sector colour as a colour of the one palette (``engine.svg``)."""


def player_fill(player: str) -> str:
    """The palette colour of a player's markers: a player called by a colour is drawn in it, others grey."""
    return draw.colour_named(player.lower())


NAME_CELL = 110
"""The widest slot (px) of a sector picture: a longer player name wraps inside it."""


def sector_svg(sector: Sector) -> str:
    """The sector as the board shows it, named by its star: the win markers beside the star, the data slots
    left to right (data, or a marker with its owner's name), the overflow beyond a dashed line, the rewards.
    Type 14 px and more; names whole; every text escaped (engine.svg)."""
    size, r, left = 14, 18, 16
    cells = sector.slots + len(sector.overflow)
    labels = []
    for i in range(cells):
        label = str(i + 1) if i < sector.slots else "overflow"
        if i == 1:
            label += " (2 VP)"
        if i == 0 and sector.carried:
            label += " (kept)"
        labels.append(label)
    cell = min(NAME_CELL, max([64.0] + [draw.text_width(p, size) * 1.06 + 12 for p in sector.markers]
                              + [draw.text_width(t, 13) + 10 for t in labels]))
    names = {p: draw.wrapped(p, cell - 10, size, split_long=True) for p in sector.markers}
    name_lines = max([len(lines) for lines in names.values()] + [1])
    divider = 16 if sector.overflow else 0
    wins = ", ".join(sector.winners) if sector.winners else "none yet"
    win_text = f"win markers at the star: {wins}"
    badge = f"{sector.colour} sector" if sector.colour else ""
    heading = f"★ {sector.star}"
    top_w = draw.text_width(heading, 18) + (draw.text_width(badge, size) + 40 if badge else 0) + \
        (draw.text_width("complete ✔", size) + 30 if sector.complete else 0)
    width = min(draw.WIDEST, max(420.0, 2 * left + cells * cell + divider, top_w + 2 * left,
                                 draw.text_width(win_text, size) + 2 * left))
    win_lines = draw.wrapped(win_text, width - 2 * left, size, split_long=True)
    rewards = (draw.wrapped(f"first winner: {sector.first_reward.describe()} · later: {sector.later_reward.describe()}",
                            width - 2 * left, size) if sector.first_reward or sector.later_reward else [])
    y = 78 + 18 * (len(rewards) + len(win_lines) - 1) + r
    height = y + r + 30 + 18 * name_lines
    out: list[draw.Element] = [
        draw.rect(1, 1, width - 2, height - 2, rx=10, fill="deep", stroke="line"),
        draw.text(left, 28, heading, fill="highlight", font_size=18, font_weight="bold"),
    ]
    if badge:
        bw = draw.text_width(badge, size) + 20
        x = left + draw.text_width(heading, 18) + 20
        out.append(draw.rect(x, 12, bw, 22, rx=11, fill=SECTOR_INK.get(str(sector.colour), "grey"), stroke="sky"))
        out.append(draw.text(x + bw / 2, 28, badge, anchor="middle", fill="white"))
    for n, line_text in enumerate(win_lines):
        out.append(draw.text(left, 54 + 18 * n, line_text, fill="sky"))
    for n, line_text in enumerate(rewards):
        out.append(draw.text(left, 54 + 18 * (len(win_lines) + n), line_text, fill="highlight"))
    for i in range(cells):
        cx = left + cell * (i + 0.5) + (divider if i >= sector.slots else 0)
        if i < sector.slots:
            out.append(draw.rect(cx - cell / 2 + 3, y - r - 4, cell - 6, 2 * r + 8, rx=6, fill="dusk"))
        player = sector.markers[i] if i < len(sector.markers) else None
        if player is None:
            out.append(draw.polygon(((cx - 14, y - 10), (cx + 14, y - 10), (cx, y + 14)), fill="magenta"))
            out.append(draw.text(cx, y + r + 22, "data", anchor="middle", fill="sky"))
        else:
            out.append(draw.circle(cx, y, r, fill=player_fill(player), stroke="white", stroke_width=2))
            for n, line_text in enumerate(names[player]):
                out.append(draw.text(cx, y + r + 22 + 18 * n, line_text, anchor="middle", fill="white", font_weight="bold"))
        out.append(draw.text(cx, y + r + 22 + 18 * name_lines, labels[i], anchor="middle", fill="sky", font_size=13))
    if sector.overflow:
        x = left + sector.slots * cell + divider / 2
        out.append(draw.line(x, y - r - 6, x, y + r + 6, stroke="highlight", stroke_dasharray="4 3"))
    if sector.complete:
        out.append(draw.text(width - left, 28, "complete ✔", anchor="end", fill="mint", font_weight="bold"))
    return draw.svg(width, height, *out, class_="tt-sector", font_family="sans-serif", font_size=size).render()
