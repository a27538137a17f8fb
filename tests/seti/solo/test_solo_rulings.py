"""The solo rulings checked on small constructed states: S-F21 (two-player set-up), S-F22 (a tech rotates
first), species discovery replacing the card (物种发现), the rival's pass (弃权不行动)."""

from dataclasses import replace

import pytest

from tabletoolkit.engine import Rng, run
from tabletoolkit.seti.solo import RIVAL, YOU, rival_turn, setup_solo
from tabletoolkit.seti.solo.game import end_of_round


def fresh(stars=4, seed=3):
    return run(setup_solo(stars, seed)).result


@pytest.mark.phase("seti.solo")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_start_player_scores_one_the_other_two_and_the_start_alternates(seed):
    game = fresh(seed=seed)
    other = RIVAL if game.start == YOU else YOU
    assert game.scores[game.start] == 1 and game.scores[other] == 2 and game.to_move == game.start
    after = run(end_of_round(replace(game, table=replace(game.table, passed=(0, 1)), to_move=None), Rng(0))).result  # both seats passed
    assert after.start == other and after.to_move == other and after.round == 2


@pytest.mark.phase("seti.solo")
def test_the_rival_pays_six_publicity_and_rotates_before_it_takes_the_tech():
    game = fresh()
    rival = replace(game.rival, deck=("S.3",), publicity=7)  # tech 6 / analyze / telescope
    turn = run(rival_turn(replace(game, rival=rival), Rng(0)))
    step = next(s for s in turn.steps if s.title.startswith("Rival researches"))
    assert step.text.startswith("It pays 6 publicity. The solar system rotates (disc 1)")
    assert turn.result.table.solar.rotations == game.table.solar.rotations + 1
    assert turn.result.rival.publicity == 1 and len(turn.result.rival.techs) == 1


@pytest.mark.phase("seti.solo")
def test_a_species_card_is_skipped_until_the_species_is_discovered_then_replaces_itself():
    game = fresh()
    rival = replace(game.rival, deck=("S.5",))  # discover the 1st species / free tech / telescope
    hidden = run(rival_turn(replace(game, rival=rival), Rng(0)))
    assert hidden.steps[1].text == "Top action impossible: the 1st species is not discovered; next: tech (free)."
    found = replace(game, rival=rival, discovered=(1,))
    turn = run(rival_turn(found, Rng(0)))
    assert turn.steps[1].title == "Rival: species card"
    assert turn.result.rival.revealed == "A.sample" and "S.5" in turn.result.rival.removed
    # the special card resolves at once, in the same turn, from its own first action
    assert turn.steps[2].text == ("Top action impossible: its computer is not full (0 of 6); "
                                  "next: telescope (Earth's sector + card row + card row).")


@pytest.mark.phase("seti.solo")
def test_a_rival_passing_second_does_not_rotate_and_takes_no_card_in_round_five():
    game = fresh()
    second = replace(game, rival=replace(game.rival, deck=()), table=replace(game.table, passed=(0,)))  # you (seat 0) passed
    passed = run(rival_turn(second, Rng(0)))
    assert passed.result.table.solar.rotations == game.table.solar.rotations
    assert passed.result.rival.progress == game.rival.progress + 1
    last = run(rival_turn(replace(second, table=replace(second.table, round=5)), Rng(0))).result
    assert last.rival.progress == game.rival.progress and last.passed == (YOU, RIVAL)
