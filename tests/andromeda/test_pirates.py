"""Placing new pirates (海盗 · 放置新海盗, A-F6) and the exact odds of random placements."""

from fractions import Fraction

import pytest

import tabletoolkit
from tabletoolkit.andromeda.board import Board, Pieces
from tabletoolkit.andromeda.pirates import (
    NOT_PLACED,
    RANDOM_NEBULA,
    PirateCard,
    leader_odds,
    place_pirate,
    placement_chances,
    placement_odds,
    starting_s_class_odds,
)
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.engine import InvalidInput, Rng, run

NEBULAE = "".join(f'[[region]]\nid = "N{d}"\nkind = "nebula"\ndice = [{d}]\nxy = [{d}, 0]\n' for d in range(1, 7))
BOARD = NEBULAE + """
[[region]]
id = "O"
kind = "alliance_base"
base = "development_office"
xy = [0, 1]
[adjacency]
links = [["N1", "O"]]
"""
WITH_VORTEX = BOARD + """
[[region]]
id = "V"
kind = "vortex"
name = "Vortex of Power"
dice = [3]
xy = [3, 1]
"""

# The rulebook's example card: class D, range 1, BEGINS ON THE DEVELOPMENT OFFICE (海盗, card picture).
MORTALITY_SPHERE = PirateCard("Mortality Sphere", "D", 1, "development_office")
RANDOM_C = PirateCard("Sample C", "C", 1, RANDOM_NEBULA)
S_CARD = PirateCard("Vorticon Strikers", "S", 1, RANDOM_NEBULA)


@pytest.fixture
def board():
    return Board.from_toml(BOARD)


@pytest.mark.phase("odds.placement")
def test_a_fixed_start_region_is_certain(board):
    assert placement_odds(board, Pieces(), MORTALITY_SPHERE, s_supply=4) == placement_odds(board, Pieces(), MORTALITY_SPHERE, s_supply=0)
    assert dict(placement_odds(board, Pieces(), MORTALITY_SPHERE, s_supply=4).items()) == {"O": 1}


@pytest.mark.phase("odds.placement")
def test_a_held_start_region_falls_back_to_a_random_free_nebula(board):
    pieces = Pieces.of(pirates={"O": "B", "N1": "A", "N2": "S"})
    odds = placement_odds(board, pieces, MORTALITY_SPHERE, s_supply=4)
    assert dict(odds.items()) == {f"N{d}": Fraction(1, 4) for d in (3, 4, 5, 6)}


@pytest.mark.phase("odds.placement")
def test_random_nebula_with_held_nebulae(board):
    # N1 holds class A, N2 S-class: a class-C pirate that rolls 1 or 2 falls back to N3..N6.
    pieces = Pieces.of(pirates={"N1": "A", "N2": "S"})
    odds = placement_odds(board, pieces, RANDOM_C, s_supply=4)
    # P(N3) = 1/6 + 2/6 * 1/4 = 1/4
    assert dict(odds.items()) == {f"N{d}": Fraction(1, 4) for d in (3, 4, 5, 6)}


@pytest.mark.phase("odds.placement")
def test_s_class_stacks_on_s_class_but_falls_back_to_a_pirate_free_nebula(board):
    pieces = Pieces.of(pirates={"N1": "A", "N2": "S"})
    odds = placement_odds(board, pieces, S_CARD, s_supply=4)
    # A roll of 2 stacks on the S-class in N2; a roll of 1 (class A there) falls back to a nebula
    # free of pirates (A-F6): N3..N6, so each takes 1/6 + 1/6 * 1/4.
    assert odds["N2"] == Fraction(1, 6)
    assert odds["N3"] == Fraction(1, 6) + Fraction(1, 6) * Fraction(1, 4) == Fraction(5, 24)
    assert dict(odds.items()) == {"N2": Fraction(1, 6), **{f"N{d}": Fraction(5, 24) for d in range(3, 7)}}
    # The alternative reading lets the S-class exception cover the fallback: N2 shares N1's sixth too.
    wider = placement_odds(board, pieces, S_CARD, s_supply=4, variant=RULEBOOK.but(fallback_nebula="free_for_class"))
    assert dict(wider.items()) == {f"N{d}": Fraction(1, 5) for d in range(2, 7)}


@pytest.mark.phase("andromeda.pirates")
def test_a_fallback_roll_naming_an_s_class_nebula_is_rolled_again(board):
    pieces = Pieces.of(pirates={"N1": "A", "N2": "S"})
    steps = run(place_pirate(board, pieces, S_CARD, Rng.forced([1, 2, 4]), s_supply=4))
    assert steps.result.rolls == (1, 2, 4) and steps.result.region == "N4"
    assert "free of pirates (A-F6)" in steps[2].text


