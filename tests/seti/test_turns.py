"""Set-up (seti.setup), turns (seti.turn), passing (seti.pass) and income (seti.income):
设置, 玩家设置, 游戏概述, 弃权不行动, 轮次之间; S-F7, S-F16, S-F18."""

from dataclasses import replace

import networkx as nx
import pytest

from tabletoolkit import IllegalAction, InvalidInput, Rng, run
from tabletoolkit.seti import Decisions, Pass, PlayCard, Research, new_game, set_up, take_turn
from tabletoolkit.seti.cards import deck_of
from tabletoolkit.seti.free_actions import Convert, Move
from tabletoolkit.seti.traces import Mark, Spot
from tabletoolkit.seti.turns import Land, Launch, Orbit, between_rounds, legal_main_actions, pass_turn

COLOURS = ("green", "orange", "blue", "purple")


@pytest.mark.phase("seti.setup")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_set_up_by_player_count(players):
    steps = run(set_up(COLOURS[:players], Rng(3), start_seat=players - 1))
    game = steps.result
    start = players - 1
    assert game.player(COLOURS[start]).score == 1
    assert sorted(board.score for board in game.players) == list(range(1, players + 1))
    assert all((b.publicity, b.credits, b.energy, len(b.hand)) == (4, 4, 3, 5) for b in game.players)
    assert len(game.card_row) == 3
    assert [len(stack) for stack in game.end_of_round] == [players + 1] * 4
    assert len(game.life.slots) == 2 and not any(slot.discovered for slot in game.life.slots)
    assert all(stack.tiles == 4 and stack.two_point for stack in game.techs.stacks) and len(game.techs.stacks) == 12
    dealt = len(game.deck) + len(game.card_row) + sum(len(b.hand) for b in game.players) + 4 * (players + 1)
    assert dealt == len(deck_of(game.cards)) == 65  # the 5 examples once, the 20 sample cards 3 times each


def test_gold_tile_sides_are_random_and_seeded():
    sides = {tuple(t.side for t in new_game(COLOURS[:2], seed=seed).gold_tiles) for seed in range(12)}
    assert len(sides) > 1
    assert new_game(COLOURS[:2], seed=9).gold_tiles == new_game(COLOURS[:2], seed=9).gold_tiles


def test_bad_set_ups_are_refused():
    for colours in ((), COLOURS + ("red",), ("green", "green")):
        with pytest.raises(InvalidInput):
            new_game(colours)


@pytest.mark.phase("seti.pass")
def test_passing_hand_down_to_4_alien_cards_not_counted_first_passer_rotates():
    game = new_game(COLOURS[:2], seed=3)
    green = game.player("green")
    game = game.with_player(replace(green, hand=green.hand + ("Extra card",), alien_cards=("Alien",)))
    steps = run(pass_turn(game, "green", Decisions({"discard": [green.hand[0], "Extra card"], "end_of_round_card": [game.end_of_round[0][1]]})))
    result = steps.result
    assert result.player("green").hand == green.hand[1:] + (game.end_of_round[0][1],)
    assert result.player("green").alien_cards == ("Alien",)
    assert result.rotations == 1 and result.rotation_marker == "beside the stacks"
    assert result.passed == (0,) and len(result.end_of_round[0]) == 2
    assert [s.title for s in steps] == ["1. Hand down to 4", "2. First to pass: rotate", "Disc 1 turns",
                                        "Move the rotation marker", "3. End-of-round card"]
    second = run(pass_turn(replace(result, active=1), "orange")).result
    assert second.rotations == 1 and len(second.end_of_round[0]) == 1
    with pytest.raises(IllegalAction) as refused:
        run(pass_turn(second, "orange"))
    assert refused.value.rule == "seti.pass.already"


@pytest.mark.phase("seti.pass")
def test_in_round_5_the_first_passer_still_rotates_then_discards_the_marker_no_card():
    game = replace(new_game(COLOURS[:2], seed=3), round=5)
    steps = run(pass_turn(game, "green"))
    assert steps.result.rotations == 1 and steps.result.rotation_marker == "discarded"
    assert steps[-1].title == "3. No end-of-round card"
    assert steps.result.player("green").hand == game.player("green").hand[1:]  # the default discards the first


