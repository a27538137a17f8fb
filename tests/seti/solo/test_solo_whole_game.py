"""The solo game as a whole game on the contract: you against the rival, every option of yours with its
verdict, the rival's turns played between your decisions, every draw a chance event with exact odds."""

from fractions import Fraction

import pytest

from tabletoolkit import CHANCE, IllegalAction, InvalidInput, play
from tabletoolkit.engine.tester import check_game
from tabletoolkit.seti.solo import RIVAL, YOU
from tabletoolkit.seti.solo_whole import SoloWholeGame, make, scripted

pytestmark = pytest.mark.phase("seti.solo")


def to_you(game):
    """Draw the first outcome of every chance event until you are to move."""
    while game.to_move is CHANCE:
        game = game.apply(sorted(game.chance(), key=str)[0])
    return game


@pytest.mark.parametrize("settings, field", [({"stars": 0}, "stars"), ({"stars": 6}, "stars"),
                                             ({"stars": "3"}, "stars"), ({"variant": 1}, "variant")])
def test_bad_settings_are_typed_errors(settings, field):
    with pytest.raises(InvalidInput) as caught:
        make(**settings)
    assert caught.value.field == field


def test_you_decide_and_the_rival_never_is_to_move():
    game = to_you(make(stars=3, seed=2))
    assert isinstance(game, SoloWholeGame) and game.seats == (YOU, RIVAL) and game.to_move == YOU
    options = game.options()
    assert options.legal and "end" in {o.choice for o in options.refused}
    refused = next(o for o in options.refused if o.choice == "end")
    assert refused.rule == "seti.solo.main_action_first"
    with pytest.raises(IllegalAction) as caught:
        game.apply("end")
    assert caught.value.rule == refused.rule


def test_the_rivals_new_round_deck_is_dealt_card_by_card_with_exact_odds():
    game = to_you(make(stars=1, seed=4))
    while game.state.round == 1:
        if game.to_move is CHANCE:
            odds = game.chance()
            assert sum(odds.values()) == 1 and all(isinstance(p, Fraction) for p in odds.values())
            game = game.apply(sorted(odds, key=str)[0])
        else:
            game = game.apply("pass" if "pass" in game.options() else scripted(game))
    assert game.state.round == 2 and len(game.state.rival.deck) >= 1


def test_the_scripted_player_plays_to_the_end_and_a_tie_is_no_win_for_you():
    played = play(make(stars=1, seed=3), {YOU: scripted})
    assert played.over
    outcome = played.outcome()
    you, rival = outcome.score(YOU), outcome.score(RIVAL)
    assert outcome.winners == ((YOU,) if you > rival else (RIVAL,))


def test_the_whole_game_tester_finds_no_defect():
    check_game("seti-solo", range(1), probe=0.1, stars=3).assert_ok()  # the full count: tests/seti/whole_game_figures.py


def test_your_options_read_in_words_with_the_action_id_as_the_choice():
    from tabletoolkit.seti.solo.you import action_words

    game = make(stars=1, seed=7)
    options = {o.choice: o for o in game.options()}
    assert options["launch"].label == "launch a probe"
    assert options["orbit:Mercury"].label == "orbit Mercury" and options["orbit:Mercury"].reason == "no probe of yours in space"
    words = {action: action_words(game.state, action) for action in (
        "research:CT1@1", "land:Mars/Phobos", "tuck:S20", "buy:row0", "convert:S01+S02>energy", "pass:drop=S01+S02")}
    assert words == {"research:CT1@1": "research CT #01 into computer slot 1", "land:Mars/Phobos": "land on Phobos (Mars)",
                     "tuck:S20": "tuck S20 for income", "buy:row0": "buy row card 1 for 3 publicity",
                     "convert:S01+S02>energy": "discard S01 and S02 for 1 energy",
                     "pass:drop=S01+S02": "pass, discarding S01 and S02"}


def test_measures_of_a_finished_game_for_the_lab():
    final = play(make(stars=5, seed=1), {YOU: scripted}).final
    measures = final.measures()
    state = final.state
    assert (measures["rounds"], measures["stars"]) == (5, 5)
    assert measures["rival_score"] == state.rival.score and measures["margin"] == state.you.score - state.rival.score
    assert measures["sectors_won"][YOU] == state.you.sector_wins
    assert (measures["orbits"][YOU], measures["landings"][YOU]) == (state.you.orbiters, state.you.landers)
    assert measures["life_traces"][YOU] == state.your_measure("traces")
    assert measures["missions_completed"] == {YOU: len(state.completed_missions), RIVAL: 0}
    assert sum(measures["sectors_won"].values()) == sum(len(s.winners) for s in state.table.sectors.sectors)
    assert all(isinstance(v, int) for value in measures.values()
               for v in (value.values() if isinstance(value, dict) else (value,)))
