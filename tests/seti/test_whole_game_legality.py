"""The multiplayer game decides each option's legality directly, by the checks the rules make, not by
carrying the action out on a copy: here every listed verdict is compared with what carrying it out on a copy
does, at every decision of a few random games (the same refusal rule, reason and section, or none)."""

import pytest

import tabletoolkit as tt
from tabletoolkit import CHANCE, IllegalAction
from tabletoolkit.engine.errors import RulesError
from tabletoolkit.engine.steps import run
from tabletoolkit.seti.cards import ANY_CARD, drawing
from tabletoolkit.seti.free_actions import FREE_ACTIONS, BuyCard, PlaceData, take_free_action
from tabletoolkit.seti.game import Decisions
from tabletoolkit.seti.computer import DataSpace
from tabletoolkit.seti.turns import MAIN_ACTIONS, settle_pending

pytestmark = pytest.mark.phase("seti.turn")


def _no_rotation(game):
    return game
    yield  # pragma: no cover


def carried_out(table, choice):
    """The refusal carrying ``choice`` out on a copy meets (the main action to its end, first answers), or None."""
    colour = table.active_colour
    try:
        with drawing(ANY_CARD):
            if isinstance(choice, FREE_ACTIONS):
                take_free_action(table, colour, choice)
            else:
                game = run(choice.procedure(table, colour, Decisions(), _no_rotation)).result
                run(settle_pending(game, colour, Decisions()))
    except IllegalAction as refusal:
        return refusal.rule, refusal.reason, refusal.section
    except RulesError as error:
        return "invalid", str(error), None
    return None


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 5), (4, 8)])
def test_every_listed_verdict_is_what_carrying_the_action_out_gives(players, seed):
    played = tt.play(tt.new_game("seti", players=players, seed=seed))
    compared = refused = 0
    for state in played.states():
        if state.over or state.to_move is CHANCE or state.segment is not None or state.converting is not None \
                or state.scanning is not None or state.phase != "before":
            continue
        for option in state.options():
            choice = option.choice
            if not isinstance(choice, FREE_ACTIONS + MAIN_ACTIONS):
                continue
            if getattr(choice, "give", None) == "cards" or type(choice).__name__ == "Scan" and \
                    any(t in state.table.player(state.table.active_colour).techs for t in ("TT1", "TT2", "TT3", "TT4")):
                continue  # the cards paid and the telescopes are asked afterwards
            listed = None if option.legal else (option.rule, option.reason, option.section)
            assert listed == carried_out(state.table, choice), option.text
            compared += 1
            refused += not option.legal
    assert compared > 500 and refused > 100


def test_a_compulsory_computer_tuck_left_unnamed_is_refused_by_its_own_rule():
    game = tt.new_game("seti", players=2, seed=1)
    table = game.table
    board = table.player("green")
    table = table.with_player(type(board)(**{**board.__dict__, "data": 3}))
    table = type(table)(**{**table.__dict__, "variant": table.variant.but(computer_tuck_optional=False)})
    from tabletoolkit.seti.computer import sample_layout
    tucking = next(i for i, space in enumerate(sample_layout().top, 1) if space.reward.tuck)
    board = table.player("green")
    table = table.with_player(type(board)(**{**board.__dict__, "computer": type(board.computer)(filled=tucking - 1)}))
    refusal = PlaceData(DataSpace("top", tucking)).refusal(table, "green")
    assert refusal is not None and refusal.rule == "seti.data.tuck_required"
    assert BuyCard().refusal(table, "green") is None


@pytest.mark.parametrize("players, seeds", [(2, [44, 90]), (4, [267])])
def test_seeds_where_a_listed_legal_option_was_refused_play_clean(players, seeds):
    """Seeds the whole-game tester caught: a random player asked whether to complete a just-played mission at once
    completes it by the free action first (the question then has nothing left to answer: it used to offer
    'complete now' and refuse it); a card row holding only cards of no sector's colour (the scan of Earth's signal
    alone is refused by the scan's own rule, seti.scan.row_signal: it used to be listed legal)."""
    from tabletoolkit.engine.tester import check_game

    report = check_game("seti", seeds, players=players, probe=0.05)
    assert report.ok, report.defects


@pytest.mark.parametrize("players, seeds", [(3, range(0, 4)), (4, range(0, 6))])
def test_the_legal_choices_are_the_legal_options_listed(players, seeds):
    """``legal()`` gathers the legal main and free actions by their checks without the refused options' words
    (``legal_main_choices``, the legal moves, conversions and purchases): at every decision of seeded random games
    it is the listed legal options, in their order — landings, moves and analyze among them."""
    from tabletoolkit.seti.main_actions import Land, Analyze
    from tabletoolkit.seti.free_actions import Move
    from tabletoolkit.seti.turns import legal_main_actions, legal_main_choices

    seen = set()
    for seed in seeds:
        played = tt.play(tt.new_game("seti", players=players, seed=seed))
        for move in played.moves:
            if move.mover is CHANCE:
                continue
            game = move.before
            fresh = type(game).__new__(type(game))
            object.__setattr__(fresh, "__dict__", {k: v for k, v in game.__dict__.items()
                                                   if k not in ("_legal_now", "_options_now")})
            listed = tuple(option.choice for option in game.options().legal)
            assert fresh.legal() == listed
            seen.update(type(choice) for choice in listed)
            if game.segment is None and game.scanning is None and game.converting is None and game.phase == "before":
                table = game.table
                assert legal_main_choices(table) == [o.choice for o in legal_main_actions(table, plain_scan=False)
                                                     if o.legal]
    assert {Move, Land, Analyze} <= seen


def test_a_free_action_at_a_question_comes_at_that_question_when_its_step_is_carried_out_again():
    """A step stopped at a question goes on from there with the first answer given to that state; another answer
    carries it out again from its start. A free action taken at the question must come at the same place either
    way, not at a question before it that answers itself (here: a data placed while the player still has the data
    the main action brings). The whole-game tester's own play of this seed, as it probes every option."""
    import pickle
    import random

    from tabletoolkit.engine.policies import RandomPolicy
    from tabletoolkit.engine.rng import Rng

    seed = 5
    game = tt.new_game("seti", players=4, seed=seed)
    policies = {seat: RandomPolicy(seed * 31 + index) for index, seat in enumerate(game.seats)}
    rng, prober = Rng(seed), random.Random(seed)
    compared = 0
    for _ in range(260):
        if game.to_move is CHANCE:
            choice = rng.pick(game.chance())
        else:
            options = game.options()
            answers = [o.choice for o in options if o.legal and o.group != "free action"]
            free = [o.choice for o in options if o.legal and o.group == "free action"]
            if answers and free and getattr(game, "_at_question", None) is not None:
                for taken in free[:4]:
                    went_on = pickle.loads(pickle.dumps(game)).apply(taken)  # goes on from where the step stopped
                    again = pickle.loads(pickle.dumps(game))
                    again.apply(answers[0])  # the kept step is taken by this answer
                    carried_again = again.apply(taken)  # so this one carries the step out from its start
                    assert carried_again == went_on and [s.text for s in carried_again.steps] == [s.text for s in went_on.steps]
                    compared += 1
            if prober.random() < 0.05:
                for option in options:
                    try:
                        game.apply(option.choice)
                    except RulesError:
                        pass
            choice = policies[game.to_move](game)
        prober.random()
        game = game.apply(choice)
    assert compared >= 10
