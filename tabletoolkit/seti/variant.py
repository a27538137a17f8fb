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
    # Sectors, scanning, data and the computer (issue 7).
    second_slot_vp: int = constant(
        2, allowed=range(0, 6), section="扇形区域 · 标记信号",
        explains="VP for the marker placed in a sector's second data slot.",
    )
    sector_publicity: int = constant(
        1, allowed=range(0, 4), section="扇形区域 · 完成扇区",
        explains="Publicity for every player with a marker in a sector being resolved, the winner included.",
    )
    carried_second_counts: bool = constant(
        True, allowed=(True, False), section="RULINGS S-R6",
        explains="A second-place marker kept from the last reset counts (as placed earliest) toward the "
        "majority and the +1 publicity; False: it only marks the slot and never counts.",
    )
    scan_credits: int = constant(
        1, allowed=range(0, 4), section="扫描附近的恒星",
        explains="Credits the scan action costs.",
    )
    scan_energy: int = constant(
        2, allowed=range(0, 5), section="扫描附近的恒星",
        explains="Energy the scan action costs.",
    )
    tt3_publicity: int = constant(
        1, allowed=range(0, 4), section="望远镜科技 · TT #03",
        explains="Publicity TT #03 costs for the extra signal in Mercury's sector.",
    )
    tt4_energy: int = constant(
        1, allowed=range(0, 4), section="望远镜科技 · TT #04",
        explains="Energy TT #04 costs to launch a probe or gain a move during a scan.",
    )
    card_row_size: int = constant(
        3, allowed=range(1, 7), section="设置 · 4 卡牌行",
        explains="Face-up cards in the card row.",
    )
    analyze_energy: int = constant(
        1, allowed=range(0, 4), section="分析数据",
        explains="Energy the analyze action costs.",
    )
    computer_tech_vp: int = constant(
        2, allowed=range(0, 6), section="计算机科技",
        explains="VP for placing data on a computer tech's upper space (not when the tech slides under data).",
    )


RULEBOOK = SetiVariant()
