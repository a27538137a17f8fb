"""Actions inside a card's effect or corner cost nothing extra (打出卡牌): a move (a corner), SHERLOC's
landing, Herschel's signal; and a probe pushed by a rotation visits the space it is pushed into
(研究科技 · 旋转太阳系, S-F12, S-F19)."""

from dataclasses import replace

import pytest

from tabletoolkit import run
from tabletoolkit.seti import Decisions, new_game, take_turn
from tabletoolkit.seti.cards import Trigger
from tabletoolkit.seti.free_actions import Corner, Move
from tabletoolkit.seti.game import advance_rotation
from tabletoolkit.seti.main_actions import card_landing_options, card_signal_options
from tabletoolkit.seti.missions import MissionInPlay
from tabletoolkit.seti.rewards import Reward
from tabletoolkit.seti.solar import rotation_example
from tabletoolkit.seti.turns import Launch, PlayCard, settle_pending
from tabletoolkit.seti.variant import RULEBOOK

COLOURS = ("green", "orange")


def launched(**board):
    """Green's probe launched on green's first turn; it is green's turn again."""
    game = new_game(COLOURS, seed=5)
    game = game.with_player(replace(game.player("green"), credits=10, energy=10))
    game = run(take_turn(game, Launch())).result
    return replace(game.with_player(replace(game.player("green"), **board)), active=0)


@pytest.mark.phase("seti.turn")
def test_a_corner_move_is_spent_by_the_next_move_at_no_energy_and_an_unused_one_lapses():
    game = new_game(COLOURS, seed=5)
    game = game.with_player(replace(game.player("green"), hand=("S01", "S02"), energy=3))  # both: a move corner
    step = game.solar.neighbours(game.solar.earth)[0]
    plan = run(take_turn(game, Launch(), free=[Corner("S01")], after=[Move(1, (step,))]))
    green = plan.result.player("green")
    assert green.energy == 3 and plan.result.solar.probe(1).space == step  # the move came from the corner
    assert plan.result.pending == () and "Unused moves lapse" not in [s.title for s in plan]
    spare = run(take_turn(game, Launch(), free=[Corner("S01"), Corner("S02")], after=[Move(1, (step,))]))
    assert spare.result.player("green").energy == 3 and spare.result.pending == ()
    lapse = next(s for s in spare if s.title == "Unused moves lapse")
    assert lapse.data == {"moves": 1}


@pytest.mark.phase("seti.cards")
def test_sherloc_lands_at_no_energy_cost():
    game = launched(hand=("SHERLOC",), energy=0)
    probe = game.solar.probes_of("green")[0]
    mars = game.solar.planet_space("Mars")
    game = replace(game, solar=replace(game.solar, probes=(replace(probe, space=mars),)))
    offered = [o.choice for o in card_landing_options(game, "green") if o.legal]
    assert offered == [(probe.id, "Mars")]  # with no energy at all: the card waives the cost; never "unused" (结算效果)
    assert [o.choice for o in card_landing_options(launched(), "green") if o.legal] == [None]  # no probe may land
    steps = run(take_turn(game, PlayCard("SHERLOC")))
    green = steps.result.player("green")
    assert green.landers == 1 and green.energy == 0 and green.credits == 10 - 2 - 3
    assert steps.result.pending == () and "Card landing: no cost" in [s.title for s in steps]
    assert steps.result.missions[-1].kind == "end-game"


@pytest.mark.phase("seti.cards")
def test_herschel_marks_a_signal_in_a_sector_with_one_of_your_probes_at_no_cost():
    game = launched(hand=("Herschel Space Observatory",))
    probe = game.solar.probes_of("green")[0]
    star = game.solar.star(probe.space.sector)
    expected = next(s.number for s in game.sectors.sectors if s.star == star)
    # the signal is part of the card's effect (打出卡牌: 结算效果): a sector with a probe of yours, never "unused"
    assert [o.choice for o in card_signal_options(game, "green")] == [expected]
    before = game.player("green")
    steps = run(take_turn(game, PlayCard("Herschel Space Observatory")))
    after = steps.result
    assert after.sectors.sector(expected).markers.count("green") == 1
    assert after.player("green").data == before.data + 1 and after.player("green").credits == before.credits - 1
    assert after.pending == ()
    nobody = new_game(COLOURS, seed=5)
    assert [o.choice for o in card_signal_options(nobody, "green")] == [None]  # no probe in space: nothing to mark


def comet_watcher(variant=RULEBOOK):
    """The rulebook's rotation example (S-R2, constructed layout) with a mission of green's that fires on
    visiting a comet."""
    game = replace(new_game(COLOURS, seed=1, variant=variant), solar=rotation_example())
    card = replace(game.card("Mariner 10 Mission"), id="Comet watch", name="Comet watch",
                   triggers=(Trigger("visit:comet", Reward(vp=2)),))
    return replace(game, cards={**game.cards, card.id: card},
                   missions=(MissionInPlay("green", "Comet watch", "triggered", (False,)),))


@pytest.mark.phase("seti.turn")
def test_a_probe_pushed_onto_the_comet_visits_it_and_fires_a_mission_on_anothers_turn():
    game = replace(comet_watcher(), active=1)  # orange's turn
    game = run(advance_rotation(game)).result  # disc 1: green's probe stays
    assert game.pending == ()
    steps = run(advance_rotation(game))  # disc 2 pushes it onto the comet (+1 publicity)
    game = steps.result
    assert game.pending == (("green", "event", "visit:comet"),) and steps[-1].title == "A push is a visit"
    score = game.player("green").score
    game = run(settle_pending(game, "orange", Decisions())).result
    assert game.missions[0].completed and game.player("green").score == score + 2
    off = run(advance_rotation(run(advance_rotation(comet_watcher(RULEBOOK.but(push_is_visit=False)))).result)).result
    assert off.pending == ()


@pytest.mark.phase("seti.turn")
def test_a_launch_that_ignores_the_probe_limit_does_so_for_that_launch_only_faq():
    game = launched()  # green has its one probe in space already (the limit is 1)
    owed = replace(game, pending=(("green", "action", "launch ignoring the probe limit"), ("green", "action", "launch")))
    steps = run(settle_pending(owed, "green", Decisions()))
    assert len(steps.result.solar.probes_of("green")) == 2 and steps.result.player("green").credits == 8  # free
    lost = next(s for s in steps if s.title == "No free launch")
    assert lost.data == {"rule": "seti.launch.limit"} and steps.result.pending == ()  # the later launch keeps the limit
