"""Pictures and measures of a ``Board``: deterministic SVG (engine.svg) of a board with overlays and of a whole
game's table, and graph measures for designers."""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping, Protocol, Sequence

from ..engine import InvalidInput
from ..engine import svg as draw


class Board(Protocol):
    """What a picture reads of a board (``board.Board`` has it): its regions, links, title and distances."""

    title: str
    links: tuple[tuple[str, str], ...]

    @property
    def regions(self) -> Mapping[str, Any]: ...

    def key(self, key: str) -> str: ...

    def distance(self, a: str, b: str) -> int | None: ...

    def distances_from(self, key: str) -> dict[str, int]: ...


#: What stands on the board (``board.Pieces``): read for ships, pirates, developments and leaders.
Pieces = Any

#: A whole game's table (``state.Game``): read for its players, regions, pirates and event track.
Table = Any

#: Sizes chosen to read on a projector: region names 14 px, details, pieces and legend 13 px (engine.svg's
#: floor); a name wraps inside its region and is never cut.
SCALE = 124
RADIUS = 48
MARGIN = 56
NAME_PX = 14
DETAIL_PX = 13
PANEL_PX = 14

KIND_FILL = {"alliance_base": "lilac", "nebula": "lavender", "quasar": "cream", "vortex": "ice", "empty": "white"}
KIND_STROKE = {"alliance_base": "purple", "nebula": "purple", "quasar": "yellow", "vortex": "teal", "empty": "silver"}
DEVELOPMENT_FILL = {"observatory": "sky", "factory": "clay", "spaceport": "butter", "city": "leaf", "obelisk": "blush"}
MARK_STYLE = {"legal": ("green", None), "jump": ("blue", "6 4"), "active": ("yellow", None), "source": ("muted", "3 3")}
"""Region kinds, developments and overlays by colour of the one palette (``engine.svg``)."""


def _colour(owner: str, owners: Sequence[str]) -> str:
    """A player's colour: the palette colour they are named after, else a seat colour by name order."""
    named = draw.colour_named(owner.lower(), "")
    return named or draw.seat_colour(sorted(owners).index(owner) if owner in owners else 0)


def _point(board: Board, rid: str, top: float = 0) -> tuple[float, float]:
    x, y = board.regions[rid].xy
    return MARGIN + RADIUS + x * SCALE, top + MARGIN + RADIUS + y * SCALE


