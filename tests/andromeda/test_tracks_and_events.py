"""Progress tracks (进度轨道), the event track (事件轨道) and the nebula-peek odds."""

from dataclasses import replace
from fractions import Fraction
from math import comb

import pytest

from tabletoolkit.andromeda.catalog import load_catalog
from tabletoolkit.andromeda.effects import advance_event
from tabletoolkit.andromeda.events import event_peek, resolve_event
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.state import Game, Player, Region, StationModule, core_station, fleet
from tabletoolkit.andromeda.effects import track_vp
from tabletoolkit.andromeda.tracks import advance_track
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.engine import IllegalAction, InvalidInput, Rng, run

CATALOG = load_catalog()
TOKEN_A, TOKEN_B = Goods.of(vp=2), Goods.of(energy=3)


def game(**tracks) -> Game:
    players = tuple(Player(c, ships=fleet(c), modules=core_station(), tracks=Goods.of(**tracks),
                           upgrade_tiles=("transport", "fighter", "science_vessel", "heavy_cruiser", "faction:fighter"))
                    for c in ("red", "blue"))
    return Game(players, regions=(Region("Nebula 1", "nebula", die=1), Region("Nebula 2", "nebula", die=2), Region("Slot A", "slot")),
                active="red", exploration_stacks=((4, (TOKEN_A, TOKEN_B)),), supremacy_spaces=((4, Goods.of(vp=3)),),
                tactics_deck=("Assume Command", "Automation", "Dark Alliance", "Costly Mistake", "Hailing Frequencies") * 2,
                event_deck=("Call of the Obelisk", "Sample: Trade Winds"), planet_stack=("Glacia",),
                moon_supply=(("city", tuple(CATALOG.moons["city"][:4])),))


@pytest.mark.phase("andromeda.tracks")
def test_science_exploration_stack_gives_the_token_chosen():
    result = run(advance_track(game(science=3), "red", "science", exploration_pick=1))
    assert result.final_state.player("red").exploration == (TOKEN_B,)
    assert dict(result.final_state.exploration_stacks)[4] == (TOKEN_A,)


@pytest.mark.phase("andromeda.tracks")
def test_supremacy_token_for_the_first_then_2_vp():
    first = run(advance_track(game(supremacy=3), "red", "supremacy")).result
    assert first.player("red").supremacy_tokens == (Goods.of(vp=3),)
    second = run(advance_track(first, "blue", "supremacy")).result
    assert second.player("blue").vp == 2 and second.player("blue").supremacy_tokens == ()


@pytest.mark.phase("andromeda.tracks")
def test_industry_upgrade_builds_the_free_ship_only_if_unbuilt_and_wanted():
    upgraded = run(advance_track(game(industry=3), "red", "industry", upgrade="fighter", free_ship=True)).result
    red = upgraded.player("red")
    assert red.upgrades == ("fighter",) and red.ship("fighter").where == "bay"
    declined = run(advance_track(game(industry=3), "red", "industry", upgrade="fighter", free_ship=False)).result
    assert declined.player("red").ship("fighter").where == "supply"
    again = replace(upgraded, players=tuple(replace(p, tracks=Goods.of(industry=7)) for p in upgraded.players))
    with pytest.raises(IllegalAction) as refused:                     # each type upgrades once, whichever tile
        run(advance_track(again, "red", "industry", upgrade="faction:fighter", free_ship=False))
    assert refused.value.rule == "andromeda.ships.upgrade_taken"
    with pytest.raises(IllegalAction) as refused:
        run(advance_track(again, "red", "industry", upgrade="fighter", free_ship=False))
    assert refused.value.rule == "andromeda.ships.no_tile"
    with pytest.raises(InvalidInput) as unsaid:                         # the free ship is asked for, never assumed
        run(advance_track(game(industry=3), "red", "industry", upgrade="fighter"))
    assert unsaid.value.field == "free_ship"
    faction = run(advance_track(game(industry=3), "red", "industry", upgrade="faction:fighter", free_ship=True)).result
    assert faction.player("red").upgrades == ("fighter",) and "fighter" in faction.player("red").upgrade_tiles


@pytest.mark.phase("andromeda.ships")
def test_once_every_type_is_upgraded_upgrades_do_nothing():
    from tabletoolkit.andromeda.ships import apply_upgrade

    done = game()
    done = done.with_player(replace(done.player("red"), upgrades=("transport", "fighter", "science_vessel", "heavy_cruiser")))
    after, text = apply_upgrade(done, "red", None, True)
    assert after == done and "does nothing" in text


@pytest.mark.phase("andromeda.tracks")
def test_civilization_hand_limit_draws_up_to_it_at_once():
    start = game(civilization=3)
    start = start.with_player(replace(start.player("red"), tactics=("Automation",)))
    result = run(advance_track(start, "red", "civilization", draw_to_limit=True)).result
    assert len(result.player("red").tactics) == 6
    declined = run(advance_track(start, "red", "civilization", draw_to_limit=False)).result
    assert declined.player("red").tactics == ("Automation",)


