from dataclasses import dataclass

import pytest

from tabletoolkit import InvalidInput
from tabletoolkit.engine import Variant, constant


@dataclass(frozen=True)
class Toy(Variant):
    cap: int = constant(6, allowed=range(1, 13), section="toy §1", explains="Most dice.")
    strict: bool = constant(True, allowed=(True, False), section="ruling T-1", explains="Strict reading.")


def test_rulebook_values_and_metadata():
    toy = Toy()
    assert (toy.cap, toy.strict) == (6, True)
    info = {c.name: c for c in Toy.constants()}
    assert info["cap"].rulebook == 6 and info["cap"].section == "toy §1"
    assert toy.changes() == {}


def test_but_changes_and_reports_differences():
    changed = Toy().but(cap=8, strict=False)
    assert changed.changes() == {"cap": (6, 8), "strict": (True, False)}


def test_disallowed_and_unknown_values_are_refused():
    with pytest.raises(InvalidInput) as error:
        Toy().but(cap=13)
    assert error.value.field == "cap" and "1..12" in str(error.value)
    with pytest.raises(InvalidInput) as error:
        Toy().but(caps=8)
    assert error.value.field == "caps"


def test_a_rulebook_value_outside_its_allowed_values_is_a_bug():
    with pytest.raises(InvalidInput):
        constant(0, allowed=range(1, 3), section="s", explains="e")


def test_html_table_lists_every_constant():
    shown = Toy().but(cap=8)._repr_html_()
    assert "<code>cap</code>" in shown and "<code>strict</code>" in shown and "<td>8</td>" in shown
