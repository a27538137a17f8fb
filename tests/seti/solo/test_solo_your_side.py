"""Your side of the solo game: playing cards, missions, end-game cards, tucking, and the objective tasks
they mark; thresholds as one trigger each (S-F25, 单人游戏 · 目标 / 任务)."""

from dataclasses import replace

import pytest

from tabletoolkit.engine import IllegalAction, Rng, run
from tabletoolkit.seti.solo import YOU, free_action, free_options, material, setup_solo, your_options, your_turn
from tabletoolkit.seti.life_board import Mark
from tabletoolkit.seti.mission_cards import MissionInPlay
from tabletoolkit.seti.solo.objectives import Event, Objectives
from tabletoolkit.seti.solo.table import completed_sectors, end_of_round_stack, mark_signal


def game_with(*tile_ids, hand=(), credits=4, **you):
    """A fresh 4-star game, your turn, the named objectives face up (in order) and the given hand."""
    game = run(setup_solo(4, 3)).result
    tiles = material().objectives
    objectives, _ = Objectives(stack=tuple(tiles[t] for t in tile_ids)).end_of_turn()
    return replace(game, to_move=YOU, objectives=objectives).with_player(replace(game.you, hand=tuple(hand), credits=credits, **you))


def test_a_three_credit_card_pays_its_price_gains_its_effect_and_marks_the_task():
    game = game_with("II-6", "I-6", "I-4", hand=("S05", "S09"))  # card_cost:3 + publicity:9 first
    option = {o.action: o for o in your_options(game)}["play:S05"]
    assert option.legal and option.reason.startswith("legal: 3 credit(s), action: effect: 2 energy")
    after = run(your_turn(game, "play:S05", Rng(0))).result
    assert after.you.credits == 1 and after.you.energy == game.you.energy + 2 and after.you.hand == ("S09",)
    assert after.table.discard[-1] == "S05"
    assert after.objectives.face_up[0].marked == (True, False)


def test_a_one_credit_card_does_not_mark_the_three_credit_task():
    game = game_with("II-6", "I-6", "I-4", hand=("S09",))
    after = run(your_turn(game, "play:S09", Rng(0))).result
    assert after.you.score == game.you.score + 3 and after.you.credits == 3
    assert after.objectives.face_up[0].marked == (False, False)


def test_a_card_you_cannot_afford_is_refused_and_nothing_changes():
    game = game_with("I-6", hand=("S05",), credits=2)
    option = {o.action: o for o in your_options(game)}["play:S05"]
    assert not option.legal and option.refusing_rule == "seti.cards.cost" and option.reason == "green cannot pay 3 credits (has 2)."
    with pytest.raises(IllegalAction) as refused:
        run(your_turn(game, "play:S05", Rng(0)))
    assert refused.value.rule == "seti.cards.cost" and refused.value.section == "卡牌概述 · 主行动"
    assert game.you.hand == ("S05",) and game.you.credits == 2


def test_a_mission_stays_in_front_completes_when_its_condition_holds_and_marks_the_task():
    game = game_with("II-1", "I-6", "I-4", hand=("S03",))  # launch + mission
    played = run(your_turn(game, "play:S03", Rng(0))).result  # Have an orbiter → 4 VP
    assert played.in_play == ("S03",) and played.you.credits == 3
    played = replace(played, to_move=YOU)
    option = {o.action: o for o in free_options(played)}["complete:S03"]
    assert not option.legal and option.reason == "'Have an orbiter (sample condition)' does not hold (orbiters 0, needs 1)"
    with pytest.raises(IllegalAction):
        run(free_action(played, "complete:S03", Rng(0)))
    orbiting = played.with_player(replace(played.you, orbiters=1))
    done = run(free_action(orbiting, "complete:S03", Rng(0))).result
    assert done.you.score == orbiting.you.score + 4 and done.completed_missions == ("S03",)
    # kept as the multiplayer game keeps a mission in front of its owner, completed by its completion
    assert played.missions == (MissionInPlay(YOU, "S03", "conditional"),)
    assert done.missions == (MissionInPlay(YOU, "S03", "conditional", completed=True),)
    assert done.objectives.face_up[0].marked == (False, True)  # "complete a mission" marked at once
    again = {o.action: o for o in free_options(done)}["complete:S03"]
    assert not again.legal and again.reason == "already completed"