@pytest.mark.phase("andromeda.tracks")
def test_event_space_moves_the_event_marker_and_steps_past_the_top_are_lost():
    result = run(advance_track(game(science=1), "red", "science")).result
    assert result.event_position == 1
    top = CATALOG.track("science").top
    at_top = run(advance_track(game(science=top), "red", "science", 2))
    assert at_top.result == game(science=top) and at_top.steps[-1].data == {"lost": 2}
    near = run(advance_track(game(science=top - 1), "red", "science", 3))
    assert near.result.player("red").track("science") == top and near.steps[-1].data == {"lost": 2}


def test_text_track_values_are_the_alternative():
    top = CATALOG.track("industry").top
    assert track_vp("industry", top) == 20
    assert track_vp("industry", top, variant=RULEBOOK.but(track_vp="text")) == 12
    assert track_vp("industry", top - 4, variant=RULEBOOK.but(track_vp="text")) == 7


@pytest.mark.phase("andromeda.event")
def test_end_of_the_event_track_reveals_a_planet_and_pends_an_event():
    start = replace(game(), event_position=CATALOG.event_track_length - 1)
    after = run(advance_event(start, 1)).result
    assert after.region("Slot A").planet == "Glacia" and len(after.region("Slot A").moons) == 3
    assert after.event_pending == "red"
    ignored = run(advance_event(after, 1)).result            # A-R8: ignored while pending
    assert ignored == after


@pytest.mark.phase("andromeda.event")
def test_event_card_scores_minus_damaged_modules_not_below_zero_then_resets():
    start = replace(game(supremacy=8), event_pending="red", event_position=CATALOG.event_track_length)
    blue = start.player("blue")
    start = start.with_player(replace(blue, tracks=Goods.of(supremacy=1),
                                      modules=blue.modules + (StationModule("Salvage Rig", damage=1), StationModule("Machine Shop", damage=1))))
    result = run(resolve_event(start, Rng.forced([2])))
    after = result.final_state
    assert after.player("red").vp == track_vp("supremacy", 8)       # Call of the Obelisk scores supremacy
    assert after.player("blue").vp == 0                               # 1 − 2 damaged, not below 0
    assert ("B", "Nebula 2") in after.pirates
    assert all(len(p.tactics) == 1 for p in after.players)           # each draws 1 tactics card
    assert after.event_pending is None and after.event_position == CATALOG.event_track_start[2]
    assert after.event_discard == ("Call of the Obelisk",)


@pytest.mark.phase("andromeda.event")
def test_call_of_the_obelisk_lets_each_player_recruit_one_leader_from_any_region():
    start = replace(game(), event_pending="red", event_position=CATALOG.event_track_length)
    start = start.with_region(replace(start.region("Nebula 1"), leaders=Goods.of(blue=2)))   # no blue ship there
    after = run(resolve_event(start, Rng.forced([2]), recruits={"blue": "Nebula 1"})).final_state
    assert after.player("blue").leaders == start.player("blue").leaders + 1
    assert after.region("Nebula 1").leaders == Goods.of(blue=1)
    assert after.player("red").leaders == start.player("red").leaders                    # red chose not to
    with pytest.raises(IllegalAction) as refused:
        run(resolve_event(start, Rng.forced([2]), recruits={"red": "Nebula 1"}))
    assert refused.value.rule == "andromeda.event.no_leader"
    other_card = replace(start, event_deck=("Sample: Trade Winds",))
    with pytest.raises(InvalidInput):                                # that card lets nobody recruit (A-F19)
        run(resolve_event(other_card, Rng.forced([2]), recruits={"blue": "Nebula 1"}))
    assert start == replace(game(), event_pending="red", event_position=CATALOG.event_track_length).with_region(
        replace(game().region("Nebula 1"), leaders=Goods.of(blue=2)))


@pytest.mark.phase("andromeda.event")
def test_no_event_without_the_marker():
    with pytest.raises(IllegalAction) as refused:
        run(resolve_event(game(), Rng(0)))
    assert refused.value.rule == "andromeda.event.not_pending"


@pytest.mark.phase("odds.event_peek")
def test_peek_odds_are_exact():
    deck = [card.name for card in CATALOG.events]                     # 10 cards: 2 science, 2 industry, ...
    result = run(event_peek(deck, ["supremacy", "science", "industry", "commerce", "civilization"])).result
    # two of ten score supremacy: P(at least one in the two looked at) = 1 − C(8,2)/C(10,2) = 17/45
    assert result["at_least_one"]["supremacy"] == 1 - Fraction(comb(8, 2), comb(10, 2)) == Fraction(17, 45)
    assert result["after"]["supremacy"] == Fraction(17, 45)
    assert result["before"]["supremacy"] == Fraction(2, 10)
    # the least wanted track comes up only when both cards score it: C(2,2)/C(10,2)
    assert result["after"]["civilization"] == Fraction(1, 45)
    assert sum(p for _, p in result["after"].items()) == 1


