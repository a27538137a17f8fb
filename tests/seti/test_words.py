"""Data keys (mission events, counts, solo tasks, action ids) read in words; the keys stay the data's."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, run
from tabletoolkit.seti import Decisions, new_game
from tabletoolkit.seti.missions import complete_mission, play_card, report_event
from tabletoolkit.seti.solo import material
from tabletoolkit.seti.solo.objectives import Objectives, task_words
from tabletoolkit.seti.solo.you import action_words
from tabletoolkit.seti.words import event_words, measure_words

MARINER = "Mariner 10 Mission"


def holding(card):
    game = new_game(("green", "orange"), seed=6)
    return game.with_player(replace(game.player("green"), hand=game.player("green").hand + (card,)))


def test_events_and_counts_read_in_words():
    assert [event_words(e) for e in ("visit:Venus", "visit:comet", "visit:asteroids")] == [
        "visit Venus", "visit a comet", "visit an asteroid field"]
    assert measure_words("signal_at:Beta Pictoris") == "your signals at Beta Pictoris"
    assert measure_words("signal_sectors") == "sectors with your signal"


def test_a_mission_event_step_is_titled_in_words():
    played = run(play_card(holding(MARINER), "green", MARINER)).result
    steps = run(report_event(played, "green", "visit:Venus", Decisions({"circle": [(MARINER, 1)]})))
    assert steps[-1].title == "Mission event: visit Venus"
    assert steps[-1].text == ("green covers circle 2 of Mariner 10 Mission (visit Venus) and gains 1 publicity. "
                              "One trigger covers one circle.")


def test_an_unmet_condition_names_its_count_in_words():
    card = "Beta Pictoris Observation"
    game = run(play_card(holding(card), "green", card)).result
    with pytest.raises(IllegalAction) as refused:
        complete_mission(game, "green", card)
    assert refused.value.reason == "'[icon] at Beta Pictoris' does not hold (your signals at Beta Pictoris: 0, needs 1)"


def test_solo_tasks_read_in_words_with_the_keys_as_a_detail():
    assert [task_words(t) for t in ("score:16", "publicity:9", "tech:telescope", "card_cost:3", "orbit/land")] == [
        "reach 16 VP", "reach 9 publicity", "take a telescope tech", "play a 3-credit card for its effect",
        "put a probe in orbit or land a probe"]
    tiles = material().objectives
    objectives, _ = Objectives(stack=(tiles["I-1"], tiles["II-8"])).end_of_turn()
    assert objectives.face_up[1].describe() == "II-8 (level II): ☐ take a telescope tech, ☐ place a signal"
    assert ("<li>I-1 (level I): ☐ reach 16 VP <small class='tt-detail'>(score:16)</small></li>"
            in objectives._repr_html_())


def test_a_card_played_with_its_research_names_the_computer_slot():
    assert action_words(None, "play:Large Hadron Collider@CT1@3") == (
        "play Large Hadron Collider, researching CT #01 into computer slot 3")
    assert action_words(None, "play:S05") == "play S05"