def _shape(kind: str, x: float, y: float, fill: str) -> draw.Element:
    r, stroke = RADIUS, KIND_STROKE.get(kind, "line")
    if kind == "alliance_base":
        return draw.polygon(tuple((x + r * math.cos(math.pi / 6 + k * math.pi / 3), y + r * math.sin(math.pi / 6 + k * math.pi / 3))
                                  for k in range(6)), fill=fill, stroke=stroke, stroke_width=2)
    if kind == "nebula":
        return draw.ellipse(x, y, r + 4, r - 4, fill=fill, stroke=stroke, stroke_width=2, stroke_dasharray="2 3")
    if kind == "quasar":
        return draw.polygon(tuple((x + (r if k % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
                                   y + (r if k % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5)) for k in range(10)),
                            fill=fill, stroke=stroke, stroke_width=2)
    if kind == "vortex":
        return draw.group(draw.circle(x, y, r, fill=fill, stroke=stroke, stroke_width=2),
                          draw.circle(x, y, r * 0.6, fill="none", stroke=stroke, stroke_dasharray="4 3"))
    if kind == "empty":
        return draw.circle(x, y, r, fill=fill, stroke=stroke, stroke_width=1.5, stroke_dasharray="5 4")
    return draw.circle(x, y, r, fill=fill, stroke=stroke, stroke_width=2)


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _check_marks(board: Board, marks: Mapping[str, str], path: tuple[str, ...]) -> tuple[dict[str, str], tuple[str, ...]]:
    for rid in [*marks, *path]:
        board.key(rid)
    for rid, mark in marks.items():
        if mark not in (*MARK_STYLE, "illegal"):
            raise InvalidInput(f"marks.{rid}", mark, f"an overlay is one of {sorted((*MARK_STYLE, 'illegal'))}")
    return {board.key(rid): mark for rid, mark in marks.items()}, tuple(board.key(rid) for rid in path)


def _extent(board: Board) -> tuple[float, float]:
    """The width and height the regions take (margins included)."""
    xs = [_point(board, rid)[0] for rid in board.regions] or [0.0]
    ys = [_point(board, rid)[1] for rid in board.regions] or [0.0]
    return max(xs) + RADIUS + MARGIN, max(ys) + RADIUS + MARGIN


def _regions(board: Board, pieces: Pieces | None, marks: Mapping[str, str], path: tuple[str, ...], top: float,
             notes: Mapping[str, str] | None = None, damage: Mapping[str, tuple[int, ...]] | None = None) -> list[draw.Element]:
    """The links, the regions (shape, name wrapped to fit, detail or ``notes``), the pieces (pirate figures
    carrying ``damage``) and the overlays."""
    out: list[draw.Element] = []
    for a, b in board.links:
        (x1, y1), (x2, y2) = _point(board, a, top), _point(board, b, top)
        out.append(draw.line(x1, y1, x2, y2, stroke="silver", stroke_width=3))
    for a, b in zip(path, path[1:]):
        (x1, y1), (x2, y2) = _point(board, a, top), _point(board, b, top)
        out.append(draw.line(x1, y1, x2, y2, stroke="orange", stroke_width=7, stroke_linecap="round", opacity=0.8))
    for rid in sorted(board.regions):
        region = board.regions[rid]
        x, y = _point(board, rid, top)
        fill = DEVELOPMENT_FILL.get(region.development or "", KIND_FILL.get(region.kind, "white"))
        name = f"space {region.slot}" if region.kind == "empty" else region.name
        lines = draw.wrapped(name, 2 * RADIUS - 8, NAME_PX)
        first = y - 8 * (len(lines) - 1) - 5
        detail = (notes or {}).get(rid) or (rid if region.kind != "empty" else "")
        if region.dice and not (notes or {}).get(rid):
            detail = f"{rid} · die {','.join(map(str, region.dice))}"
        out.append(draw.group(
            draw.title(region.label),
            _shape(region.kind, x, y, fill),
            *(draw.text(x, first + 16 * index, line_text, anchor="middle", font_size=NAME_PX, fill="ink")
              for index, line_text in enumerate(lines)),
            draw.text(x, y + RADIUS - 10, detail, anchor="middle", font_size=DETAIL_PX, fill="slate") if detail else None,
            class_=f"tt-region tt-{region.kind}", data_region=rid))
    if pieces is not None:
        owners = sorted({ship.owner for _, ship in pieces.ships} | {o for _, o in pieces.developments}
                        | {o for _, o in getattr(pieces, "leaders", ())})
        out.extend(_pieces(board, pieces, owners, top, damage or {}))
    for rid, mark in sorted(marks.items()):
        x, y = _point(board, rid, top)
        if mark == "illegal":
            d = RADIUS * 0.55
            out.append(draw.group(draw.line(x - d, y - d, x + d, y + d), draw.line(x - d, y + d, x + d, y - d),
                                  class_="tt-mark tt-mark-illegal", data_region=rid, stroke="red", stroke_width=2.5, opacity=0.5))
        else:
            colour, dash = MARK_STYLE[mark]
            out.append(draw.circle(x, y, RADIUS + 6, class_=f"tt-mark tt-mark-{mark}", data_region=rid, fill="none",
                                   stroke=colour, stroke_width=4, stroke_dasharray=dash))
    return out


def _pieces(board: Board, pieces: Pieces, owners: Sequence[str], top: float,
            damage: Mapping[str, tuple[int, ...]]) -> list[draw.Element]:
    """Ships as triangles in their owner's colour (one per ship, or one with a count when a player has
    more than two there), pirates as class letters on black diamonds, developments and leaders in their
    owner's colour."""
    out: list[draw.Element] = []
    for rid in sorted(board.regions):
        x, y = _point(board, rid, top)
        ships = pieces.ships_in(rid)
        by_owner: dict[str, list[Any]] = {}
        for ship in ships:
            by_owner.setdefault(ship.owner, []).append(ship)
        sx = x - RADIUS + 6
        sy = y - RADIUS - 6
        for owner in sorted(by_owner):
            group = by_owner[owner]
            shown = group if len(group) <= 2 else group[:1]
            for ship in shown:
                tip = ((sx, sy - 10), (sx - 8, sy + 6), (sx + 8, sy + 6))
                tooltip = str(ship) if len(group) <= 2 else f"{len(group)} {owner} ships: " + "; ".join(map(str, group))
                out.append(draw.element("polygon", draw.title(tooltip), class_="tt-ship", points=_points(tip),
                                        fill=_colour(owner, owners), stroke="ink", stroke_width=1))
                sx += 18
            if len(group) > 2:
                count = f"×{len(group)}"
                out.append(draw.text(sx - 8, sy + 5, count, font_size=DETAIL_PX, font_weight="bold", fill="ink"))
                sx += 8 + draw.text_width(count, DETAIL_PX)
        marks = damage.get(rid, ())
        for index, letter in enumerate(pieces.pirates_in(rid)):
            px = x + RADIUS - 4 - index * 24
            py = y + RADIUS - 2
            hurt = marks[index] if index < len(marks) else 0
            out.append(draw.group(draw.title(f"class {letter} pirate" + (f", {hurt} damage on its shield" if hurt else "")),
                                  draw.polygon(((px, py - 12), (px + 11, py), (px, py + 12), (px - 11, py)), fill="ink",
                                               stroke="red" if hurt else None, stroke_width=3 if hurt else None),
                                  draw.text(px, py + 5, letter, anchor="middle", font_size=DETAIL_PX, font_weight="bold", fill="white"),
                                  class_="tt-pirate"))
        owner = pieces.development_in(rid)
        if owner is not None:
            out.append(draw.element("rect", draw.title(f"{owner} development"), class_="tt-development",
                                    x=x + RADIUS - 18, y=y - RADIUS - 10, width=16, height=16,
                                    fill=_colour(owner, owners), stroke="ink"))
        leaders = sorted(o for r, o in getattr(pieces, "leaders", ()) if r == rid)
        for index, colour in enumerate(leaders):
            out.append(draw.element("circle", draw.title(f"{colour} leader"), class_="tt-leader",
                                    cx=x - RADIUS + 2 + index * 14, cy=y + RADIUS + 4, r=6.5,
                                    fill=_colour(colour, owners), stroke="ink"))
    return out


_LEGEND_MARKS = {
    "legal": "legal", "jump": "legal by Jump", "illegal": "refused", "active": "active region", "source": "moves from here",
}


def _legend(pieces: bool, leaders: bool, marks: set[str], route: bool) -> tuple[list[draw.Element], float]:
    """One line explaining the symbols on show (pieces, then overlays, then a route), and its width."""
    items: list[tuple[draw.Element, str]] = []
    if pieces:
        items += [
            (draw.polygon(((5, -8), (-2, 5), (12, 5)), fill="muted", stroke="ink"), "ship (owner's colour)"),
            (draw.polygon(((5, -9), (14, 0), (5, 9), (-4, 0)), fill="ink"), "pirate (class)"),
            (draw.rect(0, -7, 13, 13, fill="muted", stroke="ink"), "development"),
        ]
    if leaders:
        items.append((draw.circle(5, 0, 6, fill="muted", stroke="ink"), "leader"))
    for mark in ("legal", "jump", "illegal", "active", "source"):
        if mark in marks:
            colour, dash = MARK_STYLE.get(mark, ("red", None))
            symbol = (draw.group(draw.line(0, -5, 10, 5, stroke=colour, stroke_width=2.5),
                                 draw.line(0, 5, 10, -5, stroke=colour, stroke_width=2.5)) if mark == "illegal" else
                      draw.circle(5, 0, 6, fill="none", stroke=colour, stroke_width=2.5, stroke_dasharray=dash))
            items.append((symbol, _LEGEND_MARKS[mark]))
    if route:
        items.append((draw.line(0, 0, 11, 0, stroke="orange", stroke_width=6, stroke_linecap="round"), "shortest path"))
    out, x = [], 0.0
    for symbol, words in items:
        out.append(draw.group(symbol, draw.text(18, 5, words, font_size=DETAIL_PX, fill="ink"), transform=f"translate({x:g},0)"))
        x += 34 + draw.text_width(words, DETAIL_PX)
    return out, x


def board_svg(board: Board, pieces: Pieces | None, marks: Mapping[str, str], path: tuple[str, ...], caption: str) -> str:
    """The board drawn from its graph; same inputs, same text (no random ids)."""
    marks, path = _check_marks(board, marks, path)
    width, height = _extent(board)
    shown = pieces is not None and bool(pieces.ships or pieces.pirates or pieces.developments)
    leaders = pieces is not None and bool(getattr(pieces, "leaders", ()))
    legend, legend_width = _legend(shown, leaders, set(marks.values()), bool(path))
    title_lines = draw.wrapped(board.title, max(width, legend_width + 20) - 20, PANEL_PX)
    top = 20.0 * (len(title_lines) - 1)
    width = max(width, legend_width + 20, draw.text_width(caption, PANEL_PX) + 20)
    height += top + (24 if caption else 0) + (24 if legend else 0)
    out: list[draw.Element] = [draw.rect(0, 0, width, height, fill="paper")]
    out += [draw.text(10, 22 + 20 * n, line_text, font_size=PANEL_PX, fill="slate") for n, line_text in enumerate(title_lines)]
    out += _regions(board, pieces, marks, path, top)
    if legend:
        out.append(draw.group(*legend, class_="tt-legend", transform=f"translate(10,{height - (34 if caption else 10) - 4:g})"))
    if caption:
        out.append(draw.text(10, height - 10, caption, font_size=PANEL_PX, fill="ink"))
    return draw.svg(width, height, *out, class_="tt-board", font_family="sans-serif").render()


def game_svg(table: Table, board: Board, pieces: Pieces, *, caption: str = "") -> str:
    """A whole game's table: the board with every ship in its owner's colour, the pirates (with the damage
    their figures carry), developments, leaders and the moons on each region, then one panel per player
    (VP, resources, tracks, ships by place, the station's modules and damage, moons, tactics, leaders), the
    player to move outlined; the event track and the game's end above. ``board, pieces``: the table's
    ``table.board_and_pieces``. Type 13-16 px (engine.svg)."""
    ids = dict(table.region_ids) if table.board is not None else {r.name: r.name for r in table.regions}
    notes: dict[str, str] = {}
    for region in table.regions:
        rid = ids.get(region.name)
        if rid is None or rid not in board.regions:
            continue
        words = []
        if region.moons:
            words.append(f"{len(region.moons)} moon{'s' if len(region.moons) != 1 else ''}")
        if region.development is not None:
            words.append(region.development.type)
        if words:
            notes[rid] = " · ".join(words)
    width, board_h = _extent(board)
    colours = [p.colour for p in table.players]
    status = [f"Event marker on space {table.event_position}"
              + (f" (event pending: {table.event_pending})" if table.event_pending else ""),
              f"{table.active} to play" if table.active else ""]
    if table.ended_by:
        status.append(f"the end was triggered by {table.ended_by}"
                      + (f"; final turns: {', '.join(table.final_turns)}" if table.final_turns else ""))
    heading = [line_text for part in status if part for line_text in draw.wrapped(part, width - 20, PANEL_PX)]
    top = 20.0 * len(heading)
    panel_w = 300.0
    per_row = max(1, int((max(width, draw.WIDEST) - 10) // (panel_w + 10)))
    panels = [_player_panel(table, player, panel_w, colours) for player in table.players]
    rows = [panels[i:i + per_row] for i in range(0, len(panels), per_row)]
    width = max(width, min(len(panels), per_row) * (panel_w + 10) + 10)
    y = top + board_h
    out: list[draw.Element] = [draw.text(10, 22 + 20 * n, line_text, font_size=PANEL_PX, font_weight="bold" if n == 0 else None,
                                         fill="ink") for n, line_text in enumerate(heading)]
    damage = {ids[name]: marks for name, marks in table.pirate_damage if name in ids}
    out += _regions(board, pieces, {}, (), top, notes, damage)
    legend, _ = _legend(True, bool(getattr(pieces, "leaders", ())), set(), False)
    out.append(draw.group(*legend, class_="tt-legend", transform=f"translate(10,{y - 14:g})"))
    y += 10
    for row in rows:
        tallest = max(h for _, h in row)
        for index, (elements, _) in enumerate(row):
            out.append(draw.group(*elements, transform=f"translate({10 + index * (panel_w + 10):g},{y:g})"))
        y += tallest + 10
    if caption:
        for line_text in draw.wrapped(caption, width - 20, PANEL_PX):
            y += 20
            out.append(draw.text(10, y, line_text, font_size=PANEL_PX, fill="ink"))
    height = y + 12
    return draw.svg(width, height, draw.rect(0, 0, width, height, fill="paper"), *out, class_="tt-andromeda-game",
                    font_family="sans-serif").render()


def _player_panel(table: Table, player: Any, width: float, colours: Sequence[str]) -> tuple[list[draw.Element], float]:
    """One player's panel (elements at the origin) and its height."""
    places: dict[str, int] = {}
    for ship in player.ships:
        where = ship.where.split(":", 1)[0]
        place = {"region": "on the board", "bay": "in the bay", "scrapyard": "in the scrapyard", "barge": "on the repair barge",
                 "module": "on modules", "development": "in developments"}.get(where)
        if place:
            places[place] = places.get(place, 0) + 1
    damaged = [f"{m.name} (damage {m.damage})" for m in player.modules if m.damage]
    team = table.team_of(player.colour)
    lines = [
        f"{player.vp} VP · {player.leaders} leaders · {len(player.tactics)} tactics · {len(player.moons)} moons",
        f"resources: {player.resources}",
        f"tracks: {player.tracks}",
        "ships: " + (", ".join(f"{n} {place}" for place, n in places.items()) or "none built"),
        f"station: {len(player.modules)} modules" + (f"; damaged: {', '.join(damaged)}" if damaged else ", none damaged"),
    ] + ([f"team {team}"] if team else [])
    wrapped = [line_text for text in lines for line_text in draw.wrapped(text, width - 24, DETAIL_PX)]
    active = player.colour == table.active
    title = f"{player.colour} · {player.faction}" if player.faction else player.colour
    title_lines = draw.wrapped(title + (" · to play" if active else ""), width - 46, 16)
    height = 20 + 20 * len(title_lines) + 18 * len(wrapped)
    colour = _colour(player.colour, colours)
    out: list[draw.Element] = [
        draw.rect(0, 0, width, height, rx=8, fill="panel", stroke=colour, stroke_width=4 if active else 1.5),
        draw.circle(18, 22, 8, fill=colour, stroke="ink"),
    ]
    out += [draw.text(34, 28 + 20 * n, line_text, font_size=16, font_weight="bold", fill="ink") for n, line_text in enumerate(title_lines)]
    y = 28 + 20 * (len(title_lines) - 1)
    for line_text in wrapped:
        y += 18
        out.append(draw.text(12, y, line_text, font_size=DETAIL_PX, fill="ink"))
    return [draw.group(*out, class_="tt-player", data_colour=player.colour)], height


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

