"""Headless checks of the Andromeda game widgets: set a control, read the result."""

from tabletoolkit.andromeda.examples import activation_example, development_example, scoring_example
from tabletoolkit.widgets.andromeda_game import (activation_explorer, development_vp_explorer, event_peek_explorer,
                                                 scoring_explorer)


def test_scoring_explorer_chain_and_alternative():
    box = scoring_explorer(scoring_example(), "yellow")
    assert "62 → 121 → 145 → 137 → 147 → 163 → 165" in box.chain.value
    box.dev_table.value = "text"
    assert "62 → 121 → 129 → 121 → 131 → 147 → 149" in box.chain.value


def test_development_vp_explorer_caps_at_10():
    box = development_vp_explorer(development_example(), "Cinder", "factory", "Nebula 3", "blue")
    assert "<b>7 VP</b>" in box.result.value
    box.slider.value = 9
    assert "<b>10 VP</b>" in box.result.value and "capped at 10" in box.result.value


def test_activation_explorer_verdicts_follow_the_activator():
    box = activation_explorer(activation_example(), "yellow")
    box.picker.value = "energy"
    assert "andromeda.return.energy_needs_ship" in box.verdicts.value
    box.picker.value = "fighter"
    assert "andromeda.return.scrapyard" in box.verdicts.value


def test_event_peek_explorer():
    box = event_peek_explorer()
    assert "<b class='tt-fraction'>17/45</b>" in box.result.value
    box.picker.value = "science"
    assert "<b class='tt-fraction'>17/45</b>" in box.result.value and "without = 1/5" in box.result.value


def test_launch_explorer_lists_the_legal_regions():
    from tabletoolkit.andromeda.setup import set_up
    from tabletoolkit.engine import Rng, run
    from tabletoolkit.widgets.andromeda_game import launch_explorer

    game = run(set_up(("yellow", "blue"), Rng(5))).result
    box = launch_explorer(game, "yellow")
    assert "may launch to 8 regions" in box.verdicts.value and "andromeda.launch.voyage" in box.verdicts.value


def test_optional_rules_explorer_switches_the_rules_on():
    from tabletoolkit.widgets.andromeda_game import optional_rules_explorer

    view = optional_rules_explorer()
    assert "<td>none</td>" in view.steps.value
    view.special.value = "quasar"
    assert "steps around it, not the 2 through it" in view.steps.value
    view.special.value = "vortex"
    assert "Vortex of Power (vortex, die 6)" in view.steps.value and "Quasar" not in view.steps.value
    view.teams.value = True
    assert "2v2: teammates are not opponents" in view.steps.value
    view.destiny.value = True
    assert "Destiny goals now" in view.steps.value
