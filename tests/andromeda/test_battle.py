"""The battle procedure, steps 2-6, with the rulebook's 战斗举例 as the main fixture."""

from __future__ import annotations

import copy
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest

from tabletoolkit.andromeda import battle_odds
from tabletoolkit.andromeda.battle import (
    BattleSetup,
    BattleState,
    DiplomacyPlay,
    Participant,
    Pirate,
    battle,
    damage,
    diplomacy,
    energy_options,
    load_battle_example,
    parse_battle_example,
    preparation,
    result,
    roll,
)
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.andromeda.state import Ship
from tabletoolkit.engine import IllegalAction, InvalidInput, Rng, run
from tabletoolkit.engine.options import Options

TRANSPORT = Ship("transport", weapons=1)
FIGHTER = Ship("fighter", weapons=2)
CRUISER = Ship("heavy cruiser", weapons=3, shields=1)


def example_state():
    example = load_battle_example()
    return example, BattleState(example.setup)


def refused(procedure_call, state):
    """Run a step that must be refused; return the IllegalAction and check the state is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as raised:
        run(procedure_call())
    assert state == before
    return raised.value


# --- the rulebook example (战斗举例) ----------------------------------------------------------------


@pytest.mark.phase("andromeda.battle.diplomacy")
def test_example_diplomacy_yellow_passes_blue_gains_4_vp():
    example, state = example_state()
    steps = run(diplomacy(state, example.plays))
    assert [s.text.split(".")[0] for s in steps] == ["yellow plays no diplomacy card", "blue plays Hailing Frequencies"]
    assert dict(steps.result.vp) == {"blue": 4}
    assert not steps.result.over


@pytest.mark.phase("andromeda.battle.preparation")
def test_example_preparation_gives_the_texts_dice_and_aims():
    example, state = example_state()
    steps = run(preparation(state, example.energy))
    dice = {c.name: (c.dice, c.aim) for c in steps.result.contenders}
    # 战斗举例 3: yellow 6 dice (1 + 1 + 3 + Obelisk 1), aim 3 (3 ships); blue 3 + 2 energy = 5, aim 2.
    assert dice["yellow"] == (6, 3)
    assert dice["blue"] == (5, 2)
    assert dice["Saucerian Abductor"] == (3, 1)  # invented card values (A-R14); aim 1 as for every non-S pirate
    assert steps[-1].text == "blue pays 2 energy for 2 more dice: 5 dice (energy never adds aim)."


@pytest.mark.phase("andromeda.battle.roll")
def test_example_roll_shows_each_reroll():
    example, state = example_state()
    prepared = run(preparation(state, example.energy)).result
    steps = run(roll(prepared, Rng.forced(example.forced_dice)))
    assert [s.title for s in steps] == ["Everyone rolls", "Reroll round 1", "Reroll round 2", "Final dice"]
    assert steps[1].text == "yellow rerolls [2 1] (below aim 3) and gets [3 1]; blue rerolls [1] (below aim 2) and gets [2]."
    final = steps.result
    assert sorted(final.dice("yellow"), reverse=True) == [6, 4, 4, 3, 3, 3]
    assert sorted(final.dice("blue"), reverse=True) == [6, 5, 3, 2, 2]
    assert all(v >= 3 for v in final.dice("yellow"))


@pytest.mark.phase("andromeda.battle.result")
def test_example_result_yellow_and_blue_tie_then_blue_wins_on_the_second_die():
    example, state = example_state()
    rolled = run(roll(run(preparation(state, example.energy)).result, Rng.forced(example.forced_dice))).result
    steps = run(result(rolled))
    assert steps[0].data == {"yellow": 6, "blue": 6, "Saucerian Abductor": 5}
    assert "yellow and blue tie on 6" in steps[0].text
    assert steps[1].data == {"yellow": 4, "blue": 5}
    verdict = steps.result.verdict
    assert verdict.winner == ("blue",) and verdict.decided_at == 2
    assert verdict.supremacy == ("blue",)
    assert verdict.rewards == (("blue", "the Saucerian Abductor's reward"),)
    assert verdict.tactical_operations == ("yellow",)
    assert verdict.pirate_beaten


@pytest.mark.phase("andromeda.battle.damage")
def test_example_damage_two_transports_scrapped_the_cruisers_shield_holds_the_pirate_goes_home():
    example = load_battle_example()
    final = run(example.run_steps()).result
    assert final.scrapped("yellow") == (TRANSPORT, TRANSPORT)
    assert final.ships("yellow") == (Ship("heavy cruiser", weapons=3, shields=1, damage=1),)
    assert final.ships("blue") == (TRANSPORT, FIGHTER)
    assert final.pirate_figures == () and final.pirate_returned == 1
    assert "invented" not in example.title and example.invented  # the file says what is invented (A-R14)


def test_example_pictures_are_deterministic_svg():
    example = load_battle_example()
    first, second = run(example.run_steps()), run(example.run_steps())
    assert first.final_state._repr_svg_() == second.final_state._repr_svg_()
    assert "scrapyard: transport, transport" in first.final_state._repr_svg_()


# --- diplomacy ------------------------------------------------------------------------------------


def two_player_setup(**pirate):
    return BattleSetup(
        "Vega",
        (Participant("green", (TRANSPORT, FIGHTER), energy=3), Participant("red", (CRUISER,), energy=1)),
        Pirate("Raider", 2, **pirate) if pirate else None,
    )


@pytest.mark.phase("andromeda.battle.diplomacy")
def test_a_card_that_ends_the_battle_stops_everything():
    state = BattleState(two_player_setup())
    steps = run(battle(state.setup, [DiplomacyPlay("green", "Bargain for Safe Passage", ends_battle=True)]))
    assert steps[-1].title == "The battle ends"
    assert steps.result.over and steps.result.verdict is None
    assert refused(lambda: preparation(steps.result), steps.result).rule == "andromeda.battle.over"


@pytest.mark.phase("andromeda.battle.diplomacy")
@pytest.mark.parametrize(
    ("plays", "rule", "variant"),
    [
        ([DiplomacyPlay("green", "A"), DiplomacyPlay("green", "B")], "andromeda.battle.diplomacy.one_card", RULEBOOK),
        ([DiplomacyPlay("green", "A"), DiplomacyPlay("red", "B")], "andromeda.battle.diplomacy.one_per_battle",
         RULEBOOK.but(diplomacy_per_participant=False)),
        ([DiplomacyPlay("purple", "A")], "andromeda.battle.diplomacy.not_participant", RULEBOOK),
        ([DiplomacyPlay("Raider", "A")], "andromeda.battle.diplomacy.pirate", RULEBOOK),
        ([DiplomacyPlay("green", "End", ends_battle=True), DiplomacyPlay("red", "B")],
         "andromeda.battle.diplomacy.battle_over", RULEBOOK),
    ],
)
def test_diplomacy_refusals(plays, rule, variant):
    state = BattleState(two_player_setup(shields=0))
    assert refused(lambda: diplomacy(state, plays, variant), state).rule == rule


def test_one_card_each_is_fine_under_the_rulebook():
    state = BattleState(two_player_setup())
    steps = run(diplomacy(state, [DiplomacyPlay("green", "A"), DiplomacyPlay("red", "B", vp=1)]))
    assert [p.card for p in steps.result.plays] == ["A", "B"]
    assert dict(steps.result.vp) == {"red": 1}


# --- preparation ----------------------------------------------------------------------------------


@pytest.mark.phase("andromeda.battle.preparation")
def test_dice_and_aim_caps():
    big = Participant("green", (Ship("heavy cruiser", weapons=4, aim_bonus=1), FIGHTER, FIGHTER, TRANSPORT, TRANSPORT), developments_nearby=2)
    setup = BattleSetup("Vega", (big, Participant("red", (TRANSPORT,))))
    prepared = run(preparation(BattleState(setup))).result
    green = prepared.contenders[0]
    # 4 + 2 + 2 + 1 + 1 weapons + 2 developments = 12 -> 6; aim 5 ships + 1 bonus = 6 -> 5.
    assert (green.dice, green.aim) == (6, 5)
    assert "capped to 6 dice" in green.explanation and "aim capped to 5" in green.explanation


@pytest.mark.phase("andromeda.battle.preparation")
def test_energy_refusals():
    state = BattleState(two_player_setup())
    assert refused(lambda: preparation(state, {"red": 2}), state).rule == "andromeda.battle.preparation.energy"
    # green (5 energy): 1 + 2 = 3 dice; paying 3 reaches 6, paying 4 would pass the cap.
    rich = BattleState(BattleSetup("Vega", (Participant("green", (TRANSPORT, FIGHTER), energy=5), Participant("red", (CRUISER,)))))
    assert refused(lambda: preparation(rich, {"green": 4}), rich).rule == "andromeda.battle.preparation.dice_cap"
    ok = run(preparation(state, {"green": 3})).result
    assert ok.contenders[0].dice == 6
    with pytest.raises(InvalidInput) as raised:
        run(preparation(state, {"blue": 1}))
    assert raised.value.field == "name"
    with pytest.raises(InvalidInput):
        run(preparation(state, {"green": -1}))


@pytest.mark.phase("andromeda.battle.preparation")
def test_pirate_dice_and_aim():
    plain = run(preparation(BattleState(two_player_setup(aim_bonus=2)))).result.contenders[-1]
    assert (plain.dice, plain.aim) == (2, 3)  # aim 1 + card bonus
    swarm = Pirate("Swarm", 2, s_class=True, figures=(0, 0, 0))
    setup = BattleSetup("Vega", (Participant("green", (TRANSPORT,)),), swarm)
    s = run(preparation(BattleState(setup))).result.contenders[-1]
    assert (s.dice, s.aim) == (6, 3)  # A-R3: 2 weapons x 3 figures, aim = figures
    bigger = BattleSetup("Vega", (Participant("green", (TRANSPORT,)),), Pirate("Swarm", 2, s_class=True, figures=(0,) * 4))
    s4 = run(preparation(BattleState(bigger))).result.contenders[-1]
    assert (s4.dice, s4.aim) == (6, 4)  # 8 dice capped to 6
    once = run(preparation(BattleState(setup), variant=RULEBOOK.but(swarm_dice_per_figure=False))).result.contenders[-1]
    assert (once.dice, once.aim) == (2, 3)


# --- roll -----------------------------------------------------------------------------------------


@pytest.mark.phase("andromeda.battle.roll")
def test_seeded_rolls_repeat_and_every_die_meets_its_aim():
    prepared = run(preparation(BattleState(two_player_setup(aim_bonus=4)))).result
    first = run(roll(prepared, Rng(11))).result
    assert first.rolls == run(roll(prepared, Rng(11))).result.rolls
    for contender in first.contenders:
        assert len(first.dice(contender.name)) == contender.dice
        assert all(v >= contender.aim for v in first.dice(contender.name))


def test_roll_before_preparation_is_refused():
    state = BattleState(two_player_setup())
    assert refused(lambda: roll(state, Rng(0)), state).rule == "andromeda.battle.roll.unprepared"
    assert refused(lambda: result(state), state).rule == "andromeda.battle.result.unrolled"
    assert refused(lambda: damage(state), state).rule == "andromeda.battle.damage.undecided"


# --- result and damage -----------------------------------------------------------------------------


@pytest.mark.phase("andromeda.battle.result")
def test_a_tie_for_first_means_everyone_loses():
    # green 1+2 = 3 dice, red 3 dice, Raider 2 dice: green and red roll the same, the raider lower.
    forced = [6, 5, 4, 6, 5, 4, 3, 3]
    steps = run(battle(two_player_setup(shields=0), rng=Rng.forced(forced)))
    verdict = steps.result.verdict
    assert verdict.winner is None
    assert verdict.losers == ("green", "red", "Raider")
    assert verdict.supremacy == () and verdict.rewards == ()
    assert verdict.tactical_operations == ("green", "red")
    assert verdict.pirate_beaten  # A-R2
    final = steps.result
    assert final.scrapped("green") == (TRANSPORT, FIGHTER)
    assert final.ships("red") == (Ship("heavy cruiser", weapons=3, shields=1, damage=1),)
    assert final.pirate_returned == 1
    spared = run(battle(two_player_setup(shields=0), rng=Rng.forced(forced), variant=RULEBOOK.but(full_tie_beats_pirate=False))).result
    assert not spared.verdict.pirate_beaten and spared.pirate_returned == 0


@pytest.mark.phase("andromeda.battle.damage")
def test_spent_shields_send_the_ship_to_the_scrapyard_and_a_shielded_pirate_stays():
    worn = Ship("heavy cruiser", weapons=3, shields=1, damage=1)
    setup = BattleSetup("Vega", (Participant("red", (worn,)),), Pirate("Sphere", 1, shields=2, figures=(1,)))
    # red rolls 3 dice, the Sphere 1: first the Sphere wins, then red does.
    lost = run(battle(setup, rng=Rng.forced([1, 1, 1, 6]))).result
    assert lost.verdict.winner == ("Sphere",)
    assert lost.scrapped("red") == (worn,) and lost.ships("red") == ()
    won = run(battle(setup, rng=Rng.forced([6, 1, 1, 5]))).result
    assert won.verdict.winner == ("red",)
    assert won.pirate_figures == (2,) and won.pirate_returned == 0  # an undamaged shield absorbs (A-F3)


@pytest.mark.phase("andromeda.battle.damage")
def test_one_figure_of_a_beaten_swarm_is_damaged():
    setup = BattleSetup("Vega", (Participant("red", (CRUISER,)),), Pirate("Swarm", 1, shields=1, s_class=True, figures=(1, 0)))
    rolled = [6, 6, 6, 2, 2]
    after_first = run(battle(setup, rng=Rng.forced(rolled), pirate_figure=0)).result
    assert after_first.pirate_figures == (0,) and after_first.pirate_returned == 1
    after_second = run(battle(setup, rng=Rng.forced(rolled), pirate_figure=1)).result
    assert after_second.pirate_figures == (1, 1) and after_second.pirate_returned == 0
    assert after_first.verdict.rewards == (("red", "the card's reward"),)  # one reward for the swarm
    with pytest.raises(InvalidInput):
        run(battle(setup, rng=Rng.forced(rolled), pirate_figure=2))


# --- 2v2 ------------------------------------------------------------------------------------------


def team_setup():
    return BattleSetup(
        "Vega",
        (
            Participant("green", (TRANSPORT,), team="A", energy=1),
            Participant("red", (TRANSPORT,), team="B"),
            Participant("blue", (FIGHTER,), team="A"),
        ),
        Pirate("Raider", 1),
    )


@pytest.mark.phase("andromeda.battle.result")
def test_teammates_pool_their_dice_and_both_win():
    # green 1 die, red 1, blue 2, Raider 1: team A pools [5] + [4 3], team B [5], the raider [2].
    steps = run(battle(team_setup(), rng=Rng.forced([5, 5, 4, 3, 2])))
    assert steps.result.setup.factions == (("green", "blue"), ("red",), ("Raider",))
    pooled = next(s for s in steps if s.title == "Pool team dice")
    assert "green + blue: [5 4 3]" in pooled.text
    verdict = steps.result.verdict
    assert verdict.winner == ("green", "blue") and verdict.decided_at == 2
    assert verdict.supremacy == ("green", "blue")
    assert verdict.rewards == (("green", "the card's reward"), ("blue", "the card's reward"))  # A-F20


def test_teammates_alone_do_not_fight():
    with pytest.raises(IllegalAction) as raised:
        BattleSetup("Vega", (Participant("green", (TRANSPORT,), team="A"), Participant("blue", (FIGHTER,), team="A")))
    assert raised.value.rule == "andromeda.battle.one_faction"


def test_team_cap_from_the_variant():
    state = BattleState(team_setup())
    variant = RULEBOOK.but(team_dice_cap=3)
    assert refused(lambda: preparation(state, {"green": 1}, variant), state).rule == "andromeda.battle.preparation.team_cap"


# --- set-up and data errors -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: Ship("transport", weapons=-1), "weapons"),
        (lambda: Participant("green", ()), "green.ships"),
        (lambda: Participant("green", (TRANSPORT,), energy=-2), "green.energy"),
        (lambda: Pirate("Raider", 2, figures=(0, 0)), "pirate.figures"),
        (lambda: BattleSetup("Vega", (Participant("a", (TRANSPORT,)), Participant("a", (TRANSPORT,)))), "participants"),
        (lambda: BattleSetup("Vega", (Participant("a", (TRANSPORT,), team="X"), Participant("b", (TRANSPORT,)))), "participants"),
        (lambda: BattleSetup("Vega", (Participant("a", (TRANSPORT,)), Participant("b", (TRANSPORT,))), active="b"), "participants"),
    ],
)
def test_bad_set_ups_name_the_field(make, field):
    with pytest.raises(InvalidInput) as raised:
        make()
    assert raised.value.field == field


def test_bad_data_file_entries_are_named():
    data = {
        "battle": {"title": "t", "section": "s", "region": "Vega"},
        "participant": [{"name": "a", "ship": [{"kind": "transport", "weapons": 1}, {"kind": "fighter", "weapons": -2}]}],
        "roll": {"forced": []},
    }
    with pytest.raises(InvalidInput) as raised:
        parse_battle_example(data, "mine.toml")
    assert raised.value.field == "mine.toml: participant[0].ship[1].weapons"
    with pytest.raises(InvalidInput) as missing:
        parse_battle_example({"participant": []}, "mine.toml")
    assert missing.value.field == "mine.toml: battle"          # the first required table missing


# --- the procedure agrees with the exact odds -----------------------------------------------------


@pytest.mark.phase("andromeda.battle.result")
def test_every_equally_likely_roll_tallied_through_the_procedure_gives_the_exact_odds():
    setup = BattleSetup(
        "Vega",
        (
            Participant("green", (TRANSPORT,), team="A"),
            Participant("red", (TRANSPORT, TRANSPORT), team="B"),  # 2 dice, aim 2
            Participant("blue", (TRANSPORT,), team="A"),
        ),
        Pirate("Raider", 1),
    )
    # Faces at or above each aim are equally likely (the rerolled die is uniform on aim..6), so
    # forcing every such combination once, with no reroll needed, weighs each outcome equally.
    faces = [range(1, 7), range(2, 7), range(2, 7), range(1, 7), range(1, 7)]  # green, red x2, blue, Raider
    tally = {("green", "blue"): 0, ("red",): 0, ("Raider",): 0, None: 0}
    for forced in product(*faces):
        verdict = run(battle(setup, rng=Rng.forced(forced))).result.verdict
        tally[verdict.winner] += 1
    total = sum(tally.values())
    odds = battle_odds([[(1, 1), (1, 1)], (2, 2), (1, 1)])
    assert (Fraction(tally[("green", "blue")], total), Fraction(tally[("red",)], total), Fraction(tally[("Raider",)], total)) == odds.wins
    assert Fraction(tally[None], total) == odds.no_winner


# --- diplomacy effects and A-F14 (a battle ends when one faction or none is left) -----------------


def three_player_setup():
    return BattleSetup(
        "Vega",
        (
            Participant("green", (TRANSPORT, FIGHTER), energy=3),
            Participant("red", (CRUISER,), energy=1),
            Participant("blue", (TRANSPORT,)),
        ),
    )


@pytest.mark.phase("andromeda.battle.diplomacy")
def test_vp_per_opposing_ship_counts_opponents_and_pirate_figures_not_teammates():
    swarm = Pirate("Swarm", 1, s_class=True, figures=(0, 0))
    setup = BattleSetup(
        "Vega",
        (Participant("green", (TRANSPORT,), team="A"), Participant("red", (CRUISER, TRANSPORT), team="B"),
         Participant("blue", (FIGHTER, FIGHTER, TRANSPORT), team="A")),
        swarm,
    )
    steps = run(diplomacy(BattleState(setup), [DiplomacyPlay("green", "Hailing Frequencies", vp_per_opposing_ship=1)]))
    # red's 2 ships and the 2 swarm figures oppose green; blue's 3 ships are a teammate's.
    assert dict(steps.result.vp) == {"green": 4}
    assert "1 VP for each of the 4 opposing ships in Vega. green gains 4 VP." in steps[0].text


@pytest.mark.phase("andromeda.battle.diplomacy")
def test_withdrawing_the_last_opponent_leaves_one_faction_and_ends_the_battle():
    state = BattleState(two_player_setup())
    steps = run(diplomacy(state, [DiplomacyPlay("red", "Safe retreat", withdraw=("heavy cruiser",))]))
    final = steps.result
    assert final.over and final.verdict is None
    assert final.ships("red") == () and dict(final.withdrawn) == {"red": (CRUISER,)}
    assert final.factions == (("green",),)
    assert steps[-1].title == "The battle ends"
    assert steps[-1].text.startswith("Only green is left in Vega, so the battle ends (A-F14)")
    assert refused(lambda: preparation(final), final).rule == "andromeda.battle.over"


@pytest.mark.phase("andromeda.battle.diplomacy")
def test_a_play_after_the_battle_ended_by_a_withdrawal_is_refused_and_nothing_changes():
    state = BattleState(two_player_setup())
    plays = [DiplomacyPlay("green", "Retreat", withdraw=("transport", "fighter")), DiplomacyPlay("red", "Hailing Frequencies", vp=2)]
    error = refused(lambda: diplomacy(state, plays), state)
    assert error.rule == "andromeda.battle.diplomacy.battle_over" and "(A-F14)" in error.section


@pytest.mark.phase("andromeda.battle.diplomacy")
def test_withdrawing_a_ship_one_does_not_have_is_refused():
    state = BattleState(two_player_setup())
    assert refused(lambda: diplomacy(state, [DiplomacyPlay("red", "Retreat", withdraw=("fighter",))]), state).rule == \
        "andromeda.battle.diplomacy.withdraw"
    twice = [DiplomacyPlay("green", "Retreat", withdraw=("fighter", "fighter"))]
    assert refused(lambda: diplomacy(state, twice), state).rule == "andromeda.battle.diplomacy.withdraw"
    with pytest.raises(InvalidInput) as raised:
        DiplomacyPlay("green", "Retreat", withdraw="fighter")
    assert raised.value.field == "play.withdraw"


@pytest.mark.phase("andromeda.battle.preparation")
def test_a_player_who_withdrew_every_ship_leaves_the_battle_which_goes_on():
    plays = [DiplomacyPlay("blue", "Slip away", withdraw=("transport",))]
    # green 1 + 2 = 3 dice at aim 2, red 3 dice at aim 1; blue is gone: no dice, no loss, no damage.
    steps = run(battle(three_player_setup(), plays, rng=Rng.forced([6, 5, 4, 3, 3, 3])))
    final = steps.result
    assert not final.over and final.factions == (("green",), ("red",))
    assert [c.name for c in final.contenders] == ["green", "red"]
    assert "blue has no ship left there and leaves the battle" in steps[2].text
    assert final.verdict.winner == ("green",) and final.verdict.losers == ("red",)
    assert final.scrapped("blue") == () and dict(final.withdrawn) == {"blue": (TRANSPORT,)}
    state = run(diplomacy(BattleState(three_player_setup()), plays)).result
    assert refused(lambda: preparation(state, {"blue": 0}), state).rule == "andromeda.battle.preparation.not_in_battle"


@pytest.mark.phase("andromeda.battle.preparation")
def test_a_partial_withdrawal_lowers_dice_and_aim():
    plays = [DiplomacyPlay("green", "Hold back", withdraw=("fighter",))]
    state = run(diplomacy(BattleState(two_player_setup()), plays)).result
    green = run(preparation(state)).result.contenders[0]
    assert (green.dice, green.aim) == (1, 1)  # the transport alone: 1 weapon, 1 ship


@pytest.mark.phase("andromeda.battle.preparation")
def test_energy_options_list_every_amount_with_the_refusing_rule():
    options = energy_options(BattleState(two_player_setup()))
    assert isinstance(options, Options)
    green = [(o.choice[1], o.label, o.rule if not o.legal else "legal") for o in options if o.group == "green"]
    # green: 3 dice, 3 energy; 3 energy reaches the cap of 6, a 4th is more than green has.
    assert green == [(0, "pay 0 energy: 3 dice", "legal"), (1, "pay 1 energy: 4 dice", "legal"),
                     (2, "pay 2 energy: 5 dice", "legal"), (3, "pay 3 energy: 6 dice", "legal"),
                     (4, "pay 4 energy: 7 dice", "andromeda.battle.preparation.energy")]
    assert ("green", 2) in options and ("green", 4) not in options
    refused = next(o for o in options if o.choice == ("green", 4))
    assert refused.section == "战斗 · 步骤 3 战斗准备" and refused.reason == "green has 3 energy and cannot pay 4."
    rich = BattleState(BattleSetup("Vega", (Participant("green", (TRANSPORT, FIGHTER), energy=5), Participant("red", (CRUISER,)))))
    capped = {o.choice[1]: o.rule for o in energy_options(rich) if o.group == "green"}
    assert capped[3] is None and capped[4] == capped[5] == "andromeda.battle.preparation.dice_cap"
    assert [o.choice[1] for o in energy_options(rich) if o.group == "red"] == [0, 1]


@pytest.mark.phase("andromeda.battle.damage")
def test_the_default_swarm_figure_is_said_and_a_figure_without_a_pirate_is_refused():
    setup = BattleSetup("Vega", (Participant("red", (CRUISER,)),), Pirate("Swarm", 1, s_class=True, figures=(0, 0)))
    steps = run(battle(setup, rng=Rng.forced([6, 6, 6, 2, 2])))
    assert steps[-1].text == ("Swarm: one figure (figure 1 of 2, the first, by default; the text does not say which) "
                              "is damaged and returns to its card (pirates never go to the scrapyard).")
    with pytest.raises(InvalidInput) as raised:
        run(battle(two_player_setup(), pirate_figure=0))
    assert raised.value.field == "pirate_figure"
    with pytest.raises(InvalidInput):
        run(battle(setup, rng=Rng.forced([6, 6, 6, 2, 2]), pirate_figure=True))


def test_battle_classes_are_exported_from_the_wing():
    import tabletoolkit.andromeda as andromeda

    assert andromeda.Ship is Ship and andromeda.BattlePirate is Pirate and andromeda.Participant is Participant
    assert andromeda.energy_options is energy_options


@pytest.mark.phase("andromeda.battle.result")
def test_a_battle_happens_even_when_the_active_player_has_no_ship_left_there():
    # A-F14: purple launched here but has no ship left; green and red still fight.
    setup = BattleSetup("Vega", (Participant("green", (TRANSPORT,)), Participant("red", (TRANSPORT,))), active="purple")
    final = run(battle(setup, rng=Rng.forced([5, 3]))).result
    assert final.verdict.winner == ("green",) and final.verdict.losers == ("red",)


def test_the_picture_shows_withdrawn_ships_and_how_the_battle_ended():
    plays = [DiplomacyPlay("red", "Retreat", withdraw=("heavy cruiser",))]
    picture = run(battle(two_player_setup(), plays)).final_state._repr_svg_()
    assert "withdrawn: heavy cruiser" in picture and "battle ended in step 2 (diplomacy)" in picture


def test_the_picture_escapes_names_and_draws_in_the_shared_palette():
    from tabletoolkit.engine.svg import PALETTE
    setup = BattleSetup('<b>"Vega" & co</b>', (Participant("green", (TRANSPORT,)), Participant("<script>", (CRUISER,))),
                        Pirate("Raider", 2))
    picture = BattleState(setup)._repr_svg_()
    assert "&lt;b&gt;&quot;Vega&quot; &amp; co&lt;/b&gt;" in picture and "&lt;script&gt;" in picture and "<script>" not in picture
    assert f'stroke="{PALETTE["green"]}"' in picture and f'stroke="{PALETTE["muted"]}"' in picture   # an unnamed colour: muted


def test_each_step_happens_once_in_order():
    example = load_battle_example()
    talks = run(diplomacy(BattleState(example.setup), example.plays)).result
    prepared = run(preparation(talks, example.energy)).result
    rolled = run(roll(prepared, Rng.forced(example.forced_dice))).result
    decided = run(result(rolled)).result
    damaged = run(damage(decided)).result
    for later, step in ((talks, lambda s: diplomacy(s)), (prepared, lambda s: preparation(s)), (prepared, lambda s: diplomacy(s)),
                        (rolled, lambda s: roll(s, Rng(1))), (decided, lambda s: result(s)), (damaged, lambda s: damage(s))):
        assert refused(lambda: step(later), later).rule == "andromeda.battle.step_done"
    assert damaged.scrapped("yellow") == (TRANSPORT, TRANSPORT)  # damage applied once


@pytest.mark.phase("andromeda.battle.diplomacy")
def test_a_card_that_lets_any_side_end_the_battle():
    example, state = example_state()
    assert run(diplomacy(state, example.plays))[-1].text.endswith("Any side may now end the battle; nobody does.")
    taken = DiplomacyPlay("blue", "Hailing Frequencies", vp_per_opposing_ship=1, any_side_may_end=True, ended_by="yellow")
    steps = run(battle(example.setup, [taken]))
    assert steps.result.over and dict(steps.result.vp) == {"blue": 4}
    assert steps[-1].text.startswith("yellow takes the offer of Hailing Frequencies (played by blue) and ends the battle")
    outsider = replace(taken, ended_by="Saucerian Abductor")
    assert refused(lambda: diplomacy(state, [outsider]), state).rule == "andromeda.battle.diplomacy.not_participant"
    with pytest.raises(InvalidInput) as raised:
        DiplomacyPlay("blue", "Plain card", ended_by="yellow")
    assert raised.value.field == "play.ended_by"


@pytest.mark.phase("andromeda.battle.preparation")
def test_a_prepared_battle_gives_its_exact_odds():
    example, state = example_state()
    prepared = run(preparation(state, example.energy)).result
    odds = prepared.odds()
    assert odds.names == ("yellow", "blue", "Saucerian Abductor")
    assert odds.wins == battle_odds([(6, 3), (5, 2), (3, 1)]).wins  # the text's dice and aims, the pirate's invented
    teams = run(preparation(BattleState(team_setup()), {"green": 1})).result.odds()
    assert teams.names == ("green + blue", "red", "Raider")
    assert teams.wins == battle_odds([[(2, 1), (2, 1)], (1, 1), (1, 1)]).wins
    with pytest.raises(IllegalAction) as unprepared:
        state.odds()
    assert unprepared.value.rule == "andromeda.battle.roll.unprepared"


def test_a_battle_example_is_read_by_its_name_from_the_data_folder_only():
    assert load_battle_example("battle_example.toml").setup == load_battle_example().setup
    for bad in ("../data/battle_example.toml", "/etc/passwd", "missing.toml", None):
        with pytest.raises(InvalidInput) as refused:       # a path was opened, a missing name a bare FileNotFoundError
            load_battle_example(bad)                       # type: ignore[arg-type]
        assert refused.value.field == "name"
