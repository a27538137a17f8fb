"""Rewards: what an icon row gives (VP, publicity, credits, energy, data, cards, traces, actions).

A ``Reward`` is plain data read from TOML: a reward table's keys are its fields (``engine.decode`` reads
it; counts are whole numbers up to the decoder's limit, an icon row holds at most ``ICONS`` traces or
actions). The resource part is applied by ``SetiGame.grant``; traces, tucks and actions ask for decisions
and are carried out by the phases that own them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Annotated

from ..engine.decode import items

TRACE_COLOURS = ("pink", "yellow", "blue")
TRACE_KINDS = TRACE_COLOURS + ("any",)
INCOME_KINDS = ("credits", "energy", "cards")
ICONS = 10  # a stated limit: a printed icon row shows a handful of icons


@dataclass(frozen=True)
class Reward:
    """An icon row. ``cards`` come from the row or the deck, ``random_cards`` from the deck top."""

    vp: int = 0
    publicity: int = 0
    credits: int = 0
    energy: int = 0
    data: int = 0
    cards: int = 0
    random_cards: int = 0
    traces: Annotated[tuple[str, ...], items(most=ICONS, one_of=TRACE_KINDS)] = ()
    tuck: int = 0
    actions: Annotated[tuple[str, ...], items(most=ICONS)] = ()
    # From the deck of the species whose board or discovery gives them (kept out of the repr, which other
    # notebooks print: ``describe`` names it).
    alien_cards: int = field(default=0, repr=False)

    def __bool__(self) -> bool:
        return self != _NOTHING

    def describe(self) -> str:
        """Plain words: '2 VP, 1 publicity'."""
        parts = []
        for name, label in (
            ("vp", "VP"), ("publicity", "publicity"), ("credits", "credits"), ("energy", "energy"),
            ("data", "data"), ("cards", "cards (row or deck)"), ("random_cards", "random cards from the deck"),
            ("tuck", "tucked income cards"), ("alien_cards", "alien cards from the species' deck"),
        ):
            amount = getattr(self, name)
            if amount:
                parts.append(f"{amount} {label}")
        parts += [f"a {colour} life trace" for colour in self.traces]
        parts += [f"action: {action}" for action in self.actions]
        return ", ".join(parts) or "nothing"

    def __add__(self, other: "Reward") -> "Reward":
        return Reward(**{
            f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)
        })


_NOTHING = Reward()  # the reward of nothing: a reward is true when it gives anything
