"""Pictures and measures of a ``Board``: deterministic SVG with overlays, and graph measures for designers."""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Protocol, Sequence

from ..engine import InvalidInput


class Board(Protocol):
    """What a picture reads of a board (``board.Board`` has it): its regions, links, title and distances."""

    title: str
    links: tuple[tuple[str, str], ...]

    @property
    def regions(self) -> Mapping[str, Any]: ...

    def key(self, key: str) -> str: ...

    def distance(self, a: str, b: str) -> int | None: ...

    def distances_from(self, key: str) -> dict[str, int]: ...


#: What stands on the board (``board.Pieces``): read for ships, pirates and developments.
Pieces = Any

#: Sizes chosen to read on a projector: region names 13 px, details and legend 12-13 px (never below 12).
SCALE = 124
RADIUS = 44
MARGIN = 56
NAME_PX = 13
DETAIL_PX = 12

PLAYER_COLOURS = {
    "yellow": "#e6b800", "blue": "#2f6fd6", "green": "#2e9e4f", "purple": "#8e44ad", "red": "#d0392b",
    "orange": "#e67e22", "black": "#333333", "white": "#f4f4f4", "teal": "#15a3a3", "pink": "#e86aa6",
}
_FALLBACK = ("#7f5539", "#5e60ce", "#2a9d8f", "#e76f51")
DEVELOPMENT_FILL = {
    "observatory": "#cfe3ff", "factory": "#e3d5c8", "spaceport": "#fff1b8", "city": "#d4f2d2", "obelisk": "#f7d0cf",
}
KIND_FILL = {"alliance_base": "#e8def8", "nebula": "#efe6ff", "quasar": "#fffbe0", "vortex": "#dff7f7", "empty": "#ffffff"}
MARK_STYLE = {
    "legal": ("#1e9e4a", ""), "jump": ("#2f6fd6", "6 4"), "active": ("#e0a800", ""), "source": ("#888888", "3 3"),
}


def _colour(owner: str, owners: Sequence[str]) -> str:
    if owner.lower() in PLAYER_COLOURS:
        return PLAYER_COLOURS[owner.lower()]
    return _FALLBACK[sorted(owners).index(owner) % len(_FALLBACK)]


def _point(board: Board, rid: str) -> tuple[float, float]:
    x, y = board.regions[rid].xy
    return MARGIN + RADIUS + x * SCALE, MARGIN + RADIUS + y * SCALE


def _lines(name: str, width: int = 12) -> list[str]:
    words, lines, line = name.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    return lines[:3]


def _shape(kind: str, x: float, y: float, fill: str) -> str:
    r = RADIUS
    if kind == "alliance_base":
        points = " ".join(f"{x + r * math.cos(math.pi / 6 + k * math.pi / 3):.1f},{y + r * math.sin(math.pi / 6 + k * math.pi / 3):.1f}" for k in range(6))
        return f'<polygon points="{points}" fill="{fill}" stroke="#5b3f8c" stroke-width="2"/>'
    if kind == "nebula":
        return f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{r + 4}" ry="{r - 4}" fill="{fill}" stroke="#9b7fd1" stroke-width="2" stroke-dasharray="2 3"/>'
    if kind == "quasar":
        points = " ".join(
            f"{x + (r if k % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5):.1f},"
            f"{y + (r if k % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5):.1f}"
            for k in range(10)
        )
        return f'<polygon points="{points}" fill="{fill}" stroke="#c9a300" stroke-width="2"/>'
    if kind == "vortex":
        return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="#138a8a" stroke-width="2"/>'
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.6:.1f}" fill="none" stroke="#138a8a" stroke-dasharray="4 3"/>')
    if kind == "empty":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="#bbbbbb" stroke-width="1.5" stroke-dasharray="5 4"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="#555555" stroke-width="2"/>'


