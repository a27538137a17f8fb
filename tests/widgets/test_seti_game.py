"""The SETI game widgets, driven headlessly: set a control, read the result."""

from tabletoolkit.widgets.seti_game import gold_tile_explorer, mariner_explorer, milestone_explorer, play_explorer


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


def test_play_explorer_offers_the_legal_actions_and_plays_a_whole_game():
    box = play_explorer()
    labels = [label for label, _ in box.picker.options]
    assert "launch a probe" in labels and "pass" in labels and "research a tech" not in labels
    assert "seti.tech.publicity" in box.refused.value
    box.take.click()  # the first option: green plays its first card
    assert "orange to play" in box.status.value and "Play Sample card" in box.turn_log.value
    while not box.take.disabled:
        box.picker.value = dict(box.picker.options)["pass"]
        box.take.click()
    assert box.game().over and box.status.value.startswith("<b>Game over.</b>")
    box.restart.click()
    assert "Round 1: green to play" in box.status.value
