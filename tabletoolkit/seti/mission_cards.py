"""A mission or end-game card in front of its owner, as a component (任务卡)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MissionInPlay:
    """A mission or end-game card in front of its owner."""

    owner: str
    card: str
    kind: str
    covered: tuple[bool, ...] = ()
    completed: bool = False