@pytest.mark.phase("seti.income")
def test_income_start_card_and_tucked_cards_start_player_moves_reminder():
    game = new_game(COLOURS[:3], seed=3)
    game = game.with_player(replace(game.player("orange"), tucked=("credits", "energy", "energy", "cards")))
    game = replace(game, passed=(0, 1, 2))
    steps = run(between_rounds(game))
    result = steps.result
    green, orange = result.player("green"), result.player("orange")
    assert (green.credits, green.energy, len(green.hand)) == (4 + 3, 3 + 2, 5 + 1)
    assert (orange.credits, orange.energy, len(orange.hand)) == (4 + 3 + 1, 3 + 2 + 2, 5 + 1 + 1)
    assert green.hand[-1] == game.deck[0]  # the random card comes from the deck, not the row (S-F7)
    assert (result.round, result.start_seat, result.active, result.passed) == (2, 1, 1, ())
    assert result.rotation_marker == "on round 2's end-of-round stack"


@pytest.mark.phase("seti.turn")
def test_a_round_for_two_players_ends_in_income():
    game = new_game(COLOURS[:2], seed=3)
    game = game.with_player(replace(game.player("green"), publicity=6))
    first = run(take_turn(game, Research(), decisions=Decisions({"tech": ["PT3"]})))
    game = first.result
    assert game.active == 1 and game.player("green").techs == frozenset({"PT3"})
    assert [s.title for s in first][-3:] == ["No milestone", "No discovery", "Next player"]
    game = run(take_turn(game, Pass())).result  # orange passes first: rotates
    assert (game.active, game.rotations, game.passed) == (0, 2, (1,))
    game = run(take_turn(game, Pass())).result  # green passes: the round ends, income
    assert (game.round, game.start_seat, game.active, game.passed) == (2, 1, 1, ())


@pytest.mark.phase("seti.turn")
def test_the_game_ends_after_round_5_and_free_actions_stop_at_the_pass():
    game = replace(new_game(COLOURS[:2], seed=3), round=5)
    with pytest.raises(IllegalAction) as refused:
        run(take_turn(game, Pass(), after=[Convert("credits", "energy")]))
    assert refused.value.rule == "seti.pass.no_free_actions"
    game = run(take_turn(game, Pass(), free=[Convert("credits", "energy")])).result
    game = run(take_turn(game, Pass())).result
    assert game.over
    with pytest.raises(IllegalAction) as refused:
        run(take_turn(game, Pass()))
    assert refused.value.rule == "seti.turn.over"


@pytest.mark.phase("seti.turn")
def test_milestones_then_discovery_resolve_between_turns():
    game = new_game(COLOURS[:2], seed=3)
    card = next(c for c in game.player("green").hand if game.card(c).effect.vp == 3)
    game = game.with_player(replace(game.player("green"), score=23, milestone_score=23, credits=9, energy=9))
    steps = run(take_turn(game, PlayCard(card), decisions=Decisions({"gold_tile": ["II"]})))
    titles = [s.title for s in steps]
    assert titles.index("green reaches 25: gold tile II") < titles.index("No discovery")


@pytest.mark.phase("seti.turn")
def test_a_landing_in_a_turn_marks_its_life_trace_at_once():
    game = new_game(COLOURS[:2], seed=5)
    game = game.with_player(replace(game.player("green"), energy=10, credits=10))
    game = run(take_turn(game, Launch())).result
    probe = game.solar.probes_of("green")[0]
    mars = game.solar.planet_space("Mars")
    game = replace(game, solar=replace(game.solar, probes=(replace(probe, space=mars),)), active=0)
    steps = run(take_turn(game, Land(probe.id), decisions=Decisions({"trace_spot": [Spot(1, "discovery", 1)]})))
    result = steps.result
    assert result.pending == () and result.player("green").landers == 1
    assert result.life.slots[1].discovery[1] == Mark("green", "yellow")
    titles = [s.title for s in steps]
    assert titles.index("The landing reward") < titles.index("A yellow life trace") < titles.index("Between turns")
    result = run(take_turn(result, Launch())).result  # orange's turn: orange launches
    theirs = result.solar.probes_of("orange")[0].id
    with pytest.raises(IllegalAction) as refused:
        run(take_turn(result, Orbit(theirs)))  # green's turn, orange's probe
    assert refused.value.rule == "seti.turn.not_your_probe"


