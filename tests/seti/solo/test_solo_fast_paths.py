"""The solo game's shortcuts agree with the full computation over many seeded states: the next card of a shuffle
dealt without playing the stretch again, the legal choices without the verdicts of main or free actions all refused,
the tech offers remembered for a tech board, the open objective tasks kept by kind of event, and the scripted
player's best main action remembered for the game a free action unlocks it in, the lookahead's actions
carried out without their steps shown as the solo game, the thresholds checked before your main action
remembered for the last objectives and values, and ending your turn checked against end alone while the
main actions are closed."""

import pytest

from tabletoolkit import CHANCE, play
from tabletoolkit.engine.errors import IllegalAction
from tabletoolkit.engine.frozen import replace
from tabletoolkit.engine.rng import Rng
from tabletoolkit.engine.steps import result_of
from tabletoolkit.seti.solo import YOU
from tabletoolkit.seti.solo import player
from tabletoolkit.seti.solo.choices import TechOffer
from tabletoolkit.seti.solo.objectives import Event, _task_matches
from tabletoolkit.seti.solo.table import reward_items, tech_offers
from tabletoolkit.seti.solo.shared import results_only
from tabletoolkit.seti.solo.you import (FREE_KINDS, free_action, free_actions_closed, free_options, main_actions_closed, require_legal,
                                        thresholds_checked, your_options, your_turn)
from tabletoolkit.seti.solo_whole import make, scripted

pytestmark = pytest.mark.phase("seti.solo")

GAMES = [(stars, seed, policy) for stars in (1, 3, 5) for seed in range(4) for policy in ("random", "scripted")]


@pytest.mark.parametrize("stars, seed, policy", GAMES)
def test_a_dealt_card_gives_the_draw_the_stretch_played_again_gives(stars, seed, policy):
    played = play(make(stars=stars, seed=seed), {YOU: scripted} if policy == "scripted" else {})
    dealt = 0
    for move in played:
        after = move.after
        if move.mover is CHANCE and after.to_move is CHANCE and "_progress" in after.__dict__:
            shortcut = after.__dict__["_progress"]
            full = replace(after)._progress  # the copy keeps no cached value: the stretch is played again
            assert shortcut == full
            assert shortcut.resume is full.resume
            dealt += shortcut.dealing
    assert dealt > 0


@pytest.mark.parametrize("stars, seed", [(1, 0), (5, 1), (3, 2)])
def test_the_tech_offers_remembered_are_the_boards(stars, seed):
    for move in play(make(stars=stars, seed=seed), {YOU: scripted}):
        table = move.after.state.table
        assert tech_offers(table) == {s.tech.id: TechOffer(s.tech.id, s.tiles, s.two_point, dict(reward_items(s.tech.bonus)))
                                       for s in table.techs.stacks}


@pytest.mark.parametrize("stars, seed, policy", GAMES)
def test_the_legal_choices_are_the_listings_legal_options(stars, seed, policy):
    closed = 0
    for move in play(make(stars=stars, seed=seed), {YOU: scripted} if policy == "scripted" else {}):
        game = move.before
        if move.mover is CHANCE:
            continue
        listed = replace(game)._decision_options()  # every option with its verdict and words
        assert replace(game)._legal_choices() == listed.choices()
        closed += main_actions_closed(game.state) is not None or free_actions_closed(game.state) is not None
    assert closed > 0


@pytest.mark.parametrize("stars, seed", [(2, 0), (5, 1), (4, 2), (5, 3)])
def test_the_open_tasks_by_kind_give_every_task_an_event_fits(stars, seed):
    events = [Event(kind, argument) for kind, argument in [("score", "16"), ("score", "40"), ("publicity", "9"),
              ("pool_data", "5"), ("orbit", ""), ("land", ""), ("signal", ""), ("launch", ""), ("mission", ""),
              ("analyze", ""), ("sector_win", ""), ("card_cost", "3"), ("visit", "comet"), ("visit", "asteroid"),
              ("tech", "probe"), ("tech", "computer"), ("trace", "yellow"), ("trace", "pink")]]
    for move in play(make(stars=stars, seed=seed), {YOU: scripted}):
        objectives = move.after.state.objectives
        for event in events:
            assert objectives.options(event) == tuple(
                (objective.tile.id, task) for objective in objectives.face_up
                for task, done in zip(objective.tile.tasks, objective.marked) if not done and _task_matches(task, event))


@pytest.mark.parametrize("stars, seed", [(stars, seed) for stars in (1, 3, 5) for seed in range(4)])
def test_the_scripted_player_remembering_the_main_action_a_free_action_unlocks_chooses_as_without(stars, seed):
    def forgetting(game):
        player._UNLOCKED[:] = [None, None]  # every best main action worked out again
        return scripted(game)

    remembering = [move.choice for move in play(make(stars=stars, seed=seed), {YOU: scripted})]
    assert [move.choice for move in play(make(stars=stars, seed=seed), {YOU: forgetting})] == remembering


@pytest.mark.parametrize("stars, seed", [(stars, seed) for stars in (1, 3, 5) for seed in range(3)])
def test_the_lookahead_without_the_steps_shown_as_the_solo_game_gives_the_full_paths_results(stars, seed):
    tried = 0
    for move in play(make(stars=stars, seed=seed), {YOU: scripted}):
        game = move.before.state
        if game.over or game.to_move != YOU:
            continue
        actions = [o.action for o in your_options(game) if o.legal] + [o.action for o in free_options(game) if o.legal]
        for action in actions:
            carried_out = free_action if action.split(":", 1)[0] in FREE_KINDS else your_turn
            full = result_of(carried_out(game, action, Rng(0)))
            with results_only():
                assert result_of(carried_out(game, action, Rng(0))) == full
            tried += 1
    assert tried > 20


@pytest.mark.parametrize("stars, seed, policy", GAMES)
def test_ending_your_turn_while_the_main_actions_are_closed_is_checked_as_the_full_listing_checks_it(stars, seed, policy):
    checked = 0
    for move in play(make(stars=stars, seed=seed), {YOU: scripted} if policy == "scripted" else {}):
        game = move.before.state
        closed = main_actions_closed(game)
        if closed is None or not closed[2]:
            continue
        full = {o.action: o for o in your_options(game)}
        assert closed[2] == (full["end"],)
        outcomes = []
        for options in (closed[2], your_options(game)):
            try:
                require_legal(options, "end", "action")
                outcomes.append(None)
            except IllegalAction as refused:
                outcomes.append((refused.rule, refused.reason, refused.section))
        assert outcomes[0] == outcomes[1]
        checked += 1
    assert checked > 0


def test_the_thresholds_remembered_before_your_main_action_are_the_objectives_check():
    checked = 0
    for stars, seed in [(stars, seed) for stars in (3, 5) for seed in range(4)]:  # 1 star: no objectives
        for move in play(make(stars=stars, seed=seed), {YOU: scripted}):
            for more in (0, 4, 9):  # as they are, and values past the thresholds
                you = move.before.state.you
                game = move.before.state.with_player(replace(you, score=you.score + 2 * more, publicity=min(10, you.publicity + more),
                                                              data=min(6, you.data + more)))
                for prefer in (None, *(o.tile.id for o in game.objectives.face_up)):
                    objectives, reached = game.objectives.check_thresholds(game.you.score, game.you.publicity, game.you.data, prefer)
                    for _ in range(2):  # worked out, then remembered
                        assert thresholds_checked(game, prefer) == (objectives, tuple(reached))
                    checked += bool(reached)
    assert checked > 0
