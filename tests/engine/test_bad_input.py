"""Bad input to the ground floor's public entry points: an InvalidInput naming the argument, never a bare error."""

from dataclasses import dataclass
from fractions import Fraction

import pytest

import tabletoolkit as tt
from tabletoolkit import InvalidInput, Rng
from tabletoolkit.andromeda.variant import RULEBOOK as ANDROMEDA
from tabletoolkit.engine import policies
from tabletoolkit.engine.frozen import replace
from tabletoolkit.engine.tester import check_game
from tabletoolkit.merchants.variant import RULEBOOK as MERCHANTS


def refused(call, field=None):
    with pytest.raises(InvalidInput) as caught:
        call()
    if field is not None:
        assert caught.value.field == field, caught.value
    return caught.value


@pytest.mark.parametrize("value", [6.0, True, "6", None, [6], 13, 0])
def test_a_variant_constant_takes_only_a_value_of_its_own_type(value):
    refused(lambda: ANDROMEDA.but(dice_cap=value), "dice_cap")  # 6.0 and True were accepted before


def test_a_tuple_constant_takes_a_tuple_of_whole_numbers_not_a_list_or_bools():
    assert MERCHANTS.but(players=(2, 5)).players == (2, 5)
    for value in ([2, 5], (2.0, 5), (True, 4)):
        refused(lambda: MERCHANTS.but(players=value), "players")
    assert ANDROMEDA.but(dice_cap=8).dice_cap == 8


@pytest.mark.parametrize("call, field", [
    (lambda: Rng(True), "seed"),
    (lambda: Rng(1.5), "seed"),
    (lambda: Rng.forced(5), "forced"),
    (lambda: Rng.forced("66"), "forced"),
    (lambda: Rng.forced([True]).roll(6), "forced"),
    (lambda: Rng.forced([6.0]).roll(6), "forced"),
    (lambda: Rng(1).shuffled(5), "items"),
    (lambda: Rng(1).shuffled("abc"), "items"),
    (lambda: Rng.forced([5]).shuffled([1, 2]), "forced"),
    (lambda: Rng(1).pick({"a": Fraction(1, 2)}), "outcomes"),
    (lambda: Rng(1).pick({"a": Fraction(1, 2), "b": Fraction(2, 3)}), "outcomes"),
])
def test_rng_refuses_bad_seeds_forced_values_and_distributions(call, field):
    refused(call, field)


def test_the_driver_policies_and_tester_refuse_what_is_not_theirs():
    game = tt.new_game("merchants", players=2, seed=1)
    for call, field in (
        (lambda: tt.replay(None, []), "start"),
        (lambda: tt.replay(game, 5), "choices"),
        (lambda: tt.replay(game, "abc"), "choices"),
        (lambda: tt.play(game, 5), "policies"),
        (lambda: tt.play(game, {"nobody": policies.first_legal}), "policies"),
        (lambda: policies.RandomPolicy(1)(None), "game"),
        (lambda: policies.first_legal("merchants"), "game"),
        (lambda: policies.replaying(5), "choices"),
        (lambda: check_game("merchants", 5), "seeds"),
        (lambda: check_game("merchants", [1.5]), "seeds"),
        (lambda: check_game("merchants", range(1), probe=2), "probe"),
        (lambda: check_game("merchants", range(1), max_steps=0), "max_steps"),
        (lambda: check_game("merchants", range(1), policies=5), "policies"),
        (lambda: check_game("nowhere", range(1)), None),
    ):
        refused(call, field)


@dataclass(frozen=True)
class Point:
    x: int = 0


def test_replace_refuses_what_is_not_a_dataclass_or_not_a_field():
    assert replace(Point(), x=2) == Point(2)
    refused(lambda: replace(Point(), y=2), "y")
    refused(lambda: replace(5, x=2), "obj")
