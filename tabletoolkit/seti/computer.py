"""The data pool and the computer: placing data, covered-space effects, computer techs, analyzing.

Data gained beyond the pool's size is discarded, not refused (数据容量, S-F5). Placing data is a free
action on your own turn only: the top row fills left to right, a lower space (on a computer tech)
only under a filled top space; a covered effect resolves at once. Computer techs CT #01..#04 each take
their own slot; a tech slid under data already there gives no 2 VP (S-F13). Analyzing costs 1 energy,
needs the top row full, clears both rows (the pool stays) and gives a blue life trace.
Rulebook: 分析数据, 放置数据, 数据容量, 计算机科技, 研究科技.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from ..engine.frozen import replace
from functools import cache
from typing import Annotated, Literal, Mapping

from ..engine import IllegalAction, InvalidInput, Step, register_phase
from ..engine import svg as draw
from ..engine.steps import Procedure
from ..engine.decode import FrozenMap, decode_text, items
from .cards import Card, load_cards
from .data_files import read_data
from .rewards import Reward
from .sector import NOTEBOOK, Owed, apply_reward
from .player import Computer, PlayerBoard, income_now  # noqa: F401  (Computer: read from here by the sector widget test)
from .variant import RULEBOOK, SetiVariant

PLACE = "放置数据"
CAPACITY = "数据容量"
ANALYZE = "分析数据"
TECHS = "计算机科技"
RESEARCH = "研究科技"


@dataclass(frozen=True)
class TopSpace:
    """A top-row space: the effect printed on it and whether a computer tech may slot in under it."""

    reward: Reward = Reward()
    tech_slot: bool = False


@dataclass(frozen=True)
class ComputerLayout:
    """The printed computer: top-row spaces left to right and the computer techs' lower rewards."""

    top: tuple[TopSpace, ...]
    techs: tuple[tuple[str, Reward], ...]

    def tech_reward(self, tech: str) -> Reward:
        for name, reward in self.techs:
            if name == tech:
                return reward
        raise InvalidInput("tech", tech, f"a computer tech of this layout: {[n for n, _ in self.techs]}")

    @property
    def tech_slots(self) -> tuple[int, ...]:
        """Top positions (1-based) with a computer-tech slot."""
        return tuple(i + 1 for i, space in enumerate(self.top) if space.tech_slot)


@dataclass(frozen=True)
class _ComputerTech:
    lower: Reward  # the reward printed on the tech's lower space (计算机科技)


@dataclass(frozen=True)
class _ComputerFile:
    """A computer file: ``[[top]]`` spaces left to right, ``[tech.<id>]`` the computer techs' lower rewards."""

    top: Annotated[tuple[TopSpace, ...], items(most=20)]  # a stated limit: the printed top row is one board wide
    tech: Annotated[Mapping[str, _ComputerTech], items(most=4, keys="computer tech")] = FrozenMap()  # CT #01..#04


def load_computer(text: str | None = None, file: str | None = None) -> ComputerLayout:
    """A computer layout from TOML (default: the labelled sample ``data/computer.toml``), decoded by
    ``engine.decode``: a bad entry raises a ``DataError`` naming ``file`` (when given), the key and the value."""
    if text is None:
        text, file = read_data("computer.toml"), "computer.toml"
    found, decoder = decode_text(_ComputerFile, text, file, label="computer")
    if not found.top:
        raise decoder.refuse(("top",), [], "the file needs [[top]] entries")
    return ComputerLayout(found.top, tuple((name, tech.lower) for name, tech in found.tech.items()))


@cache
def sample_layout() -> ComputerLayout:
    """The labelled sample layout (read once)."""
    return load_computer()


@dataclass(frozen=True)
class DataSpace:
    """A computer space: ``DataSpace("top", 3)`` or ``DataSpace("lower", 3)`` (1-based positions)."""

    row: Literal["top", "lower"]
    position: int

    def __post_init__(self) -> None:
        if self.row not in ("top", "lower"):
            raise InvalidInput("row", self.row, 'a computer row is "top" or "lower"')
        if not isinstance(self.position, int) or isinstance(self.position, bool) or self.position < 1:
            raise InvalidInput("position", self.position, "a position 1, 2, ...")

    def __str__(self) -> str:
        return f"{self.row} {self.position}"


