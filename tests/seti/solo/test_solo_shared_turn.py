"""Your side of the solo game taken by the multiplayer game's own rules: passing (``turns.pass_turn``,
``turns.settle_held``), the scan (``seti.scan``) and the free actions (``seti.free_actions``)."""

from dataclasses import replace

from tabletoolkit.engine import Rng, run
from tabletoolkit.seti.solo import YOU, setup_solo, your_turn
from tabletoolkit.seti.solo.shared import pass_table, take_held_card, your_passing
from tabletoolkit.seti.turns import pass_turn
from tabletoolkit.seti.game import Decisions
from tabletoolkit.seti.variant import RULEBOOK

HAND = ("S01", "S02", "S03", "S04", "S05", "S06")


def your_turn_with(hand=HAND, **game):
    start = run(setup_solo(4, 3)).result
    return replace(start, to_move=YOU, you=replace(start.you, hand=hand), **game)


def test_passing_first_discards_the_cards_named_rotates_and_holds_the_stack_for_your_choice():
    game = your_turn_with()
    assert (game.table.solar.next_disc, game.table.end_of_round_stack(1)) == (1, ("S08", "S03", "S17"))
    passing = run(your_turn(game, "pass:drop=S02+S05", Rng(0)))
    passed = passing.result
    assert passing.steps[0].text == ("You pass. You discard down to 4 cards (S02, S05). You pass first: The solar "
                                     "system rotates (disc 1). Choose a card from round 1's end-of-round stack: "
                                     "S08, S03, S17.")
    assert (passed.passed, passed.you.hand, passed.table.supply.discard) == (
        (YOU,), ("S01", "S03", "S04", "S06"), ("S02", "S05"))
    assert (passed.table.solar.next_disc, passed.owed, passed.table.end_of_round_stack(1)) == (
        2, ("end-card",), ("S08", "S03", "S17"))
    took = run(your_turn(passed, "take:S17", Rng(0))).result
    assert (took.you.hand, took.table.end_of_round_stack(1), took.owed) == (
        ("S01", "S03", "S04", "S06", "S17"), ("S08", "S03"), ())


def test_passing_after_the_rival_does_not_rotate_and_drops_the_cards_drawn_last():
    passed = run(your_turn(your_turn_with(passed=("white",)), "pass", Rng(0))).result
    assert (passed.passed, passed.table.solar.next_disc) == (("white", YOU), 1)
    assert (passed.you.hand, passed.table.supply.discard) == (HAND[:4], ("S05", "S06"))


def test_your_pass_is_the_multiplayer_passing_on_your_board():
    game = your_turn_with()
    table = pass_table(game)
    assert (table.seat(YOU), table.passed, table.end_of_round[0]) == (0, (), ("S08", "S03", "S17"))
    rotated = []

    def rotate(state):
        rotated.append(state.player(YOU).hand)
        return state
        yield

    multiplayer = run(pass_turn(table, YOU, Decisions({"discard": ["S02", "S05"], "end_of_round_card": ["hold"]}),
                                rotate=rotate)).result
    mine, rotation = your_passing(game, ("S02", "S05"))
    assert rotated == [("S01", "S03", "S04", "S06")]  # the hand is down before the first passer rotates
    assert (multiplayer.passed, multiplayer.holding, multiplayer.discard) == ((0,), (0,), ("S02", "S05"))
    assert mine.you.hand == multiplayer.player(YOU).hand
    assert rotation == "The solar system rotates (disc 1)."
    assert take_held_card(mine, "S08").you.hand == ("S01", "S03", "S04", "S06", "S08")


def test_the_hand_limit_is_the_variants_as_in_the_multiplayer_passing():
    game = your_turn_with(variant=replace(RULEBOOK, hand_limit=5))
    passed = run(your_turn(game, "pass", Rng(0))).result
    assert (passed.you.hand, passed.table.supply.discard) == (HAND[:5], ("S06",))
