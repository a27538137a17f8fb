"""Whole solo games with a random player: every path keeps the rules' invariants (no timing asserts)."""

import random

import pytest

from tabletoolkit.engine import run
from tabletoolkit.seti.solo import free_options, material, solo_game, your_options
from tabletoolkit.seti.variant import RULEBOOK


def random_player(seed):
    chooser = random.Random(seed)

    def play(game):
        legal = [o.action for o in your_options(game) + free_options(game) if o.legal]
        return chooser.choice(legal)

    return play


@pytest.mark.phase("seti.solo")
@pytest.mark.parametrize("stars, seed", [(1, 11), (2, 12), (3, 13), (4, 14), (5, 15), (5, 16)])
def test_random_games_keep_the_invariants(stars, seed):
    played = run(solo_game(stars, seed, player=random_player(seed)))
    final = played.final_state
    assert final.over and final.round == RULEBOOK.rounds
    assert final.pending == ()  # every choice a reward left you was made
    states = [step.state for step in played.steps if step.state is not None]
    source = material()
    for before, after in zip(states, states[1:]):
        assert after.rival.score >= before.rival.score  # the rival never loses VP
        assert after.rival.progress >= before.rival.progress
        assert 0 <= after.rival.publicity <= RULEBOOK.publicity_cap and 0 <= after.you.publicity <= RULEBOOK.publicity_cap
        assert after.you.credits >= 0 and after.you.energy >= 0 and 0 <= after.you.data <= RULEBOOK.data_pool
        # every card the rival owns is a basic card, an advanced card it gained, or a species card
        owned = after.rival.cards + after.rival.removed + after.rival.advanced_pool
        assert sorted(c for c in owned if source.cards[c].level != "species") == sorted(
            source.basic_cards() + source.advanced_cards())
    if stars == 1:
        assert final.objectives.unfinished == 0
