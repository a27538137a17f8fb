"""Battle step 1, escalation, including the rulebook's battle example (战斗举例 · 1 战事升级)."""

import pytest

import tabletoolkit
from tabletoolkit.andromeda.board import Board, Pieces
from tabletoolkit.andromeda.state import Ship
from tabletoolkit.andromeda.escalation import battle_escalation, battle_happens, escalate, escalation_options
from tabletoolkit.engine import IllegalAction, InvalidInput, run

#   Y2 ─ Y1 ─ X ─ B1 ─ B2        X is yellow's commerce planet (the active region), N a nebula next to it,
#             │                  F a far region 4 steps from X.
#             N ─ F1 ─ F2 ─ F
BOARD = """
[[region]]
id = "X"
kind = "planet"
name = "Yellow commerce planet"
development = "spaceport"
xy = [2, 0]
[[region]]
id = "Y1"
kind = "planet"
development = "city"
xy = [1, 0]
[[region]]
id = "Y2"
kind = "planet"
development = "factory"
xy = [0, 0]
[[region]]
id = "B1"
kind = "planet"
development = "obelisk"
xy = [3, 0]
[[region]]
id = "B2"
kind = "alliance_base"
base = "shipyard"
xy = [4, 0]
[[region]]
id = "N"
kind = "nebula"
dice = [4]
xy = [2, 1]
[[region]]
id = "F1"
kind = "planet"
development = "observatory"
xy = [3, 1]
[[region]]
id = "F2"
kind = "alliance_base"
base = "trade_hub"
xy = [4, 1]
[[region]]
id = "F"
kind = "alliance_base"
base = "monolith"
xy = [5, 1]
[adjacency]
links = [["Y2", "Y1"], ["Y1", "X"], ["X", "B1"], ["B1", "B2"], ["X", "N"], ["N", "F1"], ["F1", "F2"], ["F2", "F"]]
"""

YELLOW_TRANSPORT = Ship(owner="yellow")
YELLOW_CRUISER = Ship("heavy_cruiser", owner="yellow", range=1, jump=True)  # range 1, Jump (A-F12)
BLUE_TRANSPORT = Ship(owner="blue")
BLUE_FIGHTER = Ship("fighter", owner="blue", range=2)  # range 2: SAMPLE value the example implies
ORDER = ("yellow", "blue", "green")


@pytest.fixture
def board():
    return Board.from_toml(BOARD)


def example_pieces():
    """Yellow launched a transport to X; the Saucerian Abductor (class B) raided it."""
    return Pieces.of(
        ships={
            "X": [YELLOW_TRANSPORT],
            "Y1": [YELLOW_TRANSPORT],
            "Y2": [YELLOW_CRUISER],
            "B1": [BLUE_TRANSPORT],
            "B2": [BLUE_FIGHTER],
        },
        pirates={"X": "B"},
    )


@pytest.mark.phase("andromeda.battle.escalation")
def test_the_rulebook_battle_example_escalation(board):
    pieces = example_pieces()
    moves = {
        "yellow": [("Y1", YELLOW_TRANSPORT), ("Y2", YELLOW_CRUISER)],
        "blue": [("B1", BLUE_TRANSPORT), ("B2", BLUE_FIGHTER)],
    }
    steps = tabletoolkit.phase("andromeda.battle.escalation").run(board, pieces, "X", ORDER, "yellow", moves, {"yellow": 1, "blue": 0})
    result = steps.result
    assert result.energy_spent == {"yellow": 1}  # the heavy cruiser Jumps in from 2 steps
    assert len([s for s in result.pieces.ships_in("X") if s.owner == "yellow"]) == 3  # 黄方有 3 艘飞船参战
    assert len([s for s in result.pieces.ships_in("X") if s.owner == "blue"]) == 2  # 蓝方有 2 艘飞船参战
    assert result.sides == ("blue", "yellow", "pirates")
    assert [s.title for s in steps] == [
        "A battle in the active region", "Yellow decides", "Blue decides", "Green decides", "Sides in the battle",
    ]
    assert "paying 1 energy" in steps[1].text


@pytest.mark.phase("andromeda.battle.escalation")
def test_each_ship_has_a_verdict_in_turn_order(board):
    options = escalation_options(board, example_pieces(), "X", ORDER, "blue", {"yellow": 0})
    assert options.order == ("blue", "green", "yellow")
    table = {(v.player, v.region): v.rule for v in options.verdicts}
    assert table == {
        ("blue", "B1"): "legal",
        ("blue", "B2"): "legal",
        ("yellow", "Y1"): "legal",
        ("yellow", "Y2"): "andromeda.battle.escalation.jump_energy",
    }
    no_jump = Pieces.of(ships={"X": [BLUE_TRANSPORT], "Y2": [YELLOW_TRANSPORT]})
    verdict = escalation_options(board, no_jump, "X", ORDER, "blue").of("yellow")[0]
    assert verdict.rule == "andromeda.battle.escalation.range" and "cannot Jump" in verdict.reason


