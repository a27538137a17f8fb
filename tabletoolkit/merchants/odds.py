"""Exact odds of the Belt (``odds.bag``): what exploring draws, what a planned run pays, the best plan.

Exploring draws a mine token from the bag without replacement, so every chance here is a ratio of
counts. A run's *payout* is what the ship earns at the next Dock: its tokens' values (with the owner's
refinery bonuses), its pilot and gear bonuses when it carries tokens, and the destination bonus when the
run ended there (M-R2). A ship without a destination draws one first, and swapping draws another: the
planner treats the destination deck as face down (every remaining card equally likely) and, as the game
does, reshuffles the face-up discards (with the card just swapped away) into a new deck when it runs out.

A run is a sequence of decisions, each taken after seeing the last draw (M-F8). A pickup or a take loads
any number of tokens that fit, not only as many as fit: with room for two, a gold from known space and a
gold from local space beat the gold and the ice of one pile. An explored token is placed **after it is
seen**, on the ship or unclaimed in local space, where a later local pickup of the same run can still load
it; so placing in local space can pay: with room for one token and a bag of an ice (1) and a gold (8),
exploring twice into local space and then picking up the gold pays 8 for certain, where loading the first
draw pays 9/2 on average. A token put in local space is also how a run declines a poor draw and keeps the
room for something better.

``plan_odds`` gives the exact payout distribution of a fixed plan; ``best_plan`` searches every
decision of a run (expectimax over the bag's and the deck's draws, each explore's placement chosen after
its draw) for the highest expected payout, fast enough for a widget: it searches canonical positions in
whole numbers (``_Solver``) and is tested against the plain search (``plain_expected``) and against a
brute force over every sub-multiset a pickup may load.
"""

from __future__ import annotations

import html
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from math import lcm
from typing import Any, NamedTuple

from ..engine import svg
from ..engine.errors import InvalidInput
from ..engine.numbers import number_text, probability_text
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step
from ..prob import Distribution, count_of, draw
from .actions import BeltAction, end_run, explore, pickup, swap, take
from .belt import best_tokens
from .state import GameState, describe_tokens, holds, pile, without
from .variant import BELT

SECTION = BELT + " · 2 エネルギー探査"
NOTEBOOK = "merchants_belt.ipynb"


@dataclass(frozen=True)
class _Rules:
    """What stays fixed during a run: values, bonuses, costs, capacity."""

    values: tuple[tuple[str, int], ...]
    flat: int
    destinations: tuple[tuple[str, int, int], ...]
    costs: tuple[int, int, int, int]
    capacity: int
    carried_bonus: bool
    names: tuple[tuple[str, str], ...] = ()
    """The destination cards' printed names by id (the plan reads them in words)."""

    def name(self, card: str) -> str:
        """A destination card's name (its id where none is given)."""
        return dict(self.names).get(card, card)

    @cached_property
    def _value_of(self) -> dict[str, int]:
        return dict(self.values)

    def value(self, token: str) -> int:
        return self._value_of[token]

    def destination(self, card: str) -> tuple[int, int]:
        for name, cost, bonus in self.destinations:
            if name == card:
                return cost, bonus
        raise InvalidInput("destination", card, "unknown destination card")


class _Run(NamedTuple):
    """What changes during a run (a named tuple: hashed and copied fast in the search)."""

    energy: int
    held: int  # tokens aboard: only their number and their worth matter from here on
    worth: int
    local: tuple[str, ...]
    known: tuple[str, ...]
    opponents: tuple[tuple[str, tuple[str, ...]], ...]
    bag: tuple[tuple[str, int], ...]
    destination: str | None
    deck: tuple[tuple[str, int], ...]
    ended: bool = False
    discard: tuple[tuple[str, int], ...] = ()  # destination discards: reshuffled into a new deck when it runs out
    drawn: str | None = None  # a token an explore just drew, to be put on the ship or in local space


@dataclass(frozen=True)
class BeltSituation:
    """Everything that decides a run's payout: the ship, the token piles, the bag, the destination deck."""

    rules: _Rules
    start: _Run
    ship: str = "ship"

    @property
    def energy(self) -> int:
        return self.start.energy

    @property
    def bag(self) -> dict[str, int]:
        return dict(self.start.bag)

    def payout_now(self) -> int:
        return _payout(self.rules, self.start)


def situation(state: GameState, player: str, ship_id: str) -> BeltSituation:
    """The run ``player`` would make with ``ship_id`` from this state (as if already at the Belt)."""
    owner = state.player(player)
    ship = owner.ship(ship_id)
    data = state.data
    rules = _Rules(
        values=tuple((kind, state.dock_value(owner, kind)) for kind, _ in data.token_values),
        flat=sum(data.card(c).payout for c in ship.cards),
        destinations=tuple((d.id, d.cost, d.bonus) for d in data.destinations),
        costs=(state.variant.pickup_cost, state.variant.take_cost, state.variant.explore_cost, state.variant.swap_cost),
        capacity=state.capacity_of(ship),
        carried_bonus=state.variant.destination_bonus == "carried",
        names=tuple((d.id, d.name) for d in data.destinations),
    )
    local = owner.local + owner.claimed + (() if owner.visited_belt else owner.setup_tokens)
    start = _Run(
        energy=state.energy_of(ship),
        held=len(ship.hold),
        worth=sum(state.dock_value(owner, t) for t in ship.hold),
        local=pile(local),
        known=state.known,
        opponents=tuple((p.name, p.local) for p in state.players if p.name != player),
        bag=tuple((k, n) for k, n in state.bag if n),
        destination=ship.destination,
        deck=tuple(sorted(Counter(state.destination_deck).items())),
        ended=ship.at_destination and state.variant.run_from_destination == "no",
        discard=tuple(sorted(Counter(state.destination_discard).items())),
    )
    return BeltSituation(rules, start, ship_id)


