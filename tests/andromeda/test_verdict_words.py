"""The option lists read in words: verdict "legal"/"refused", the reason, the rule id as a small detail."""

from tabletoolkit.andromeda.board import Board, Pieces, Ship
from tabletoolkit.andromeda.launch import legal_launches
from tabletoolkit.andromeda.pirates import PirateCard, raid_options

CRUISER = Ship("heavy_cruiser", owner="yellow", range=1, jump=True)
PIECES = Pieces.of(ships={"T03": [CRUISER], "T13": [Ship(owner="blue")]}, pirates={"N3": "SS", "T13": "S"})
CARDS = {"S": PirateCard("Vorticon Strikers", "S", range=1)}


def test_a_launch_table_says_refused_with_the_reason_and_the_rule_as_a_detail():
    options = legal_launches(Board.default(), PIECES, CRUISER, energy=0)
    table = options.table()
    assert ("<td>refused</td><td>Nebula 1 is a nebula: only a ship with Voyage may launch there "
            "<small class='tt-rule-id'>andromeda.launch.voyage</small></td>") in table
    assert "<code>" not in table


def test_a_raid_table_says_legal_or_refused_in_words():
    table = raid_options(Board.default(), PIECES, "T23", CARDS).table()
    assert ("<td>refused</td><td>Vorticon Strikers has range 1 and is 3 steps away "
            "<small class='tt-rule-id'>andromeda.raid.range</small></td>") in table
    assert "<td>legal</td><td>Vorticon Strikers is 1 step away, within range 1</td>" in table


def test_option_lists_show_as_html_with_their_caption_as_plain_text():
    from IPython.core.formatters import DisplayFormatter

    options = raid_options(Board.default(), PIECES, "T23", CARDS)
    shown, _ = DisplayFormatter().format(options)
    assert set(shown) == {"text/html", "text/plain"}, "no separate SVG output competes with the HTML"
    assert shown["text/plain"] == "Raid on Trade Hub: may raid S"
    assert shown["text/html"].startswith("<svg") and "<table class='tt-raid-verdicts'>" in shown["text/html"]
