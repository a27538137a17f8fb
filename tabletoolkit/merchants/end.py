"""The end of the game (ゲームの終了): the trigger, the end-game turns and the winner.

At the Dock, with no loans and 100+ credits a player may trigger the end; with 150+ they must, repaying
every loan at once (the threshold is checked before repaying, M-R4). The trigger gains 10 credits and
stays at the Dock. Players at the Dock when it triggers go round once more; everyone plays on until all
are back at the Dock, each turn begun there earning 5 credits instead of an action. Most credits wins;
ties go to the player who reached the Dock earliest.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.errors import IllegalAction
from ..engine.steps import Procedure, Step
from ..engine.frozen import replace
from .shipyard import loan_repayment
from .state import GameState, Player, counted
from .variant import END


def loan_total(state: GameState, player: Player) -> int:
    """Credits needed to repay every loan marker the player holds."""
    total = 0
    for ship in player.ships:  # a loop, not sum(): the end trigger is checked at every Dock action listed
        if ship.loans:
            total += ship.loans * loan_repayment(ship, state.variant)
    return total


@dataclass(frozen=True, init=False)
class TriggerCheck:
    """Whether the active player may or must trigger the end, and whether they can repay their loans."""

    may: bool
    must: bool
    can_repay: bool
    repay: int

    def __init__(self, may: bool, must: bool, can_repay: bool, repay: int):
        # Checked for every Dock action listed: the fields are written straight into the instance's own ``__dict__``
        # (a TriggerCheck stays frozen), which keeps the key sharing of the class.
        values = self.__dict__
        values["may"] = may
        values["must"] = must
        values["can_repay"] = can_repay
        values["repay"] = repay


def trigger_check(state: GameState, player: Player | None = None) -> TriggerCheck:
    """The trigger check for the active player (or ``player``: the active player as they would stand)."""
    player = state.active if player is None else player
    variant = state.variant
    repay = loan_total(state, player)
    measured = player.credits if variant.must_checked == "before_repaying" else player.credits - repay
    return TriggerCheck(
        may=player.loans == 0 and player.credits >= variant.end_may,
        must=measured >= variant.end_must,
        can_repay=player.credits >= repay,
        repay=repay,
    )


def check_trigger(state: GameState, want: bool, player: Player | None = None) -> TriggerCheck:
    """Refuse (``IllegalAction``) a trigger the rules forbid, or declining one they force (for the active player,
    or ``player``: the active player as they would stand); returns the trigger check it made."""
    player = state.active if player is None else player
    variant = state.variant
    check = trigger_check(state, player)
    if want:
        if not check.may and not check.must:
            raise IllegalAction("merchants.end.not_allowed",
                                f"Triggering the end needs no loans and {variant.end_may}+ credits; {player.name} has "
                                f"{counted(player.credits, 'credit')} and {counted(player.loans, 'loan marker')}.", END)
        if not check.can_repay:
            raise IllegalAction("merchants.end.cannot_repay",
                                f"Triggering means repaying every loan at once ({counted(check.repay, 'credit')}); {player.name} has {player.credits}.", END)
    else:
        if check.must and check.can_repay:
            raise IllegalAction("merchants.end.must_trigger",
                                f"With {counted(player.credits, 'credit')} ({variant.end_must}+) {player.name} must trigger the end (M-F3).", END)
    return check


def repay_every_loan(state: GameState) -> tuple[GameState, str, int]:
    """The end game's repayment of every loan marker (M-R7): what cannot be repaid in full takes all the
    credits and is written off (variant ``endgame_unpaid_loans="forfeit"``) or stays as debt (``"debt"``)."""
    player = state.active
    cost = sum(s.loans * loan_repayment(s, state.variant) for s in player.ships)
    cleared = tuple(replace(s, loans=0) for s in player.ships)
    if player.credits >= cost:
        credits = player.credits - cost
        text = f"In the end game all loans must be repaid: {counted(cost, 'credit')}; {player.name} has {credits}."
    elif state.variant.endgame_unpaid_loans == "forfeit":
        credits = 0
        text = (f"In the end game all loans must be repaid: {counted(cost, 'credit')}, but {player.name} has only {player.credits}. "
                f"All of it goes to the loans and the other {cost - player.credits} are written off (M-R7); "
                f"{player.name} has 0 credits.")
    else:
        credits = player.credits - cost
        text = (f"In the end game all loans must be repaid: {counted(cost, 'credit')}, more than {player.name}'s {player.credits}; "
                f"the unpaid rest is debt (variant endgame_unpaid_loans='debt'): {player.name} has {credits}.")
    state = state.with_player(replace(player, credits=credits, ships=cleared))
    return state, text, cost


def pass_into_dock(state: GameState) -> Procedure:
    """Variant ``endgame_dock_entry="may_pass"``: the player enters the Dock without its action (no payout) in the
    end game, repays every loan (M-R7) and is back for the end."""
    owed = loan_total(state, state.active)
    text = ""
    if owed:
        state, text, _ = repay_every_loan(state)
        text = " " + text
    player = state.active
    state = replace(state, dock_arrivals=state.dock_arrivals + (player.name,))
    yield Step("Back at the Dock without the Dock action",
               f"{player.name} enters the Dock doing nothing (variant): no payout.{text} {player.name} has "
               f"{counted(player.credits, 'credit')} (arrival {len(state.dock_arrivals)}; earlier arrivals win ties).",
               END, state, {"repaid": owed, "arrivals": state.dock_arrivals})
    return state


def trigger_end(state: GameState, want: bool, check: TriggerCheck | None = None) -> Procedure:
    """After the Dock action: trigger the end (repay loans, +10 credits, stay) or explain why not (``check``: the
    active player's trigger check, when already made)."""
    player = state.active
    variant = state.variant
    check = trigger_check(state) if check is None else check
    if not want:
        if check.must:
            yield Step("The end cannot be triggered",
                       f"{player.name} has {variant.end_must}+ credits and so must trigger the end, but is refused: "
                       f"repaying every loan takes {counted(check.repay, 'credit')} and they have {player.credits} (M-R4).",
                       END, state, {"repay": check.repay})
        elif check.may:
            yield Step("The end is not triggered", f"{player.name} could trigger the end but chooses to play on.", END, state, {})
        return state
    credits = player.credits - check.repay + variant.trigger_bonus
    player = replace(player, credits=credits, ships=tuple(replace(s, loans=0) for s in player.ships))
    lap = variant.docked_at_trigger == "lap"
    others = tuple(
        replace(p, final_lap=lap and p.location == "Dock") if p.name != player.name else player for p in state.players
    )
    arrivals: tuple[str, ...] = (player.name,)
    if not lap:
        seats = len(state.players)
        later = (state.players[(state.current + k) % seats] for k in range(1, seats))
        arrivals += tuple(p.name for p in later if p.location == "Dock")
    state = replace(state, players=others, end_trigger=player.name, dock_arrivals=arrivals)
    repaid = f"repays every loan ({counted(check.repay, 'credit')}), " if check.repay else ""
    lappers = [p.name for p in state.players if p.final_lap]
    rest = [p.name for p in state.players if p.name != player.name and not p.final_lap]
    text = (f"{player.name} triggers the end: {repaid}gains {counted(variant.trigger_bonus, 'credit')} ({credits} now), keeps their "
            f"tokens aboard and stays at the Dock.")
    if lappers:
        text += f" {', '.join(lappers)} {'was' if len(lappers) == 1 else 'were'} at the Dock and go{'es' if len(lappers) == 1 else ''} round once more."
    stayers = arrivals[1:]
    if stayers:
        text += f" {', '.join(stayers)} stay{'s' if len(stayers) == 1 else ''} at the Dock too."
        rest = [name for name in rest if name not in stayers]
    if rest:
        text += f" {', '.join(rest)} play{'s' if len(rest) == 1 else ''} on until back at the Dock."
    yield Step("Trigger the end", text, END, state, {"trigger": player.name, "credits": credits})
    return state


@dataclass(frozen=True)
class Standing:
    """One line of the final ranking."""

    place: int
    name: str
    credits: int
    arrival: int


def standings(state: GameState) -> tuple[Standing, ...]:
    """Most credits first; ties to the player who reached the Dock earliest."""
    order = {name: index + 1 for index, name in enumerate(state.dock_arrivals)}
    ranked = sorted(state.players, key=lambda p: (-p.credits, order.get(p.name, len(order) + 1)))
    return tuple(Standing(i + 1, p.name, p.credits, order.get(p.name, 0)) for i, p in enumerate(ranked))


def final_scoring(state: GameState) -> Procedure:
    """Everyone is back at the Dock: rank by credits, ties to the earliest arrival."""
    state = replace(state, finished=True)
    table = standings(state)
    lines = "; ".join(f"{s.place}. {s.name} {counted(s.credits, 'credit')} (Dock arrival {s.arrival})" for s in table)
    tied = len(table) > 1 and table[0].credits == table[1].credits
    why = " The tie goes to the earliest arrival at the Dock." if tied else ""
    yield Step("The winner", f"Everyone is back at the Dock. {lines}. {table[0].name} wins.{why}", END, state,
               {"winner": table[0].name, "standings": tuple((s.name, s.credits) for s in table)})
    return state
