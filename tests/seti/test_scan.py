"""Scanning nearby stars: cost, Earth and card-row signals, telescope techs, refills, resolving after the action."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, InvalidInput, Rng, run
from tabletoolkit.seti.cards import CardSupply, load_cards
from tabletoolkit.seti.player import PlayerBoard
from tabletoolkit.seti.scan import (
    EarthSignal, HandSignal, MercurySignal, ProbeBoost, RowSignal, ScanTable, resolve_completed, scan, scan_options,
)
from tabletoolkit.seti.sector import Sky

CARDS = load_cards()
COLOUR = {card.id: card.colour for card in CARDS}
# Sample sky: 1 red, 2 yellow, 3 blue, 4 black, 5 red, 6 yellow, 7 blue, 8 black.
EARTH, MERCURY = 1, 3


def table(*boards, row=("S09", "S01", "S12"), deck=("S02", "S03", "S04"), discard=(), sky=None):
    boards = boards or (PlayerBoard("green"), PlayerBoard("purple"))
    return ScanTable(sky or Sky.sample(), tuple(boards), CardSupply(CARDS, deck, row, discard))


def do(t, steps, player="green", rng=None, **kwargs):
    return run(scan(t, player, steps, earth_sector=kwargs.pop("earth_sector", EARTH),
                    mercury_sector=kwargs.pop("mercury_sector", MERCURY), rng=rng or Rng(0), **kwargs))


def refused(t, steps, **kwargs):
    before = t
    with pytest.raises(IllegalAction) as error:
        do(t, steps, **kwargs)
    assert t == before
    return error.value.rule


def test_sample_cards_used_here_have_the_colours_the_tests_assume():
    assert (COLOUR["S09"], COLOUR["S01"], COLOUR["S12"], COLOUR["S02"]) == ("yellow", "red", "blue", "red")


@pytest.mark.phase("seti.scan")
def test_a_basic_scan_pays_marks_earth_and_a_row_card_and_refills_the_row():
    steps = do(table(), [EarthSignal(), RowSignal(0, 6)])
    result = steps.result
    green = result.table.board("green")
    assert (green.credits, green.energy) == (3, 1)
    assert green.data == 2 and green.score == 0
    assert result.table.sky.sector(EARTH).markers == ("green",)
    assert result.table.sky.sector(6).markers == ("green",)
    assert result.table.supply.row == ("S02", "S01", "S12")  # refilled at once from the deck top, same place
    assert result.table.supply.deck == ("S03", "S04")
    assert result.table.supply.discard == ("S09",)
    assert [s.title for s in steps] == ["Pay for the scan", "Signal in sector 1 (Barnard's Star)", "Discard from the card row",
                                        "Signal in sector 6 (Vega)"]
    assert [n for n, _ in result.signals] == [1, 6]


@pytest.mark.phase("seti.scan")
def test_steps_go_in_the_order_given():
    steps = do(table(), [RowSignal(1, 1), EarthSignal()])
    sector = steps.result.table.sky.sector(1)
    assert sector.markers == ("green", "green")
    gains = [g for _, g in steps.result.signals]
    assert [g.slot for g in gains] == [1, 2] and [g.vp for g in gains] == [0, 2]
    assert steps.result.table.board("green").score == 2


@pytest.mark.phase("seti.scan")
def test_all_four_telescope_techs_give_at_most_four_signals():
    green = PlayerBoard("green", energy=3, hand=("S10",), techs=frozenset({"TT1", "TT2", "TT3", "TT4"}))
    steps = do(table(green, PlayerBoard("purple")),
               [ProbeBoost("launch"), EarthSignal(8), RowSignal(2, 7), HandSignal("S10", 2), MercurySignal()])
    result = steps.result
    board = result.table.board("green")
    assert [n for n, _ in result.signals] == [8, 7, 2, MERCURY]
    assert (board.energy, board.publicity, board.credits) == (0, 3, 3)
    assert board.hand == () and result.table.supply.discard == ("S12", "S10")
    assert result.pending == ("launch a probe",) and result.owed == (("green", "action", "launch"),)
    assert COLOUR["S10"] == "yellow"


def test_the_earth_signal_moves_only_next_to_earth_and_only_with_tt1():
    assert refused(table(), [EarthSignal(2), RowSignal(0, 2)]) == "seti.scan.needs_tech"
    tt1 = PlayerBoard("green", techs=frozenset({"TT1"}))
    assert refused(table(tt1), [EarthSignal(4), RowSignal(0, 2)]) == "seti.scan.not_adjacent"
    assert do(table(tt1), [EarthSignal(8), RowSignal(0, 2)]).result.table.sky.sector(8).markers == ("green",)


def test_refusals_are_typed_and_change_nothing():
    poor = PlayerBoard("green", energy=1)
    assert refused(table(poor), [EarthSignal(), RowSignal(0, 2)]) == "seti.scan.cost"
    assert refused(table(), [EarthSignal(), RowSignal(0, 3)]) == "seti.scan.colour"
    assert refused(table(), [RowSignal(0, 2)]) == "seti.scan.earth_signal"
    assert refused(table(), [EarthSignal()]) == "seti.scan.row_signal"
    assert refused(table(), [EarthSignal(), EarthSignal(), RowSignal(0, 2)]) == "seti.scan.twice"
    assert refused(table(), [EarthSignal(), RowSignal(0, 2), MercurySignal()]) == "seti.scan.needs_tech"
    tt2 = PlayerBoard("green", techs=frozenset({"TT2"}))
    assert refused(table(tt2), [EarthSignal(), RowSignal(0, 2), HandSignal("S05", 2)]) == "seti.scan.not_in_hand"
    tt3 = PlayerBoard("green", publicity=0, techs=frozenset({"TT3"}))
    assert refused(table(tt3), [EarthSignal(), RowSignal(0, 2), MercurySignal()]) == "seti.scan.tt3_publicity"
    tt4 = PlayerBoard("green", energy=2, techs=frozenset({"TT4"}))
    assert refused(table(tt4), [EarthSignal(), RowSignal(0, 2), ProbeBoost()]) == "seti.scan.tt4_energy"


def test_bad_input_is_invalid_input():
    with pytest.raises(InvalidInput) as bad:
        do(table(), [EarthSignal(), RowSignal(5, 2)])
    assert bad.value.field == "position"
    with pytest.raises(InvalidInput) as bad:
        do(table(), [EarthSignal(), RowSignal(0, 2)], earth_sector=9)
    assert bad.value.field == "sector"
    with pytest.raises(InvalidInput) as bad:
        do(table(), [EarthSignal(), RowSignal(0, 2)], player="orange")
    assert bad.value.field == "player"
    with pytest.raises(InvalidInput):
        do(table(), ["earth"])
    tt3 = PlayerBoard("green", techs=frozenset({"TT3"}))
    with pytest.raises(InvalidInput) as bad:
        do(table(tt3), [EarthSignal(), RowSignal(0, 2), MercurySignal()], mercury_sector=None)
    assert bad.value.field == "mercury_sector"


def test_an_empty_deck_reshuffles_the_discard_pile():
    rng = Rng.forced([("S07", "S08")])
    steps = do(table(deck=(), discard=("S08", "S07")), [EarthSignal(), RowSignal(0, 2)], rng=rng)
    supply = steps.result.table.supply
    assert supply.row == ("S07", "S01", "S12")
    assert supply.deck == ("S08",) and supply.discard == ("S09",)
    assert "reshuffled" in steps[2].text


def test_data_beyond_the_pool_is_discarded_not_refused():
    full = PlayerBoard("green", data=6)
    steps = do(table(full), [EarthSignal(), RowSignal(0, 2)])
    assert steps.result.table.board("green").data == 6
    assert "the pool is full: the data is discarded" in steps[1].text
    assert [g.data for _, g in steps.result.signals] == [1, 1]


def nearly_complete_sky():
    sky = Sky.sample()
    barnard = replace(sky.sector(1), markers=("purple", "purple", "green", "purple"))  # 5 slots, 1 data left
    vega = replace(sky.sector(6), markers=("green", "purple", "green", "purple"))  # 5 slots, 1 data left
    return sky.with_sector(barnard).with_sector(vega)


@pytest.mark.phase("seti.scan")
def test_one_scan_completes_two_sectors_resolved_after_it_in_the_chosen_order():
    steps = do(table(sky=nearly_complete_sky()), [EarthSignal(), RowSignal(0, 6)], resolve_order=[6, 1])
    result = steps.result
    assert [r.sector.star for r in result.resolutions] == ["Vega", "Barnard's Star"]
    vega, barnard = result.resolutions
    assert (vega.winner, vega.second) == ("green", "purple")  # 3 to 2
    assert (barnard.winner, barnard.second) == ("purple", "green")  # 3 to 2
    green, purple = result.table.board("green"), result.table.board("purple")
    # Each resolution: +1 publicity for both; Vega's first win 3 VP + pink trace, Barnard's 3 VP + pink trace.
    assert (green.publicity, purple.publicity) == (6, 6)
    assert (green.score, purple.score) == (3, 3)
    assert (green.sector_wins, purple.sector_wins) == (1, 1)
    assert result.pending == ("green: a pink life trace", "purple: a pink life trace")
    assert result.owed == (("green", "trace", "pink"), ("purple", "trace", "pink"))
    assert result.table.sky.sector(6).slot_contents == ("purple", None, None, None, None)
    assert "S-R7" in steps[4].text
    default = do(table(sky=nearly_complete_sky()), [EarthSignal(), RowSignal(0, 6)]).result
    assert [r.sector.star for r in default.resolutions] == ["Barnard's Star", "Vega"]
    with pytest.raises(InvalidInput) as bad:
        do(table(sky=nearly_complete_sky()), [EarthSignal(), RowSignal(0, 6)], resolve_order=[6])
    assert bad.value.field == "resolve_order"


def test_sectors_completed_by_a_card_resolve_at_the_end_of_that_action():
    sky = nearly_complete_sky()
    barnard, _ = sky.sector(1).mark("green")
    t = table(sky=sky.with_sector(barnard))
    result = run(resolve_completed(t, [1])).result
    assert result.resolutions[0].winner == "purple"
    with pytest.raises(InvalidInput):
        run(resolve_completed(t, [6]))


def test_scan_options_list_every_step_with_its_verdict():
    green = PlayerBoard("green", publicity=0, hand=("S10",), techs=frozenset({"TT2", "TT3"}))
    options = dict((repr(step), verdict) for step, verdict in
                   scan_options(table(green), "green", earth_sector=EARTH, mercury_sector=MERCURY))
    assert options["EarthSignal(sector=None)"] == "legal"
    assert options["EarthSignal(sector=8)"] == "seti.scan.needs_tech: green has no TT1."
    assert options["RowSignal(position=0, sector=2)"] == options["RowSignal(position=0, sector=6)"] == "legal"
    assert options["HandSignal(card='S10', sector=6)"] == "legal"
    assert options["MercurySignal()"].startswith("seti.scan.tt3_publicity")
    assert options["ProbeBoost(use='move')"].startswith("seti.scan.needs_tech")
    assert len(options) == 1 + 2 + 6 + 2 + 1 + 2
    broke = scan_options(table(PlayerBoard("green", credits=0)), "green", earth_sector=EARTH)
    assert all(verdict.startswith("seti.scan.cost") for _, verdict in broke)


def test_sector_numbers_out_of_range_are_invalid_input():
    tt1 = PlayerBoard("green", techs=frozenset({"TT1"}))
    with pytest.raises(InvalidInput):
        do(table(tt1), [EarthSignal(9), RowSignal(0, 2)])
    with pytest.raises(InvalidInput):
        do(table(), [EarthSignal(), RowSignal(0, "2")])
    with pytest.raises(InvalidInput):
        ScanTable(Sky.sample(), (PlayerBoard("green"), PlayerBoard("green")), table().supply)


def test_the_mission_counts_read_the_sky():
    from types import SimpleNamespace

    from tabletoolkit.seti.measures import measure

    sky = nearly_complete_sky()
    game = SimpleNamespace(sectors=sky)  # the counts read only the game's sky
    assert measure(game, "green", "signal_sectors") == 2
    assert measure(game, "purple", "signal_at:Barnard's Star") == 3
    assert measure(game, "green", "signal_at:Beta Pictoris") == 0
    assert measure(SimpleNamespace(sectors=None), "green", "signal_sectors") == 0
    with pytest.raises(InvalidInput):
        sky.signals("green", "Nowhere")


def shuffled_solar():
    """Sector boards laid I, III, II, IV (stars by solar sector 0..7: Barnard's Star, Beta Pictoris, Sirius A,
    Vega, Kepler 22, Proxima Centauri, Procyon, 61 Virginis) and the discs turned so Earth is in solar
    sector 2 (Sirius A) and Mercury in solar sector 3 (Vega)."""
    from tabletoolkit.seti.solar import Layout, SolarSystem

    return SolarSystem(Layout.load(), turns=(3, 2, 1), boards=("I", "III", "II", "IV"))


def test_earth_and_mercury_are_read_off_the_solar_system_by_their_stars():
    from tabletoolkit.seti.scan import ScanSectors, scan_sectors

    solar = shuffled_solar()
    assert (solar.sector_of("Earth"), solar.sector_of("Mercury")) == (2, 3)
    # Sample sky numbers: Sirius A 5, Beta Pictoris 2, Vega 6 — Earth's neighbours follow the boards as laid,
    # not the sky's numbering (which would put Proxima Centauri, 4, next to Sirius A).
    assert scan_sectors(solar, Sky.sample()) == ScanSectors(earth=5, beside_earth=(2, 6), mercury=6)


@pytest.mark.phase("seti.scan")
def test_a_scan_given_the_solar_system_signals_where_earth_and_mercury_are():
    tt = PlayerBoard("green", techs=frozenset({"TT1", "TT3"}))
    t = table(tt, PlayerBoard("purple"))
    result = run(scan(t, "green", [EarthSignal(2), RowSignal(0, 6), MercurySignal()], solar=shuffled_solar(), rng=Rng(0))).result
    assert [n for n, _ in result.signals] == [2, 6, 6]
    before = t
    with pytest.raises(IllegalAction) as refused:
        run(scan(t, "green", [EarthSignal(4), RowSignal(0, 6)], solar=shuffled_solar(), rng=Rng(0)))
    assert refused.value.rule == "seti.scan.not_adjacent" and "2 or 6" in refused.value.reason and t == before
    with pytest.raises(InvalidInput) as bad:
        run(scan(t, "green", [EarthSignal(), RowSignal(0, 6)], solar=shuffled_solar(), earth_sector=5, rng=Rng(0)))
    assert bad.value.field == "earth_sector"
    with pytest.raises(InvalidInput) as bad:
        run(scan(t, "green", [EarthSignal(), RowSignal(0, 6)], rng=Rng(0)))
    assert bad.value.field == "earth_sector"
    options = dict((repr(s), v) for s, v in scan_options(t, "green", solar=shuffled_solar()))
    assert options["EarthSignal(sector=2)"] == options["EarthSignal(sector=6)"] == options["MercurySignal()"] == "legal"
    assert "EarthSignal(sector=4)" not in options


# --- through the whole game (issue 8's turn: Scan, PlaceData) -------------------------------------------

def game_table(**green):
    """A two-player game, seed 5: sector boards laid IV, I, III, II, so Earth is beside Vega (solar sector 5,
    sky 6) with Sirius A (sky 5) and Kepler 22 (sky 3) next to it."""
    from tabletoolkit.seti import new_game

    game = new_game(("green", "orange"), seed=5)
    return game.with_player(replace(game.player("green"), **green)) if green else game


def row_sector(game):
    """A sector of the first row card's colour, other than Earth's (Vega, 6)."""
    return next(n for n in game.sectors.of_colour(game.card(game.card_row[0]).colour) if n != 6)


def test_the_games_scan_reads_earth_off_its_solar_system():
    from tabletoolkit.seti import take_turn
    from tabletoolkit.seti.main_actions import Scan
    from tabletoolkit.seti.scan import scan_sectors

    game = game_table(techs=frozenset({"TT1"}))
    assert [game.solar.star(n) for n in (4, 5, 6)] == ["Sirius A", "Vega", "Kepler 22"]
    assert scan_sectors(game.solar, game.sectors).earth == game.sectors.number_of("Vega") == 6
    before = game
    with pytest.raises(IllegalAction) as refused:  # sky number 7 (Procyon) is not beside Vega on this board
        run(take_turn(game, Scan((EarthSignal(7), RowSignal(0, row_sector(game))))))
    assert refused.value.rule == "seti.scan.not_adjacent" and game == before
    after = run(take_turn(game, Scan((EarthSignal(3), RowSignal(0, row_sector(game)))))).result
    assert "green" in after.sectors.sector(3).markers and "green" in after.sectors.sector(row_sector(game)).markers


@pytest.mark.phase("seti.scan")
def test_one_scan_in_the_game_completes_two_sectors_resolved_in_the_chosen_order():
    from tabletoolkit.seti import take_turn
    from tabletoolkit.seti.main_actions import Scan

    game = game_table()
    other = row_sector(game)
    vega, row = game.sectors.sector(6), game.sectors.sector(other)
    sky = game.sectors.with_sector(replace(vega, markers=("orange",) * (vega.slots - 1)))
    sky = sky.with_sector(replace(row, markers=("orange",) + ("green",) * (row.slots - 2)))
    game = replace(game, sectors=sky)
    steps = run(take_turn(game, Scan((EarthSignal(), RowSignal(0, other)), resolve_order=(other, 6))))
    after = steps.result
    titles = [s.title for s in steps]
    assert titles.index(f"Sector {other} ({row.star}) settled") < titles.index("Sector 6 (Vega) settled")
    green, orange = after.player("green"), after.player("orange")
    assert (green.sector_wins, orange.sector_wins) == (1, 1)
    assert after.sectors.sector(other).winners == ("green",) and after.sectors.sector(other).markers == ("orange",)
    assert after.sectors.sector(6).winners == ("orange",) and after.sectors.sector(6).markers == ("green",)
    # Publicity: 4 at the start, +1 per resolved sector each (both had markers in both), +1 for green's
    # discovery space (the pink trace each winner owed is marked in the turn: green first, then orange).
    assert (green.publicity, orange.publicity) == (4 + 2 + 1, 4 + 2)
    assert after.pending == () and green.data == 2


def test_refusals_in_the_game_name_their_rule_and_change_nothing():
    from tabletoolkit.seti import take_turn
    from tabletoolkit.seti.computer import Computer, DataSpace, sample_layout
    from tabletoolkit.seti.free_actions import PlaceData, take_free_action
    from tabletoolkit.seti.main_actions import Analyze, Scan

    for green, action, rule in [
        ({"energy": 1}, Scan((EarthSignal(), RowSignal(0, 1))), "seti.scan.cost"),
        ({"energy": 1}, Analyze(), "seti.analyze.top_row_not_full"),
        ({"energy": 0, "computer": Computer(filled=len(sample_layout().top))}, Analyze(), "seti.analyze.energy"),
    ]:
        game = game_table(**green)
        before = game
        with pytest.raises(IllegalAction) as refused:
            run(take_turn(game, action))
        assert refused.value.rule == rule and game == before
    game = game_table(data=1)
    with pytest.raises(IllegalAction) as refused:  # green's data, on orange's turn
        take_free_action(replace(game, active=1), "green", PlaceData(DataSpace("top", 1)))
    assert refused.value.rule.endswith("not_your_turn") and game.player("green").data == 1


def test_data_beyond_the_pool_is_discarded_in_the_game_too():
    from tabletoolkit.seti import take_turn
    from tabletoolkit.seti.main_actions import Scan

    game = game_table(data=5)
    after = run(take_turn(game, Scan((EarthSignal(), RowSignal(0, row_sector(game)))))).result
    assert after.player("green").data == 6 and after.player("green").energy == 1


def test_any_order_of_the_steps_marks_the_same_sectors_at_the_same_cost():
    from itertools import permutations

    green = PlayerBoard("green", energy=3, hand=("S10",), techs=frozenset({"TT2", "TT3", "TT4"}))
    steps = [EarthSignal(), RowSignal(0, 6), HandSignal("S10", 2), MercurySignal(), ProbeBoost("move")]
    outcomes = set()
    for order in permutations(steps):
        result = do(table(green, PlayerBoard("purple")), list(order)).result
        board = result.table.board("green")
        marked = tuple(sorted(n for n, _ in result.signals))
        outcomes.add((marked, board.credits, board.energy, board.publicity, board.data, result.owed))
    assert outcomes == {((1, 2, 3, 6), 3, 0, 3, 4, (("green", "action", "move"),))}
