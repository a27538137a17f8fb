"""Your techs in the solo game: computer techs in their slots (2 VP data, lower spaces) and the telescope
techs' scan steps (望远镜科技, 计算机科技, S-F6, S-F13)."""

from dataclasses import replace

import pytest

from tabletoolkit.engine import IllegalAction, Rng, run
from tabletoolkit.seti.computer import Computer
from tabletoolkit.seti.scan import scan_sectors
from tabletoolkit.seti.solo import YOU, free_action, free_options, setup_solo, your_options, your_turn
from tabletoolkit.seti.solo.table import completed_sectors, earth_sector, row_colours


def your_game(techs=(), **you):
    game = run(setup_solo(4, 3)).result
    return replace(game, to_move=YOU).with_player(replace(game.you, techs=frozenset(techs), **you))


def options_of(game, prefix):
    return {o.action: o for o in your_options(game) + free_options(game) if o.action.startswith(prefix)}


def test_scanning_names_the_card_rows_sector_one_of_its_colours_two():
    game = your_game(credits=1, energy=2)
    colour = row_colours(game.table)[0]
    first, second = game.table.sectors.of_colour(colour)
    assert sorted(options_of(game, "scan:0")) == sorted([f"scan:0:{first}", f"scan:0:{second}"])
    earth = earth_sector(game.table)
    before = game.table.sectors.sector(second).markers
    after = run(your_turn(game, f"scan:0:{second}", Rng(0))).result
    assert after.table.sectors.sector(second).markers == before + (YOU,) * (2 if earth == second else 1)
    assert after.table.sectors.sector(earth).markers[-1] == YOU
    assert (after.you.credits, after.you.energy) == (0, 0)
    poor = options_of(game.with_player(replace(game.you, energy=1)), "scan:0")[f"scan:0:{first}"]
    assert not poor.legal and poor.refusing_rule == "seti.scan.cost" and poor.reason == "green cannot pay 2 energy (has 1)."


def test_tt1_moves_the_earth_signal_next_to_earths_sector():
    game = your_game(("TT1",), credits=1, energy=2)
    where = scan_sectors(game.table.solar, game.table.sectors)
    colour = row_colours(game.table)[0]
    sector = game.table.sectors.of_colour(colour)[0]
    beside = where.beside_earth[0]
    assert f"scan:0:{sector}:earth={beside}" in options_of(game, "scan:0")
    assert not options_of(your_game(credits=1, energy=2), f"scan:0:{sector}:earth")  # no TT1, no such option
    earth_before = game.table.sectors.sector(where.earth).markers.count(YOU)
    after = run(your_turn(game, f"scan:0:{sector}:earth={beside}", Rng(0))).result
    assert after.table.sectors.sector(beside).markers.count(YOU) == (2 if beside == sector else 1)
    assert after.table.sectors.sector(where.earth).markers.count(YOU) == earth_before + (where.earth == sector)


def test_telescope_steps_follow_your_scan_once_each():
    game = your_game(("TT2", "TT3", "TT4"), credits=1, energy=3, publicity=4)
    game = game.with_player(replace(game.you, hand=("S01",)))  # a red card
    assert not options_of(game, "tt")  # only after a scan
    scan = next(iter(options_of(game, "scan:0")))
    scanned = run(your_turn(game, scan, Rng(0))).result
    steps = options_of(scanned, "tt")
    red = scanned.table.sectors.of_colour("red")
    assert sorted(steps) == sorted([f"tt2:S01:{n}" for n in red] + ["tt3", "tt4:launch", "tt4:move"])
    assert steps["tt4:launch"].legal and steps["tt4:move"].reason == "a move needs a probe of yours in space"

    hand = run(free_action(scanned, f"tt2:S01:{red[1]}", Rng(0))).result
    assert hand.you.hand == () and hand.table.discard[-1] == "S01"
    assert hand.table.sectors.sector(red[1]).markers[-1] == YOU
    assert options_of(hand, "tt2") == {}  # no hand card left
    mercury = scan_sectors(hand.table.solar, hand.table.sectors).mercury
    paid = run(free_action(hand, "tt3", Rng(0))).result
    assert paid.you.publicity == hand.you.publicity - 1 and paid.table.sectors.sector(mercury).markers[-1] == YOU
    again = options_of(paid, "tt3")["tt3"]
    assert not again.legal and again.reason == "TT3 is used in this scan already"
    with pytest.raises(IllegalAction):
        run(free_action(paid, "tt3", Rng(0)))
    launched = run(free_action(paid, "tt4:launch", Rng(0))).result
    assert launched.you.energy == paid.you.energy - 1 and len(launched.table.solar.probes_of(YOU)) == 1
    ended = run(your_turn(launched, "end", Rng(0))).result
    assert ended.scan_steps == () and options_of(ended, "tt") == {}


