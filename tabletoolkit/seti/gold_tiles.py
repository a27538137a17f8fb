"""The four two-sided gold scoring tiles as a component: their faces, values by marking order, the
markers on them, the drawing (金色计分板块; 设置 · ⑦)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Annotated

from ..engine import svg as draw
from ..engine.decode import DataError, decode_text, identifier, items, text, whole
from ..engine.frozen import FrozenMap, replace
from ..engine.rng import Rng
from .data_files import read_data

MEASURES = ("tech_sets", "tech_pairs", "completed_missions", "mission_or_endgame_pairs", "income_sets",
            "income_most", "trace_sets", "sectors_and_planets")


@dataclass(frozen=True)
class TileSide:
    """A face: what it counts and the VP per set of the first, second and third marker (S-R4)."""

    measure: Annotated[str, text(one_of=MEASURES)]
    values: Annotated[tuple[int, int, int], whole(0, 99)]
    explains: str = ""


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
    """The gold tiles drawn: the face-up side (or both), its value badges and the markers on them, four
    tiles to a row, type 14 px and more (engine.svg: one palette, every name escaped)."""
    faces = [(tile, side) for tile in tiles for side in (("a", "b") if both_sides else (tile.side,))]
    gap, pad = 10, 10
    badge = min(72.0, max([46.0] + [draw.text_width(mark, 14) * 1.1 + 8 for tile in tiles for mark in tile.marks]))
    names = {mark: draw.wrapped(mark, badge - 6, 14 * 1.1, split_long=True) for tile in tiles for mark in tile.marks}
    width = max([200.0] + [draw.text_width(f"{tile.id} {tile.name} · side {side.upper()}", 16) + 2 * pad
                           for tile, side in faces]
                + [draw.text_width(tile.sides[side].measure.replace("_", " "), 14) + 2 * pad for tile, side in faces]
                + [len(tile.sides[side].values) * badge + 2 * pad for tile, side in faces])
    height = 106 + 18 * max([len(lines) for lines in names.values()] + [1])
    per_row = max(1, min(4, int((draw.WIDEST - gap) // (width + gap))))
    rows = max(1, -(-len(faces) // per_row))
    parts: list[draw.Element] = []
    for index, (tile, side) in enumerate(faces):
        x, y, face = gap + (index % per_row) * (width + gap), gap + (index // per_row) * (height + gap), tile.sides[side]
        parts.append(draw.rect(x, y, width, height, rx=10, fill="gold", stroke="bronze", stroke_width=2))
        parts.append(draw.text(x + pad, y + 22, f"{tile.id} {tile.name} · side {side.upper()}", font_size=16,
                               font_weight="bold"))
        parts.append(draw.text(x + pad, y + 42, face.measure.replace("_", " ")))
        for number, value in enumerate(face.values):
            cx = x + pad + badge / 2 + number * badge
            owner = tile.marks[number] if side == tile.side and number < len(tile.marks) else ""
            parts.append(draw.path(f"M{cx - 18:g},{y + 52} h36 v20 l-18,14 l-18,-14 z", fill="green", stroke="white"))
            parts.append(draw.text(cx, y + 72, str(value), anchor="middle", fill="white", font_size=16, font_weight="bold"))
            for n, line_text in enumerate(names[owner] if owner else ()):
                parts.append(draw.text(cx, y + 106 + 18 * n, line_text, anchor="middle", font_weight="bold"))
    return draw.svg(gap + min(len(faces), per_row) * (width + gap) if faces else 2 * gap + width,
                    gap + rows * (height + gap), *parts, class_="tt-seti-gold-tiles", font_family="sans-serif",
                    font_size=14, fill="ink").render()


@dataclass(frozen=True)
class _TileEntry:
    """A ``[[tile]]`` of a gold-tile file: its id, its name and its two sides."""

    id: Annotated[str, identifier("gold tile")]
    name: str
    a: TileSide
    b: TileSide


@dataclass(frozen=True)
class _GoldTilesFile:
    tile: Annotated[tuple[_TileEntry, ...], items(most=4)]  # the four gold tiles (设置 · ⑦)


def load_gold_tiles(text: str | None = None, file: str | None = None) -> tuple[GoldTile, ...]:
    """The tiles from TOML text (default: the shipped ``gold_tiles.toml``), side A up. The text is decoded by
    ``engine.decode``: a bad entry raises a ``DataError`` naming ``file`` (when given), the key and the value."""
    if text is None:
        return _shipped_gold_tiles()
    found, _ = decode_text(_GoldTilesFile, text, file, label="gold tiles")
    if not found.tile:
        raise DataError(file, "tile", [], "at least one [[tile]]")
    return tuple(GoldTile(tile.id, tile.name, FrozenMap({"a": tile.a, "b": tile.b})) for tile in found.tile)


@cache
def _shipped_gold_tiles() -> tuple[GoldTile, ...]:
    return load_gold_tiles(read_data("gold_tiles.toml"), "gold_tiles.toml")


def random_sides(tiles: tuple[GoldTile, ...], rng: Rng) -> tuple[GoldTile, ...]:
    """Each tile with a random side up (设置 · ⑦ 金色计分板块)."""
    return tuple(replace(tile, side=rng.choice(("a", "b"))) for tile in tiles)
