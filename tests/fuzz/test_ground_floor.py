"""The ground floor's entry points given hostile values one argument at a time: only typed errors, no hang."""

import pytest

import tabletoolkit as tt
from fuzzing import HANG, UNTYPED, describe, game_entry_points, ground_floor, hostile, outcome
from hypothesis import given

ENTRY_POINTS = {point.name: point for point in ground_floor() + game_entry_points()}
# Defects found in other wings, expected to fail until their owners fix them (strict: a fix flips the test).
KNOWN: dict[tuple[str, object], str] = {}
CASES = [pytest.param(name, slot, id=f"{name}[{slot}]",
                      marks=[pytest.mark.xfail(strict=True, reason=KNOWN[name, slot])] if (name, slot) in KNOWN else [])
         for name, point in ENTRY_POINTS.items() for slot in point.slots()]


@pytest.mark.parametrize("name, slot", CASES)
def test_an_entry_point_given_a_bad_value_raises_only_a_typed_error(name, slot):
    point = ENTRY_POINTS[name]
    kind, value = outcome(point.with_value(slot, point.args[slot] if isinstance(slot, int) else dict(point.kwargs)[slot]))
    assert kind not in (UNTYPED, HANG), f"the good arguments fail: {describe(kind, value)}"

    @given(hostile())
    def one(bad):
        kind, value = outcome(point.with_value(slot, bad), seconds=10)
        assert kind not in (UNTYPED, HANG), f"{name} with {slot}={bad!r}: {describe(kind, value)}"

    one()


@pytest.mark.parametrize("game_id, settings", [
    ("andromeda", {"players": 3.0}),
    ("merchants", {"players": [[], []]}),
    ("seti", {"players": 3.0}),
    ("seti-solo", {"stars": 3.0}),
    ("merchants", {"players": 3.0}),
])
def test_new_game_refuses_a_setting_of_the_wrong_type_by_name(game_id, settings):
    kind, value = outcome(lambda: tt.new_game(game_id, seed=1, **settings))
    assert kind not in (UNTYPED, HANG), describe(kind, value)
