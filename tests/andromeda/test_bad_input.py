"""Bad input to the wing's public functions is a typed error naming what is wrong, never a bare KeyError or TypeError."""

from __future__ import annotations

import pytest

from tabletoolkit.andromeda import develop, events, modules, scoring, setup, ships, table
from tabletoolkit.andromeda.board import Board
from tabletoolkit.andromeda.catalog import load_catalog
from tabletoolkit.andromeda.examples import development_example, launch_example
from tabletoolkit.engine import InvalidInput, Rng, run

GAME = run(setup.set_up(("yellow", "blue"), Rng(1))).result

CALLS = {
    "raid_in_game: an unknown region": (lambda: table.raid_in_game(GAME, "nowhere", table.pirate_cards()), "region"),
    "development_vp: no kind": (lambda: develop.development_vp(development_example(), "Cinder", None), "kind"),   # type: ignore[arg-type]
    "Board.region: a list": (lambda: Board.default().region([]), "region"),                                     # type: ignore[arg-type]
    "battle_setup: a list": (lambda: table.battle_setup(GAME, []), "region"),                                   # type: ignore[arg-type]
    "catalog.track: a list": (lambda: load_catalog().track([]), "track"),                                       # type: ignore[arg-type]
    "catalog.module: a dict": (lambda: load_catalog().module({}), "module"),                                    # type: ignore[arg-type]
    "acquire_modules: rows not a list": (lambda: run(modules.acquire_modules(launch_example(), "red", ["x"], rows=None)), "rows"),  # type: ignore[arg-type]
    "tile_type: no tile": (lambda: ships.tile_type(None), "upgrade"),                                           # type: ignore[arg-type]
    "set_up: colours not a list": (lambda: run(setup.set_up(None, Rng(1))), "colours"),                         # type: ignore[arg-type]
    "set_up: length a list": (lambda: run(setup.set_up(("yellow", "blue"), Rng(1), length=[])), "length"),      # type: ignore[arg-type]
    "set_up: variant": (lambda: run(setup.set_up(("yellow", "blue"), Rng(1), variant={})), "variant"),          # type: ignore[arg-type]
    "event_peek: unseen not a list": (lambda: run(events.event_peek(None, ["x"])), "unseen"),                   # type: ignore[arg-type]
    "development_end_vp: unknown kind": (lambda: scoring.development_end_vp("nowhere", 1), "kind"),
    "development_end_vp: level not a number": (lambda: scoring.development_end_vp("factory", None), "level"),   # type: ignore[arg-type]
    "player: not a name": (lambda: GAME.player(3), "colour"),                                                   # type: ignore[arg-type]
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_bad_input_names_the_field(name):
    call, field = CALLS[name]
    with pytest.raises(InvalidInput) as raised:
        call()
    assert raised.value.field == field
