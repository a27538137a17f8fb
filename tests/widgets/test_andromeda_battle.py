"""The battle widgets, headless: move a control, read the result widget."""

from fractions import Fraction
from html.parser import HTMLParser

import pytest

from tabletoolkit.andromeda import battle_odds, start_player_odds, team_roll_off_odds
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.engine.numbers import percent_text
from tabletoolkit.prob import rerolled_die
from tabletoolkit.widgets.andromeda_battle import (
    battle_odds_explorer,
    example_battle_stepper,
    heat_map_explorer,
    reroll_explorer,
    start_player_explorer,
)


def fraction_cells(html_text):
    return [cell.split("<")[0] for cell in html_text.split("class='tt-fraction'>")[1:]]


def test_explorer_starts_on_the_rulebook_example_and_follows_the_sliders():
    explorer = battle_odds_explorer()
    expected = battle_odds([(6, 3), (5, 2), (3, 1)])
    assert fraction_cells(explorer.result.value) == [str(p) for p in (*expected.wins, expected.no_winner)]
    explorer.rows[1].energy.value = 0  # blue pays no energy: 3 dice
    expected = battle_odds([(6, 3), (3, 2), (3, 1)])
    assert fraction_cells(explorer.result.value)[1] == str(expected.wins[1])
    explorer.rows[0].aim.value = 5
    assert fraction_cells(explorer.result.value)[0] == str(battle_odds([(6, 5), (3, 2), (3, 1)]).wins[0])
    assert "Which die decided the win" in explorer.breakdown.value


def test_energy_past_the_cap_is_capped_and_explained():
    explorer = battle_odds_explorer()
    explorer.rows[0].energy.value = 2  # 6 dice + 2 energy
    assert "8 dice capped to 6" in explorer.result.value
    assert "yellow: of 2 energy only 0 buys a die (cap 6); in a battle the payment is refused" in explorer.result.value
    explorer.rows[0].energy.value = 0
    assert "buys a die" not in explorer.result.value


def test_add_and_remove_participants():
    explorer = battle_odds_explorer()
    explorer.add_button.click()
    explorer.add_button.click()
    assert len(explorer.rows) == 5 and explorer.add_button.disabled
    assert len(fraction_cells(explorer.result.value)) == 6
    for _ in range(4):
        explorer.remove_button.click()
    assert len(explorer.rows) == 2 and explorer.remove_button.disabled
    assert fraction_cells(explorer.result.value)[0] == str(battle_odds([(6, 3), (5, 2)]).wins[0])


def test_team_mode_pools_teammates():
    explorer = battle_odds_explorer()
    explorer.add_button.click()  # side 4: 3 dice, aim 1
    explorer.team_mode.value = True
    assert [r.team.value for r in explorer.rows] == ["team 1", "team 2", "own side", "team 1"]
    expected = battle_odds([[(6, 3), (3, 1)], [(5, 2)], (3, 1)])
    assert fraction_cells(explorer.result.value)[:3] == [str(p) for p in expected.wins]
    explorer.rows[3].team.value = "team 2"
    expected = battle_odds([[(6, 3)], [(5, 2), (3, 1)], (3, 1)])
    assert fraction_cells(explorer.result.value)[1] == str(expected.wins[1])


def test_a_single_team_is_no_battle():
    explorer = battle_odds_explorer(participants=(("a", 2, 1, 0), ("b", 2, 1, 0)))
    explorer.team_mode.value = True
    explorer.rows[1].team.value = "team 1"
    assert "two or more opposing sides" in explorer.result.value


def test_heat_map_follows_the_opponents():
    explorer = heat_map_explorer(opponents=((5, 2), (3, 1)))
    assert explorer.grid[(6, 5)] == battle_odds([(6, 5), (5, 2), (3, 1)]).wins[0]
    explorer.opponent_controls[0][0].value = 1
    assert explorer.grid[(1, 1)] == battle_odds([(1, 1), (1, 2), (3, 1)]).wins[0]
    assert str(explorer.grid[(1, 1)]) in explorer.result.value
    assert explorer.picture.value.startswith("<svg") and explorer.picture.value.count("<rect") == 30


def test_reroll_explorer_shows_the_series_and_the_limit():
    explorer = reroll_explorer(aim=3, rerolls=1)
    assert r"= \frac{2}{9}$" in explorer.result.value and r"= \frac{1}{4}$" in explorer.result.value
    explorer.rerolls.value = 0
    assert r"= \frac{1}{6}$" in explorer.result.value
    explorer.aim.value = 5
    explorer.rerolls.value = 2
    assert f"{rerolled_die(5, rerolls=2)[6]}" == str(Fraction(19, 54))
    assert r"= \frac{19}{54}$" in explorer.result.value


