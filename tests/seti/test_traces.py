"""Life traces (seti.traces) and discovery (seti.discovery): 标记生命痕迹, 溢出区域, 发现外星物种,
深入研究; S-F15, S-F17; the sample species data."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, InvalidInput, run
from tabletoolkit.seti import Decisions, new_game
from tabletoolkit.seti.species import load_species
from tabletoolkit.seti.traces import NEUTRAL, Mark, Spot, legal_spots, mark_trace, place_neutral, place_trace, resolve_discoveries
from tabletoolkit.seti.variant import RULEBOOK


def fresh(players=2, variant=RULEBOOK):
    return new_game(("green", "orange", "blue")[:players], seed=4, variant=variant)


@pytest.mark.phase("seti.traces")
def test_a_discovery_space_gives_1_publicity_and_5_vp():
    game = fresh()
    before = game.player("green")
    steps = run(place_trace(game, "green", "yellow", Decisions({"trace_spot": [Spot(1, "discovery", 1)]})))
    after = steps.result.player("green")
    assert (after.publicity - before.publicity, after.score - before.score) == (1, 5)
    assert steps.result.life.slots[1].discovery == (None, Mark("green", "yellow"), None)


@pytest.mark.phase("seti.traces")
def test_overflow_gives_3_vp_even_while_a_space_is_free_s_f15():
    game = fresh()
    result = run(place_trace(game, "green", "pink", Decisions({"trace_spot": [Spot(0, "overflow", 0)]}))).result
    assert result.player("green").score - game.player("green").score == 3
    assert result.life.slots[0].overflow == (Mark("green", "pink"),)
    strict = fresh(variant=RULEBOOK.but(overflow_anytime=False))
    with pytest.raises(IllegalAction) as refused:
        mark_trace(strict, "green", "pink", Spot(0, "overflow", 0))
    assert refused.value.rule == "seti.traces.overflow_not_yet"


def test_the_wildcard_marks_any_colour_a_coloured_trace_only_its_own():
    game = fresh()
    wild = {str(o.choice) for o in legal_spots(game, "any") if o.legal}
    assert wild == {f"{s} {area} {c}" for s in "AB" for area in ("discovery", "overflow") for c in ("pink", "yellow", "blue")}
    blue = {str(o.choice) for o in legal_spots(game, "blue") if o.legal}
    assert blue == {"A discovery blue", "A overflow blue", "B discovery blue", "B overflow blue"}
    with pytest.raises(IllegalAction) as refused:
        mark_trace(game, "green", "blue", Spot(0, "discovery", 0))
    assert refused.value.rule == "seti.traces.colour"


def test_an_occupied_space_is_refused_and_the_state_is_unchanged():
    game, _ = mark_trace(fresh(), "orange", "pink", Spot(0, "discovery", 0))
    before = game
    with pytest.raises(IllegalAction) as refused:
        mark_trace(game, "green", "pink", Spot(0, "discovery", 0))
    assert refused.value.rule == "seti.traces.occupied" and game == before


def test_neutral_markers_go_to_the_leftmost_empty_discovery_space_only():
    game, _ = mark_trace(fresh(), "orange", "pink", Spot(0, "discovery", 0))
    game, spot = place_neutral(game)
    assert spot == Spot(0, "discovery", 1)
    game, spot = place_neutral(game)
    game, spot = place_neutral(game)
    assert spot == Spot(1, "discovery", 0)
    assert game.life.slots[0].overflow == () and game.life.slots[0].board == ()


@pytest.mark.phase("seti.discovery")
def test_a_species_is_discovered_when_its_three_spaces_are_full_and_the_markers_are_rewarded():
    game = fresh()
    game, _ = mark_trace(game, "green", "pink", Spot(0, "discovery", 0))
    game, _ = mark_trace(game, "orange", "yellow", Spot(0, "discovery", 1))
    game, _ = place_neutral(game)
    species = game.life.slots[0].species
    before = {colour: game.player(colour).score for colour in ("green", "orange")}
    steps = run(resolve_discoveries(game))
    result = steps.result
    assert result.life.slots[0].discovered and not result.life.slots[1].discovered
    for colour in ("green", "orange"):
        assert result.player(colour).score - before[colour] == species.discovery_reward.vp
    assert steps[0].title == "Flip species A" and "sample data, invented" in steps[0].text
    assert steps[3].title == "blue space: neutral"


@pytest.mark.phase("seti.discovery")
def test_no_discovery_without_three_markers():
    steps = run(resolve_discoveries(fresh()))
    assert [s.title for s in steps] == ["No discovery"]


@pytest.mark.phase("seti.traces")
def test_after_discovery_the_species_board_takes_traces_for_its_rewards():
    game = fresh()
    spot = Spot(0, "species", 0)
    with pytest.raises(IllegalAction) as refused:
        mark_trace(game, "green", "pink", spot)
    assert refused.value.rule == "seti.traces.hidden"
    alien = replace(game.life.slots[0], discovery=(Mark(NEUTRAL, c) for c in ("pink", "yellow", "blue")))
    alien = replace(alien, discovery=tuple(alien.discovery))
    game = run(resolve_discoveries(replace(game, life=game.life.with_slot(0, alien)))).result
    space = game.life.slots[0].species.spaces[0]
    colour = space.colours[0]
    result, _ = mark_trace(game, "green", colour, spot)
    assert result.player("green").score - game.player("green").score == space.reward.vp
    assert result.life.traces("green")[colour] == 1


def test_species_files_are_checked():
    assert all(one.sample for one in load_species())
    with pytest.raises(InvalidInput) as bad:
        load_species('[[species]]\nid="x"\nname="X"\nrules="r"\nspaces=[{colour="green"}]\n'
                     '[[species]]\nid="y"\nname="Y"\nrules="r"\n')
    assert bad.value.field == "species[0].spaces[0].colour"
    with pytest.raises(InvalidInput):
        load_species('[[species]]\nid="x"\nname="X"\nrules="r"\n')


@pytest.mark.phase("seti.discovery")
def test_a_species_gives_alien_cards_from_its_own_deck_which_are_not_hand_cards():
    game = fresh()
    slot = next(n for n, alien in enumerate(game.life.slots) if alien.species.id == "sample-b")
    assert game.life.slots[slot].deck == ("XB1", "XB2", "XB3") and "XB1" not in game.deck
    game, _ = mark_trace(game, "green", "pink", Spot(slot, "discovery", 0))
    game, _ = mark_trace(game, "orange", "yellow", Spot(slot, "discovery", 1))
    game, _ = mark_trace(game, "green", "blue", Spot(slot, "discovery", 2))
    hands = {colour: game.player(colour).hand for colour in ("green", "orange")}
    steps = run(resolve_discoveries(game))
    result = steps.result
    assert result.player("green").alien_cards == ("XB1", "XB3") and result.player("orange").alien_cards == ("XB2",)
    assert {colour: result.player(colour).hand for colour in hands} == hands and result.life.slots[slot].deck == ()
    assert result.card("XB3").undiscardable and result.card("XB1").alien
    assert "alien card(s) XB1" in steps[1].text and result.pending == ()
