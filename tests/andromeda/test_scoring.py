"""Final scoring and the game end (游戏结束), with the rulebook's scoring example as the fixture."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.examples import scoring_example
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.effects import gain_vp
from tabletoolkit.andromeda.scoring import final_scoring, ranking, score_player
from tabletoolkit.andromeda.state import StationModule
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.engine import IllegalAction, run

RULEBOOK_CHAIN = (62, 121, 145, 137, 147, 163, 165)  # 计分举例, printed step by step


def test_scoring_example_chain_is_exact():
    sheet = score_player(scoring_example(), "yellow")
    assert sheet.chain[:7] == RULEBOOK_CHAIN
    assert sheet.total == 165


def test_scoring_example_line_items():
    deltas = {line.step: line.delta for line in score_player(scoring_example(), "yellow").lines}
    assert deltas["1 progress tracks"] == 9 + 20 + 10 + 12 + 8
    assert deltas["2 developments"] == 10 + 7 + 7
    assert deltas["3 damaged modules"] == -8
    assert deltas["4 vault"] == 10
    assert deltas["5 end-game modules"] == 10 + 6
    assert deltas["6 leaders"] == 2


@pytest.mark.phase("andromeda.end")
def test_final_scoring_phase_ranks_and_updates_vp():
    result = run(final_scoring(scoring_example()))
    assert result.result["places"] == (("yellow",), ("blue",))
    assert result.final_state.player("yellow").vp == 165
    assert [s.title for s in result.steps][:3] == ["The end was triggered", "yellow: 1 progress tracks", "yellow: 2 developments"]


@pytest.mark.phase("andromeda.end")
def test_final_scoring_refused_before_the_end():
    game = replace(scoring_example(), ended_by=None)
    with pytest.raises(IllegalAction) as refusal:
        run(final_scoring(game))
    assert refusal.value.rule == "andromeda.end.not_triggered"
    assert game == replace(scoring_example(), ended_by=None)


@pytest.mark.phase("andromeda.end")
def test_final_scoring_refused_while_final_turns_remain():
    game = replace(scoring_example(), final_turns=("blue",))
    with pytest.raises(IllegalAction) as refusal:
        run(final_scoring(game))
    assert refusal.value.rule == "andromeda.end.turns_left"


def test_text_tables_are_the_alternatives():
    text = RULEBOOK.but(development_vp="text")
    deltas = {line.step: line.delta for line in score_player(scoring_example(), "yellow", variant=text).lines}
    assert deltas["2 developments"] == 4 + 2 + 2      # ★4 for level 3, ★2 for level 2
    literal = RULEBOOK.but(civilization_modules="literal")
    deltas = {line.step: line.delta for line in score_player(scoring_example(), "yellow", variant=literal).lines}
    assert deltas["5 end-game modules"] == (4 + 3) + (3 + 3)
    text_tracks = RULEBOOK.but(track_vp="text")
    deltas = {line.step: line.delta for line in score_player(scoring_example(), "yellow", variant=text_tracks).lines}
    assert deltas["1 progress tracks"] != 59


def test_damaged_end_game_module_scores_nothing():
    game = scoring_example()
    yellow = game.player("yellow")
    game = game.with_player(yellow.with_module(StationModule("The Land Ministry", damage=1)))
    deltas = {line.step: line.delta for line in score_player(game, "yellow").lines}
    assert deltas["5 end-game modules"] == 6
    assert deltas["3 damaged modules"] == -10


def test_end_trigger_reaching_or_passing_the_marker():
    game = replace(scoring_example(), ended_by=None, event_pending="yellow", end_marker=70)
    game = replace(game, players=tuple(replace(p, vp=65) for p in game.players), active="yellow")
    before = gain_vp(game, "yellow", 4)
    assert before.ended_by is None and before.event_pending == "yellow"
    after = gain_vp(game, "yellow", 7)          # 72 passes 70
    assert after.ended_by == "yellow"
    assert after.event_pending is None          # the event marker leaves: no event in the final round
    assert after.final_turns == ("blue", "yellow")  # everyone once more, the trigger player included


def test_ties_go_to_modules_then_resources_then_shared():
    game = scoring_example()
    yellow, blue = game.player("yellow"), game.player("blue")
    same = dict(yellow=score_player(game, "yellow"), blue=replace(score_player(game, "yellow"), colour="blue"))
    assert ranking(game, same) == (("yellow",), ("blue",))      # yellow has more modules
    game = game.with_player(replace(blue, modules=yellow.modules, resources=yellow.resources, tactics=yellow.tactics))
    assert ranking(game, same) == (("blue", "yellow"),) or ranking(game, same) == (("yellow", "blue"),)
    game = game.with_player(replace(game.player("blue"), resources=yellow.resources + Goods.of(energy=1)))
    assert ranking(game, same) == (("blue",), ("yellow",))


def test_one_more_turn_each_then_the_game_is_over():
    from tabletoolkit.andromeda.scoring import end_turn

    game = replace(scoring_example(), ended_by=None, end_marker=70, active="yellow")
    game = replace(game, players=tuple(replace(p, vp=65) for p in game.players))
    game = gain_vp(game, "yellow", 10)                       # yellow triggers the end on their turn
    game = run(end_turn(game)).result                        # that turn does not count
    assert game.active == "blue" and game.final_turns == ("blue", "yellow")
    game = run(end_turn(game)).result                        # blue's last turn
    assert game.active == "yellow" and game.final_turns == ("yellow",)
    over = run(end_turn(game))
    assert over.result.final_turns == () and over.steps[-1].title == "The game is over"
    assert run(final_scoring(over.result)).result["places"][0] in (("yellow",), ("blue",))


def test_vp_track_wraps_and_the_marker_flips():
    from tabletoolkit.andromeda.scoring import vp_marker

    first = score_player(scoring_example(), "yellow").lines[0]
    assert "flips" in first.detail                            # 62 → 121 passes the 0 space (计分举例)
    assert vp_marker(121) == (21, 1)
