"""The solo widget, headless: take your main action, free actions, end your turn, step through the rival's reasons."""

import html
from dataclasses import replace

from tabletoolkit.engine import run
from tabletoolkit.seti.cards import load_cards
from tabletoolkit.seti.missions import MissionInPlay
from tabletoolkit.seti.solar import Space
from tabletoolkit.seti.solo import YOU, setup_solo
from tabletoolkit.widgets.seti_solo import solo_play

YOUR_TURN = ("<b>Your turn:</b> take your main action (passing is one, and ends your turn); free actions "
             "before and after it.")
TAKEN = "your main action this turn is taken (launch): free actions, then end your turn"


def values(dropdown):
    """The action names a menu offers (its entries are (label, action) pairs)."""
    return tuple(value for _, value in dropdown.options)


def test_opening_offers_your_legal_actions_and_shows_the_score():
    view = solo_play(stars=4, seed=7)
    game = run(setup_solo(4, 7)).result
    assert "launch" in values(view.action) and "pass" in values(view.action)
    assert "end" not in values(view.action)  # ending is its own button
    assert view.end_button.disabled and not view.play_button.disabled
    assert view.turn.value == YOUR_TURN
    assert "<li>end: take a main action first (passing is one)</li>" in view.refused.value
    assert view.score.value.endswith(f"You {view.game.you.score} VP · Rival {view.game.rival.score} VP")
    assert view.game.you.score == game.you.score


def test_playing_launch_keeps_your_turn_then_ending_it_shows_the_rival_reasons():
    view = solo_play(stars=4, seed=7)
    before = len(view.steps)
    view.action.value = "launch"
    view.play_button.click()
    assert view.steps[before].title == "You: launch"
    assert view.step_title.value.startswith(f"<b>Step {before + 1} of {len(view.steps)}: You: launch</b>")
    assert view.game.to_move == YOU and view.game.main_action == "launch"  # still your turn: the rival waits
    assert values(view.action) == () and view.action.disabled and view.play_button.disabled
    assert not view.end_button.disabled
    assert view.turn.value == ("<b>Your main action this turn is taken</b> (launch): free actions if you like, "
                               "then end your turn.")
    assert f"<li>launch: {TAKEN}</li>" in view.refused.value and f"<li>pass: {TAKEN}</li>" in view.refused.value

    ended = len(view.steps)
    view.end_button.click()
    assert view.since == ended
    assert view.step_title.value.startswith(f"<b>Step {ended + 1} of {len(view.steps)}: You end your turn</b>")
    view.next_button.click()
    card = view.steps[ended + 1].data["card"]
    assert view.step_title.value.startswith(f"<b>Step {ended + 2} of {len(view.steps)}: Rival reveals {card}</b>")
    assert view.steps[ended + 1].text.startswith(f"Action card {card} (decision arrow: ")
    assert view.game.to_move == YOU and view.game.main_action is None  # your next turn
    assert view.end_button.disabled and view.turn.value == YOUR_TURN
    assert "launch" not in values(view.action)  # your probe is in space now
    assert "<li>launch: 1 probe(s) in space: the limit is 1</li>" in view.refused.value


def test_the_end_turn_button_does_nothing_before_your_main_action():
    view = solo_play(stars=4, seed=7)
    steps, game = len(view.steps), view.game
    assert view.end_button.disabled
    view.end_button.click()  # a disabled button's click (headless) is ignored
    assert len(view.steps) == steps and view.game is game


def test_passing_to_the_end_reaches_a_final_score():
    view = solo_play(stars=1, seed=3)
    while not view.game.over:
        view.play("pass" if "pass" in values(view.action) else values(view.action)[0])  # a pass ends taking a card
    assert view.score.value.startswith("<b>Game over</b>")
    assert view.steps[-1].title == "Game end"
    assert values(view.action) == () and view.free.options == ()
    assert view.end_button.disabled and view.play_button.disabled and view.free_button.disabled
    assert view.turn.value == "<i>The game is over.</i>"


def test_a_conversion_is_a_free_action_that_keeps_your_turn():
    view = solo_play(stars=4, seed=7)
    energy, hand = view.game.you.energy, view.game.you.hand
    pair = sorted(hand[:2])
    view.free.value = f"convert:{pair[0]}+{pair[1]}>energy"
    view.free_button.click()
    assert view.game.you.energy == energy + 1 and sorted(view.game.you.hand) == sorted(hand[2:])
    assert view.step_title.value.startswith(f"<b>Step {len(view.steps)} of {len(view.steps)}: You convert to energy</b>")
    assert "launch" in values(view.action)  # still your turn, the main action still yours
    assert view.end_button.disabled and view.game.main_action is None


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
    view = solo_play(stars=4, seed=7)
    view.game = replace(view.game, to_move=YOU, you=replace(view.game.you, hand=("S03",), credits=4))
    view._refresh()
    assert "play:S03" in values(view.action)
    view.action.value = "play:S03"
    view.play_button.click()
    assert view.steps[view.since].text.startswith("You play S03 for its effect, paying 1 credit.")
    assert "<b>In front of you:</b> S03 (1 cr, conditional)" in view.cards.value
    assert not view.end_button.disabled and view.game.main_action == "play:S03"


