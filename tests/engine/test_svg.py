"""The drawing module: an element tree with one palette; every data text escaped, every attribute checked."""

import xml.etree.ElementTree as ET

import pytest

from tabletoolkit import InvalidInput
from tabletoolkit.engine.svg import (
    PALETTE, SEATS, circle, colour, element, group, line, path, polygon, polyline, rect, seat_colour, svg, text, title,
)

HOSTILE = ["<script>alert(1)</script>", '" onload="alert(1)', "Tom & Jerry", "it's", "]]><x>", "a\x00b\x1bc", "<!--",
           "名前 <b>"]


def test_a_picture_renders_deterministically_with_the_palette():
    picture = svg(100, 50, rect(0, 0, 100, 50, fill="panel", stroke="line", rx=8),
                  circle(10.5, 20.25, 4.333, fill="red"), line(0, 0, 1, 1, stroke="#123456", stroke_width=2),
                  polyline(((0, 0), (1.5, 2))), polygon(((0, 0), (1, 0), (0, 1)), fill="none"),
                  path("M 0 0 L 1 1", stroke="currentColor"),
                  group(text(5, 5, "Ada", anchor="middle", fill="ink", font_weight="bold"), class_="tt-x"),
                  None)
    assert picture.render() == (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
        '<rect x="0" y="0" width="100" height="50" fill="#f7f7f7" stroke="#555555" rx="8"/>'
        '<circle cx="10.5" cy="20.25" r="4.33" fill="#d0392b"/>'
        '<line x1="0" y1="0" x2="1" y2="1" stroke="#123456" stroke-width="2"/>'
        '<polyline points="0,0 1.5,2"/><polygon points="0,0 1,0 0,1" fill="none"/>'
        '<path d="M 0 0 L 1 1" stroke="currentColor"/>'
        '<g class="tt-x"><text x="5" y="5" text-anchor="middle" fill="#222222" font-weight="bold">Ada</text></g>'
        '</svg>')
    assert picture._repr_svg_() == str(picture) == picture.render()


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_is_shown_as_written_never_read_as_markup(name):
    picture = svg(10, 10, text(1, 1, name), rect(0, 0, 1, 1, class_=name), title(name))
    markup = picture.render()
    root = ET.fromstring(markup)  # well-formed XML: nothing escaped the text or the attribute
    shown = name.replace("\x00", "\ufffd").replace("\x1b", "\ufffd")
    namespace = "{http://www.w3.org/2000/svg}"
    assert root.find(f"{namespace}text").text == shown and root.find(f"{namespace}title").text == shown
    assert root.find(f"{namespace}rect").get("class") == shown
    assert "<script" not in markup and "onload=\"" not in markup
    assert len(root) == 3


@pytest.mark.parametrize("call, field", [
    (lambda: rect(0, 0, 1, 1, fill="octarine"), "colour"),
    (lambda: rect(0, 0, 1, 1, fill="red; background: url(x)"), "colour"),
    (lambda: rect(0, 0, 1, 1, stroke="#12345"), "colour"),
    (lambda: rect(float("nan"), 0, 1, 1), "x"),
    (lambda: rect(0, float("inf"), 1, 1), "y"),
    (lambda: rect(True, 0, 1, 1), "x"),
    (lambda: rect(0, 0, 1, 1, rx=[1]), "rx"),
    (lambda: element("rect", **{"onload=x": "1"}), "attribute"),
    (lambda: element("rect", **{'a"b': "1"}), "attribute"),
    (lambda: element("scr ipt"), "tag"),
    (lambda: element("<x>"), "tag"),
    (lambda: element("g", 5), "child"),
    (lambda: svg(0, 10), "width"),
    (lambda: svg(10, 10**9), "height"),
    (lambda: svg("10", 10), "width"),
    (lambda: text(0, 0, "x", anchor="left"), "anchor"),
    (lambda: seat_colour(-1), "seat"),
    (lambda: seat_colour("red"), "seat"),
    (lambda: colour(None), "colour"),
])
def test_bad_drawing_input_is_refused_by_name(call, field):
    with pytest.raises(InvalidInput) as caught:
        call()
    assert caught.value.field == field


def test_seat_colours_come_from_the_palette_and_repeat():
    assert [seat_colour(i) for i in range(2)] == [PALETTE["red"], PALETTE["blue"]]
    assert seat_colour(len(SEATS)) == seat_colour(0) and set(SEATS) <= set(PALETTE)
    assert colour("none") == "none" and colour("#abcdef") == "#abcdef"
