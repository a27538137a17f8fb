import pytest

from tabletoolkit import Rng, run
from tabletoolkit.demo import two_dice_total
from tabletoolkit.widgets import dice_total_explorer, phase_map_html, stepper
from tabletoolkit.engine import Run


def test_stepper_buttons_and_slider_move_through_the_steps():
    view = stepper(run(two_dice_total(Rng.forced([2, 5]))), banner="Demo")
    assert view.prev_button.disabled and not view.next_button.disabled
    view.next_button.click()
    assert view.title.value == "<b>Step 2 of 3: Roll the second die</b>"
    assert view.text.value == "<p>The second die shows 5.</p>"
    assert view.section.value == ("<small>Rulebook: <span class='tt-citation'><span class='tt-citation-heading'>"
                                  "demonstration (no rulebook)</span></span></small>")
    assert view.state.value.startswith("<svg") and view.state.value.count("<rect") == 2
    view.slider.value = 3
    assert "The total is 7. 6 of the 36" in view.text.value and "exact chance is 1/6" in view.text.value
    assert view.next_button.disabled
    view.prev_button.click()
    assert view.slider.value == 2
    view.go(99)
    assert view.slider.value == 3


def test_stepper_needs_steps():
    with pytest.raises(ValueError):
        stepper(Run((), None))


def test_dice_total_explorer_updates_in_place():
    explorer = dice_total_explorer(total=2)
    assert "<b class='tt-fraction'>1/36</b>" in explorer.result.value
    explorer.slider.value = 12
    assert "<b class='tt-fraction'>1/36</b>" in explorer.result.value
    explorer.slider.value = 6
    assert "<b class='tt-fraction'>5/36</b>" in explorer.result.value


def test_phase_map_lists_all_ids():
    shown = phase_map_html()
    assert shown.count("<tr") == 57
    assert "<code>merchants.belt</code>" in shown


def test_a_rulebook_section_shows_in_its_own_words_with_the_english_gloss():
    from tabletoolkit.engine import Step

    view = stepper(Run((Step("Roll", "Yellow rolls.", "战斗 · 步骤 4 投掷骰子", None, {}),), None, None))
    assert view.section.value == ("<small>Rulebook: <span class='tt-citation'><span class='tt-citation-heading' lang='zh'>"
                                  "战斗 · 步骤 4 投掷骰子</span> — <span class='tt-citation-gloss'>Battle · Step 4: Roll the dice"
                                  "</span></span></small>")
