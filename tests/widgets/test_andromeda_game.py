"""Headless checks of the Andromeda game widgets: set a control, read the result."""

from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.engine import run
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


def test_variant_table_starts_the_same_seeded_game_again_under_a_changed_rule():
    from tabletoolkit.widgets.andromeda_game import variant_table

    view = variant_table(players=2, seed=7, seats={"yellow": "scripted", "blue": "scripted"}, names=("jump_energy", "hand_limit"))
    first = view.table
    assert first.game.variant == RULEBOOK and view.children == (view.controls, first)
    view.controls.set("jump_energy", 0)
    assert view.table is not first and view.table.game.variant.changes() == {"jump_energy": (1, 0)}
    assert view.table.start.seed == 7 and view.children[1] is view.table


def test_placement_explorer_gives_exact_odds_under_the_fallback_rule():
    import tabletoolkit as tt
    from tabletoolkit.andromeda.placing import place_pirate_in_game
    from tabletoolkit.engine import Rng
    from tabletoolkit.widgets.andromeda_game import placement_explorer

    table = tt.new_game("andromeda", players=2, seed=1).table
    with_sphere = run(place_pirate_in_game(table, "D", Rng(0))).result[0]
    view = placement_explorer(with_sphere, "D")
    assert "2 figure(s) of class S" in view.result.value and view.result.value.count("1/4 ≈ 25.00%") == 4
    view.controls.set("fallback_nebula", "free_for_class")
    assert view.result.value.count("1/6 ≈ 16.67%") == 6
    view.controls.set("s_class_for_named_class", 3)
    assert "3 figure(s) of class S" in view.result.value


def test_verdicts_read_in_words_with_the_rule_as_a_detail_and_labels_never_truncate():
    chooser = activation_explorer(activation_example(), "yellow")
    assert chooser.picker.style.description_width == "initial"
    chooser.picker.value = "energy"
    verdicts = chooser.verdicts.value
    assert "✘ " in verdicts and "<small style='color:#666'>(andromeda.return.energy_needs_ship)</small>" in verdicts
    assert "<td>✘ andromeda." not in verdicts                    # the reason comes first, never the bare rule id


def test_development_rules_explorer_follows_the_cap_and_the_end_game_table():
    from tabletoolkit.widgets.andromeda_game import development_rules_explorer

    view = development_rules_explorer(development_example(), "Cinder", "factory", "purple")
    assert "<b class='tt-and-dev-built'>7 VP</b>" in view.result.value
    assert "<b class='tt-and-dev-end'>10 VP</b>" in view.result.value
    view.controls.set("development_vp_cap", 5)
    assert "<b class='tt-and-dev-built'>5 VP</b>" in view.result.value
    view.controls.set("development_vp", "text")
    assert "<b class='tt-and-dev-end'>4 VP</b>" in view.result.value


def test_scoring_rules_explorer_follows_the_damaged_module_penalty_and_prices_a_repair():
    from tabletoolkit.andromeda.repair import repair
    from tabletoolkit.widgets.andromeda_game import scoring_rules_explorer

    view = scoring_rules_explorer(scoring_example(), "yellow")
    assert "<b class='tt-and-final'>165 VP</b>" in view.result.value
    view.controls.set("damaged_module_penalty", 5)    # 4 damaged modules: 3 VP more each
    assert "<b class='tt-and-final'>153 VP</b>" in view.result.value
    station = activation_example()
    fixed = run(repair(station, "yellow", "module", "Index Extractor")).result
    worth = scoring_rules_explorer(station, "yellow", repaired=fixed)
    assert "<b class='tt-and-repair-worth'>2 VP</b>" in worth.result.value
    worth.controls.set("damaged_module_penalty", 0)
    assert "<b class='tt-and-repair-worth'>0 VP</b>" in worth.result.value