def board_svg(board: Board, pieces: Pieces | None, marks: Mapping[str, str], path: tuple[str, ...], caption: str) -> str:
    """The board drawn from its graph; same inputs, same text (no random ids)."""
    for rid in [*marks, *path]:
        board.key(rid)
    for rid, mark in marks.items():
        if mark not in (*MARK_STYLE, "illegal"):
            raise InvalidInput(f"marks.{rid}", mark, f"an overlay is one of {sorted((*MARK_STYLE, 'illegal'))}")
    marks = {board.key(rid): mark for rid, mark in marks.items()}
    path = tuple(board.key(rid) for rid in path)
    xs = [_point(board, rid)[0] for rid in board.regions] or [0]
    ys = [_point(board, rid)[1] for rid in board.regions] or [0]
    width = int(max(xs) + RADIUS + MARGIN)
    shown = pieces is not None and bool(pieces.ships or pieces.pirates or pieces.developments)
    legend, legend_width = _legend(shown, set(marks.values()), bool(path))
    width = max(width, legend_width + 20)
    height = int(max(ys) + RADIUS + MARGIN + (22 if caption else 0) + (22 if legend else 0))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="tt-board" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fbfbfd"/>',
        f'<text x="10" y="20" font-size="14" fill="#444">{html.escape(board.title)}</text>',
    ]
    for a, b in board.links:
        (x1, y1), (x2, y2) = _point(board, a), _point(board, b)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#c8c8d0" stroke-width="3"/>')
    for a, b in zip(path, path[1:]):
        (x1, y1), (x2, y2) = _point(board, a), _point(board, b)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#ff8c1a" stroke-width="7" stroke-linecap="round" opacity="0.8"/>')
    owners = sorted({ship.owner for _, ship in (pieces.ships if pieces else ())} | {o for _, o in (pieces.developments if pieces else ())})
    for rid in sorted(board.regions):
        region = board.regions[rid]
        x, y = _point(board, rid)
        fill = DEVELOPMENT_FILL.get(region.development or "", KIND_FILL.get(region.kind, "#ffffff"))
        out.append(f'<g class="tt-region tt-{region.kind}" data-region="{html.escape(rid)}">')
        out.append(f"<title>{html.escape(region.label)}</title>")
        out.append(_shape(region.kind, x, y, fill))
        name = f"space {region.slot}" if region.kind == "empty" else region.name
        lines = _lines(name)
        top = y - 7.5 * (len(lines) - 1) - 4
        for index, line in enumerate(lines):
            out.append(f'<text x="{x:.1f}" y="{top + 15 * index:.1f}" font-size="{NAME_PX}" text-anchor="middle" fill="#222">{html.escape(line)}</text>')
        detail = rid if region.kind != "empty" else ""
        if region.dice:
            detail = f"{rid} · die {','.join(map(str, region.dice))}"
        out.append(f'<text x="{x:.1f}" y="{y + RADIUS - 9:.1f}" font-size="{DETAIL_PX}" text-anchor="middle" fill="#555">{html.escape(detail)}</text>')
        out.append("</g>")
    if pieces is not None:
        out.extend(_pieces_svg(board, pieces, owners))
    for rid, mark in sorted(marks.items()):
        x, y = _point(board, rid)
        if mark == "illegal":
            d = RADIUS * 0.55
            out.append(f'<g class="tt-mark tt-mark-illegal" data-region="{html.escape(rid)}" stroke="#d0392b" stroke-width="2.5" opacity="0.5">'
                       f'<line x1="{x - d:.1f}" y1="{y - d:.1f}" x2="{x + d:.1f}" y2="{y + d:.1f}"/>'
                       f'<line x1="{x - d:.1f}" y1="{y + d:.1f}" x2="{x + d:.1f}" y2="{y - d:.1f}"/></g>')
        elif mark in MARK_STYLE:
            colour, dash = MARK_STYLE[mark]
            dashes = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(f'<circle class="tt-mark tt-mark-{mark}" data-region="{html.escape(rid)}" cx="{x:.1f}" cy="{y:.1f}" '
                       f'r="{RADIUS + 6}" fill="none" stroke="{colour}" stroke-width="4"{dashes}/>')
    if legend:
        out.append(f'<g class="tt-legend" transform="translate(10,{height - (32 if caption else 10) - 4})">{legend}</g>')
    if caption:
        out.append(f'<text x="10" y="{height - 10}" font-size="14" fill="#333">{html.escape(caption)}</text>')
    out.append("</svg>")
    return "".join(out)


