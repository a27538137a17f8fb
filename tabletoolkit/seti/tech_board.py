"""The tech board as a component: the twelve techs (``data/techs.toml``) in stacks of four tiles, the
2-point tile on top until the first taker (设置 · ⑨ 科技; 研究科技)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cache

from ..engine.data import parse_toml
from ..engine.errors import InvalidInput
from ..engine.frozen import replace
from .data_files import read_data
from .rewards import Reward

TECH_KINDS = ("probe", "telescope", "computer")
TILES_PER_STACK = 4  # 设置 ⑨ 科技: 4 matching tiles per tech


@dataclass(frozen=True)
class Tech:
    """One of the twelve techs: its id (``PT1``), type, ability, research bonus and where it comes from."""

    id: str
    kind: str
    name: str
    ability: str
    bonus: Reward
    bonus_source: str


def load_techs(text: str | None = None) -> tuple[Tech, ...]:
    """The techs from TOML text (default: the shipped ``techs.toml``); bad entries raise ``InvalidInput``."""
    if text is None:
        return _shipped_techs()
    raw = parse_toml(text, "techs.toml")
    techs = []
    for index, entry in enumerate(raw.get("tech", [])):
        where = f"tech[{index}]"
        for key in ("id", "kind", "name", "ability", "bonus_source"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise InvalidInput(f"{where}.{key}", entry.get(key), "a non-empty text")
        if entry["kind"] not in TECH_KINDS:
            raise InvalidInput(f"{where}.kind", entry["kind"], f"one of {TECH_KINDS}")
        techs.append(Tech(entry["id"], entry["kind"], entry["name"], entry["ability"],
                          Reward.parse(entry.get("bonus"), f"{where}.bonus"), entry["bonus_source"]))
    ids = [tech.id for tech in techs]
    if len(set(ids)) != len(ids):
        raise InvalidInput("tech ids", ids, "every tech id appears once")
    return tuple(techs)


@cache
def _shipped_techs() -> tuple[Tech, ...]:
    return load_techs(read_data("techs.toml"))


INK = {"probe": "#d9822b", "telescope": "#7b4fb0", "computer": "#2f7fb8"}
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
        tile still on top for the first taker (研究科技; 设置 ⑨ 科技). Type 15 px and more, for a projector."""
        tile_w, tile_h, gap, left, heading = 250, 178, 10, 6, 30
        kinds = [kind for kind in TECH_KINDS if any(s.tech.kind == kind for s in self.stacks)]
        width = left + 4 * (tile_w + gap)
        height = len(kinds) * (heading + tile_h + gap)
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="tt-seti-tech-board" width="{width}" height="{height}" '
                 f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="15">']
        for row, kind in enumerate(kinds):
            y = row * (heading + tile_h + gap) + heading
            ink = INK[kind]
            parts.append(f'<text x="{left}" y="{y - 8}" font-size="19" font-weight="bold" fill="{ink}">{kind} techs</text>')
            for column, stack in enumerate(s for s in self.stacks if s.tech.kind == kind):
                x, tech = left + column * (tile_w + gap), stack.tech
                parts.append(f'<rect x="{x}" y="{y}" width="{tile_w}" height="{tile_h}" rx="10" fill="white" '
                             f'stroke="{ink}" stroke-width="3"/>')
                parts.append(f'<text x="{x + 12}" y="{y + 26}" font-size="19" font-weight="bold" fill="{ink}">'
                             f'{html.escape(tech.name)}</text>')
                tiles = f"{stack.tiles} tile{'s' if stack.tiles != 1 else ''} left"
                parts.append(f'<text x="{x + tile_w - 12}" y="{y + 26}" text-anchor="end">{tiles}</text>')
                for n, line in enumerate(_wrapped(tech.ability, 28)[:5]):
                    parts.append(f'<text x="{x + 12}" y="{y + 50 + n * 19}">{html.escape(line)}</text>')
                bonus = tech.bonus.describe() if tech.bonus != Reward() else "not in the rulebook text"
                parts.append(f'<text x="{x + 12}" y="{y + tile_h - 36}" fill="#444">bonus: {html.escape(bonus)}</text>')
                if stack.two_point:
                    parts.append(f'<rect x="{x + 12}" y="{y + tile_h - 28}" width="160" height="22" rx="5" fill="#3c9a4a"/>'
                                 f'<text x="{x + 18}" y="{y + tile_h - 12}" fill="white" font-weight="bold">'
                                 f'first taker +{FIRST_TAKER_VP} VP</text>')
        parts.append("</svg>")
        return "".join(parts)

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


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken at spaces."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]

