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
