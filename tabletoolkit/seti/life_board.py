"""The life-trace board as a component: two face-down species slots, each with its three discovery spaces,
overflow areas and (once discovered) its own board spaces (标记生命痕迹; 发现外星物种)."""

from __future__ import annotations

import html
from dataclasses import dataclass

from .rewards import TRACE_COLOURS
from .species import Species

NEUTRAL = "neutral"
SLOT_NAMES = ("A", "B")
FILL = {"pink": "#e85a9b", "yellow": "#f2c230", "blue": "#3f8fd8"}


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
        width, height = 520, 200
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" class="tt-seti-life" '
                 'font-family="sans-serif" font-size="11">']
        for number, alien in enumerate(self.slots):
            x0 = 10 + number * 260
            title = alien.species.name if alien.discovered else f"species {SLOT_NAMES[number]} (face down)"
            parts.append(f'<rect x="{x0}" y="5" width="250" height="190" rx="8" fill="#1d2a44"/>')
            parts.append(f'<text x="{x0 + 8}" y="22" fill="white">{html.escape(title)}</text>')
            for index, colour in enumerate(TRACE_COLOURS):
                cx, mark = x0 + 45 + index * 80, alien.discovery[index]
                parts.append(f'<circle cx="{cx}" cy="55" r="22" fill="{FILL[colour]}" stroke="white" stroke-width="2"/>')
                parts.append(f'<text x="{cx}" y="59" text-anchor="middle" fill="black">'
                             f'{html.escape(mark.owner if mark else "5 VP")}</text>')
                overflow = [m.owner for m in alien.overflow if m.colour == colour]
                parts.append(f'<rect x="{cx - 30}" y="88" width="60" height="30" rx="4" fill="none" stroke="{FILL[colour]}"/>')
                parts.append(f'<text x="{cx}" y="107" text-anchor="middle" fill="white">'
                             f'{html.escape(", ".join(overflow) if overflow else "3 VP")}</text>')
            if alien.discovered:
                for index, space in enumerate(alien.species.spaces):
                    mark = alien.board[index]
                    cx = x0 + 22 + index * 41
                    parts.append(f'<rect x="{cx - 18}" y="135" width="36" height="36" rx="4" '
                                 f'fill="{FILL[space.colours[0]]}" stroke="white"/>')
                    parts.append(f'<text x="{cx}" y="157" text-anchor="middle" fill="black">'
                                 f'{html.escape(mark.owner[:5] if mark else str(index + 1))}</text>')
            else:
                parts.append(f'<text x="{x0 + 8}" y="160" fill="#aab">board spaces open at discovery</text>')
        parts.append("</svg>")
        return "".join(parts)


def new_life_board(species: tuple[Species, Species]) -> LifeBoard:
    return LifeBoard(tuple(AlienSlot(one, deck=tuple(card.id for card in one.cards)) for one in species))
