"""Free actions (自由行动): who may act when, tactics timing, tokens, leaders, bonus, hand limit."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.examples import launch_example
from tabletoolkit.andromeda.effects import end_of_turn_hand
from tabletoolkit.andromeda.free_actions import free_action, tactics_verdict
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.state import Moon
from tabletoolkit.engine import IllegalAction, run

pytestmark = pytest.mark.phase("andromeda.free_actions")


def refusal(procedure):
    with pytest.raises(IllegalAction) as refused:
        run(procedure)
    return refused.value.rule


def test_only_moons_and_tactics_on_another_players_turn():
    game = launch_example()
    assert refusal(free_action(game, "blue", "recruit", region="Glacia")) == "andromeda.free_actions.not_your_turn"
    assert game == launch_example()


#: 自由行动 · 战术卡类型, read kind by kind: 1 = may be played at that moment.
#:            own_turn other_turn battle diplomacy event return
TIMING = {
    "action":     (1, 1, 0, 0, 0, 1),   # at its stated time, some on others' turns, never in a battle
    "event":      (1, 0, 0, 0, 0, 1),   # on your turn (a return turn is yours too)
    "persistent": (1, 0, 0, 0, 0, 1),   # on your turn; stays in play until you return
    "diplomacy":  (0, 0, 0, 1, 0, 0),   # only in the diplomacy step of a battle you take part in
    "battle":     (0, 0, 1, 1, 0, 0),   # during a battle
}


def test_tactics_kinds_and_their_moments():
    moments = ("own_turn", "other_turn", "battle", "diplomacy", "event", "return")
    for kind, row in TIMING.items():
        for moment, allowed in zip(moments, row):
            verdict = tactics_verdict(kind, moment)
            if allowed:
                assert verdict == "legal", (kind, moment)
            else:
                rule = "during_event" if moment == "event" else "tactics_timing"      # A-F19: nothing during an event
                assert verdict.startswith(f"andromeda.free_actions.{rule}: "), (kind, moment)


def test_event_card_advances_the_marker_and_persistent_stays_in_play():
    game = launch_example()
    after = run(free_action(game, "red", "play_tactics", card="Automation")).result
    assert after.event_position == 1 and after.tactics_discard == ("Automation",)
    red = game.player("red")
    game = game.with_player(replace(red, tactics=("Dampion Acceleration",)))
    after = run(free_action(game, "red", "play_tactics", card="Dampion Acceleration")).result
    assert after.player("red").persistent == ("Dampion Acceleration",)
    assert refusal(free_action(game, "red", "play_tactics", card="Automation")) == "andromeda.free_actions.no_card"


def test_tokens_leaders_and_bonus():
    game = launch_example()
    red = game.player("red")
    game = game.with_player(replace(red, exploration=(Goods.of(vp=2),), supremacy_tokens=(Goods.of(energy=2),)))
    game = game.with_region(replace(game.region("Glacia"), leaders=Goods.of(red=2, blue=1), bonus=Goods.of(ice=2)))
    after = run(free_action(game, "red", "spend_exploration", index=0)).result
    assert after.player("red").vp == 2 and after.player("red").exploration == ()
    after = run(free_action(after, "red", "spend_supremacy", index=0)).result
    assert after.player("red").resources["energy"] == 4
    after = run(free_action(after, "red", "recruit", region="Glacia", count=2)).result
    assert after.player("red").leaders == 3 and after.region("Glacia").leaders == Goods.of(blue=1)
    assert refusal(free_action(after, "red", "recruit", region="Glacia", count=1)) == "andromeda.free_actions.no_leader"
    after = run(free_action(after, "red", "collect_bonus", region="Glacia")).result
    assert after.player("red").resources["ice"] == 2
    assert refusal(free_action(after, "red", "collect_bonus", region="Nebula 3")) == "andromeda.free_actions.no_bonus"


def test_moons_insert_any_time_discard_own_turn():
    game = launch_example()
    blue = game.player("blue")
    game = game.with_player(replace(blue, moons=(Moon(Goods.of(titanium=2)),)))
    inserted = run(free_action(game, "blue", "insert_moon", index=0, target="tactical_ops")).result
    assert inserted.player("blue").tactical_ops == Moon(Goods.of(titanium=2))
    assert refusal(free_action(game, "blue", "discard_moon", index=0)) == "andromeda.free_actions.not_your_turn"


def test_hand_limit_at_the_end_of_the_turn():
    game = launch_example()
    red = game.player("red")
    game = game.with_player(replace(red, tactics=("Automation",) * 7))
    with pytest.raises(IllegalAction) as refused:
        end_of_turn_hand(game, "red", ("Automation",))
    assert refused.value.rule == "andromeda.free_actions.hand_limit"
    assert len(end_of_turn_hand(game, "red", ("Automation",) * 2).player("red").tactics) == 5


def test_faction_power_once_per_turn_and_its_end_vp():
    from tabletoolkit.andromeda.examples import scoring_example
    from tabletoolkit.andromeda.scoring import end_turn, score_player

    game = launch_example()
    game = game.with_player(replace(game.player("red"), faction="Plutonian Empire"))   # sample power: 1 energy a turn
    used = run(free_action(game, "red", "faction_power")).result
    assert used.player("red").resources["energy"] == game.player("red").resources["energy"] + 1
    assert refusal(free_action(used, "red", "faction_power")) == "andromeda.free_actions.power_used"
    next_turn = run(end_turn(used)).result
    assert not next_turn.player("red").power_used
    assert refusal(free_action(game, "blue", "faction_power", moment="own_turn")) == "andromeda.free_actions.not_your_turn"
    ended = scoring_example()
    ended = ended.with_player(replace(ended.player("yellow"), faction="Sample: Iron Reach"))   # sample: 2 VP per development
    other = next(line for line in score_player(ended, "yellow").lines if line.step == "7 other")
    assert other.delta == 2 * 3


def test_end_of_turn_discards_resources_over_the_caps():
    from tabletoolkit.andromeda.catalog import load_catalog
    from tabletoolkit.andromeda.scoring import end_turn

    caps = load_catalog().resource_caps                      # sample numbers (A-R13): 8 of each kind
    game = launch_example()
    red = game.player("red")
    game = game.with_player(replace(red, resources=Goods.of(energy=caps["energy"] + 3, titanium=caps["titanium"], credit=2)))
    ended = run(end_turn(game))
    assert ended.result.player("red").resources == Goods.of(energy=caps["energy"], titanium=caps["titanium"], credit=2)
    assert ended.steps[0].data["resources discarded"] == Goods.of(energy=3)
    assert ended.result.active == "blue"


def test_end_of_turn_refuses_a_hand_over_the_limit_without_the_discards():
    from tabletoolkit.andromeda.scoring import end_turn

    game = launch_example()
    game = game.with_player(replace(game.player("red"), tactics=("Automation",) * 6))
    kept = game
    assert refusal(end_turn(game)) == "andromeda.free_actions.hand_limit"
    assert game == kept
    ended = run(end_turn(game, hand_discards=("Automation",))).result
    assert len(ended.player("red").tactics) == 5 and ended.tactics_discard[-1] == "Automation"


def test_details_an_action_does_not_take_are_refused_not_ignored():
    from tabletoolkit.engine import InvalidInput

    game = launch_example()
    with pytest.raises(InvalidInput) as refused:
        run(free_action(game, "red", "play_tactics", card="Automation", count=2))
    assert refused.value.field == "details" and refused.value.value == ["count"]
    assert game == launch_example()