def gain_data(board: PlayerBoard, amount: int, variant: SetiVariant = RULEBOOK) -> tuple[PlayerBoard, int, int]:
    """Take ``amount`` data into the pool; returns the board, the data kept and the data discarded (S-F5)."""
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
        raise InvalidInput("amount", amount, "data gained is a whole number, 0 or more")
    board, kept = board.gain_data(amount, variant)
    return board, kept, amount - kept


def placement_verdict(board: PlayerBoard, space: DataSpace, active: str, layout: ComputerLayout | None = None) -> IllegalAction | None:
    """None when ``board``'s owner may place a data on ``space`` now, else the refusal."""
    layout = layout or sample_layout()
    computer = board.computer
    if active != board.colour:
        return IllegalAction("seti.data.not_your_turn", f"It is {active}'s turn: {board.colour} may not place data now.", CAPACITY)
    if board.data < 1:
        return IllegalAction("seti.data.pool_empty", f"{board.colour}'s data pool is empty.", PLACE)
    if space.position > len(layout.top):
        return IllegalAction("seti.data.no_such_space", f"The computer has {len(layout.top)} top spaces; there is no {space}.", PLACE)
    if space.row == "top":
        if space.position <= computer.filled:
            return IllegalAction("seti.data.occupied", f"{space} already holds data.", PLACE)
        if space.position != computer.filled + 1:
            return IllegalAction(
                "seti.data.left_to_right", f"The top row fills left to right: the next data goes on top {computer.filled + 1}.", PLACE
            )
        return None
    if computer.tech_at(space.position) is None:
        return IllegalAction("seti.data.no_lower_space", f"No computer tech lies under top {space.position}, so there is no lower space.", TECHS)
    if space.position in computer.lower:
        return IllegalAction("seti.data.occupied", f"{space} already holds data.", TECHS)
    if space.position > computer.filled:
        return IllegalAction("seti.data.lower_before_top", f"Fill top {space.position} before the lower space under it.", TECHS)
    return None


def legal_placements(board: PlayerBoard, active: str, layout: ComputerLayout | None = None) -> tuple[tuple[DataSpace, str], ...]:
    """Every computer space with ``"legal"`` or the refusing rule and reason."""
    layout = layout or sample_layout()
    options = []
    for row in ("top", "lower"):
        for position in range(1, len(layout.top) + 1):
            space = DataSpace(row, position)
            refusal = placement_verdict(board, space, active, layout)
            options.append((space, "legal" if refusal is None else f"{refusal.rule}: {refusal.reason}"))
    return tuple(options)


def place_data(
    board: PlayerBoard,
    space: DataSpace,
    *,
    active: str,
    tuck: str | None = None,
    cards: Sequence[Card] | None = None,
    layout: ComputerLayout | None = None,
    variant: SetiVariant = RULEBOOK,
) -> tuple[PlayerBoard, str, Owed]:
    """Move one data from the pool onto ``space`` and resolve what it covers.

    ``tuck`` names the hand card to tuck when the space asks for one (its income resource is gained at
    once, S-F18; ``cards`` is the catalog, default the sample deck). Returns the board, what happened in
    words, and the effects left to other phases (cards, traces, a move) as ``Owed``.
    """
    layout = layout or sample_layout()
    if not isinstance(space, DataSpace):
        raise InvalidInput("space", space, 'a DataSpace, e.g. DataSpace("top", 1)')
    refusal = placement_verdict(board, space, active, layout)
    if refusal is not None:
        raise refusal
    computer = board.computer
    if space.row == "top":
        printed = layout.top[space.position - 1].reward
        tech = computer.tech_at(space.position)
        reward = replace(printed, vp=printed.vp + (variant.computer_tech_vp if tech else 0))
        computer = replace(computer, filled=computer.filled + 1)
    else:
        installed = computer.tech_at(space.position)
        if installed is None:
            raise IllegalAction("seti.data.no_tech", f"no computer tech sits under top space {space.position}.", TECHS)
        reward = layout.tech_reward(installed)
        computer = replace(computer, lower=computer.lower | {space.position})
    if tuck is not None and not reward.tuck:
        raise InvalidInput("tuck", tuck, f"{space} gives no tuck; leave tuck out")
    board = replace(board, data=board.data - 1, computer=computer)
    board, text = apply_reward(board, reward, variant)
    words = f"{board.colour} places a data on {space}: {text}"
    card_income = 0
    if reward.tuck:
        board, tucked, card_income = _tuck(board, tuck, cards, variant)
        words += f"; {tucked}"
    pending = replace(Owed.of(reward), random_cards=card_income, tucks=0)
    if pending:
        words += f"; still to take: {pending.describe()}"
    return board, words + ".", pending


