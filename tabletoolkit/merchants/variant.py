"""Starship Merchants rule constants and rulings a workshop may change (see ``engine.variants``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.variants import Variant, constant


@dataclass(frozen=True)
class MerchantsVariant(Variant):
    loan_markers: int = constant(
        2, allowed=range(0, 5), section="シップヤード",
        explains="Loan markers put on a leased ship, each repaid at half the full price.",
    )


RULEBOOK = MerchantsVariant()
