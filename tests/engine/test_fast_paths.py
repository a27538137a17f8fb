"""The ground floor's fast paths keep the slow paths' meaning: replace, cached values, Options.of, Step, applying a
draw or a choice handed out by ``legal()`` before the options are listed."""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field
from fractions import Fraction

import pytest

from tabletoolkit import CHANCE, IllegalAction, InvalidInput, Option, Options, Outcome, Rng, Step
from tabletoolkit.engine.frozen import cached, replace
from tabletoolkit.engine.game import Game
from tabletoolkit.engine.policies import RandomPolicy
from tabletoolkit.engine.tester import CheckReport, _check_one


@dataclass(frozen=True)
class Hold:
    tokens: tuple[str, ...] = ()
    room: int = 3

    @cached
    def free(self) -> int:
        return self.room - len(self.tokens)


def test_a_cached_value_is_worked_out_once_and_left_out_of_a_copy():
    hold = Hold(("ore",))
    assert hold.free == 2 and hold.__dict__["free"] == 2
    fuller = replace(hold, tokens=("ore", "gas"))
    assert "free" not in fuller.__dict__ and fuller.free == 1 and hold.free == 2
    assert fuller == Hold(("ore", "gas")) and pickle.loads(pickle.dumps(fuller)) == fuller


def test_replace_still_refuses_a_name_that_is_no_field_with_or_without_a_cached_value():
    for hold in (Hold(), Hold(("ore",))):
        hold.free  # noqa: B018 - one of them carries its cached value
        with pytest.raises(InvalidInput) as caught:
            replace(hold, spare=1)
        assert caught.value.field == "spare"
    assert replace(Hold(), room=5).free == 5


def test_options_of_offers_the_first_option_of_a_repeated_choice_and_refuses_an_unhashable_one():
    first = Option(("roll", 1), cost="1 turn")
    second = Option(tuple(["roll", 1]), False, "race.no", "No.", "race rules")  # an equal choice, another object
    rest = Option("rest")
    assert second.choice is not first.choice
    for looked_up in (second.choice, tuple(["roll", 1])):  # a listed object itself, or an equal value
        options = Options.of([first, second, rest])
        assert options.get(looked_up) is first and looked_up in options and options.get(second) is first
    assert options.get(rest.choice) is rest and options.get("jump") is None and options.choices() == (("roll", 1), "rest")
    assert options == Options([first, second, rest])
    with pytest.raises(InvalidInput) as caught:
        Options.of([Option(["roll"])]).get("roll")
    assert caught.value.field == "options"


def test_a_step_is_frozen_and_each_gets_its_own_data():
    one, two = Step("Roll", "The coin is tossed.", "race rules"), Step("Roll", "The coin is tossed.", "race rules")
    assert one == two and one.data == {} and one.data is not two.data and one.state is None
    with pytest.raises(AttributeError):
        one.title = "Rest"  # type: ignore[misc]


@dataclass(frozen=True, repr=False)
class Coin(Game):
    """A coin is tossed once: heads 1/3, tails 2/3."""

    tossed: str | None = None
    seed: int = 0
    steps: tuple[Step, ...] = field(default=(), compare=False)

    game_id = "coin"
    section = "coin rules"

    @property
    def seats(self):
        return ("A",)

    @property
    def over(self):
        return self.tossed is not None

    @property
    def to_move(self):
        return None if self.over else CHANCE

    def _chance_outcomes(self):
        return {"heads": Fraction(1, 3), "tails": Fraction(2, 3)}

    def describe_outcome(self, outcome):
        return f"the coin shows {outcome}"

    def _resolve(self, choice):
        return replace(self, tossed=choice, steps=(Step("Toss", f"It is {choice}.", "coin rules"),))


def test_a_draw_applies_the_same_whether_or_not_its_outcomes_were_listed_first():
    listed = Coin()
    listed.options()
    assert Coin().apply("tails") == listed.apply("tails") == Coin(tossed="tails")
    assert Coin().apply("the coin shows heads") == Coin(tossed="heads")  # an outcome named by its words
    for wrong in ("edge", ["heads"]):
        with pytest.raises(IllegalAction) as caught:
            Coin().apply(wrong)
        assert caught.value.rule == "engine.not_offered"


