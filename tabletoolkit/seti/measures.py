"""Counts of what a player has, by name: the words mission conditions, end-game cards and gold tiles use.

``measure(game, colour, "tech_sets")`` answers how many sets of three techs ``colour`` owns. Modules
that keep state this one cannot see (the sectors' signals, say) add their counts with
``register_measure``.
"""

from __future__ import annotations

from typing import Callable

from ..engine.errors import InvalidInput
from .game import SetiGame
from .rewards import INCOME_KINDS, TRACE_COLOURS

Measure = Callable[[SetiGame, str], int]
TECH_KINDS = ("probe", "telescope", "computer")


def _techs(kind: str | None) -> Measure:
    def count(game: SetiGame, colour: str) -> int:
        owned = game.player(colour).techs
        return sum(1 for tech in owned if kind is None or game.techs.stack(tech).tech.kind == kind)
    return count


def _tucked(kind: str) -> Measure:
    return lambda game, colour: game.player(colour).tucked.count(kind)


def _traces(kind: str) -> Measure:
    return lambda game, colour: game.life.traces(colour)[kind]


def completed_missions(game: SetiGame, colour: str) -> int:
    return sum(1 for m in game.missions if m.owner == colour and m.completed)


def endgame_cards(game: SetiGame, colour: str) -> int:
    return sum(1 for m in game.missions if m.owner == colour and m.kind == "end-game")


def income_most(game: SetiGame, colour: str) -> int:
    """Tucked cards of the income type tucked most, credits or energy (S-R5; the start card excluded)."""
    tucked = game.player(colour).tucked
    credits, energy = tucked.count("credits"), tucked.count("energy")
    return credits + energy if game.variant.income_tile_most == "sum" else max(credits, energy)


def planet_models(game: SetiGame, colour: str) -> int:
    board = game.player(colour)
    return board.orbiters + board.landers


_MEASURES: dict[str, Measure] = {
    "score": lambda game, colour: game.player(colour).score,
    "publicity": lambda game, colour: game.player(colour).publicity,
    "credits": lambda game, colour: game.player(colour).credits,
    "energy": lambda game, colour: game.player(colour).energy,
    "data": lambda game, colour: game.player(colour).data,
    "techs": _techs(None),
    **{f"techs:{kind}": _techs(kind) for kind in TECH_KINDS},
    "tech_sets": lambda game, colour: min(_techs(kind)(game, colour) for kind in TECH_KINDS),
    "tech_pairs": lambda game, colour: _techs(None)(game, colour) // 2,
    "completed_missions": completed_missions,
    "endgame_cards": endgame_cards,
    "mission_or_endgame_pairs": lambda game, colour: (completed_missions(game, colour) + endgame_cards(game, colour)) // 2,
    "tucked": lambda game, colour: len(game.player(colour).tucked),
    **{f"tucked:{kind}": _tucked(kind) for kind in INCOME_KINDS},
    "income_sets": lambda game, colour: min(_tucked(kind)(game, colour) for kind in INCOME_KINDS),
    "income_most": income_most,
    "traces": lambda game, colour: sum(game.life.traces(colour).values()),
    **{f"traces:{kind}": _traces(kind) for kind in TRACE_COLOURS},
    "trace_sets": lambda game, colour: min(game.life.traces(colour).values()),
    # A species' traces: its discovery and overflow spaces and its own board (S-F15).
    "traces_for:A": lambda game, colour: len(game.life.marks(colour, 0)),
    "traces_for:B": lambda game, colour: len(game.life.marks(colour, 1)),
    "sector_wins": lambda game, colour: game.player(colour).sector_wins,
    "orbiters": lambda game, colour: game.player(colour).orbiters,
    "landers": lambda game, colour: game.player(colour).landers,
    "planet_models": planet_models,
    "sectors_and_planets": lambda game, colour: min(game.player(colour).sector_wins, planet_models(game, colour)),
}


def register_measure(name: str, count: Measure) -> None:
    """Add a named count (e.g. the sector module's ``"signal_sectors"``)."""
    if not isinstance(name, str) or not name:
        raise InvalidInput("name", name, "a measure needs a name")
    _MEASURES[name] = count


def known_measures() -> tuple[str, ...]:
    return tuple(sorted(_MEASURES))


def measure(game: SetiGame, colour: str, name: str) -> int:
    """The count ``name`` for ``colour``; an unknown name raises ``InvalidInput`` listing the known ones."""
    try:
        count = _MEASURES[name]
    except KeyError:
        raise InvalidInput("measure", name, f"no such count is known (yet); known: {known_measures()}") from None
    return count(game, colour)
