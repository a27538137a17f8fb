"""Pictures as a small SVG element tree: one palette, one escaping, no markup built from strings.

A picture is built from ``Element``s and rendered once; every text and attribute value is escaped on
the way out, so a player's or a card's name (``<script>``, ``" onload="``, ``&``) is always shown as
written and never read as markup::

    picture = svg(220, 60,
                  rect(10, 10, 200, 40, fill="panel", stroke="line", rx=8),
                  text(110, 35, player.name, anchor="middle", fill="ink"),
                  class_="tt-merchants-state")
    picture.render()      # '<svg xmlns="http://www.w3.org/2000/svg" width="220" ...'

- Attribute names are written in Python style: a trailing ``_`` is dropped (``class_``) and ``_`` becomes
  ``-`` (``stroke_width`` → ``stroke-width``); ``None`` leaves an attribute out; numbers are written
  with at most two decimals (NaN, infinities and ``bool`` are refused).
- Colours (``fill``, ``stroke``, ``color``, ``stop_color``) are names of ``PALETTE`` or ``#rrggbb``
  (``none`` and ``currentColor`` too); anything else is refused. The pictures name palette colours; a
  graded shade (a heat map) is ``mix(a, b, share)`` of two of them, so no picture carries its own table.
  ``seat_colour(i)`` gives the i-th player colour; ``colour_named(name)`` draws a player called by a palette
  colour in that colour (grey otherwise).
- Readable on a projector: no text below ``READABLE_PX`` and no picture wider than ``WIDEST``;
  ``text_width`` and ``wrapped`` size boxes and break lines so a label fits its box and is never cut.
- Texts lose characters XML cannot hold (control characters become U+FFFD).
- Output is deterministic (no generated ids, attributes in the order given).

Why no dependency: ``drawsvg`` would add a package to the browser site for what is a hundred lines of
tree and escaping here; the pictures need rectangles, circles, lines, paths, text and groups only.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Union

from .errors import InvalidInput
from .frozen import FrozenMap

__all__ = [
    "PALETTE", "READABLE_PX", "SEATS", "WIDEST", "Element", "circle", "colour", "colour_named", "element",
    "ellipse", "group", "line", "mix", "path", "polygon", "polyline", "rect", "seat_colour", "svg", "text", "text_width",
    "title", "wrapped",
]

PALETTE: FrozenMap[str, str] = FrozenMap({
    "ink": "#222222",
    "line": "#555555",
    "muted": "#888888",
    "faint": "#dddddd",
    "panel": "#f7f7f7",
    "paper": "#ffffff",
    "white": "#ffffff",
    "night": "#0b1020",
    "highlight": "#ffe9a8",
    "sky": "#cfe3ff",
    "red": "#d0392b",
    "blue": "#2f6fd6",
    "green": "#2e9a4b",
    "yellow": "#e0b400",
    "orange": "#ff8c1a",
    "purple": "#8a4fc4",
    "teal": "#138a8a",
    "pink": "#d6589a",
    "black": "#111111",
    "grey": "#9a9a9a",
    "silver": "#bbbbbb",
    "slate": "#444466",
    "deep": "#16213e",
    "dusk": "#2a3a66",
    "sun": "#ffb300",
    "gold": "#d9a520",
    "bronze": "#7a5b00",
    "sand": "#d9b36c",
    "dune": "#f6d88b",
    "amber": "#eaa65a",
    "copper": "#c57d43",
    "rust": "#c1440e",
    "tan": "#d8a878",
    "wheat": "#e3c887",
    "apricot": "#ffcc80",
    "aqua": "#9fe0e6",
    "cyan": "#00e5ff",
    "royal": "#4062d8",
    "magenta": "#e0529c",
    "mint": "#8fe38f",
    "lilac": "#e8def8",
    "lavender": "#efe6ff",
    "cream": "#fffbe0",
    "ice": "#dff7f7",
    "butter": "#fff1b8",
    "clay": "#e3d5c8",
    "leaf": "#d4f2d2",
    "blush": "#f7d0cf",
    "frost": "#eef3fb",
})
"""The one set of colours every picture draws with (names → ``#rrggbb``)."""

SEATS = ("red", "blue", "green", "yellow", "purple", "teal", "orange", "pink")
"""Player colours in seat order (names of ``PALETTE``)."""

READABLE_PX = 13
"""The smallest type any picture uses: readable on a projector at the picture's own size."""

WIDEST = 1000
"""The widest picture in px: a notebook's output column shows it at its own size, not shrunk."""

_COLOUR_ATTRIBUTES = frozenset({"fill", "stroke", "color", "stop-color", "flood-color"})
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9:.-]{0,40}")
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_ESCAPE = re.compile("[&<>\"']")

