"""Launch turn step 1 on a small hand-built board with known answers."""

import pytest

import tabletoolkit
from tabletoolkit.andromeda.board import Board, Pieces
from tabletoolkit.andromeda.state import Ship
from tabletoolkit.andromeda.launch import BaseAccess, launch, launch_ship, legal_launches
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.engine import IllegalAction, InvalidInput, run

#   O ─ A ─ B ─ C ─ D ─ T        A and D also touch the Quasar Q, so A→D is 3 steps (around Q),
#       │   │   │                not 2; B touches the nebula N, C the Shipyard S.
#       Q   N   S
#       └───────────┘ (Q ─ D)
BOARD = """
[[region]]
id = "A"
kind = "planet"
development = "factory"
xy = [1, 0]
[[region]]
id = "B"
kind = "planet"
development = "city"
xy = [2, 0]
[[region]]
id = "C"
kind = "planet"
development = "spaceport"
xy = [3, 0]
[[region]]
id = "D"
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
dice = [2]
xy = [2.5, -1]
[[region]]
id = "S"
kind = "alliance_base"
base = "shipyard"
xy = [3, 1]
[[region]]
id = "T"
kind = "alliance_base"
base = "trade_hub"
xy = [5, 0]
[[region]]
id = "O"
kind = "alliance_base"
base = "development_office"
xy = [0, 0]
[[region]]
id = "M"
kind = "alliance_base"
base = "maximus"
xy = [1, 1]
[adjacency]
links = [["O", "A"], ["A", "B"], ["B", "C"], ["C", "D"], ["D", "T"], ["A", "Q"], ["Q", "D"], ["B", "N"], ["C", "S"], ["A", "M"]]
"""


@pytest.fixture
def board():
    return Board.from_toml(BOARD)


TRANSPORT = Ship(owner="blue")


def verdicts(options):
    return {v.region: v.rule for v in options.verdicts}


@pytest.mark.phase("andromeda.launch")
def test_first_launch_any_unoccupied_region(board):
    pieces = Pieces.of(ships={"B": [Ship(owner="yellow")]}, pirates={"C": "B"}, developments={"D": "yellow"})
    options = legal_launches(board, pieces, TRANSPORT)
    assert options.first
    assert set(options) == {"A", "D", "S"}  # D has a development: developments never occupy
    rules = verdicts(options)
    assert rules["B"] == rules["C"] == "andromeda.launch.occupied"
    assert rules["N"] == "andromeda.launch.voyage"
    assert rules["Q"] == "andromeda.launch.quasar"
    assert rules["T"] == rules["O"] == rules["M"] == "andromeda.launch.alliance_base"
    assert "yellow's ship" in options["B"].reason and "class-B pirate" in options["C"].reason


@pytest.mark.phase("andromeda.launch")
def test_assault_enters_an_occupied_region_on_a_first_launch(board):
    pieces = Pieces.of(ships={"B": [Ship(owner="yellow")]}, pirates={"C": "B"})
    options = legal_launches(board, pieces, Ship("fighter", owner="blue", range=1, assault=True))
    assert set(options) == {"A", "B", "C", "D", "S"}
    assert "Assault" in options["C"].reason


@pytest.mark.phase("andromeda.launch")
def test_a_nebula_needs_voyage(board):
    assert "N" not in legal_launches(board, Pieces(), TRANSPORT)
    assert "N" in legal_launches(board, Pieces(), Ship("science_vessel", owner="blue", range=1, voyage=True))


