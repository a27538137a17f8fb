"""Whole games: a loop of turns driven by a policy, a simple scripted merchant, and the end game.

A policy is any function ``state -> TurnChoice``. ``scripted(choices)`` replays a list;
``steady_merchant`` is a plain deterministic player used for seeded demonstration games and the golden
transcript: it buys the best ship it can afford, fits cheap cards, loads the most valuable tokens,
explores while its hold has room and triggers the end as soon as it may.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.rng import Rng
from ..engine.steps import Procedure, Run, run
from .actions import (BuyShip, DockVisit, MarketVisit, PayLoans, RunShip, TurnChoice, act, end_run, explore, move,
                      move_and_act, pickup, stay, take)
from .belt import best_tokens
from .dock import settle
from .end import trigger_check
from .shipyard import loan_repayment, owned_of_mark
from .state import GameState, Ship
from .turn import check_turn, moved_on, turn
from .variant import END

Policy = Callable[[GameState], TurnChoice]


def scripted(choices: Iterable[TurnChoice]) -> Policy:
    """A policy that plays the given choices in order (and says so when it runs out)."""
    queue = list(choices)

    def policy(state: GameState) -> TurnChoice:
        if not queue:
            raise InvalidInput("choices", state.turn, "the script ran out of choices before the game ended")
        return queue.pop(0)

    return policy


def play(state: GameState, policy: Policy, rng: Rng, max_turns: int = 400) -> Procedure:
    """Play turns chosen by ``policy`` until the game ends (or ``max_turns`` more turns, then stop)."""
    for _ in range(max_turns):
        if state.finished:
            return state
        state = yield from turn(state, policy(state), rng)
    return state


def play_game(state: GameState, policy: Policy, rng: Rng, max_turns: int = 400) -> Run:
    """Play a whole game and return every step (``transcript()`` gives the golden-file text)."""
    return run(play(state, policy, rng, max_turns))


@register_phase("merchants.end", title="The end game: trigger, last turns, winner", section=END, notebook="merchants_end.ipynb")
def end_game(state: GameState, policy: Policy, rng: Rng) -> Procedure:
    """From a triggered end (or a player about to trigger it at the Dock) to the winner, turn by turn."""
    if state.end_trigger is None:
        state = yield from turn(state, policy(state), rng)
        if state.end_trigger is None:
            raise IllegalAction("merchants.end.not_triggered", "That turn did not trigger the end.", END)
    return (yield from play(state, policy, rng))


# --- a plain scripted merchant --------------------------------------------------------------------
def _first_legal(state: GameState, choices: list[TurnChoice]) -> TurnChoice:
    for choice in choices:
        try:
            check_turn(state, choice)
            return choice
        except IllegalAction:
            continue
    return move()


def _best_ship(state: GameState, ships: tuple[Ship, ...]) -> Ship | None:
    usable = [s for s in ships if not state.obsolete(s)]
    return max(usable, key=lambda s: (state.energy_of(s) + state.capacity_of(s), s.mark, s.id), default=None)


def belt_plan(state: GameState, ship: Ship) -> tuple:
    """A run that is legal whatever the bag gives: pickups, a take, explores while there is room, the destination."""
    player = state.active
    variant = state.variant
    energy, room = state.energy_of(ship), state.capacity_of(ship) - len(ship.hold)
    value = lambda t: state.dock_value(player, t)  # noqa: E731
    plan = []
    for source, tokens in (("known", state.known), ("local", player.local + player.claimed)):
        loaded = best_tokens(tokens, room, value)
        if loaded and energy >= variant.pickup_cost:
            plan.append(pickup(source))
            energy, room = energy - variant.pickup_cost, room - len(loaded)
    rich = max((o for o in state.players if o.name != player.name),
               key=lambda o: (sum(map(value, best_tokens(o.local, room, value))), o.name), default=None)
    if rich is not None and room and energy >= variant.take_cost + variant.explore_cost:
        loaded = best_tokens(rich.local, room, value)
        if sum(map(value, loaded)) >= 4:
            plan.append(take(rich.name))
            energy, room = energy - variant.take_cost, room - len(loaded)
    explores = min(room, energy // variant.explore_cost, state.bag_size()) if variant.explore_cost else 0
    plan += [explore()] * explores
    energy -= explores * variant.explore_cost
    costs = [d.cost for d in state.data.destinations]
    reach = state.data.destination(ship.destination).cost if ship.destination else max(costs)
    if energy >= reach and (ship.destination or state.destination_deck or state.destination_discard):
        plan.append(end_run())
    return tuple(plan)


def steady_merchant(state: GameState) -> TurnChoice:
    """The plain deterministic merchant of the demonstration games (see the module docstring)."""
    player = state.active
    if state.end_trigger is not None and player.name in state.dock_arrivals:
        return stay()
    location = player.location
    choices: list[TurnChoice] = []
    if location == "Dock":
        if player.loans:
            markers = []
            credits = player.credits
            for ship in sorted(player.ships, key=lambda s: s.id):
                for _ in range(ship.loans):
                    if credits >= loan_repayment(ship, state.variant):
                        markers.append(ship.id)
                        credits -= loan_repayment(ship, state.variant)
            if markers:
                choices.append(move_and_act(PayLoans(tuple(markers))))
        designs = sorted((state.data.ship(d) for d, n in state.shipyard if n and state.data.ship(d).mark == state.era),
                         key=lambda d: (-(d.energy + d.cargo), d.id))
        for design in designs:
            if owned_of_mark(player, design.mark) < state.variant.ownership_limits[design.mark - 1]:
                choices += [move_and_act(BuyShip(design.id)), move_and_act(BuyShip(design.id, lease=True))]
    elif location == "Shipyard":
        if not player.ships and not player.loans:
            designs = sorted((d for d, n in state.shipyard if n), key=lambda d: (-state.data.ship(d).energy, d))
            choices += [act(BuyShip(d)) for d in designs]
        best = _best_ship(state, player.ships)
        if best is not None and player.credits >= 12:
            if state.refineries_open and player.credits >= 25:
                choices += [move_and_act(MarketVisit(buy=c)) for c, n in sorted(state.refinery_supply) if n]
            cards = sorted(dict.fromkeys(state.market_row), key=lambda c: (state.data.card(c).cost, c))
            choices += [move_and_act(MarketVisit(buy=c, ship=best.id)) for c in cards]
    elif location == "Market":
        best = _best_ship(state, player.ships)
        if best is not None:
            choices.append(move_and_act(RunShip(best.id, belt_plan(moved_on(state), best))))
    else:
        check = trigger_check(settle(moved_on(state), DockVisit())[0])
        choices.append(move_and_act(DockVisit(trigger_end=True)) if check.may or check.must else move_and_act(DockVisit()))
        choices.append(move_and_act(DockVisit()))
    return _first_legal(state, choices)


def demo_game(names: tuple[str, ...] = ("Ada", "Bea", "Cy"), seed: int = 7, max_turns: int = 400) -> Run:
    """The seeded demonstration game the golden transcript records: ``steady_merchant`` for everyone."""
    from .state import new_game

    rng = Rng(seed)
    return play_game(new_game(names, rng), steady_merchant, rng, max_turns)


__all__ = ["Policy", "belt_plan", "demo_game", "end_game", "play", "play_game", "scripted", "steady_merchant"]
