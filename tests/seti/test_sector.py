"""Sectors: marking signals, completing, winner and second place, reset (扇形区域 and its examples)."""

import pytest

from tabletoolkit import IllegalAction, InvalidInput, run
from tabletoolkit.seti import Sector, resolve_sector
from tabletoolkit.seti.sector import Reward, Sky, explain_resolution, load_sectors, mark_signals, standings
from tabletoolkit.seti.variant import RULEBOOK

EXAMPLE = ["green", "green", "purple", "purple", "orange", "orange"]


def marked(sector, players):
    gains = []
    for player in players:
        sector, gained = sector.mark(player)
        gains.append(gained)
    return sector, gains


def test_mark_signal_example_replaces_data_left_to_right():
    # 标记信号 photo: green, green, purple, blue, blue in Barnard's Star's five slots, "2" under the second.
    sector, gains = marked(Sector(star="Barnard's Star", slots=5), ["green", "green", "purple", "blue", "blue"])
    assert sector.slot_contents == ("green", "green", "purple", "blue", "blue")
    assert [g.data for g in gains] == [1, 1, 1, 1, 1]
    assert [g.vp for g in gains] == [0, 2, 0, 0, 0]
    assert [g.slot for g in gains] == [1, 2, 3, 4, 5]
    assert [g.completed for g in gains] == [False, False, False, False, True]
    assert sector.complete and sector.data_left == 0


def test_complete_sector_example_the_later_marker_breaks_the_tie():
    # 完成扇区: everyone has 2 markers; orange wins because orange marked last; everyone gains 1 publicity.
    sector, gains = marked(Sector(star="Barnard's Star", slots=5), EXAMPLE)
    assert sector.complete
    assert gains[-1].data == 0 and gains[-1].overflow  # orange's last marker gave no data
    result = resolve_sector(sector)
    assert result.winner == "orange"
    assert result.second == "purple"
    assert result.publicity == {"green": 1, "purple": 1, "orange": 1}
    assert result.first_win


def test_reset_sector_example_second_place_keeps_the_first_slot():
    # 重置扇区: purple (second) stays in the first slot, the rest return, data refill; orange's marker at the star.
    sector, _ = marked(Sector(star="Barnard's Star", slots=5), EXAMPLE)
    result = resolve_sector(sector)
    reset = result.sector
    assert reset.slot_contents == ("purple", None, None, None, None)
    assert reset.carried and reset.data_left == 4 and not reset.complete
    assert reset.winners == ("orange",)
    assert result.returned == {"green": 2, "purple": 1, "orange": 2}
    # The photo after the reset: purple, then blue four times, the "2" under the second slot (blue's first).
    again, gains = marked(reset, ["blue"] * 4)
    assert again.slot_contents == ("purple", "blue", "blue", "blue", "blue")
    assert [g.vp for g in gains] == [2, 0, 0, 0]
    second_round = resolve_sector(again)
    assert (second_round.winner, second_round.second) == ("blue", "purple")
    assert not second_round.first_win
    assert second_round.sector.winners == ("orange", "blue")


def test_first_and_later_winners_take_different_rewards():
    sector = Sector(star="Vega", slots=2, first_reward=Reward(vp=3, traces=("pink",)), later_reward=Reward(vp=1))
    first = resolve_sector(marked(sector, ["red", "red"])[0])
    assert first.reward == Reward(vp=3, traces=("pink",))
    later = resolve_sector(marked(first.sector, ["red", "blue"])[0])
    assert later.reward == Reward(vp=1) and not later.first_win


def test_three_players_tied_the_latest_latest_marker_wins_and_is_then_second():
    sector, _ = marked(Sector(star="Vega", slots=6), ["red", "blue", "white", "white", "blue", "red"])
    result = resolve_sector(sector)
    assert [(s.player, s.count, s.latest) for s in result.standings] == [("red", 2, 5), ("blue", 2, 4), ("white", 2, 3)]
    assert (result.winner, result.second) == ("red", "blue")


