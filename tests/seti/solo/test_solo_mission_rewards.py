"""A reward of yours that holds an action (a triggered mission's circle, 任务卡 · 可触发任务) is owed and carried
out as in the multiplayer game (``SetiGame.grant`` owes it, ``turns.settle_pending`` carries it out): a free
launch, a signal in a sector with a probe of yours (your choice of sector), a move spent by a probe move this
turn. Your missions are the table's (``SetiGame.missions``), covered by the multiplayer missions code."""

from dataclasses import replace

from tabletoolkit.engine import Rng, run
from tabletoolkit.seti.cards import load_cards
from tabletoolkit.seti.game import Decisions
from tabletoolkit.seti.main_actions import CARD_SIGNAL, card_signal_options
from tabletoolkit.seti.missions import MissionInPlay, report_event
from tabletoolkit.seti.solar import Probe
from tabletoolkit.seti.solo import YOU, setup_solo, your_options, your_turn
from tabletoolkit.seti.solo.state import your_trigger
from tabletoolkit.seti.turns import settle_pending

TEST_CARDS = f"""
[[card]]
id = "T-venus-actions"
name = "Test Venus mission whose circles hold actions"
colour = "red"
price = 0
income = "credits"
corner = "publicity"
kind = "triggered"
triggers = [
  {{ event = "visit:Venus", reward = {{ vp = 1, actions = ["launch"] }} }},
  {{ event = "visit:Venus", reward = {{ actions = ["{CARD_SIGNAL}"] }} }},
  {{ event = "visit:Venus", reward = {{ actions = ["move"] }} }},
]
"""
CARD = "T-venus-actions"


def game_with_mission(probes=("Mercury",)):
    """A fresh 4-star solo game, your turn, the test mission in front of you and a probe of yours at each planet
    of ``probes``."""
    game = run(setup_solo(4, 3)).result
    cards = {**game.table.cards, **{card.id: card for card in load_cards(TEST_CARDS)}}
    solar = game.table.solar
    solar = replace(solar, probes=solar.probes + tuple(Probe(90 + n, YOU, solar.planet_space(planet))
                                                      for n, planet in enumerate(probes)))
    mission = MissionInPlay.played(YOU, cards[CARD])
    return replace(game, to_move=YOU, table=replace(game.table, cards=cards, solar=solar, missions=(mission,)))


def multiplayer(table, circle, **answers):
    """The multiplayer game on the same table: the visit covers ``circle`` and what it owes is carried out
    (``answers``: its other choices, as ``Decisions`` takes them)."""
    decisions = Decisions({"circle": [(CARD, circle)], **answers})
    table = run(report_event(table, YOU, "visit:Venus", decisions)).result
    return run(settle_pending(table, YOU, decisions)).result


def test_your_missions_are_the_tables():
    game = game_with_mission()
    assert game.missions is game.table.missions and game.in_play == (CARD,)


def test_a_circles_launch_is_owed_and_carried_out_as_in_the_multiplayer_game():
    game = game_with_mission(probes=())
    covered, said = your_trigger(game, None, "visit:Venus")
    assert covered.missions[0].covered == (True, False, False)
    assert covered.pending == ((YOU, "action", "launch"),) and "your free launch" in " ".join(said)
    assert [o.action for o in your_options(covered)] == ["card-launch"]  # carried out first, before anything else
    launched = run(your_turn(covered, "card-launch", Rng(0))).result
    assert launched.pending == ()
    same = multiplayer(game.table, 0)
    assert same.pending == ()
    assert launched.table.solar.probes_of(YOU) == same.solar.probes_of(YOU)
    assert len(launched.table.solar.probes_of(YOU)) == len(game.table.solar.probes_of(YOU)) + 1
    assert launched.you.score == same.player(YOU).score == game.you.score + 1


def test_a_circles_launch_at_the_probe_limit_is_lost_and_said_so_as_in_the_multiplayer_game():
    game = game_with_mission()  # one probe in space: the limit without a probe tech
    covered, _ = your_trigger(game, None, "visit:Venus")
    option = your_options(covered)[0]
    assert option.action == "card-launch" and "the free launch is lost" in option.reason
    after = run(your_turn(covered, "card-launch", Rng(0))).result
    assert after.table.solar.probes_of(YOU) == multiplayer(game.table, 0).solar.probes_of(YOU) == game.table.solar.probes_of(YOU)


def test_a_circles_signal_offers_the_sectors_the_multiplayer_game_offers():
    game = game_with_mission(probes=("Mercury", "Jupiter"))
    game = replace(game, table=replace(game.table, missions=(replace(game.missions[0], covered=(True, False, False)),)))
    covered, _ = your_trigger(game, None, "visit:Venus")
    assert covered.missions[0].covered == (True, True, False)
    assert covered.pending == ((YOU, "action", CARD_SIGNAL),)
    offered = [o.action for o in your_options(covered)]
    sectors = [o.choice for o in card_signal_options(game.table, YOU)]
    assert len(sectors) > 1 and offered == [f"card-signal:{n}" for n in sectors]
    marked = run(your_turn(covered, f"card-signal:{sectors[-1]}", Rng(0))).result
    table = multiplayer(game.table, 1, signal_sector=[sectors[-1]])
    assert marked.table.sectors.sector(sectors[-1]).markers == table.sectors.sector(sectors[-1]).markers
    assert marked.table.sectors.sector(sectors[-1]).markers[-1] == YOU and marked.pending == ()


def test_a_circles_move_is_a_free_move_this_turn():
    game = game_with_mission()
    game = replace(game, table=replace(game.table, missions=(replace(game.missions[0], covered=(True, True, False)),)))
    covered, said = your_trigger(game, None, "visit:Venus")
    assert covered.missions[0].completed and covered.pending == ()
    assert covered.free_moves == game.free_moves + 1 and "1 free move" in " ".join(said)
