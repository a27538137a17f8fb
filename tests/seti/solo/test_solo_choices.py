"""The rival's choice rules on small constructed positions (单人游戏 · 对手的行动, RULINGS S-F1/2/8/9/22, S-R2/8)."""

import pytest

from tabletoolkit.engine import InvalidInput
from tabletoolkit.seti.solo import (
    PlanetSpaces,
    RouteOption,
    SectorOption,
    TechOffer,
    TraceColumn,
    choose_gold_tile,
    choose_landing,
    choose_planet,
    choose_route,
    choose_row_card,
    choose_sector,
    choose_tech,
    choose_trace,
    rival_tech_rewards,
)
from tabletoolkit.seti.solo.choices import sector_option, track_techs
from tabletoolkit.seti.solo.table import flip_discovered, mark_trace, trace_columns, trace_places
from tabletoolkit.seti.variant import RULEBOOK

TRACK = ("", "PT1", "", "TT1", "", "CT1", "", "PT2")


def offers(**two_point):
    """Every tech of the small track with tiles left; the keyword says whether its 2-point tile is there."""
    return {tech: TechOffer(tech, 3, two_point.get(tech, False)) for tech in ("PT1", "TT1", "CT1", "PT2")}


def test_track_order_starts_at_the_marker_and_wraps():
    assert track_techs(TRACK, 4) == ("CT1", "PT2", "PT1", "TT1")


def test_preferred_tech_with_its_two_point_tile_is_taken():
    choice = choose_tech(TRACK, 1, offers(PT1=True, TT1=True), held=())
    assert choice.value == "PT1"
    assert "preferred tech PT1, which still has its 2-point tile" in choice.reason


def test_next_tech_with_a_two_point_tile_when_the_preferred_has_none():
    choice = choose_tech(TRACK, 1, offers(CT1=True), held=())
    assert choice.value == "CT1"
    assert "PT1 has no 2-point tile; TT1 has no 2-point tile; next on the track with a 2-point tile → CT1" in choice.reason


def test_held_techs_and_empty_stacks_are_skipped():
    stacks = offers(PT1=True, TT1=True, CT1=True)
    stacks["TT1"] = TechOffer("TT1", 0, True)
    choice = choose_tech(TRACK, 0, stacks, held=("PT1",))
    assert choice.value == "CT1"
    assert "PT1 is held; TT1's stack is empty" in choice.reason


def test_no_two_point_tile_left_takes_the_first_available_from_the_marker():
    choice = choose_tech(TRACK, 4, offers(), held=("CT1",))
    assert choice.value == "PT2"
    assert choice.reason.startswith("No tech has its 2-point tile left")


def test_no_tech_at_all_is_impossible():
    choice = choose_tech(TRACK, 0, offers(), held=("PT1", "TT1", "CT1", "PT2"))
    assert not choice.possible


def test_rival_takes_the_two_point_tile_never_the_launch_or_data_reward():
    offer = TechOffer("TT1", 4, True, {"data": 2, "publicity": 1})
    assert rival_tech_rewards(offer) == {"publicity": 1, "vp": 2}
    assert rival_tech_rewards(TechOffer("PT1", 4, False, {"launch": 1})) == {}


def test_route_most_publicity_within_the_allowance_even_if_longer():
    short = RouteOption(("Earth", "a", "Mars"), 2, 0)
    long = RouteOption(("Earth", "b", "c", "Mars"), 3, 1)
    too_long = RouteOption(("Earth", "x", "y", "z", "Mars"), 4, 3)
    choice = choose_route([short, long, too_long], 3, "left")
    assert choice.value is long


def test_equal_publicity_routes_fewest_moves_then_the_arrow():
    a = RouteOption(("Earth", "a", "Mars"), 2, 1)
    b = RouteOption(("Earth", "b", "Mars"), 2, 1)
    c = RouteOption(("Earth", "c", "d", "Mars"), 3, 1)
    assert choose_route([a, b, c], 3, "left").value is a
    assert choose_route([a, b, c], 3, "right").value is b