_LEGEND_MARKS = {
    "legal": "legal", "jump": "legal by Jump", "illegal": "refused", "active": "active region", "source": "moves from here",
}


def _legend(pieces: bool, marks: set[str], route: bool) -> tuple[str, int]:
    """One line explaining the symbols on show (pieces, then overlays, then a route), and its width."""
    items: list[tuple[str, str]] = []
    if pieces:
        items += [
            ('<polygon points="5,-7 0,4 10,4" fill="#999" stroke="#222"/>', "ship (owner's colour)"),
            ('<polygon points="5,-8 12,0 5,8 -2,0" fill="#222"/>', "pirate (class)"),
            ('<rect x="0" y="-6" width="11" height="11" fill="#999" stroke="#222"/>', "development"),
        ]
    for mark in ("legal", "jump", "illegal", "active", "source"):
        if mark in marks:
            colour, dash = MARK_STYLE.get(mark, ("#d0392b", ""))
            dashes = f' stroke-dasharray="{dash}"' if dash else ""
            symbol = (f'<line x1="0" y1="-5" x2="10" y2="5" stroke="{colour}" stroke-width="2.5"/>'
                      f'<line x1="0" y1="5" x2="10" y2="-5" stroke="{colour}" stroke-width="2.5"/>' if mark == "illegal" else
                      f'<circle cx="5" cy="0" r="6" fill="none" stroke="{colour}" stroke-width="2.5"{dashes}/>')
            items.append((symbol, _LEGEND_MARKS[mark]))
    if route:
        items.append(('<line x1="0" y1="0" x2="11" y2="0" stroke="#ff8c1a" stroke-width="6" stroke-linecap="round"/>', "shortest path"))
    out, x = [], 0
    for symbol, text in items:
        out.append(f'<g transform="translate({x},0)">{symbol}<text x="16" y="5" font-size="13" fill="#333">{html.escape(text)}</text></g>')
        x += 30 + round(7.2 * len(text))
    return "".join(out), x


def _pieces_svg(board: Board, pieces: Pieces, owners: Sequence[str]) -> list[str]:
    out = []
    for rid in sorted(board.regions):
        x, y = _point(board, rid)
        ships = pieces.ships_in(rid)
        for index, ship in enumerate(ships):
            sx = x - RADIUS + 8 + index * 14
            sy = y - RADIUS - 4
            colour = _colour(ship.owner, owners)
            out.append(f'<polygon class="tt-ship" points="{sx:.1f},{sy - 9:.1f} {sx - 6.5:.1f},{sy + 5:.1f} {sx + 6.5:.1f},{sy + 5:.1f}" '
                       f'fill="{colour}" stroke="#222" stroke-width="1"><title>{html.escape(str(ship))}</title></polygon>')
        for index, letter in enumerate(pieces.pirates_in(rid)):
            px = x + RADIUS - 4 - index * 17
            py = y + RADIUS - 2
            out.append(f'<g class="tt-pirate"><polygon points="{px:.1f},{py - 10:.1f} {px + 9:.1f},{py:.1f} {px:.1f},{py + 10:.1f} {px - 9:.1f},{py:.1f}" fill="#222"/>'
                       f'<text x="{px:.1f}" y="{py + 4.5:.1f}" font-size="{DETAIL_PX}" text-anchor="middle" fill="#fff">{html.escape(letter)}</text></g>')
        owner = pieces.development_in(rid)
        if owner is not None:
            out.append(f'<rect class="tt-development" x="{x + RADIUS - 16:.1f}" y="{y - RADIUS - 8:.1f}" width="14" height="14" '
                       f'fill="{_colour(owner, owners)}" stroke="#222"><title>{html.escape(owner)} development</title></rect>')
    return out