def test_start_player_explorer():
    explorer = start_player_explorer(players=3)
    assert str(start_player_odds(3).decided_first_roll) in explorer.result.value
    assert "<b class='tt-fraction'>1/3</b>" in explorer.result.value
    explorer.teams.value = True
    assert str(team_roll_off_odds().decided_first_roll) in explorer.result.value
    assert explorer.players.value == 4 and explorer.players.disabled


def test_example_stepper_walks_the_rulebook_battle():
    view = example_battle_stepper()
    assert view.title.value == "<b>Step 1 of 16: yellow: diplomacy</b>"
    view.go(13)
    assert "blue is highest with 5" in view.text.value
    view.go(16)
    assert "returns to its card" in view.text.value
    assert view.state.value.startswith("<svg")


def test_a_designer_variant_reaches_the_widgets():
    explorer = battle_odds_explorer(variant=RULEBOOK.but(dice_cap=8))
    assert explorer.rows[0].dice.max == 8


def recomputes(view):
    """Count the view's recomputes from now on."""
    calls = []
    recompute = view.recompute

    def counting():
        calls.append(1)
        recompute()

    view.recompute = counting
    return calls


def test_one_click_on_team_mode_recomputes_the_battle_once():
    five = (("a", 6, 1, 0), ("b", 6, 2, 0), ("c", 6, 3, 0), ("d", 6, 1, 0), ("pirate", 6, 2, 0))
    explorer = battle_odds_explorer(participants=five)
    calls = recomputes(explorer)
    explorer.team_mode.value = True
    assert len(calls) == 1
    assert [r.team.value for r in explorer.rows] == ["team 1", "team 2", "team 1", "team 2", "own side"]
    expected = battle_odds([[(6, 1), (6, 3)], [(6, 2), (6, 1)], (6, 2)])
    assert fraction_cells(explorer.result.value) == [str(p) for p in (*expected.wins, expected.no_winner)]
    explorer.rows[2].aim.value = 4
    explorer.team_mode.value = False
    assert len(calls) == 3


def test_the_team_roll_off_recomputes_once():
    explorer = start_player_explorer(players=3)
    calls = recomputes(explorer)
    explorer.teams.value = True
    assert len(calls) == 1 and explorer.players.value == 4
    assert str(team_roll_off_odds().decided_first_roll) in explorer.result.value


PROJECTOR_COLUMN = 840
"""A notebook's output column on a 1024 px wide projector (JupyterLab in Chromium, side panel closed), in px."""
DIGIT_EM = 0.64
"""The advance of a digit in Chromium's sans-serif (DejaVu Sans), in em: the widest glyph these cells mostly hold."""
CELL_PADDING = 13
"""JupyterLab's horizontal padding of a table cell at 13 px type (0.5 em a side)."""


class _NarrowestTable(HTMLParser):
    """A table's narrowest width without breaking a word or number except where its markup allows (a space, ``<br>``,
    ``<wbr>``): each column as wide as its longest such piece, at the type size it is set in (``<small>``: 0.83)."""

    def __init__(self, px: float = 13.0):
        super().__init__()
        self.px, self.rows, self.cell, self.small, self.sizes = px, [], None, 0, []

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell = [[]]
            self.rows[-1].append(self.cell)
        elif tag in ("br", "wbr") and self.cell is not None:
            self.cell.append([])
        elif tag == "small":
            self.small += 1

    def handle_endtag(self, tag):
        if tag == "small":
            self.small -= 1
        elif tag in ("td", "th"):
            self.cell = None

    def handle_data(self, data):
        if self.cell is None:
            return
        size = self.px * (0.8333 if self.small else 1)
        self.sizes.append(size)
        for index, piece in enumerate(data.split()):
            if index or data[:1].isspace():
                self.cell.append([])
            self.cell[-1].append(len(piece) * DIGIT_EM * size)

    def width(self) -> float:
        columns: dict[int, float] = {}
        for row in self.rows:
            for index, cell in enumerate(row):
                columns[index] = max(columns.get(index, 0.0), max(sum(piece) for piece in cell) + CELL_PADDING)
        return sum(columns.values())


def narrowest_table(markup: str, css: str) -> _NarrowestTable:
    table = markup.split(f"<table class='{css}'", 1)[1].split("</table>", 1)[0]
    parser = _NarrowestTable()
    parser.feed(f"<table{table}</table>")
    return parser


