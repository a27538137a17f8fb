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
from tabletoolkit.seti.solo import YOU, free_action, free_options, material, setup_solo, your_options, your_turn
from tabletoolkit.seti.solo.objectives import Objectives
from tabletoolkit.seti.probes import launch
from tabletoolkit.seti.solo.table import earth_sector, sector_at, tech_offers

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
id = "T-launch-beyond"
name = "Test launch card that ignores the probe limit"
colour = "red"
price = 1
income = "credits"
corner = "publicity"
effect = {{ actions = ["launch ignoring the probe limit"] }}

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
id = "T-scan"
name = "Test card with an action the solo side does not know"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
effect = {{ actions = ["scan the sky"] }}

[[card]]
id = "T-move"
name = "Test move card"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
effect = {{ actions = ["move"] }}

[[card]]
id = "T-venus"
name = "Test Venus mission"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
kind = "triggered"
triggers = [
  {{ event = "visit:Venus", reward = {{ vp = 1 }} }},
  {{ event = "visit:Venus", reward = {{ vp = 5 }} }},
]

[[card]]
id = "T-self"
name = "Test mission whose own effect launches"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
kind = "triggered"
effect = {{ actions = ["launch"] }}
triggers = [{{ event = "launch", reward = {{ vp = 2 }} }}]

[[card]]
id = "T-comet"
name = "Test comet mission"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
kind = "triggered"
triggers = [
  {{ event = "visit:comet", reward = {{ vp = 1 }} }},
  {{ event = "visit:comet", reward = {{ vp = 2 }} }},
]

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


def next_turn(game):
    """The same game at the start of another turn of yours."""
    return replace(game, to_move=YOU, main_action=None)


def game_with(*tile_ids, hand=(), credits=4, **you):
    """A fresh 4-star game with the test cards in the catalog, your turn, the named objectives face up."""
    game = run(setup_solo(4, 3)).result
    cards = {**game.table.cards, **{card.id: card for card in load_cards(TEST_CARDS)}}
    tiles = material().objectives
    objectives, _ = Objectives(stack=tuple(tiles[t] for t in tile_ids)).end_of_turn()
    return replace(game, to_move=YOU, objectives=objectives, table=replace(game.table, cards=cards)).with_player(replace(game.you, hand=tuple(hand), credits=credits, **you))


def test_a_card_launch_is_carried_out_without_its_two_credits_and_marks_the_launch_task():
    game = game_with("II-1", hand=("T-launch",))
    assert game.table.solar.probes_of(YOU) == ()
    after = run(your_turn(game, "play:T-launch", Rng(0))).result
    assert after.you.credits == 3  # the card's price (1), not the launch's 2 credits
    assert [p.space for p in after.table.solar.probes_of(YOU)] == [after.table.solar.earth]
    assert after.objectives.face_up[0].marked == (True, False)


def test_a_card_launch_at_the_probe_limit_is_lost_and_said_so():
    game = game_with("II-1", hand=("T-launch",))
    game = replace(game, table=launch(game.table, YOU, free=True, ignore_limit=True))
    steps = run(your_turn(game, "play:T-launch", Rng(0)))
    assert len(steps.result.table.solar.probes_of(YOU)) == 1
    assert "Its action: the free launch is lost: green already has 1 probe(s) in space; the limit is 1" in steps[0].text


def test_a_card_launch_that_ignores_the_probe_limit_launches_beyond_it_as_in_the_multiplayer_game():
    """The multiplayer game's card actions (missions.CARD_ACTIONS): such a launch ignores the limit for that
    launch only (FAQ); the solo side refused the card as an action it does not carry out."""
    game = game_with("II-1", hand=("T-launch-beyond",))
    game = replace(game, table=launch(game.table, YOU, free=True, ignore_limit=True))
    assert {o.action: o for o in your_options(game)}["play:T-launch-beyond"].legal
    steps = run(your_turn(game, "play:T-launch-beyond", Rng(0)))
    assert len(steps.result.table.solar.probes_of(YOU)) == 2 and steps.result.you.credits == 3
    assert "Its action: a free launch, a probe of yours on Earth (beyond your probe limit" in steps[0].text


def test_a_card_signal_marks_the_sector_of_your_probe_at_no_cost():
    game = game_with("II-1", hand=("T-signal",))
    game = replace(game, table=launch(game.table, YOU, free=True, ignore_limit=True))
    sector = earth_sector(game.table)
    before = game.table.sectors.sector(sector).markers
    after = run(your_turn(game, "play:T-signal", Rng(0))).result
    assert after.table.sectors.sector(sector).markers == before + (YOU,)
    assert (after.you.credits, after.you.energy) == (game.you.credits, game.you.energy)


