"""The Belt (ベルト): run one ship, spending its energy on pickups, takes, explores and swaps.

The energy is the ship's base energy plus its card bonuses. A pickup (1) moves as many tokens from your
local space or known space as the cargo allows; taking (3) picks up from an opponent's local space,
never tokens they claimed; exploring (2) draws a token from the bag onto the ship or into your local
space, unclaimed; swapping the destination costs 1 each time; ending the run at the destination costs
the card's energy and loses the rest. Tokens already aboard are never dropped (M-F6).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Callable

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.numbers import percent_text
from ..engine.options import Options
from ..engine.registry import register_phase
from ..engine.rng import Rng
from ..engine.steps import Procedure, Step
from ..engine.frozen import replace
from .actions import BeltAction, RunShip, end_run, explore, pickup, swap, take
from .state import GameState, Ship, counted, describe_tokens, holds, pile, without
from .variant import BELT

NOTEBOOK = "merchants_belt.ipynb"


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def best_tokens(tokens: tuple[str, ...], room: int, value: Callable[[str], int]) -> tuple[str, ...]:
    """The ``room`` most valuable tokens of a pile (ties by name): what a greedy pickup loads."""
    return pile(sorted(tokens, key=lambda t: (-value(t), t))[: max(room, 0)])


def arrive_at_belt(state: GameState) -> Procedure:
    """A player's first arrival at the Belt moves their set-up tokens to their local space (M-R1)."""
    player = state.active
    if player.visited_belt:
        return state
    if state.variant.setup_tokens_arrival == "first_in_game":
        if any(p.visited_belt for p in state.players):
            return state
        movers = state.players
    else:
        movers = (player,)
    for mover in movers:
        moved = replace(mover, local=pile(mover.local + mover.setup_tokens), setup_tokens=(), visited_belt=True)
        state = state.with_player(moved)
        yield Step("First arrival at the Belt",
                   f"{mover.name}'s set-up tokens ({describe_tokens(mover.setup_tokens)}) move to their local space.",
                   BELT + " (ruling M-R1)", state, {"tokens": mover.setup_tokens})
    return state


def _draw_destination(state: GameState, rng: Rng) -> tuple[GameState, str | None]:
    deck, discard = list(state.destination_deck), list(state.destination_discard)
    if not deck and discard:
        deck, discard = list(rng.shuffled(sorted(discard))), []
    if not deck:
        return state, None
    card = deck.pop(0)
    return replace(state, destination_deck=tuple(deck), destination_discard=tuple(discard)), card


def check_run(state: GameState, action: RunShip) -> None:
    """Refuse (``IllegalAction``) a run that cannot start; later steps are checked as they come."""
    player = state.active
    if player.location != "Belt":
        raise IllegalAction("merchants.belt.not_here",
                            f"{player.name} is at the {player.location}, not the Belt.", BELT)
    ship = player.ship(action.ship)
    if state.obsolete(ship):
        raise IllegalAction("merchants.belt.obsolete",
                            f"{ship.label()} is obsolete in the Mark {state.era} era and cannot be run (M-F5).", BELT)
    if ship.at_destination and state.variant.run_from_destination != "forfeit_bonus":
        raise IllegalAction("merchants.belt.at_destination",
                            f"{ship.label()} ended its run at its destination and stays there until it is paid at the Dock.", BELT)


def start_run(state: GameState, ship_id: str) -> Procedure:
    """A run's start: the ship is chosen (refused if it cannot run), leaves its destination if it ended its last run
    there (variant run_from_destination), and its energy is its base energy plus its cards' bonuses."""
    check_run(state, RunShip(ship_id))
    player = state.active
    ship = player.ship(ship_id)
    if ship.at_destination:
        ship = replace(ship, at_destination=False)
        state = state.with_player(player.with_ship(ship))
        yield Step("Leave the destination",
                   f"{ship.label()} ended its last run at its destination; running again (variant run_from_destination) "
                   "gives up that destination bonus unless it ends this run there again.", BELT, state, {"ship": ship.id})
    bonus = state.energy_of(ship) - ship.energy
    energy = state.energy_of(ship)
    yield Step("Choose a ship",
               f"{player.name} runs {ship.label()}: base energy {ship.energy} + card bonuses {bonus} = {energy} energy; "
               f"cargo {len(ship.hold)}/{state.capacity_of(ship)}.",
               BELT, state, {"ship": ship.id, "energy": energy})
    return state


