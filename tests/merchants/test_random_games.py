"""Whole games with random legal choices: nothing is created or lost, whatever the players do."""

from collections import Counter

import pytest

from tabletoolkit import Rng, run
from tabletoolkit.merchants import RunShip, belt_plan, legal_choices, new_game, play
from tabletoolkit.merchants.turn import moved_on


def random_policy(chooser: Rng):
    """Any legal candidate choice at random; a run gets a plan that is legal whatever the bag gives."""

    def policy(state):
        legal = [choice for choice, verdict in legal_choices(state) if verdict == "legal"]
        choice = chooser.choice(legal)
        if isinstance(choice.action, RunShip) and not choice.action.actions:
            there = moved_on(state) if choice.option == "move_act" else state
            ship = there.active.ship(choice.action.ship)
            choice = type(choice)(choice.option, RunShip(ship.id, belt_plan(there, ship)))
        return choice

    return policy


def inventory(state):
    tokens = Counter(dict(state.bag)) + Counter(state.known)
    cards = Counter(state.market_row + state.market_deck + state.market_discard)
    destinations = Counter(state.destination_deck + state.destination_discard)
    refineries = Counter(dict(state.refinery_supply))
    for player in state.players:
        tokens += Counter(player.local + player.claimed + player.setup_tokens)
        cards += Counter(player.kept_cards)
        refineries += Counter(player.refineries)
        for ship in player.ships:
            tokens += Counter(ship.hold)
            cards += Counter(ship.cards)
            destinations += Counter(ship.destination for _ in [ship] if ship.destination)
    return tokens, cards, destinations, refineries


@pytest.mark.phase("merchants.turn")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_conserve_tokens_cards_and_destinations(seed):
    rng = Rng(seed)
    start = new_game(("Ada", "Bea", "Cy"), rng)
    expected = inventory(start)
    steps = run(play(start, random_policy(Rng(seed + 100)), rng, max_turns=120))
    for step in steps:
        if step.state is not None:
            assert inventory(step.state) == expected, step.title
    assert steps.final_state.turn > 1