def test_a_card_research_is_offered_per_tech_of_its_kind_and_costs_no_publicity():
    game = game_with("II-1", hand=("T-research",), publicity=0)
    options = {o.action: o for o in your_options(game) if o.action.startswith("play:T-research")}
    slots = (1, 3, 5, 6)  # the sample computer's tech slots
    assert sorted(options) == [f"play:T-research@CT{n}@{slot}" for n in range(1, 5) for slot in slots]
    assert all(o.legal and "research" in o.reason and "without publicity" in o.reason for o in options.values())
    assert options["play:T-research@CT2@3"].reason.endswith("; into the slot under top 3")
    rotations = game.table.solar.rotations
    after = run(your_turn(game, "play:T-research@CT2@3", Rng(0))).result
    assert "CT2" in after.you.techs and after.you.publicity == 0 and after.you.computer.techs == ((3, "CT2"),)
    assert after.table.solar.rotations == rotations + 1  # the research rotates the solar system first
    assert tech_offers(after.table)["CT2"].tiles_left == tech_offers(game.table)["CT2"].tiles_left - 1


def test_a_card_with_an_action_this_side_does_not_carry_out_is_refused_and_nothing_changes():
    game = game_with("II-1", hand=("T-scan",))
    option = {o.action: o for o in your_options(game)}["play:T-scan"]
    assert not option.legal
    assert option.reason.startswith("Test card with an action the solo side does not know's effect holds the "
                                    "action(s) 'scan the sky', which this game does not carry out")  # the multiplayer verdict
    with pytest.raises(IllegalAction) as refused:
        run(your_turn(game, "play:T-scan", Rng(0)))
    assert refused.value.rule == "seti.cards.unhandled_action"
    assert game.you.hand == ("T-scan",) and game.you.credits == 4 and game.in_play == ()


def test_a_card_move_is_a_free_move_you_spend_after_playing_the_card():
    game = game_with("II-1", hand=("T-move",), energy=0)
    game = replace(game, table=launch(game.table, YOU, free=True, ignore_limit=True))
    played = run(your_turn(game, "play:T-move", Rng(0)))
    assert "Its action: 1 free move" in played.steps[0].text
    after = played.result
    assert after.free_moves == 1 and after.main_action == "play:T-move" and after.to_move == YOU
    assert not {o.action: o for o in your_options(after)}["launch"].legal  # one main action a turn
    probe = after.table.solar.probes_of(YOU)[0]
    move = next(o.action for o in free_options(after) if o.action.startswith("move:") and o.legal)
    moved = run(free_action(after, move, Rng(0))).result
    assert moved.free_moves == 0 and moved.you.energy == 0
    assert moved.table.solar.probe(probe.id).space != probe.space


def test_a_triggered_mission_fires_on_later_events_completes_and_marks_the_mission_task():
    game = game_with("II-1", hand=("T-triggered",), energy=5)
    played = run(your_turn(game, "play:T-triggered", Rng(0))).result
    assert played.missions == (MissionInPlay(YOU, "T-triggered", "triggered", (False, False)),)
    assert played.in_play == ("T-triggered",) and played.you.score == game.you.score

    launched = run(your_turn(next_turn(played), "launch", Rng(0))).result
    assert launched.missions[0].covered == (True, False) and not launched.missions[0].completed
    assert launched.you.score == played.you.score + 2
    assert launched.objectives.face_up[0].marked == (True, False)  # the launch task; the mission not yet
    assert launched.completed_missions == ()

    scan = next(o.action for o in your_options(next_turn(launched)) if o.action.startswith("scan:0:"))
    scanned = run(your_turn(next_turn(launched), scan, Rng(0))).result
    assert scanned.missions[0].covered == (True, True) and scanned.missions[0].completed
    assert scanned.completed_missions == ("T-triggered",)
    assert scanned.you.publicity == launched.you.publicity + 3  # one circle for two signals: one trigger, one circle
    assert run(your_turn(scanned, "end", Rng(0))).result.objectives.completed == ("II-1",)  # launch + mission