def test_moving_a_probe_is_a_free_action_after_your_main_action():
    view = solo_play(stars=4, seed=7)
    view.play("launch")
    (probe,) = view.game.table.probes_of(YOU)
    assert (probe.id, probe.space) == (2, Space(2, 7))
    energy, publicity = view.game.you.energy, view.game.you.publicity
    labels = dict((value, label) for label, value in view.free.options)
    assert labels["move:2:2,0"] == "move:2:2,0 (to ring 2, sector 0 (empty space), 1 move(s) paid with 1 energy)"
    assert {"move:2:2,6", "move:2:2,0", "move:2:1,7", "move:2:3,7"} <= set(labels)
    view.free.value = "move:2:2,0"
    view.free_button.click()
    assert view.game.table.probes_of(YOU)[0].space == Space(2, 0)
    assert (view.game.you.energy, view.game.you.publicity) == (energy - 1, publicity)
    assert view.step_title.value.startswith(f"<b>Step {len(view.steps)} of {len(view.steps)}: You move probe 2</b>")
    assert view.steps[-1].text.startswith("Free action: probe 2 moves from ring 2, sector 7 to ring 2, sector 0 (empty space)")
    assert view.game.main_action == "launch" and not view.end_button.disabled  # still your turn, to end


MISSION = """
[[card]]
id = "T-mission"
name = "Test triggered mission"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
kind = "triggered"
triggers = [
  { event = "launch", reward = { vp = 2 } },
  { event = "signal", reward = { publicity = 3 } },
]
"""


def test_holding_a_mission_circle_shows_in_your_cards_and_releasing_undoes_it():
    view = solo_play(stars=4, seed=7)
    supply = view.game.table.supply
    view.game = replace(view.game, table=replace(view.game.table, supply=replace(supply, catalog=supply.catalog + load_cards(MISSION))),
                        in_play=("T-mission",), missions=(MissionInPlay(YOU, "T-mission", "triggered", (True, False)),))
    view._refresh()
    assert "<b>In front of you:</b> T-mission (0 cr, triggered) circles 1/2<br>" in view.cards.value
    labels = dict((value, label) for label, value in view.choice.options)
    assert labels["hold:T-mission#2"] == "hold:T-mission#2 (leave circle 2 (signal) for a later trigger)"
    assert "hold:T-mission#1" not in labels  # circle 1 is covered already
    assert "hold:T-mission#2" not in values(view.free)  # a standing choice, not a free action: its own menu
    assert set(labels) == {"hold:T-mission#2", *(f"gold:{t.id}" for t in view.game.table.gold)}
    view.choice.value = "hold:T-mission#2"
    view.choice_button.click()
    assert view.game.held == {("T-mission", 1)}
    assert view.steps[-1].title == "You hold a circle"
    assert "<b>In front of you:</b> T-mission (0 cr, triggered) circles 1/2, circle 2 held<br>" in view.cards.value
    assert view.game.main_action is None and view.end_button.disabled  # a free action: your main action is still to take
    labels = dict((value, label) for label, value in view.choice.options)
    assert labels["release:T-mission#2"] == "release:T-mission#2 (cover circle 2 (signal) when it fits again)"
    view.choice.value = "release:T-mission#2"
    view.choice_button.click()
    assert view.game.held == frozenset()
    assert "<b>In front of you:</b> T-mission (0 cr, triggered) circles 1/2<br>" in view.cards.value


def test_a_free_move_from_a_card_corner_shows_in_the_turn_line_and_pays_the_next_move():
    view = solo_play(stars=4, seed=7)
    view.play("launch")
    energy = view.game.you.energy
    move_card = next(c for c in view.game.you.hand if view.game.card(c).corner == "move")
    view.free.value = f"corner:{move_card}"
    view.free_button.click()
    assert view.game.free_moves == 1
    assert view.turn.value.endswith(" You have 1 free move(s) left (move a probe, a free action); they lapse when your turn ends.")
    probe = view.game.table.probes_of(YOU)[0]
    step = next(value for label, value in view.free.options
                if value.startswith(f"move:{probe.id}:") and label.endswith(" 1 move(s) paid with 1 free move(s))"))
    view.free.value = step
    view.free_button.click()
    assert (view.game.free_moves, view.game.you.energy) == (0, energy)
    assert view.turn.value == ("<b>Your main action this turn is taken</b> (launch): free actions if you like, "
                               "then end your turn.")


def test_after_passing_you_choose_an_end_of_round_card_from_the_menu():
    view = solo_play(stars=4, seed=7)
    stack = view.game.table.end_of_round_stack(1)
    view.play("pass")
    assert view.game.taking and values(view.action) == tuple(f"take:{card}" for card in dict.fromkeys(stack))
    assert view.free.options == () and view.end_button.disabled  # no free actions during the pass steps (S-F16)
    view.play(f"take:{stack[-1]}")
    taken = view.steps[view.since]
    assert taken.title == "You take an end-of-round card" and taken.state.you.hand[-1] == stack[-1]
    assert not view.game.taking  # the rival played on to the round's end