Child = Union["Element", str]
Value = Union[str, int, float, None]


def escape(value: str) -> str:
    """``value`` as XML text or attribute content (markup characters escaped, non-XML characters replaced)."""
    return _ESCAPE.sub(lambda m: _ESCAPES[m.group()], _NOT_XML.sub("\ufffd", value))


def colour(value: str) -> str:
    """A palette name or ``#rrggbb`` as ``#rrggbb`` (``none`` and ``currentColor`` as they are)."""
    if isinstance(value, str):
        if value in PALETTE:
            return PALETTE[value]
        if _HEX.fullmatch(value) or value in ("none", "currentColor"):
            return value
    raise InvalidInput("colour", value, f"a palette colour ({', '.join(PALETTE)}) or #rrggbb")


def colour_named(name: str, fallback: str = "grey") -> str:
    """``name`` if it is a palette colour (a player called "blue" is drawn blue), else ``fallback``."""
    return name if isinstance(name, str) and name in PALETTE else fallback


def mix(first: str, second: str, share: float) -> str:
    """A shade between two palette colours: ``share`` 0 gives ``first``, 1 gives ``second`` (heat maps, bar
    shades), so even a graded picture draws from the one palette."""
    if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 <= share <= 1:
        raise InvalidInput("share", share, "a number from 0 to 1")
    a, b = colour(first), colour(second)
    if not (a.startswith("#") and b.startswith("#")):
        raise InvalidInput("colour", (first, second), "two palette colours to mix")
    channels = (round(int(a[i:i + 2], 16) * (1 - share) + int(b[i:i + 2], 16) * share) for i in (1, 3, 5))
    return "#" + "".join(f"{c:02x}" for c in channels)


def text_width(content: str, size: float) -> float:
    """About how wide ``content`` is in sans-serif type of ``size`` px (wide and CJK characters count double):
    enough to size a box or wrap a line so that its text never overflows."""
    units = sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else 0.62 if ch.isupper() or ch in "mwMW@%"
                else 0.3 if ch in "il.,:;'|!()[] " else 0.56 for ch in str(content))
    return units * size


def wrapped(content: str, width: float, size: float, *, split_long: bool = False) -> list[str]:
    """``content`` broken at spaces into lines no wider than ``width`` px at ``size`` px. A single word wider
    than that keeps a line of its own, or, with ``split_long`` (names in narrow boxes), is broken across
    lines: a label is never cut."""
    lines: list[str] = []
    for word in str(content).split():
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
            continue
        while split_long and text_width(word, size) > width and len(word) > 1:
            cut = max(1, max(n for n in range(1, len(word) + 1) if text_width(word[:n], size) <= width or n == 1))
            lines.append(word[:cut])
            word = word[cut:]
        lines.append(word)
    return lines or [""]