@dataclass(frozen=True, repr=False)
class Pick(Game):
    """One seat picks a number once: 1 and 2 are allowed, 3 is refused; ``lying`` claims 3 is legal too."""

    picked: int | None = None
    lying: bool = False
    seed: int = 0
    steps: tuple[Step, ...] = field(default=(), compare=False)

    game_id = "pick"
    section = "pick rules"

    @property
    def seats(self):
        return ("A",)

    @property
    def over(self):
        return self.picked is not None

    @property
    def to_move(self):
        return None if self.over else "A"

    def _decision_options(self):
        def check(choice):
            if choice == 3:
                raise IllegalAction("pick.three", "Three is not allowed.", "pick rules")

        return Options.checked([1, 2, 3], check)

    def _legal_choices(self):
        return (1, 2, 3) if self.lying else (1, 2)

    def _resolve(self, choice):
        return replace(self, picked=choice, steps=(Step("Pick", f"A picks {choice}.", "pick rules"),))

    def _final(self):
        return Outcome((("A", self.picked),), ("A",), ("A",))


def test_a_choice_handed_out_by_legal_applies_without_the_options_being_listed():
    game = Pick()
    (one, two) = game.legal()
    assert "_options_now" not in game.__dict__
    assert game.apply(two) == Pick(picked=2) and "_options_now" not in game.__dict__
    assert Pick().apply(2) == Pick(picked=2)  # an equal value goes the listed way
    with pytest.raises(IllegalAction) as caught:
        Pick().apply(3)
    assert caught.value.rule == "pick.three"
    listed = Pick()
    assert listed.options().choices() == (1, 2) and listed.legal() == (1, 2)


def test_the_tester_finds_legal_choices_that_are_not_the_listed_legal_options():
    for lying, defects in ((False, 0), (True, 1)):
        report = CheckReport("pick")
        _check_one(Pick(lying=lying), {"A": RandomPolicy(1)}, Rng(1), 10, random.Random(1), 0.0, "pick", report)
        assert len(report.defects) == defects
    assert "are not the listed legal options" in report.defects[0]


@dataclass(frozen=True)
class Checked:
    """A state whose ``__post_init__`` refuses a negative count."""

    count: int = 0

    def __post_init__(self):
        if self.count < 0:
            raise InvalidInput("count", self.count, "0 or more")

    @cached
    def doubled(self) -> int:
        return 2 * self.count


def test_replace_valid_skips_the_checks_leaves_cached_values_out_and_refuses_unknown_names():
    from tabletoolkit.engine.frozen import replace_valid

    state = Checked(2)
    assert state.doubled == 4
    copy = replace_valid(state, count=3)
    assert copy == Checked(3) and "doubled" not in copy.__dict__ and copy.doubled == 6
    assert replace_valid(state, count=-1).count == -1  # the caller vouches for the change: no __post_init__
    with pytest.raises(InvalidInput, match="Checked has no such field"):
        replace_valid(state, size=1)
    with pytest.raises(InvalidInput):
        replace(state, count=-1)  # replace still checks


def test_share_is_the_exact_fraction_made_once_per_pair():
    from tabletoolkit.engine.numbers import share

    assert share(2, 6) == Fraction(1, 3) and isinstance(share(2, 6), Fraction)
    assert share(2, 6) is share(2, 6)


def test_last_asked_answers_the_same_arguments_from_memory_and_an_equal_other_object_afresh():
    from tabletoolkit.engine.frozen import last_asked

    calls = []

    @last_asked
    def total(values: tuple[int, ...], extra: int) -> int:
        calls.append(values)
        return sum(values) + extra

    first = (1, 2, 3)
    assert total(first, 1) == 7 and total(first, 1) == 7
    assert len(calls) == 1                       # the very same arguments: remembered
    equal = tuple([1, 2, 3])
    assert equal == first and equal is not first
    assert total(equal, 1) == 7 and len(calls) == 2   # an equal other object: worked out afresh, same answer
    assert total(equal, 2) == 8 and len(calls) == 3   # another argument: afresh
    assert total.__name__ == "total"


class _Menu(Game):
    """A stand-in decision whose legal choices are ``count`` numbers (only ``legal()`` is asked)."""

    def __init__(self, count: int):
        self.count = count

    def legal(self) -> tuple[int, ...]:
        return tuple(range(self.count))


def test_the_random_policy_picks_what_randrange_picks_for_the_same_seed():
    for seed in range(5):
        policy, reference = RandomPolicy(seed), random.Random(seed)
        for count in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 64, 100, 1000] * 20:
            assert policy(_Menu(count)) == reference.randrange(count)


def test_a_copy_and_a_step_hold_their_fields_alone_pickle_and_compare():
    hold = replace(Hold(("ore",)), room=4)
    assert vars(hold) == {"tokens": ("ore",), "room": 4} and pickle.loads(pickle.dumps(hold)) == hold
    step = Step("Roll", "The coin is tossed.", "race rules", None, {"die": 3})
    assert vars(step) == {"title": "Roll", "text": "The coin is tossed.", "section": "race rules", "state": None,
                          "data": {"die": 3}}
    assert pickle.loads(pickle.dumps(step)) == step