@pytest.mark.phase("seti.turn")
def test_the_mariner_10_example_in_a_turn_a_move_to_venus_covers_its_circle():
    game = new_game(COLOURS[:2], seed=5)
    green = game.player("green")
    game = game.with_player(replace(green, energy=10, hand=green.hand + ("Mariner 10 Mission",)))
    game = run(take_turn(game, Launch())).result
    game = run(take_turn(game, Pass())).result  # orange passes; the rotation moves green's probe
    probe = game.solar.probes_of("green")[0]
    path = nx.shortest_path(game.solar.graph(), probe.space, game.solar.planet_space("Venus"))[1:]
    steps = run(take_turn(game, PlayCard("Mariner 10 Mission"), after=[Move(probe.id, tuple(path))]))
    assert steps.result.missions[-1].covered == (False, True)
    assert steps.result.pending == ()
    assert [s.title for s in steps].index("Mission event: visit Venus") < [s.title for s in steps].index("Between turns")
    moved_first = run(take_turn(game, PlayCard("Mariner 10 Mission"), free=[Move(probe.id, tuple(path))]))
    assert moved_first.result.missions[-1].covered == (False, False)  # visited before the card was played


def test_every_main_action_is_listed_with_its_verdict():
    game = new_game(COLOURS[:2], seed=0)
    verdicts = {type(o.choice).__name__ + (f" {o.choice.card}" if isinstance(o.choice, PlayCard) else ""): o
                for o in legal_main_actions(game)}
    assert all(verdicts[f"PlayCard {name}"].legal for name in game.player("green").hand)
    assert verdicts["Research"].rule == "seti.tech.publicity"
    assert verdicts["Analyze"].rule == "seti.analyze.top_row_not_full"
    assert verdicts["Launch"].legal and verdicts["Scan"].legal and verdicts["Pass"].legal
    game = run(take_turn(game, Launch())).result
    game = run(take_turn(game, Pass())).result  # orange passes; green again
    rules = {(type(o.choice).__name__, o.rule) for o in legal_main_actions(game) if not o.legal}
    assert ("Launch", "seti.launch.limit") in rules
    assert ("Orbit", "seti.orbit.earth") in rules or ("Orbit", "seti.orbit.no_planet") in rules


@pytest.mark.phase("seti.income")
def test_before_the_last_round_the_reminder_has_no_stack_to_sit_on():
    game = replace(new_game(COLOURS[:2], seed=3), round=4, passed=(0, 1))
    steps = run(between_rounds(game))
    assert steps.result.round == 5
    assert steps.result.rotation_marker == "beside the board: the last round has no end-of-round stack"
    assert steps[-1].text.endswith("and then discard it.")


@pytest.mark.phase("seti.pass")
def test_a_passer_may_hold_the_end_of_round_cards_and_choose_when_the_next_player_passes():
    game = new_game(COLOURS[:2], seed=4)
    stack = game.end_of_round[0]
    held = run(pass_turn(game, "green", Decisions({"end_of_round_card": ["hold"]})))
    assert held.result.holding == (0,) and held.result.end_of_round[0] == stack and held[-1].title.startswith("3. Holding")
    hand = held.result.player("green").hand
    after = run(pass_turn(held.result, "orange", Decisions({"end_of_round_card": [stack[2], stack[0]]}))).result
    assert after.player("green").hand == hand + (stack[2],)  # green still chooses first, from all three
    assert after.player("orange").hand[-1] == stack[0] and after.end_of_round[0] == (stack[1],) and after.holding == ()
    with pytest.raises(IllegalAction) as refused:
        run(pass_turn(held.result, "green"))
    assert refused.value.rule == "seti.pass.already"
    last = run(take_turn(replace(game, passed=(1,)), Pass(), decisions=Decisions({"end_of_round_card": ["hold", stack[1]]})))
    titles = [step.title for step in last]  # the last passer holding: the choice is made as the round ends
    chosen = titles.index("Held end-of-round card chosen")
    assert last[chosen].data == {"card": stack[1]} and titles.index("The round ends") < chosen < titles.index("1. Income: green")
