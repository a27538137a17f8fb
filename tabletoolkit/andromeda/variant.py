"""Andromeda's Edge rule constants and rulings a workshop may change (see ``engine.variants``).

Owners add constants here as their phases need them; procedures read them from an
``AndromedaVariant`` passed in (default: the rulebook's values).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..engine.variants import Variant, constant
from .catalog import load_catalog

BATTLE_PREP = "战斗 · 步骤 3 战斗准备"

#: The rulebook's limits (``[limits]`` of ``data/rulebook.toml``, read by the catalog) and their sections:
#: the rulebook values of the constants below.
LIMITS, LIMIT_SECTIONS = load_catalog().limits, load_catalog().limit_sections


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

    # --- game state, developments, tracks, events, return turn, final scoring ---
    track_vp: str = constant(
        "board", allowed=("board", "text"), section="进度轨道 · 轨道格值 (ruling A-F9)",
        explains="'board': VP per track space as board data calibrated to the scoring example; "
        "'text': the text's value lists (自高而低) on the top spaces.",
    )
    development_vp: str = constant(
        "card_back", allowed=("card_back", "text"), section="游戏结束 · 最终计分 步骤 2 (ruling A-R9)",
        explains="'card_back': a VP table per development type and level, calibrated to the example "
        "(factory level 3 = 10, spaceport level 2 = 7); 'text': the text's ★1/★2/★4 table.",
    )
    civilization_modules: str = constant(
        "ruling", allowed=("ruling", "literal"), section="游戏结束 · 计分举例 (ruling A-R10)",
        explains="'ruling': The Land Ministry = 4 + 2 per development (the example's +16 holds); "
        "'literal': the line item read word for word, 4 + 1 per development.",
    )
    hand_limit: int = constant(
        LIMITS["hand_limit"], allowed=range(1, 11), section=LIMIT_SECTIONS["hand_limit"],
        explains="Tactics cards kept at the end of a turn before the civilization track raises it.",
    )
    claimed_moon_limit: int = constant(
        LIMITS["claimed_moons"], allowed=range(1, 9), section=LIMIT_SECTIONS["claimed_moons"],
        explains="Most moons in a station's claimed-moon area.",
    )
    development_vp_cap: int = constant(
        LIMITS["development_vp_cap"], allowed=range(1, 31), section=LIMIT_SECTIONS["development_vp_cap"],
        explains="Most VP a development scores when it is built.",
    )
    damaged_module_penalty: int = constant(
        2, allowed=range(0, 6), section="游戏结束 · 最终计分 步骤 3",
        explains="VP lost per damaged module in final scoring.",
    )
    event_damaged_module_penalty: int = constant(
        1, allowed=range(0, 4), section="事件轨道 · 结算事件卡 1 (ruling A-R5)",
        explains="VP lost per damaged module when an event card scores a track (never below 0).",
    )
    event_advance_while_pending: str = constant(
        "ignored", allowed=("ignored", "carried"), section="事件轨道 · 触发事件 (ruling A-R8)",
        explains="'ignored': event advances while an event is pending are lost; 'carried': they move the "
        "marker on from its reset space.",
    )

    empty_event_deck: str = constant(
        "reshuffle", allowed=("reshuffle", "no_card"), section="事件轨道 · 结算事件卡",
        explains="The rulebook is silent on an event deck running out (10 cards): 'reshuffle': its discarded "
        "cards are shuffled into a new deck, as the tactics discard is; 'no_card': a pending event resolves "
        "no card and the marker is reset.",
    )

    # --- the board, launches, raids, escalation, pirate placement ---
    jump_energy: int = constant(
        1, allowed=range(0, 4), section="星际飞船 · 飞船能力 (跳跃; A-F7)",
        explains="Energy paid for one Jump: unlimited range for a ship with Jump when it launches or moves "
        "(escalation included).",
    )
    launch_range_from: str = constant(
        "own", allowed=("own", "any"), section="发射回合 · 步骤 1 后续发射 (ruling A-R6)",
        explains="'own': a subsequent launch lands within range of one of your own ships on the board; "
        "'any': of any ship on the board (the text's bare wording).",
    )
    nebulae_block_paths: bool = constant(
        False, allowed=(True, False), section="可选规则 · 特殊地区 (ruling A-R7)",
        explains="False: paths may cross nebulae and only Quasars block, Voyage governs entering a nebula; "
        "True: a ship without Voyage cannot pass through a nebula either.",
    )
    empty_spaces_in_paths: bool = constant(
        True, allowed=(True, False), section="游戏设置 · 4 (empty tile spaces; ruling A-R7: only Quasars block)",
        explains="True: an empty tile space (no tile laid yet) is a step paths may cross; False: it blocks paths "
        "like a Quasar. Nothing may launch to, raid or be placed in an empty space either way.",
    )
    s_class_for_named_class: int = constant(
        2, allowed=range(0, 5), section="海盗 · 放置新海盗 (A-F6)",
        explains="S-class figures placed instead when an event's named pirate class is already on the board.",
    )
    fallback_nebula: str = constant(
        "pirate_free", allowed=("pirate_free", "free_for_class"), section="海盗 · 放置新海盗 (A-F6)",
        explains="Where a pirate goes when its start region holds another pirate class: 'pirate_free': a random "
        "nebula no pirate holds (A-F6); 'free_for_class': S-class figures may also fall back into a nebula "
        "holding S-class (the S-class exception read as covering the fallback too).",
    )


    # --- battle and odds ---
    start_roll_dice: int = constant(
        6, allowed=range(1, 13), section="游戏设置 · 7 起始玩家",
        explains="Dice each player rolls in the start-player roll-off (compared like a battle).",
    )
    start_roll_full_tie: str = constant(
        "tied", allowed=("tied", "all"), section="游戏设置 · 7 起始玩家 (ruling A-R1)",
        explains="'tied': after a full tie for first only the tied players roll again; 'all': everyone rolls again.",
    )
    swarm_dice_per_figure: bool = constant(
        True, allowed=(True, False), section="战斗 · 步骤 4 投掷骰子 (S 级海盗; ruling A-R3)",
        explains="True: an S-class swarm rolls the card's weapons once per figure in the region (capped); "
        "False: the card's weapons once, however many figures.",
    )
    full_tie_beats_pirate: bool = constant(
        True, allowed=(True, False), section="战斗 · 步骤 6 受损飞船 (ruling A-R2)",
        explains="True: on a tie for first (everyone loses) one pirate figure counts as beaten and is damaged; "
        "False: the pirate is not damaged on a tie.",
    )

    def __hash__(self) -> int:
        """The hash of the compared fields (the dataclass's own), worked out once for a variant: what a state keeps
        for a variant is looked up at nearly every decision of a whole game."""
        found = _HASHES.get(id(self))
        if found is None or found[0] is not self:
            if len(_HASHES) >= 64:
                _HASHES.clear()
            found = _HASHES[id(self)] = (self, hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare)))
        return found[1]


#: Each variant hashed lately, by its id, with its hash (kept with the variant, so an id is not met again meanwhile).
_HASHES: dict[int, tuple[AndromedaVariant, int]] = {}

RULEBOOK = AndromedaVariant()
