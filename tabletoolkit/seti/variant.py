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

    # Sectors, scanning, data and the computer.
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

    # The solo rival.
    solo_chart_steps: int = constant(
        4, allowed=range(1, 9), section="单人游戏 · 对手资源",
        explains="Progress steps the rival takes for the chart icon.",
    )
    solo_unpaid_objective_progress: int = constant(
        3, allowed=range(0, 7), section="单人游戏 · 目标",
        explains="Progress steps the rival takes for each completed objective you cannot pay after rounds 1-4.",
    )
    solo_unfinished_objective_vp: int = constant(
        5, allowed=range(0, 11), section="单人游戏 · 目标 / 游戏结束",
        explains="VP the rival scores at the end for each unfinished objective (the three face-up and the stack).",
    )
    solo_computer_tech_vp: int = constant(
        3, allowed=range(0, 7), section="单人游戏 · 使用科技板块",
        explains="VP the rival gains when it discards a computer tech while analyzing (with 1 progress).",
    )
    solo_sector_last_tie: str = constant(
        "decision arrow", allowed=("decision arrow", "first listed"), section="单人游戏 · 望远镜 (silent)",
        explains="Sectors still tied after 'the larger sector': the card's decision arrow picks leftmost or "
        "rightmost (the rival's usual tie-breaker); alternative: the first sector listed.",
    )
    solo_threshold_marks_while_reached: bool = constant(
        False, allowed=(True, False), section="单人游戏 · 任务; RULINGS S-F25",
        explains="Reaching 16 VP, 9 publicity or 5 pool data is one trigger and marks one task (S-F25); a second "
        "open task with the same threshold waits for the next crossing. True: at the end of your turn every open "
        "threshold task already reached is marked (任务: '如果已经达到或超过…请立即标记' read as a standing condition).",
    )
    solo_reshuffle_each_round: bool = constant(
        True, allowed=(True, False), section="RULINGS S-R8",
        explains="At the start of each round all the rival's action cards are shuffled into a new deck; "
        "False: only the discard is shuffled, under what is left of the deck, so an advanced card gained after "
        "the rival passed still comes first next round.",
    )

    # --- turns, rounds, techs, traces, milestones, final scoring ---
    start_publicity: int = constant(4, allowed=range(0, 11), section="玩家设置 · 起始资源", explains="Publicity at the start.")
    start_credits: int = constant(4, allowed=range(0, 21), section="玩家设置 · 起始资源", explains="Credits at the start.")
    start_energy: int = constant(3, allowed=range(0, 21), section="玩家设置 · 起始资源", explains="Energy at the start.")
    start_cards: int = constant(5, allowed=range(0, 11), section="玩家设置 · 起始资源", explains="Cards dealt at the start.")
    income_credits: int = constant(3, allowed=range(0, 11), section="轮次之间", explains="Credits the start card pays each income.")
    income_energy: int = constant(2, allowed=range(0, 11), section="轮次之间", explains="Energy the start card pays each income.")
    income_cards: int = constant(1, allowed=range(0, 4), section="轮次之间",
                                 explains="Random cards from the deck the start card pays each income (S-F7).")
    hand_limit: int = constant(4, allowed=range(1, 11), section="弃权不行动",
                               explains="Hand size kept when passing; alien cards do not count (S-F16).")
    research_publicity: int = constant(6, allowed=range(0, 11), section="研究科技", explains="Publicity a research action costs.")
    first_tech_vp: int = constant(2, allowed=range(0, 6), section="研究科技", explains="VP of the 2-point tile for a stack's first taker.")
    conversion_rate: int = constant(2, allowed=range(1, 5), section="资源转换",
                                    explains="Resources of one kind paid for 1 of any kind (S-F4).")
    buy_card_publicity: int = constant(3, allowed=range(0, 11), section="购买卡牌", explains="Publicity a bought card costs.")
    gold_milestones: tuple = constant(
        (25, 50, 70), allowed={(25, 50, 70), (20, 45, 70), (30, 60, 90)}, section="里程碑 · 金色里程碑",
        explains="Scores at which a player marks a gold scoring tile.",
    )
    neutral_milestones: tuple = constant(
        (20, 30), allowed={(20, 30), (15, 25), ()}, section="里程碑 · 中立里程碑",
        explains="Scores at which a neutral marker goes to a discovery space.",
    )
    neutral_markers: tuple = constant(
        (2, 2, 1, 0), allowed={(2, 2, 1, 0), (2, 2, 1, 1), (0, 0, 0, 0)}, section="设置 · ⑧ 中立里程碑",
        explains="Neutral markers on each neutral milestone for 1, 2, 3 and 4 players.",
    )
    all_thresholds_trigger: bool = constant(
        True, allowed={True, False}, section="RULINGS S-R3",
        explains="Passing several thresholds in one turn triggers each (False: only the highest one).",
    )
    fourth_gold_chooser: str = constant(
        "lowest", allowed={"lowest", "nothing"}, section="RULINGS S-R4",
        explains="What a fourth player to mark a gold tile scores: its lowest value, or nothing.",
    )
    income_tile_most: str = constant(
        "larger", allowed={"larger", "sum"}, section="RULINGS S-R5",
        explains="Income tile second side counts the larger of credit and energy tucks (or, read loosely, both).",
    )
    discovery_space_vp: int = constant(5, allowed=range(0, 11), section="标记生命痕迹", explains="VP for a discovery space.")
    discovery_space_publicity: int = constant(1, allowed=range(0, 4), section="标记生命痕迹",
                                              explains="Publicity for a discovery space.")
    overflow_vp: int = constant(3, allowed=range(0, 11), section="溢出区域", explains="VP for an overflow space.")
    overflow_anytime: bool = constant(
        True, allowed={True, False}, section="溢出区域 (RULINGS S-F15)",
        explains="Overflow is allowed even when a matching space is free (False: only when both are full).",
    )
    alien_card_converts: bool = constant(
        True, allowed={True, False}, section="FAQ (RULINGS S-F4)",
        explains="An alien card counts as a card when converting (unless it says it cannot be discarded, S-R9).",
    )

    # --- the solar system and the probes: launch, move, orbit, land, rotation ---
    launch_credits: int = constant(2, allowed=range(0, 6), section="发射一个探测器", explains="Credits a launch costs.")
    pt1_extra_probes: int = constant(
        1, allowed=range(0, 3), section="探测器科技 · PT #01",
        explains="Extra probes a player may have in space with PT #01 (whose bonus is a free launch).",
    )
    move_energy: int = constant(1, allowed=range(0, 4), section="移动", explains="Energy paid for one move (a free action).")
    asteroid_exit_extra: int = constant(
        1, allowed=range(0, 3), section="移动 · 规则提示",
        explains="Extra moves it takes to leave a space with asteroids (none with PT #03, S-F10).",
    )
    pt3_asteroid_publicity: int = constant(
        1, allowed=range(0, 3), section="探测器科技 · PT #03 (S-F10)",
        explains="Publicity for entering a space with asteroids with PT #03.",
    )
    pt3_on_push: bool = constant(
        True, allowed=(True, False), section="探测器科技 · PT #03 (silent on pushes)",
        explains="A probe pushed into asteroids by a rotation also earns PT #03's publicity (a push is a move "
        "into the space, 旋转太阳系); False: a push pays only the space's printed icon.",
    )
    orbit_credits: int = constant(1, allowed=range(0, 4), section="绕行星运行", explains="Credits an orbit costs.")
    orbit_energy: int = constant(1, allowed=range(0, 4), section="绕行星运行", explains="Energy an orbit costs.")
    first_orbiter_vp: int = constant(3, allowed=range(0, 11), section="绕行星运行", explains="VP for a planet's first orbiter.")
    land_energy: int = constant(3, allowed=range(0, 6), section="登陆行星或卫星", explains="Energy a landing costs.")
    land_energy_with_orbiter: int = constant(
        2, allowed=range(0, 6), section="登陆行星或卫星",
        explains="Energy a landing costs when the planet already has an orbiter (anyone's).",
    )
    pt2_land_discount: int = constant(
        1, allowed=range(0, 3), section="探测器科技 · PT #02", explains="Energy PT #02 takes off every landing.",
    )
    route_revisits: bool = constant(
        False, allowed=(False, True), section="RULINGS S-F2 (silent on revisits)",
        explains="Planned routes (the rival's most-publicity route) enter each space at most once; True: a "
        "route may come back to a space and collect its publicity again.",
    )
    route_tiebreak: str = constant(
        "fewest moves", allowed=("fewest moves", "most moves"), section="RULINGS S-R8",
        explains="Among routes with equal publicity the rival takes the one with the fewest moves, then the "
        "decision arrow; alternative: the longest route.",
    )
    route_arrow_left: str = constant(
        "anticlockwise", allowed=("anticlockwise", "clockwise"), section="RULINGS S-R8 (silent on direction)",
        explains="The decision arrow pointing left picks, among otherwise tied routes, the one whose first "
        "differing step turns anticlockwise (right: clockwise); alternative: left means clockwise.",
    )
    push_is_visit: bool = constant(
        True, allowed=(True, False), section="研究科技 · 旋转太阳系; RULINGS S-F12",
        explains="A probe pushed into a space by a rotation visits it (the push is a free move, and a visit is a "
        "move into a space, S-F12): triggered missions may fire; False: only a player's own moves visit.",
    )

    # --- rulings for the whole game (RULINGS S-R7, S-R10 … S-R13) ---
    card_sector_resolution: str = constant(
        "after the action", allowed=("after the action", "at once"), section="扇形区域 · 完成扇区; RULINGS S-R7",
        explains="A sector completed by a signal from an effect (a card's, Jupiter's orbit) resolves when the main "
        "action is done, in the order the player chooses (完成主要行动后，按任意顺序解算所有已完成的扇区); "
        "alternative: at once, when the signal completes it.",
    )
    between_turn_milestones: str = constant(
        "at once", allowed=("at once", "after the next turn"), section="里程碑; RULINGS S-R10",
        explains="A milestone crossed between turns (a discovery's rewards, a reward settled after the turn) "
        "resolves at once, before the next turn (gold, then neutral, then the discoveries it causes); "
        "alternative: it waits for the end of the next turn.",
    )
    computer_tuck_optional: bool = constant(
        True, allowed=(True, False), section="放置数据; RULINGS S-R11",
        explains="Covering the computer's tuck space you may tuck a hand card or not (覆盖这个区域可以让你塞进一张牌作为"
        "收入); False: you must tuck one if you hold a card.",
    )
    gold_tile_optional: bool = constant(
        False, allowed=(False, True), section="金色计分板块; RULINGS S-R12",
        explains="On reaching 25/50/70 you must mark a gold tile if one has a space for you, choosing which; "
        "True: marking one is optional.",
    )
    end_of_round_leftover: str = constant(
        "discard", allowed=("discard", "out of the game"), section="弃权不行动; RULINGS S-R13",
        explains="The end-of-round card left over once every player has taken one goes to the discard pile "
        "(and may come back in a reshuffle); alternative: it leaves the game.",
    )


RULEBOOK = SetiVariant()