def _tuck(board: PlayerBoard, card_id: str | None, cards: Sequence[Card] | None, variant: SetiVariant) -> tuple[PlayerBoard, str, int]:
    """Tuck ``card_id`` for income (``PlayerBoard.tucking``): what it gives at once (``income_now``, S-F18); returns
    the board, words, and the cards owed from the deck top (card income)."""
    if card_id is None:
        if not board.hand:
            return board, "no card in hand to tuck", 0
        if variant.computer_tuck_optional:
            return board, "no card tucked (the tuck is optional, S-R11)", 0
        raise InvalidInput("tuck", None, f"this space tucks a hand card for income: name one of {list(board.hand)}")
    if card_id not in board.hand:
        raise IllegalAction("seti.data.tuck_not_in_hand", f"{card_id} is not in {board.colour}'s hand.", PLACE)
    catalog = {card.id: card for card in (cards if cards is not None else load_cards())}
    if card_id not in catalog:
        raise InvalidInput("tuck", card_id, "no card with this id in the catalog")
    income = catalog[card_id].income
    if income not in ("credits", "energy", "cards"):
        raise InvalidInput("tuck", card_id, f"this card's income is {income!r} in the card data: tuck another card")
    board, now = board.tucking(card_id, income), income_now(income)
    if now.random_cards:
        return board, f"tucks {card_id} for card income (it gives 1 card from the deck top at once)", now.random_cards
    board, _ = apply_reward(board, now, variant)
    return board, f"tucks {card_id} for {income} income and gains 1 {income} at once", 0


def install_computer_tech(board: PlayerBoard, tech: str, position: int, layout: ComputerLayout | None = None) -> tuple[PlayerBoard, str]:
    """Slot computer tech ``tech`` in under top ``position``; returns the board and what happened.

    Each tech goes in its own slot and only once (计算机科技). A tech slid under data already there is
    fine, but that data scores no 2 VP (研究科技, S-F13).
    """
    layout = layout or sample_layout()
    layout.tech_reward(tech)
    computer = board.computer
    if not isinstance(position, int) or isinstance(position, bool) or position not in layout.tech_slots:
        raise IllegalAction("seti.data.not_a_tech_slot", f"Top {position} has no computer-tech slot; slots: {list(layout.tech_slots)}.", TECHS)
    if any(name == tech for _, name in computer.techs):
        raise IllegalAction("seti.data.tech_twice", f"{board.colour} already has {tech} in the computer.", TECHS)
    if computer.tech_at(position) is not None:
        raise IllegalAction("seti.data.slot_taken", f"Top {position} already holds {computer.tech_at(position)}.", TECHS)
    techs = tuple(sorted(computer.techs + ((position, tech),)))
    board = replace(board, computer=replace(computer, techs=techs), techs=board.techs | {tech})
    if position <= computer.filled:
        return board, f"{tech} slides in under the data on top {position}: that data scores no VP (S-F13)."
    return board, f"{tech} goes in under top {position}: data placed there later scores 2 VP."


@dataclass(frozen=True)
class DataResult:
    """The ``seti.data`` phase's result: the board, the data discarded, and effects left to other phases."""

    board: PlayerBoard
    discarded: int
    pending: tuple[Owed, ...]


