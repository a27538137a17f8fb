"""A turn (手番の流れ): act where you are, move clockwise to the next location and act, or move and do nothing.

The loop is Shipyard → Market → Belt → Dock → Shipyard. Moving triggers what arriving does: leaving the
Dock opens the refineries, a first Belt arrival moves set-up tokens (M-R1), entering the Shipyard with
loans forces repayment, arriving at the Market allows replacing cards. In the end game a turn begun at
the Dock (for a player done with the game) earns the Dock bonus instead.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.options import Options
from ..engine.registry import register_phase
from ..engine.rng import Rng
from ..engine.steps import Procedure, Step, run
from ..engine.frozen import replace
from .actions import BuyShip, DockVisit, MarketVisit, PayLoans, RunShip, TurnChoice, act, move, move_and_act, stay
from .belt import arrive_at_belt, belt, check_run
from .dock import check_dock, dock
from .end import final_scoring, pass_into_dock
from .market import check_market, market
from .shipyard import check_shipyard, loan_repayment, shipyard
from .state import GameState, counted, next_location
from .variant import END, TURN

NOTEBOOK = "merchants_loop_shipyard.ipynb"
ACTIONS = {"Shipyard": (BuyShip, PayLoans), "Market": (MarketVisit,), "Belt": (RunShip,), "Dock": (DockVisit,)}


def moved_on(state: GameState) -> GameState:
    """The state with the active player one location on (no arrival effects yet)."""
    players, current = state.players, state.current
    player = players[current]
    moved = replace(player, location=next_location(player.location), final_lap=False)
    return replace(state, players=players[:current] + (moved,) + players[current + 1:])


def check_turn(state: GameState, choice: TurnChoice) -> None:
    """Refuse (``IllegalAction``) a turn the rules forbid, before anything happens.

    Belt actions after the start of a run depend on the bag and are checked as they come.
    """
    there = check_option(state, choice)
    if choice.option in ("act", "move_act"):
        check_action(there, choice.action, arrived=choice.option == "move_act")


def check_option(state: GameState, choice: TurnChoice, moved: GameState | None = None) -> GameState:
    """Refuse the turn's option itself (stay, act here, move and act, move and do nothing); returns the state
    with the player where the action would happen (``moved``: ``moved_on(state)``, when already made)."""
    if state.finished:
        raise IllegalAction("merchants.turn.game_over", "The game is over.", END)
    player = state.active
    done = state.end_trigger is not None and player.name in state.dock_arrivals
    if choice.option == "stay" or done:
        if not done:
            raise IllegalAction("merchants.end.no_stay",
                                "Staying for the Dock bonus is only for end-game turns begun at the Dock.", END)
        if choice.option != "stay":
            raise IllegalAction("merchants.end.stay_at_dock",
                                f"{player.name} is at the Dock for the end of the game: the turn earns {counted(state.variant.dock_bonus, 'credit')} instead of an action.", END)
        return state
    if choice.option == "act":
        if player.final_lap:
            raise IllegalAction("merchants.end.must_leave",
                                f"{player.name} was at the Dock when the end triggered and must go round once more (M-R4).", END)
        if player.acted_here and not state.variant.act_again:
            raise IllegalAction("merchants.turn.act_again",
                                "This variant forbids acting twice in a row at the same location.", TURN)
        return state
    moved = moved_on(state) if moved is None else moved
    target = moved.active
    if choice.option == "move":
        if choice.action is not None:
            raise IllegalAction("merchants.turn.move_no_action", "Moving and doing nothing takes no action.", TURN)
        variant = state.variant
        if target.location == "Shipyard" and target.loans and variant.loans_on_entering == "repay":
            cheapest = min(loan_repayment(s, variant) for s in target.ships if s.loans)
            if target.credits >= cheapest:
                raise IllegalAction("merchants.shipyard.must_repay",
                                    f"{player.name} enters the Shipyard with loans and can repay one ({counted(cheapest, 'credit')}): they must (シップヤード).", "シップヤード")
        if state.end_trigger is not None and target.location == "Dock":
            if variant.endgame_dock_entry != "may_pass":
                raise IllegalAction("merchants.end.dock_on_arrival",
                                    "In the end game a player entering the Dock takes the Dock action: payout and repaying every loan.", END)
    return moved


def check_action(state: GameState, action: Any, arrived: bool) -> None:
    """Refuse the location's action (the player already where it happens)."""
    location = state.active.location
    if location == "Shipyard" and isinstance(action, (BuyShip, PayLoans)):
        check_shipyard(state, action, arrived)
    elif location == "Market" and isinstance(action, MarketVisit):
        check_market(state, action, arrived)
    elif location == "Belt" and isinstance(action, RunShip):
        check_run(state, action)
    elif location == "Dock" and isinstance(action, DockVisit):
        check_dock(state, action)
    else:
        names = " or ".join(kind.__name__ for kind in ACTIONS[location])
        raise IllegalAction("merchants.turn.wrong_action",
                            f"At the {location} the action is {names}, not {type(action).__name__}.", TURN)