def make_situation(
    *, energy: int, capacity: int, values: dict[str, int], bag: dict[str, int], hold: tuple[str, ...] = (),
    local: tuple[str, ...] = (), known: tuple[str, ...] = (), opponents: dict[str, tuple[str, ...]] | None = None,
    destination: str | None = None, destinations: dict[str, tuple[int, int]] | None = None,
    deck: dict[str, int] | None = None, flat: int = 0, costs: tuple[int, int, int, int] = (1, 3, 2, 1),
    discard: dict[str, int] | None = None,
) -> BeltSituation:
    """A run built by hand (for teaching and tests): destinations map id -> (cost, bonus)."""
    for name, pile_ in (("hold", hold), ("local", local), ("known", known)):
        unknown = set(pile_) - set(values)
        if unknown:
            raise InvalidInput(name, pile_, f"tokens need values; unknown kinds {sorted(unknown)}")
    if set(bag) - set(values):
        raise InvalidInput("bag", bag, "every kind in the bag needs a value")
    if len(hold) > capacity:
        raise InvalidInput("hold", hold, f"more tokens than the {capacity} cargo slots")
    destinations = destinations or {}
    if destination is not None and destination not in destinations:
        raise InvalidInput("destination", destination, "give its (cost, bonus) in destinations")
    for name, cards in (("deck", deck or {}), ("discard", discard or {})):
        if set(cards) - set(destinations):
            raise InvalidInput(name, cards, f"give every card's (cost, bonus) in destinations; unknown {sorted(set(cards) - set(destinations))}")
    rules = _Rules(tuple(sorted(values.items())), flat, tuple((k, c, b) for k, (c, b) in sorted(destinations.items())),
                   costs, capacity, False)
    start = _Run(energy, len(hold), sum(values[t] for t in hold), pile(local), pile(known),
                 tuple((k, pile(v)) for k, v in sorted((opponents or {}).items())),
                 tuple((k, n) for k, n in sorted(bag.items()) if n), destination,
                 tuple((k, n) for k, n in sorted((deck or {}).items()) if n),
                 discard=tuple((k, n) for k, n in sorted((discard or {}).items()) if n))
    return BeltSituation(rules, start)


# --- the rules of a run, as transitions ------------------------------------------------------------
def _payout(rules: _Rules, run: _Run) -> int:
    if not run.held:
        return 0
    bonus = 0
    if run.destination is not None and (run.ended or rules.carried_bonus):
        bonus = rules.destination(run.destination)[1]
    return run.worth + rules.flat + bonus


def _draws(pairs: tuple[tuple[str, int], ...]) -> list[tuple[str, int, tuple[tuple[str, int], ...]]]:
    """Each kind drawn from a multiset, its weight (how many there are) and what is left."""
    return [(k, n, tuple((j, m - (j == k)) for j, m in pairs if m - (j == k))) for k, n in pairs]


def _added(pairs: tuple, item) -> tuple:
    """A multiset (pairs of item and count, in ascending order) with one more ``item``."""
    for index, (there, n) in enumerate(pairs):
        if there == item:
            return pairs[:index] + ((item, n + 1),) + pairs[index + 1:]
        if there > item:
            return pairs[:index] + ((item, 1),) + pairs[index:]
    return pairs + ((item, 1),)


def _destination_draws(deck: tuple, discard: tuple) -> list[tuple[Any, int, tuple, tuple]]:
    """Each destination card the next draw may give, its weight, and the deck and discards after it: as in the
    game, an empty deck is first replaced by the shuffled discards (works for card ids and for (cost, bonus))."""
    if deck:
        return [(card, n, rest, discard) for card, n, rest in _draws(deck)]
    return [(card, n, rest, ()) for card, n, rest in _draws(discard)]


Outcome = tuple[Any, int, _Run]  # label, weight, the run after
DRAW_DESTINATION = BeltAction("destination")


@dataclass(frozen=True)
class _Place:
    """Where an explored token goes once it is seen: on the ship or, unclaimed, in local space (M-F8)."""

    place: str
    kind = "place"

    def __str__(self) -> str:
        return "put it on the ship" if self.place == "ship" else "put it in local space"


PUT_ON_SHIP, PUT_IN_LOCAL = _Place("ship"), _Place("local")


