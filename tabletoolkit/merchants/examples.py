"""Constructed tables for the notebooks: every pile, deck and fleet set by hand, labelled as constructed.

The rule text has no worked examples for Starship Merchants, so these situations are made up on the
sample data (M-F7) to show one rule each.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine.rng import Rng
from .actions import DockVisit, PayLoans, Transfer, act, move, move_and_act, stay
from .data import load_data
from .state import GameState, Ship, new_game

CONSTRUCTED = "constructed example on the sample data"


def sample_ship(design: str, number: int = 1, **changes) -> Ship:
    """A ship of a sample design with the id ``design-number`` (cards, hold, loans as given)."""
    d = load_data().ship(design)
    return replace(Ship(f"{d.id}-{number}", d.id, d.name, d.mark, d.kind, d.price, d.energy, d.cargo), **changes)


def constructed_table(names: tuple[str, ...] = ("Ada", "Bea", "Cy")) -> GameState:
    """A fresh game whose decks, bag and piles are fixed by hand (no set-up tokens)."""
    state = new_game(names, Rng(0))
    return replace(
        state,
        players=tuple(replace(p, setup_tokens=(), visited_belt=True) for p in state.players),
        market_row=("rookie", "ace", "fuel_cell", "cargo_pod"),
        market_deck=("ore_scanner", "navigator", "rookie"),
        destination_deck=("ceres", "vesta", "pallas", "hygiea"),
        bag=(("ice", 3), ("iron", 2), ("copper", 1), ("gold", 1), ("xenite", 1)),
        known=("copper", "ice"),
    )


def seated(state: GameState, name: str, **changes) -> GameState:
    """The state with player ``name`` changed (``location``, ``credits``, ``ships``...)."""
    return state.with_player(replace(state.player(name), **changes))


def small_table(names: tuple[str, ...] = ("Ada", "Bea"), **changes) -> GameState:
    """A fresh game on a small fixed table (the unit tests'): a four-token bag (three ice, one gold), three
    destination cards, empty known space, no set-up tokens; ``changes`` replace any other field."""
    state = new_game(names, Rng(0))
    state = replace(
        state,
        players=tuple(replace(p, setup_tokens=()) for p in state.players),
        market_row=("rookie", "ace", "fuel_cell", "cargo_pod"),
        market_deck=("ore_scanner", "navigator", "rookie"),
        destination_deck=("ceres", "vesta", "pallas"),
        bag=(("ice", 3), ("iron", 0), ("copper", 0), ("gold", 1), ("xenite", 0)),
        known=(),
    )
    return replace(state, **changes)


def belt_example() -> GameState:
    """The Mark 2 era: Ada at the Belt with a Falcon (7 energy, 3 cargo, an Ace Hauler aboard); Bea's local space holds a gold."""
    state = seated(constructed_table(), "Ada", location="Belt", local=("iron",),
                   ships=(sample_ship("falcon", 1, pilots=("ace",)),))
    return replace(seated(state, "Bea", local=("gold", "ice"), claimed=("xenite",)), era=2)


def dock_example() -> GameState:
    """The Mark 3 era: Ada docks a loaded obsolete Kestrel (leased, with a pilot and three gear) and a Harrier."""
    old = sample_ship("kestrel", 1, loans=1, pilots=("ace",), gear=("fuel_cell", "cargo_pod", "ore_scanner"),
                      hold=("copper", "gold"), destination="vesta", at_destination=True)
    new = sample_ship("harrier", 2, hold=("iron", "iron", "ice"), destination="ceres")
    state = seated(constructed_table(), "Ada", location="Dock", credits=40, ships=(old, new), refineries=("smelter",),
                   local=("ice",), claimed=("gold",))
    return replace(state, era=3, refineries_open=True)


DOCK_CHOICE = DockVisit(transfers=(Transfer("kestrel-1", "ace", "harrier-2"), Transfer("kestrel-1", "ore_scanner", "harrier-2"),
                                   Transfer("kestrel-1", "fuel_cell", None)))


def end_example() -> GameState:
    """The Mark 3 era, three players near the end: Ada (104 credits) and Bea (two loan markers) at the Dock, Cy at the Belt with a loaded tug."""
    state = constructed_table()
    state = seated(state, "Ada", location="Dock", credits=104, ships=(sample_ship("harrier", 1),))
    state = seated(state, "Bea", location="Dock", credits=88, ships=(sample_ship("ox", 2, loans=2),))
    state = seated(state, "Cy", location="Belt", credits=97, ships=(sample_ship("bison", 3, hold=("gold", "copper")),))
    return replace(state, era=3, refineries_open=True)


END_SCRIPT = (
    act(DockVisit(trigger_end=True)),  # Ada triggers the end: 104 + 10
    move_and_act(PayLoans(("ox-2",))),  # Bea was at the Dock: she goes round; entering the Shipyard she must repay
    move_and_act(DockVisit()),         # Cy reaches the Dock: payout, tokens stay aboard
    stay(),                            # Ada: +5
    move(),                            # Bea: Market
    stay(),                            # Cy: +5
    stay(),                            # Ada: +5
    move(),                            # Bea: Belt
    stay(),                            # Cy: +5
    stay(),                            # Ada: +5
    move_and_act(DockVisit()),         # Bea back at the Dock repays her last loan: the game ends
)
