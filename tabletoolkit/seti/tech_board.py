"""The tech board as a component: the twelve techs (``data/techs.toml``) in stacks of four tiles, the
2-point tile on top until the first taker (设置 · ⑨ 科技; 研究科技)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cache
from typing import Annotated

from ..engine import svg as draw
from ..engine.decode import DataError, decode_text, identifier, items, text
from ..engine.errors import InvalidInput
from ..engine.frozen import replace
from .data_files import read_data
from .rewards import Reward

TECH_KINDS = ("probe", "telescope", "computer")
TILES_PER_STACK = 4  # 设置 ⑨ 科技: 4 matching tiles per tech


@dataclass(frozen=True)
class Tech:
    """One of the twelve techs: its id (``PT1``), type, ability, research bonus and where it comes from."""

    id: Annotated[str, identifier("tech")]
    kind: Annotated[str, text(one_of=TECH_KINDS)]
    name: str
    ability: str
    bonus: Reward
    bonus_source: str


@dataclass(frozen=True)
class _TechsFile:
    # the twelve techs (设置 ⑨ 科技); a tile the rulebook prints no bonus for leaves ``bonus`` out
    tech: Annotated[tuple[Tech, ...], items(most=12, defaults={"bonus": Reward()})]


def load_techs(text: str | None = None, file: str | None = None) -> tuple[Tech, ...]:
    """The techs from TOML text (default: the shipped ``techs.toml``), decoded by ``engine.decode``: a bad
    entry raises a ``DataError`` naming ``file`` (when given), the key and the value."""
    if text is None:
        return _shipped_techs()
    found, _ = decode_text(_TechsFile, text, file, label="techs")
    if not found.tech:
        raise DataError(file, "tech", [], "the file needs [[tech]] entries")
    return found.tech


@cache
def _shipped_techs() -> tuple[Tech, ...]:
    return load_techs(read_data("techs.toml"), "techs.toml")


INK = {"probe": "orange", "telescope": "purple", "computer": "blue"}
"""Each tech type's colour (names of the one palette, ``engine.svg``)."""
FIRST_TAKER_VP = 2  # the 2-point tile on top of each stack (设置 ⑨ 科技)


@dataclass(frozen=True)
class TechStack:
    tech: Tech
    tiles: int = TILES_PER_STACK
    two_point: bool = True


@dataclass(frozen=True)
class TechBoard:
    """The tech board: one stack per tech, each with its 2-point tile until the first taker."""

    stacks: tuple[TechStack, ...]

    @classmethod
    def fresh(cls, techs: tuple[Tech, ...] | None = None) -> "TechBoard":
        return cls(tuple(TechStack(tech) for tech in (techs or load_techs())))

    def stack(self, tech_id: str) -> TechStack:
        for stack in self.stacks:
            if stack.tech.id == tech_id:
                return stack
        raise InvalidInput("tech", tech_id, f"no such tech; techs: {[s.tech.id for s in self.stacks]}")

    def taken(self, tech_id: str) -> "TechBoard":
        return TechBoard(tuple(
            replace(stack, tiles=stack.tiles - 1, two_point=False) if stack.tech.id == tech_id else stack
            for stack in self.stacks
        ))

    def _repr_svg_(self) -> str:
        """The tech board as the players see it: twelve stacks in three rows (probe, telescope, computer techs),
        each with its ability, its research bonus where the rulebook gives one, the tiles left and the 2-point
        tile still on top for the first taker (研究科技; 设置 ⑨ 科技). Type 15 px and more, for a projector;
        every text whole, the tiles as tall as their longest text."""
        return _tech_board_svg(self)

    def _repr_html_(self) -> str:
        cells = []
        for kind in TECH_KINDS:
            row = "".join(
                f"<td title='{html.escape(s.tech.ability)}'><b>{s.tech.name}</b><br>{s.tiles} left"
                f"{'<br>+2 VP tile' if s.two_point else ''}</td>"
                for s in self.stacks if s.tech.kind == kind
            )
            cells.append(f"<tr><th>{kind}</th>{row}</tr>")
        return f"<table class='tt-seti-techs'>{''.join(cells)}</table>"


def _tech_board_svg(board: TechBoard) -> str:
    tile_w, gap, left, heading, size, leading = 236, 10, 6, 30, 15, 19
    kinds = [kind for kind in TECH_KINDS if any(s.tech.kind == kind for s in board.stacks)]

    def bonus(tech: Tech) -> list[str]:
        words = tech.bonus.describe() if tech.bonus != Reward() else "not in the rulebook text"
        return draw.wrapped(f"bonus: {words}", tile_w - 24, size, split_long=True)

    texts = [(draw.wrapped(s.tech.ability, tile_w - 24, size, split_long=True), bonus(s.tech)) for s in board.stacks]
    tall = {kind: 72 + leading * max(len(a) + len(b) for (a, b), s in zip(texts, board.stacks) if s.tech.kind == kind) + 30
            for kind in kinds}   # each row as tall as its longest tile
    width = left + 4 * (tile_w + gap)
    height = sum(heading + tall[kind] + gap for kind in kinds)
    parts: list[draw.Element] = []
    y = 0.0
    for kind in kinds:
        y += heading
        tile_h, ink = tall[kind], INK[kind]
        parts.append(draw.text(left, y - 8, f"{kind} techs", font_size=19, font_weight="bold", fill=ink))
        for column, stack in enumerate(s for s in board.stacks if s.tech.kind == kind):
            x, tech = left + column * (tile_w + gap), stack.tech
            parts.append(draw.rect(x, y, tile_w, tile_h, rx=10, fill="white", stroke=ink, stroke_width=3))
            parts.append(draw.text(x + 12, y + 26, tech.name, font_size=19, font_weight="bold", fill=ink))
            tiles = f"{stack.tiles} tile{'s' if stack.tiles != 1 else ''} left"
            parts.append(draw.text(x + tile_w - 12, y + 26, tiles, anchor="end"))
            ability, bonus_lines = texts[board.stacks.index(stack)]
            for n, line_text in enumerate(ability):
                parts.append(draw.text(x + 12, y + 50 + n * leading, line_text))
            for n, line_text in enumerate(bonus_lines):
                parts.append(draw.text(x + 12, y + 56 + (len(ability) + n) * leading, line_text, fill="slate"))
            if stack.two_point:
                parts.append(draw.rect(x + 12, y + tile_h - 30, 164, 24, rx=5, fill="green"))
                parts.append(draw.text(x + 18, y + tile_h - 13, f"first taker +{FIRST_TAKER_VP} VP", fill="white",
                                       font_weight="bold"))
        y += tile_h + gap
    return draw.svg(width, height, *parts, class_="tt-seti-tech-board", font_family="sans-serif", font_size=size,
                    fill="ink").render()
