"""Andromeda's Edge rule constants and rulings a workshop may change (see ``engine.variants``).

Owners add constants here as their phases need them; procedures read them from an
``AndromedaVariant`` passed in (default: the rulebook's values).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.variants import Variant, constant

BATTLE_PREP = "战斗 · 步骤 3 战斗准备"


@dataclass(frozen=True)
class AndromedaVariant(Variant):
    dice_cap: int = constant(
        6, allowed=range(1, 13), section=BATTLE_PREP + " (骰子上限)",
        explains="Most weapon dice one participant may roll in a battle.",
    )
    team_dice_cap: int = constant(
        12, allowed=range(1, 25), section="可选规则 · 2v2 模式",
        explains="Most dice a 2v2 team rolls once its teammates' dice are pooled.",
    )
    aim_cap: int = constant(
        5, allowed=range(1, 7), section=BATTLE_PREP + " (瞄准值)",
        explains="Highest aim: dice showing less than the aim are rerolled.",
    )
    diplomacy_per_participant: bool = constant(
        True, allowed=(True, False), section="战斗 · 步骤 2 外交 (ruling A-R4)",
        explains="True: each participant may play one diplomacy card per battle; False: one card per battle in all.",
    )


RULEBOOK = AndromedaVariant()