@register_phase("merchants.belt", title="Run one ship through the belt", section=BELT, notebook=NOTEBOOK)
def belt(state: GameState, action: RunShip, rng: Rng) -> Procedure:
    """The active player's Belt action: one ship, its energy, the chosen belt actions in order."""
    state = yield from start_run(state, action.ship)
    ship = state.active.ship(action.ship)
    energy = state.energy_of(ship)
    if ship.destination is None:
        state, card = _draw_destination(state, rng)
        if card is not None:
            ship = replace(ship, destination=card)
            state = state.with_player(state.active.with_ship(ship))
            target = state.data.destination(card)
            yield Step("Take a destination",
                       f"The ship takes the top destination card: {target.name} (ending the run there costs {target.cost} "
                       f"energy and pays {counted(target.bonus, 'credit')} at the Dock).", BELT, state, {"destination": card})
    for number, step in enumerate(action.actions, 1):
        ship = state.active.ship(action.ship)
        if ship.at_destination:
            raise IllegalAction("merchants.belt.run_over",
                                "The run ended at the destination; no more energy can be spent.", BELT)
        state, energy, title, text = _belt_action(state, ship, step, energy, rng)
        yield Step(title, text + f" Energy left: {energy}.", BELT, state, {"action": str(step), "energy": energy})
    ship = state.active.ship(action.ship)
    ending = "at its destination" if ship.at_destination else "where it stands"
    lost = f"; {energy} unspent energy is lost" if energy else ""
    yield Step("The run ends", f"{ship.label()} ends its run {ending} carrying {describe_tokens(ship.hold)}{lost}.",
               BELT, state, {"hold": ship.hold, "energy_lost": energy})
    return state


