"""One sector numbering: the multiplayer game's steps name a sector as the board does, by its star (with the sky's
number beside it, as the menus do), never by the solar system's own 0..7 count."""

import re

import pytest

import tabletoolkit as tt
from tabletoolkit.seti.whole_game import scripted

pytestmark = pytest.mark.phase("seti.turn")

BARE = re.compile(r"\bsectors? \d+(?! \()|ring \d+, sector \d")


@pytest.mark.parametrize("players, seed", [(2, 7), (4, 3)])
def test_no_step_numbers_a_sector_without_its_star(players, seed):
    game = tt.new_game("seti", players=players, seed=seed)
    played = tt.play(game, {seat: scripted for seat in game.seats})
    texts = [f"{step.title}: {step.text}" for move in played.moves for step in move.after.steps]
    assert any("beside" in text for text in texts) and any("sector" in text for text in texts)
    bare = [text for text in texts if BARE.search(text)]
    assert not bare, bare[:3]