def test_an_end_game_card_scores_its_count_at_the_end():
    from tabletoolkit.seti.solo.game import end_of_round

    game = game_with("I-6", hand=("S07",))  # 1 VP for each tech you own
    played = run(your_turn(game, "play:S07", Rng(0))).result
    assert played.in_play == ("S07",)
    ended = run(end_of_round(replace(played, table=replace(played.table, round=5)).with_player(replace(played.you, techs=frozenset({"PT1", "TT2", "CT3"}))),
                             Rng(0)))
    step = next(s for s in ended.steps if s.title == "Your end-game cards")
    assert step.data == {"VP": 3}
    assert step.text == "end-game card Sample card 07: 1 VP for each tech you own (sample scoring): 3 × 1 = 3 VP."


def test_two_copies_of_an_end_game_card_score_one_line_each_as_the_multiplayer_final_scoring_counts_them():
    from tabletoolkit.seti.solo.game import end_of_round

    game = game_with("I-6", hand=("S07", "S07"))  # two copies of "1 VP for each tech you own"
    played = run(your_turn(game, "play:S07", Rng(0))).result
    played = run(your_turn(replace(played, to_move=YOU, main_action=None), "play:S07", Rng(0))).result
    assert played.in_play == ("S07", "S07")
    ended = run(end_of_round(replace(played, table=replace(played.table, round=5)).with_player(replace(played.you, techs=frozenset({"PT1", "TT2", "CT3"}))),
                             Rng(0)))
    step = next(s for s in ended.steps if s.title == "Your end-game cards")
    assert step.data == {"VP": 6}  # each copy in front of you scores (任务卡 · 游戏终局计分卡)
    assert step.text.count("3 × 1 = 3 VP") == 2


def test_the_chart_icon_tucks_the_card_you_choose_and_it_pays_every_income():
    from tabletoolkit.seti.solo.game import end_of_round
    from tabletoolkit.seti.solo.state import reward_colour

    game = game_with("I-6", hand=("S09", "S10"))  # S10's income: energy
    owing, notes = reward_colour(game, YOU, [("chart", 1)])
    assert owing.pending == ((YOU, "tuck", "income"),) and notes == ["Yours to choose: a hand card to tuck for income."]
    options = {o.action: o for o in your_options(owing)}
    assert sorted(options) == ["tuck:S09", "tuck:S10"] and options["tuck:S10"].reason == (
        "legal: tuck S10 for energy income, 1 now and every income")
    assert not any(o.legal for o in free_options(owing))  # what you gained resolves first
    tucked = run(your_turn(owing, "tuck:S10", Rng(0))).result
    assert tucked.you.tucked == ("energy",) and tucked.you.hand == ("S09",)  # income kinds, as seti.player keeps them
    assert tucked.you.energy == game.you.energy + 1 and tucked.pending == ()
    income = run(end_of_round(replace(tucked, table=replace(tucked.table, round=1)), Rng(0))).final_state
    assert income.you.energy == tucked.you.energy + tucked.variant.income_energy + 1


def test_a_card_income_tucked_gives_the_deck_top_card_at_once_as_in_the_multiplayer_game():
    """增加收入: the income printed on the card ("?", a random card: 获取卡牌的其他方式) comes from the deck,
    not a choice of the row or the deck; the solo rules add nothing to tucking."""
    from tabletoolkit.seti.solo.state import reward_colour

    game = game_with("I-6", hand=("S09", "S20"))  # S20's income: cards
    owing, _ = reward_colour(game, YOU, [("chart", 1)])
    top = owing.table.deck[0]
    tucked = run(your_turn(owing, "tuck:S20", Rng(0))).result
    assert tucked.you.tucked == ("cards",) and tucked.you.hand == ("S09", top) and tucked.pending == ()
    assert tucked.table.deck == owing.table.deck[1:]


def test_the_computer_tuck_of_a_card_income_gives_the_deck_top_card_at_once():
    """The computer's tuck space (覆盖这个区域可以让你塞进一张牌作为收入) tucks like the chart icon: card income is the
    deck top at once (seti.computer's Owed.random_cards), not a row-or-deck choice."""
    from tabletoolkit.seti.player import Computer

    game = game_with("I-6", hand=("S09", "S20"), data=1, computer=Computer(filled=3))  # top 4 tucks a hand card
    top = game.table.deck[0]
    placed = run(free_action(game, "place:data:tuck=S20", Rng(0))).result
    assert placed.you.tucked == ("cards",) and placed.you.hand == ("S09", top) and placed.pending == ()


