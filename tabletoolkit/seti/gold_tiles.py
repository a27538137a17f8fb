"""The four two-sided gold scoring tiles as a component: their faces, values by marking order, the
markers on them, the drawing (金色计分板块; 设置 · ⑦)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from ..engine.data import parse_toml
from ..engine.errors import InvalidInput
from ..engine.frozen import FrozenMap, replace
from ..engine.rng import Rng
from .data_files import read_data

MEASURES = ("tech_sets", "tech_pairs", "completed_missions", "mission_or_endgame_pairs", "income_sets",
            "income_most", "trace_sets", "sectors_and_planets")


@dataclass(frozen=True)
class TileSide:
    measure: str
    values: tuple[int, ...]
    explains: str


@dataclass(frozen=True)
class GoldTile:
    """A two-sided gold scoring tile, the side face up, and the players who marked it, in order."""

    id: str
    name: str
    sides: Mapping[str, TileSide]  # "a" and "b"
    side: str = "a"
    marks: tuple[str, ...] = ()

    @property
    def face(self) -> TileSide:
        return self.sides[self.side]

    def value_at(self, position: int, fourth: str = "lowest") -> int:
        """The value the ``position``-th marker (0 = first) scores per set (S-R4)."""
        values = self.face.values
        if position < len(values):
            return values[position]
        return values[-1] if fourth == "lowest" else 0

    def __hash__(self) -> int:
        return hash((self.id, self.side, self.marks))

    def _repr_svg_(self) -> str:
        return gold_tiles_svg((self,))

    def _repr_html_(self) -> str:
        marks = ", ".join(f"{colour} ({self.value_at(i)})" for i, colour in enumerate(self.marks)) or "none yet"
        return (f"<div class='tt-seti-gold'><b>{self.id} · {html.escape(self.name)}</b> side {self.side.upper()}: "
                f"{html.escape(self.face.explains)} Values {'/'.join(map(str, self.face.values))}. Marks: {marks}</div>")


def gold_tiles_svg(tiles: tuple[GoldTile, ...], both_sides: bool = False) -> str:
    """The gold tiles drawn: the face-up side (or both), its value badges and the markers on them."""
    width, height = 150, 96
    faces = [(tile, side) for tile in tiles for side in (("a", "b") if both_sides else (tile.side,))]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{len(faces) * (width + 10) + 10}" height="{height + 20}" '
             'class="tt-seti-gold-tiles" font-family="sans-serif" font-size="11">']
    for index, (tile, side) in enumerate(faces):
        x, face = 10 + index * (width + 10), tile.sides[side]
        parts.append(f'<rect x="{x}" y="10" width="{width}" height="{height}" rx="10" fill="#d9a520" stroke="#7a5b00"/>')
        parts.append(f'<text x="{x + 8}" y="27" font-weight="bold">{html.escape(tile.id)} {html.escape(tile.name)} '
                     f'· side {side.upper()}</text>')
        parts.append(f'<text x="{x + 8}" y="43">{html.escape(face.measure.replace("_", " "))}</text>')
        for number, value in enumerate(face.values):
            cx = x + 28 + number * 45
            owner = tile.marks[number] if side == tile.side and number < len(tile.marks) else ""
            parts.append(f'<path d="M{cx - 15},58 h30 v16 l-15,12 l-15,-12 z" fill="#3c9a4a" stroke="white"/>')
            parts.append(f'<text x="{cx}" y="74" text-anchor="middle" fill="white" font-weight="bold">{value}</text>')
            if owner:
                parts.append(f'<text x="{cx}" y="100" text-anchor="middle">{html.escape(owner)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def load_gold_tiles(text: str | None = None) -> tuple[GoldTile, ...]:
    """The four tiles from TOML (default: ``gold_tiles.toml``), side A up; bad entries raise ``InvalidInput``."""
    if text is None:
        return _shipped_gold_tiles()
    raw = parse_toml(text, "gold_tiles.toml")
    tiles = []
    for index, entry in enumerate(raw.get("tile", [])):
        sides = {}
        for side in ("a", "b"):
            where = f"tile[{index}].{side}"
            face = entry.get(side)
            if not isinstance(face, dict):
                raise InvalidInput(where, face, "each tile has sides a and b")
            if face.get("measure") not in MEASURES:
                raise InvalidInput(f"{where}.measure", face.get("measure"), f"one of {MEASURES}")
            values = face.get("values")
            if not isinstance(values, list) or not values or not all(isinstance(v, int) and v >= 0 for v in values):
                raise InvalidInput(f"{where}.values", values, "a list of VP values, highest first")
            sides[side] = TileSide(face["measure"], tuple(values), str(face.get("explains", "")))
        tiles.append(GoldTile(str(entry.get("id")), str(entry.get("name")), FrozenMap(sides)))
    if not tiles:
        raise InvalidInput("tile", raw, "no gold tiles")
    return tuple(tiles)


@cache
def _shipped_gold_tiles() -> tuple[GoldTile, ...]:
    return load_gold_tiles(read_data("gold_tiles.toml"))


def random_sides(tiles: tuple[GoldTile, ...], rng: Rng) -> tuple[GoldTile, ...]:
    """Each tile with a random side up (设置 · ⑦ 金色计分板块)."""
    return tuple(replace(tile, side=rng.choice(("a", "b"))) for tile in tiles)
