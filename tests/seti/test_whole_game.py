"""SETI for 2–4 players as a whole game on the game contract: every choice offered when the rules give it,
refusals with their reasons, every draw a chance event with exact odds, the variant read from the state."""

from dataclasses import replace
from fractions import Fraction

import pytest

import tabletoolkit as tt
from tabletoolkit import CHANCE, IllegalAction, InvalidInput
from tabletoolkit.engine.tester import check_game
from tabletoolkit.seti.free_actions import BuyCard, Move
from tabletoolkit.seti.rewards import Reward
from tabletoolkit.seti.solar import Probe
from tabletoolkit.seti.turns import DECK, Pass
from tabletoolkit.seti.variant import RULEBOOK
from tabletoolkit.seti.whole_game import EndTurn, GoOn, SetiWholeGame, scripted
from tabletoolkit.seti.main_actions import Land, Launch

pytestmark = pytest.mark.phase("seti.turn")


def with_table(game, table, **changes):
    return replace(game, table=table, **changes)


def test_a_game_with_no_settings_is_a_rulebook_game_of_two_at_seed_0():
    game = tt.new_game("seti")
    assert isinstance(game, SetiWholeGame)
    assert game.seats == ("green", "orange") and game.seed == 0 and game.variant == RULEBOOK
    assert game.to_move == "green" and not game.over and game.phase == "before"
    assert game.steps[0].section.startswith("设置")


@pytest.mark.parametrize("settings, field", [
    ({"players": 1}, "players"), ({"players": 5}, "players"), ({"players": "3"}, "players"),
    ({"stars": 3}, "settings"), ({"variant": "fast"}, "variant"), ({"seed": 1.5}, "seed"),
])
def test_bad_settings_are_typed_errors_naming_what_is_wrong(settings, field):
    with pytest.raises(InvalidInput) as caught:
        tt.new_game("seti", **settings)
    assert caught.value.field == field