def seat_colour(seat: int) -> str:
    """The colour of the ``seat``-th player (0-based; the colours repeat after ``len(SEATS)``)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise InvalidInput("seat", seat, "a seat number from 0")
    return PALETTE[SEATS[seat % len(SEATS)]]


def _number(value: float, name: str) -> str:
    if isinstance(value, bool) or not math.isfinite(value):
        raise InvalidInput(name, value, "a finite number")
    if isinstance(value, int):
        return str(value)
    shown = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if shown == "-0" else shown


def _attribute(name: str, value: Value) -> tuple[str, str] | None:
    written = name.rstrip("_").replace("_", "-")
    if not _NAME.fullmatch(written):
        raise InvalidInput("attribute", name, "an SVG attribute name")
    if value is None:
        return None
    if isinstance(value, str):
        return written, colour(value) if written in _COLOUR_ATTRIBUTES else value
    if isinstance(value, (int, float)):
        return written, _number(value, written)
    raise InvalidInput(written, value, "a text or a number")


@dataclass(frozen=True)
class Element:
    """One SVG element: its tag, attributes (name, value) and children (elements or texts)."""

    tag: str
    attributes: tuple[tuple[str, str], ...] = ()
    children: tuple[Child, ...] = ()

    def render(self) -> str:
        """The element as SVG markup, everything written escaped."""
        out: list[str] = []
        self._write(out)
        return "".join(out)

    def _write(self, out: list[str]) -> None:
        out.append("<" + self.tag)
        for name, value in self.attributes:
            out.append(f' {name}="{escape(value)}"')
        if not self.children:
            out.append("/>")
            return
        out.append(">")
        for child in self.children:
            if isinstance(child, Element):
                child._write(out)
            else:
                out.append(escape(child))
        out.append(f"</{self.tag}>")

    def _repr_svg_(self) -> str:
        return self.render()

    def __str__(self) -> str:
        return self.render()


def element(tag: str, *children: Child | None, **attributes: Value) -> Element:
    """An element ``tag`` with ``attributes`` (Python-style names) and ``children`` (``None`` children are left out)."""
    if not isinstance(tag, str) or not _NAME.fullmatch(tag):
        raise InvalidInput("tag", tag, "an SVG element name")
    kept: list[Child] = []
    for child in children:
        if child is None:
            continue
        if not isinstance(child, (Element, str)):
            raise InvalidInput("child", child, "an Element or a text")
        kept.append(child)
    pairs = tuple(p for p in (_attribute(n, v) for n, v in attributes.items()) if p is not None)
    return Element(tag, pairs, tuple(kept))


def svg(width: float, height: float, *children: Child | None, **attributes: Value) -> Element:
    """The root ``<svg>`` of a picture ``width`` × ``height`` (``viewBox`` the same unless given)."""
    for name, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 100_000:
            raise InvalidInput(name, value, "a picture size from 0 to 100000")
    attributes.setdefault("viewBox", f"0 0 {_number(width, 'width')} {_number(height, 'height')}")
    return element("svg", *children, xmlns="http://www.w3.org/2000/svg", width=width, height=height, **attributes)


def group(*children: Child | None, **attributes: Value) -> Element:
    """A ``<g>`` holding ``children`` (shared attributes such as ``transform`` or ``class_``)."""
    return element("g", *children, **attributes)


def rect(x: float, y: float, width: float, height: float, **attributes: Value) -> Element:
    return element("rect", x=x, y=y, width=width, height=height, **attributes)


def circle(cx: float, cy: float, r: float, **attributes: Value) -> Element:
    return element("circle", cx=cx, cy=cy, r=r, **attributes)


def ellipse(cx: float, cy: float, rx: float, ry: float, **attributes: Value) -> Element:
    return element("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, **attributes)


def line(x1: float, y1: float, x2: float, y2: float, **attributes: Value) -> Element:
    return element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{_number(x, 'points')},{_number(y, 'points')}" for x, y in points)


def polyline(points: tuple[tuple[float, float], ...], **attributes: Value) -> Element:
    return element("polyline", points=_points(points), **attributes)


def polygon(points: tuple[tuple[float, float], ...], **attributes: Value) -> Element:
    return element("polygon", points=_points(points), **attributes)


def path(d: str, **attributes: Value) -> Element:
    """A ``<path>`` with the path data ``d`` (written by the caller from numbers, never from data texts)."""
    return element("path", d=d, **attributes)


def text(x: float, y: float, content: str, *, anchor: str | None = None, **attributes: Value) -> Element:
    """A ``<text>`` at (x, y) showing ``content`` as written (``anchor``: start, middle or end)."""
    if not isinstance(content, str):
        content = str(content)
    if anchor not in (None, "start", "middle", "end"):
        raise InvalidInput("anchor", anchor, "start, middle or end")
    return element("text", content, x=x, y=y, text_anchor=anchor, **attributes)


def title(content: str) -> Element:
    """A ``<title>``: the tooltip of the element that holds it."""
    return element("title", str(content))