def _moves(rules: _Rules, run: _Run) -> list[tuple[BeltAction | _Place, list[Outcome]]]:
    """Every legal decision from ``run`` with its weighted outcomes. Stopping is not listed.

    An explore is a chance event whose every outcome is a run holding the ``drawn`` token, where the
    decision is where to put it. A pickup or take of ``k`` tokens loads the ``k`` most valuable of the pile
    (``k`` from as many as fit down to 1; ``pickup(source)`` when as many as fit): any other ``k`` tokens of
    it do no better. Loading the top ``k`` (T) instead of another ``k`` (S) gains ``value(T) - value(S)``
    now and leaves S minus T in the pile instead of T minus S; every token of T minus S is worth at least
    every token of S minus T, so pair them off: whatever a run does after loading S, the same decisions
    after loading T load the paired S-token wherever the other run loads a T-token, and end with the same
    room, energy and draws and with at least as much aboard. Exploring with a full hold is left out: a token
    put in local space then can no longer be loaded in this run, so it changes nothing the run pays.
    """
    if run.ended:
        return []
    room = rules.capacity - run.held
    if run.drawn is not None:
        kind, placed = run.drawn, run._replace(drawn=None)
        local: list[tuple[BeltAction | _Place, list[Outcome]]] = [
            (PUT_IN_LOCAL, [(kind, 1, placed._replace(local=pile(run.local + (kind,))))])]
        if room <= 0:
            return local
        return [(PUT_ON_SHIP, [(kind, 1, placed._replace(**_load(rules, run, (kind,))))])] + local
    if run.destination is None and (run.deck or run.discard):
        return [(DRAW_DESTINATION, [(card, n, run._replace(destination=card, deck=deck, discard=discard))
                                    for card, n, deck, discard in _destination_draws(run.deck, run.discard)])]
    pick, take_cost, explore_cost, swap_cost = rules.costs
    energy = run.energy
    moves: list[tuple[BeltAction | _Place, list[Outcome]]] = []
    if room > 0 and energy >= pick:
        for source, tokens in (("known", run.known), ("local", run.local)):
            full = min(room, len(tokens))
            for k in range(full, 0, -1):
                loaded = best_tokens(tokens, k, rules.value)
                left: dict[str, Any] = {source: without(tokens, loaded)}
                moves.append((pickup(source, None if k == full else loaded), [(loaded, 1, run._replace(
                    energy=energy - pick, **_load(rules, run, loaded), **left))]))
    if room > 0 and energy >= take_cost:
        for index, (name, tokens) in enumerate(run.opponents):
            full = min(room, len(tokens))
            for k in range(full, 0, -1):
                loaded = best_tokens(tokens, k, rules.value)
                others = run.opponents[:index] + ((name, without(tokens, loaded)),) + run.opponents[index + 1:]
                moves.append((take(name, None if k == full else loaded), [(loaded, 1, run._replace(
                    energy=energy - take_cost, **_load(rules, run, loaded), opponents=others))]))
    if room > 0 and run.bag and energy >= explore_cost:
        moves.append((EXPLORE, [(kind, n, run._replace(energy=energy - explore_cost, bag=bag, drawn=kind))
                                for kind, n, bag in _draws(run.bag)]))
    if run.destination is not None and (run.deck or run.discard) and energy >= swap_cost:
        discarded = _added(run.discard, run.destination)
        moves.append((SWAP, [(card, n, run._replace(energy=energy - swap_cost, destination=card, deck=deck, discard=discard))
                             for card, n, deck, discard in _destination_draws(run.deck, discarded)]))
    if run.destination is not None and energy >= rules.destination(run.destination)[0]:
        moves.append((END_RUN, [(run.destination, 1, run._replace(energy=0, ended=True))]))
    return moves


def _load(rules: _Rules, run: _Run, tokens: tuple[str, ...]) -> dict[str, Any]:
    return {"held": run.held + len(tokens), "worth": run.worth + sum(rules.value(t) for t in tokens)}


EXPLORE, SWAP, END_RUN = explore(), swap(), end_run()


# --- the best plan: an exact expectimax over canonical positions ---------------------------------------
class _Position(NamedTuple):
    """What decides the rest of a run, whatever happened before it.

    Tokens are their Dock values, most valuable first. A pile is cut to the cargo room left (a pickup
    loads the most valuable it takes; what stays behind the room can never be loaded). ``piles`` are known
    and local space, in this order, while an explore and a pickup after it are both still affordable (an
    explored token may join local space); otherwise nothing can join them any more and they are sorted, so
    which space is which does not matter. Opponents' spaces are always sorted. The bag, the destination deck
    and its discards are multisets, destinations (cost, bonus). Whatever the energy and room left can no
    longer use is dropped. Every history that reaches the same position shares one search.
    """

    energy: int
    room: int
    piles: tuple[tuple[int, ...], ...]  # known and local space: a pickup each
    opponents: tuple[tuple[int, ...], ...]  # opponents' local spaces: a take each
    bag: tuple[tuple[int, int], ...]  # (value, how many), most valuable first
    destination: tuple[int, int] | None
    deck: tuple[tuple[tuple[int, int], int], ...]  # ((cost, bonus), how many)
    discard: tuple[tuple[tuple[int, int], int], ...]  # reshuffled into a new deck when the deck runs out
    ended: bool = False


def _multiset(items) -> tuple:
    counts: Counter = Counter()
    for item, n in items:
        counts[item] += n
    return tuple(sorted(counts.items(), reverse=True))


def _removed(pairs: tuple, index: int) -> tuple:
    """A multiset (pairs of item and count) less one of its ``index``-th item."""
    item, n = pairs[index]
    return pairs[:index] + (((item, n - 1),) if n > 1 else ()) + pairs[index + 1:]


def _inserted(tokens: tuple[int, ...], value: int) -> tuple[int, ...]:
    """A pile of values, most valuable first, with one more ``value``."""
    for index, there in enumerate(tokens):
        if value >= there:
            return tokens[:index] + (value,) + tokens[index:]
    return tokens + (value,)


def _sorted_piles(piles: tuple, room: int) -> tuple:
    """Piles cut to ``room`` tokens, empty ones dropped, in sorted order."""
    if len(piles) == 1:
        return (piles[0][:room],) if piles[0] else ()
    return tuple(sorted((tokens[:room] for tokens in piles if tokens), reverse=True))


def _cut(piles: tuple, room: int) -> tuple:
    """Piles cut to ``room`` tokens (sorted ones stay sorted: cutting keeps their order)."""
    return tuple(tokens[:room] for tokens in piles) if any(len(t) > room for t in piles) else piles


