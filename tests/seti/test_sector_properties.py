"""Properties of sector resolution over random sequences of marks (hypothesis)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletoolkit.seti import Sector, resolve_sector

players = st.sampled_from(["green", "purple", "orange", "blue"])


@st.composite
def complete_sectors(draw):
    slots = draw(st.integers(min_value=1, max_value=6))
    marks = draw(st.lists(players, min_size=slots, max_size=slots + 4))
    return slots, marks


@settings(max_examples=200, deadline=None)
@given(complete_sectors())
def test_resolution_invariants(case):
    slots, marks = case
    sector = Sector(star="Vega", slots=slots)
    data = vp = 0
    for player in marks:
        sector, gained = sector.mark(player)
        data, vp = data + gained.data, vp + gained.vp
    assert data == slots and vp == (2 if slots >= 2 else 0)
    assert sector.complete and len(sector.overflow) == len(marks) - slots
    result = resolve_sector(sector)
    counts = {p: marks.count(p) for p in set(marks)}
    latest = {p: max(i for i, q in enumerate(marks) if q == p) for p in counts}
    ranked = sorted(counts, key=lambda p: (counts[p], latest[p]), reverse=True)
    assert result.winner == ranked[0]
    assert result.second == (ranked[1] if len(ranked) > 1 else None)
    assert result.publicity == {p: 1 for p in counts}
    assert sum(result.returned.values()) == len(marks) - (1 if result.second else 0)
    reset = result.sector
    assert reset.winners == (result.winner,)
    assert reset.data_left == slots - (1 if result.second else 0)
    assert reset.markers == ((result.second,) if result.second else ())
