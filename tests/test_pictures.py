"""Every picture of the library, drawn by engine.svg: it parses, names are escaped, no text is smaller than
the projector floor (``svg.READABLE_PX``), no picture is wider than ``svg.WIDEST``, every text lies inside its
box and inside the picture, and what is drawn is the state's own values (not a stub)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

import tabletoolkit as tt
from tabletoolkit.engine import Rng
from tabletoolkit.engine import svg
from tabletoolkit.engine.frozen import replace
from tabletoolkit.engine.game import CHANCE
from tabletoolkit.engine.numbers import probability_text

HOSTILE = "<script>alert(1)</script>\" onload=\"x&"
NS = "{http://www.w3.org/2000/svg}"


# --- reading a picture back ---------------------------------------------------------------------------
def _tree(markup: str) -> ET.Element:
    root = ET.fromstring(markup)
    assert root.tag == NS + "svg"
    return root


def texts(markup: str) -> list[dict]:
    """Every ``<text>``: its content, position, anchor, effective font size and weight (inherited), and
    whether a ``transform`` moves it (then its box is not checked)."""
    found: list[dict] = []

    def walk(element: ET.Element, inherited: dict) -> None:
        here = dict(inherited)
        for name in ("font-size", "font-weight", "text-anchor"):
            if name in element.attrib:
                here[name] = element.attrib[name]
        if "transform" in element.attrib:
            here["moved"] = True
        if element.tag == NS + "text":
            found.append(dict(
                content=element.text or "", x=float(element.attrib["x"]), y=float(element.attrib["y"]),
                size=float(here.get("font-size", 16)), bold=here.get("font-weight") == "bold",
                anchor=here.get("text-anchor", "start"), moved=here.get("moved", False)))
        for child in element:
            walk(child, here)

    walk(_tree(markup), {})
    return found


def rects(markup: str) -> list[tuple[float, float, float, float]]:
    """Every un-transformed ``<rect>`` as (x, y, width, height)."""
    found = []

    def walk(element: ET.Element, moved: bool) -> None:
        moved = moved or "transform" in element.attrib
        if element.tag == NS + "rect" and not moved:
            found.append(tuple(float(element.attrib[k]) for k in ("x", "y", "width", "height")))
        for child in element:
            walk(child, moved)

    walk(_tree(markup), False)
    return found


def _span(text: dict) -> tuple[float, float]:
    width = svg.text_width(text["content"], text["size"]) * (1.06 if text["bold"] else 1.0)
    left = {"start": text["x"], "middle": text["x"] - width / 2, "end": text["x"] - width}[text["anchor"]]
    return left, left + width


def assert_readable(markup: str, *, widest: float = svg.WIDEST, boxed: bool = True) -> list[dict]:
    """The picture's texts, after checking the floor, the width, and that each text fits the smallest box
    holding it (``boxed``) and the picture itself."""
    root = _tree(markup)
    width = float(root.attrib["width"])
    assert width <= widest, f"{width} px wide, more than {widest}"
    shown = texts(markup)
    assert shown, "a picture with no text"
    small = [(t["content"], t["size"]) for t in shown if t["size"] < svg.READABLE_PX]
    assert not small, f"text below {svg.READABLE_PX} px: {small[:5]}"
    boxes = rects(markup)
    for text in shown:
        if text["moved"] or not text["content"].strip():
            continue
        left, right = _span(text)
        assert left >= -1 and right <= width + 1, f"{text['content']!r} runs off the picture ({left:.0f}..{right:.0f} of {width})"
        if not boxed:
            continue
        middle = text["y"] - text["size"] / 3
        holding = [b for b in boxes if b[0] <= text["x"] <= b[0] + b[2] and b[1] <= middle <= b[1] + b[3]
                   and not (b[0] <= 1 and b[1] <= 1 and b[2] >= width - 2)]     # the background is no box
        if holding:
            x, _, w, _ = min(holding, key=lambda b: b[2] * b[3])
            assert left >= x - 1 and right <= x + w + 1, f"{text['content']!r} ({left:.0f}..{right:.0f}) overflows its box ({x:.0f}..{x + w:.0f})"
    return shown


def contents(picture: str | list) -> list[str]:
    """The texts of a picture (its markup, what ``assert_readable`` returned, or texts already), in drawing order."""
    found = texts(picture) if isinstance(picture, str) else picture
    return [t if isinstance(t, str) else t["content"] for t in found]


def reads(picture: str | list[dict], name: str) -> bool:
    """``name`` is shown whole, on one line or wrapped over several."""
    return name.replace(" ", "") in "".join(contents(picture)).replace(" ", "")


def joined(picture: str | list[dict]) -> str:
    """All texts of a picture as one line: a name wrapped over several lines reads whole here."""
    return " ".join(contents(picture))


# --- the drawing module -------------------------------------------------------------------------------
def test_the_text_measure_and_wrapping_keep_every_word():
    assert svg.text_width("WWW", 10) > svg.text_width("iii", 10) > 0
    assert svg.text_width("天王星", 14) == pytest.approx(3 * 14)
    lines = svg.wrapped("Up to 2 probes in space at once and more words", 90, 14)
    assert " ".join(lines) == "Up to 2 probes in space at once and more words" and len(lines) > 1
    assert all(svg.text_width(line, 14) <= 90 for line in lines if " " in line)
    assert svg.wrapped("Supercalifragilistic", 20, 14) == ["Supercalifragilistic"]   # a long word is never cut
    broken = svg.wrapped("Supercalifragilistic", 40, 14, split_long=True)           # ... or is broken across lines
    assert "".join(broken) == "Supercalifragilistic" and len(broken) > 1
    assert all(svg.text_width(part, 14) <= 40 for part in broken)


def test_mixed_shades_come_from_the_palette():
    assert svg.mix("white", "black", 0) == svg.PALETTE["white"] and svg.mix("white", "black", 1) == svg.PALETTE["black"]
    assert svg.mix("white", "black", 0.5) == "#888888"
    with pytest.raises(tt.InvalidInput):
        svg.mix("white", "black", 2)
    assert svg.colour_named("green") == "green" and svg.colour_named(HOSTILE) == "grey"


# --- SETI ---------------------------------------------------------------------------------------------
def test_the_solar_system_names_each_sector_by_its_star_and_reads_on_a_projector():
    from tabletoolkit.seti.solar import Probe, Space, random_setup

    system = random_setup(Rng(3))
    system = replace(system, probes=(Probe(1, "green", Space(2, 5)), Probe(2, HOSTILE, Space(3, 1))), next_probe=3)
    picture = system.svg(highlight=2)
    shown = assert_readable(picture, boxed=False)
    words = " ".join(t["content"] for t in shown)
    for star in system.stars:                               # every star, whole (some wrap onto two lines)
        assert all(part in words for part in star.split())
    assert not any(t["content"][:2] in {f"{n}:" for n in range(8)} for t in shown)   # no 0-7 sector numbers
    for planet in ("Mercury", "Venus", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Earth"):
        assert planet in contents(picture)                  # whole names (was "Merc", "Jupi")
    assert f"Mars (beside {system.star(system.sector_of('Mars'))})" in contents(picture)
    assert "<script>" not in picture and HOSTILE in picture.replace("&lt;", "<").replace("&gt;", ">").replace(
        "&quot;", '"').replace("&amp;", "&")
    assert picture.count('class="tt-probe"') == 2


def test_a_sector_shows_its_star_and_every_marker_by_its_whole_name():
    from tabletoolkit.seti.sector import Sector, sector_svg

    sector = Sector(star="Barnard's Star", slots=5, markers=("green", "purple", HOSTILE, "orange", "green", "purple"),
                    winners=("orange",), colour="red", number=3)
    picture = sector_svg(sector)
    shown = contents(assert_readable(picture))
    assert "★ Barnard's Star" in shown and "sector 3" not in " ".join(shown)    # named by its star as the board is
    assert shown.count("green") == 2 and shown.count("purple") == 2 and reads(shown, HOSTILE) and "overflow" in shown
    assert "win markers at the star: orange" in shown and "red sector" in shown and "complete ✔" in shown
    assert "<script>" not in picture


def test_the_gold_tiles_show_their_printed_values_and_who_marked_them():
    from tabletoolkit.seti.gold_tiles import gold_tiles_svg, load_gold_tiles

    tiles = load_gold_tiles()
    marked = (replace(tiles[0], marks=(HOSTILE, "green")),) + tiles[1:]
    picture = gold_tiles_svg(marked)
    shown = contents(assert_readable(picture))
    for tile in marked:
        assert f"{tile.id} {tile.name} · side {tile.side.upper()}" in shown
        assert [str(v) for v in tile.face.values] == [s for s in shown if s.isdigit()][:0] or all(str(v) in shown for v in tile.face.values)
    assert reads(shown, HOSTILE) and "green" in shown and "<script>" not in picture
    both = gold_tiles_svg(tiles, both_sides=True)
    assert_readable(both)                                    # eight faces: two rows of four, still ≤ WIDEST
    assert sum(1 for s in contents(both) if "· side B" in s) == len(tiles)


def _seti_game():
    return tt.new_game("seti", players=2, seed=1)


def test_the_life_board_shows_every_marker_whole():
    from tabletoolkit.seti.life_board import Mark

    life = _seti_game().table.life
    fresh = life._repr_svg_()
    assert contents(assert_readable(fresh)).count("5 VP") == 6 and contents(fresh).count("3 VP") == 6
    slot = replace(life.slots[0], discovery=(Mark(HOSTILE, "pink"), None, Mark("purple", "blue")),
                   overflow=(Mark("green", "pink"), Mark("orange", "pink")))
    picture = life.with_slot(0, slot)._repr_svg_()
    shown = contents(assert_readable(picture))
    assert reads(shown, HOSTILE) and "purple" in shown and "green, orange" in shown and shown.count("5 VP") == 4
    assert "<script>" not in picture


def test_the_tech_board_shows_every_ability_whole_inside_its_tile():
    from tabletoolkit.seti.tech_board import TechBoard

    board = TechBoard.fresh().taken("PT1")
    picture = board._repr_svg_()
    shown = assert_readable(picture)
    words = " ".join(t["content"] for t in shown)
    for stack in board.stacks:
        assert stack.tech.name in contents(picture)
        assert " ".join(stack.tech.ability.split()) in words    # never cut at five lines
    assert contents(picture).count("first taker +2 VP") == 11 and "3 tiles left" in contents(picture)
    assert min(t["size"] for t in shown) >= 15


def test_the_computer_labels_every_space_and_tech_whole():
    from tabletoolkit.seti.computer import computer_svg, install_computer_tech
    from tabletoolkit.seti.player import Computer, PlayerBoard

    board, _ = install_computer_tech(PlayerBoard(HOSTILE, data=5, computer=Computer(filled=2)), "CT2", 1)
    picture = computer_svg(board)
    shown = contents(assert_readable(picture))
    assert f"{HOSTILE}: pool 5 · score 0 · publicity 4" in shown
    assert "CT2" in shown and "1 energy" in shown and "1 publicity" in shown and "tuck card" in shown
    assert shown.count("2 VP") == 1 and shown.count("tech slot") == 3 and "<script>" not in picture
    assert picture.count("<polygon") == 5 + 2                # five data in the pool, two in the computer


def test_the_solo_rival_draws_its_track_and_computer_in_words():
    from tabletoolkit.seti.solo.rival import rival_svg, setup_rival

    rival = replace(setup_rival(3, Rng(1)), progress=5, computer=2, techs=("PT1", "CT2"))
    picture = rival_svg(rival)
    shown = contents(assert_readable(picture, boxed=False))
    assert [t for t in rival.board.track if t] == [s for s in shown if s[:2] in ("PT", "TT", "CT") and len(s) == 3]
    assert "3★ rival" in shown and f"{rival.score} VP · {rival.publicity} publicity" in shown and "progress 5" in shown
    assert "Techs: PT1, CT2" in shown and "publicity" in shown and "progress" in shown   # "1 publicity", not "1p"


# --- Starship Merchants -------------------------------------------------------------------------------
def test_the_payout_chart_labels_each_bar_with_its_fraction_and_percent():
    from tabletoolkit.merchants.odds import payout_chart
    from tabletoolkit.prob import Distribution

    odds = Distribution({3: 1899982817, 5: 2304000000, 8: 9620017183})
    picture = payout_chart(odds, HOSTILE, best=Fraction(123, 7))
    shown = contents(assert_readable(picture, boxed=False))
    for payout, p in odds.items():
        assert f"{payout} credits" in shown and probability_text(p) in shown
    assert "best plan expects 123/7 ≈ 17.57 credits" in shown and HOSTILE in shown and "<script>" not in picture
    labels = [t for t in texts(picture) if "≈" in t["content"] and "%" in t["content"]]
    assert len({t["y"] for t in labels}) == len(labels)      # one row each: no label over another


def test_the_merchants_picture_names_every_player_whole():
    from tabletoolkit.merchants.state import new_game

    state = new_game(("Ada", HOSTILE, "Cy"), Rng(2))
    picture = state._repr_svg_()
    shown = contents(assert_readable(picture))
    assert shown.count("Ada") == 1 and reads(shown, HOSTILE) and "Cy" in shown       # the markers: whole names
    assert "Ada: 30 cr at the Shipyard; local nothing" in shown and "<script>" not in picture
    assert {"Shipyard", "Market", "Belt", "Dock"} <= set(shown)


# --- Andromeda's Edge ---------------------------------------------------------------------------------
HOSTILE_BOARD = f"""
[[region]]
id = "A"
kind = "planet"
name = '{HOSTILE}'
development = "factory"
xy = [0, 0]
[[region]]
id = "B"
kind = "nebula"
name = "Development Office of the Far Rim"
dice = [1]
xy = [1, 0]
[adjacency]
links = [["A", "B"]]
"""


def test_the_board_wraps_region_names_inside_their_shapes_and_escapes_them():
    from tabletoolkit.andromeda.board import Board

    picture = Board.from_toml(HOSTILE_BOARD).svg(caption=HOSTILE)
    shown = assert_readable(picture, boxed=False)
    assert "<script>" not in picture and HOSTILE in contents(picture)
    far = [t for t in shown if t["content"] in ("Development", "Office of the", "Far Rim", "Office of", "the Far Rim")]
    assert " ".join(t["content"] for t in far).split() == "Development Office of the Far Rim".split()   # wrapped, whole
    assert all(svg.text_width(t["content"], t["size"]) <= 2 * 48 for t in far)
    default = Board.default().svg()
    assert_readable(default, boxed=False)
    assert default.count('class="tt-region') == 30


def _andromeda_game():
    """A seeded random game played until at least three ships stand on the board (their launches done)."""
    game = tt.new_game("andromeda", players=3, seed=4)
    pick = random.Random(1)
    for _ in range(3000):
        if game.over or (not game.pending and sum(s.on_board for p in game.table.players for s in p.ships) >= 3):
            break
        if game.to_move is CHANCE:
            game = game.apply(pick.choice(sorted(game.chance(), key=repr)))
        else:
            game = game.apply(pick.choice(list(game.legal())))
    return game


def test_a_whole_andromeda_game_is_drawn_with_the_state_it_holds():
    from tabletoolkit.andromeda import table as tbl
    from tabletoolkit.andromeda.board_drawing import game_svg

    game = _andromeda_game()
    table = game.table
    board, pieces = tbl.board_and_pieces(table)
    picture = game_svg(table, board, pieces, caption=repr(game))
    shown = contents(assert_readable(picture, widest=1020, boxed=False))
    for player in table.players:
        assert f"{player.vp} VP · {player.leaders} leaders · {len(player.tactics)} tactics · {len(player.moons)} moons" in shown
        assert f"resources: {player.resources}" in " ".join(shown) or any(s.startswith("resources:") for s in shown)
    on_board = sum(1 for p in table.players for s in p.ships if s.on_board)
    by_region_owner = {(r, s.owner) for r, s in pieces.ships}
    ships_drawn = picture.count('class="tt-ship"')
    assert on_board >= 3 and len(by_region_owner) <= ships_drawn <= on_board       # one triangle per ship, or per owner with a count
    assert picture.count('class="tt-pirate"') == len(table.pirates)
    assert picture.count('class="tt-player"') == len(table.players)
    assert f"Event marker on space {table.event_position}" in shown and f"{table.active} to play" in shown
    moons = sum(len(r.moons) for r in table.regions)
    drawn = [re.match(r"(\d+) moons?( ·|$)", s) for s in shown]
    assert moons and sum(int(m.group(1)) for m in drawn if m) == moons          # every region's moons, as the state holds them


def test_the_battle_picture_reads_on_a_projector_and_keeps_long_names_whole():
    from tabletoolkit.andromeda.battle import BattleSetup, Participant, Pirate, Ship, load_battle_example
    from tabletoolkit.engine import run

    final = run(load_battle_example().run_steps()).result
    shown = contents(assert_readable(final._repr_svg_(), boxed=False))
    assert "scrapyard: transport, transport" in shown and "heavy cruiser" in shown
    long = "The Long-Named Coalition of Outer Vega Traders"
    setup = BattleSetup("Altair", (Participant(long, (Ship("heavy cruiser", weapons=3, shields=1),)),
                                 Participant("green", (Ship("transport", weapons=1, shields=0),))), Pirate("Raider", 2))
    shown = contents(assert_readable(_battle_picture(setup)))
    assert " ".join(s for s in shown if s.strip() and s in long) == long          # wrapped across lines, not cut


def _battle_picture(setup) -> str:
    from tabletoolkit.andromeda.battle import BattleState
    return BattleState(setup)._repr_svg_()


def test_the_station_picture_reads_on_a_projector_and_keeps_module_names_whole():
    from tabletoolkit.andromeda.examples import activation_example

    yellow = activation_example().player("yellow")
    shown = contents(assert_readable(yellow.station_svg()))
    words = " ".join(shown)
    assert all(m.name in words for m in yellow.modules)               # every module by its whole name
    assert "damage ×1" in shown


# --- the widgets' and the demo's pictures -------------------------------------------------------------
def test_the_battle_widget_pictures_read_on_a_projector():
    from tabletoolkit.andromeda.odds import battle_odds
    from tabletoolkit.widgets.andromeda_battle import deciding_die_svg, heat_map_svg

    heat, grid = heat_map_svg([(5, 2), (3, 1)])
    shown = contents(assert_readable(heat, boxed=False))
    assert "P(you win) against 5 dice at aim 2; 3 dice at aim 1" in shown
    assert all(f"{dice} dice, aim {aim}: {probability_text(p)}" in heat for (dice, aim), p in grid.items())
    odds = battle_odds([(3, 2), (4, 1), (2, 3), (5, 2)])
    bars = deciding_die_svg(odds).split("<div", 1)[0]
    assert_readable(bars, boxed=False)


def test_the_demo_dice_show_their_pips_and_total():
    from tabletoolkit.demo import DiceOnTable

    picture = DiceOnTable((4, 6))._repr_svg_()
    assert contents(assert_readable(picture, boxed=False)) == ["total 10"] and picture.count("<circle") == 10