def test_planet_order_first_reachable_with_asteroid_penalty_counted():
    routes = {
        "Saturn": [RouteOption(("Earth",) + ("s",) * 4 + ("Saturn",), 5, 0)],
        "Mars": [RouteOption(("Earth", "asteroid", "Mars"), 3, 0)],  # 2 spaces + 1 to leave the asteroid
        "Jupiter": [RouteOption(("Earth", "j", "Jupiter"), 2, 0)],
    }
    choice = choose_planet(["Saturn", "Mars", "Jupiter"], lambda p: routes.get(p, []), 3, "left")
    assert choice.value[0] == "Mars"
    assert choice.reason.startswith("Saturn: not reachable in 3 moves (the cheapest route needs 5 moves); Mars:")
    assert not choose_planet(["Saturn", "Venus"], lambda p: routes.get(p, []), 3, "left").possible


def test_moon_first_when_it_can_discard_a_probe_tech_arrow_among_moons():
    jupiter = PlanetSpaces("Jupiter", True, True, (("Io", True), ("Europa", False), ("Ganymede", True)))
    assert choose_landing(jupiter, ("PT2",), "orbit", "left").value == ("moon", "Io", "PT2")
    assert choose_landing(jupiter, ("PT2",), "orbit", "right").value == ("moon", "Ganymede", "PT2")


def test_without_a_probe_tech_the_first_free_space_then_the_card_preference():
    both = PlanetSpaces("Mars", True, True, (("Phobos", True),))
    neither = PlanetSpaces("Mars", False, False)
    only_land = PlanetSpaces("Mars", False, True)
    assert choose_landing(both, (), "orbit", "left").value == ("orbit",)
    assert "holds no probe tech; both first spaces are free" in choose_landing(both, (), "orbit", "left").reason
    assert choose_landing(neither, (), "land", "left").value == ("land",)
    assert choose_landing(only_land, (), "orbit", "left").value == ("land",)


def test_sector_choice_rulebook_example_no_win_no_score_most_marked():
    """单人游戏 · 望远镜 示例 on a constructed layout (S-R2): the rival (white) marks a signal that may go
    to two sectors; neither can be won, neither scores a second slot, so the most-marked sector."""
    procyon = sector_option("Procyon", ["green", "white", "green"], 5, "white")
    sirius = sector_option("Sirius A", ["white", "green", "white"], 5, "white")
    assert (procyon.wins, sirius.wins, procyon.scores_second_slot, sirius.scores_second_slot) == (False,) * 4
    choice = choose_sector([procyon, sirius], "left")
    assert choice.value.name == "Sirius A"
    assert choice.reason == ("The signal may go to Procyon or Sirius A: 1. no win; 2. no second slot to score; "
                             "3. most rival markers (Procyon 1, Sirius A 2) → Sirius A.")


def test_sector_win_beats_a_second_slot_and_ties_go_to_the_larger_sector():
    win = sector_option("Vega", ["green", "white", "green"], 4, "white")  # white's 2nd marker ties 2-2, placed later
    second = sector_option("Kepler", ["green"], 5, "white")
    assert win.wins and second.scores_second_slot
    assert choose_sector([second, win], "left").value.name == "Vega"
    small = SectorOption("Small", 4, 0, False, True)
    large = SectorOption("Large", 6, 0, False, True)
    choice = choose_sector([small, large], "left")
    assert choice.value.name == "Large"
    assert "tie → the larger sector (Small 4, Large 6)" in choice.reason


def test_sector_last_tie_by_arrow_or_first_listed():
    a, b = SectorOption("A", 5, 1, False, False), SectorOption("B", 5, 1, False, False)
    assert choose_sector([a, b], "right").value.name == "B"
    assert choose_sector([a, b], "right", RULEBOOK.but(solo_sector_last_tie="first listed")).value.name == "A"


def test_a_lost_completion_is_no_win():
    lost = sector_option("Altair", ["green", "green", "green"], 4, "white")
    assert not lost.wins


def test_card_row_signal_by_the_decision_arrow():
    assert choose_row_card(["red", "blue", "yellow"], "left").value == 0
    assert choose_row_card(["red", "blue", "yellow"], "right").value == 2


