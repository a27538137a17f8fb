"""Research (seti.tech): 研究科技 and the tech sections; techs granted by a card."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, InvalidInput, run
from tabletoolkit.seti import Decisions, new_game
from tabletoolkit.seti.tech import computer_slots, legal_techs, research
from tabletoolkit.seti.tech_board import load_techs


def fresh(**board):
    game = new_game(("green", "orange"), seed=5)
    return game.with_player(replace(game.player("green"), **board)) if board else game


def test_twelve_techs_four_of_each_type_with_the_bonuses_the_rulebook_gives():
    techs = load_techs()
    assert [t.id for t in techs] == [f"{p}{n}" for p in ("PT", "TT", "CT") for n in range(1, 5)]
    bonuses = {t.id: t.bonus.describe() for t in techs}
    assert bonuses["PT1"] == "action: launch" and bonuses["TT1"] == "2 data"
    assert sum(1 for t in techs if t.bonus_source == "not in the rulebook text") == 10


@pytest.mark.phase("seti.tech")
def test_research_pays_6_publicity_rotates_first_and_the_first_taker_gets_2_vp():
    game = fresh(publicity=7)
    steps = run(research(game, "green", Decisions({"tech": ["TT1"]})))
    assert [s.title for s in steps] == ["Pay 6 publicity", "Rotate the solar system first", "Disc 1 turns",
                                        "Move the rotation marker", "Take TT #01", "The tech's bonus", "Place the tile"]
    green = steps.result.player("green")
    assert (green.publicity, green.score, green.data, green.techs) == (1, 1 + 2, 2, frozenset({"TT1"}))
    assert steps.result.rotations == 1 and steps[1].data["disc"] == 1 and steps.result.solar.next_disc == 2
    orange = replace(steps.result, active=1).with_player(replace(steps.result.player("orange"), publicity=6))
    second = run(research(orange, "orange", Decisions({"tech": ["TT1"]}))).result.player("orange")
    assert second.score == 2 and second.techs == frozenset({"TT1"})  # no 2-point tile left


@pytest.mark.phase("seti.tech")
def test_the_launch_bonus_of_pt1_waits_for_the_launch_phase():
    result = run(research(fresh(publicity=6), "green", Decisions({"tech": ["PT1"]}))).result
    assert result.pending == (("green", "action", "launch"),)


def test_refusals_leave_the_state_unchanged():
    game = fresh(publicity=5)
    with pytest.raises(IllegalAction) as refused:
        run(research(game, "green"))
    assert refused.value.rule == "seti.tech.publicity" and game.player("green").publicity == 5
    game = fresh(publicity=8, techs=frozenset({"CT2"}))
    with pytest.raises(IllegalAction) as refused:
        run(research(game, "green", Decisions({"tech": ["CT2"]})))
    assert refused.value.rule == "seti.tech.owned"
    with pytest.raises(InvalidInput):
        run(research(game, "green", Decisions({"tech": ["XX9"]})))


@pytest.mark.phase("seti.tech")
def test_a_card_grant_is_free_limited_to_its_type_and_still_rotates_when_all_four_are_owned():
    game = fresh(publicity=0)
    options = {o.choice: o for o in legal_techs(game, "green", "computer")}
    assert options["PT1"].rule == "seti.tech.wrong_type" and options["CT3"].legal
    result = run(research(game, "green", Decisions({"tech": ["CT3"]}), granted_kind="computer")).result
    assert result.player("green").techs == frozenset({"CT3"}) and result.player("green").publicity == 0
    owner = fresh(techs=frozenset({"CT1", "CT2", "CT3", "CT4"}))
    steps = run(research(owner, "green", granted_kind="computer"))
    assert steps.result.rotations == 1 and steps.result.player("green").techs == owner.player("green").techs
    assert steps[-1].title == "Nothing to take"


@pytest.mark.phase("seti.tech")
def test_a_computer_tech_goes_in_a_free_computer_slot():
    game = fresh(publicity=12)
    first = run(research(game, "green", Decisions({"tech": ["CT1"]}))).result
    slots = {o.choice: o for o in computer_slots(first, "green", "CT2")}
    taken = [position for position, option in slots.items() if not option.legal]
    assert len(taken) == 1 and slots[taken[0]].rule == "seti.data.slot_taken"
    with pytest.raises(IllegalAction) as refused:
        run(research(first, "green", Decisions({"tech": ["CT2"], "computer_slot": taken})))
    assert refused.value.rule == "seti.data.slot_taken" and first.player("green").publicity == 6


def test_research_without_a_solar_system_moves_the_marker_only():
    game = replace(fresh(publicity=6), solar=None)
    steps = run(research(game, "green", Decisions({"tech": ["PT2"]})))
    assert steps[2].title == "Disc 1 turns" and "only the rotation marker" in steps[2].text


def test_bad_tech_files_name_the_entry():
    with pytest.raises(InvalidInput) as bad:
        load_techs('[[tech]]\nid="XT1"\nkind="laser"\nname="XT #01"\nability="a"\nbonus_source="b"\n')
    assert bad.value.field == "tech[0].kind"
    with pytest.raises(InvalidInput) as bad:
        load_techs('[[tech]]\nid="PT1"\nkind="probe"\nname="PT #01"\nability="a"\nbonus_source="b"\nbonus={ gold = 1 }\n')
    assert bad.value.field == "tech[0].bonus.gold"


def test_the_tech_board_draws_its_twelve_stacks_and_the_two_point_tiles_still_on_top():
    from tabletoolkit.seti.tech_board import TechBoard

    board = TechBoard.fresh()
    svg = board._repr_svg_()
    assert all(f">{stack.tech.name}<" in svg for stack in board.stacks) and len(board.stacks) == 12
    assert svg.count("first taker +2 VP") == 12 and board.taken("PT1")._repr_svg_().count("first taker +2 VP") == 11
    assert "3 tiles left" in board.taken("PT1")._repr_svg_() and 'font-size="15"' in svg