@pytest.mark.phase("andromeda.battle.escalation")
def test_a_battle_in_a_nebula_takes_only_voyage_ships(board):
    scout = Ship("science_vessel", owner="blue", range=1, voyage=True)
    pieces = Pieces.of(ships={"N": [Ship(owner="yellow", voyage=True)], "X": [BLUE_TRANSPORT], "F1": [scout]}, pirates={"N": "S"})
    options = escalation_options(board, pieces, "N", ORDER, "yellow")
    table = {(v.player, v.region): v.rule for v in options.verdicts}
    assert table == {("blue", "X"): "andromeda.battle.escalation.voyage", ("blue", "F1"): "legal"}


@pytest.mark.phase("andromeda.battle.escalation")
def test_jumps_are_paid_per_ship_and_refusals_change_nothing(board):
    second = Ship("battleship", owner="yellow", range=1, jump=True)
    pieces = Pieces.of(ships={"X": [BLUE_TRANSPORT], "Y2": [YELLOW_CRUISER], "F": [second]}, pirates={"X": "C"})
    before = Pieces.of(ships={"X": [BLUE_TRANSPORT], "Y2": [YELLOW_CRUISER], "F": [second]}, pirates={"X": "C"})
    moves = {"yellow": [("Y2", YELLOW_CRUISER), ("F", second)]}
    with pytest.raises(IllegalAction) as error:
        escalate(board, pieces, "X", ORDER, "blue", moves, {"yellow": 1})
    assert error.value.rule == "andromeda.battle.escalation.jump_energy"
    assert pieces == before
    done = escalate(board, pieces, "X", ORDER, "blue", moves, {"yellow": 2})
    assert done.energy_spent == {"yellow": 2} and done.sides == ("blue", "yellow", "pirates")


@pytest.mark.phase("andromeda.battle.escalation")
def test_no_battle_no_escalation(board):
    pieces = Pieces.of(ships={"X": [YELLOW_TRANSPORT], "Y1": [YELLOW_TRANSPORT]})
    assert not battle_happens(pieces, "X")
    steps = run(battle_escalation(board, pieces, "X", ORDER, "yellow"))
    assert [s.title for s in steps] == ["No battle"] and steps.result.pieces == pieces
    with pytest.raises(IllegalAction) as error:
        escalate(board, pieces, "X", ORDER, "yellow", {"yellow": [("Y1", YELLOW_TRANSPORT)]})
    assert error.value.rule == "andromeda.battle.escalation.no_battle"


def test_bad_decisions_are_refused(board):
    pieces = example_pieces()
    with pytest.raises(InvalidInput):
        escalate(board, pieces, "X", ORDER, "yellow", {"blue": [("Y1", YELLOW_TRANSPORT)]})  # not blue's ship
    with pytest.raises(InvalidInput):
        escalate(board, pieces, "X", ORDER, "yellow", {"yellow": [("B2", YELLOW_TRANSPORT)]})  # no such ship there
    with pytest.raises(InvalidInput):
        escalation_options(board, pieces, "X", ("yellow",), "yellow")  # blue is missing from the turn order
    with pytest.raises(InvalidInput):
        escalation_options(board, pieces, "X", ORDER, "red")


@pytest.mark.phase("andromeda.battle.escalation")
def test_teammates_are_one_side_in_2v2(board):
    teams = {"yellow": "sun", "green": "sun", "blue": "sea", "red": "sea"}
    together = Pieces.of(ships={"X": [YELLOW_TRANSPORT, Ship(owner="green")], "Y1": [Ship(owner="green")]})
    assert battle_happens(together, "X") and not battle_happens(together, "X", teams)
    steps = run(battle_escalation(board, together, "X", ("yellow", "blue", "green", "red"), "yellow", teams=teams))
    assert [s.title for s in steps] == ["No battle"]
    contested = together.with_ship("X", BLUE_TRANSPORT)
    done = escalate(board, contested, "X", ("yellow", "blue", "green", "red"), "yellow",
                    {"green": [("Y1", Ship(owner="green"))]}, teams=teams)
    assert done.sides == ("sea", "sun")
