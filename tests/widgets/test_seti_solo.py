"""The solo widget, headless: choose an action, play it, step through the rival's reasons."""

import html

from tabletoolkit.engine import run
from tabletoolkit.seti.solo import setup_solo
from tabletoolkit.widgets.seti_solo import solo_play


def test_opening_offers_your_legal_actions_and_shows_the_score():
    view = solo_play(stars=4, seed=7)
    game = run(setup_solo(4, 7)).result
    assert "launch" in view.action.options and "pass" in view.action.options
    assert view.score.value.endswith(f"You {view.game.you.score} VP · Rival {view.game.rival.score} VP")
    assert view.game.you.score == game.you.score


def test_playing_launch_then_stepping_shows_the_rival_reasons():
    view = solo_play(stars=4, seed=7)
    before = len(view.steps)
    view.action.value = "launch"
    view.play_button.click()
    assert view.step_title.value.startswith(f"<b>Step {before + 1} of {len(view.steps)}: You: launch</b>")
    view.next_button.click()
    assert "Rival reveals" in view.step_title.value or "Objectives" in view.step_title.value
    texts = [s.text for s in view.steps[before:]]
    assert any(t.startswith("Action card S.") for t in texts)
    assert "launch" not in view.action.options  # your probe is on Earth now
    assert "launch: 1 probe(s) in space: the limit is 1" in view.refused.value


def test_passing_to_the_end_reaches_a_final_score():
    view = solo_play(stars=1, seed=3)
    while not view.game.over:
        view.play("pass")
    assert view.score.value.startswith("<b>Game over</b>")
    assert view.steps[-1].title == "Game end"
    assert view.action.options == ()


def test_a_conversion_is_a_free_action_that_keeps_your_turn():
    view = solo_play(stars=4, seed=7)
    energy, cards = view.game.you.energy, len(view.game.you.hand)
    view.free.value = "convert:cards>energy"
    view.free_button.click()
    assert (view.game.you.energy, len(view.game.you.hand)) == (energy + 1, cards - 2)
    assert view.step_title.value.startswith(f"<b>Step {len(view.steps)} of {len(view.steps)}: You convert cards to energy</b>")
    assert "launch" in view.action.options  # still your turn


def test_the_objective_menu_lists_the_face_up_objectives():
    view = solo_play(stars=4, seed=7)
    assert [value for _, value in view.mark_on.options] == [None] + [o.tile.id for o in view.game.objectives.face_up]
    assert view.mark_on.options[1][0] == view.game.objectives.face_up[0].describe()


def test_a_new_game_at_another_difficulty_replaces_the_game_in_place():
    view = solo_play(stars=4, seed=7)
    view.stars.value = 1
    view.seed.value = 2
    view.new_button.click()
    assert view.game.rival.stars == 1 and view.game.round == 1
    assert view.objectives.value == "<i>No objectives at this difficulty.</i>"
    assert view.step_title.value.startswith(f"<b>Step 1 of {len(view.steps)}: Set up</b>")


def test_the_log_lists_everything_since_your_last_action():
    view = solo_play(stars=4, seed=7)
    view.play("launch")
    titles = [s.title for s in view.steps[view.since:]]
    assert titles[0] == "You: launch"
    assert all(f"<b>{html.escape(title)}</b>" in view.turn_log.value for title in titles)


def test_playing_a_card_from_the_menu_puts_a_mission_in_front_of_you():
    from dataclasses import replace

    from tabletoolkit.seti.solo import YOU

    view = solo_play(stars=4, seed=7)
    view.game = replace(view.game, to_move=YOU, you=replace(view.game.you, hand=("S03",), credits=4))
    view._refresh()
    assert "play:S03" in view.action.options
    view.action.value = "play:S03"
    view.play_button.click()
    assert view.steps[view.since].text.startswith("You play S03 for its effect, paying 1 credit.")
    assert "<b>In front of you:</b> S03 (1 cr, conditional)" in view.cards.value
