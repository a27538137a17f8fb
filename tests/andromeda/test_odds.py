"""Andromeda battle odds: the public call, the rulebook's caps, energy, roll-offs and the odds phases."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tabletoolkit.andromeda import battle_odds
from tabletoolkit.andromeda.odds import (
    battle_odds_steps,
    energy_table,
    reroll_odds,
    start_player_odds,
    start_player_steps,
    team_roll_off_odds,
)
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.engine import InvalidInput, run
from tabletoolkit.prob import Distribution, Roller


def brute_odds(sides):
    """Joint enumeration of every die (faces aim..6), sorted tuples compared, for small battles."""
    ranges, owners = [], []
    for index, side in enumerate(sides):
        for dice, aim in side:
            ranges += [range(aim, 7)] * dice
            owners += [index] * dice
    wins, tie, total = [0] * len(sides), 0, 0
    for faces in itertools.product(*ranges):
        keys = [tuple(sorted((f for o, f in zip(owners, faces) if o == i), reverse=True)) for i in range(len(sides))]
        best = max(keys)
        total += 1
        if keys.count(best) > 1:
            tie += 1
        else:
            wins[keys.index(best)] += 1
    return tuple(Fraction(w, total) for w in wins), Fraction(tie, total)


@pytest.mark.phase("odds.battle")
def test_the_issue_example_call():
    odds = battle_odds([(6, 3), (5, 2), [(6, 2), (6, 3)]])
    assert len(odds.wins) == 3 and all(isinstance(p, Fraction) for p in odds.wins)
    assert sum(odds.wins) + odds.no_winner == 1
    # Only the 5-die side has a different count from... every side here differs (6, 5, 12 dice): no tie.
    assert odds.no_winner == 0
    assert odds.sides[2] == (Roller(6, 2), Roller(6, 3))
    assert odds.wins[2] > odds.wins[0] > odds.wins[1]


@pytest.mark.phase("odds.battle")
def test_small_battles_with_teams_agree_with_brute_force():
    for sides in ([[(2, 2)], [(1, 1), (1, 4)], [(2, 3)]], [[(1, 5), (2, 1)], [(3, 2)]], [[(2, 1)], [(2, 1)], [(1, 5)]]):
        expected = brute_odds(sides)
        odds = battle_odds([side[0] if len(side) == 1 else side for side in sides])
        assert (odds.wins, odds.no_winner) == expected


def test_one_die_each():
    odds = battle_odds([(1, 1), (1, 1)], names=["yellow", "blue"])
    assert odds.wins == (Fraction(5, 12), Fraction(5, 12)) and odds.no_winner == Fraction(1, 6)
    assert odds.names == ("yellow", "blue")
    assert "yellow (1@1): 5/12" in odds.explanation()


def test_dice_and_aim_above_the_caps_are_capped_and_said_so():
    capped = battle_odds([(9, 7), (5, 2)])
    assert capped.wins == battle_odds([(6, 5), (5, 2)]).wins
    assert capped.notes == (
        "sides[0]: 9 dice capped to 6 (战斗 · 步骤 3 战斗准备: 骰子上限).",
        "sides[0]: aim 7 capped to 5 (战斗 · 瞄准值: it still rerolls only results below 5).",
    )
    assert battle_odds([(6, 5), (5, 2)]).notes == ()


def test_a_designer_can_change_the_caps_and_the_odds_follow():
    roomy = RULEBOOK.but(dice_cap=8, aim_cap=6)
    odds = battle_odds([(8, 6), (6, 1)], variant=roomy)
    assert odds.sides[0] == (Roller(8, 6),)
    assert odds.wins == (1, 0)  # eight sixes beat anything six dice can show
    assert battle_odds([(8, 6), (6, 1)]).wins[0] < 1


def test_team_members_are_capped_one_by_one_and_the_team_at_twelve():
    odds = battle_odds([[(7, 2), (6, 3)], (6, 1)])
    assert odds.sides[0] == (Roller(6, 2), Roller(6, 3))
    assert odds.notes == ("sides[0][0]: 7 dice capped to 6 (战斗 · 步骤 3 战斗准备: 骰子上限).",)
    with pytest.raises(InvalidInput) as raised:
        battle_odds([[(6, 2), (6, 3)], (6, 1)], variant=RULEBOOK.but(team_dice_cap=10))
    assert raised.value.field == "sides[0]"


@pytest.mark.parametrize(
    ("sides", "field"),
    [
        ([], "sides"),
        ([(6, 2)], "sides"),
        ([(-1, 2), (3, 3)], "sides[0].dice"),
        ([(3, 0), (3, 3)], "sides[0].aim"),
        ([(3, 3), [(2, 2), (-2, 1)]], "sides[1][1].dice"),
        ([(3, 3), "6@2"], "sides[1]"),
        ([(3, 3), (1, 2, 3)], "sides[1]"),
        ([(3, 3), [(1, 2), 4]], "sides[1]"),
        ([(3, 3), (2.5, 2)], "sides[1].dice"),
    ],
)
def test_bad_battles_raise_invalid_input_naming_the_input(sides, field):
    with pytest.raises(InvalidInput) as raised:
        battle_odds(sides)
    assert raised.value.field == field


def test_names_must_match_the_sides():
    with pytest.raises(InvalidInput) as raised:
        battle_odds([(1, 1), (1, 1)], names=["only one"])
    assert raised.value.field == "names"


def test_deciding_die_rows_add_up_to_each_win():
    odds = battle_odds([(3, 2), (2, 1), [(1, 4), (1, 1)]])
    for row, win in zip(odds.by_deciding_die, odds.wins):
        assert sum(row) == win
    # With one die each, every win is decided by the first die.
    # 1d6 against a die on 3..6: P(higher) = (1/4)(3+2+1+0)/6 = 1/4 and (1/4)(2+3+4+5)/6 = 7/12.
    assert battle_odds([(1, 1), (1, 3)]).by_deciding_die == ((Fraction(1, 4),), (Fraction(7, 12),))


def test_latex_and_html_show_exact_fractions():
    odds = battle_odds([(1, 1), (1, 1)], names=["yellow", "blue"])
    assert r"\frac{5}{12}" in odds._repr_latex_() and r"\frac{1}{6}" in odds._repr_latex_()
    assert "5/12" in odds._repr_html_()
    assert str(odds.to_sympy()["yellow"]) == "5/12"


# --- energy -----------------------------------------------------------------------------------


@pytest.mark.phase("odds.battle")
def test_energy_table_gives_every_affordable_die():
    table = energy_table([(3, 2), (5, 1)], names=["yellow", "blue"])
    yellow = table.row("yellow")
    assert len(yellow.chances) == 4  # 3 dice + 0..3 energy (cap 6)
    assert yellow.chances == tuple(battle_odds([(3 + e, 2), (5, 1)]).wins[0] for e in range(4))
    assert all(g > 0 for g in yellow.gains)
    assert table.row("blue").chances == tuple(battle_odds([(3, 2), (5 + e, 1)]).wins[1] for e in range(2))
    with pytest.raises(InvalidInput):
        table.row("green")


def test_energy_table_for_teams_has_a_row_per_teammate():
    table = energy_table([[(5, 2), (6, 1)], (4, 3)], names=["team", "pirate"])
    assert [r.name for r in table.rows] == ["team · member 1", "team · member 2", "pirate"]
    first = table.rows[0]
    assert first.chances == (battle_odds([[(5, 2), (6, 1)], (4, 3)]).wins[0], battle_odds([[(6, 2), (6, 1)], (4, 3)]).wins[0])
    assert len(table.rows[1].chances) == 1  # already at the cap


# --- roll-offs ------------------------------------------------------------------------------------


def brute_roll_off(players, dice):
    """One roll: P(clear winner) and P(exactly m tie for first), by enumeration."""
    counts, total = {}, 0
    for faces in itertools.product(range(1, 7), repeat=players * dice):
        keys = [tuple(sorted(faces[i * dice:(i + 1) * dice], reverse=True)) for i in range(players)]
        m = keys.count(max(keys))
        counts[m] = counts.get(m, 0) + 1
        total += 1
    return {m: Fraction(c, total) for m, c in counts.items()}


@pytest.mark.phase("odds.start_player")
@pytest.mark.parametrize("players", [2, 3])
def test_roll_off_with_two_dice_agrees_with_brute_force(players):
    variant = RULEBOOK.but(start_roll_dice=2)
    odds = start_player_odds(players, variant)
    expected = brute_roll_off(players, 2)
    assert odds.decided_first_roll == expected[1]
    assert {m: p for m, p in odds.tie_sizes.items() if p} == expected
    # Markov chain on the number still contending: E[k] = 1 + sum_m P(m tie | k) E[m].
    if players == 2:
        assert odds.expected_rolls == 1 / expected[1]
    else:
        two = brute_roll_off(2, 2)
        e2 = 1 / two[1]
        assert odds.expected_rolls == (1 + expected[2] * e2) / (1 - expected[3])
    assert odds.seats == (Fraction(1, players),) * players


def test_everyone_rolls_again_variant():
    variant = RULEBOOK.but(start_roll_dice=2, start_roll_full_tie="all")
    odds = start_player_odds(3, variant)
    assert odds.expected_rolls == 1 / brute_roll_off(3, 2)[1]


def test_rulebook_roll_off_is_fair_and_first_roll_rarely_ties():
    for players in (2, 3, 4):
        odds = start_player_odds(players)
        assert odds.seats == (Fraction(1, players),) * players
        assert sum(odds.tie_sizes.values()) == 1
        assert sum(odds.by_deciding_die) == odds.decided_first_roll
        assert Fraction(99, 100) < odds.decided_first_roll < 1
    assert start_player_odds(2).decided_first_roll == 1 - battle_odds([(6, 1), (6, 1)]).no_winner


def test_team_roll_off_pools_twelve_dice():
    odds = team_roll_off_odds()
    assert odds.dice == 12 and odds.seats == (Fraction(1, 2), Fraction(1, 2))
    assert odds.decided_first_roll == 1 - battle_odds([[(6, 1), (6, 1)], [(6, 1), (6, 1)]]).no_winner
    assert odds.decided_first_roll > start_player_odds(2).decided_first_roll


def test_roll_off_player_count_is_checked():
    for bad in (1, 5, "3"):
        with pytest.raises(InvalidInput) as raised:
            start_player_odds(bad)
        assert raised.value.field == "players"


# --- the odds phases ---------------------------------------------------------------------------------


@pytest.mark.phase("odds.reroll")
def test_reroll_phase_derives_the_uniform_die():
    steps = run(reroll_odds(3))
    assert steps.result == Distribution.uniform(range(3, 7))
    assert [s.title for s in steps] == ["One roll", "Add up the rolls", "The rerolled die"]
    assert steps[0].data["q"] == Fraction(1, 3)
    capped = run(reroll_odds(8))
    assert capped[0].title == "Cap the aim" and capped.result == Distribution.uniform(range(5, 7))


@pytest.mark.phase("odds.battle")
def test_battle_odds_phase_explains_the_sweep():
    steps = run(battle_odds_steps([(7, 3), [(2, 2), (1, 1)]], names=["yellow", "team"]))
    assert steps[0].title == "Apply the caps"
    assert steps.result == battle_odds([(6, 3), [(2, 2), (1, 1)]], names=["yellow", "team"])
    assert steps[1].data["outcomes"] == 84  # 6 dice on 4 faces: C(9, 3)
    assert steps[-1].data["sum"] == 1


@pytest.mark.phase("odds.start_player")
def test_start_player_phase():
    steps = run(start_player_steps(3))
    assert steps.result == start_player_odds(3)
    assert "starts with probability 1/3 ≈ 33.33%" in steps[-1].text
    odds = start_player_odds(3)
    assert f"Expected rolls: {odds.expected_rolls} ≈ {float(odds.expected_rolls):.4f}." in steps[-1].text
    assert steps[-2].text.endswith(f"{odds.decided_first_roll} ≈ {float(odds.decided_first_roll):.2%}.")
    teams = run(start_player_steps(4, teams=True))
    assert teams.result == team_roll_off_odds()
    with pytest.raises(InvalidInput):
        run(start_player_steps(3, teams=True))


def test_roll_off_renders_as_fractions():
    assert r"P(\text{each starts}) = \frac{1}{2}" in start_player_odds(2)._repr_latex_()
    assert "<td>1/3 ≈ 33.33%</td>" in start_player_odds(3)._repr_html_()         # fraction and percent


def test_every_shown_battle_probability_is_a_fraction_and_a_percent():
    from tabletoolkit.andromeda.odds import energy_table
    odds = battle_odds([(2, 1), (1, 1)])
    assert odds.explanation().splitlines() == ["side 1 (2@1): 161/216 ≈ 74.54%", "side 2 (1@1): 55/216 ≈ 25.46%",
                                               "no winner (a tie for first; everyone loses): 0 (0%)"]
    table = energy_table([(2, 1), (1, 1)])._repr_html_()
    assert "title=" not in table and table.count(" ≈ ") == sum(len(r.chances) for r in energy_table([(2, 1), (1, 1)]).rows)
