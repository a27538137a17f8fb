"""The whole game's shortcuts agree with the slower full computation they stand for, over many seeded states."""

from __future__ import annotations

import pickle

import pytest

import tabletoolkit as tt
from tabletoolkit.andromeda import whole_game as wg
from tabletoolkit.andromeda.activate import activate_region
from tabletoolkit.andromeda.catalog import load_catalog
from tabletoolkit.andromeda.return_turn import activate_modules
from tabletoolkit.andromeda import table as tbl
from tabletoolkit.andromeda.table import launch_in_game
from tabletoolkit.engine import IllegalAction, InvalidInput, Rng, run
from tabletoolkit.engine.game import CHANCE

SETTINGS = [(dict(players=2), range(4)), (dict(players=4, teams=True), range(2))]


def _states(settings: dict, seeds: range):
    for seed in seeds:
        game = tt.new_game("andromeda", seed=seed, **settings)
        policy, rng = tt.policies.random(seed), Rng(seed)
        while not game.over:
            yield game
            game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else policy(game))


def _verdict(attempt) -> tuple:
    try:
        attempt()
    except IllegalAction as refusal:
        return (refusal.rule, refusal.reason, refusal.section)
    except InvalidInput as error:
        return ("andromeda.game.phase_input", str(error))
    return ("legal",)


@pytest.mark.parametrize("settings, seeds", SETTINGS)
def test_a_launch_read_from_the_listed_verdicts_is_the_launch_worked_out_in_full(settings, seeds):
    """``launch_in_game`` takes a legal launch's verdict from the launches listed for the state; with the catalog
    given it works the launch out in full: both give the same table and the same result, for every legal launch."""
    catalog, launches = load_catalog(), 0
    for game in _states(settings, seeds):
        if game.pending or game.to_move is CHANCE or game.over:
            continue
        table, colour = game.table, game.table.active
        for choice in game.legal():
            if choice[0] == "launch":
                launches += 1
                fast = launch_in_game(table, colour, choice[1], choice[2], variant=game.variant)
                full = launch_in_game(table, colour, choice[1], choice[2], catalog, variant=game.variant)
                assert fast == full, choice
    assert launches > 100


@pytest.mark.parametrize("settings, seeds", SETTINGS)
def test_the_return_options_give_each_activation_the_verdict_of_carrying_it_out(settings, seeds):
    """Each listed return-turn activation, legal or refused, has the verdict ``activate_modules`` gives carrying it
    out on the same state (the listing settles most of them by the module's check alone, ``_settled_by_check``)."""
    listed, refused = 0, 0
    for game in _states(settings, seeds):
        frame = game.pending[-1] if game.pending else None
        if not isinstance(frame, wg.Returning) or frame.reactor is not None or game.to_move is CHANCE:
            continue
        table, colour = game.table, game.table.active
        for option in wg._return_options(game, frame):
            if option.choice == ("done",):
                continue
            listed += 1
            full = _verdict(lambda: run(activate_modules(table, colour, (option.choice,), so_far=frame.so_far,
                                                         variant=game.variant)))
            if option.legal:
                assert full == ("legal",), option
            else:
                refused += 1
                assert full[0] == option.rule and (full[0] == "andromeda.game.phase_input" or full[1:] == (option.reason, option.section)), option
    assert listed > 200 and refused > 20


@pytest.mark.parametrize("settings, seeds", SETTINGS)
def test_the_legal_choices_at_a_turn_and_in_a_return_turn_are_the_legal_options_listed(settings, seeds):
    """At a turn's start and in a return turn the legal choices are worked out without the options' words
    (``_legal_choices``): they are the legal options of the full listing, in its order."""
    compared = 0
    for game in _states(settings, seeds):
        frame = game.pending[-1] if game.pending else None
        if game.to_move is CHANCE or not isinstance(frame, (type(None), wg.Returning)):
            continue
        fresh, listed = pickle.loads(pickle.dumps(game)), pickle.loads(pickle.dumps(game))
        assert fresh.legal() == listed.options().choices()
        compared += 1
    assert compared > 100


@pytest.mark.parametrize("settings, seeds", SETTINGS)
def test_a_free_action_read_off_the_table_has_the_verdict_of_carrying_it_out(settings, seeds):
    """A free action whose verdict is read off the table (``_known_free_verdict``: a tactics card played, a faction
    power, recruiting, collecting a bonus, spending a token) has the verdict of carrying it out: legal, or refused by a
    rule left out of the listing (``_QUIET``)."""
    known = {True: 0, False: 0}
    for game in _states(settings, seeds):
        colour = game.to_move
        if colour is CHANCE or game.over or not isinstance(game.pending[-1] if game.pending else None, wg._FREE_AT):
            continue
        check = wg._free_attempt(game, colour)
        for ways in wg._free_groups(game, colour).values():
            for choice in ways:
                verdict = wg._known_free_verdict(game.table, colour, choice)
                if verdict is None:
                    continue
                known[verdict] += 1
                full = _verdict(lambda: check(choice))
                assert (full == ("legal",)) if verdict else (full[0] in wg._QUIET), (choice, full)
    assert known[True] > 50 and known[False] > 50


@pytest.mark.parametrize("settings, seeds", SETTINGS)
def test_the_free_actions_kept_from_an_earlier_state_are_those_listed_afresh(settings, seeds):
    """The free actions a player could take are listed again only when what they are listed from changed
    (``_free_inputs``): those kept are the ones listed afresh for the state."""
    compared = 0
    for game in _states(settings, seeds):
        colour = game.to_move
        if colour is CHANCE or game.over or not isinstance(game.pending[-1] if game.pending else None, wg._FREE_AT):
            continue
        mates = wg._mates(game) if colour == game.table.active else ()
        assert wg._free_groups(game, colour) == wg._grouped_free(game, colour, mates)
        compared += 1
    assert compared > 100


@pytest.mark.parametrize("settings, seeds", SETTINGS)
def test_a_planet_activation_settled_without_carrying_it_out_is_legal(settings, seeds):
    """A planet's or a nebula's activation listed legal without carrying it out (``_settled_on_planet``) is carried out
    by ``activate_region`` without a refusal."""
    settled = 0
    for game in _states(settings, seeds):
        frame = game.pending[-1] if game.pending else None
        if not isinstance(frame, wg.Activating) or game.to_move is CHANCE:
            continue
        table, colour = game.table, game.table.active
        for choice in wg._activation_candidates(table, colour, frame.region, wg._mates(game)):
            kwargs = wg._kwargs(choice)
            if wg._settled_on_planet(table, colour, frame.region, kwargs, game.variant):
                settled += 1
                assert _verdict(lambda: run(activate_region(table, colour, frame.region, variant=game.variant, **kwargs))) == ("legal",)
    assert settled > 20


@pytest.mark.parametrize("settings, seeds", SETTINGS)
def test_the_pieces_kept_after_a_launch_or_an_escalation_are_the_pieces_read_from_the_whole_board(settings, seeds):
    """After a launch or an escalation the pieces on the board are worked out from the state before (``ship_moved``):
    at every state of seeded games they are the pieces read from the whole board."""
    catalog, moves = load_catalog(), 0
    for game in _states(settings, seeds):
        assert tbl.board_and_pieces(game.table) == tbl._board_and_pieces(game.table, catalog)
        moves += sum(1 for step in game.steps if step.title in ("Launch", "Escalation"))
    assert moves > 50