def test_a_sector_filled_by_one_player_has_no_second_place():
    sector, _ = marked(Sector(star="Vega", slots=4), ["green"] * 4)
    result = resolve_sector(sector)
    assert result.winner == "green" and result.second is None
    assert result.publicity == {"green": 1}
    assert result.sector.slot_contents == (None, None, None, None) and not result.sector.carried
    assert result.returned == {"green": 4}


def test_overflow_markers_count_for_the_win():
    sector, gains = marked(Sector(star="Vega", slots=2), ["green", "green", "purple", "purple", "purple"])
    assert sector.overflow == ("purple", "purple", "purple")
    assert [g.data for g in gains] == [1, 1, 0, 0, 0]
    result = resolve_sector(sector)
    assert (result.winner, result.second) == ("purple", "green")


def test_carried_second_place_marker_counts_as_placed_earliest():
    # S-R6: purple's carried marker (slot 1) and green's one marker tie; green's is later, so green wins.
    sector = Sector(star="Vega", slots=2, markers=("purple",), carried=True)
    sector, _ = marked(sector, ["green"])
    result = resolve_sector(sector)
    assert (result.winner, result.second) == ("green", "purple")
    assert result.publicity == {"purple": 1, "green": 1}


def test_the_alternative_reading_ignores_the_carried_marker():
    variant = RULEBOOK.but(carried_second_counts=False)
    sector, _ = marked(Sector(star="Vega", slots=2, markers=("purple",), carried=True), ["green"])
    result = resolve_sector(sector, variant)
    assert (result.winner, result.second) == ("green", None)
    assert result.publicity == {"green": 1}


def test_win_markers_at_the_star_never_count():
    sector = Sector(star="Vega", slots=2, winners=("orange", "orange"))
    sector, _ = marked(sector, ["green", "green"])
    assert [s.player for s in standings(sector)] == ["green"]


def test_resolving_an_incomplete_sector_is_refused_and_changes_nothing():
    sector, _ = marked(Sector(star="Vega", slots=3), ["green"])
    before = sector
    with pytest.raises(IllegalAction) as refused:
        resolve_sector(sector)
    assert refused.value.rule == "seti.sector.not_complete"
    assert sector == before and sector.markers == ("green",)


@pytest.mark.parametrize(
    "kwargs, field",
    [({"star": "", "slots": 5}, "star"), ({"star": "Vega", "slots": 0}, "slots"), ({"star": "Vega", "slots": True}, "slots"),
     ({"star": "Vega", "slots": 3, "markers": ("green", "")}, "markers"), ({"star": "Vega", "slots": 3, "carried": True}, "carried")],
)
def test_bad_sectors_are_invalid_input(kwargs, field):
    with pytest.raises(InvalidInput) as bad:
        Sector(**kwargs)
    assert bad.value.field == field


@pytest.mark.parametrize("player", ["", "  ", 3, None])
def test_marking_for_no_player_is_invalid_input(player):
    with pytest.raises(InvalidInput) as bad:
        Sector(star="Vega", slots=3).mark(player)
    assert bad.value.field == "player"


@pytest.mark.phase("seti.sector")
def test_the_phase_marks_then_resolves_one_rule_per_step():
    steps = run(mark_signals(Sector(star="Barnard's Star", slots=5), EXAMPLE))
    titles = [step.title for step in steps]
    assert titles == [f"{p} marks a signal" for p in EXAMPLE] + [
        "Count the markers", "The winner", "Publicity for every contributor", "The star's reward", "Second place",
        "Reset the sector",
    ]
    assert "2 VP for the second slot" not in steps[0].text and "scoring 2 VP for the second slot" in steps[1].text
    assert "overflow" in steps[5].text
    assert "orange in position 6" in steps[7].text and "so orange wins" in steps[7].text
    assert "so purple is second" in steps[10].text
    assert steps.result.resolution.winner == "orange"
    assert steps.result.sector.slot_contents == ("purple", None, None, None, None)
    assert [g.data for g in steps.result.gains] == [1, 1, 1, 1, 1, 0]


