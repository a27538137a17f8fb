"""Hand-built tables for the Starship Merchants tests: every pile, deck and hand set explicitly."""

from dataclasses import replace

from tabletoolkit.engine import Rng
from tabletoolkit.merchants import GameState, Ship, load_data, new_game

DATA = load_data()


def make_ship(design: str, number: int = 1, **changes) -> Ship:
    """A ship of the sample design ``design`` with the id ``design-number``."""
    d = DATA.ship(design)
    return replace(Ship(f"{d.id}-{number}", d.id, d.name, d.mark, d.kind, d.price, d.energy, d.cargo), **changes)


def table(names=("Ada", "Bea"), **changes) -> GameState:
    """A fresh game with known decks, bag and piles (no set-up tokens unless given)."""
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


def seat(state: GameState, name: str, **changes) -> GameState:
    """The state with player ``name`` changed (``location``, ``credits``, ``ships``...)."""
    return state.with_player(replace(state.player(name), **changes))
