"""Rewards: what an icon row gives (VP, publicity, credits, energy, data, cards, traces, actions).

A ``Reward`` is plain data read from TOML. The resource part is applied by ``SetiGame.grant``; traces,
tucks and actions ask for decisions and are carried out by the phases that own them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Mapping

from ..engine.errors import InvalidInput

TRACE_COLOURS = ("pink", "yellow", "blue")
TRACE_KINDS = TRACE_COLOURS + ("any",)
INCOME_KINDS = ("credits", "energy", "cards")


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
    traces: tuple[str, ...] = ()
    tuck: int = 0
    actions: tuple[str, ...] = ()
    # From the deck of the species whose board or discovery gives them (kept out of the repr, which other
    # notebooks print: ``describe`` names it).
    alien_cards: int = field(default=0, repr=False)

    @classmethod
    def parse(cls, raw: Mapping[str, Any] | None, field: str) -> "Reward":
        """A reward from a TOML table; ``field`` names the entry in errors."""
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise InvalidInput(field, raw, "a reward is a table such as { vp = 2, publicity = 1 }")
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in raw.items():
            if key not in known:
                raise InvalidInput(f"{field}.{key}", value, f"unknown reward; known: {sorted(known)}")
            if key in ("traces", "actions"):
                if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                    raise InvalidInput(f"{field}.{key}", value, "a list of names")
                if key == "traces" and any(v not in TRACE_KINDS for v in value):
                    raise InvalidInput(f"{field}.{key}", value, f"trace colours are {TRACE_KINDS}")
                values[key] = tuple(value)
            else:
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise InvalidInput(f"{field}.{key}", value, "a whole number, 0 or more")
                values[key] = value
        return cls(**values)

    def __bool__(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))

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
