"""SETI rule constants and rulings a workshop may change (see ``engine.variants``).

Owners add constants here as their phases need them; procedures read them from a ``SetiVariant``
passed in (default: the rulebook's values).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.variants import Variant, constant


@dataclass(frozen=True)
class SetiVariant(Variant):
    publicity_cap: int = constant(
        10, allowed=range(1, 21), section="移动 (宣传)",
        explains="Publicity never rises above this.",
    )
    data_pool: int = constant(
        6, allowed=range(1, 13), section="数据容量",
        explains="Most data a player may hold in the pool; more is discarded.",
    )
    probe_limit: int = constant(
        1, allowed=range(1, 5), section="发射一个探测器",
        explains="Probes a player may have in space at once (one more with probe tech PT #01).",
    )
    rounds: int = constant(
        5, allowed=range(1, 9), section="游戏概述 · 轮次结构",
        explains="Rounds in a game.",
    )


RULEBOOK = SetiVariant()
