"""The rulings a whole game needs, each a variant flag with its alternative (RULINGS S-R7, S-R10 … S-R13),
and a reward's card taken from the row or the deck (从卡牌行或牌组顶部)."""

from dataclasses import replace

import pytest

from tabletoolkit import run
from tabletoolkit.seti import Decisions, new_game, take_turn
from tabletoolkit.seti.main_actions import mark_signal
from tabletoolkit.seti.milestones import resolve_milestones
from tabletoolkit.seti.rewards import Reward
from tabletoolkit.seti.turns import DECK, Pass, end_turn, settle_pending
from tabletoolkit.seti.variant import RULEBOOK

COLOURS = ("green", "orange")


def one_short(game, number, colour="orange"):
    """``game`` with sector ``number`` one signal short of complete (its other slots held by ``colour``)."""
    sector = game.sectors.sector(number)
    while sector.slots - len(sector.markers) > 1:
        sector, _ = sector.mark(colour, game.variant)
    return replace(game, sectors=game.sectors.with_sector(sector))


@pytest.mark.phase("seti.sector")
def test_sectors_an_effect_completes_resolve_after_the_action_in_the_order_chosen_s_r7():
    game = one_short(one_short(new_game(COLOURS, seed=4), 1), 2)
    for number in (1, 2):
        game = run(mark_signal(game, "green", number, "Card signal", "a test", "打出卡牌")).result
    assert [item for item in game.pending if item[1] == "sector"] == [("green", "sector", "1"), ("green", "sector", "2")]
    assert game.sectors.sector(1).complete and game.sectors.sector(2).complete  # not resolved yet
    decisions = Decisions({"resolve_sector": [2]})
    steps = run(settle_pending(game, "green", decisions))
    assert decisions.asked[0] == ("resolve_sector", 2)
    assert not [item for item in steps.result.pending if item[1] == "sector"]
    assert not steps.result.sectors.sector(1).complete and not steps.result.sectors.sector(2).complete
    at_once = replace(one_short(new_game(COLOURS, seed=4, variant=replace(RULEBOOK, card_sector_resolution="at once")), 1))
    after = run(mark_signal(at_once, "green", 1, "Card signal", "a test", "打出卡牌")).result
    assert not after.sectors.sector(1).complete and not [i for i in after.pending if i[1] == "sector"]


@pytest.mark.phase("seti.milestones")
def test_a_gold_tile_must_be_marked_the_variant_makes_it_optional_s_r12():
    game = new_game(COLOURS, seed=2)
    game = game.with_player(replace(game.player("green"), milestone_score=22, score=25))
    decisions = Decisions()
    run(resolve_milestones(game, decisions))
    assert decisions.asked[0][1] is not None  # the first legal tile: marking is compulsory
    optional = replace(game, variant=replace(RULEBOOK, gold_tile_optional=True))
    steps = run(resolve_milestones(optional, Decisions({"gold_tile": [None]})))
    assert all(tile.marks == () for tile in steps.result.gold_tiles)


@pytest.mark.phase("seti.pass")
def test_the_left_over_end_of_round_card_is_discarded_s_r13():
    ends = {}
    for leftover in ("discard", "out of the game"):
        game = new_game(COLOURS, seed=3, variant=replace(RULEBOOK, end_of_round_leftover=leftover))
        game = run(take_turn(game, Pass())).result
        stack = game.end_of_round[0]
        steps = run(take_turn(game, Pass()))  # the second passer takes the first card left: the other is left over
        ends[leftover] = (steps.result, stack[1], steps)
    kept, card, steps = ends["discard"]
    gone, _, _ = ends["out of the game"]
    assert kept.round == 2 and kept.end_of_round[0] == () and gone.end_of_round[0] == ()
    assert kept.discard == gone.discard + (card,)
    assert any(step.title == "The left-over end-of-round card" and step.data["cards"] == (card,) for step in steps)


@pytest.mark.phase("seti.turn")
def test_a_rewards_card_comes_from_the_row_or_the_deck_as_the_player_chooses():
    game = new_game(COLOURS, seed=4)
    game, _ = game.grant("green", Reward(cards=2))
    assert game.owed("green", "cards") == (("green", "cards", "1"), ("green", "cards", "1"))
    row, deck = game.card_row[1], game.deck[1]  # the row refills from the deck top first
    decisions = Decisions({"card_source": [1, DECK]})
    after = run(settle_pending(game, "green", decisions)).result
    assert after.player("green").hand[-2:] == (row, deck)
    assert after.card_row[1] != row and not after.owed("green", "cards")


@pytest.mark.phase("seti.milestones")
def test_a_milestone_a_reward_crosses_between_turns_resolves_at_once_s_r10():
    """A life trace settled between turns gives 5 VP and takes green from 23 past 25: the gold milestone
    resolves at once, before the next turn (S-R10); the alternative waits for the end of the next turn."""
    base = new_game(COLOURS, seed=2)
    base = replace(base.with_player(replace(base.player("green"), score=23, milestone_score=23)),
                   pending=(("green", "trace", "pink"),))
    marked = {}
    for when in ("at once", "after the next turn"):
        game = replace(base, variant=replace(RULEBOOK, between_turn_milestones=when))
        steps = run(end_turn(game, "green", Decisions()))
        marked[when] = [tile.id for tile in steps.result.gold_tiles if "green" in tile.marks]
        assert steps.result.player("green").score == 28 and steps.result.active_colour == "orange"
        assert any(step.title == "A milestone crossed between turns" for step in steps) == (when == "at once")
    assert len(marked["at once"]) == 1 and marked["after the next turn"] == []
