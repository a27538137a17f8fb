"""Launch turn step 3, pirate raids, on a hand-built line of regions with known distances."""

import pytest

import tabletoolkit
from tabletoolkit.andromeda.board import Board, Pieces
from tabletoolkit.andromeda.state import Ship
from tabletoolkit.andromeda.pirates import PirateCard, pirate_raid, raid, raid_options
from tabletoolkit.engine import IllegalAction, InvalidInput, run

#   R1 ─ R2 ─ R3 ─ R4 ─ R5        N (a nebula) hangs off R3; the Quasar Q joins R1 and R5,
#    └──── Q ──────────┘           but nothing passes through it.
BOARD = """
[[region]]
id = "R1"
kind = "planet"
development = "city"
xy = [0, 0]
[[region]]
id = "R2"
kind = "planet"
development = "factory"
xy = [1, 0]
[[region]]
id = "R3"
kind = "planet"
development = "obelisk"
xy = [2, 0]
[[region]]
id = "R4"
kind = "planet"
development = "spaceport"
xy = [3, 0]
[[region]]
id = "R5"
kind = "planet"
development = "observatory"
xy = [4, 0]
[[region]]
id = "N"
kind = "nebula"
dice = [1]
xy = [2, 1]
[[region]]
id = "Q"
kind = "quasar"
xy = [2, -1]
[adjacency]
links = [["R1", "R2"], ["R2", "R3"], ["R3", "R4"], ["R4", "R5"], ["R3", "N"], ["R1", "Q"], ["Q", "R5"]]
"""

CARDS = {
    "S": PirateCard("Vorticon Strikers", "S", 1),
    "B": PirateCard("Saucerian Abductor", "B", 2),
    "C": PirateCard("Sample C", "C", 1),
}


@pytest.fixture
def board():
    return Board.from_toml(BOARD)


@pytest.mark.phase("andromeda.raid")
def test_pirates_within_their_card_range_may_raid(board):
    pieces = Pieces.of(pirates={"R1": "B", "R5": "SS", "N": "C"})
    options = raid_options(board, pieces, "R3", CARDS)
    rules = {v.region: v.rule for v in options.verdicts}
    assert rules == {"R1": "legal", "R5": "andromeda.raid.range", "N": "legal"}  # R5 is 2 steps, S range 1
    assert options.choices == ("B", "C")
    with pytest.raises(InvalidInput) as error:
        raid(board, pieces, "R3", CARDS)  # the active player must choose
    assert error.value.field == "choice"
    result = raid(board, pieces, "R3", CARDS, "B")
    assert result.pieces.pirates_in("R3") == ("B",) and result.pieces.pirates_in("R1") == ()
    assert result.raiders == (("R1", "B", 1),)


@pytest.mark.phase("andromeda.raid")
def test_the_quasar_blocks_the_raiders_path(board):
    # R5 to R1: 2 steps through the Quasar, 4 around it.
    pieces = Pieces.of(pirates={"R5": "B"})
    verdict = raid_options(board, pieces, "R1", CARDS).verdicts[0]
    assert verdict.steps == 4 and verdict.rule == "andromeda.raid.range"


@pytest.mark.phase("andromeda.raid")
def test_a_region_holding_a_pirate_gets_no_raid(board):
    pieces = Pieces.of(pirates={"R3": "C", "R2": "B", "R4": "S"})
    options = raid_options(board, pieces, "R3", CARDS)
    assert options.choices == ()
    assert {v.rule for v in options.verdicts} == {"andromeda.raid.occupied"}
    assert raid(board, pieces, "R3", CARDS).pieces == pieces
    with pytest.raises(IllegalAction) as error:
        raid(board, pieces, "R3", CARDS, "B")
    assert error.value.rule == "andromeda.raid.occupied"


@pytest.mark.phase("andromeda.raid")
def test_s_class_swarm_into_a_region_holding_s_class(board):
    pieces = Pieces.of(pirates={"R3": "S", "R2": "SS", "R4": "S", "R1": "B"})
    options = raid_options(board, pieces, "R3", CARDS)
    assert options.swarm
    rules = {v.region: v.rule for v in options.verdicts}
    assert rules == {"R2": "legal", "R4": "legal", "R1": "andromeda.raid.swarm_only"}
    result = raid(board, pieces, "R3", CARDS)  # no choice to make: the swarm comes
    assert result.pieces.pirates_in("R3") == ("S", "S", "S", "S")
    assert result.pieces.pirates_in("R2") == result.pieces.pirates_in("R4") == ()
    before = Pieces.of(pirates={"R3": "S", "R2": "SS", "R4": "S", "R1": "B"})
    with pytest.raises(IllegalAction) as error:
        raid(board, pieces, "R3", CARDS, "B")
    assert error.value.rule == "andromeda.raid.swarm_only"
    assert pieces == before


@pytest.mark.phase("andromeda.raid")
def test_choosing_s_class_brings_every_s_class_pirate_in_range(board):
    pieces = Pieces.of(pirates={"R2": "S", "R4": "SS", "N": "C", "R5": "S"})
    result = raid(board, pieces, "R3", CARDS, "S")
    assert result.pieces.pirates_in("R3") == ("S", "S", "S")
    assert result.pieces.pirates_in("R5") == ("S",)  # 2 steps away: out of range 1
    assert result.pieces.pirates_in("N") == ("C",)  # not chosen


@pytest.mark.phase("andromeda.raid")
def test_ships_never_block_and_pirates_ignore_voyage(board):
    ships = Pieces.of(ships={"R2": [Ship(owner="yellow")], "R3": [Ship(owner="blue")]}, pirates={"R1": "B"})
    result = raid(board, ships, "N", CARDS)  # R1-R2-R3-N is 3 steps: beyond range 2
    assert result.raiders == ()
    close = Pieces.of(ships={"R3": [Ship(owner="blue"), Ship(owner="yellow")]}, pirates={"R2": "B"})
    result = raid(board, close, "N", CARDS)  # R2-R3-N: 2 steps, through the ships in R3
    assert result.raiders == (("R2", "B", 1),)
    assert result.pieces.pirates_in("N") == ("B",)


@pytest.mark.phase("andromeda.raid")
def test_an_out_of_range_choice_is_refused_with_its_rule(board):
    pieces = Pieces.of(pirates={"R1": "B", "R5": "C"})
    with pytest.raises(IllegalAction) as error:
        raid(board, pieces, "R3", CARDS, "C")
    assert error.value.rule == "andromeda.raid.range"
    with pytest.raises(InvalidInput):
        raid(board, pieces, "R3", CARDS, "D")
    with pytest.raises(InvalidInput):
        raid_options(board, pieces, "R3", {"B": CARDS["B"]})  # class C's card is missing


@pytest.mark.phase("andromeda.raid")
def test_the_raid_procedure_explains_each_step(board):
    pieces = Pieces.of(pirates={"R2": "S", "R4": "S", "R1": "C"})
    steps = tabletoolkit.phase("andromeda.raid").run(board, pieces, "R3", CARDS, "S")
    assert [s.title for s in steps] == ["Check the active region", "Pirates in range", "Class S raids"]
    assert "Every S-class pirate in range comes along" in steps[-1].text
    assert steps.final_state.pieces.pirates_in("R3") == ("S", "S")
    quiet = run(pirate_raid(board, Pieces(), "R3", CARDS))
    assert [s.title for s in quiet] == ["Check the active region", "Pirates in range", "No raid"]
