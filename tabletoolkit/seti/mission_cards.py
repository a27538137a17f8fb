"""A mission or end-game card in front of its owner, as a component (任务卡)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card


@dataclass(frozen=True)
class MissionInPlay:
    """A mission or end-game card in front of its owner."""

    owner: str
    card: str
    kind: str
    covered: tuple[bool, ...] = ()
    completed: bool = False

    @classmethod
    def played(cls, owner: str, card: "Card") -> "MissionInPlay":
        """``card`` just played for its effect and kept in front of ``owner`` (任务卡): a conditional mission,
        a triggered one with every circle open, or an end-game card."""
        return cls(owner, card.id, card.kind, (False,) * len(card.triggers))
