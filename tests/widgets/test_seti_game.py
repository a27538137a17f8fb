"""The SETI game widgets, driven headlessly: set a control, read the result."""

import pytest

import tabletoolkit as tt
from tabletoolkit.engine.errors import InvalidInput
from tabletoolkit.seti.free_actions import BuyCard
from tabletoolkit.widgets.seti_game import (
    choice_named, gold_tile_explorer, mariner_explorer, milestone_explorer,
)


def test_gold_tile_explorer_five_techs_are_two_pairs():
    box = gold_tile_explorer()
    assert "1 × 11" in box.result.value  # side A: 2 probe, 1 telescope, 2 computer techs = one set of three
    box.sides["I"].value = "b"
    assert "2 × 7</td><td><b>14</b>" in box.result.value
    box.positions["I"].value = 3  # a fourth chooser takes the lowest value (S-R4)
    assert "2 × 3</td><td><b>6</b>" in box.result.value


def test_gold_tile_explorer_income_side_b_counts_the_most_tucked_type():
    box = gold_tile_explorer()
    box.sides["III"].value = "b"
    assert "3 × 5</td><td><b>15</b>" in box.result.value
    box.sliders["tucked energy"].value = 5
    assert "5 × 5</td><td><b>25</b>" in box.result.value


def test_milestone_explorer():
    box = milestone_explorer()
    assert box.result.value == "gold: 25 — mark 1 gold tile(s)<br>neutral: 20 (2 neutral marker(s) there)"
    box.before.value, box.after.value = 24, 52
    assert box.result.value.startswith("gold: 25, 50 — mark 2 gold tile(s)")
    box.before.value, box.after.value = 98, 130
    assert "do not trigger again" in box.result.value and "gold: none" in box.result.value


def test_mariner_explorer_covers_one_circle_per_visit_and_completes():
    box = mariner_explorer()
    assert box.circles.value.startswith("Mercury: open, Venus: open")
    box.cover.value = False
    box.buttons["Venus"].click()
    assert box.circles.value.startswith("Mercury: open, Venus: open")
    box.cover.value = True
    box.buttons["Venus"].click()
    box.buttons["Mercury"].click()
    assert box.circles.value.startswith("Mercury: covered, Venus: covered · complete")
    box.reset.click()
    assert box.circles.value.startswith("Mercury: open, Venus: open")


def test_choice_named_picks_the_legal_option_that_reads_so():
    game = tt.new_game("seti", players=2, seed=0)
    assert choice_named(game, "launch a probe") == next(o.choice for o in game.options() if o.text == "launch a probe")
    assert choice_named(game, "buy a card for 3 publicity from row place 1") == BuyCard(row=0)


def test_choice_named_refuses_unknown_ambiguous_and_refused_words():
    game = tt.new_game("seti", players=2, seed=0)
    for words in ("fly to Alpha Centauri", "play S", "research a tech"):  # unknown, several, refused (6 publicity)
        with pytest.raises(InvalidInput) as refusal:
            choice_named(game, words)
        assert "launch a probe" in refusal.value.reason


def test_gold_rules_explorer_scores_a_fourth_marker_by_the_chosen_reading():
    from tabletoolkit.widgets.seti_game import gold_rules_explorer

    view = gold_rules_explorer(marked={"I": 3})
    assert "1 × 5</td><td><b>5</b>" in view.result.value and "36 VP" in view.result.value
    view.controls.set("fourth_gold_chooser", "nothing")
    assert "1 × 0</td><td><b>0</b>" in view.result.value and "31 VP" in view.result.value


def test_milestone_rules_explorer_deals_the_game_under_the_changed_milestones():
    from tabletoolkit.widgets.seti_game import milestone_rules_explorer

    view = milestone_rules_explorer(before=18, after=27)
    assert view.result.value == "gold: 25 — mark 1 gold tile(s)<br>neutral: 20 (2 neutral marker(s) there)"
    view.controls.set("neutral_milestones", (15, 25))
    assert view.result.value == "gold: 25 — mark 1 gold tile(s)<br>neutral: 25 (2 neutral marker(s) there)"
    view.controls.set("all_thresholds_trigger", False)
    view.after.value = 52
    assert view.result.value.startswith("gold: 50 — mark 1 gold tile(s)")   # only the highest threshold (S-R3's alternative)


def test_probe_rules_explorer_shows_costs_and_vp_under_the_changed_rules():
    from tabletoolkit.seti import Flight
    from tabletoolkit.seti.probes import launch, move
    from tabletoolkit.widgets.seti_game import probe_rules_explorer

    table = launch(launch(Flight.start(("green", "purple")), "green"), "purple")
    table = move(move(table, 1, [(3, 0)]), 2, [(3, 0)])
    view = probe_rules_explorer(table, "green")
    assert "<td>orbit Mars</td><td>1 credit, 1 energy</td><td><b>3 VP</b></td>" in view.result.value
    assert "refused: green cannot pay 3 energy (has 2)." in view.result.value
    view.controls.set("land_energy", 2)
    view.controls.set("first_orbiter_vp", 5)
    assert "<td>orbit Mars</td><td>1 credit, 1 energy</td><td><b>5 VP</b></td>" in view.result.value
    assert "<td>land Mars</td><td>2 energy</td>" in view.result.value
