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
        """The twelve techs in three rows (probe, telescope, computer): each stack's name, tiles left, its
        2-point tile while the first taker has not come, its research bonus and its ability."""
        width, height, left = 170, 92, 92
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + 4 * (width + 8)}" '
                 f'height="{len(TECH_KINDS) * (height + 8) + 8}" class="tt-seti-tech-board" font-family="sans-serif" '
                 'font-size="11">']
        for row, kind in enumerate(TECH_KINDS):
            y = 8 + row * (height + 8)
            parts.append(f'<text x="8" y="{y + height / 2 + 4}" font-weight="bold">{kind} techs</text>')
            for column, stack in enumerate(s for s in self.stacks if s.tech.kind == kind):
                x, tech = left + column * (width + 8), stack.tech
                fill = {"probe": "#f3d9b1", "telescope": "#cfe0f5", "computer": "#d8efd0"}[kind]
                parts.append(f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="8" fill="{fill}" stroke="#555"/>')
                parts.append(f'<text x="{x + 8}" y="{y + 16}" font-weight="bold">{html.escape(tech.name)}</text>')
                parts.append(f'<text x="{x + width - 8}" y="{y + 16}" text-anchor="end">{stack.tiles} left</text>')
                if stack.two_point:
                    parts.append(f'<circle cx="{x + width - 16}" cy="{y + 34}" r="10" fill="#3c9a4a"/>'
                                 f'<text x="{x + width - 16}" y="{y + 38}" text-anchor="middle" fill="white">2</text>')
                bonus = tech.bonus.describe() if tech.bonus != Reward() else "bonus: not in the rulebook text"
                for line, text in enumerate(_wrapped(bonus, 24)[:1] + _wrapped(tech.ability, 30)[:3]):
                    parts.append(f'<text x="{x + 8}" y="{y + 34 + line * 14}">{html.escape(text)}</text>')
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