@pytest.mark.phase("odds.event_peek")
def test_peek_by_pirate_class_and_bad_input():
    deck = [card.name for card in CATALOG.events]
    result = run(event_peek(deck, ["S", "A", "B", "C", "D"], attribute="pirate")).result
    assert result["after"]["S"] == Fraction(17, 45)
    from tabletoolkit.engine import InvalidInput
    with pytest.raises(InvalidInput):
        run(event_peek(deck[:1], ["S"], attribute="pirate"))


@pytest.mark.phase("andromeda.event")
def test_carried_variant_keeps_advances_made_while_pending():
    carried = RULEBOOK.but(event_advance_while_pending="carried")
    start = replace(game(), event_position=CATALOG.event_track_length - 1)
    pending = run(advance_event(start, 1, variant=carried)).result
    pending = run(advance_event(pending, 2, variant=carried)).result
    assert pending.event_carried == 2
    after = run(resolve_event(pending, Rng.forced([2]), variant=carried)).result
    assert after.event_position == CATALOG.event_track_start[2] + 2 and after.event_carried == 0


@pytest.mark.phase("odds.event_peek")
def test_peek_after_a_card_went_to_the_bottom():
    from tabletoolkit.andromeda.events import unseen_event_cards

    deck = replace(game(), event_deck=tuple(card.name for card in CATALOG.events))
    bottom = "Call of the Obelisk"                                   # the only other supremacy card is War Drums
    unseen = unseen_event_cards(deck, known=(bottom,))
    assert len(unseen) == 9
    result = run(event_peek(unseen, ["supremacy", "science", "industry", "commerce", "civilization"])).result
    assert result["after"]["supremacy"] == 1 - Fraction(comb(8, 2), comb(9, 2)) == Fraction(2, 9)


@pytest.mark.phase("andromeda.tracks")
def test_a_choice_for_another_tracks_spaces_is_refused():
    from tabletoolkit.engine import InvalidInput

    with pytest.raises(InvalidInput) as refused:
        run(advance_track(game(), "red", "science", upgrade="fighter"))
    assert refused.value.field == "upgrade"
    with pytest.raises(InvalidInput):
        run(advance_track(game(), "red", "industry", exploration_pick=1))


@pytest.mark.phase("andromeda.tracks")
def test_a_track_step_onto_a_space_with_a_choice_stops_there_rather_than_choose():
    # The upgrade tile, the free ship, the exploration token and drawing to a raised limit are the player's:
    # a step reaching one without the choice stops there and is owed (it took the first tile and built the
    # free ship, token 0, and drew, before).
    owed = run(advance_track(game(industry=2), "red", "industry", 3)).result
    assert owed.player("red").track("industry") == 3 and owed.owed_track_steps == (("red", "industry", 2),)   # 4 is an upgrade space
    assert owed.player("red").upgrades == () and owed.player("red").ship("fighter").where == "supply"
    science = CATALOG.track("science").exploration[0]
    looked = run(advance_track(game(science=science - 1), "red", "science")).result
    assert looked.player("red").exploration == () and looked.owed_track_steps == (("red", "science", 1),)
    civilization = next(space for space, _ in CATALOG.track("civilization").hand_limits)
    drawn = run(advance_track(game(civilization=civilization - 1), "red", "civilization")).result
    assert drawn.player("red").tactics == () and drawn.owed_track_steps == (("red", "civilization", 1),)
    chosen = run(advance_track(owed, "red", "industry", 2, upgrade="fighter", free_ship=False)).result      # the owed step, taken
    assert chosen.player("red").track("industry") == 5 and chosen.player("red").upgrades == ("fighter",)
    assert chosen.player("red").ship("fighter").where == "supply" and chosen.owed_track_steps == ()


@pytest.mark.phase("andromeda.event")
def test_an_event_with_the_event_deck_empty_follows_the_variant():
    """The rulebook is silent on the 10-card event deck running out: the variant says what happens."""
    pending = replace(game(), event_pending="red", event_position=CATALOG.event_track_length, event_deck=(),
                      event_discard=("Call of the Obelisk",), event_carried=1)
    with pytest.raises(IllegalAction) as refused:
        run(resolve_event(pending, Rng(0)))
    assert refused.value.rule == "andromeda.event.deck_empty", "the rulebook default reshuffles before an event can find it empty"
    done = run(resolve_event(pending, Rng(0), variant=RULEBOOK.but(empty_event_deck="no_card")))
    after = done.final_state
    assert after.event_pending is None and after.event_carried == 0
    assert after.event_position == CATALOG.event_track_start[2] + 1, "a kept advance still moves the marker on"
    assert [p.vp for p in after.players] == [p.vp for p in pending.players], "no card scores"
    assert [s.title for s in done.steps] == ["No event card left"]