@register_phase("seti.data", title="Gain data and place it in the computer", section=PLACE, notebook=NOTEBOOK)
def data_steps(
    board: PlayerBoard,
    *,
    gain: int = 0,
    place: Sequence[DataSpace] = (),
    active: str | None = None,
    tucks: Sequence[str] = (),
    cards: Sequence[Card] | None = None,
    layout: ComputerLayout | None = None,
    variant: SetiVariant = RULEBOOK,
) -> Procedure:
    """Gain ``gain`` data (the pool keeps at most ``variant.data_pool``), then place data on each of
    ``place`` in turn; ``tucks`` gives the hand cards for spaces that tuck, in order. ``active`` is whose
    turn it is (default: the board's owner)."""
    layout = layout or sample_layout()
    active = board.colour if active is None else active
    for_tucks = list(tucks)
    steps = []
    board, kept, discarded = gain_data(board, gain, variant)
    if gain:
        text = f"{board.colour} gains {gain} data; the pool holds at most {variant.data_pool}: {kept} kept"
        text += f", {discarded} discarded (S-F5)." if discarded else "."
        steps.append(Step("Data into the pool", text, CAPACITY, ComputerView(board, layout), {"pool": board.data, "discarded": discarded}))
    pending = []
    for space in place:
        if not isinstance(space, DataSpace):
            raise InvalidInput("place", space, 'DataSpace values, e.g. DataSpace("top", 1)')
        needs_tuck = space.row == "top" and space.position <= len(layout.top) and layout.top[space.position - 1].reward.tuck
        tuck = for_tucks.pop(0) if needs_tuck and for_tucks and board.hand else None
        board, text, left = place_data(board, space, active=active, tuck=tuck, cards=cards, layout=layout, variant=variant)
        if left:
            pending.append(left)
        section = TECHS if space.row == "lower" or board.computer.tech_at(space.position) else PLACE
        steps.append(Step(f"Data on {space}", text, section, ComputerView(board, layout), {"pool": board.data, "score": board.score}))
    if for_tucks:
        raise InvalidInput("tucks", for_tucks, "more cards to tuck than spaces that tuck")
    yield from steps
    return DataResult(board, discarded, tuple(pending))


@dataclass(frozen=True)
class AnalyzeResult:
    """The ``seti.analyze`` result: the board (computer cleared) and the blue trace to mark."""

    board: PlayerBoard
    trace: str
    species: str | None


@register_phase("seti.analyze", title="Analyze data", section=ANALYZE, notebook=NOTEBOOK)
def analyze(board: PlayerBoard, *, species: str | None = None, layout: ComputerLayout | None = None,
            variant: SetiVariant = RULEBOOK) -> Procedure:
    """Pay the energy, clear the computer (pool kept), and mark a blue trace for one species."""
    layout = layout or sample_layout()
    computer = board.computer
    if computer.filled < len(layout.top):
        raise IllegalAction(
            "seti.analyze.top_row_not_full",
            f"Only {computer.filled} of the {len(layout.top)} top spaces hold data; analyzing needs the whole top row.",
            ANALYZE,
        )
    paid = board.pay("seti.analyze.energy", ANALYZE, energy=variant.analyze_energy)
    yield Step("Pay", f"{board.colour} pays {variant.analyze_energy} energy to analyze.", ANALYZE,
               ComputerView(paid, layout), {"energy": paid.energy})
    cleared = replace(paid, computer=replace(computer, filled=0, lower=frozenset()))
    lower = len(computer.lower)
    yield Step(
        "Clear the computer",
        f"Every data in the computer is discarded ({computer.filled} on top, {lower} below); the {cleared.data} in the pool stay. "
        "The computer techs stay in their slots.",
        ANALYZE,
        ComputerView(cleared, layout),
        {"pool": cleared.data},
    )
    whom = f"for {species}" if species else "for one of the two species (the player chooses)"
    yield Step("A blue trace", f"{board.colour} marks a blue life trace {whom}.", ANALYZE, ComputerView(cleared, layout), {"trace": "blue"})
    return AnalyzeResult(cleared, "blue", species)


@dataclass(frozen=True)
class ComputerView:
    """A board's pool and computer, drawn (the state the data steps show)."""

    board: PlayerBoard
    layout: ComputerLayout

    def _repr_svg_(self) -> str:
        return computer_svg(self.board, self.layout)


