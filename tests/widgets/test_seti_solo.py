"""The solo game at the table, headless: difficulty and seed controls that say when they take effect."""

import pytest

import tabletoolkit as tt
from tabletoolkit.seti.variant import RULEBOOK
from tabletoolkit.engine.errors import InvalidInput
from tabletoolkit.widgets.seti_solo import solo_table


def test_the_table_plays_the_solo_game_the_controls_name():
    view = solo_table(stars=1, seed=7)
    assert view.table.game.seats == tt.new_game("seti-solo", stars=1, seed=7).seats == ("green", "white")
    assert view.table.start == tt.new_game("seti-solo", stars=1, seed=7)
    assert "On the table: the solo game at 1★, seed 7." in view.notice.value


def test_changing_difficulty_or_seed_says_it_waits_for_new_game():
    view = solo_table(stars=1, seed=7)
    shown = view.table
    view.stars.value = 4
    assert view.table is shown  # the game on show is untouched
    assert "Not dealt yet:</b> 4★, seed 7 — press <b>New game</b>" in view.notice.value
    assert "still 1★, seed 7" in view.notice.value
    view.seed.value = 3
    assert "4★, seed 3" in view.notice.value
    view.stars.value, view.seed.value = 1, 7  # back to what is shown: nothing waits
    assert view.notice.value.startswith("<i>On the table")


def test_new_game_deals_the_new_settings():
    view = solo_table(stars=1, seed=7)
    view.stars.value, view.seed.value = 4, 3
    view.new_button.click()
    assert view.table.start == tt.new_game("seti-solo", stars=4, seed=3)
    assert (view.stars_shown, view.seed_shown) == (4, 3) and view.children[-1] is view.table
    assert "On the table: the solo game at 4★, seed 3." in view.notice.value


def test_a_difficulty_outside_one_to_five_stars_is_refused():
    with pytest.raises(InvalidInput) as refusal:
        solo_table(stars=6)
    assert refusal.value.field == "stars"


def test_a_changed_rule_waits_for_new_game_then_plays_in_the_new_game():
    view = solo_table(stars=1, seed=7, rules=["solo_unfinished_objective_vp"])
    rulebook = view.rules.variant.solo_unfinished_objective_vp
    other = next(v for v in view.rules.infos[0].allowed if v != rulebook)
    view.rules.set("solo_unfinished_objective_vp", other)
    assert "with changed rules — press <b>New game</b>" in view.notice.value
    assert view.table.start.variant == RULEBOOK
    view.new_button.click()
    assert view.table.start.variant.solo_unfinished_objective_vp == other
    assert "1★, seed 7 with changed rules" in view.notice.value
