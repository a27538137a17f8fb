"""Milestones (seti.milestones): gold at 25/50/70 (S-R4 value order), neutral at 20/30 (S-F17),
several in one turn (S-R3), resolution order, passing 100 (S-F20)."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletoolkit import IllegalAction, run
from tabletoolkit.seti import Decisions, new_game
from tabletoolkit.seti.milestones import gold_tiles_svg, mark_gold_tile, resolve_milestones
from tabletoolkit.seti.traces import NEUTRAL, Mark
from tabletoolkit.seti.variant import RULEBOOK

COLOURS = ("green", "orange", "blue", "purple")
GAMES = {players: new_game(COLOURS[:players], seed=2) for players in range(1, 5)}


def scored(game, **scores):
    for colour, (before, after) in scores.items():
        game = game.with_player(replace(game.player(colour), milestone_score=before, score=after))
    return game


@pytest.mark.phase("seti.milestones")
def test_reaching_25_marks_a_gold_tile_the_first_chooser_taking_the_highest_value():
    game = scored(new_game(COLOURS[:2], seed=2), green=(22, 25))
    decisions = Decisions({"gold_tile": ["III"]})
    steps = run(resolve_milestones(game, decisions))
    assert decisions.asked == [("gold_tile", "III")]
    tile = {t.id: t for t in steps.result.gold_tiles}["III"]
    assert tile.marks == ("green",)
    assert steps[0].data["value"] == tile.face.values[0]
    assert steps.result.player("green").milestone_score == 25


@pytest.mark.phase("seti.milestones")
def test_passing_two_gold_thresholds_in_one_turn_marks_two_tiles_s_r3():
    game = scored(new_game(COLOURS[:2], seed=2), green=(24, 52))
    result = run(resolve_milestones(game, Decisions({"gold_tile": ["I", "II"]}))).result
    assert [t.marks for t in result.gold_tiles] == [("green",), ("green",), (), ()]
    one = replace(game, variant=RULEBOOK.but(all_thresholds_trigger=False))
    result = run(resolve_milestones(one, Decisions({"gold_tile": ["I"]}))).result
    assert [t.marks for t in result.gold_tiles] == [("green",), (), (), ()]


@pytest.mark.phase("seti.milestones")
def test_players_resolve_clockwise_from_the_player_whose_turn_ended():
    game = scored(new_game(COLOURS[:3], seed=2), green=(20, 26), blue=(24, 27))
    game = replace(game, active=2)  # blue's turn just ended
    result = run(resolve_milestones(game, Decisions({"gold_tile": ["I", "I"]}))).result
    assert result.gold_tiles[0].marks == ("blue", "green")


def test_a_tile_cannot_be_marked_twice_and_the_state_is_unchanged():
    game = mark_gold_tile(new_game(COLOURS[:2], seed=2), "green", "I")
    with pytest.raises(IllegalAction) as refused:
        mark_gold_tile(game, "green", "I")
    assert refused.value.rule == "seti.milestones.marked_twice"
    assert game.gold_tiles[0].marks == ("green",)
    game = scored(game, green=(45, 50))
    before = game
    with pytest.raises(IllegalAction) as refused:
        run(resolve_milestones(game, Decisions({"gold_tile": ["I"]})))
    assert refused.value.rule == "seti.milestones.marked_twice" and game == before


@pytest.mark.phase("seti.milestones")
def test_neutral_milestones_move_one_marker_to_the_leftmost_empty_discovery_space():
    game = scored(new_game(COLOURS[:2], seed=2), orange=(18, 31))  # passes 20, 25 and 30 (S-R3)
    steps = run(resolve_milestones(game, Decisions({"gold_tile": ["II"]})))
    result = steps.result
    assert result.life.slots[0].discovery[:2] == (Mark(NEUTRAL, "pink"), Mark(NEUTRAL, "yellow"))
    assert dict(result.neutral) == {20: 1, 30: 1}
    assert [s.data.get("spot") for s in steps] == [None, "A discovery pink", "A discovery yellow"]


@pytest.mark.phase("seti.milestones")
def test_neutral_milestones_resolve_after_gold_ones():
    game = scored(new_game(COLOURS[:2], seed=2), orange=(18, 26), green=(10, 21))
    game = replace(game, active=1)
    steps = run(resolve_milestones(game, Decisions({"gold_tile": ["IV"]})))
    assert [s.title for s in steps] == ["orange reaches 25: gold tile IV", "Neutral milestone 20", "Neutral milestone 20"]


@pytest.mark.parametrize("players, markers", [(1, 2), (2, 2), (3, 1), (4, 0)])
def test_neutral_markers_by_player_count(players, markers):
    assert dict(new_game(COLOURS[:players], seed=0).neutral) == {20: markers, 30: markers}


@pytest.mark.phase("seti.milestones")
def test_three_players_one_neutral_marker_then_no_effect():
    game = scored(new_game(COLOURS[:3], seed=2), green=(19, 20), orange=(19, 22))
    steps = run(resolve_milestones(game))
    assert sum(1 for mark in steps.result.life.slots[0].discovery if mark) == 1
    assert "no neutral marker is left" in steps[-1].text


@pytest.mark.phase("seti.milestones")
def test_four_players_ignore_neutral_milestones_and_full_spaces_do_nothing():
    game = scored(new_game(COLOURS, seed=2), green=(19, 20))
    assert "no neutral marker is left" in run(resolve_milestones(game))[0].text
    game = scored(new_game(COLOURS[:2], seed=2), green=(19, 20))
    full = tuple(replace(slot, discovery=(Mark("orange", "pink"),) * 3) for slot in game.life.slots)
    game = replace(game, life=replace(game.life, slots=full))
    steps = run(resolve_milestones(game))
    assert "all six discovery spaces are full" in steps[0].text and dict(steps.result.neutral) == {20: 2, 30: 2}


@pytest.mark.phase("seti.milestones")
def test_passing_100_triggers_nothing_again_s_f20():
    game = scored(new_game(COLOURS[:2], seed=2), green=(98, 130))
    steps = run(resolve_milestones(game))
    assert [s.title for s in steps] == ["No milestone"]
    assert steps.result.player("green").milestone_score == 130


@given(before=st.integers(0, 140), gain=st.integers(0, 60), players=st.integers(1, 4))
@settings(max_examples=60, deadline=None)
def test_every_threshold_passed_once_triggers_once(before, gain, players):
    game = scored(GAMES[players], green=(before, before + gain))
    result = run(resolve_milestones(game)).result
    gold = sum(1 for t in RULEBOOK.gold_milestones if before < t <= before + gain)
    assert sum(tile.marks.count("green") for tile in result.gold_tiles) == gold
    markers = RULEBOOK.neutral_markers[players - 1]
    neutral = sum(1 for t in RULEBOOK.neutral_milestones if before < t <= before + gain and markers)
    assert sum(1 for slot in result.life.slots for mark in slot.discovery if mark) == neutral
    again = run(resolve_milestones(result)).result
    assert again.gold_tiles == result.gold_tiles and again.life == result.life  # resolved once only


def test_gold_tiles_are_drawn_with_their_values_and_marks():
    game = mark_gold_tile(new_game(COLOURS[:2], seed=2), "orange", "II")
    picture = gold_tiles_svg(game.gold_tiles)
    tile = game.gold_tiles[1]
    assert picture.count("<svg") == 1 and f"II Missions · side {tile.side.upper()}" in picture
    assert f'font-weight="bold">{tile.face.values[0]}</text>' in picture and ">orange</text>" in picture
    assert gold_tiles_svg(game.gold_tiles) == picture  # deterministic