def computer_svg(board: PlayerBoard, layout: ComputerLayout | None = None) -> str:
    """The pool and the computer: the top row left to right (data placed, the effect each space gives),
    computer techs slotted under their spaces with their lower spaces. Type 14 px and more, every label
    whole and inside its column (engine.svg)."""
    layout = layout or sample_layout()
    size, small, gap, pool_w, leading = 14, 13, 8, 130, 17
    computer = board.computer

    def top_label(index: int, space: TopSpace) -> str:
        if computer.tech_at(index + 1):
            return "2 VP"
        return _short(space.reward.describe()) if space.reward else ("tech slot" if space.tech_slot else "–")

    labels = [top_label(i, space) for i, space in enumerate(layout.top)]
    lowers = {tech: _short(layout.tech_reward(tech).describe()) for tech in (computer.tech_at(i + 1) for i in range(len(layout.top))) if tech}
    words = [w for text in (*labels, *lowers.values(), *lowers) for w in text.split()]
    column = max([84.0] + [draw.text_width(w, small) + 12 for w in words])
    wrap = {text: draw.wrapped(text, column - 8, small) for text in (*labels, *lowers.values())}
    label_lines = max([len(wrap[t]) for t in labels] + [1])
    lower_lines = max([len(wrap[t]) for t in lowers.values()] + [1])
    header = f"{board.colour}: pool {board.data} · score {board.score} · publicity {board.publicity}"
    width = max(pool_w + 24 + len(layout.top) * (column + gap) + 12, min(draw.WIDEST, draw.text_width(header, 16) * 1.06 + 28))
    header_lines = draw.wrapped(header, (width - 28) / 1.06, 16, split_long=True)
    box_top, box = 44 + 20 * (len(header_lines) - 1), 52
    label_top = box_top + box + 18
    tech_y = label_top + leading * label_lines + 6
    lower_top = tech_y + 10
    height = lower_top + box + 14 + leading * lower_lines + 10 if lowers else tech_y + 4
    out: list[draw.Element] = [
        draw.rect(1, 1, width - 2, height - 2, rx=10, fill="frost", stroke="line"),
        *(draw.text(12, 26 + 20 * n, line_text, font_size=16, font_weight="bold") for n, line_text in enumerate(header_lines)),
        draw.rect(12, box_top, pool_w - 10, 86, rx=8, fill="sky", stroke="line"),
        draw.text(12 + (pool_w - 10) / 2, box_top + 20, "data pool", anchor="middle"),
    ]
    for i in range(board.data):
        dx, dy = 22 + (i % 4) * 26, box_top + 30 + (i // 4) * 18
        out.append(draw.polygon(((dx, dy), (dx + 20, dy), (dx + 10, dy + 14)), fill="royal"))
    for index, space in enumerate(layout.top):
        position = index + 1
        x = pool_w + 24 + index * (column + gap)
        cx = x + column / 2
        tech = computer.tech_at(position)
        if tech:
            out.append(draw.rect(x - 3, box_top - 4, column + 6, height - box_top - 2, rx=6, fill="sky", stroke="blue"))
        out.append(draw.rect(x, box_top, column, box, rx=6, fill="white", stroke="ink"))
        for n, line_text in enumerate(wrap[labels[index]]):
            out.append(draw.text(cx, label_top + leading * n, line_text, anchor="middle", font_size=small))
        if position <= computer.filled:
            out.append(draw.polygon(((cx - 14, box_top + 14), (cx + 14, box_top + 14), (cx, box_top + 38)), fill="royal"))
        if tech:
            out.append(draw.text(cx, tech_y, tech, anchor="middle", font_weight="bold", fill="ink"))
            out.append(draw.rect(x, lower_top, column, box, rx=6, fill="white", stroke="ink", stroke_dasharray="3 2"))
            for n, line_text in enumerate(wrap[lowers[tech]]):
                out.append(draw.text(cx, lower_top + box + 16 + leading * n, line_text, anchor="middle", font_size=small))
            if position in computer.lower:
                out.append(draw.polygon(((cx - 14, lower_top + 14), (cx + 14, lower_top + 14), (cx, lower_top + 38)),
                                        fill="royal"))
    return draw.svg(width, height, *out, class_="tt-computer", font_family="sans-serif", font_size=size, fill="ink").render()


def _short(text: str) -> str:
    """A reward's words short enough for a computer space."""
    return {"1 tucked income cards": "tuck card", "action: move": "1 move"}.get(text, text)
