"""Your side of the solo game taken by the multiplayer game's own rules: passing (``turns.pass_turn``,
``turns.settle_held``), the scan (``seti.scan``) and the free actions (``seti.free_actions``)."""

from dataclasses import replace

from tabletoolkit.engine import Rng, run
from tabletoolkit.seti.scan import EarthSignal, RowSignal, ScanTable, scan_sectors, scan_steps
from tabletoolkit.seti.solo import YOU, free_action, free_options, setup_solo, your_turn
from tabletoolkit.seti.solar import Placement, Probe
from tabletoolkit.seti.solo.shared import rival_passing, rival_settle, take_held_card, your_passing
from tabletoolkit.seti.probes import launch
from tabletoolkit.seti.solo.table import earth_sector, end_of_round_stack
from tabletoolkit.seti.solo.turn import rival_pass
from tabletoolkit.seti.turns import pass_turn
from tabletoolkit.seti.game import Decisions
from tabletoolkit.seti.variant import RULEBOOK

HAND = ("S01", "S02", "S03", "S04", "S05", "S06")


def your_turn_with(hand=HAND, **game):
    start = run(setup_solo(4, 3)).result
    return replace(start, to_move=YOU, **game).with_player(replace(start.you, hand=hand))


def test_passing_first_discards_the_cards_named_rotates_and_holds_the_stack_for_your_choice():
    game = your_turn_with()
    assert (game.table.solar.next_disc, end_of_round_stack(game.table, 1)) == (1, ("S08", "S03", "S17"))
    passing = run(your_turn(game, "pass:drop=S02+S05", Rng(0)))
    passed = passing.result
    assert passing.steps[0].text == ("You pass. You discard down to 4 cards (S02, S05). You pass first: The solar "
                                     "system rotates (disc 1). Choose a card from round 1's end-of-round stack: "
                                     "S08, S03, S17.")
    assert (passed.passed, passed.you.hand, passed.table.discard) == (
        (YOU,), ("S01", "S03", "S04", "S06"), ("S02", "S05"))
    assert (passed.table.solar.next_disc, passed.pending, end_of_round_stack(passed.table, 1)) == (
        2, ((YOU, "end_of_round_card", "1"),), ("S08", "S03", "S17"))
    took = run(your_turn(passed, "take:S17", Rng(0))).result
    assert (took.you.hand, end_of_round_stack(took.table, 1), took.pending) == (
        ("S01", "S03", "S04", "S06", "S17"), ("S08", "S03"), ())


def test_passing_after_the_rival_does_not_rotate_and_drops_the_cards_drawn_last():
    game = your_turn_with()
    passed = run(your_turn(replace(game, table=replace(game.table, passed=(1,))), "pass", Rng(0))).result  # the rival passed
    assert (passed.passed, passed.table.solar.next_disc) == (("white", YOU), 1)
    assert (passed.you.hand, passed.table.discard) == (HAND[:4], ("S05", "S06"))


def test_your_pass_is_the_multiplayer_passing_on_your_board():
    game = your_turn_with()
    table = game.table
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
    game = your_turn_with()
    game = replace(game, table=replace(game.table, variant=replace(RULEBOOK, hand_limit=5)))
    passed = run(your_turn(game, "pass", Rng(0))).result
    assert (passed.you.hand, passed.table.discard) == (HAND[:5], ("S06",))


def test_your_scan_is_the_multiplayer_scans_steps_on_your_board():
    game = your_turn_with()
    assert (game.table.card_row, game.table.deck[:1], earth_sector(game.table)) == (
        ("S11", "S20", "S02"), ("S13",), 6)
    scanned = run(your_turn(game, "scan:0:2", Rng(0)))
    after = scanned.result
    assert scanned.steps[0].text == ("You scan (1 credit, 2 energy; card S11, yellow, discarded from the row). You: a "
                                     "signal in sector 6 (Vega). You gain 1 data. You: a signal in sector 2 (Beta "
                                     "Pictoris). You gain 1 data.")
    assert (after.table.card_row, after.table.discard) == (("S13", "S20", "S02"), ("S11",))
    assert (after.you.data, after.you.score, after.you.credits, after.you.energy) == (2, 1, 3, 1)
    assert [after.table.sectors.sector(n).markers for n in (2, 6)] == [(YOU,), (YOU,)]
    paid = replace(game.you, credits=3, energy=1)
    _, table, signals, completed, left = scan_steps(ScanTable(game.table.sectors, (paid,), game.table.supply()), YOU,
                                                    [EarthSignal(), RowSignal(0, 2)],
                                                    scan_sectors(game.table.solar, game.table.sectors), rng=Rng(0))
    assert (table.board(YOU), table.sky, table.supply) == (after.you, after.table.sectors, after.table.supply())
    assert ([n for n, _ in signals], completed, left) == ([6, 2], [], [])


