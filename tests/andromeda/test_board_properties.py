"""Properties of the board rules over many random positions on the default board (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletoolkit.andromeda.board import Board, Pieces
from tabletoolkit.andromeda.state import Ship
from tabletoolkit.andromeda.launch import legal_launches
from tabletoolkit.andromeda.pirates import NOT_PLACED, RANDOM_NEBULA, PirateCard, placement_odds, raid_options

BOARD = Board.default()
QUASARS = BOARD.cleared().lay_out(
    [r.tile for r in BOARD.tile_spaces() if r.tile], special=["quasar-1", "quasar-2"]
)
STANDING = [r.id for r in BOARD.regions.values() if r.kind not in ("empty", "quasar")]
NEBULAE = [r.id for r in BOARD.of_kind("nebula")]

pirate_positions = st.dictionaries(
    st.sampled_from(STANDING), st.sampled_from(["S", "SS", "A", "B", "C", "D"]), max_size=6
)


@settings(max_examples=60, deadline=None)
@given(pirate_positions, st.sampled_from("SABCD"), st.sampled_from([RANDOM_NEBULA, "development_office", "T11"]),
       st.integers(0, 3))
def test_placement_odds_are_a_distribution_over_allowed_regions(pirates, letter, start, supply):
    pieces = Pieces.of(pirates=pirates)
    odds = placement_odds(BOARD, pieces, PirateCard("card", letter, 1, start), s_supply=supply)
    assert sum(p for _, p in odds.items()) == 1
    arriving = "S" if letter == "S" or letter in {l for _, l in pieces.pirates} else letter
    for region, chance in odds.items():
        assert chance > 0
        if region == NOT_PLACED:
            continue
        held = set(pieces.pirates_in(region))
        assert not held or held == {"S"} == {arriving}, f"{arriving} placed among {held} in {region}"
        fixed = BOARD.base(start).id if start == "development_office" else start
        if start != RANDOM_NEBULA and region != fixed:  # a fallback: a nebula free of pirates (A-F6)
            assert region in NEBULAE and not held


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(QUASARS.regions)), st.sampled_from(sorted(QUASARS.regions)), st.sampled_from(sorted(QUASARS.regions)))
def test_distances_are_symmetric_and_obey_the_triangle_rule_through_passable_regions(a, b, c):
    ab, ba = QUASARS.distance(a, b), QUASARS.distance(b, a)
    assert ab == ba
    passable = QUASARS.regions[b].kind != "quasar"
    if passable and ab is not None and QUASARS.distance(b, c) is not None:
        assert QUASARS.distance(a, c) <= ab + QUASARS.distance(b, c)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(STANDING), min_size=1, max_size=3), st.integers(0, 3), st.booleans(), st.integers(0, 1))
def test_every_legal_subsequent_launch_is_in_range_or_paid_for(own, reach, jump, energy):
    pieces = Pieces.of(ships={region: [Ship(owner="blue")] for region in own})
    ship = Ship("heavy_cruiser", owner="blue", range=reach, voyage=True, jump=jump)
    options = legal_launches(BOARD, pieces, ship, energy=energy)
    nearest = BOARD.nearest(own)
    for verdict in options.verdicts:
        if not verdict.legal:
            assert verdict.rule.startswith("andromeda.launch.")
            continue
        assert verdict.region not in own
        if verdict.jump:
            assert jump and energy >= 1 and nearest[verdict.region] > reach
        else:
            assert nearest[verdict.region] <= reach


@settings(max_examples=60, deadline=None)
@given(pirate_positions, st.sampled_from(STANDING))
def test_raiders_are_in_range_and_never_enter_a_region_held_by_another_class(pirates, active):
    cards = {c: PirateCard(c, c, 2 if c == "B" else 1) for c in "SABCD"}
    pieces = Pieces.of(pirates=pirates)
    options = raid_options(BOARD, pieces, active, cards)
    here = set(pieces.pirates_in(active))
    for verdict in options.verdicts:
        if verdict.legal:
            assert verdict.steps <= cards[verdict.pirate_class].range
            assert not here or here == {"S"} == {verdict.pirate_class}
    if here:
        assert set(options.choices) <= ({"S"} if here == {"S"} else set())
