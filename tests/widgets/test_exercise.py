"""The predict-then-reveal exercise and the change-a-rule panel, driven headlessly."""

from fractions import Fraction

import pytest

from tabletoolkit.engine.errors import InvalidInput
from tabletoolkit.engine.numbers import number_text
from tabletoolkit.widgets.exercise import predict_chance, predict_choice, predict_number, variant_controls


def test_a_chance_is_hidden_until_the_guess_is_locked_in_then_shown_as_fraction_and_percent():
    exercise = predict_chance("Two dice add up to 7?", Fraction(1, 6), "Six of the 36 rolls make 7.")
    assert exercise.answer_html.value == "" and "1/6" not in exercise.verdict.value
    exercise.guess("30%")
    exercise.commit_button.click()
    assert exercise.revealed and exercise.field.disabled
    assert exercise.answer_html.value == "<b>The exact answer:</b> <span class='tt-exercise-exact'>1/6 ≈ 16.67%</span>"
    assert exercise.verdict.value == "You said 30%; the answer is 16.67%: 13.33 percentage points too high."
    assert exercise.explanation_html.value == "Six of the 36 rolls make 7."
    exercise.again_button.click()
    assert not exercise.revealed and exercise.answer_html.value == "" and not exercise.field.disabled


def test_a_close_guess_is_spot_on_and_a_guess_that_cannot_be_read_is_refused_saying_why():
    exercise = predict_chance("?", Fraction(1, 6), "")
    exercise.guess("lots")
    exercise.commit()
    assert not exercise.revealed and "&#x27;lots&#x27; is not one" in exercise.verdict.value
    exercise.guess("120")
    exercise.commit()
    assert not exercise.revealed and "from 0% to 100%; you typed 120%" in exercise.verdict.value
    exercise.guess("16.5")
    exercise.commit()
    assert exercise.verdict.value.startswith("<b style='color:#276'>Spot on.</b>")


def test_a_number_is_revealed_beside_its_decimal():
    exercise = predict_number("Expected payout?", Fraction(1771, 96), "The best plan.", unit="credits")
    exercise.guess(15)
    exercise.commit()
    assert "1771/96 ≈ 18.45 credits" in exercise.answer_html.value
    assert exercise.verdict.value == "You said 15; the answer is 1771/96 ≈ 18.45: 3.45 too low."
    assert number_text(7) == "7" and number_text(Fraction(1, 3)) == "1/3 ≈ 0.33"


def test_a_choice_must_be_picked_before_it_is_revealed():
    exercise = predict_choice("Who wins?", ["Ada", "Bea"], "Bea", "Bea rolls more dice.")
    exercise.commit()
    assert not exercise.revealed and "Pick one" in exercise.verdict.value
    exercise.guess("Ada")
    exercise.commit()
    assert exercise.verdict.value == "<b style='color:#a33'>Not quite:</b> you said <i>Ada</i>."
    assert "Bea" in exercise.answer_html.value


def test_an_exercise_refuses_an_answer_it_cannot_reveal():
    with pytest.raises(InvalidInput):
        predict_chance("?", Fraction(3, 2), "")
    with pytest.raises(InvalidInput):
        predict_choice("?", ["a", "b"], "c", "")


def test_the_variant_panel_changes_a_rule_reports_it_and_resets():
    from tabletoolkit.merchants import RULEBOOK

    seen = []
    panel = variant_controls(RULEBOOK, seen.append, names=["explore_cost", "half_price_rounding"])
    assert set(panel.controls) == {"explore_cost", "half_price_rounding"}
    assert panel.changes.value == "<i>The rulebook's rules.</i>"
    assert ("2 (rulebook)", 2) in panel.controls["explore_cost"].options
    panel.set("explore_cost", 3)
    assert panel.variant.explore_cost == 3 and seen[-1] is panel.variant
    assert panel.changes.value == "Changed from the rulebook: Explore cost 2 → <b>3</b>."
    panel.reset_button.click()
    assert panel.variant == RULEBOOK and seen[-1] == RULEBOOK


def test_the_variant_panel_shows_each_source_with_its_gloss_and_refuses_unknown_names():
    from tabletoolkit.merchants import RULEBOOK

    panel = variant_controls(RULEBOOK, names=["explore_cost"])
    label = panel.children[1].children[1].value
    assert "Energy to explore" in label and "ベルト" in label and "The Belt" in label
    with pytest.raises(InvalidInput):
        variant_controls(RULEBOOK, names=["no_such_rule"])


def test_constant_words_print_abbreviations_in_capitals():
    from tabletoolkit.widgets.exercise import constant_words

    assert constant_words("dice_cap") == "Dice cap"
    assert constant_words("first_orbiter_vp") == "First orbiter VP"
    assert constant_words("tt3_publicity") == "TT3 publicity"


def test_enter_in_the_guess_field_locks_the_guess_in():
    from fractions import Fraction

    from tabletoolkit.widgets.exercise import predict_chance

    exercise = predict_chance("How likely is a 6?", Fraction(1, 6), "one face of six")
    exercise.guess("20")
    exercise.field._handle_custom_msg({"event": "submit"}, [])   # what the browser sends on Enter
    assert exercise.revealed and "1/6" in exercise.answer_html.value