def _finish(items: tuple[tuple[int, tuple[int, ...]], ...], energy: int, room: int, held: bool, flat: int,
            stop_bonus: int, end: tuple[int, int] | None) -> tuple[int, tuple[int, ...], bool]:
    """The best way to end a run with pickups and takes only (no more draws), exactly.

    ``items`` are the spaces one pickup or take each may load from: (its cost, its tokens' values, most
    valuable first). Loading ``c`` tokens of a space loads its ``c`` most valuable (any other ``c`` do no
    better), for ``c`` from 0 up to what fits; each space is loaded from at most once (two pickups from one
    space load no more than one loading both parts, for more energy). Then the run stops, or, with ``end``
    (cost, bonus), ends at its destination. Returns (credits still to come: the tokens loaded and the bonuses
    a delivery adds, how many tokens each item loads, whether to end the run there). A knapsack over the
    items: states (energy spent, tokens loaded), the best credits of each; on a tie, the earlier items load
    the most.
    """
    states: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
    for cost, values in items:
        grown: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
        for (spent, count), (gain, counts) in states.items():
            most = min(len(values), room - count) if spent + cost <= energy else 0
            loaded = gain + sum(values[:most])
            for c in range(most, -1, -1):
                key = (spent + cost, count + c) if c else (spent, count)
                there = grown.get(key)
                if there is None or loaded > there[0]:
                    grown[key] = (loaded, counts + (c,))
                if c:
                    loaded -= values[c - 1]
        states = grown
    best: tuple[int, tuple[int, ...], bool] | None = None
    for (spent, count), (gain, counts) in states.items():
        aboard = held or count > 0
        options = [(gain + (flat + stop_bonus if aboard else 0), False)]
        if end is not None and spent + end[0] <= energy:
            options.append((gain + (flat + end[1] if aboard else 0), True))
        for value, ends in options:
            if best is None or value > best[0]:
                best = (value, counts, ends)
    assert best is not None  # spending nothing is always a state
    return best


# A move of the search: ("explore",), ("swap",) or the forced ("destination",) draw; each outcome is (weight,
# options): the choices after the draw, each (credits loaded, position after): one, or for an explore the
# token on the ship and in local space. Pickups, takes and ending the run are the finish (``_finish``).
Move = tuple
_Outcome = tuple[int, tuple[tuple[int, _Position], ...]]


