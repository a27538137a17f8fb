"""Final scoring (seti.end): the four two-sided gold tiles as 金色计分板块 describes them, end-game
cards, S-R4 (a fourth chooser) and S-R5 (income tile), shared ties."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletoolkit import InvalidInput, run
from tabletoolkit.seti import new_game
from tabletoolkit.seti.milestones import load_gold_tiles
from tabletoolkit.seti.missions import MissionInPlay
from tabletoolkit.seti.scoring import final_scoring, gold_lines, score_game, with_holdings
from tabletoolkit.seti.traces import Mark
from tabletoolkit.seti.variant import RULEBOOK

COLOURS = ("green", "orange", "blue", "purple")
BASE = new_game(COLOURS, seed=1)


def game_with(side: str, marks: dict, players: int = 2, variant=RULEBOOK, **boards):
    """A set-up game, every gold tile on ``side``, tiles marked as ``marks`` says, boards changed."""
    game = new_game(COLOURS[:players], seed=1, variant=variant)
    tiles = tuple(replace(tile, side=side, marks=tuple(marks.get(tile.id, ()))) for tile in load_gold_tiles())
    game = replace(game, gold_tiles=tiles)
    for colour, changes in boards.items():
        game = game.with_player(replace(game.player(colour), **changes))
    return game


def lines(result, colour):
    return {line.source.split(" (")[0]: (line.count, line.each, line.vp) for line in result.lines if line.colour == colour}


def test_the_printed_values_of_the_four_tiles():
    tiles = {tile.id: tile for tile in load_gold_tiles()}
    assert [tiles[i].sides["a"].values for i in ("I", "II", "III", "IV")] == [(11, 8, 5), (4, 3, 2), (11, 8, 5), (8, 6, 4)]
    assert [tiles[i].sides["b"].values for i in ("I", "II", "III", "IV")] == [(7, 5, 3), (8, 6, 4), (5, 4, 3), (8, 6, 4)]


@pytest.mark.phase("seti.end")
def test_five_techs_are_two_pairs_and_one_set_of_three():
    techs = frozenset({"PT1", "PT2", "TT1", "CT1", "CT2"})
    pairs = score_game(game_with("b", {"I": ["green", "orange"]}, green={"techs": techs}, orange={"techs": techs}))
    assert lines(pairs, "green")["gold tile I Techs"] == (2, 7, 14)
    assert lines(pairs, "orange")["gold tile I Techs"] == (2, 5, 10)
    sets = score_game(game_with("a", {"I": ["green"]}, green={"techs": techs}))
    assert lines(sets, "green")["gold tile I Techs"] == (1, 11, 11)  # the type owned fewest: one telescope tech


def test_missions_side_a_counts_completed_missions_side_b_pairs_with_end_game_cards():
    game = game_with("a", {"II": ["green"]})
    done = tuple(MissionInPlay("green", name, "conditional", completed=True) for name in ("m1", "m2", "m3"))
    open_one = (MissionInPlay("green", "m4", "triggered", (True, False)),)
    endgame = tuple(MissionInPlay("green", name, "end-game") for name in ("SHERLOC",))
    game = replace(game, missions=done + open_one)
    assert lines(score_game(game), "green")["gold tile II Missions"] == (3, 4, 12)
    game = replace(game, missions=done + open_one + endgame,
                   gold_tiles=tuple(replace(t, side="b") for t in game.gold_tiles))
    assert lines(score_game(game), "green")["gold tile II Missions"] == (2, 8, 16)  # 3 missions + 1 card = 2 pairs


def test_income_tile_sets_of_three_and_the_most_tucked_type_s_r5():
    tucked = ("credits", "credits", "credits", "energy", "cards", "cards")
    side_a = score_game(game_with("a", {"III": ["orange", "green"]}, green={"tucked": tucked}))
    assert lines(side_a, "green")["gold tile III Income"] == (1, 8, 8)
    side_b = score_game(game_with("b", {"III": ["green"]}, green={"tucked": tucked}))
    assert lines(side_b, "green")["gold tile III Income"] == (3, 5, 15)  # 3 credit tucks beat 1 energy tuck
    loose = score_game(game_with("b", {"III": ["green"]}, variant=RULEBOOK.but(income_tile_most="sum"), green={"tucked": tucked}))
    assert lines(loose, "green")["gold tile III Income"] == (4, 5, 20)


def test_other_tile_trace_sets_count_overflow_and_sector_wins_against_planet_models():
    game = game_with("a", {"IV": ["green"]})
    alien = game.life.slots[0]
    alien = replace(alien, discovery=(Mark("green", "pink"), Mark("green", "yellow"), None),
                    overflow=(Mark("green", "blue"), Mark("green", "pink")))
    game = replace(game, life=game.life.with_slot(0, alien))
    assert lines(score_game(game), "green")["gold tile IV Other"] == (1, 8, 8)
    game = game_with("b", {"IV": ["orange", "green"]}, green={"sector_wins": 3, "orbiters": 1, "landers": 1})
    assert lines(score_game(game), "green")["gold tile IV Other"] == (2, 6, 12)


@pytest.mark.parametrize("rule, fourth", [("lowest", 5), ("nothing", 0)])
def test_a_fourth_chooser_takes_the_lowest_value_s_r4(rule, fourth):
    techs = frozenset({"PT1", "TT1", "CT1"})
    everyone = {colour: {"techs": techs} for colour in COLOURS}
    game = game_with("a", {"I": list(COLOURS)}, players=4, variant=RULEBOOK.but(fourth_gold_chooser=rule), **everyone)
    result = score_game(game)
    assert [lines(result, colour)["gold tile I Techs"][2] for colour in COLOURS] == [11, 8, 5, fourth]


@pytest.mark.phase("seti.end")
def test_end_game_cards_score_and_ties_are_shared():
    game = game_with("a", {}, green={"score": 40, "landers": 3}, orange={"score": 46})
    game = replace(game, missions=(MissionInPlay("green", "SHERLOC", "end-game"),))
    steps = run(final_scoring(game))
    result = steps.result
    assert lines(result, "green")["end-game card SHERLOC"] == (3, 2, 6)
    assert result.totals == {"green": 46, "orange": 46}
    assert result.winners == ("green", "orange")
    assert "share the win" in steps[-1].text
    assert [step.title for step in steps] == ["green: end-game cards", "green: gold tiles", "orange: end-game cards",
                                              "orange: gold tiles", "Winner"]


@pytest.mark.phase("seti.end")
def test_the_highest_total_wins_alone():
    game = game_with("b", {"I": ["orange"]}, green={"score": 50}, orange={"score": 45, "techs": frozenset({"PT1", "TT1"})})
    result = run(final_scoring(game)).result
    assert result.totals == {"green": 50, "orange": 52}
    assert result.winners == ("orange",)


@pytest.mark.phase("seti.end")
def test_a_discovered_species_adds_its_scoring_step_counting_overflow_and_discovery_spaces():
    game = game_with("a", {})
    slot = next(i for i, one in enumerate(game.life.slots) if one.species.final_vp_per_trace)
    alien = game.life.slots[slot]
    alien = replace(alien, discovered=True, board=(None,) * len(alien.species.spaces),
                    discovery=(Mark("green", "pink"), Mark("orange", "yellow"), Mark("neutral", "blue")),
                    overflow=(Mark("green", "blue"), Mark("green", "pink")))
    game = replace(game, life=game.life.with_slot(slot, alien))
    per_trace = alien.species.final_vp_per_trace
    steps = run(final_scoring(game))
    assert lines(steps.result, "green")[f"species {alien.species.name}".split(" (")[0]] == (3, per_trace, 3 * per_trace)
    assert "green: species scoring" in [step.title for step in steps]


@given(techs=st.tuples(*[st.integers(0, 4)] * 3), tucked=st.tuples(*[st.integers(0, 6)] * 3),
       traces=st.tuples(*[st.integers(0, 5)] * 3), missions=st.integers(0, 6), cards=st.integers(0, 3),
       sides=st.tuples(*[st.sampled_from("ab")] * 4), position=st.integers(0, 3))
@settings(max_examples=60, deadline=None)
def test_each_gold_tile_scores_its_value_times_its_sets(techs, tucked, traces, missions, cards, sides, position):
    game = with_holdings(BASE, "green", techs=techs, tucked=tucked, traces=traces, completed_missions=missions,
                         endgame_cards=cards, sector_wins=traces[0], orbiters=tucked[0])
    rivals = ("orange", "blue", "purple")[:position]
    game = replace(game, gold_tiles=tuple(replace(t, side=side, marks=rivals + ("green",))
                                          for t, side in zip(game.gold_tiles, sides)))
    expected = {
        "tech_sets": min(techs), "tech_pairs": sum(techs) // 2, "completed_missions": missions,
        "mission_or_endgame_pairs": (missions + cards) // 2, "income_sets": min(tucked),
        "income_most": max(tucked[:2]), "trace_sets": min(traces), "sectors_and_planets": min(traces[0], tucked[0]),
    }
    for tile, line in zip(game.gold_tiles, gold_lines(game, "green")):
        assert line.count == expected[tile.face.measure]
        assert line.vp == line.count * tile.face.values[min(position, 2)]


def test_bad_gold_tile_files_name_the_entry():
    with pytest.raises(InvalidInput) as bad:
        load_gold_tiles('[[tile]]\nid="I"\nname="Techs"\n[tile.a]\nmeasure="tech_sets"\nvalues=[11, 8, 5]\n'
                        '[tile.b]\nmeasure="tech_triples"\nvalues=[7, 5, 3]\n')
    assert bad.value.field == "tile[0].b.measure"
    with pytest.raises(InvalidInput) as bad:
        load_gold_tiles('[[tile]]\nid="I"\nname="Techs"\n[tile.a]\nmeasure="tech_sets"\nvalues=[]\n')
    assert bad.value.field == "tile[0].a.values"