# The widest contests the explorer allows: five sides (four players and a pirate), 2v2 with four sides, teams of 12.
WIDEST_CONTESTS = {
    "five sides": ([(6, 3), (5, 2), (3, 1), (4, 2), (6, 5)], ["yellow", "blue", "pirate", "side 4", "side 5"]),
    "2v2, four sides": ([[(6, 3), (3, 1)], [(5, 2), (3, 1)], (3, 1), (2, 2)],
                        ["team 1: yellow + side 4", "team 2: blue + side 5", "pirate", "green"]),
    "teams of 12 dice": ([[(6, 3), (6, 2)], [(6, 1), (6, 4)], (3, 1)], ["team 1: yellow + side 4", "team 2: blue + side 5", "pirate"]),
}


@pytest.mark.parametrize("contest", WIDEST_CONTESTS, ids=str)
def test_the_deciding_die_table_fits_a_projector_column_with_its_numbers_whole(contest):
    from tabletoolkit.widgets.andromeda_battle import deciding_die_svg, odds_table

    sides, names = WIDEST_CONTESTS[contest]
    odds = battle_odds(sides, names=names)
    shown = deciding_die_svg(odds)
    table = narrowest_table(shown, "tt-deciding-table")
    assert table.width() <= PROJECTOR_COLUMN                     # a long fraction breaks after its slash, nowhere else
    assert min(table.sizes) >= 12                                # no small print under the chances
    assert "max-width:100%" in shown.split("<table class='tt-deciding-table'", 1)[1].split(">", 1)[0]   # a narrower box
    assert "overflow-wrap:anywhere" in shown                     # wraps a number rather than overflow
    assert len(table.rows) == 1 + max(len(row) for row in odds.by_deciding_die if any(row))   # heading + a row per die
    assert shown.count("<th>team 1: yellow + side 4</th>") <= 1 and f"<th>{names[0]}</th>" in shown   # names whole
    first = odds.by_deciding_die[0][0]
    numerator, denominator = str(first).split("/")
    assert f"{percent_text(first)}<br><span class='tt-fraction'" in shown and f">{numerator}/<wbr>{denominator}</span>" in shown
    assert narrowest_table(odds_table(odds), "tt-odds-table").width() <= PROJECTOR_COLUMN


def test_the_odds_table_reads_each_side_s_dice_in_words():
    from tabletoolkit.widgets.andromeda_battle import odds_table

    shown = odds_table(battle_odds([[(3, 1), (2, 2)], (5, 2)], names=["yellow + blue", "green"]))
    assert "<td>3 at aim 1 + 2 at aim 2</td>" in shown and "<td>5 at aim 2</td>" in shown and "@" not in shown


def test_team_mode_label_is_never_truncated():
    explorer = battle_odds_explorer()
    assert explorer.team_mode.layout.width == "auto" and explorer.team_mode.style.description_width == "initial"


def test_the_designer_panel_recomputes_the_odds_under_a_changed_cap():
    from tabletoolkit.widgets.andromeda_battle import battle_odds_designer

    designer = battle_odds_designer()
    designer.explorer.rows[0].energy.value = 2                       # 6 dice + 2 energy: 8 asked
    assert "8 dice capped to 6" in designer.explorer.result.value
    designer.controls.set("dice_cap", 8)
    roomy = RULEBOOK.but(dice_cap=8)
    assert designer.explorer.variant == roomy and designer.explorer.rows[0].dice.max == 8
    expected = battle_odds([(8, 3), (5, 2), (3, 1)], variant=roomy)
    assert fraction_cells(designer.explorer.result.value)[0] == str(expected.wins[0])
    assert "at most 8 dice" in designer.explorer.heading.value


def test_the_rule_designer_fights_the_same_battle_under_a_changed_ruling():
    from tabletoolkit.andromeda.battle import BattleSetup, Participant, Pirate, Ship
    from tabletoolkit.widgets.andromeda_battle import battle_rule_designer

    duel = BattleSetup("Vega", (Participant("green", (Ship("transport", weapons=1), Ship("fighter", weapons=2))),
                                Participant("red", (Ship("heavy cruiser", weapons=3, shields=1),))), Pirate("Raider", 2))
    designer = battle_rule_designer(duel, [6, 5, 4, 6, 5, 4, 3, 3])
    assert "The pirate counts as beaten (A-R2)" in designer.result.value and "Raider: damage" in designer.result.value
    designer.controls.set("full_tie_beats_pirate", False)
    assert "The pirate is not damaged (variant)" in designer.result.value and "Raider: damage" not in designer.result.value
    designer.controls.set("aim_cap", 1)                       # the forced faces still fit: the same tie
    assert "A tie for first after all dice" in designer.result.value
