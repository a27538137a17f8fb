"""The board notebook's widgets, headless: set a control, read the result widget."""

import pytest

from tabletoolkit.andromeda.board import Board, Pieces, Ship
from tabletoolkit.andromeda.pirates import PirateCard
from tabletoolkit.widgets.andromeda_board import (
    board_designer,
    escalation_explorer,
    launch_explorer,
    launch_turn_stepper,
    raid_explorer,
)

#  A ─ B ─ C ─ D     N (nebula) next to A; Y (Shipyard) next to D.
BOARD = """
[[region]]
id = "A"
kind = "planet"
development = "city"
xy = [0, 0]
[[region]]
id = "B"
kind = "planet"
development = "factory"
xy = [1, 0]
[[region]]
id = "C"
kind = "planet"
development = "obelisk"
xy = [2, 0]
[[region]]
id = "D"
kind = "planet"
development = "spaceport"
xy = [3, 0]
[[region]]
id = "N"
kind = "nebula"
dice = [1]
xy = [0, 1]
[[region]]
id = "Y"
kind = "alliance_base"
base = "shipyard"
xy = [3, 1]
[adjacency]
links = [["A", "B"], ["B", "C"], ["C", "D"], ["A", "N"], ["D", "Y"]]
"""
CARDS = {"S": PirateCard("Swarm", "S", 1), "B": PirateCard("Raider", "B", 2)}


@pytest.fixture
def board():
    return Board.from_toml(BOARD)


def test_launch_explorer_follows_its_controls(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="yellow")]}, pirates={"C": "B"})
    explorer = launch_explorer(board, pieces, players=("yellow", "blue"))
    # yellow heavy cruiser, range 1, Jump, no energy: only B is in range (N needs Voyage)
    assert "<b class='tt-launch-count'>1 legal</b> — B" in explorer.summary.value
    explorer.voyage.value = True
    assert "<b class='tt-launch-count'>2 legal</b> — B, N" in explorer.summary.value
    explorer.energy.value = 1
    assert "by Jump (1 energy): C, D, Shipyard (Y)" in explorer.summary.value
    explorer.player.value = "blue"
    assert explorer.summary.value.startswith("<b>First launch</b>")
    assert "<b class='tt-launch-count'>4 legal</b> — B, D, N, Shipyard (Y)" in explorer.summary.value
    assert "andromeda.launch.occupied" in explorer.refusals.value
    explorer.assault.value = True
    assert "6 legal" in explorer.summary.value
    assert 'class="tt-board"' in explorer.picture.value


def test_launch_explorer_special_regions_toggle():
    board = Board.default()
    explorer = launch_explorer(board, Pieces.of(ships={"T01": [Ship(owner="yellow")]}))
    explorer.special.value = "quasar"
    assert explorer.board.regions["T12"].kind == "quasar"
    assert "andromeda.launch.quasar" in explorer.refusals.value
    explorer.special.value = "none"
    assert explorer.board.regions["T12"].name == "Shipyard"
    assert board.with_special_regions("vortex").regions["T33"].name == "Vortex of Power"


def test_raid_explorer_offers_the_choice(board):
    pieces = Pieces.of(pirates={"A": "S", "D": "B"})
    explorer = raid_explorer(board, pieces, CARDS, active="B")
    assert explorer.choice.options == (("—", ""), ("class B", "B"), ("class S", "S"))
    assert explorer.result.value == "The active player must choose the raider: B, S."
    explorer.choice.value = "B"
    assert explorer.result.value == "<b>Class B raids B</b>: 1× B from D."
    explorer.active.value = "N"
    assert explorer.result.value == "<b>Class S raids N</b>: 1× S from A."
    explorer.active.value = "D"
    assert explorer.result.value == "<b>No raid</b> on D: no pirate may raid it."


def test_escalation_explorer_counts_ships_per_player(board):
    pieces = Pieces.of(
        ships={"C": [Ship(owner="yellow")], "B": [Ship(owner="blue")], "A": [Ship("heavy_cruiser", owner="blue", range=1, jump=True)]},
        pirates={"C": "B"},
    )
    explorer = escalation_explorer(board, pieces, ("yellow", "blue"), active="C", active_player="yellow")
    assert explorer.summary.value == "<b>Battle in C</b> (yellow, pirates). Ships that may join, in turn order: yellow 0; blue 1."
    explorer.energy.value = 1
    assert explorer.summary.value.endswith("yellow 0; blue 2 (1 by Jump).")
    explorer.active.value = "D"
    assert explorer.summary.value == "<b>No battle</b> in D: nobody is there."
    explorer.active.value = "B"
    assert explorer.summary.value == "<b>No battle</b> in B: only blue is there."


def test_launch_turn_stepper_runs_step_1_then_step_3(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="yellow")]}, pirates={"D": "B"})
    stepper = launch_turn_stepper(board, pieces, Ship(owner="yellow"), "B", CARDS)
    assert len(stepper.run) == 7
    stepper.go(4)
    assert stepper.title.value == "<b>Step 4 of 7: Launch to B</b>"
    stepper.next_button.click()
    stepper.go(7)
    assert stepper.title.value == "<b>Step 7 of 7: Class B raids</b>"
    assert stepper.run.result.pieces.pirates_in("B") == ("B",)


def test_board_designer_applies_edits_and_names_errors():
    designer = board_designer(BOARD)
    assert "<b>5</b> steps" in designer.measures.value  # diameter: N-A-B-C-D-Y
    designer.editor.value = BOARD.replace('links = [["A", "B"]', 'links = [["N", "D"], ["A", "B"]')
    designer.apply.click()
    assert "<b>3</b> steps" in designer.measures.value  # B to Y, either way round
    designer.editor.value = BOARD.replace('kind = "nebula"', 'kind = "moon"')
    designer.apply.click()
    assert designer.error.value.startswith("<b>Not applied</b>: <code>board text: region[")   # the entry at fault
    assert ".kind</code>" in designer.error.value and "region N:" in designer.error.value
    assert "<b>3</b> steps" in designer.measures.value  # the last good board stays on show


def test_board_picture_text_is_readable_on_a_projector():
    import re

    board = Board.default()
    picture = board.svg(Pieces.of(ships={"T01": [Ship(owner="yellow")]}, pirates={"N3": "SS"}), caption="a caption")
    sizes = [float(size) for size in re.findall(r'font-size="([0-9.]+)"', picture)]
    assert sizes and min(sizes) >= 13                   # engine.svg.READABLE_PX
    assert 'font-size="14"' in picture                  # the region names


def test_launch_rule_designer_follows_the_jump_price():
    from tabletoolkit.andromeda.launch import legal_launches
    from tabletoolkit.widgets.andromeda_board import launch_rule_designer

    board = Board.default()
    cruiser = Ship("heavy_cruiser", owner="yellow", range=1, jump=True)
    pieces = Pieces.of(ships={"T01": [Ship(owner="yellow")], "T22": [Ship(owner="yellow")], "T03": [cruiser]})
    designer = launch_rule_designer(board, pieces, cruiser, energy=1)
    jumping = len(legal_launches(board, pieces, cruiser, energy=1).legal)
    assert f"<b>{jumping} legal</b>" in designer.summary.value
    designer.controls.set("jump_energy", 2)                    # 1 energy no longer buys a Jump
    walking = len(legal_launches(board, pieces, cruiser, energy=0).legal)
    assert walking < jumping and f"<b>{walking} legal</b>" in designer.summary.value
    assert "<svg" in designer.picture.value