def test_a_computer_tech_takes_a_slot_its_top_data_scores_2_vp_and_its_lower_space_pays():
    game = your_game(publicity=6, data=3)
    research = options_of(game, "research:CT2")
    assert sorted(research) == ["research:CT2@1", "research:CT2@3", "research:CT2@5", "research:CT2@6"]
    under = options_of(game.with_player(replace(game.you, computer=Computer(filled=1))), "research:CT2")["research:CT2@1"]
    assert under.reason.endswith("; into the slot under top 1 (under your data there: no 2 VP, S-F13)")
    took = run(your_turn(game, "research:CT2@1", Rng(0))).result
    assert took.you.computer.techs == ((1, "CT2"),) and "CT2" in took.you.techs
    lower = options_of(took, "place:lower1")["place:lower1"]
    assert not lower.legal and lower.reason == "Fill top 1 before the lower space under it."
    top = run(free_action(took, "place:data", Rng(0))).result
    assert top.you.score == took.you.score + 2  # data over a computer tech: 2 VP
    energy = top.you.energy
    low = run(free_action(top, "place:lower1", Rng(0))).result
    assert low.you.energy == energy + 1 and low.you.computer.lower == frozenset({1}) and low.you.data == 1


def test_a_scans_sectors_resolve_after_its_telescope_steps():
    game = your_game(("TT2",), credits=1, energy=2)
    earth = earth_sector(game.table)
    sky = game.table.sectors
    sector = sky.sector(earth)
    while len(sector.markers) < sector.slots - 1:  # one slot left: the rival ahead on markers
        sector, _ = sector.mark("white")
    sky = sky.with_sector(sector)
    colour = sector.colour
    hand_card = next(c.id for c in game.table.cards.values() if c.colour == colour)
    game = replace(game, table=replace(game.table, sectors=sky)).with_player(replace(game.you, hand=(hand_card,)))
    scan = next(a for a in options_of(game, "scan:0:") if ":earth=" not in a)
    scanned = run(your_turn(game, scan, Rng(0))).result
    assert scanned.scan_open and earth in completed_sectors(scanned.table)  # complete, not yet resolved
    step = run(free_action(scanned, f"tt2:{hand_card}:{earth}", Rng(0))).result
    assert step.table.sectors.sector(earth).markers.count(YOU) == 2  # the TT2 signal joins the full sector
    closed = run(your_turn(step, "end", Rng(0)))
    assert any(s.title.startswith(f"Sector {earth}") for s in closed.steps) and not closed.result.scan_open


def two_sectors_one_signal_short(game):
    """``game`` with Earth's sector and another one slot short of complete (the rival's markers), and the
    scan that fills both: (game, scan, Earth's sector, the other)."""
    earth = earth_sector(game.table)
    scan = next(a for a in options_of(game, "scan:0:") if not a.endswith(f":{earth}"))
    other = int(scan.split(":")[2])
    sky = game.table.sectors
    for number in (earth, other):
        sector = sky.sector(number)
        while len(sector.markers) < sector.slots - 1:
            sector, _ = sector.mark("white")
        sky = sky.with_sector(sector)
    return replace(game, table=replace(game.table, sectors=sky)), scan, earth, other


def test_when_your_scan_completes_two_sectors_you_choose_which_resolves_first():
    game, scan, earth, other = two_sectors_one_signal_short(your_game(credits=1, energy=2))
    sky = game.table.sectors
    scanned = run(your_turn(game, scan, Rng(0))).result
    assert scanned.pending == tuple((YOU, "sector", str(n)) for n in sorted((earth, other)))
    assert sorted(o.action for o in your_options(scanned)) == sorted([f"sector:{earth}", f"sector:{other}"])
    chosen = run(your_turn(scanned, f"sector:{other}", Rng(0)))
    resolved = [s.title for s in chosen.steps if s.title.endswith(" resolved")]
    assert resolved == [f"{sky.sector(other).name[0].upper()}{sky.sector(other).name[1:]} resolved",
                        f"{sky.sector(earth).name[0].upper()}{sky.sector(earth).name[1:]} resolved"]
    assert completed_sectors(chosen.result.table) == () and not chosen.result.owed(YOU, "sector")


def test_ending_the_turn_after_a_scan_that_completes_two_sectors_asks_the_order_first():
    from tabletoolkit.seti.solo.game import take

    game, scan, earth, _ = two_sectors_one_signal_short(your_game(("TT3",), credits=1, energy=2))
    scanned = run(take(game, scan, Rng(0))).result
    assert scanned.scan_open and scanned.pending == ()
    ending = run(take(scanned, "end", Rng(0)))
    assert ending.result.to_move == YOU and ending.result.pending[0][1] == "sector"  # not handed over
    assert ending.steps[-1].text.startswith("First choose which completed sector resolves first")
    chosen = run(take(ending.result, f"sector:{earth}", Rng(0))).result
    while chosen.pending:  # the won sectors' traces, if any, go where you choose
        chosen = run(take(chosen, your_options(chosen)[0].action, Rng(0))).result
    assert chosen.to_move == YOU and completed_sectors(chosen.table) == ()
    ended = run(take(chosen, "end", Rng(0))).result
    assert ended.to_move == "white" and not ended.between