def test_a_card_landing_lands_your_probe_at_its_planet_without_energy():
    game = game_with("II-1", hand=("T-land",), energy=0)
    solar = game.table.solar
    solar = replace(solar, probes=solar.probes + (Probe(99, YOU, solar.planet_space("Mars")),))
    game = replace(game, table=replace(game.table, solar=solar))
    after = run(your_turn(game, "play:T-land", Rng(0))).result
    assert after.table.solar.probes_of(YOU) == () and after.you.landers == game.you.landers + 1
    assert after.you.energy == 0 and YOU in [p.owner for p in after.table.solar.landers("Mars")]
    assert after.objectives.face_up[0].marked == (False, False)  # II-1 is launch + mission: a landing marks neither


def test_a_card_landing_without_a_probe_at_a_planet_is_lost_and_said_so():
    game = game_with("II-1", hand=("T-land",))
    steps = run(your_turn(game, "play:T-land", Rng(0)))
    assert "Its landing is lost: no probe of yours is at a planet." in steps[0].text
    assert steps.result.you.landers == game.you.landers


def at_planet(game, planet):
    """``game`` with a probe of yours on ``planet``'s space."""
    solar = game.table.solar
    solar = replace(solar, probes=solar.probes + (Probe(99, YOU, solar.planet_space(planet)),))
    return replace(game, table=replace(game.table, solar=solar))


def with_mission(game, card_id):
    """``game`` with your triggered mission ``card_id`` in play, no circle covered."""
    card = game.table.card(card_id)
    return replace(game, table=replace(game.table, missions=(MissionInPlay.played(YOU, card),)))


def test_a_push_on_the_rivals_turn_covers_a_circle_and_a_held_circle_is_passed_over():
    from tabletoolkit.seti.solar import rotation_example
    from tabletoolkit.seti.solo.state import rotate_solar

    game = with_mission(game_with("II-1"), "T-comet")
    solar, _ = rotation_example().rotated()  # the next rotation pushes green's probe onto a comet
    game = replace(game, to_move="white", table=replace(game.table, solar=solar))
    pushed, text = rotate_solar(game)
    assert pushed.missions[0].covered == (True, False) and pushed.you.score == game.you.score + 1
    assert "You cover circle 1 of T-comet (visit a comet) and gains 1 VP." not in text
    assert "You cover circle 1 of T-comet (visit a comet)" in text and "One trigger covers one circle." in text

    held = run(free_action(replace(game, to_move=YOU), "hold:T-comet#1", Rng(0))).result
    assert held.held == {("T-comet", 0)}
    skipped, _ = rotate_solar(replace(held, to_move="white"))
    assert skipped.missions[0].covered == (False, True)  # the trigger went to the circle not held
    both = replace(held, held=frozenset({("T-comet", 0), ("T-comet", 1)}), to_move="white")
    kept, text = rotate_solar(both)
    assert kept.missions[0].covered == (False, False) and kept.you.score == game.you.score
    assert "Visit a comet fits circle 1 of T-comet, circle 2 of T-comet, held for a later trigger" in text
    released = run(free_action(replace(both, to_move=YOU), "release:T-comet#1", Rng(0))).result
    assert released.held == {("T-comet", 1)}


def test_covering_is_optional_on_your_own_flight_too():
    game = with_mission(at_planet(game_with("II-1", energy=9), "Mercury"), "T-venus")
    game = replace(game, held=frozenset({("T-venus", 0)}))
    flown = run(your_turn(game, "orbit:Venus", Rng(0)))
    assert flown.result.missions[0].covered == (False, True)  # circle 2 (5 VP), circle 1 held
    assert any(s.title == "Triggered mission: visit Venus" for s in flown.steps)


def test_with_pt4_you_land_on_a_free_moon_at_the_planets_landing_cost():
    game = at_planet(game_with("II-1", energy=3), "Mars")
    moon = game.table.solar.layout.planets["Mars"].moons[0]
    refused = {o.action: o for o in your_options(game)}[f"land:Mars/{moon.name}"]
    assert not refused.legal and refused.refusing_rule == "seti.land.moon_tech"  # the multiplayer landing's rule
    game = game.with_player(replace(game.you, techs=frozenset({"PT4"})))
    landed = run(your_turn(game, f"land:Mars/{moon.name}", Rng(0))).result
    assert landed.you.energy == 0 and landed.you.landers == 1
    assert landed.table.solar.placements[-1].moon == moon.name
    assert moon.reward.traces == ("yellow",) and landed.pending == ((YOU, "trace", "yellow"),)  # its trace: yours to place
    assert landed.you.score == game.you.score + moon.reward.vp
    placed = run(your_turn(landed, "trace:1:0", Rng(0))).result  # species 1's yellow discovery space: 5 VP, 1 publicity
    assert placed.you.score == landed.you.score + 5 and placed.you.publicity == landed.you.publicity + 1
    taken = {o.action: o for o in your_options(at_planet(replace(placed, main_action=None), "Mars"))}
    assert taken[f"land:Mars/{moon.name}"].refusing_rule == "seti.land.moon_taken"  # one lander per moon (S-F3)


