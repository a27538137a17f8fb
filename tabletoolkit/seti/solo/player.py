"""A scripted solo player for demonstrations, what-ifs and the golden game: a one-step lookahead over
your legal main actions (no rule lives here; the heuristic's worths are named constants).
"""

from __future__ import annotations

from typing import Any, Sequence

from ...engine.frozen import replace
from ...engine.rng import Rng
from ...engine.steps import result_of
from ..milestones import mark_gold_tile
from .shared import results_only
from .state import CARD, TRACE, TUCK, YOU, SoloGame
from .you import free_action, free_options, your_gold_lines, your_options, your_turn


#: What the scripted player counts a holding worth, in VP, when it weighs its main actions.
HOLDING_VALUE = {"publicity": 0.35, "credits": 0.9, "energy": 1.3, "card": 0.6, "data": 0.8, "computer space": 0.4,
                 "probe in space": 3.5, "tucked card, per income left": 0.8, "tech, per income left": 0.5,
                 "objective task marked": 3.0, "life trace to place": 4.5}


#: The scripted player passes when no main action scores above this: a little below zero, as holdings
#: kept to the end are worth nothing. The worths were tried by hand over ten 1-star games (seeds 0-9):
#: margin 0 → 44 VP on average, -2 → 61, -3 → 58; a probe in space worth 2.5 → 62, 3.5 → 66, 4.5 → 57;
#: energy 1.3 instead of 1.1 → 67 (the rival: 81; 3 wins); a life trace to place counted at all → +18.
PASS_MARGIN = -2.0


def holdings_value(game: SoloGame) -> float:
    """VP plus the scripted player's worth of your holdings (``HOLDING_VALUE``): a plain heuristic, no rule."""
    you, worth = game.you, HOLDING_VALUE
    incomes_left = game.variant.rounds - game.round
    return (you.score + worth["publicity"] * you.publicity + worth["credits"] * you.credits + worth["energy"] * you.energy
            + worth["card"] * len(you.hand) + worth["data"] * you.data + worth["computer space"] * you.computer.filled
            + worth["probe in space"] * len(game.table.solar.probes_of(YOU))
            + (worth["tucked card, per income left"] * len(you.tucked) + worth["tech, per income left"] * len(you.techs))
            * incomes_left + worth["objective task marked"] * sum(sum(o.marked) for o in game.objectives.face_up)
            + sum(_owed_worth(kind, incomes_left) for _, kind, _ in game.pending))


def _owed_worth(kind: str, incomes_left: int) -> float:
    """A choice still to make (the kind of a ``pending`` item), worth what it will give: a card, a tuck
    (income), a life trace."""
    worth = HOLDING_VALUE
    return {CARD[0]: worth["card"], TUCK[0]: worth["tucked card, per income left"] * incomes_left,
            TRACE: worth["life trace to place"]}.get(kind, 0.0)


def _gains(game: SoloGame, actions: Sequence[str]) -> list[tuple[float, str]]:
    """How much each of ``actions`` raises ``holdings_value`` (each carried out on a copy of the game), with it."""
    now = holdings_value(game)
    with results_only():
        return [(holdings_value(result_of(your_turn(game, action, Rng(0)))) - now, action) for action in actions]


def _best_main(game: SoloGame) -> tuple[float, str] | None:
    if game.pending:
        return None  # a choice to make first, not a main action
    if _UNLOCKED[0] is not None and _UNLOCKED[0] == game:
        return _UNLOCKED[1]
    gains = _gains(game, [o.action for o in your_options(game)
                          if o.legal and o.action != "end" and not o.action.startswith("pass")])
    return max(gains) if gains else None


#: The game after the last free action taken for the main action it makes possible, and that main action: the
#: next decision is on a game equal to it (a state is a value), so its best main action is known.
_UNLOCKED: list[Any] = [None, None]


def _best_gold(game: SoloGame) -> str | None:
    """The gold tile your holdings would score most on now, once a gold milestone is near (8 VP away)."""
    ahead = [t for t in game.variant.gold_milestones if t > game.you.score]
    free = [t for t in game.table.gold_tiles if YOU not in t.marks]
    if not ahead or ahead[0] - game.you.score > 8 or not free:
        return None

    def scored(tile) -> int:
        return sum(line.vp for line in your_gold_lines(replace(game, table=mark_gold_tile(game.table, YOU, tile.id))))

    return max(free, key=lambda tile: (scored(tile), tile.id)).id


def scripted_player(game: SoloGame) -> str:
    """A fixed, sensible player for demonstrations and the golden game: a one-step lookahead. It completes
    a mission as soon as it can and places its data in the computer (before and after its main action,
    then it ends its turn); near a gold milestone it chooses the gold tile its holdings score most on. For its main action it tries every legal one on a copy of the game and takes
    the one that raises ``holdings_value`` most (VP, plus a fixed worth for publicity, credits, energy,
    cards, data, probes, income and techs); it passes when none gains more than ``PASS_MARGIN``. A
    conversion or a move card's corner is used only when it makes a main action possible that is worth
    taking. Its choices (an end-of-round card, a card gained, a tuck, a life trace's space) go the same
    way: the one worth most."""
    if game.pending:
        return max(_gains(game, [o.action for o in your_options(game) if o.legal]))[1]
    free = [o.action for o in free_options(game) if o.legal]
    for action in free:
        if action.startswith(("complete:", "place:data")):
            return action
    gold = _best_gold(game)
    if gold is not None and gold != game.gold_choice:
        return f"gold:{gold}"
    if game.main_action is not None:
        return "end"
    best = _best_main(game)
    if best is not None and best[0] > PASS_MARGIN:
        return best[1]
    pair = "+".join(sorted(game.you.hand[:2]))  # the cards it would convert: its first two
    for action in [a for a in free if a.startswith(("convert:credits", "convert:energy", f"convert:{pair}>"))] + [
            a for a in free if a.startswith("corner:") and game.card(a[7:]).corner == "move"]:
        with results_only():
            after = result_of(free_action(game, action, Rng(0)))
        unlocked = _best_main(after)
        if unlocked is not None and unlocked[0] > PASS_MARGIN and (best is None or unlocked[1] != best[1]):
            _UNLOCKED[:] = [after, unlocked]
            return action
    return "pass"