def test_a_card_you_gain_comes_from_the_row_or_the_deck_as_you_choose():
    from tabletoolkit.seti.solo.state import reward_colour

    game = game_with("I-6")
    owing, _ = reward_colour(game, YOU, [("card", 1), ("random_card", 1)])  # a card icon and a "?" card
    deck_top = game.table.deck[0]
    assert owing.you.hand == (deck_top,) and owing.pending == ((YOU, "cards", "1"),)  # the "?" card came from the deck at once
    row = game.table.card_row
    assert [o.action for o in your_options(owing)] == [f"card:row{n}" for n in range(len(row))] + ["card:deck"]
    taken = run(your_turn(owing, "card:row1", Rng(0))).result
    assert taken.you.hand == (deck_top, row[1]) and taken.table.card_row[1] != row[1] and taken.pending == ()


def test_reaching_a_threshold_marks_one_task_only():
    objectives, _ = Objectives(stack=tuple(material().objectives[t] for t in ("I-2", "III-1", "I-6"))).end_of_turn()
    reached, notes = objectives.check_thresholds(score=2, publicity=9, pool_data=0)
    assert [o.marked for o in reached.face_up] == [(True,), (False, False), (False,)]
    assert notes == ["publicity reaches 9: publicity:9 marks 'publicity:9' on I-2 (one trigger marks one task; "
                     "1 other option left open)."]
    staying, notes = reached.check_thresholds(score=2, publicity=9, pool_data=0)
    assert staying == reached and notes == []  # no new crossing, no new mark
    preferred, _ = objectives.check_thresholds(score=2, publicity=10, pool_data=0, prefer="III-1")
    assert [o.marked for o in preferred.face_up] == [(False,), (False, True), (False,)]
    again, _ = replace(reached, levels=(("score", 2), ("publicity", 3), ("pool_data", 0))).check_thresholds(2, 9, 0)
    assert again.face_up[1].marked == (False, True)  # publicity fell and rose again: a new trigger


def test_a_revealed_objective_already_reached_is_marked_at_once():
    tiles = material().objectives
    objectives, _ = Objectives(stack=(tiles["I-6"], tiles["I-4"], tiles["I-8"], tiles["I-1"])).end_of_turn()
    objectives, _ = objectives.mark(Event("launch"))
    replaced, notes = objectives.end_of_turn(score=17, publicity=4, pool_data=0)
    assert [o.tile.id for o in replaced.face_up] == ["I-4", "I-8", "I-1"]
    assert replaced.face_up[2].complete
    assert notes == ["Completed: I-6.", "Objective I-1 revealed: score:16. Already reached, marked at once: score:16."]


def test_a_sector_you_win_on_the_rivals_turn_marks_your_tasks_at_the_end_of_your_next_turn():
    from tabletoolkit.seti.solo.turn import resolve_sectors

    game = game_with("III-2", "I-6", "I-4")  # sector_win + trace:pink
    table = game.table
    while 1 not in completed_sectors(table):
        table, _ = mark_signal(table, YOU, 1)
    resolved = run(resolve_sectors(replace(game, table=table), "white")).result  # on the rival's turn
    assert resolved.you.sector_wins == 1 and resolved.pending == ((YOU, "trace", "pink"),)  # its pink trace: yours to place
    assert resolved.triggers == (Event("sector_win"),)
    assert resolved.objectives == game.objectives  # nothing is marked on the rival's turn
    placed = run(your_turn(replace(resolved, to_move=YOU), "trace:0:0", Rng(0))).result  # species 1's pink discovery space
    assert placed.triggers == () and placed.objectives.face_up[0].marked == (True, True)  # both, once it is your turn
    passed = run(your_turn(placed, "pass", Rng(0))).result
    card = end_of_round_stack(passed.table, 1)[0]
    passed = run(your_turn(passed, f"take:{card}", Rng(0))).result  # the pass's last step ends your turn
    assert passed.triggers == () and "III-2" in passed.objectives.completed


