"""The game contract of every registered game: hostile choices refused with a typed error, the state left
equal, and no state sharing a mutable part with the state its apply made."""

import random

import pytest
from fuzzing import HANG, OK, UNTYPED, describe, frozen_bytes, hostile_choices, offered, outcome, shared_mutable_parts
from hypothesis import given

import tabletoolkit as tt

GAMES = tt.games()


def states(game_id: str, count: int = 4, moves: int = 60) -> list:
    """The start and a few states along seeded random play (each a distinct moment of the game)."""
    game = tt.new_game(game_id, seed=3)
    chooser = random.Random(3)
    found = [game]
    for step in range(1, moves + 1):
        if game.over:
            break
        if game.to_move is tt.CHANCE:
            game = game.apply(tt.Rng(step).pick(game.chance()))
        else:
            legal = game.legal()
            game = game.apply(legal[chooser.randrange(len(legal))])
        if step % (moves // (count - 1)) == 0:
            found.append(game)
    return found


STATES = {game_id: states(game_id) for game_id in GAMES}

KNOWN_APPLY: dict[str, str] = {}
KNOWN_SHARED: dict[str, str] = {}


def marked(table: dict[str, str]) -> list:
    return [pytest.param(g, id=g, marks=[pytest.mark.xfail(strict=True, reason=table[g])] if g in table else [])
            for g in GAMES]


@pytest.mark.parametrize("game_id", marked(KNOWN_APPLY))
def test_a_hostile_choice_is_refused_with_a_typed_error_and_leaves_the_state_equal(game_id):
    @given(hostile_choices())
    def one(choice):
        for state in STATES[game_id]:
            before = frozen_bytes(state)
            kind, value = outcome(lambda: state.apply(choice))
            assert kind not in (UNTYPED, HANG), f"{game_id} apply({choice!r}): {describe(kind, value)}"
            assert kind != OK or offered(state, choice) or state.to_move is tt.CHANCE, \
                f"{game_id} apply({choice!r}) accepted a choice it does not offer"
            assert frozen_bytes(state) == before, f"{game_id} apply({choice!r}) changed the state it was given"

    one()


@pytest.mark.parametrize("game_id", marked(KNOWN_SHARED))
def test_a_state_and_the_state_its_apply_made_share_no_mutable_part(game_id):
    shared = set()
    for state in STATES[game_id]:
        if state.over:
            continue
        choice = tt.Rng(1).pick(state.chance()) if state.to_move is tt.CHANCE else state.legal()[0]
        shared |= set(shared_mutable_parts(state, state.apply(choice)))
    assert not shared, f"{game_id}: shared mutable parts: {sorted(shared)[:5]}"