@pytest.mark.phase("andromeda.launch")
def test_subsequent_launch_within_range_of_your_ships(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")], "B": [Ship(owner="yellow")]})
    options = legal_launches(board, pieces, TRANSPORT)
    assert not options.first
    assert set(options) == {"B"}  # an opponent's region is allowed: a battle may follow
    assert "battle" in options["B"].reason
    rules = verdicts(options)
    assert rules["A"] == "andromeda.launch.own_ship"
    assert rules["C"] == rules["D"] == rules["S"] == "andromeda.launch.range"
    assert rules["O"] == rules["M"] == "andromeda.launch.alliance_base"


@pytest.mark.phase("andromeda.launch")
def test_the_quasar_forces_the_long_way_round(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")]})
    assert board.distance("A", "D") == 3
    assert "D" not in legal_launches(board, pieces, Ship("fighter", owner="blue", range=2))
    assert "3 steps" in legal_launches(board, pieces, Ship("fighter", owner="blue", range=2))["D"].reason
    assert "D" in legal_launches(board, pieces, Ship("fighter", owner="blue", range=3))


@pytest.mark.phase("andromeda.launch")
def test_jump_ignores_range_for_one_energy(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")]})
    cruiser = Ship("heavy_cruiser", owner="blue", range=1, jump=True)
    with_energy = legal_launches(board, pieces, cruiser, energy=1)
    assert with_energy["D"].legal and with_energy["D"].jump and with_energy["D"].energy == 1
    assert not with_energy["B"].jump and with_energy["B"].energy == 0
    without = legal_launches(board, pieces, cruiser, energy=0)
    assert without["D"].rule == "andromeda.launch.jump_energy"
    result = launch(board, pieces, cruiser, "D", energy=1)
    assert result.jumped and result.energy_spent == 1 and result.pieces.ships_in("D") == (cruiser,)


@pytest.mark.phase("andromeda.launch")
def test_alliance_bases_judged_per_base(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")], "D": [Ship("fighter", owner="blue", range=1)]})
    ship = Ship("heavy_cruiser", owner="blue", range=1, jump=True)
    # Trade Hub (T) is next to D: in range. 2 resources of any kind are needed.
    assert legal_launches(board, pieces, ship, access=BaseAccess(resources=1))["T"].rule == "andromeda.launch.alliance_base"
    assert legal_launches(board, pieces, ship, access=BaseAccess(resources=2))["T"].legal
    # Maximus Field (M) next to A: a module the player can gain.
    assert not legal_launches(board, pieces, ship)["M"].legal
    assert legal_launches(board, pieces, ship, access=BaseAccess(maximus_module=True))["M"].legal
    # Development Office (O) next to A: a transport on an undeveloped planet, and the means to build there.
    assert "leaders and resources" in legal_launches(board, pieces, ship)["O"].reason
    assert legal_launches(board, pieces, ship, access=BaseAccess(affordable_developments={"factory"}))["O"].legal
    developed = Pieces.of(ships={"A": [Ship(owner="blue")], "D": [Ship("fighter", owner="blue", range=1)]}, developments={"A": "green"})
    refusal = legal_launches(board, developed, ship, access=BaseAccess(affordable_developments={"factory"}))["O"]
    assert refusal.rule == "andromeda.launch.alliance_base" and "undeveloped planet" in refusal.reason
    # The Shipyard can always be activated (here 2 steps away, by a Jump).
    assert legal_launches(board, pieces, ship, energy=1)["S"].legal


@pytest.mark.phase("andromeda.launch")
def test_paying_for_a_jump_counts_against_the_two_resources(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")]})
    ship = Ship("heavy_cruiser", owner="blue", range=1, jump=True)
    short = legal_launches(board, pieces, ship, energy=1, access=BaseAccess(resources=2))["T"]
    assert short.rule == "andromeda.launch.alliance_base"
    assert "after paying 1 energy for the Jump" in short.reason
    assert legal_launches(board, pieces, ship, energy=1, access=BaseAccess(resources=3))["T"].legal


@pytest.mark.phase("andromeda.launch")
def test_a_refused_launch_raises_and_changes_nothing(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")]})
    before = Pieces.of(ships={"A": [Ship(owner="blue")]})
    with pytest.raises(IllegalAction) as error:
        launch(board, pieces, TRANSPORT, "D")
    assert error.value.rule == "andromeda.launch.range"
    assert error.value.section == "发射回合 · 步骤 1 发射飞船 · 后续发射"
    assert pieces == before
    with pytest.raises(IllegalAction) as error:
        run(launch_ship(board, pieces, TRANSPORT, "Q"))
    assert error.value.rule == "andromeda.launch.quasar"
    assert pieces == before


@pytest.mark.phase("andromeda.launch")
def test_only_ships_in_the_launch_bay_launch(board):
    options = legal_launches(board, Pieces(), TRANSPORT, bay=[Ship("fighter", owner="blue", range=2)])
    assert len(options) == 0
    assert {v.rule for v in options.verdicts} == {"andromeda.launch.not_in_bay"}


@pytest.mark.phase("andromeda.launch")
def test_every_refusal_names_its_rule_reason_and_section(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")], "B": [Ship(owner="yellow")]}, pirates={"C": "S"})
    for ship in (TRANSPORT, Ship("heavy_cruiser", owner="blue", range=1, jump=True), Ship("fighter", owner="green", range=2, assault=True)):
        for verdict in legal_launches(board, pieces, ship).verdicts:
            assert verdict.rule == "legal" or verdict.rule.startswith("andromeda.launch.")
            assert verdict.reason and verdict.section


@pytest.mark.phase("andromeda.launch")
def test_range_from_any_ship_is_the_alternative_reading(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")], "D": [Ship(owner="yellow")]})
    assert "C" not in legal_launches(board, pieces, TRANSPORT)
    assert "C" in legal_launches(board, pieces, TRANSPORT, variant=RULEBOOK.but(launch_range_from="any"))


@pytest.mark.phase("andromeda.launch")
def test_the_launch_procedure_explains_each_step(board):
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")]})
    cruiser = Ship("heavy_cruiser", owner="blue", range=1, jump=True)
    steps = tabletoolkit.phase("andromeda.launch").run(board, pieces, cruiser, "D", energy=2)
    assert [s.title for s in steps] == [
        "Choose a ship from the launch bay",
        "First or subsequent launch?",
        "Where this ship may go",
        "Pay for a Jump",
        "Launch to D",
    ]
    assert steps.result.region == "D" and steps.result.energy_spent == 1
    assert steps.final_state.pieces.ships_in("D") == (cruiser,)
    assert 'tt-mark-active" data-region="D"' in steps.final_state._repr_svg_()


def test_bad_inputs_are_refused(board):
    with pytest.raises(InvalidInput):
        legal_launches(board, Pieces(), TRANSPORT, energy=-1)
    with pytest.raises(InvalidInput):
        legal_launches(board, Pieces.of(ships={"Z": [TRANSPORT]}), TRANSPORT)
    with pytest.raises(InvalidInput):
        BaseAccess(resources=-2)
    with pytest.raises(InvalidInput):
        launch(board, Pieces(), TRANSPORT, "Nowhere")


@pytest.mark.phase("andromeda.launch")
def test_a_vortex_takes_launches_and_gives_its_reward():
    board = Board.from_toml('[[region]]\nid = "V"\nkind = "vortex"\nname = "Vortex of Power"\ndice = [6]\n')
    options = legal_launches(board, Pieces(), TRANSPORT)
    assert options["V"].legal and "reward on arrival (A-F21)" in options["V"].reason
    shown = options._repr_html_()
    assert shown.startswith("<svg") and "<table class='tt-launch-verdicts'>" in shown  # picture before table


@pytest.mark.phase("andromeda.launch")
def test_empty_tile_spaces_are_crossed_unless_the_variant_says_otherwise():
    #  A ─ E ─ B   (E: a tile space no tile is laid in yet)
    #  A ─ C ─ D ─ B
    board = Board.from_toml("""
[[region]]
id = "A"
kind = "planet"
development = "city"
[[region]]
id = "E"
slot = 1
[[region]]
id = "B"
kind = "planet"
development = "factory"
[[region]]
id = "C"
kind = "planet"
development = "obelisk"
[[region]]
id = "D"
kind = "planet"
development = "spaceport"
[adjacency]
links = [["A", "E"], ["E", "B"], ["A", "C"], ["C", "D"], ["D", "B"]]
""")
    pieces = Pieces.of(ships={"A": [Ship(owner="blue")]})
    fighter = Ship("fighter", owner="blue", range=2)
    assert legal_launches(board, pieces, fighter)["E"].rule == "andromeda.launch.no_tile"
    assert "B" in legal_launches(board, pieces, fighter)
    strict = legal_launches(board, pieces, fighter, variant=RULEBOOK.but(empty_spaces_in_paths=False))
    assert strict["B"].rule == "andromeda.launch.range" and "3 steps" in strict["B"].reason
