import pickle

import pytest

from tabletoolkit import IllegalAction, InvalidInput, RulesError, Rng, run
from tabletoolkit.demo import two_dice_total
from tabletoolkit.engine import Step, result_of


def test_illegal_action_carries_rule_reason_and_section():
    error = IllegalAction("andromeda.launch.occupied", "Region Vega holds a pirate.", "发射回合 · 首次发射")
    assert isinstance(error, RulesError) and isinstance(error, ValueError)
    assert (error.rule, error.reason, error.section) == (
        "andromeda.launch.occupied",
        "Region Vega holds a pirate.",
        "发射回合 · 首次发射",
    )
    assert str(error) == "Region Vega holds a pirate. [andromeda.launch.occupied; 发射回合 · 首次发射]"
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.rule, copy.reason, copy.section) == (error.rule, error.reason, error.section)


def test_invalid_input_names_field_and_value():
    error = InvalidInput("sides[2].aim", 0, "aim is 1 or more")
    assert (error.field, error.value) == ("sides[2].aim", 0)
    assert str(error) == "sides[2].aim=0: aim is 1 or more"


def test_run_collects_steps_and_result():
    demo = run(two_dice_total(Rng.forced([4, 6])), phase=None)
    assert [step.title for step in demo] == ["Roll the first die", "Roll the second die", "Add them up"]
    assert demo.result == 10
    assert demo.final_state.dice == (4, 6)
    assert demo[2].data["probability"] * 36 == 3
    assert demo.transcript().splitlines()[0] == "1. Roll the first die [demonstration (no rulebook)]"


def test_result_of_skips_the_steps():
    assert result_of(two_dice_total(Rng.forced([1, 2]))) == 3


def test_run_refuses_a_procedure_that_yields_something_else():
    def bad():
        yield "not a step"

    with pytest.raises(InvalidInput, match="yields Step objects") as caught:
        run(bad())
    assert caught.value.field == "procedure" and caught.value.value == "not a step"
    for procedure, phase in ((None, None), ([1], None), (bad(), 3)):
        with pytest.raises(InvalidInput):
            run(procedure, phase)


def test_step_html_escapes_text():
    assert "&lt;b&gt;" in Step("t", "<b>", "s")._repr_html_()