def test_refused_and_unoffered_choices_raise_and_change_nothing():
    game = tt.new_game("seti", players=3, seed=2)
    refused = game.options().refused[0]
    before = repr(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(refused.choice)
    assert caught.value.rule == refused.rule and repr(game) == before
    with pytest.raises(IllegalAction) as caught:
        game.apply(EndTurn())  # only after the main action
    assert caught.value.rule == "engine.not_offered"
    with pytest.raises(IllegalAction):
        game.apply("garbage")


def test_free_actions_before_and_after_the_main_action_then_the_turn_ends():
    game = tt.new_game("seti", players=2, seed=1)
    assert Launch() in game.options() and EndTurn() not in game.options()
    game = game.apply(Launch())
    assert game.phase == "after" and game.to_move == "green" and EndTurn() in game.options()
    assert Launch() not in game.options()  # one main action a turn
    probe = game.table.solar.probes_of("green")[0]
    step = next(o.choice for o in game.options().legal if isinstance(o.choice, Move))
    moved = game.apply(step)
    assert moved.phase == "after" and moved.table.solar.probe(probe.id).space == step.path[-1]
    ended = moved.apply(EndTurn())
    assert ended.to_move == "orange" and ended.phase == "before"


def test_a_bought_card_is_a_draw_uniform_over_what_is_left():
    game = tt.new_game("seti", players=2, seed=1)
    game = game.with_player if False else game
    table = game.table
    table = table.with_player(replace(table.player("green"), publicity=5))
    game = with_table(game, table).apply(BuyCard(None))
    assert game.to_move is CHANCE
    odds = game.chance()
    deck = table.deck
    assert sum(odds.values()) == 1
    assert all(p == Fraction(deck.count(card), len(deck)) for card, p in odds.items())
    card = sorted(odds)[0]
    after = game.apply(card)
    assert after.table.player("green").hand[-1] == card and len(after.table.deck) == len(deck) - 1
    assert after.table.player("green").publicity == 2


def test_a_rewards_card_is_the_players_choice_from_the_row_or_the_deck():
    game = tt.new_game("seti", players=2, seed=1)
    table, _ = game.table.grant("green", Reward(cards=1))
    game = with_table(game, table).apply(Launch()).apply(GoOn())
    assert game.to_move == "green"
    choices = {o.choice for o in game.options() if o.group == "card_source"}
    assert choices == {DECK, 0, 1, 2}
    row_card = game.table.card_row[1]
    taken = game.apply(1)
    while taken.to_move is CHANCE:  # the row refills from the deck: a draw
        taken = taken.apply(sorted(taken.chance())[0])
    assert row_card in taken.table.player("green").hand and taken.phase == "after"


def test_on_mars_the_lander_chooses_which_first_lander_space_to_cover():
    game = tt.new_game("seti", players=2, seed=1)
    table = game.table
    mars = table.solar.planet_space("Mars")
    solar = replace(table.solar, probes=(Probe(1, "green", mars),), next_probe=2)
    table = replace(table, solar=solar).with_player(replace(table.player("green"), energy=5))
    game = with_table(game, table)
    landings = [o.choice for o in game.options().legal if isinstance(o.choice, Land) and o.choice.moon is None]
    assert landings == [Land(1, None, 0), Land(1, None, 1)]
    labels = [o.label for o in game.options().legal if isinstance(o.choice, Land) and o.choice.moon is None]
    assert labels == ["land probe 1 on Mars, first-lander space 1 (2 data)",
                      "land probe 1 on Mars, first-lander space 2 (1 data)"]
    second = game.apply(Land(1, None, 1))
    while second.to_move != "green" or second.segment is not None:  # the yellow trace goes where green chooses
        second = second.apply(second.options().legal[0].choice if second.to_move is not CHANCE else sorted(second.chance())[0])
    assert second.table.solar.first_landers("Mars") == (None, "green")
    assert second.table.player("green").data == table.player("green").data + 1  # the second space's 1 data


def test_the_variant_is_read_from_the_state():
    game = tt.new_game("seti", players=2, seed=1, variant=replace(RULEBOOK, launch_credits=3))
    credits = game.table.player("green").credits
    assert game.apply(Launch()).table.player("green").credits == credits - 3


def test_passing_asks_the_end_of_round_card_and_ends_the_turn():
    game = tt.new_game("seti", players=2, seed=1)
    hand = game.table.player("green").hand
    game = game.apply(Pass())
    assert game.to_move == "green" and game.options().legal[0].group == "discard"  # down to 4: which card goes
    assert {o.choice for o in game.options()} == set(hand)
    game = game.apply(hand[-1])
    assert game.options().legal[0].group == "end_of_round_card" and "hold" in {o.choice for o in game.options()}
    game = game.apply("hold")
    assert game.to_move == "orange" and game.table.holding == (0,) and hand[-1] in game.table.discard


def test_the_scripted_player_plays_whole_games_to_their_end():
    for players in (2, 4):
        played = tt.play(tt.new_game("seti", players=players, seed=3), {s: scripted for s in ("green", "orange", "blue", "purple")[:players]})
        assert played.over and played.final.table.round == 5
        outcome = played.outcome()
        assert set(dict(outcome.scores)) == set(played.start.seats) and outcome.winners


def test_the_whole_game_tester_finds_no_defect():
    report = check_game("seti", range(2), probe=0.3, players=3)
    report.assert_ok()


def test_a_scan_asks_each_telescope_tech_the_scanner_owns_in_turn():
    from tabletoolkit.seti.scan import EarthSignal, MercurySignal
    from tabletoolkit.seti.main_actions import Scan
    from tabletoolkit.seti.whole_game import UseTelescope

    game = tt.new_game("seti", players=2, seed=1)
    table = game.table
    table = table.with_player(replace(table.player("green"), techs=frozenset({"TT1", "TT3"}), publicity=5))
    game = with_table(game, table)
    scan = next(o.choice for o in game.options().legal if isinstance(o.choice, Scan))
    asking = game.apply(scan)
    assert asking.to_move == "green" and {o.group for o in asking.options()} == {"scan: TT1"}
    adjacent = next(o.choice for o in asking.options().legal if o.choice.step is not None)
    assert isinstance(adjacent.step, EarthSignal) and adjacent.step.sector is not None
    asking = asking.apply(adjacent)
    assert {o.group for o in asking.options()} == {"scan: TT3"}
    done = asking.apply(UseTelescope("TT3", MercurySignal()))
    while done.to_move is CHANCE:
        done = done.apply(sorted(done.chance())[0])
    assert done.phase == "after"
    assert done.table.player("green").publicity == 5 - 1  # TT #03's publicity
    assert done.table.sectors.sector(adjacent.step.sector).markers.count("green") >= 1


def test_cards_are_conserved_and_a_lost_card_is_an_invariant_problem():
    game = tt.new_game("seti", players=3, seed=5)
    assert game.invariants() == []
    broken = with_table(game, replace(game.table, deck=game.table.deck[1:]))
    assert any("cards are on the table" in problem for problem in broken.invariants())


def test_free_actions_come_during_the_main_action_before_what_it_left_owed():
    """自由行动可以在回合中的任何时候执行……甚至在主行动期间: a launch that leaves a card owed stops there; the
    player may buy a card first (its draw is a chance event), then goes on and chooses the owed card's source."""
    game = tt.new_game("seti", players=2, seed=1)
    table, _ = game.table.grant("green", Reward(cards=1))
    table = table.with_player(replace(table.player("green"), publicity=5))
    during = with_table(game, table).apply(Launch())
    assert during.phase == "during" and during.to_move == "green"
    legal = [o.choice for o in during.options().legal]
    assert GoOn() in legal and BuyCard(None) in legal
    assert not [c for c in legal if isinstance(c, (Launch, EndTurn))]
    bought = during.apply(BuyCard(None))
    while bought.to_move is CHANCE:
        bought = bought.apply(sorted(bought.chance())[0])
    assert bought.phase == "during" and bought.table.player("green").publicity == 2
    asked = bought.apply(GoOn())
    assert {o.choice for o in asked.options() if o.group == "card_source"} == {DECK, 0, 1, 2}
    drawn = asked.apply(DECK)
    assert drawn.to_move is CHANCE
    done = drawn.apply(sorted(drawn.chance())[0])
    assert done.phase == "after" and len(done.table.player("green").hand) == len(table.player("green").hand) + 2



def test_scans_and_moves_name_the_star_of_their_sector():
    """The rulebook prints stars on the sector boards, no numbers: the labels name the star."""
    from tabletoolkit.seti.main_actions import Scan
    from tabletoolkit.seti.scan import RowSignal
    from tabletoolkit.seti.solar import space_words

    game = tt.new_game("seti", players=2, seed=7)
    table = game.table
    scans = [o for o in game.options() if isinstance(o.choice, Scan) and any(isinstance(s, RowSignal) for s in o.choice.steps)]
    assert scans
    for option in scans:
        row = next(s for s in option.choice.steps if isinstance(s, RowSignal))
        assert option.label.endswith(f"for {table.sectors.sector(row.sector).star} (sector {row.sector})")
    jupiter = table.solar.planet_space("Jupiter")
    assert space_words(table.solar, jupiter) == f"Jupiter (ring {jupiter.ring}, beside {table.solar.star(jupiter.sector)})"


def test_free_actions_are_offered_at_a_main_actions_own_question_and_the_question_is_asked_again():
    """自由行动可以在回合中的任何时候执行: while choosing a tech after research (the solar system already rotated,
    the publicity paid), the player converts energy into credits; the tech question comes back, and the research
    goes on from the table the conversion left."""
    from tabletoolkit.seti.free_actions import Convert
    from tabletoolkit.seti.turns import Research

    game = tt.new_game("seti", players=2, seed=1)
    table = game.table.with_player(replace(game.table.player("green"), publicity=8, energy=3, credits=0))
    asked = with_table(game, table).apply(Research())
    assert asked.to_move == "green" and asked.segment is not None
    options = asked.options()
    techs = [o.choice for o in options.legal if o.group == "tech"]
    convert = Convert("energy", "credits")
    assert techs and convert in options and options.get(convert).group == "free action"
    assert not [o for o in options if isinstance(o.choice, (Research, Pass, EndTurn))]
    converted = asked.apply(convert)
    assert converted.to_move == "green" and converted.segment is not None
    again = [o.choice for o in converted.options().legal if o.group == "tech"]
    assert again == techs
    done = converted.apply(techs[0])
    while done.to_move is CHANCE:
        done = done.apply(sorted(done.chance())[0])
    green = done.table.player("green")
    assert techs[0] in green.techs and green.credits == 1 and green.energy == 1 and green.publicity == 2
    titles = [step.title for step in done.steps]
    assert titles.index("Free action: Convert") < next(i for i, t in enumerate(titles) if t.startswith("Take "))


def test_no_free_actions_among_the_steps_of_passing():
    """Passing's steps take no free actions (S-F16): its questions (cards down to 4, the end-of-round card) are
    asked alone."""
    game = tt.new_game("seti", players=2, seed=1)
    passing = game.apply(Pass())
    groups = set()
    while passing.segment is not None and passing.to_move == "green":
        groups |= {o.group for o in passing.options()}
        passing = passing.apply(passing.options().legal[0].choice)
    assert groups and groups <= {"discard", "end_of_round_card"}


def _carried(game):
    """What an apply gave, steps included (``steps`` is left out of a state's equality)."""
    return game, tuple((step.title, step.text, step.section, step.state) for step in game.steps)


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 5), (4, 1), (4, 8)])
def test_a_step_goes_on_where_it_stopped_as_carried_out_again_from_its_start(players, seed):
    # A segment stopped at a question or draw goes on from there with the first answer given to that state; the
    # same state answered again, or a copy of it answered another way first, carries it out from the start.
    played = tt.play(tt.new_game("seti", players=players, seed=seed), {})
    checked = 0
    for move in played.moves:
        before = move.before
        if before.segment is None and before.converting is None:
            continue
        checked += 1
        assert _carried(before.apply(move.choice)) == _carried(move.after)  # from the start: kept taken already
        fresh = replace(before)  # nothing worked out yet: the first answer goes on where the step stopped
        others = [choice for choice in fresh.legal() if choice != move.choice][:2]
        for other in others:
            assert _carried(fresh.apply(other)) == _carried(replace(before).apply(other))
        assert _carried(fresh.apply(move.choice)) == _carried(move.after)
    assert checked > 20