class _Solver:
    """The highest expected payout of every position for fixed rules, exact and fast.

    **Pickups and takes come last.** A pickup or take shows nothing new, so any way of playing a run can
    put off its pickups and takes until its draws are done and lose nothing: meanwhile the hold has more
    room (every explore onto the ship still fits), the energy spent so far is no more, a later local pickup
    finds every token an explore put there, and the tokens the run would have loaded from one space can all
    be loaded by one pickup at the end (for no more energy), just before it stops or ends at its destination
    (whose cost the put-off pickups leave over). So the search is over draws only: at each position the run
    explores (each draw then put on the ship or in local space, whichever is better), swaps the destination,
    or finishes: the best pickups and takes (every number of tokens from each space, ``_finish``) and
    then stops or ends the run. ``_moves`` lists every decision of a run; the plain search over them
    (``plain_expected``) and an exhaustive search in the tests check this one.

    A position's value is kept as a whole number over the position's own scale, ``bag size! × deck
    size!``: a draw from a bag of B tokens averages children whose scale is B times smaller, so every
    average, comparison and distribution is integer arithmetic (no fractions until the answer). Ties keep
    finishing first, then the earlier move; after a draw, the ship.
    """

    def __init__(self, rules: _Rules):
        self.rules = rules
        self.values: dict[_Position, tuple[int, Move | None, int]] = {}
        self.spreads: dict[_Position, dict[int, int]] = {}
        self.finishes: dict[tuple, int] = {}
        self._factorials = [1]
        # a delivery's bonuses are never negative: then a draw worth at least anything still to be had and
        # nothing negative is best on the ship (see ``moves``)
        self._ship_the_best = rules.flat >= 0 and all(bonus >= 0 for _, _, bonus in rules.destinations)

    # --- positions ---------------------------------------------------------------------------------
    def position(self, run: _Run) -> _Position:
        """The canonical position of a real run (not one waiting to place a drawn token)."""
        def values(tokens: tuple[str, ...]) -> tuple[int, ...]:
            return tuple(sorted(map(self.rules.value, tokens), reverse=True))

        rules = self.rules
        if run.ended:
            assert run.destination is not None  # a run ends only at its destination
            return _Position(0, rules.capacity - run.held, (), (), (), rules.destination(run.destination), (), (), True)
        piles = (values(run.known), values(run.local))
        opponents = _sorted_piles(tuple(values(tokens) for _, tokens in run.opponents), rules.capacity)
        destination = rules.destination(run.destination) if run.destination is not None else None
        deck, discard = ((tuple(sorted(Counter({rules.destination(card): n for card, n in cards}).items()))
                          for cards in (run.deck, run.discard)))
        return self.after(run.energy, rules.capacity - run.held, piles, opponents,
                          _multiset((rules.value(kind), n) for kind, n in run.bag), destination, deck, discard, True)

    def after(self, energy, room, piles, opponents, bag, destination, deck, discard, apart) -> _Position:
        """The canonical position with this energy and room: what they can no longer use is dropped.

        ``piles`` come as (known, local) when ``apart``, else sorted; ``opponents`` sorted."""
        pick, take_cost, explore_cost, swap_cost = self.rules.costs
        if destination is not None and energy < swap_cost:
            deck = discard = ()
            if energy < destination[0] and not self.rules.carried_bonus:
                destination = None
        elif discard and sum(n for _, n in deck) >= self._draws_left(energy, destination):
            discard = ()  # the deck outlasts every draw still affordable: the discards never come back
        if not room:
            return tuple.__new__(_Position, (energy, 0, (), (), (), destination, deck, discard, False))
        if bag and energy < explore_cost:
            bag = ()
        if piles:
            if energy < pick:
                piles = ()
            elif bag and energy >= pick + explore_cost:
                known, local = piles  # kept apart: an explored token may still join local space
                if len(known) > room or len(local) > room:
                    piles = (known[:room], local[:room])
            elif apart:
                piles = _sorted_piles(piles, room)
            else:
                piles = _cut(piles, room)
        if opponents:
            opponents = _cut(opponents, room) if energy >= take_cost else ()
        return tuple.__new__(_Position, (energy, room, piles, opponents, bag, destination, deck, discard, False))

    def scale(self, pos: _Position) -> int:
        """``bag size!`` times the destination draws' part: ``deck size!`` while the deck outlasts the draws still
        affordable, else ``N!`` per draw (N: every destination card in play here), which every draw's count divides."""
        draws = self._draws_left(pos.energy, pos.destination) if pos.deck or pos.discard else 0
        deck = sum(n for _, n in pos.deck)
        if deck >= draws:
            cards = self._factorial(deck)
        else:
            cards = self._factorial(deck + sum(n for _, n in pos.discard) + (pos.destination is not None)) ** draws
        return self._factorial(sum(n for _, n in pos.bag)) * cards

    def _draws_left(self, energy: int, destination) -> int:
        """Destination draws still affordable: a swap per ``swap_cost``, and the first card if there is none."""
        return energy // self.rules.costs[3] + (destination is None)

    def _factorial(self, n: int) -> int:
        while len(self._factorials) <= n:
            self._factorials.append(self._factorials[-1] * len(self._factorials))
        return self._factorials[n]

    def _finish_of(self, energy: int, room: int, items: tuple, destination, ended: bool) -> tuple[int, tuple[int, ...], bool]:
        rules = self.rules
        held = room < rules.capacity
        if ended:
            return ((rules.flat + destination[1]) if held else 0), (), False
        bonus = destination[1] if destination is not None and rules.carried_bonus else 0
        return _finish(items, energy, room, held, rules.flat, bonus, destination)

    def finish(self, pos: _Position) -> int:
        """Credits the best finish (pickups and takes, then stop or end the run) adds to what is aboard."""
        key = (pos.energy, pos.room, pos.piles, pos.opponents, pos.destination, pos.ended)
        found = self.finishes.get(key)
        if found is None:
            pick, take_cost = self.rules.costs[:2]
            items = tuple((pick, tokens) for tokens in pos.piles) + tuple((take_cost, tokens) for tokens in pos.opponents)
            found = self.finishes[key] = self._finish_of(pos.energy, pos.room, items, pos.destination, pos.ended)[0]
        return found

    # --- the search --------------------------------------------------------------------------------
    def moves(self, pos: _Position) -> list[tuple[Move, list[_Outcome]]]:
        """Every draw the run can make from ``pos``: explore, swap, or the forced first destination."""
        energy, room, piles, opponents, bag, destination, deck, discard, ended = pos
        if ended:
            return []
        after = self.after
        pick, take_cost, explore_cost, swap_cost = self.rules.costs
        apart = bool(bag) and bool(piles) and energy >= pick + explore_cost  # piles are (known, local)
        if destination is None and (deck or discard):
            return [(("destination",), [(n, ((0, after(energy, room, piles, opponents, bag, card, rest, left, apart)),))
                                        for card, n, rest, left in _destination_draws(deck, discard)])]
        found: list[tuple[Move, list[_Outcome]]] = []
        if bag:
            energy_left = energy - explore_cost
            outcomes: list[_Outcome] = []
            # A draw worth at least every token the run could still load after putting it in local space (and
            # not negative) is best on the ship: whatever the run would do after putting it in local space, with
            # the draw aboard it does the same but for the one load that would fill the hold, worth no more.
            heads = [tokens[0] for tokens in (piles if energy_left >= pick else ()) if tokens]
            heads += [tokens[0] for tokens in (opponents if energy_left >= take_cost else ()) if tokens]
            richest = max(heads) if heads else None
            for i, (value, n) in enumerate(bag):
                left = _removed(bag, i)
                ship = (value, after(energy_left, room - 1, piles, opponents, left, destination, deck, discard, apart))
                if (self._ship_the_best and value >= 0 and (richest is None or value >= richest)
                        and (energy_left < explore_cost or not left or value >= left[0][0])):
                    outcomes.append((n, (ship,)))
                    continue
                kept = (piles[0], _inserted(piles[1], value)) if apart else piles
                local = after(energy_left, room, kept, opponents, left, destination, deck, discard, apart)
                outcomes.append((n, (ship, (0, local))))
            found.append((("explore",), outcomes))
        if destination is not None and (deck or discard) and energy >= swap_cost:
            found.append((("swap",), [(n, ((0, after(energy - swap_cost, room, piles, opponents, bag, card, rest, left, apart)),))
                                      for card, n, rest, left in _destination_draws(deck, _added(discard, destination))]))
        return found

    def best(self, pos: _Position) -> tuple[int, Move | None, int]:
        """(the best expected credits still to come × the scale, the best move or ``None`` to finish, the scale)."""
        found = self.values.get(pos)
        if found is not None:
            return found
        scale = self.scale(pos)
        moves = self.moves(pos)
        best: int | None = None if moves and moves[0][0] == ("destination",) else self.finish(pos) * scale
        choice: Move | None = None
        for move, outcomes in moves:
            share = scale // sum(weight for weight, _ in outcomes)
            value = 0
            for weight, options in outcomes:
                top: int | None = None
                for gain, after in options:
                    later, _, later_scale = self.best(after)
                    option = gain * share + later * (share // later_scale)
                    if top is None or option > top:
                        top = option
                assert top is not None  # every outcome has at least one option
                value += weight * top
            if best is None or value > best:
                best, choice = value, move
        assert best is not None  # a position that must draw a destination has that draw as a move
        found = self.values[pos] = (best, choice, scale)
        return found

    def _option(self, options: tuple[tuple[int, _Position], ...], share: int) -> tuple[int, _Position]:
        """The option ``best`` takes after a draw (the first of the best)."""
        chosen, top = options[0], None
        for gain, after in options:
            later, _, later_scale = self.best(after)
            option = gain * share + later * (share // later_scale)
            if top is None or option > top:
                chosen, top = (gain, after), option
        return chosen

    def spread(self, pos: _Position) -> dict[int, int]:
        """Credits still to come when the best move is always taken: {credits: weight}, weights summing to the scale."""
        found = self.spreads.get(pos)
        if found is not None:
            return found
        _, choice, scale = self.best(pos)
        if choice is None:
            result = {self.finish(pos): scale}
        else:
            outcomes = dict(self.moves(pos))[choice]
            share = scale // sum(weight for weight, _ in outcomes)
            mix: Counter = Counter()
            for weight, options in outcomes:
                gain, after = self._option(options, share)
                for credits, mass in self.spread(after).items():
                    mix[credits + gain] += weight * mass * (share // self.best(after)[2])
            result = dict(mix)
        self.spreads[pos] = result
        return result

    # --- back to real runs -------------------------------------------------------------------------
    def chosen(self, run: _Run) -> tuple[BeltAction | _Place, list[Outcome]] | None:
        """The best decision from a real run, with its outcomes (``None``: stop here). For a run holding a drawn
        token: where to put it (the ship on a tie, as in the search). A finish is taken one pickup at a time."""
        rules = self.rules
        if run.drawn is not None:
            best: tuple[Fraction, BeltAction | _Place, list[Outcome]] | None = None
            for place, outcomes in _moves(rules, run):
                value = self.value(outcomes[0][2])
                if best is None or value > best[0]:
                    best = (value, place, outcomes)
            assert best is not None  # a drawn token can always go to local space
            return best[1], best[2]
        pos = self.position(run)
        _, choice, _ = self.best(pos)
        moves = _moves(rules, run)
        if choice is not None:
            for action, outcomes in moves:
                if action.kind == choice[0]:
                    return action, outcomes
            raise AssertionError(f"no belt action matches the search's move {choice}")
        room, pick, take_cost = rules.capacity - run.held, rules.costs[0], rules.costs[1]
        spaces = [("known", pick, run.known), ("local", pick, run.local)]
        spaces += [(name, take_cost, tokens) for name, tokens in run.opponents]
        items = tuple((cost, tuple(sorted(map(rules.value, tokens), reverse=True))) for _, cost, tokens in spaces)
        ending = None if run.destination is None else rules.destination(run.destination)
        finish, counts, ends = self._finish_of(run.energy, room, items, ending, run.ended)
        assert finish == self.finish(pos), (finish, self.finish(pos))
        wanted: BeltAction | None = END_RUN if ends else None
        for index, ((source, _, tokens), c) in enumerate(zip(spaces, counts)):
            if c:
                loaded = None if c == min(room, len(tokens)) else best_tokens(tokens, c, rules.value)
                wanted = pickup(source, loaded) if index < 2 else take(source, loaded)
                break
        if wanted is None:
            return None
        for action, outcomes in moves:
            if action == wanted:
                return action, outcomes
        raise AssertionError(f"no belt action matches the finish's {wanted}")

    def value(self, run: _Run) -> Fraction:
        """The best expected payout from a real run: what is aboard plus the best continuation."""
        if run.drawn is not None:
            return max(self.value(outcomes[0][2]) for _, outcomes in _moves(self.rules, run))
        value, _, scale = self.best(self.position(run))
        return run.worth + Fraction(value, scale)


@lru_cache(maxsize=16)
def _solver(rules: _Rules) -> _Solver:
    return _Solver(rules)


def _distribution(probabilities: dict[int, Fraction]) -> Distribution[int]:
    denominator = lcm(*(p.denominator for p in probabilities.values()))
    return Distribution({k: int(p * denominator) for k, p in probabilities.items()})


@dataclass(frozen=True)
class BestPlan:
    """The best way to spend a ship's energy: highest expected payout, and the plan as a decision tree."""

    situation: BeltSituation
    expected: Fraction
    distribution: Distribution[int]

    def first_action(self) -> BeltAction | None:
        """The best first action (``None``: stop at once); the take-a-destination draw is not a choice. An
        explore's placement is decided after its draw: ``describe`` shows it for each draw."""
        solver, run = _solver(self.situation.rules), self.situation.start
        while True:
            chosen = solver.chosen(run)
            if chosen is None:
                return None
            action, outcomes = chosen
            if action is not DRAW_DESTINATION:
                assert isinstance(action, BeltAction)  # a placement comes only after an explore's draw
                return action
            run = max(outcomes, key=lambda o: solver.value(o[2]))[2]

    def describe(self, depth: int = 3) -> list[str]:
        """The plan as indented lines: each action, and for a draw each outcome with its chance (for an explore,
        where the drawn token goes)."""
        lines: list[str] = []
        _describe(_solver(self.situation.rules), self.situation.start, depth, "", lines)
        return lines

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.describe())
        return (f"<div class='tt-merchants-best'><b>Best plan</b>: expected payout {self.expected} "
                f"≈ {float(self.expected):.3f} credits<ul>{items}</ul></div>")


def _placed(solver: _Solver, run: _Run) -> tuple[str, _Run]:
    """For a run holding a drawn token: where the plan puts it (as words) and the run after; else nothing."""
    if run.drawn is None:
        return "", run
    chosen = solver.chosen(run)
    assert chosen is not None  # a drawn token is always placed
    place, outcomes = chosen
    return f" {place}", outcomes[0][2]


def _describe(solver: _Solver, run: _Run, depth: int, indent: str, lines: list[str]) -> None:
    while True:
        chosen = solver.chosen(run)
        if chosen is None:
            lines.append(f"{indent}{'payout' if run.ended else 'stop here: payout'} {_payout(solver.rules, run)}")
            return
        action, outcomes = chosen
        if len(outcomes) == 1:
            label, _, run = outcomes[0]
            shown = describe_tokens(label) if isinstance(label, tuple) else label
            place, run = _placed(solver, run)
            lines.append(f"{indent}{action}" + ("" if getattr(action, "tokens", None) else f" ({shown})")
                         + (f":{place}" if place else ""))
            continue
        lines.append(f"{indent}{action}:")
        if depth <= 1:
            lines.append(f"{indent}  … then the best continuation for each draw")
            return
        total = sum(n for _, n, _ in outcomes)
        for label, n, after in outcomes:
            shown = describe_tokens(label) if isinstance(label, tuple) else solver.rules.name(label)
            head = (f"{indent}  if {shown} ({probability_text(Fraction(n, total))}), "
                    f"expected {number_text(solver.value(after))}:")
            place, after = _placed(solver, after)
            lines.append(head + place)
            _describe(solver, after, depth - 1, indent + "    ", lines)
        return


def _check_searchable(sit: BeltSituation) -> None:
    start = sit.start
    if sit.rules.costs[3] == 0 and (start.deck or start.discard or start.destination):
        raise InvalidInput("costs", sit.rules.costs, "a free destination swap can be repeated for ever (the discards come "
                                                     "back when the deck runs out): no best plan exists")


def plain_expected(sit: BeltSituation) -> Fraction:
    """The best expected payout by a plain expectimax over whole run states, in fractions.

    Slow (it keeps every token's kind, what is aboard and every pile apart); it is the reference the
    fast search of ``best_plan`` is tested and benchmarked against. An explore's draw leads to a run that
    must place the token (no stopping in between); the first destination draw is forced too.
    """
    _check_searchable(sit)
    rules, memo = sit.rules, {}

    def value(run: _Run) -> Fraction:
        if run not in memo:
            moves = _moves(rules, run)
            forced = run.drawn is not None or (moves and moves[0][0] is DRAW_DESTINATION)
            options = [] if forced else [Fraction(_payout(rules, run))]
            for _, outcomes in moves:
                total = sum(n for _, n, _ in outcomes)
                options.append(sum((value(after) * n for _, n, after in outcomes), Fraction(0)) / total)
            memo[run] = max(options)
        return memo[run]

    return value(sit.start)


def best_plan(sit: BeltSituation) -> BestPlan:
    """Search every sequence of belt actions for the highest expected payout (exact; see ``_Solver``)."""
    _check_searchable(sit)
    solver = _solver(sit.rules)
    spread = solver.spread(solver.position(sit.start))
    return BestPlan(sit, solver.value(sit.start), Distribution({sit.start.worth + credits: mass for credits, mass in spread.items()}))


# --- a fixed plan -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlanOdds:
    """The exact payout distribution of a fixed plan; ``skipped`` is the chance some step could not be done."""

    plan: tuple[BeltAction, ...]
    distribution: Distribution[int]
    skipped: Fraction

    @property
    def expected(self) -> Fraction:
        return self.distribution.mean()

    def _repr_svg_(self) -> str:
        return payout_chart(self.distribution, f"Plan: expected payout {credits_text(self.expected)} credits")

    def _repr_latex_(self) -> str:
        from ..prob import latex_fraction

        return rf"$E[\text{{payout}}] = {latex_fraction(self.expected)} \approx {float(self.expected):.3f}$"


def _step(rules: _Rules, run: _Run, action: BeltAction) -> list[tuple[Fraction, _Run]] | None:
    """Outcomes of one planned action, or ``None`` when it cannot be done in this branch."""
    if run.ended:
        return None
    pick, take_cost, explore_cost, _ = rules.costs
    room = rules.capacity - run.held
    if action.kind == "explore":
        if not run.bag or run.energy < explore_cost:
            return None
        total = sum(n for _, n in run.bag)
        outcomes = []
        for kind, n, bag in _draws(run.bag):
            after = run._replace(energy=run.energy - explore_cost, bag=bag)
            if action.place == "ship" and room > 0:
                after = after._replace(**_load(rules, run, (kind,)))
            else:
                after = after._replace(local=pile(run.local + (kind,)))
            outcomes.append((Fraction(n, total), after))
        return outcomes
    if action.kind in ("pickup", "take"):
        if action.kind == "pickup":
            cost, field, tokens = pick, action.source, run.known if action.source == "known" else run.local
        else:
            cost, field, tokens = take_cost, None, dict(run.opponents).get(action.source or "", ())
        if room <= 0 or run.energy < cost:
            return None
        loaded = best_tokens(tokens, room, rules.value) if action.tokens is None else pile(action.tokens)
        if not loaded or len(loaded) > room or not holds(tokens, loaded):
            return None
        changed: dict[str, Any]
        if field is None:
            changed = {"opponents": tuple((name, without(there, loaded) if name == action.source else there)
                                          for name, there in run.opponents)}
        else:
            changed = {field: without(tokens, loaded)}
        return [(Fraction(1), run._replace(energy=run.energy - cost, **_load(rules, run, loaded), **changed))]
    for move, listed in _moves(rules, run):
        if move.kind == action.kind:
            total = sum(n for _, n, _ in listed)
            return [(Fraction(n, total), after) for _, n, after in listed]
    return None


def plan_odds(sit: BeltSituation, plan: tuple[BeltAction, ...] | list[BeltAction]) -> PlanOdds:
    """The exact payout distribution of carrying out ``plan`` in order.

    A step that cannot be done in some branch (the hold is full, nothing is left to pick up, the energy
    ran out) is skipped there; ``skipped`` is the chance that happens. ``explore()`` puts the token on the
    ship (in local space when the hold is full), ``explore("local")`` in local space; a pickup or take
    with ``tokens`` loads those (if they are there and fit), without them the most valuable that fit.
    """
    plan = tuple(plan)
    opponents = [name for name, _ in sit.start.opponents]
    for index, action in enumerate(plan):
        if action.kind == "take" and action.source not in opponents:
            raise InvalidInput(f"plan[{index}].source", action.source, f"take from one of the opponents: {opponents}")
        if action.kind == "destination":
            raise InvalidInput(f"plan[{index}].kind", action.kind, "the first destination is drawn by the run, not planned")
    rules = sit.rules
    branches: dict[tuple[_Run, bool], Fraction] = {(sit.start, False): Fraction(1)}
    if sit.start.destination is None and (sit.start.deck or sit.start.discard) and not sit.start.ended:
        draws = _destination_draws(sit.start.deck, sit.start.discard)
        total = sum(n for _, n, _, _ in draws)
        branches = {(sit.start._replace(destination=c, deck=d, discard=left), False): Fraction(n, total)
                    for c, n, d, left in draws}
    for action in plan:
        following: defaultdict[tuple[_Run, bool], Fraction] = defaultdict(Fraction)
        for (run, missed_before), p in branches.items():
            outcomes = _step(rules, run, action)
            if outcomes is None:
                following[(run, True)] += p
            else:
                for q, after in outcomes:
                    following[(after, missed_before)] += p * q
        branches = following
    payouts: defaultdict[int, Fraction] = defaultdict(Fraction)
    skipped = Fraction(0)
    for (run, missed), p in branches.items():
        payouts[_payout(rules, run)] += p
        skipped += p if missed else 0
    return PlanOdds(plan, _distribution(dict(payouts)), skipped)


def explore_odds(bag: dict[str, int], draws: int = 1) -> Distribution:
    """What ``draws`` explores take from the bag (without replacement): outcome = (kind, count) pairs."""
    return draw(bag, draws)


# --- pictures --------------------------------------------------------------------------------------
def credits_text(value: Fraction) -> str:
    """An expected number of credits as a person reads it: ``12``, or ``123/7 ≈ 17.57``."""
    value = Fraction(value)
    return str(value) if value.denominator == 1 else f"{value} ≈ {float(value):.2f}"


def payout_chart(distribution: Distribution[int], title: str, best: Fraction | None = None) -> str:
    """A deterministic SVG bar chart of a payout distribution: one bar per payout, each labelled with its
    exact probability and percent (engine.numbers), type 14 px and more, every label beside its bar (no
    label over another), drawn with engine.svg."""
    items = sorted(distribution.items())
    size, row, bar_w = 14, 26, 320
    labels = [f"{payout} credits" for payout, _ in items]
    odds = [probability_text(p) for _, p in items]
    left = 12 + max(svg.text_width(t, size) for t in labels)
    right = 12 + max(svg.text_width(t, size) for t in odds)
    notes = ["bars: the exact probability of each payout"] + ([f"best plan expects {credits_text(best)} credits"] if best is not None else [])
    width = max(left + 12 + bar_w + right + 10, min(svg.WIDEST, svg.text_width(title, 16) * 1.06 + 20),
                max(svg.text_width(n, size) for n in notes) + 20)
    heading = svg.wrapped(title, (width - 20) / 1.06, 16, split_long=True)
    top = max(p for _, p in items)
    parts: list[svg.Element] = [svg.text(10, 22 + 20 * n, line_text, font_size=16, font_weight="bold")
                                for n, line_text in enumerate(heading)]
    y = 40 + 20 * (len(heading) - 1)
    for label, chance, (payout, p) in zip(labels, odds, items):
        length = max(1.0, float(p / top) * bar_w)
        parts.append(svg.text(left, y + 17, label, anchor="end"))
        parts.append(svg.group(svg.title(f"{label}: {chance}"),
                                svg.rect(left + 8, y + 3, length, row - 6, fill="blue")))
        parts.append(svg.text(left + 14 + length, y + 17, chance))
        y += row
    for note in notes:
        y += 20
        parts.append(svg.text(10, y, note, fill="slate"))
    return svg.svg(width, y + 12, *parts, class_="tt-merchants-chart", font_family="sans-serif", font_size=size,
                    fill="ink").render()


# --- the phase -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BagOdds:
    """What ``bag_odds`` finds: one explore's draw, the plan's odds and the best plan."""

    draw: Distribution
    plan: PlanOdds
    best: BestPlan


@register_phase("odds.bag", title="Exact odds of the bag and of a belt run", section=SECTION, notebook=NOTEBOOK)
def bag_odds(sit: BeltSituation, plan: tuple[BeltAction, ...] | list[BeltAction]) -> Procedure:
    """Explain what exploring draws, what ``plan`` pays (exactly) and how it compares with the best plan."""
    bag = sit.bag
    if not bag:
        raise InvalidInput("bag", bag, "the bag is empty: there is nothing to explore")
    one = explore_odds(bag, 1)
    size = sum(bag.values())
    shares = ", ".join(f"{kind} {probability_text(Fraction(n, size))}" for kind, n in sorted(bag.items()))
    yield Step("What exploring draws",
               f"The bag holds {size} tokens; one explore draws each kind with chance {shares} "
               f"(the chances add up to {sum(p for _, p in one.items())}).", SECTION, None,
               {"bag": bag, "total": sum(p for _, p in one.items())})
    richest = max(bag, key=lambda k: (sit.rules.value(k), k))
    explores = min(size, sit.energy // sit.rules.costs[2]) if sit.rules.costs[2] else 0
    if explores:
        hits = count_of(bag, explores, {richest})
        yield Step("Without replacement",
                   f"With {sit.energy} energy a ship could explore up to {explores} times. The chance that those draws "
                   f"include at least one {richest} (the most valuable) is {1 - hits[0]}: the bag shrinks after each draw.",
                   SECTION, None, {"explores": explores, "at_least_one": 1 - hits[0]})
    odds = plan_odds(sit, plan)
    skipped = f" Some step cannot be done with chance {odds.skipped}." if odds.skipped else ""
    yield Step("Your plan", f"{', '.join(map(str, odds.plan)) or 'Doing nothing'}: expected payout {odds.expected} "
                            f"(≈ {float(odds.expected):.3f}) credits.{skipped}",
               SECTION, odds, {"expected": odds.expected, "skipped": odds.skipped})
    best = best_plan(sit)
    first = best.first_action()
    yield Step("The best plan", f"Searching every sequence of actions: expected payout {best.expected} "
                                f"(≈ {float(best.expected):.3f}), starting with {first or 'stopping at once'}.",
               SECTION, best, {"expected": best.expected})
    gap = best.expected - odds.expected
    verdict = "Your plan is as good as the best plan." if gap == 0 else f"The best plan expects {gap} more credits."
    yield Step("Compare", verdict, SECTION, None, {"gap": gap})
    return BagOdds(one, odds, best)