def _belt_action(state: GameState, ship: Ship, step: BeltAction, energy: int, rng: Rng) -> tuple[GameState, int, str, str]:
    """Carry out one belt action; returns the new state, energy left, a title and an explanation."""
    variant = state.variant
    player = state.active
    room = state.capacity_of(ship) - len(ship.hold)
    costs = {"pickup": variant.pickup_cost, "take": variant.take_cost, "explore": variant.explore_cost, "swap": variant.swap_cost}
    if step.kind == "end":
        if ship.destination is None:
            raise IllegalAction("merchants.belt.no_destination", "The ship has no destination card.", BELT)
        cost = state.data.destination(ship.destination).cost
    elif step.kind in costs:
        cost = costs[step.kind]
    else:
        raise InvalidInput("kind", step.kind, "only the planner draws a destination as an action; a run cannot")
    if energy < cost:
        raise IllegalAction("merchants.belt.no_energy", f"To {step} costs {cost} energy; {energy} is left.", BELT)
    value = lambda token: state.dock_value(player, token)  # noqa: E731

    if step.kind in ("pickup", "take"):
        if step.kind == "pickup":
            available = state.known if step.source == "known" else pile(player.local + player.claimed)
            where = "known space" if step.source == "known" else "their local space"
        else:
            if step.source == player.name:
                raise IllegalAction("merchants.belt.take_own",
                                    "Taking is from an opponent's local space; your own is a 1-energy pickup.", BELT)
            opponent = state.player(step.source or "")
            available = opponent.local
            where = f"{opponent.name}'s local space"
        if room <= 0:
            raise IllegalAction("merchants.belt.cargo_full",
                                f"{ship.label()}'s hold is full; loaded tokens cannot be dropped.", BELT)
        if step.tokens is None:
            chosen = best_tokens(available, room, value)
        else:
            chosen = pile(step.tokens)
            if step.kind == "take" and not holds(available, chosen) and holds(pile(available + opponent.claimed), chosen):
                raise IllegalAction("merchants.belt.claimed",
                                    f"{opponent.name} claimed that token; it cannot be taken.", BELT)
            if not holds(available, chosen):
                raise IllegalAction("merchants.belt.not_there",
                                    f"{where.capitalize()} holds {describe_tokens(available)}, not {describe_tokens(chosen)}.", BELT)
            if len(chosen) > room:
                raise IllegalAction("merchants.belt.cargo_full",
                                    f"Only {counted(room, 'cargo slot')} {'is' if room == 1 else 'are'} free; loaded tokens cannot be dropped.", BELT)
        if len(chosen) <= 0:
            raise IllegalAction("merchants.belt.nothing_to_pick_up",
                                f"{where.capitalize()} holds no token to pick up.", BELT)
        if step.kind == "pickup" and step.source == "known":
            state = replace(state, known=without(state.known, chosen))
        elif step.kind == "pickup":
            unclaimed, from_local = Counter(player.local), []
            for token in chosen:
                if unclaimed[token] > 0:
                    unclaimed[token] -= 1
                    from_local.append(token)
            from_claimed = without(chosen, from_local)
            player = replace(player, local=without(player.local, from_local), claimed=without(player.claimed, from_claimed))
            state = state.with_player(player)
        else:
            state = state.with_player(replace(opponent, local=without(opponent.local, chosen)))
        ship = replace(ship, hold=pile(ship.hold + chosen))
        state = state.with_player(state.active.with_ship(ship))
        title = "Pick up" if step.kind == "pickup" else "Take from an opponent"
        return state, energy - cost, title, f"For {cost} energy, {player.name} loads {describe_tokens(chosen)} from {where}."

    if step.kind == "explore":
        if state.bag_size() <= 0:
            raise IllegalAction("merchants.belt.bag_empty", "The bag is empty.", BELT)
        if step.place == "ship":
            if room <= 0:
                raise IllegalAction("merchants.belt.cargo_full",
                                    f"{ship.label()}'s hold is full: explore into local space instead.", BELT)
        token = rng.choice(tuple(sorted(Counter(dict(state.bag)).elements())))
        chance = f"{dict(state.bag)[token]}/{state.bag_size()} ≈ {percent_text(Fraction(dict(state.bag)[token], state.bag_size()))}"
        state = replace(state, bag=tuple((k, n - 1 if k == token else n) for k, n in state.bag))
        if step.place == "ship":
            state = state.with_player(state.active.with_ship(replace(ship, hold=pile(ship.hold + (token,)))))
            goes = "onto the ship"
        else:
            state = state.with_player(replace(state.active, local=pile(state.active.local + (token,))))
            goes = "into their local space, unclaimed"
        return state, energy - cost, "Explore", f"For {cost} energy, {player.name} draws {_a(token)} (chance {chance}) from the bag and puts it {goes}."

    if step.kind == "swap":
        if not (state.destination_deck or state.destination_discard or ship.destination):
            raise IllegalAction("merchants.belt.no_destinations", "There is no destination card to swap to.", BELT)
        old = ship.destination
        if old is not None:
            state = replace(state, destination_discard=state.destination_discard + (old,))
        state, card = _draw_destination(state, rng)
        state = state.with_player(state.active.with_ship(replace(ship, destination=card)))
        target = state.data.destination(card) if card else None
        shown = f"{target.name} (cost {target.cost}, bonus {target.bonus})" if target else "nothing"
        discarded = state.destination_name(old) if old else "no card"
        return state, energy - cost, "Swap the destination", f"For {cost} energy, {discarded} is discarded and the ship takes {shown}."

    assert ship.destination is not None  # check_step refuses ending a run with no destination card
    target = state.data.destination(ship.destination)
    state = state.with_player(state.active.with_ship(replace(ship, at_destination=True)))
    return (state, 0, "End the run at the destination",
            f"For {cost} energy the ship visits {target.name}: its {target.bonus}-credit bonus is paid at the Dock. "
            f"The other {energy - cost} energy is lost.")


def legal_belt_actions(state: GameState, ship_id: str, energy: int | None = None) -> Options:
    """Every belt action the active player's ship could take next, as ``Options`` (refused ones with their rule).

    ``energy`` is what is left of the run (the ship's full energy by default).
    """
    player = state.active
    ship = player.ship(ship_id)
    energy = state.energy_of(ship) if energy is None else energy
    candidates = [pickup("known"), pickup("local")] + [take(p.name) for p in state.players if p.name != player.name]
    candidates += [explore("ship"), explore("local"), swap(), end_run()]

    def check(action: BeltAction) -> None:
        if ship.at_destination:
            raise IllegalAction("merchants.belt.run_over",
                                "The run ended at the destination; no more energy can be spent.", BELT)
        _belt_action(state, ship, action, energy, Rng(0))  # only whether it is refused matters here

    return Options.checked(candidates, check)