def test_your_telescope_steps_are_the_multiplayer_scans():
    game = your_turn_with(hand=("S01",))
    game = game.with_player(replace(game.you, techs=frozenset({"TT2", "TT3", "TT4"}), energy=4, publicity=4))
    scanned = run(your_turn(game, "scan:0:2", Rng(0))).result
    red = scanned.table.sectors.of_colour("red")
    hand = run(free_action(scanned, f"tt2:S01:{red[0]}", Rng(0)))
    assert hand.steps[0].text == f"TT2: you discard S01 for a signal. You: a signal in {scanned.table.sectors.sector(red[0]).name}. You gain 1 data."
    assert (hand.result.you.hand, hand.result.table.discard, hand.result.you.data) == ((), ("S11", "S01"), 3)
    mercury = scan_sectors(scanned.table.solar, scanned.table.sectors).mercury
    paid = run(free_action(hand.result, "tt3", Rng(0))).result
    assert (paid.you.publicity, paid.table.sectors.sector(mercury).markers.count(YOU)) == (
        3, hand.result.table.sectors.sector(mercury).markers.count(YOU) + 1)
    launched = run(free_action(paid, "tt4:launch", Rng(0))).result
    assert (launched.you.energy, len(launched.table.solar.probes_of(YOU))) == (paid.you.energy - 1, 1)


def test_you_buy_a_card_by_the_multiplayer_purchase():
    game = your_turn_with(hand=("S01",))
    row = run(free_action(game, "buy:row1", Rng(0)))
    assert row.steps[0].text == "Free action: 3 publicity for S20 from the card row (refilled at once)."
    assert (row.result.you.hand, row.result.you.publicity, row.result.table.card_row) == (
        ("S01", "S20"), 1, ("S11", "S13", "S02"))
    deck = run(free_action(game, "buy:deck", Rng(0))).result
    assert (deck.you.hand, deck.table.deck[:1], deck.table.card_row) == (
        ("S01", "S13"), ("S15",), ("S11", "S20", "S02"))
    poor = {o.action: o for o in free_options(game.with_player(replace(game.you, publicity=2)))}["buy:deck"]
    assert (poor.legal, poor.rule, poor.reason) == (False, "seti.free_actions.buy_publicity", "green cannot pay 3 publicity (has 2).")


def test_a_cards_corner_is_the_multiplayer_corner():
    game = your_turn_with(hand=("S03", "S06"))
    publicity = run(free_action(game, "corner:S03", Rng(0)))
    assert publicity.steps[0].text == "Free action: S03 is discarded for 1 publicity. You gain 1 publicity."
    assert (publicity.result.you.hand, publicity.result.you.publicity, publicity.result.table.discard) == (
        ("S06",), 5, ("S03",))
    data = run(free_action(publicity.result, "corner:S06", Rng(0))).result
    assert (data.you.hand, data.you.data, data.table.discard) == ((), 1, ("S03", "S06"))
    launched = run(your_turn(your_turn_with(hand=("S01",)), "launch", Rng(0))).result
    moved = run(free_action(launched, "corner:S01", Rng(0))).result
    assert (moved.you.hand, moved.free_moves, moved.table.discard) == ((), 1, ("S01",))
    unknown = replace(game.table.card("S03"), corner="unknown")
    cards = {card.id: unknown if card.id == "S03" else card for card in game.table.cards.values()}
    blank = replace(game, table=replace(game.table, cards=cards))
    refused = {o.action: o for o in free_options(blank)}["corner:S03"]
    assert (refused.legal, refused.rule) == (False, "seti.free_actions.no_corner")
    assert refused.reason == ("S03's corner action is not known (its icon is not legible in the rulebook's "
                              "transcription; give it in the card data).")


