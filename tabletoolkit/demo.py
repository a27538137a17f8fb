"""A demonstration procedure with no game in it: roll two dice and add them.

It shows the shape every phase has — explained steps citing their source, a state with a picture,
seeded or forced randomness — and a first exact probability. ``00_start_here.ipynb`` steps through it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .engine import Rng, Step
from .engine.steps import Procedure
from .prob import Distribution

SOURCE = "demonstration (no rulebook)"

_PIPS = {
    1: [(2, 2)],
    2: [(1, 1), (3, 3)],
    3: [(1, 1), (2, 2), (3, 3)],
    4: [(1, 1), (1, 3), (3, 1), (3, 3)],
    5: [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)],
    6: [(1, 1), (1, 2), (1, 3), (3, 1), (3, 2), (3, 3)],
}


@dataclass(frozen=True)
class DiceOnTable:
    """The dice rolled so far, shown as a picture."""

    dice: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return sum(self.dice)

    def _repr_svg_(self) -> str:
        size, gap = 60, 14
        width = max(1, len(self.dice)) * (size + gap) + gap
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{size + 2 * gap}" class="tt-dice">']
        for index, value in enumerate(self.dice):
            x = gap + index * (size + gap)
            parts.append(f'<rect x="{x}" y="{gap}" width="{size}" height="{size}" rx="9" fill="white" stroke="#333" stroke-width="2"/>')
            for col, row in _PIPS[value]:
                parts.append(f'<circle cx="{x + col * size / 4:g}" cy="{gap + row * size / 4:g}" r="5.5" fill="#333"/>')
        parts.append("</svg>")
        return "".join(parts)


def two_dice_total(rng: Rng) -> Procedure:
    """Roll two six-sided dice one after the other, then add them and give the total's exact odds."""
    state = DiceOnTable()
    first = rng.roll(6)
    state = replace(state, dice=(first,))
    yield Step("Roll the first die", f"The first die shows {first}.", SOURCE, state, {"die": first})
    second = rng.roll(6)
    state = replace(state, dice=(first, second))
    yield Step("Roll the second die", f"The second die shows {second}.", SOURCE, state, {"die": second})
    totals = Distribution.die(6) + Distribution.die(6)
    chance = totals[state.total]
    ways = round(chance * 36)
    yield Step(
        "Add them up",
        f"The total is {state.total}. {ways} of the 36 equally likely pairs give it, so its exact chance is {chance}.",
        SOURCE,
        state,
        {"total": state.total, "probability": chance},
    )
    return state.total


def chance_of_total(total: int) -> Fraction:
    """The exact probability that two dice add up to ``total``."""
    return (Distribution.die(6) + Distribution.die(6))[total]