def test_orbiting_jupiter_marks_a_signal_in_its_sector_for_you_and_for_the_rival():
    from tabletoolkit.seti.solo import RIVAL
    from tabletoolkit.seti.solo.data import RivalAction
    from tabletoolkit.seti.solo.data import ActionCard
    from tabletoolkit.seti.solo.turn import play_card

    game = at_planet(game_with("II-1", energy=9), "Jupiter")
    sector = sector_at(game.table, game.table.solar.planet_space("Jupiter"))
    before = game.table.sectors.sector(sector).markers
    steps = run(your_turn(game, "orbit:Jupiter", Rng(0)))
    assert steps.result.table.sectors.sector(sector).markers == before + (YOU,)
    assert f"You: a signal in {game.table.sectors.sector(sector).name}." in steps[-1].text

    rival = replace(game_with("II-1"), table=launch(game_with("II-1").table, RIVAL, free=True, ignore_limit=True))
    card = ActionCard("T.1", "basic", "left", (RivalAction("orbit_land", moves=12, planets=("Jupiter",), prefer="orbit"),), sample=True)
    after = run(play_card(rival, card, Rng(0))).result
    sector = sector_at(after.table, after.table.solar.planet_space("Jupiter"))
    assert after.table.sectors.sector(sector).markers[-1] == RIVAL


def test_a_card_research_with_no_tech_left_still_rotates_the_solar_system():
    game = game_with("II-1", hand=("T-research",), techs=frozenset({"CT1", "CT2", "CT3", "CT4"}))
    option = {o.action: o for o in your_options(game)}["play:T-research"]
    assert option.legal and option.reason.endswith("its research is lost: no computer tech is left for you")
    after = run(your_turn(game, "play:T-research", Rng(0)))
    assert after.result.table.solar.rotations == game.table.solar.rotations + 1
    assert "No computer tech is left for you: the research is lost." in after.steps[-1].text
    assert any(step.title == "Nothing to take" for step in after.steps)  # the multiplayer research says why


def test_a_triggered_mission_is_not_covered_by_its_own_cards_effect():
    game = game_with("II-1", hand=("T-self",))
    after = run(your_turn(game, "play:T-self", Rng(0))).result
    assert len(after.table.solar.probes_of(YOU)) == 1  # the effect's launch happened
    assert after.missions == (MissionInPlay(YOU, "T-self", "triggered", (False,)),)  # before the card was in play


def test_with_two_probes_you_choose_the_sector_of_a_cards_signal():
    game = game_with("II-1", hand=("T-signal",))
    game = at_planet(replace(game, table=launch(game.table, YOU, free=True, ignore_limit=True)), "Jupiter")
    sectors = sorted({earth_sector(game.table), sector_at(game.table, game.table.solar.planet_space("Jupiter"))})
    played = run(your_turn(game, "play:T-signal", Rng(0))).result
    assert played.pending == ((YOU, "action", CARD_SIGNAL),)
    assert [o.action for o in your_options(played)] == [f"card-signal:{n}" for n in sectors]
    marked = run(your_turn(played, f"card-signal:{sectors[-1]}", Rng(0))).result
    assert marked.table.sectors.sector(sectors[-1]).markers[-1] == YOU and marked.pending == ()


def test_with_pt4_a_cards_landing_may_go_to_a_moon_of_your_choice():
    game = at_planet(game_with("II-1", hand=("T-land",), techs=frozenset({"PT4"})), "Mars")
    moons = [m.name for m in game.table.solar.layout.planets["Mars"].moons]
    played = run(your_turn(game, "play:T-land", Rng(0))).result
    assert played.pending == ((YOU, "action", "land"),)
    assert [o.action for o in your_options(played)] == ["card-land:99"] + [f"card-land:99/{m}" for m in moons]
    landed = run(your_turn(played, f"card-land:99/{moons[1]}", Rng(0))).result
    assert landed.table.solar.placements[-1].moon == moons[1] and landed.you.landers == 1
