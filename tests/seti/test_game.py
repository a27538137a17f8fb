"""Whole games: a simple seeded policy (scan in odd rounds, else the first affordable card, else pass)
plays 5 rounds; every card stays accounted for, the rounds, rotations and final scoring follow the
rules (游戏概述, 游戏结束); the deck reshuffles (S-F14)."""

from dataclasses import replace

import pytest

from tabletoolkit import InvalidInput, Rng, run
from tabletoolkit.seti.game import drawing_with
from tabletoolkit.seti import Decisions, Pass, PlayCard, Scan, final_scoring, new_game, take_turn
from tabletoolkit.seti.scan import EarthSignal, RowSignal
from tabletoolkit.seti.missions import report_event, play_card

COLOURS = ("green", "orange", "blue", "purple")


def cards_on_table(game):
    """Every card's place: deck, row, discard, hands, end-of-round stacks, missions in front."""
    places = list(game.deck) + list(game.card_row) + list(game.discard)
    places += [card for board in game.players for card in board.hand]
    places += [card for stack in game.end_of_round for card in stack]
    places += [mission.card for mission in game.missions]
    return sorted(places)


def first_affordable(game):
    board = game.player(game.active_colour)
    if board.credits >= 1 and board.energy >= 2 and game.card_row and game.round % 2:
        colour = game.card(game.card_row[0]).sector_colour
        if colour in {s.colour for s in game.sectors.sectors}:
            return Scan((EarthSignal(), RowSignal(0, game.sectors.of_colour(colour)[0])))
    for name in board.hand:
        cost = game.card(name).cost
        if (cost.credits <= board.credits and cost.energy <= board.energy and cost.publicity <= board.publicity
                and not game.card(name).effect.actions and game.card(name).kind != "conditional"):
            return PlayCard(name)
    return Pass()


@pytest.mark.phase("seti.turn")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_whole_game_keeps_every_card_and_ends_after_round_5(players):
    game = new_game(COLOURS[:players], seed=11)
    rng = Rng(11)
    everything = cards_on_table(game)
    first_passes = 0
    turns = 0
    while not game.over:
        main = first_affordable(game)
        round_before, nobody_passed = game.round, not game.passed
        steps = run(take_turn(game, main, rng=rng))
        game = steps.result
        turns += 1
        assert cards_on_table(game) == everything
        if isinstance(main, Pass) and nobody_passed:
            first_passes += 1
            assert any(step.title == "2. First to pass: rotate" for step in steps)
        assert game.round in (round_before, round_before + 1)
    assert game.round == 5 and first_passes == 5 and game.rotation_marker == "discarded"
    assert game.rotations == 5  # the policy never researches: one rotation per round, by the first passer
    assert [len(stack) for stack in game.end_of_round] == [0, 0, 0, 0]  # players + 1 cards, one taken per player,
    # and the one left over goes to the discard pile (S-R13)
    result = run(final_scoring(game)).result
    assert set(result.totals) == set(COLOURS[:players])
    assert result.winners == tuple(c for c, t in result.totals.items() if t == max(result.totals.values()))
    assert turns > players * 5
    assert sum(len(sector.markers) + len(sector.winners) for sector in game.sectors.sectors) > 0  # scans happened
    assert game.pending == ()  # every trace and card a sector win gave was settled in its turn


def test_an_empty_deck_reshuffles_the_discard_pile_s_f14():
    game = new_game(COLOURS[:2], seed=3)
    last, pile = game.deck[0], game.deck[1:4]
    game = replace(game, deck=(last,), discard=pile)
    with drawing_with(Rng(5)):
        after, drawn = game.draw(3)
    assert drawn[0] == last and sorted(drawn[1:] + after.deck) == sorted(pile)
    assert after.discard == () and after.reshuffles == 1
    with drawing_with(Rng(5)):
        assert game.draw(3)[1] == drawn  # the caller's seeded Rng: the same game reshuffles the same way


def test_a_reshuffle_without_the_callers_rng_is_refused_not_made_up_from_the_seed():
    game = new_game(COLOURS[:2], seed=3)
    game = replace(game, deck=(), discard=game.deck[:3])
    with pytest.raises(InvalidInput) as refused:
        game.draw(1)
    assert refused.value.field == "rng"


def test_a_triggered_mission_can_fire_on_another_players_turn_s_f19():
    name = "Mariner 10 Mission"
    game = new_game(COLOURS[:2], seed=3)
    game = game.with_player(replace(game.player("orange"), hand=game.player("orange").hand + (name,)))
    game = run(play_card(replace(game, active=1), "orange", name)).result
    game = replace(game, active=0)  # green's turn; orange's probe is pushed onto Venus by a rotation
    result = run(report_event(game, "orange", "visit:Venus", Decisions())).result
    assert result.missions[-1].covered == (False, True)


def test_a_row_place_left_without_a_card_stays_empty_in_its_place():
    """With deck and discard pile exhausted a card taken from the row leaves its place empty (``None``), as the
    solo rival's card-row signals leave theirs (S-F26): the places keep their positions, and what reads the row
    offers only the places holding a card."""
    from tabletoolkit.seti.turns import DECK, card_sources
    from tabletoolkit.seti.main_actions import scan_steps

    game = replace(new_game(COLOURS, seed=3), deck=(), discard=())
    row = game.card_row
    emptied, taken = game.take_from_row(1)
    assert taken == row[1] and emptied.card_row == (row[0], None, row[2])
    assert [o.choice for o in card_sources(emptied)] == [DECK, 0, 2]
    assert all(step.position != 1 for step in scan_steps(emptied) if isinstance(step, RowSignal))