def test_data_go_into_your_computer_as_a_free_action_and_analyzing_needs_its_top_row_full():
    from tabletoolkit.seti.computer import Computer

    game = game_with("I-8", hand=("S10",), data=2, energy=2)
    refused = {o.action: o for o in your_options(game)}["analyze"]
    assert not refused.legal and refused.refusing_rule == "seti.analyze.top_row_not_full"  # the multiplayer analysis refuses it
    first = run(free_action(game, "place:data", Rng(0))).result
    assert first.you.computer.filled == 1 and first.you.data == 1
    second = run(free_action(first, "place:data", Rng(0))).result  # the second space: 1 publicity
    assert second.you.publicity == game.you.publicity + 1 and second.you.data == 0
    empty = {o.action: o for o in free_options(second)}["place:data"]
    assert not empty.legal and empty.reason == "green's data pool is empty."
    full = second.with_player(replace(second.you, computer=Computer(filled=6), data=3))
    analyzed = run(your_turn(full, "analyze", Rng(0))).result
    assert analyzed.you.computer.filled == 0 and analyzed.you.data == 3  # the pool stays
    assert analyzed.you.energy == 1 and analyzed.objectives.face_up[0].marked == (True,)
    assert analyzed.pending == ((YOU, "trace", "blue"),)  # analyzing gives a blue life trace: yours to place
    placed = run(your_turn(analyzed, "trace:2:overflow", Rng(0))).result
    assert placed.you.score == analyzed.you.score + 3 and placed.table.life.slots[0].overflow == (Mark(YOU, "blue"),)
    ended = run(your_turn(placed, "end", Rng(0))).result
    assert "I-8" in ended.objectives.completed  # replaced at the end of your turn


def test_publicity_reached_on_the_rivals_turn_is_marked_before_your_research_spends_it():
    game = game_with("I-2", "I-6", "I-4", publicity=10)  # reached 9 since the last check
    played = run(your_turn(game, "research:PT1", Rng(0)))
    assert played.steps[0].title == "Objectives"
    assert played.steps[0].text.startswith("publicity reaches 10: publicity:10 marks 'publicity:9' on I-2")
    assert played.result.you.publicity == 4
    assert "I-2" in run(your_turn(played.result, "end", Rng(0))).result.objectives.completed


def test_you_place_your_life_trace_on_any_free_space_of_its_colour_or_an_overflow():
    from tabletoolkit.seti.solo.state import reward_colour

    game = game_with("I-6")
    owing, _ = reward_colour(game, YOU, [("trace", "yellow")])
    options = {o.action: o for o in your_options(owing)}
    yellow = [1, 4]  # the trace columns of yellow: species 1's and species 2's
    assert sorted(options) == sorted([f"trace:{n}:0" for n in yellow] + [f"trace:{n}:overflow" for n in yellow])
    assert options[f"trace:{yellow[1]}:0"].reason == "legal: species 2's yellow discovery space (1 publicity, 5 VP)"
    placed = run(your_turn(owing, f"trace:{yellow[1]}:0", Rng(0))).result
    assert placed.table.life.slots[1].discovery == (None, Mark(YOU, "yellow"), None)
    assert (placed.you.score, placed.you.publicity) == (game.you.score + 5, game.you.publicity + 1)
    wild, _ = reward_colour(game, YOU, [("trace", "any")])
    assert len(your_options(wild)) == 2 * 6  # every colour's discovery space and overflow


def test_passing_with_more_than_four_cards_discards_the_ones_you_name_or_those_drawn_last():
    game = game_with("I-6", hand=("S01", "S02", "S03", "S04", "S05", "S06"))
    options = {o.action: o for o in your_options(game) if o.action.startswith("pass")}
    assert len(options) == 1 + 15  # pass, and every pair of the six cards to drop
    assert options["pass"].reason == "legal: discards the card(s) drawn last (S05, S06) to keep 4"
    chosen = run(your_turn(game, "pass:drop=S01+S04", Rng(0))).result
    assert chosen.you.hand[:4] == ("S02", "S03", "S05", "S06")
    assert chosen.table.discard[-2:] == ("S01", "S04")
    default = run(your_turn(game, "pass", Rng(0))).result
    assert default.you.hand[:4] == ("S01", "S02", "S03", "S04")


def test_a_gold_milestone_reached_on_a_passing_turn_is_marked_at_its_end():
    game = game_with("I-6", score=26)
    game = replace(game, checked={YOU: 20, "white": game.rival.score})
    passing = run(your_turn(game, "pass", Rng(0))).result
    card = end_of_round_stack(passing.table, 1)[0]
    steps = run(your_turn(passing, f"take:{card}", Rng(0))).steps
    assert [s.title for s in steps] == ["You take an end-of-round card", "Gold milestone 25"]
    assert any(YOU in tile.marks for tile in steps[-1].state.table.gold_tiles)