def test_a_conversion_is_paid_as_the_multiplayer_conversion_pays():
    game = your_turn_with(hand=("S03", "S06", "S01"))
    cards = run(free_action(game, "convert:S03+S06>credits", Rng(0))).result
    assert (cards.you.hand, cards.you.credits, cards.table.discard) == (("S01",), game.you.credits + 1, ("S03", "S06"))
    energy = run(free_action(game, "convert:credits>energy", Rng(0))).result
    assert (energy.you.credits, energy.you.energy) == (game.you.credits - 2, game.you.energy + 1)


def test_the_rival_passes_by_the_multiplayer_passing_on_its_seat():
    game = your_turn_with()
    first = run(rival_pass(game))
    passed = first.result
    assert (passed.passed, passed.table.solar.next_disc, end_of_round_stack(passed.table, 1)) == (("white",), 2, ("S03", "S17"))
    assert (passed.table.discard, passed.rival.progress, passed.you.hand) == (("S08",), game.rival.progress + 1, HAND)
    assert first.steps[0].text.startswith("Its action deck is empty at the start of its turn, so it passes. It passes "
                                          "first: The solar system rotates (disc 1). It takes the top end-of-round card "
                                          "(S08, to the discard pile): a card, 1 progress.")
    second = run(rival_pass(replace(game, table=replace(game.table, passed=(0,))))).result  # you (seat 0) passed
    assert (second.passed, second.table.solar.next_disc, end_of_round_stack(second.table, 1)) == ((YOU, "white"), 1, ("S03", "S17"))
    assert (game.table.seat("white"), passed.table.player("white").hand) == (1, ())  # the rival keeps no hand
    last, rotation, card = rival_passing(replace(game, table=replace(game.table, round=5)))  # the last round has no end-of-round stack
    assert (rotation, card, last.table.discard, last.table.solar.next_disc) == (
        "The solar system rotates (disc 1).", None, (), 2)


def test_the_rival_lands_by_the_multiplayer_landing_on_the_first_free_first_lander_space():
    game = your_turn_with()
    solar = game.table.solar
    flown = Probe(solar.next_probe, "white", solar.earth)  # its probe, flown off Earth
    # you chose Mars's second first-lander space (1 data); the rival covers the first one, 2 data
    mine = replace(solar, placements=solar.placements + (Placement("Mars", YOU, "lander", first=1),))
    landed, items, text = rival_settle(replace(game, table=replace(game.table, solar=mine)), flown, "Mars", "land")
    assert (items, text) == ([("vp", 6), ("trace", "yellow"), ("data", 2)], "a lander on Mars, a first lander (2 data)")
    assert (landed.table.solar.first_landers("Mars"), landed.table.solar.probes) == (("white", YOU), solar.probes)
    orbited, items, text = rival_settle(game, flown, "Mars", "orbit")
    assert (items, text) == ([("data", 1), ("chart", 1), ("vp", 3)], "an orbiter at Mars, the first one (3 VP)")
    again, items, text = rival_settle(orbited, replace(flown, id=flown.id + 1), "Mars", "orbit")
    assert (items, text, again.table.solar.first_orbiter("Mars")) == ([("data", 1), ("chart", 1)], "an orbiter at Mars", "white")
    moon, items, text = rival_settle(game, flown, "Mars", "Phobos")
    assert (text, moon.table.solar.landers("Mars", "Phobos")[0].owner) == ("a lander on Mars's moon Phobos", "white")


def test_the_rivals_launch_is_the_multiplayer_free_launch_beyond_any_probe_limit():
    game = your_turn_with()
    solar = game.table.solar
    once = launch(game.table, "white", free=True, ignore_limit=True)
    twice = launch(once, "white", free=True, ignore_limit=True)  # the rival's own rules decide when it launches, not the probe limit
    assert [(p.id, p.owner, p.space) for p in twice.solar.probes] == [
        (solar.next_probe, "white", solar.earth), (solar.next_probe + 1, "white", solar.earth)]
    assert twice.solar.next_probe == solar.next_probe + 2
