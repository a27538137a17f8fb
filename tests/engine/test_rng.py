import pytest

from tabletoolkit import InvalidInput, Rng


def test_same_seed_same_rolls():
    assert Rng(42).rolls(10) == Rng(42).rolls(10)
    assert Rng(1).rolls(20) != Rng(2).rolls(20)


def test_forced_values_come_first_then_the_seed():
    rng = Rng.forced([6, 6], seed=3)
    assert rng.rolls(2) == (6, 6)
    assert rng.roll() == Rng(3).roll()
    assert rng.history[:2] == [("d6", 6), ("d6", 6)]


def test_forced_value_must_fit_the_draw():
    with pytest.raises(InvalidInput, match="1..6"):
        Rng.forced([7]).roll(6)
    with pytest.raises(InvalidInput):
        Rng.forced(["x"]).choice(["a", "b"])
    with pytest.raises(InvalidInput):
        Rng.forced([("a", "c")]).shuffled(["a", "b"])


def test_forced_choice_and_shuffle():
    rng = Rng.forced(["b", ("c", "a", "b")])
    assert rng.choice(["a", "b"]) == "b"
    assert rng.shuffled(["a", "b", "c"]) == ("c", "a", "b")
    assert rng.pending == ()


def test_bad_arguments_are_named():
    with pytest.raises(InvalidInput) as error:
        Rng("seed")
    assert error.value.field == "seed"
    with pytest.raises(InvalidInput):
        Rng().roll(0)
    with pytest.raises(InvalidInput):
        Rng().rolls(-1)
    with pytest.raises(InvalidInput):
        Rng().choice([])


def test_shuffle_is_a_permutation():
    assert sorted(Rng(5).shuffled(range(10))) == list(range(10))
