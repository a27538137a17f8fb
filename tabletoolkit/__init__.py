"""tabletoolkit: the rules of Andromeda's Edge, SETI and Starship Merchants as explained procedures.

``import tabletoolkit`` stays light: the game wings, networkx, sympy and the designer's lab (``tt.sweep``) load
when first used.
"""

from __future__ import annotations

import importlib
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .engine import (CHANCE, Game, IllegalAction, InvalidInput, Option, Options, Outcome, Phase, Playthrough, Rng,
                     RulesError, Run, Step, games, new_game, play, policies, replay, run)

__version__ = "0.1.0"

WINGS = ("andromeda", "seti", "merchants")


@dataclass(frozen=True)
class PhaseMapEntry:
    """One line of the project's phase map: an id every release must eventually cover."""

    id: str
    game: str
    covers: str


@cache
def phase_map() -> tuple[PhaseMapEntry, ...]:
    """The full phase map (all ids, in the project's order), read from ``phase_map.toml``."""
    text = resources.files(__package__).joinpath("phase_map.toml").read_text(encoding="utf-8")
    return tuple(PhaseMapEntry(**entry) for entry in tomllib.loads(text)["phase"])


def phases() -> tuple[Phase, ...]:
    """Every registered phase, in phase-map order. Loads the game wings on first call."""
    from .engine.registry import registered

    for wing in WINGS:
        importlib.import_module(f"{__name__}.{wing}")
    found = registered()
    known = {entry.id for entry in phase_map()}
    unknown = sorted(set(found) - known)
    if unknown:
        raise InvalidInput("phase id", unknown, "registered phases must use ids from the phase map")
    return tuple(found[entry.id] for entry in phase_map() if entry.id in found)


def __getattr__(name: str):
    """``tt.sweep`` and ``tt.lab`` (the designer's lab) load on first use."""
    if name in ("sweep", "lab"):
        lab = importlib.import_module(f"{__name__}.lab")
        return lab if name == "lab" else lab.sweep
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def phase(id: str) -> Phase:
    """The registered phase with this id."""
    for candidate in phases():
        if candidate.id == id:
            return candidate
    known = {entry.id for entry in phase_map()}
    reason = "this phase is in the map but not built yet" if id in known else "no such phase id in the phase map"
    raise InvalidInput("id", id, reason)


__all__ = [
    "CHANCE",
    "Game",
    "Option",
    "Options",
    "Outcome",
    "Playthrough",
    "games",
    "new_game",
    "play",
    "policies",
    "replay",
    "IllegalAction",
    "InvalidInput",
    "Phase",
    "PhaseMapEntry",
    "Rng",
    "RulesError",
    "Run",
    "Step",
    "phase",
    "phase_map",
    "phases",
    "run",
    "sweep",
]
