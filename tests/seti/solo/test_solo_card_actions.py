"""Your side of the solo game: actions inside a played card's effect are carried out at no standard cost,
and triggered missions cover one circle per later event and complete (打出卡牌 / 任务卡 · 可触发任务,
``seti.missions``), each completion one "complete a mission" task (S-F25)."""

from dataclasses import replace

import pytest

from tabletoolkit.engine import IllegalAction, Rng, run
from tabletoolkit.seti.cards import load_cards
from tabletoolkit.seti.main_actions import CARD_SIGNAL
from tabletoolkit.seti.missions import MissionInPlay
from tabletoolkit.seti.solar import Probe
from tabletoolkit.seti.solo import YOU, material, setup_solo, your_options, your_turn
from tabletoolkit.seti.solo.objectives import Objectives
from tabletoolkit.widgets.seti_solo import your_cards_html

TEST_CARDS = f"""
[[card]]
id = "T-launch"
name = "Test launch card"
colour = "red"
price = 1
income = "credits"
corner = "publicity"
effect = {{ actions = ["launch"] }}

[[card]]
id = "T-signal"
name = "Test signal card"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
effect = {{ actions = ["{CARD_SIGNAL}"] }}

[[card]]
id = "T-land"
name = "Test landing card"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
effect = {{ actions = ["land"] }}

[[card]]
id = "T-research"
name = "Test research card"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
effect = {{ actions = ["research:computer"] }}

[[card]]
id = "T-triggered"
name = "Test triggered mission"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
kind = "triggered"
triggers = [
  {{ event = "launch", reward = {{ vp = 2 }} }},
  {{ event = "signal", reward = {{ publicity = 3 }} }},
]
"""


def game_with(*tile_ids, hand=(), credits=4, **you):
    """A fresh 4-star game with the test cards in the catalog, your turn, the named objectives face up."""
    game = run(setup_solo(4, 3)).result
    supply = game.table.supply
    supply = replace(supply, catalog=supply.catalog + load_cards(TEST_CARDS))
    tiles = material().objectives
    objectives, _ = Objectives(stack=tuple(tiles[t] for t in tile_ids)).end_of_turn()
    return replace(game, to_move=YOU, objectives=objectives, table=replace(game.table, supply=supply),
                   you=replace(game.you, hand=tuple(hand), credits=credits, **you))


def test_a_card_launch_is_carried_out_without_its_two_credits_and_marks_the_launch_task():
    game = game_with("II-1", hand=("T-launch",))
    assert game.table.probes_of(YOU) == ()
    after = run(your_turn(game, "play:T-launch", Rng(0))).result
    assert after.you.credits == 3  # the card's price (1), not the launch's 2 credits
    assert [p.space for p in after.table.probes_of(YOU)] == [after.table.solar.earth]
    assert after.objectives.face_up[0].marked == (True, False)


def test_a_card_launch_at_the_probe_limit_is_lost_and_said_so():
    game = game_with("II-1", hand=("T-launch",))
    game = replace(game, table=game.table.launch(YOU))
    steps = run(your_turn(game, "play:T-launch", Rng(0)))
    assert len(steps.result.table.probes_of(YOU)) == 1
    assert "Its free launch is lost: you are at your probe limit." in steps[0].text


def test_a_card_signal_marks_the_sector_of_your_probe_at_no_cost():
    game = game_with("II-1", hand=("T-signal",))
    game = replace(game, table=game.table.launch(YOU))
    sector = game.table.earth_sector()
    before = game.table.sky.sector(sector).markers
    after = run(your_turn(game, "play:T-signal", Rng(0))).result
    assert after.table.sky.sector(sector).markers == before + (YOU,)
    assert (after.you.credits, after.you.energy) == (game.you.credits, game.you.energy)


def test_a_card_with_an_action_this_side_does_not_carry_out_is_refused_and_nothing_changes():
    game = game_with("II-1", hand=("T-research",))
    option = {o.action: o for o in your_options(game)}["play:T-research"]
    assert not option.legal
    assert option.reason == ("its action 'research:computer' is not one this side carries out "
                             f"(launch, move, land, {CARD_SIGNAL})")
    with pytest.raises(IllegalAction) as refused:
        run(your_turn(game, "play:T-research", Rng(0)))
    assert refused.value.rule == "seti.solo.your_action"
    assert game.you.hand == ("T-research",) and game.you.credits == 4 and game.in_play == ()


def test_a_triggered_mission_fires_on_later_events_completes_and_marks_the_mission_task():
    game = game_with("II-1", hand=("T-triggered",), energy=5)
    played = run(your_turn(game, "play:T-triggered", Rng(0))).result
    assert played.missions == (MissionInPlay(YOU, "T-triggered", "triggered", (False, False)),)
    assert played.in_play == ("T-triggered",) and played.you.score == game.you.score

    launched = run(your_turn(replace(played, to_move=YOU), "launch", Rng(0))).result
    assert launched.missions[0].covered == (True, False) and not launched.missions[0].completed
    assert launched.you.score == played.you.score + 2
    assert launched.objectives.face_up[0].marked == (True, False)  # the launch task; the mission not yet
    assert launched.completed_missions == ()

    scanned = run(your_turn(replace(launched, to_move=YOU), "scan:0", Rng(0))).result
    assert scanned.missions[0].covered == (True, True) and scanned.missions[0].completed
    assert scanned.completed_missions == ("T-triggered",)
    assert scanned.you.publicity == launched.you.publicity + 3  # one circle for two signals: one trigger, one circle
    assert scanned.objectives.completed == ("II-1",)  # launch + mission: done, off the face-up row
    assert "T-triggered (0 cr, triggered) circles 1/2" in your_cards_html(launched)  # the widget's card panel
    assert "T-triggered (0 cr, triggered) circles 2/2 ✔ completed" in your_cards_html(scanned)


def test_a_card_landing_lands_your_probe_at_its_planet_without_energy():
    game = game_with("II-1", hand=("T-land",), energy=0)
    solar = game.table.solar
    solar = replace(solar, probes=solar.probes + (Probe(99, YOU, solar.planet_space("Mars")),))
    game = replace(game, table=replace(game.table, solar=solar))
    after = run(your_turn(game, "play:T-land", Rng(0))).result
    assert after.table.probes_of(YOU) == () and after.you.landers == game.you.landers + 1
    assert after.you.energy == 0 and YOU in [p.owner for p in after.table.solar.landers("Mars")]
    assert after.objectives.face_up[0].marked == (False, False)  # II-1 is launch + mission: a landing marks neither


def test_a_card_landing_without_a_probe_at_a_planet_is_lost_and_said_so():
    game = game_with("II-1", hand=("T-land",))
    steps = run(your_turn(game, "play:T-land", Rng(0)))
    assert "Its landing is lost: no probe of yours is at a planet." in steps[0].text
    assert steps.result.you.landers == game.you.landers
