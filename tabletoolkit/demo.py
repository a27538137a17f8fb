"""A demonstration procedure with no game in it: roll two dice and add them.

It shows the shape every phase has — explained steps citing their source, a state with a picture,
seeded or forced randomness — and a first exact probability. ``00_start_here.ipynb`` steps through it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .engine import Rng, Step
from .engine import svg
from .engine.numbers import probability_text
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
        """The dice as pips (engine.svg) and, once any is rolled, their total in 16 px type."""
        size, gap = 60, 14
        width = max(2, len(self.dice)) * (size + gap) + gap
        parts: list[svg.Element] = []
        for index, value in enumerate(self.dice):
            x = gap + index * (size + gap)
            parts.append(svg.rect(x, gap, size, size, rx=9, fill="white", stroke="ink", stroke_width=2))
            for col, row in _PIPS[value]:
                parts.append(svg.circle(x + col * size / 4, gap + row * size / 4, 5.5, fill="ink"))
        if self.dice:
            parts.append(svg.text(gap, size + 2 * gap + 16, f"total {self.total}", font_size=16, fill="ink"))
        return svg.svg(width, size + 2 * gap + (24 if self.dice else 0), *parts, class_="tt-dice",
                       font_family="sans-serif").render()


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
        f"The total is {state.total}. {ways} of the 36 equally likely pairs give it, so its exact chance is {probability_text(chance)}.",
        SOURCE,
        state,
        {"total": state.total, "probability": chance},
    )
    return state.total


def chance_of_total(total: int) -> Fraction:
    """The exact probability that two dice add up to ``total``."""
    return (Distribution.die(6) + Distribution.die(6))[total]