def test_a_threshold_reached_by_a_free_action_marks_its_task_at_once():
    game = game_with("I-2", "I-6", "I-4", hand=("S03",), publicity=8)  # publicity:9 first; S03's corner: publicity
    after = run(free_action(game, "corner:S03", Rng(0))).result
    assert after.you.publicity == 9 and after.objectives.face_up[0].marked == (True,)


def test_two_copies_of_a_mission_complete_one_by_one():
    game = game_with("II-1", hand=("S03", "S03"), credits=4)  # Have an orbiter → 4 VP, twice in the deck's copies
    played = run(your_turn(game, "play:S03", Rng(0))).result
    played = run(your_turn(replace(played, main_action=None), "play:S03", Rng(0))).result
    orbiting = played.with_player(replace(played.you, orbiters=1))
    once = run(free_action(orbiting, "complete:S03", Rng(0))).result
    again = {o.action: o for o in free_options(once)}["complete:S03"]
    assert again.legal and once.completed_missions == ("S03",)
    twice = run(free_action(once, "complete:S03", Rng(0))).result
    assert twice.completed_missions == ("S03", "S03") and twice.you.score == orbiting.you.score + 8
    assert {o.action: o for o in free_options(twice)}["complete:S03"].reason == "already completed"


def test_a_choice_left_you_on_the_rivals_turn_after_you_passed_is_yours_at_once():
    from tabletoolkit.seti.solo.game import _after, take

    game = game_with("I-6")
    owing = replace(game, table=replace(game.table, passed=(0,), pending=((YOU, "trace", "pink"),)), to_move="white")
    asked = _after(owing, "white")
    assert asked.to_move == YOU and asked.between  # between the rival's turns: only the choice is yours
    assert [o.action for o in your_options(asked)][:2] == ["trace:0:0", "trace:0:overflow"]
    assert not any(o.legal for o in free_options(asked))
    placed = run(take(asked, "trace:0:0", Rng(0))).result
    assert placed.pending == () and not placed.between and placed.to_move == "white"  # the rival plays on
    assert placed.table.life.slots[0].discovery[0] == Mark(YOU, "pink")


def test_the_threshold_variant_marks_a_reached_task_at_the_end_of_your_turn():
    game = game_with("I-1", "III-8", "I-6", score=18)
    game = replace(game, main_action="launch", table=replace(game.table, variant=game.variant.but(solo_threshold_marks_while_reached=True)))
    ended = run(your_turn(game, "end", Rng(0))).result
    assert ended.objectives.completed == ("I-1",)  # the crossing marked I-1 (one trigger, one task) ...
    assert ended.objectives.face_up[0].tile.id == "III-8" and ended.objectives.face_up[0].marked == (False, True, False)
    strict = game.variant.but(solo_threshold_marks_while_reached=False)
    plain = run(your_turn(replace(game, table=replace(game.table, variant=strict)), "end", Rng(0))).result
    assert plain.objectives.face_up[0].marked == (False, False, False)  # ... and by the rulebook reading III-8 waits


def test_your_conversions_follow_the_variants_rate_as_the_multiplayer_conversion_does():
    game = game_with("I-6", hand=("S05", "S09"), credits=2)
    game = replace(game, table=replace(game.table, variant=game.variant.but(conversion_rate=3)))
    refused = {o.action: o for o in free_options(game)}["convert:credits>energy"]
    assert not refused.legal and refused.refusing_rule == "seti.free_actions.convert_short"
    assert not any(o.action.startswith("convert:S05+S09>") for o in free_options(game))  # three cards are named
    rich = game.with_player(replace(game.you, credits=3))
    after = run(free_action(rich, "convert:credits>energy", Rng(0))).result
    assert (after.you.credits, after.you.energy) == (0, rich.you.energy + 1)


def test_the_first_takers_tile_gives_the_variants_vp_as_the_multiplayer_research_does():
    game = game_with("I-6", publicity=8)
    game = replace(game, table=replace(game.table, variant=game.variant.but(first_tech_vp=5)))
    after = run(your_turn(game, "research:PT2", Rng(0))).result
    assert after.you.score == game.you.score + 5 and after.you.publicity == 2 and "PT2" in after.you.techs