@pytest.mark.phase("seti.sector")
def test_the_phase_without_completion_only_marks():
    steps = run(mark_signals(Sector(star="Vega", slots=3), ["green"]))
    assert len(steps) == 1 and steps.result.resolution is None


def test_the_resolution_cites_the_rulebook_sections():
    sector, _ = marked(Sector(star="Barnard's Star", slots=5), EXAMPLE)
    sections = [step.section for step in run(explain_resolution(sector))]
    assert sections == ["扇形区域 · 完成扇区"] * 4 + ["扇形区域 · 重置扇区"] * 2


def test_the_sample_sky_has_eight_sectors_two_per_colour():
    sky = Sky.sample()
    assert len(sky.sectors) == 8
    barnard = sky.sector(1)
    assert barnard.star == "Barnard's Star" and barnard.slots == 5
    assert sky.neighbours(1) == (8, 2) and sky.neighbours(8) == (7, 1)
    for colour in {s.colour for s in sky.sectors}:
        assert len(sky.of_colour(colour)) == 2


def test_bad_sector_files_name_the_entry_at_fault():
    good = '[[sector]]\nnumber = 1\nstar = "A"\ncolour = "red"\nslots = 3\n'
    other = '[[sector]]\nnumber = 2\nstar = "B"\ncolour = "red"\nslots = 4\n'
    assert [s.star for s in load_sectors(good + other)] == ["A", "B"]
    with pytest.raises(InvalidInput) as bad:
        load_sectors(good + other.replace("slots = 4", "slots = 0"))
    assert bad.value.field == "sector[1].slots"
    with pytest.raises(InvalidInput) as bad:
        load_sectors(good + other.replace('"red"', '"blue"'))
    assert bad.value.field == "sector.colour"
    with pytest.raises(InvalidInput) as bad:
        load_sectors(good + other + "first_reward = { vp = 2, gold = 1 }\n")
    assert bad.value.field == "sector[1].first_reward.gold"
    with pytest.raises(InvalidInput) as bad:
        load_sectors(good + other.replace("number = 2", "number = 3"))
    assert bad.value.field == "sector.number"


def test_the_sector_picture_is_deterministic_and_shows_every_marker():
    sector, _ = marked(Sector(star="Barnard's Star", slots=5), EXAMPLE)
    svg = sector._repr_svg_()
    assert svg == sector._repr_svg_()
    assert svg.count("<circle") == 6 and "complete" in svg and "Barnard&#39;s Star" in svg
    assert "first winner" not in svg  # a sector without rewards draws none
    sample = Sky.sample().sector(1)._repr_svg_()
    assert "first winner: 3 VP, a pink life trace · later: 1 VP" in sample


def test_the_complete_sector_example_on_the_sample_board_gives_orange_the_species_trace():
    # 完成扇区: orange marks the space with the alien-species icon, so orange also marks a trace for a species.
    sector, _ = marked(Sky.sample().sector(1), EXAMPLE)
    result = resolve_sector(sector)
    assert result.winner == "orange" and result.reward.traces == ("pink",)
    assert "a pink life trace" in result.reward.describe()


def test_one_reward_type_for_sectors_cards_and_the_computer_and_what_it_leaves_owed():
    from tabletoolkit.seti import rewards
    from tabletoolkit.seti.sector import Owed

    assert Reward is rewards.Reward and isinstance(Sky.sample().sector(1).first_reward, rewards.Reward)
    owed = Owed.of(rewards.Reward(vp=3, cards=1, random_cards=1, traces=("pink",), actions=("move", "move", "launch")))
    assert owed.pending == ("2 cards", "2 moves", "launch a probe", "a pink life trace")
    assert owed.items("green") == (("green", "cards", "2"), ("green", "action", "move"), ("green", "action", "move"),
                                   ("green", "action", "launch"), ("green", "trace", "pink"))
    assert not Owed.of(rewards.Reward(vp=3, publicity=1))
    tuck = Owed.of(rewards.Reward(tuck=1))
    assert tuck.pending == ("tuck a card for income",) and tuck.items("green") == (("green", "tuck", "income"),)