@register_phase("merchants.turn", title="A turn on the loop", section=TURN, notebook=NOTEBOOK)
def turn(state: GameState, choice: TurnChoice, rng: Rng) -> Procedure:
    """One player's turn: the chosen option, the arrival effects, the location's action, the next player."""
    if not isinstance(state, GameState):
        raise InvalidInput("state", state, "a Starship Merchants GameState (tabletoolkit.merchants.new_game)")
    if not isinstance(choice, TurnChoice):
        raise InvalidInput("choice", choice, "a TurnChoice: act(...), move_and_act(...), move() or stay()")
    if not isinstance(rng, Rng):
        raise InvalidInput("rng", rng, "an Rng (tabletoolkit.Rng)")
    check_turn(state, choice)
    state = yield from begin_turn(state, choice)
    action = choice.action
    if action is not None:
        arrived = choice.option != "act"
        location = state.active.location
        if location == "Shipyard":
            state = yield from shipyard(state, action, arrived)
        elif location == "Market":
            state = yield from market(state, action, rng, arrived)
        elif location == "Belt":
            state = yield from belt(state, action, rng)
        else:
            state = yield from dock(state, action)
    return (yield from end_turn(state, None if choice.option == "stay" else action is not None))


def begin_turn(state: GameState, choice: TurnChoice, moved: GameState | None = None) -> Procedure:
    """The turn's option, before its action: the Dock bonus for staying, or the move and what arriving does (the
    refineries open on leaving the Dock, set-up tokens at a first Belt arrival, passing into the Dock in the end
    game), or acting where one stands (``moved``: ``moved_on(state)``, when already made)."""
    name = state.active.name
    heading = f"Turn {state.turn}: {name}"
    if choice.option == "stay":
        player = state.active
        state = state.with_player(replace(player, credits=player.credits + state.variant.dock_bonus))
        yield Step(f"{heading} stays at the Dock",
                   f"{name} begins the turn at the Dock in the end game: {counted(state.variant.dock_bonus, 'credit')} instead of an action "
                   f"({state.active.credits} now).", END, state, {"credits": state.active.credits})
    elif choice.option != "act":
        leaving = state.active.location
        state = moved_on(state) if moved is None else moved
        where = state.active.location
        what = "and acts" if choice.action is not None else "and does nothing"
        yield Step(f"{heading} moves to the {where}", f"{name} moves clockwise from the {leaving} to the {where} {what}.",
                   TURN, state, {"from": leaving, "to": where})
        if leaving == "Dock" and not state.refineries_open:
            state = replace(state, refineries_open=True)
            yield Step("Refineries open", f"{name} is the first to leave the Dock: refinery cards are now on sale.",
                       "マーケット", state, {})
        if where == "Belt":
            state = yield from arrive_at_belt(state)
        if where == "Dock" and choice.action is None and state.end_trigger is not None:
            state = yield from pass_into_dock(state)
    else:
        again = " again where they stand (M-R5)" if state.active.acted_here else " where they stand"
        yield Step(f"{heading} acts at the {state.active.location}", f"{name} acts{again}.", TURN, state, {})
    return state


def end_turn(state: GameState, acted: bool | None) -> Procedure:
    """After the action: note whether the player acted (``None``: leave it), then the final scoring once everyone is
    back at the Dock in the end game, or the next player."""
    players = state.players
    if acted is not None and players[state.current].acted_here != acted:
        players = players[:state.current] + (replace(players[state.current], acted_here=acted),) + players[state.current + 1:]
    if state.end_trigger is not None and set(state.dock_arrivals) == {p.name for p in players}:
        return (yield from final_scoring(replace(state, players=players)))
    state = replace(state, players=players, current=(state.current + 1) % len(players), turn=state.turn + 1)
    yield Step("Next player", f"{state.active.name} is next.", TURN, state, {"next": state.active.name})
    return state


def candidate_choices(state: GameState) -> list[TurnChoice]:
    """Representative choices for the active player: one per option, action and ship (runs with no belt actions)."""
    player = state.active
    here = player.location
    ahead = next_location(here)

    def actions_at(location: str) -> list[Any]:
        if location == "Shipyard":
            found: list[Any] = [BuyShip(d, lease) for d, n in state.shipyard if n for lease in (False, True)]
            found += [PayLoans((s.id,)) for s in player.ships if s.loans]
            return found
        if location == "Market":
            found = [MarketVisit(buy=c, ship=s.id) for c in dict.fromkeys(state.market_row) for s in player.ships]
            return found + [MarketVisit(buy=c) for c, n in state.refinery_supply if n]
        if location == "Belt":
            return [RunShip(s.id) for s in player.ships]
        return [DockVisit(), DockVisit(trigger_end=True)]

    return ([act(a) for a in actions_at(here)] + [move_and_act(a) for a in actions_at(ahead)] + [move(), stay()])


def legal_choices(state: GameState) -> Options:
    """Every candidate choice as ``Options``: the legal ones, and the refused ones with the rule, reason and section."""
    return Options.checked(candidate_choices(state), lambda choice: check_turn(state, choice),
                           lambda choice: {"label": choice.words(state)})


def play_turn(state: GameState, choice: TurnChoice, rng: Rng):
    """Run one turn to its end (the ``Run`` with every step; its result is the new state)."""
    return run(turn(state, choice, rng), phase="merchants.turn")