@dataclass(frozen=True)
class BoardMeasures:
    """Graph measures of a board for designers; they follow any edit of the board file.

    ``base_distances``: steps between every pair of alliance bases; ``closeness``: closeness
    centrality of every region (higher = closer to everything, exact fraction); ``nearest_nebula``:
    steps from each non-nebula region to the nearest nebula; ``diameter``: the longest shortest path.
    Paths never pass through a Quasar.
    """

    base_distances: tuple[tuple[str, str, int | None], ...]
    closeness: tuple[tuple[str, Fraction], ...]
    nearest_nebula: tuple[tuple[str, int | None], ...]
    diameter: int
    labels: Mapping[str, str]

    @property
    def most_central(self) -> tuple[str, ...]:
        """The region ids with the highest closeness."""
        best = max((c for _, c in self.closeness), default=Fraction(0))
        return tuple(rid for rid, c in self.closeness if c == best)

    def _repr_html_(self) -> str:
        name = lambda rid: html.escape(self.labels.get(rid, rid))  # noqa: E731
        bases = "".join(f"<tr><td>{name(a)}</td><td>{name(b)}</td><td>{'—' if d is None else d}</td></tr>" for a, b, d in self.base_distances)
        central = "".join(f"<tr><td>{name(r)}</td><td>{c}</td><td>{float(c):.3f}</td></tr>" for r, c in sorted(self.closeness, key=lambda rc: (-rc[1], rc[0]))[:8])
        nebulae = "".join(f"<tr><td>{name(r)}</td><td>{'—' if d is None else d}</td></tr>" for r, d in self.nearest_nebula)
        return (
            f"<div class='tt-board-measures'><p>Longest shortest path (diameter): <b>{self.diameter}</b> steps.</p>"
            f"<table class='tt-base-distances'><caption>Steps between alliance bases</caption><tr><th>from</th><th>to</th><th>steps</th></tr>{bases}</table>"
            f"<table class='tt-centrality'><caption>Most central regions (closeness)</caption><tr><th>region</th><th>closeness</th><th>≈</th></tr>{central}</table>"
            f"<table class='tt-nebula-reach'><caption>Steps to the nearest nebula</caption><tr><th>region</th><th>steps</th></tr>{nebulae}</table></div>"
        )


def measures(board: Board) -> BoardMeasures:
    """Compute ``BoardMeasures`` for a board (laid tiles and empty spaces alike)."""
    bases = sorted((r.id for r in board.regions.values() if r.kind == "alliance_base"), key=lambda rid: board.regions[rid].name)
    pairs = tuple((a, b, board.distance(a, b)) for i, a in enumerate(bases) for b in bases[i + 1:])
    count = len(board.regions)
    closeness = []
    for rid in sorted(board.regions):
        reach = board.distances_from(rid)
        total = sum(reach.values())
        others = len(reach) - 1
        # Wasserman-Faust closeness, as networkx computes it, kept exact.
        value = Fraction(others, total) * Fraction(others, count - 1) if total and count > 1 else Fraction(0)
        closeness.append((rid, value))
    nebulae = [r.id for r in board.regions.values() if r.kind == "nebula"]
    nearest = []
    for rid in sorted(board.regions):
        if board.regions[rid].kind == "nebula":
            continue
        reach = board.distances_from(rid)
        steps = [reach[n] for n in nebulae if n in reach]
        nearest.append((rid, min(steps) if steps else None))
    diameter = max((d for rid in board.regions for d in board.distances_from(rid).values()), default=0)
    return BoardMeasures(pairs, tuple(closeness), tuple(nearest), diameter, {rid: r.label for rid, r in board.regions.items()})