COLUMNS = (
    TraceColumn("species 1", "pink", (True, False)),
    TraceColumn("species 1", "yellow", (False, False)),
    TraceColumn("species 1", "blue", (True, True)),
    TraceColumn("species 2", "pink", (False,)),
    TraceColumn("species 2", "yellow", (True, True)),
    TraceColumn("species 2", "blue", (True, True)),
)


def test_trace_goes_to_the_lowest_empty_space_of_its_colour():
    choice = choose_trace(COLUMNS, "pink", "left")
    assert choice.value == (3, 0)
    assert choice.reason == "Lowest empty space among the pink columns → species 2 pink, space 1 from the bottom."


def test_wildcard_trace_considers_every_column_and_the_arrow_breaks_ties():
    assert choose_trace(COLUMNS, "any", "left").value == (1, 0)
    assert choose_trace(COLUMNS, "any", "right").value == (3, 0)


def test_overflow_only_when_every_space_of_the_colour_is_full():
    choice = choose_trace(COLUMNS, "blue", "right")
    assert choice.value == (5, "overflow")
    assert choice.reason.startswith("Every space in the blue columns is full")
    with pytest.raises(InvalidInput):
        choose_trace(COLUMNS, "green", "left")


def test_gold_milestone_first_spaces_only_arrow_between_tiles():
    assert choose_gold_tile([("tech", False), ("missions", True), ("income", True)], "right").value == "income"
    assert choose_gold_tile([("tech", False), ("missions", True), ("income", True)], "left").value == "missions"
    assert not choose_gold_tile([("tech", False), ("missions", False)], "left").possible


def test_a_discovered_species_board_extends_the_columns_above_the_discovery_space():
    from dataclasses import replace as swap

    from tabletoolkit.engine import Rng
    from tabletoolkit.seti.solo import setup_table

    from tabletoolkit.seti.life_board import NEUTRAL, Mark

    table = setup_table(Rng(0))
    full = tuple(swap(alien, discovery=tuple(Mark(NEUTRAL, colour) for colour in ("pink", "yellow", "blue")))
                 for alien in table.life.slots)
    table, found = flip_discovered(swap(table, life=swap(table.life, slots=full)))
    assert found == [(0, (NEUTRAL,) * 3), (1, (NEUTRAL,) * 3)] and all(alien.discovered for alien in table.life.slots)
    columns = trace_columns(table)
    species = table.life.slots[0].species
    pink_spaces = [space for space in species.spaces if "pink" in space.colours]
    assert columns[0].spaces == (True,) + (False,) * len(pink_spaces)
    choice = choose_trace(columns, "pink", "left")
    assert choice.value == (0, 1)  # the lowest empty space: species 1's first pink board space
    table, rewards, text = mark_trace(table, "white", *choice.value)
    assert trace_columns(table)[0].spaces[1] is True
    assert text.startswith(f"a pink trace on species 1 ({species.name})'s board")
    assert table.life.slots[0].board[0] == Mark("white", "pink")


def test_the_solo_trace_spaces_are_the_multiplayer_ones_and_read_the_variant():
    """A discovery space and an overflow give the variant's VP and publicity (seti.traces.spot_reward), and an
    overflow is refused while a space is free when the variant says overflow only when full."""
    from dataclasses import replace as swap

    from tabletoolkit.engine import IllegalAction, Rng
    from tabletoolkit.seti.solo import setup_table
    from tabletoolkit.seti.variant import RULEBOOK

    strict = swap(RULEBOOK, discovery_space_vp=4, overflow_vp=2, overflow_anytime=False)
    table = swap(setup_table(Rng(0)), variant=strict)
    assert [space for column, space, _ in trace_places(table, "pink")] == [0, 0]  # no overflow while one is free
    marked, rewards, text = mark_trace(table, "green", 0, 0)
    assert rewards == [("publicity", 1), ("vp", 4)] and text.endswith("discovery space (1 publicity, 4 VP)")
    with pytest.raises(IllegalAction) as refused:
        mark_trace(marked, "white", 0, 0)
    assert refused.value.rule == "seti.traces.occupied"
    loose = swap(marked, variant=swap(strict, overflow_anytime=True))
    assert mark_trace(loose, "white", 0, "overflow")[1] == [("vp", 2)]
