"""Objectives: the stack by difficulty, one trigger one task, replacement, payments, the end (S-F25)."""

import pytest

from tabletoolkit.engine import IllegalAction, Rng
from tabletoolkit.seti.solo import Event, material, setup_objectives
from tabletoolkit.seti.solo.objectives import tiles_by_level


def test_four_stars_uses_two_six_seven_and_reveals_three():
    objectives = setup_objectives(4, Rng(3))
    assert material().difficulties[4].objectives == (2, 6, 7)
    assert tiles_by_level(objectives) == (1, 1) + (2,) * 6 + (3,) * 7
    assert len(objectives.face_up) == 3 and len(objectives.stack) == 12
    assert objectives.unfinished == 15


def test_one_star_has_no_objectives():
    objectives = setup_objectives(1, Rng(0))
    assert objectives.face_up == () and objectives.unfinished == 0


def constructed(*tile_ids):
    from tabletoolkit.seti.solo.objectives import Objective, Objectives

    tiles = material().objectives
    stack = tuple(tiles[t] for t in tile_ids)
    objectives, _ = Objectives(stack=stack).end_of_turn()
    return objectives


def test_one_trigger_marks_one_task_you_choose_which():
    objectives = constructed("I-6", "II-1", "III-1")  # launch | launch + mission | launch + publicity 9
    assert [tile for tile, _ in objectives.options(Event("launch"))] == ["I-6", "II-1", "III-1"]
    marked, note = objectives.mark(Event("launch"), choose="II-1")
    assert [o.marked for o in marked.face_up] == [(False,), (True, False), (False, False)]
    assert note == "launch marks 'launch' on II-1 (one trigger marks one task; 2 other options left open)."


def test_a_choice_the_trigger_cannot_mark_is_refused_unchanged():
    objectives = constructed("I-6", "II-1", "III-1")
    with pytest.raises(IllegalAction) as refused:
        objectives.mark(Event("orbit"), choose="I-6")
    assert refused.value.rule == "seti.solo.objective_task"
    assert all(not any(o.marked) for o in objectives.face_up)


def test_slash_tasks_mark_on_either_part_and_thresholds_when_reached():
    objectives = constructed("I-3", "I-1", "I-2")  # orbit/land | score 16 | publicity 9
    marked, _ = objectives.mark(Event("land"))
    assert marked.face_up[0].complete
    marked, notes = marked.check_thresholds(score=15, publicity=9, pool_data=0)
    assert [o.complete for o in marked.face_up] == [True, False, True]
    marked, _ = marked.check_thresholds(score=16, publicity=9, pool_data=0)
    assert all(o.complete for o in marked.face_up)


def test_completed_objectives_replaced_at_end_of_turn_and_paid_after_rounds():
    objectives = constructed("I-6", "I-4", "I-8", "II-2", "II-3")
    objectives, _ = objectives.mark(Event("launch"))
    objectives, _ = objectives.mark(Event("signal"))
    objectives, notes = objectives.end_of_turn()
    assert [o.tile.id for o in objectives.face_up] == ["I-8", "II-2", "II-3"]
    assert objectives.completed == ("I-6", "I-4")
    assert notes[0] == "Completed: I-6, I-4."
    after_round_1, steps, text = objectives.pay(1)
    assert steps == 0 and after_round_1.completed == ("I-4",) and after_round_1.paid == ("I-6",)
    after_round_2, steps, text = after_round_1.pay(2)
    assert steps == 3
    assert text == "After round 2 you pay 2 completed objectives: 1 paid (I-4), 1 missing → the rival takes 3 progress."
    assert after_round_2.unfinished == 3


def test_a_second_open_threshold_task_waits_for_a_crossing_or_with_the_variant_is_marked_while_reached():
    objectives = constructed("I-1", "III-8", "I-6")  # both I-1 and III-8 ask for 16 VP
    crossed, _ = objectives.check_thresholds(score=18, publicity=0, pool_data=0)
    assert [o.marked for o in crossed.face_up[:2]] == [(True,), (False, False, False)]  # one trigger, one task (S-F25)
    kept, _ = crossed.end_of_turn(score=18)
    assert kept.face_up[0].tile.id == "III-8" and kept.face_up[0].marked == (False, False, False)  # waits
    reached, notes = crossed.end_of_turn(score=18, mark_reached=True)
    assert reached.face_up[0].tile.id == "III-8" and reached.face_up[0].marked == (False, True, False)
    assert notes[0] == "Already reached, marked on III-8: score:16."