@pytest.mark.phase("andromeda.pirates")
def test_two_s_class_figures_when_the_named_class_is_out(board):
    pieces = Pieces.of(pirates={"N4": "D"})
    steps = run(place_pirate(board, pieces, MORTALITY_SPHERE, Rng(0), s_supply=5))
    assert steps.result.pirate_class == "S" and steps.result.figures == 2
    assert steps.result.region == "O"  # the named class's card region
    assert steps.result.pieces.pirates_in("O") == ("S", "S")
    one_left = run(place_pirate(board, pieces, MORTALITY_SPHERE, Rng(0), s_supply=1)).result
    assert one_left.figures == 1 and one_left.pieces.pirates_in("O") == ("S",)
    none_left = run(place_pirate(board, pieces, MORTALITY_SPHERE, Rng(0), s_supply=0)).result
    assert none_left.region is None and none_left.pieces == pieces
    assert dict(placement_odds(board, pieces, MORTALITY_SPHERE, s_supply=0).items()) == {NOT_PLACED: 1}


@pytest.mark.phase("andromeda.pirates")
def test_forced_dice_place_a_random_pirate_with_the_fallback(board):
    pieces = Pieces.of(pirates={"N1": "A", "N2": "B"})
    steps = tabletoolkit.phase("andromeda.pirates").run(board, pieces, RANDOM_C, Rng.forced([1, 2, 1, 5]), s_supply=4)
    assert steps.result.rolls == (1, 2, 1, 5)  # 1: N1 is held; fallback rolls 2 and 1 name held nebulae; 5
    assert steps.result.region == "N5"
    assert [s.title for s in steps] == [
        "Who arrives", "Roll for the start region", "Fall back to a random pirate-free nebula", "Place the figure",
    ]
    assert steps.result.pieces.pirates_in("N5") == ("C",)


@pytest.mark.phase("andromeda.pirates")
def test_special_regions_catch_pirates_by_their_die_numbers():
    board = Board.from_toml(WITH_VORTEX)
    odds = placement_odds(board, Pieces(), RANDOM_C, s_supply=4)
    assert odds["V"] == Fraction(1, 6) and odds["N3"] == 0
    steps = run(place_pirate(board, Pieces(), RANDOM_C, Rng.forced([3]), s_supply=4))
    assert steps.result.region == "V"
    assert steps[1].section == "可选规则 · 特殊地区 · 放置海盗"


@pytest.mark.phase("andromeda.pirates")
def test_no_free_nebula_leaves_the_pirate_on_its_card(board):
    pieces = Pieces.of(pirates={f"N{d}": "S" for d in range(1, 7)})
    assert dict(placement_odds(board, pieces, RANDOM_C, s_supply=4).items()) == {NOT_PLACED: 1}
    result = run(place_pirate(board, pieces, RANDOM_C, Rng.forced([2]), s_supply=4)).result
    assert result.region is None and result.pieces == pieces


@pytest.mark.phase("odds.placement")
def test_the_odds_procedure_matches_the_function(board):
    pieces = Pieces.of(pirates={"N1": "A"})
    steps = tabletoolkit.phase("odds.placement").run(board, pieces, RANDOM_C, s_supply=4)
    assert steps.result == placement_odds(board, pieces, RANDOM_C, s_supply=4)
    assert dict(steps.result.items()) == {f"N{d}": Fraction(1, 5) for d in range(2, 7)}
    assert [s.title for s in steps] == ["Who arrives", "Where the card sends it", "Barred regions fall back", "Exact chances"]
    assert run(placement_chances(board, Pieces(), MORTALITY_SPHERE, s_supply=4)).result["O"] == 1


@pytest.mark.phase("odds.placement")
def test_odds_agree_with_every_forced_roll(board):
    """Enumerate every first die and fallback die: the frequencies equal the exact odds."""
    pieces = Pieces.of(pirates={"N1": "A", "N4": "B"})
    counts: dict[str, Fraction] = {}
    for first in range(1, 7):
        for fallback in (2, 3, 5, 6):  # the fallback is rolled until it names a free nebula
            result = run(place_pirate(board, pieces, RANDOM_C, Rng.forced([first, fallback]), s_supply=4)).result
            weight = Fraction(1, 6) * Fraction(1, 4)
            counts[result.region] = counts.get(result.region, 0) + weight
    assert counts == dict(placement_odds(board, pieces, RANDOM_C, s_supply=4).items())


@pytest.mark.phase("odds.placement")
def test_set_up_placements_by_die(board):
    pairs = starting_s_class_odds(board)
    assert pairs.probability(lambda pair: pair[0] == pair[1]) == Fraction(1, 6)  # both S-class in one nebula
    assert pairs[("N1", "N2")] == Fraction(2, 36)
    assert dict(leader_odds(board).items()) == {f"N{d}": Fraction(1, 6) for d in range(1, 7)}


def test_bad_cards_and_supplies_are_refused(board):
    with pytest.raises(InvalidInput):
        PirateCard("X", "E", 1)
    with pytest.raises(InvalidInput):
        PirateCard("X", "B", -1)
    with pytest.raises(InvalidInput):
        placement_odds(board, Pieces(), RANDOM_C, s_supply=-1)
    with pytest.raises(InvalidInput):
        placement_odds(board, Pieces(), PirateCard("X", "B", 1, "shipyard"), s_supply=2)  # no Shipyard on this board
