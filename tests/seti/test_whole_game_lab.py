"""The multiplayer game's hooks for the designer's lab: what a finished game measured, and the card row's exact odds."""

from fractions import Fraction
from math import comb

import pytest

import tabletoolkit as tt
from tabletoolkit.seti.cards import colour_counts, game_deck
from tabletoolkit.seti.whole_game import SetiWholeGame, scripted

pytestmark = pytest.mark.phase("seti.turn")


def round_one_by_the_options(played):
    """The lab notebook's own count: main-action options chosen in round 1, and the launches among them."""
    mains = {seat: 0 for seat in played.start.seats}
    launches = dict(mains)
    for move in played.moves:
        if move.mover is tt.CHANCE or move.before.table.round != 1:
            continue
        option = move.before.options().get(move.choice)
        if option is not None and option.group == "main action":
            mains[move.mover] += 1
            launches[move.mover] += option.text.startswith("launch")
    return mains, launches


@pytest.mark.parametrize("players", [2, 4])
def test_measures_of_a_finished_game_are_what_its_playthrough_shows(players):
    game = tt.new_game("seti", players=players, seed=11)
    played = tt.play(game, {seat: scripted for seat in game.seats})
    final = played.final
    measured = final.measures()
    table = final.table
    assert measured["rounds"] == 5
    mains, launches = round_one_by_the_options(played)
    assert measured["round1_main_actions"] == mains and measured["round1_launches"] == launches
    assert sum(mains.values()) >= players  # everyone takes a main action in round 1, passing included
    for seat in final.seats:
        board = table.player(seat)
        assert measured["orbits"][seat] == board.orbiters and measured["landings"][seat] == board.landers
        assert measured["probes_launched"][seat] == len(table.solar.probes_of(seat)) + board.orbiters + board.landers
        assert measured["life_traces"][seat] == sum(table.life.traces(seat).values())
        assert measured["sectors_won"][seat] == board.sector_wins
    plays = sum(1 for move in played.moves if type(move.choice).__name__ == "PlayCard")
    assert sum(measured["cards_played"].values()) == plays
    assert all(isinstance(value, int) for entry in measured.values()
               for value in (entry.values() if isinstance(entry, dict) else (entry,)))
    assert sum(measured["probes_launched"].values()) > 0


def test_the_card_row_question_is_exact_from_the_deck_a_game_deals():
    (question,) = SetiWholeGame.exact_questions()
    assert question.name == "card_row"
    counts = colour_counts(game_deck())
    assert sum(counts.values()) == 65
    axes = dict(question.grid)
    assert set(axes["colour"]) == set(counts) and axes["draws"] == (0, 1, 2, 3)
    colour = "red"
    odds = question.answer(colour=colour, draws=0)
    assert sum(odds.values()) == 1
    big, hits = 65, counts[colour]
    assert odds[0] == Fraction(comb(big - hits, 3), comb(big, 3))
    assert odds[3] == Fraction(comb(hits, 3), comb(big, 3))
    assert max(question.answer(colour=colour, draws=2)) == min(5, hits)
    with pytest.raises(tt.InvalidInput):
        question.answer(colour=colour, draws=-1)
