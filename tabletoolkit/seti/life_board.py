"""The life-trace board as a component: two face-down species slots, each with its three discovery spaces,
overflow areas and (once discovered) its own board spaces (标记生命痕迹; 发现外星物种)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.frozen import replace

from ..engine import svg as draw

from .rewards import TRACE_COLOURS
from .species import Species

NEUTRAL = "neutral"
SLOT_NAMES = ("A", "B")


@dataclass(frozen=True)
class Mark:
    """A marker on a trace space: whose (a colour or ``"neutral"``) and the trace colour it counts as."""

    owner: str
    colour: str


@dataclass(frozen=True)
class AlienSlot:
    """One face-down species with its discovery spaces, overflow areas and (once revealed) board spaces."""

    species: Species
    discovery: tuple[Mark | None, ...] = (None, None, None)  # pink, yellow, blue
    overflow: tuple[Mark, ...] = ()
    discovered: bool = False
    board: tuple[Mark | None, ...] = ()
    deck: tuple[str, ...] = ()  # the species' alien cards still to take, top first

    @property
    def complete(self) -> bool:
        return all(self.discovery)


@dataclass(frozen=True)
class Spot:
    """Where a trace can go: slot 0/1 (species A/B), area and index (colour index or board space)."""

    slot: int
    area: str  # "discovery", "overflow" or "species"
    index: int

    def __str__(self) -> str:
        what = TRACE_COLOURS[self.index] if self.area != "species" else f"space {self.index + 1}"
        return f"{SLOT_NAMES[self.slot]} {self.area} {what}"


@dataclass(frozen=True)
class LifeBoard:
    """The two species slots at the edge of the planet board."""

    slots: tuple[AlienSlot, ...]

    def with_slot(self, index: int, slot: AlienSlot) -> "LifeBoard":
        return LifeBoard(self.slots[:index] + (slot,) + self.slots[index + 1:])

    def discovered(self, index: int) -> "LifeBoard":
        """The board with slot ``index``'s species discovered: its board flips and its own spaces open, empty
        (发现外星物种 · 深入研究)."""
        alien = self.slots[index]
        return self.with_slot(index, replace(alien, discovered=True, board=(None,) * len(alien.species.spaces)))

    def marks(self, owner: str, slot: int | None = None) -> tuple[Mark, ...]:
        """Every mark of ``owner`` (discovery, overflow and species spaces), of one slot if given."""
        found = []
        for number, alien in enumerate(self.slots):
            if slot is not None and number != slot:
                continue
            found += [mark for mark in alien.discovery + alien.board if mark and mark.owner == owner]
            found += [mark for mark in alien.overflow if mark.owner == owner]
        return tuple(found)

    def traces(self, owner: str) -> dict[str, int]:
        """How many traces of each colour ``owner`` has marked (overflow included)."""
        counts = {colour: 0 for colour in TRACE_COLOURS}
        for mark in self.marks(owner):
            counts[mark.colour] += 1
        return counts

    def _repr_svg_(self) -> str:
        """The two species slots: the three discovery spaces (a marker's owner, else the 5 VP the space
        gives), the overflow areas (everyone who marked there, else 3 VP) and, once discovered, the species'
        own board spaces. Type 14 px and more; every name shown whole (engine.svg)."""
        return _life_svg(self)


def _life_svg(board: LifeBoard) -> str:
    size, pad, gap, leading = 14, 12, 14, 18
    names = [m.owner for alien in board.slots for m in (*alien.discovery, *alien.board, *alien.overflow) if m]
    widest = min(120.0, max([draw.text_width(n, size) * 1.06 for n in names] + [draw.text_width("5 VP", size)]))
    column = max(130.0, widest + 24)
    cell = max(60.0, widest + 12)

    def lines(owner: str) -> list[str]:
        return draw.wrapped(owner, cell - 10, size * 1.06, split_long=True)

    def overflow_of(alien: AlienSlot, colour: str) -> list[str]:
        names = ", ".join(m.owner for m in alien.overflow if m.colour == colour)
        return draw.wrapped(names, column - 14, size, split_long=True) if names else ["3 VP"]

    spaces = max([len(alien.species.spaces) for alien in board.slots if alien.discovered] + [0])
    panel = max(3 * column, spaces * (cell + 6) - 6, draw.text_width("board spaces open at discovery", size)) + 2 * pad
    pill_lines = max([len(lines(m.owner)) for alien in board.slots for m in alien.discovery if m] + [1])
    space_lines = max([len(lines(m.owner)) for alien in board.slots for m in alien.board if m] + [1])
    overflow_lines = max(len(overflow_of(alien, colour)) for alien in board.slots for colour in TRACE_COLOURS)
    pill_h = 22 + leading * pill_lines
    overflow_y = 36 + pill_h + 14
    overflow_h = 12 + leading * overflow_lines
    species_y = overflow_y + overflow_h + 20
    space_h = 26 + leading * space_lines
    height = species_y + space_h + 20
    beside = len(board.slots) * (panel + gap) + gap <= draw.WIDEST
    parts: list[draw.Element] = []
    for number, alien in enumerate(board.slots):
        x0, y0 = (gap + number * (panel + gap), gap) if beside else (gap, gap + number * (height + gap))
        title = alien.species.name if alien.discovered else f"species {SLOT_NAMES[number]} (face down)"
        parts.append(draw.rect(x0, y0, panel, height, rx=8, fill="deep"))
        parts.append(draw.text(x0 + pad, y0 + 22, title, fill="white", font_size=16, font_weight="bold"))
        for index, colour in enumerate(TRACE_COLOURS):
            cx, mark = x0 + pad + column * (index + 0.5), alien.discovery[index]
            shown = lines(mark.owner) if mark else ["5 VP"]
            first = y0 + 36 + pill_h / 2 + 5 - leading * (len(shown) - 1) / 2
            parts.append(draw.group(
                draw.title(f"{colour} discovery space"),
                draw.rect(cx - cell / 2, y0 + 36, cell, pill_h, rx=20, fill=colour, stroke="white", stroke_width=2),
                *(draw.text(cx, first + leading * n, line_text, anchor="middle", fill="ink", font_weight="bold",
                            font_size=size) for n, line_text in enumerate(shown))))
            parts.append(draw.rect(cx - column / 2 + 4, y0 + overflow_y, column - 8, overflow_h, rx=4, fill="none",
                                   stroke=colour, stroke_width=2))
            for n, line_text in enumerate(overflow_of(alien, colour)):
                parts.append(draw.text(cx, y0 + overflow_y + 18 + leading * n, line_text, anchor="middle", fill="white",
                                       font_size=size))
        if alien.discovered:
            for index, space in enumerate(alien.species.spaces):
                mark = alien.board[index]
                x = x0 + pad + index * (cell + 6)
                parts.append(draw.rect(x, y0 + species_y, cell, space_h, rx=4, fill=space.colours[0], stroke="white"))
                for n, line_text in enumerate(lines(mark.owner) if mark else [str(index + 1)]):
                    parts.append(draw.text(x + cell / 2, y0 + species_y + 27 + leading * n, line_text, anchor="middle",
                                           fill="ink", font_size=size))
        else:
            parts.append(draw.text(x0 + pad, y0 + species_y + 27, "board spaces open at discovery", fill="silver",
                                   font_size=size))
    width = len(board.slots) * (panel + gap) + gap if beside else panel + 2 * gap
    total = height + 2 * gap if beside else len(board.slots) * (height + gap) + gap
    return draw.svg(width, total, *parts, class_="tt-seti-life", font_family="sans-serif", font_size=size).render()


def new_life_board(species: tuple[Species, Species]) -> LifeBoard:
    return LifeBoard(tuple(AlienSlot(one, deck=tuple(card.id for card in one.cards)) for one in species))
