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
