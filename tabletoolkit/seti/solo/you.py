"""Your side of a solo game (单人游戏): what you may do now, each option legal or refused with its reason,
and carrying it out.

Your turn (回合结构): free actions at any time, one main action, then ``end`` (passing is a main action
that ends it, after you choose an end-of-round card). Main actions (``your_options``): launch, fly and
orbit, fly and land (on a moon with PT4), scan (naming the card-row card's sector; TT1 moves the Earth
signal), research (a computer tech into the slot you name), analyze, play a card (its price, effect,
mission or end-game scoring from the unified card model ``seti.cards``), pass — with the rulebook's
costs. Free actions (``free_options``): moving a probe one space, a scan's telescope steps (TT2-TT4),
conversions (naming the cards paid), card corners, buying a card, completing a mission, placing data in
your computer (top row, lower spaces under computer techs; ``seti.computer``), holding a mission circle
for a later trigger (covering is optional, S-F19), and your standing choice of the gold tile to mark
next. The choices a reward leaves you (``owed_options``, kept in ``SoloGame.pending`` as the multiplayer game
keeps what it owes: a card from the row or the deck, the card you tuck, where a life trace goes, a card's
signal or landing, the order of completed sectors) come first.
Actions inside a played card's effect are carried out at no standard cost: a launch, a landing, a signal,
a research of the tech you pick, a move (a free move this turn). Triggered missions cover a circle per
event, also on the rival's turn (a probe pushed by a rotation visits), and complete (``seti.missions``).
Your gold tiles and end-game cards are scored at the end by the multiplayer final scoring (``your_gold_lines``,
``your_card_lines``).
"""

from __future__ import annotations

from dataclasses import dataclass
from ...engine.frozen import last_asked, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Callable, Sequence

from ...engine.errors import IllegalAction, InvalidInput
from ...engine.rng import Rng
from ...engine.steps import Procedure, Step, result_of, run
from ..cards import catalog_of
from ..computer import DataSpace, analyze, place_data, placement_verdict, sample_layout
from ..free_actions import BuyCard, Convert, Corner, conversion_refusal
from ..game import drawing_with, visits as visits_of
from ..missions import (SECTION as PLAY_A_CARD, TRIGGERED, MissionInPlay, check_card_actions, completed, mission_refusal,
                        paid_for)
from ..main_actions import CARD_SIGNAL, card_signal_options
from ..turns import IGNORING_LIMIT
from ..player import Computer, PlayerBoard
from ..rewards import INCOME_KINDS
from ..probes import Flight, launch_probe
from ..scan import EarthSignal, HandSignal, MercurySignal, ProbeBoost, RowSignal, ScanStep, scan_sectors
from ..solar import SolarSystem, Space, space_words
from ..tech import computer_slots as tech_slot_verdicts, research_refusal
from ..words import event_words
from .data import TECH_TYPES
from .objectives import Event, Objectives
from .state import (
    ACTION,
    CARD,
    END_OF_ROUND,
    RESOURCES,
    RIVAL,
    TUCK,
    YOU,
    YOUR_MEASURES,
    SoloGame,
    cover_event,
    gain_words,
    objective_visit,
    owed_words,
    reward_colour,
    tuck_card,
    your_trigger,
)
from .table import (column_colour, completed_sectors, end_of_round_stack, mark_trace, reward_items, row_colours,
                    tech_offers, trace_places)
from .turn import milestones, resolve_sectors
from .shared import (arrival, arrival_verdict, card_landing, card_landings, flight, fly_and_arrive, free_launch,
                     launch_verdict, move_one, on_your_board, on_your_cards, research_tech, scan_step, shown_as,
                     take_held_card, tech_verdicts, your_moves, your_passing)


SECTION = "单人游戏"
_set = object.__setattr__
SECTION_OBJECTIVES = "单人游戏 · 目标"
SECTION_MOVE = "移动"


@dataclass(frozen=True, init=False)
class YourOption:
    """One of your actions now: legal, or refused with the reason and the rule refusing it (``rule``: one of
    the turn's own, e.g. not your turn; by default the rule of the action's kind, ``seti.solo.launch``)."""

    action: str
    legal: bool
    reason: str
    rule: str | None = None

    def __init__(self, action: str, legal: bool, reason: str, rule: str | None = None):
        # Every listing makes about a hundred: the fields are set at once (an option stays frozen).
        _set(self, "__dict__", {"action": action, "legal": legal, "reason": reason, "rule": rule})

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"

    @property
    def refusing_rule(self) -> str:
        """The rule id of a refusal: the option's own, else ``seti.solo.<kind>`` of its action."""
        return self.rule or f"seti.solo.{self.action.partition(':')[0]}"

    @property
    def section(self) -> str:
        """The rulebook section of the action's kind (the solo game's, for kinds the solo rules add)."""
        return KIND_SECTIONS.get(self.action.partition(":")[0], SECTION)


#: Where the rulebook gives each kind of your action (the multiplayer sections: you play by those rules).
KIND_SECTIONS = {
    "launch": "发射一个探测器", "orbit": "绕行星运行", "land": "登陆行星或卫星", "research": "研究科技",
    "analyze": "分析数据", "scan": "扫描附近的恒星", "play": "卡牌概述 · 主行动", "pass": "弃权不行动",
    "take": "弃权不行动", "end": "游戏概述 · 回合结构", "convert": "资源转换", "corner": "卡牌概述 · 自由行动",
    "buy": "购买卡牌", "complete": "任务卡 · 有条件的任务", "place": "放置数据", "move": "移动",
    "gold": "金色计分板块", "tt2": "望远镜科技", "tt3": "望远镜科技", "tt4": "望远镜科技",
    "trace": "标记生命痕迹", "card": "获取卡牌的其他方式", "tuck": "玩家设置 · 增加收入",
    "hold": "任务卡 · 可触发任务", "release": "任务卡 · 可触发任务",
}
NOT_YOUR_TURN = "seti.solo.not_your_turn"
#: The rule and section refusing a cost you cannot pay, the multiplayer game's (``PlayerBoard.pay``).
COSTS = {"scan": ("seti.scan.cost", "扫描附近的恒星"), "tt3": ("seti.scan.tt3_publicity", "望远镜科技"), "tt4": ("seti.scan.tt4_energy", "望远镜科技")}


def action_words(game: SoloGame, action: str) -> str:
    """An action id (``scan:0:3``, ``research:CT1@1``, ``land:Mars/Phobos``) as a person reads it."""
    kind, _, rest = action.partition(":")
    words = _ACTION_WORDS.get(kind)
    return action if words is None else words(game, rest)


def _sector_words(game: SoloGame, number: str) -> str:
    try:
        return game.table.sectors.sector(int(number)).name
    except (InvalidInput, ValueError):
        return f"sector {number}"


def _tech_words(name: str) -> str:
    return f"{name[:2]} #0{name[2:]}" if len(name) == 3 else name


def _land_words(game: SoloGame, rest: str) -> str:
    planet, _, moon = rest.partition("/")
    return f"land on {moon} ({planet})" if moon else f"land on {planet}"


def _research_words(game: SoloGame, rest: str) -> str:
    name, _, slot = rest.partition("@")
    return f"research {_tech_words(name)}" + (f" into computer slot {slot}" if slot else "")


def _scan_words(game: SoloGame, rest: str) -> str:
    parts = rest.split(":")
    if len(parts) < 2:
        return f"scan: row card {int(parts[0]) + 1}" if parts[0].isdigit() else "scan"
    earth = [p.removeprefix("earth=") for p in parts[2:] if p.startswith("earth=")]
    return (f"scan: row card {int(parts[0]) + 1} for {_sector_words(game, parts[1])}"
            + (f", the Earth signal in {_sector_words(game, earth[0])}" if earth else ""))


def _play_words(game: SoloGame, rest: str) -> str:
    card, _, researched = rest.partition("@")
    tech, _, slot = researched.partition("@")
    return (f"play {card}" + (f", researching {_tech_words(tech)}" if tech else "")
            + (f" into computer slot {slot}" if slot else ""))


def _pass_words(game: SoloGame, rest: str) -> str:
    dropped = rest.removeprefix("drop=").split("+") if rest else []
    return "pass" + (f", discarding {' and '.join(dropped)}" if dropped else "")


def _trace_words(game: SoloGame, rest: str) -> str:
    column, _, space = rest.partition(":")
    return f"trace in column {int(column) + 1}, " + ("its overflow area" if space == "overflow" else f"space {int(space) + 1}")


def _convert_words(game: SoloGame, rest: str) -> str:
    paid, _, got = rest.partition(">")
    if "+" in paid:
        return f"discard {' and '.join(paid.split('+'))} for 1 {got}"
    return f"convert {game.variant.conversion_rate} {paid} into 1 {got}"


def _place_words(game: SoloGame, rest: str) -> str:
    if rest.startswith("lower"):
        return f"place a data on lower {rest[5:]}"
    return "place a data" + (f", tucking {rest.removeprefix('data:tuck=')}" if rest.startswith("data:tuck=") else "")


def _move_words(game: SoloGame, rest: str) -> str:
    probe, _, space = rest.partition(":")
    ring, _, where = space.partition(",")
    try:
        return f"move probe {probe} to {space_words(game.table.solar, (int(ring), int(where)))}"
    except (InvalidInput, ValueError):
        return f"move probe {probe} to ring {ring}, sector {where}"


def _circle_words(kind: str):
    def words(game: SoloGame, rest: str) -> str:
        card, _, circle = rest.partition("#")
        return f"{kind} circle {circle} of {card}"
    return words


#: How each kind of your action reads, from the rest of its id.
_ACTION_WORDS = {
    "launch": lambda game, rest: "launch a probe",
    "analyze": lambda game, rest: "analyze data",
    "end": lambda game, rest: "end the turn",
    "orbit": lambda game, rest: f"orbit {rest}",
    "land": _land_words,
    "research": _research_words,
    "scan": _scan_words,
    "play": _play_words,
    "pass": _pass_words,
    "take": lambda game, rest: f"take {rest} from the end-of-round stack",
    "sector": lambda game, rest: f"resolve {_sector_words(game, rest)} first",
    "card-signal": lambda game, rest: f"a signal in {_sector_words(game, rest)}",
    "card": lambda game, rest: "take the deck's top card" if rest == "deck" else f"take row card {int(rest[3:]) + 1}",
    "tuck": lambda game, rest: "tuck nothing (the icon is lost)" if rest == "none" else f"tuck {rest} for income",
    "trace": _trace_words,
    "convert": _convert_words,
    "corner": lambda game, rest: f"discard {rest} for its corner",
    "complete": lambda game, rest: f"complete the mission {rest}",
    "place": _place_words,
    "buy": lambda game, rest: ("buy the deck's top card for 3 publicity" if rest == "deck"
                               else f"buy row card {int(rest[3:]) + 1} for 3 publicity"),
    "move": _move_words,
    "gold": lambda game, rest: ("drop your gold-tile choice" if rest == "best"
                                else f"gold tile {rest} at your next gold milestone"),
    "hold": _circle_words("hold"),
    "release": _circle_words("release"),
}


def require_legal(options: Sequence[YourOption], action: str, field: str) -> None:
    """Refuse ``action`` unless it is one of ``options`` and legal: ``InvalidInput`` for an unknown
    action, ``IllegalAction`` (the option's rule, reason and section) for a refused one."""
    offered = _by_action(options)
    if action not in offered:
        raise InvalidInput(field, action, f"not a {field} now; options: {sorted(offered)}")
    option = offered[action]
    if not option.legal:
        raise IllegalAction(option.refusing_rule, f"{action}: {option.reason}", option.section)


def _by_action(options: Sequence[YourOption]) -> dict[str, YourOption]:
    """``options`` by action, remembered for the last tuple asked (a listing is immutable and each action tried
    on a state checks its action against the same listing)."""
    if type(options) is not tuple:
        return {o.action: o for o in options}
    return _indexed(options)


@last_asked
def _indexed(options: tuple[YourOption, ...]) -> dict[str, YourOption]:
    return {o.action: o for o in options}


Listing = Callable[[SoloGame], tuple[YourOption, ...]]
LISTINGS_KEPT = 4


def _listed_once(listing: Listing) -> Listing:
    """``listing(game)`` remembered for the last few games asked (a state is immutable; checking each option
    of a state runs the action, which lists that state's options again, and a lookahead lists the states it
    tries before the state it decides on is listed again)."""
    kept: list[tuple[SoloGame, tuple[YourOption, ...]]] = []

    def listed(game: SoloGame) -> tuple[YourOption, ...]:
        for known, options in kept:
            if known is game:
                return options
        options = listing(game)
        kept.insert(0, (game, options))
        del kept[LISTINGS_KEPT:]
        return options

    listed.__doc__, listed.__name__ = listing.__doc__, listing.__name__
    return listed


@_listed_once
def your_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Every main action you might take now, each legal or refused with its reason, and ``end`` (your
    turn), legal once the main action is taken: free actions may come before and after it (回合结构)."""
    closed = main_actions_closed(game)
    if closed is not None:
        why, rule, end = closed
        return tuple(YourOption(o.action, False, why, rule) for o in _main_options(game)) + end
    if game.pending:
        return owed_options(game)
    return _main_options(game) + (YourOption("end", False, "take a main action first (passing is one)",
                                             "seti.solo.main_action_first"),)


def main_actions_closed(game: SoloGame) -> tuple[str, str, tuple[YourOption, ...]] | None:
    """Why every main action is refused now, the rule refusing them, and ``end`` as it then stands (none once
    you have passed: your turn is over); ``None`` while they are open or a choice you owe comes first."""
    if game.over or game.to_move != YOU:
        why = "the game is over" if game.over else "it is not your turn"
        rule = "seti.solo.game_over" if game.over else NOT_YOUR_TURN
        return why, rule, (YourOption("end", False, why, rule),)
    if game.pending:
        return None
    if YOU in game.passed:
        return "you have passed this round", "seti.solo.passed", ()
    if game.main_action is not None:
        taken = f"your main action this turn is taken ({game.main_action}): free actions, then end your turn"
        return taken, "seti.solo.one_main_action", (YourOption("end", True, "legal: end your turn (unused free moves lapse)"),)
    return None


def _main_options(game: SoloGame) -> tuple[YourOption, ...]:
    you, table, variant = game.you, game.table, game.variant
    options = []
    launching = launch_verdict(game)
    options.append(YourOption("launch", launching.legal, launching.reason, launching.rule))
    for planet, spaces in table.solar.layout.planets.items():
        there = arrival(game, planet, flight(game, planet))
        for action, moon, orbit in [(f"orbit:{planet}", None, True), (f"land:{planet}", None, False)] + [
                (f"land:{planet}/{m.name}", m.name, False) for m in spaces.moons]:
            if isinstance(there, str):
                options.append(YourOption(action, False, there))
                continue
            verdict = arrival_verdict(there, moon, orbit)
            if not verdict.legal:
                options.append(YourOption(action, False, verdict.reason, verdict.rule))
            else:
                moves = there[2].moves
                free = f" ({min(moves, game.free_moves)} of them free)" if game.free_moves and moves else ""
                cost = " + ".join(f"{amount} {kind}" for kind, amount in verdict.cost.items()) or "nothing"
                options.append(YourOption(action, True, f"legal: fly {moves} move(s){free}, then {cost}"))
    options += scan_options(game)
    verdicts = tech_verdicts(game)  # the multiplayer research's: a tech you do not own, a tile left, 6 publicity
    short = research_refusal(game.table, YOU, tuple(verdicts.values()))
    for tech, offer in tech_offers(table).items():
        taking = verdicts[tech]
        refusal = taking if not taking.legal else short
        if refusal is not None:
            options += [YourOption(f"research:{tech}{slot}", False, refusal.reason, refusal.rule)
                        for slot, _, _ in computer_slots(game, tech)]
            continue
        why = "legal" + (" (+2 VP tile)" if offer.two_point_tile else "")
        options += [YourOption(f"research:{tech}{slot}", legal, f"{why}{said}") for slot, legal, said in computer_slots(game, tech)]
    try:
        result_of(analyze(you, variant=variant))
    except IllegalAction as refused:  # the multiplayer analysis refuses it (a full top row, the energy)
        options.append(YourOption("analyze", False, refused.reason, refused.rule))
    else:
        options.append(YourOption("analyze", True, "legal"))
    for card_id in dict.fromkeys(you.hand):
        options.extend(play_options(game, card_id))
    options += pass_options(game)
    return tuple(options)


def owed_options(game: SoloGame) -> tuple[YourOption, ...]:
    """The first choice what you gained leaves you (the first of ``SoloGame.pending``): a card from the card
    row or the deck (``card:row<n>``, ``card:deck``; 获取卡牌的其他方式), the hand card to tuck for income
    (``tuck:<card>``; 增加收入), where a life trace goes (``trace:<column>:<space>``, every free space
    of its colour and every overflow; 标记生命痕迹, S-F15), the free launch a card or a reward gives you
    (``card-launch``, ``card-launch:limit`` beyond the probe limit), where a card's or a reward's landing or
    signal goes (``card-land:…``, ``card-signal:<n>``; ``…:none`` when it is lost), which completed sector resolves first (``sector:<n>``, S-R7) or
    the end-of-round card you take (``take:<card>``)."""
    _, kind, what = game.pending[0]
    table, you = game.table, game.you
    if kind == END_OF_ROUND:
        return tuple(YourOption(f"take:{card}", True, f"legal: {card} from round {game.round}'s end-of-round stack into "
                                f"your hand ({'; '.join(game.card(card).describe()[:2])})")
                     for card in dict.fromkeys(end_of_round_stack(table, game.round)))
    if kind == "sector":
        return tuple(YourOption(f"sector:{n}", True, f"legal: resolve {table.sectors.sector(n).name} first (S-R7)")
                     for n in completed_sectors(table))
    if kind == ACTION and what in ("launch", IGNORING_LIMIT):  # no choice in it: a free launch, or lost at the limit
        verdict = launch_verdict(game, free=True, ignore_limit=what == IGNORING_LIMIT)
        return (YourOption("card-launch:limit" if what == IGNORING_LIMIT else "card-launch", True,
                           "legal: a free launch, a probe of yours on Earth" if verdict.legal else
                           f"legal: the free launch is lost ({verdict.reason})"),)
    if kind == ACTION and what == "land":
        return tuple(YourOption(action, True, f"legal: {words}, at no energy") for action, words in card_landings(game)) or (
            YourOption("card-land:none", True, "legal: no probe of yours may land, so the landing is lost"),)
    if kind == ACTION:  # a signal in a sector with a probe of yours (CARD_SIGNAL)
        return tuple(YourOption(f"card-signal:{n}", True, f"legal: a signal in {table.sectors.sector(n).name}, where a probe of yours is")
                     for n in card_signal_sectors(game)) or (
            YourOption("card-signal:none", True, "legal: no probe of yours is in space, so the signal is lost"),)
    if kind == CARD[0]:
        return tuple(YourOption(f"card:row{n}", True, f"legal: take {card} from the card row (it refills at once)")
                     for n, card in enumerate(table.card_row) if card) + (
            YourOption("card:deck", True, "legal: take the top card of the deck"),)
    if kind == TUCK[0]:
        if not you.hand:
            return (YourOption("tuck:none", True, "legal: no card in hand to tuck, so the chart icon is lost"),)
        return tuple(YourOption(f"tuck:{card}", game.card(card).income in INCOME_KINDS,
                                f"legal: tuck {card} for {game.card(card).income} income, 1 now and every income"
                                if game.card(card).income in INCOME_KINDS else f"its income is '{game.card(card).income}' in the card data")
                     for card in dict.fromkeys(you.hand))
    return tuple(YourOption(f"trace:{column}:{space}", True, f"legal: {words}") for column, space, words in trace_places(table, what))



def settle_owed(game: SoloGame, action: str, rng: Rng) -> Procedure:
    """Resolve your first owed choice (see ``owed_options``), settling it (``SetiGame.settle``; a choice of the
    completed sectors' order settles all of them, those left are owed again after it); a trace you place is a
    trigger (trace:<colour>)."""
    kind, _, what = action.partition(":")
    game = game.settle(*game.pending[0]) if kind != "sector" else without_sectors(game)
    events: list[Event] = []
    if kind == "sector":
        game = yield from resolve_sectors(game, YOU, only=(int(what),))
        game = yield from resolve_yours(game)
        return (yield from mark_objectives(game, ()))
    if kind == "card-launch":
        game, text, launched = free_launch(game, ignore_limit=what == "limit")
        title, text, events = "Your free launch", text[0].upper() + text[1:], [Event("launch")] if launched else []
    elif kind in ("card-land", "card-signal") and what == "none":
        title = "Your landing" if kind == "card-land" else "Your signal"
        text = ("No probe of yours may land: the landing is lost." if kind == "card-land"
                else "No probe of yours is in space: the signal is lost.")
    elif kind == "card-land":
        game, text, events = land_by_card(game, what)
        title, text = "Your card's landing", text[0].upper() + text[1:]
    elif kind == "card-signal":
        game, notes = reward_colour(game, YOU, [("signal", int(what))])
        title, text = "Your card's signal", " ".join(notes)
    elif kind == "card":
        if what == "deck":
            table, drawn = game.table.draw(1, rng)
            card = drawn[0] if drawn else None
            where = "the deck"
        else:
            table, card = game.table.take_from_row(int(what.removeprefix("row")), rng)
            where = "the card row (it refills at once)"
        game = replace(game, table=table).with_player(replace(game.you, hand=game.you.hand + ((card,) if card else ())))
        title, text = "You take a card", f"You take {card or 'no card (deck and discard are empty)'} from {where}."
    elif kind == "tuck":
        title = "You tuck a card"
        game, text = (game, "No card in hand to tuck: the chart icon is lost.") if what == "none" else tuck_card(game, what)
    else:
        column, space = what.split(":")
        table, more, words = mark_trace(game.table, YOU, int(column), space if space == "overflow" else int(space))
        game = replace(game, table=table)
        game, notes = your_trigger(game, Event("trace", column_colour(table, int(column))))
        game, gained = reward_colour(game, YOU, more)
        title, text = "You place a life trace", f"You mark {words}. " + " ".join(notes + gained)
    yield Step(title, text, OWED_SECTIONS[kind], game)
    game = yield from cover_circles(game, [str(e) for e in events])
    game = yield from resolve_yours(game)
    return (yield from mark_objectives(game, events))


OWED_SECTIONS = {"sector": "扇形区域 · 完成扇区", "card": "获取卡牌的其他方式", "tuck": "增加收入", "trace": "标记生命痕迹", "card-land": PLAY_A_CARD,
                 "card-signal": PLAY_A_CARD, "card-launch": PLAY_A_CARD}


def scan_options(game: SoloGame) -> list[YourOption]:
    """Scanning (扫描附近的恒星): ``scan:<row>:<sector>`` discards the card-row card at ``<row>`` for a
    signal in ``<sector>``, one of its colour's two, and marks a signal in Earth's sector; with TT1 also
    ``scan:<row>:<sector>:earth=<n>``, the Earth signal in a sector next to Earth's instead (S-F6). The
    other telescope techs add steps after it (``scan_step_options``)."""
    you, table, variant = game.you, game.table, game.variant
    short = you.shortfall(*COSTS["scan"], credits=variant.scan_credits, energy=variant.scan_energy)
    where = scan_sectors(table.solar, table.sectors)
    earths = [None] + (list(where.beside_earth) if "TT1" in you.techs else [])
    options = []
    for position, colour in enumerate(row_colours(table)):
        if colour == "none":
            options.append(YourOption(f"scan:{position}", False, "this card-row place is empty"))
            continue
        for sector in table.sectors.of_colour(colour):
            for earth in earths:
                action = f"scan:{position}:{sector}" + (f":earth={earth}" if earth else "")
                first = (f"{table.sectors.sector(earth).name} (TT1, next to Earth's sector)" if earth else
                         f"Earth's sector, {table.sectors.sector(where.earth).name}")
                options.append(YourOption(action, True, f"legal: signals in {first} and in {table.sectors.sector(sector).name} "
                                          f"(the {colour} card)") if short is None else
                               YourOption(action, False, short.reason, short.rule))
    return options


def computer_slots(game: SoloGame, tech: str) -> list[tuple[str, bool, str]]:
    """Where a researched tech goes: nowhere to choose for probe and telescope techs (``("", True, "")``);
    a computer tech into a computer-tech slot, ``@<top position>``, by the multiplayer verdict
    (``tech.computer_slots``: each slot once, each tech once, 计算机科技), its 2 VP lost when data already
    lies there (S-F13)."""
    return [("", True, "")] if not tech.startswith("CT") else _computer_slots(game.you.computer, tech)


@lru_cache(maxsize=256)
def _computer_slots(computer: Computer, tech: str) -> list[tuple[str, bool, str]]:
    """``computer_slots`` for a computer tech: what the verdicts read is your computer only."""
    verdicts = tech_slot_verdicts(Flight(SolarSystem.default(), (PlayerBoard(YOU, computer=computer),)), YOU, tech)
    free = [verdict.choice for verdict in verdicts if verdict.legal]
    if not free:
        return [("", False, "; no computer-tech slot takes it: " + " ".join(dict.fromkeys(v.reason for v in verdicts)))]
    return [(f"@{n}", True, f"; into the slot under top {n}" + (" (under your data there: no 2 VP, S-F13)"
                                                                   if n <= computer.filled else "")) for n in free]


def pass_options(game: SoloGame) -> list[YourOption]:
    """Passing (弃权不行动): with more than 4 hand cards you discard down to 4 — ``pass`` drops the cards
    drawn last, ``pass:drop=<card>+<card>`` the ones you name (every choice is listed)."""
    hand, limit = game.you.hand, game.variant.hand_limit
    if len(hand) <= limit:
        return [YourOption("pass", True, "legal")]
    excess = len(hand) - limit
    choices = sorted(set(combinations(sorted(hand), excess)))
    return [YourOption("pass", True, f"legal: discards the card(s) drawn last ({', '.join(hand[limit:])}) to keep {limit}")] + [
        YourOption(f"pass:drop={'+'.join(dropped)}", True, f"legal: discards {', '.join(dropped)} to keep {limit}")
        for dropped in choices]


def play_options(game: SoloGame, card_id: str) -> list[YourOption]:
    """Playing a hand card for its effect (打出卡牌): its price in credits; refused with the reason. A card
    that researches a tech of a kind (``research:computer``) is offered once per tech of that kind
    (``play:<card>@<tech>``), each legal or refused like a research; with none left, the research is lost."""
    card = game.table.card(card_id)
    action = f"play:{card_id}"
    try:
        check_card_actions(card)  # the multiplayer game's: an action inside it that no phase carries out
    except IllegalAction as refused:
        return [YourOption(action, False, refused.reason, refused.rule)]
    kinds = [a.split(":", 1)[1] for a in card.effect.actions if a.startswith("research:")]
    measure = card.condition.measure if card.condition else card.scoring.measure if card.scoring else None
    if measure is not None and measure not in YOUR_MEASURES:
        return [YourOption(action, False, f"its count '{measure}' is not kept on this side")]
    short = game.you.shortfall("seti.cards.cost", PLAY_A_CARD, credits=card.price)  # what missions.paid_for refuses
    if short is not None:
        return [YourOption(action, False, short.reason, short.rule)]
    legal = f"legal: {card.price} credit(s), {card.kind}: " + "; ".join(card.describe()[1:-1])
    if not kinds:
        return [YourOption(action, True, legal)]
    verdicts = tech_verdicts(game, kinds[0])  # the multiplayer research's, of the card's kind
    offers = tech_offers(game.table)
    options = [YourOption(f"{action}@{tech}{slot}", free, f"{legal}; research {tech} without publicity"
                          + (" (+2 VP tile)" if offers[tech].two_point_tile else "") + said)
               if verdict.legal else YourOption(f"{action}@{tech}{slot}", False, verdict.reason, verdict.rule)
               for tech, verdict in verdicts.items() if TECH_TYPES[tech[:2]] == kinds[0]
               for slot, free, said in computer_slots(game, tech)]
    if not any(o.legal for o in options):
        options.append(YourOption(action, True, f"{legal}; its research is lost: no {kinds[0]} tech is left for you"))
    return options


SECTION_CONVERT = "资源转换"


def visits(table, spaces: Sequence) -> list[Event]:
    """The objective triggers of a flight: the comets and asteroid fields it entered (访问小行星 / 访问彗星)."""
    found = (objective_visit(visit) for space in spaces[1:] for visit in visits_of(table.solar, space))
    return [event for event in found if event is not None]


def conversion_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Free action (资源转换, S-F4): 2 credits, 2 energy or 2 hand cards you name for 1 credit, 1 energy
    or 1 card (from the row or the deck): ``convert:credits>energy``, ``convert:S01+S04>cards``; the
    multiplayer conversion's verdict (``free_actions.conversion_refusal``: the variant's rate)."""
    mine = game.to_move == YOU and not game.over
    you, table, rate, options = game.you, game.table, game.variant.conversion_rate, []
    for give in ("credits", "energy"):
        refusal = conversion_refusal(table, YOU, give)
        for get in sorted(CONVERTED, key=lambda kind: kind == give):  # the same kind back last: rarely wanted
            if not mine:
                options.append(YourOption(f"convert:{give}>{get}", False, "only on your turn", NOT_YOUR_TURN))
            elif refusal is not None:
                options.append(YourOption(f"convert:{give}>{get}", False, refusal.reason, refusal.rule))
            else:
                options.append(YourOption(f"convert:{give}>{get}", True, f"legal: {rate} {give} for 1 {get.rstrip('s')}"))
    refusal = conversion_refusal(table, YOU, "cards")
    if refusal is not None:
        return tuple(options) + tuple(YourOption(f"convert:cards>{get}", False, refusal.reason, refusal.rule) for get in CONVERTED)
    for paid in sorted({tuple(sorted(cards)) for cards in combinations(you.hand, rate)}):
        options += [YourOption(f"convert:{'+'.join(paid)}>{get}", mine, f"legal: discard {' and '.join(paid)} for 1 "
                               f"{get.rstrip('s')}" if mine else "only on your turn", None if mine else NOT_YOUR_TURN)
                    for get in CONVERTED]
    return tuple(options)


CONVERTED = ("credits", "energy", "cards")


def convert(game: SoloGame, conversion: str, rng: Rng) -> Procedure:
    """Pay 2 of one kind for 1 of any kind (S-F4); a card gained is yours to choose (the row or the deck)."""
    offered = {o.action: o for o in conversion_options(game)}
    key = f"convert:{conversion}"
    if key not in offered:
        raise InvalidInput("conversion", conversion, "credits>energy, S01+S04>cards and the like: see conversion_options")
    if not offered[key].legal:
        raise IllegalAction("seti.solo.convert", f"{key}: {offered[key].reason}", SECTION_CONVERT)
    give, get = conversion.split(">")
    named = tuple(give.split("+")) if "+" in give else ()
    paying = Convert("cards" if named else give, get, named)  # the multiplayer conversion's payment
    game, _ = on_your_cards(game, paying.pay(game.table, YOU)[0])
    paid = " and ".join(named) if named else f"{game.variant.conversion_rate} {give}"
    game, notes = reward_colour(game, YOU, [({"cards": "card"}.get(get, get), 1)])
    yield Step(f"You convert to {get}", f"Free action: {paid} for 1 {get.rstrip('s')}. " + " ".join(notes), SECTION_CONVERT, game)
    return game


SECTION_CORNER = "卡牌概述 · 自由行动"
SECTION_BUY = "购买卡牌"


@_listed_once
def free_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Every free action now, legal or refused with its reason: conversions (S-F4), a hand card
    discarded for its corner, a card bought for 3 publicity (from the row or the deck), completing a
    mission, placing data, a probe move, a scan's telescope steps, and your standing choices; none
    during the steps of your pass (S-F16)."""
    options = _free_options(game)
    closed = free_actions_closed(game)
    if closed is not None:
        why, rule = closed
        return tuple(YourOption(o.action, False, why, rule) for o in options)
    return options


def free_actions_closed(game: SoloGame) -> tuple[str, str] | None:
    """Why every free action is refused now and the rule refusing them (a choice you owe comes first), or
    ``None``."""
    if game.taking:  # an owed choice like the others, but named by its rule
        return "no free actions during the steps of your pass (S-F16)", "seti.solo.pass_steps"
    if game.pending and game.to_move == YOU:
        return f"first choose {owed_words(game.pending[0])} (what you gained resolves before anything else)", "seti.solo.owed_first"
    return None


def _free_options(game: SoloGame) -> tuple[YourOption, ...]:
    mine = game.to_move == YOU and not game.over
    options, cards = [], game.table
    for card_id in dict.fromkeys(game.you.hand):
        corner = game.table.card(card_id).corner_reward  # the card model's corner reward (cards.CORNERS)
        refusal = Corner(card_id).refusal(cards, YOU)  # the multiplayer corner's verdict
        if not mine:
            options.append(YourOption(f"corner:{card_id}", False, "only on your turn", NOT_YOUR_TURN))
        elif refusal is not None:
            options.append(YourOption(f"corner:{card_id}", False, refusal.reason, refusal.rule))
        elif "move" in corner.actions and not game.table.solar.probes_of(YOU):
            options.append(YourOption(f"corner:{card_id}", False, "a move needs a probe of yours in space"))
        else:
            options.append(YourOption(f"corner:{card_id}", True, "legal: discard it for 1 free move this turn (a probe "
                                      "move or a flight)" if "move" in corner.actions else f"legal: discard it for {corner.describe()}"))
    for card_id in dict.fromkeys(m.card for m in game.missions if m.kind == "conditional"):  # copies one by one
        condition = game.table.card(card_id).condition
        if condition is None:
            continue
        refusal = mission_refusal(game.table, YOU, card_id)  # the multiplayer verdict
        ok = mine and refusal is None
        done = refusal is not None and refusal.rule == "seti.cards.completed"
        why = ("legal: " + game.table.card(card_id).mission_reward.describe() if ok else "already completed"
               if done else "only on your turn" if not mine else f"'{condition.text}' does not hold ({condition.measure} "
               f"{game.your_measure(condition.measure)}, needs {condition.at_least})")
        options.append(YourOption(f"complete:{card_id}", ok, why))
    space = DataSpace("top", min(game.you.computer.filled + 1, len(sample_layout().top)))
    refusal = placement_verdict(game.you, space, YOU if mine else RIVAL)
    tucks = sample_layout().top[space.position - 1].reward.tuck and refusal is None and game.you.hand
    if tucks:  # the space tucks a hand card: you name it (增加收入)
        options += [YourOption(f"place:data:tuck={card}", game.card(card).income in INCOME_KINDS,
                               f"legal: a data from your pool onto {space}, tucking {card} for {game.card(card).income} income"
                               if game.card(card).income in INCOME_KINDS else f"its income is '{game.card(card).income}' in the card data")
                    for card in dict.fromkeys(game.you.hand)]
    else:
        options.append(YourOption("place:data", refusal is None, f"legal: a data from your pool onto {space}" if refusal is None
                                  else "only on your turn" if not mine else refusal.reason))
    for position, tech in game.you.computer.techs:
        space = DataSpace("lower", position)
        refusal = placement_verdict(game.you, space, YOU if mine else RIVAL)
        options.append(YourOption(f"place:lower{position}", refusal is None,
                                  f"legal: a data onto {space}, under {tech}: {sample_layout().tech_reward(tech).describe()}"
                                  if refusal is None else "only on your turn" if not mine else refusal.reason))
    short = BuyCard().refusal(cards, YOU)  # the multiplayer purchase's verdict
    for where in [f"row{i}" for i, c in enumerate(row_colours(game.table)) if c != "none"] + ["deck"]:
        options.append(YourOption(f"buy:{where}", False, "only on your turn", NOT_YOUR_TURN) if not mine else
                       YourOption(f"buy:{where}", False, short.reason, short.rule) if short is not None else
                       YourOption(f"buy:{where}", True, "legal"))
    return (tuple(options) + move_options(game) + scan_step_options(game) + conversion_options(game) + hold_options(game)
            + gold_options(game))


def scan_step_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Right after your scan, before any other free action, the steps your telescope techs add to it,
    once each (望远镜科技, S-F6): TT2 ``tt2:<hand card>:<sector>`` discards the card for a signal in one of its colour's
    sectors; TT3 ``tt3`` pays publicity for a signal in Mercury's sector; TT4 ``tt4:launch`` or
    ``tt4:move`` pays energy for a launch or a free move."""
    if not game.scan_open or game.to_move != YOU or game.over:
        return ()
    you, table, variant = game.you, game.table, game.variant
    options = []

    def offer(tech: str, action: str, short: str | None, legal: str) -> None:
        why = (f"{tech} is used in this scan already" if tech in game.scan_steps else short) or legal
        options.append(YourOption(action, why == legal, why))

    if "TT2" in you.techs:
        for card_id in dict.fromkeys(you.hand):
            colour = table.card(card_id).colour
            for sector in table.sectors.of_colour(colour):
                offer("TT2", f"tt2:{card_id}:{sector}", None,
                      f"legal: discard {card_id} ({colour}) for a signal in {table.sectors.sector(sector).name}")
    if "TT3" in you.techs:
        mercury = scan_sectors(table.solar, table.sectors).mercury
        short = you.shortfall(*COSTS["tt3"], publicity=variant.tt3_publicity)
        offer("TT3", "tt3", "a disc covers Mercury: no sector to mark" if mercury is None else
              short.reason if short is not None else None,
              f"legal: {variant.tt3_publicity} publicity for a signal in Mercury's sector"
              + (f", {table.sectors.sector(mercury).name}" if mercury else ""))
    if "TT4" in you.techs:
        short = you.shortfall(*COSTS["tt4"], energy=variant.tt4_energy)
        poor = short.reason if short is not None else None
        probes, launching = len(table.solar.probes_of(YOU)), launch_verdict(game, free=True)
        offer("TT4", "tt4:launch", poor or (None if launching.legal else launching.reason),
              f"legal: {variant.tt4_energy} energy to launch a probe")
        offer("TT4", "tt4:move", poor or (None if probes else "a move needs a probe of yours in space"),
              f"legal: {variant.tt4_energy} energy for 1 free move this turn")
    return tuple(options)


def gold_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Your choice, at any time, of the gold tile to mark at your next gold milestone (25, 50, 70 VP,
    金色里程碑): ``gold:<tile>``; without a choice you mark the best value left. A tile you marked is refused."""
    options = []
    for tile in game.table.gold_tiles:
        chooser = len(tile.marks) + 1
        value = tile.value_at(len(tile.marks), game.variant.fourth_gold_chooser)
        if YOU in tile.marks:
            options.append(YourOption(f"gold:{tile.id}", False, "you marked this tile already: one mark a tile"))
        elif game.gold_choice == tile.id:
            options.append(YourOption(f"gold:{tile.id}", False, "already your choice for your next gold milestone"))
            options.append(YourOption("gold:best", True, "legal: drop your choice; mark the best value left"))
        else:
            options.append(YourOption(f"gold:{tile.id}", True, f"legal: mark it at your next gold milestone "
                                      f"({tile.face.explains}; {value} VP per set as chooser #{chooser} now)"))
    return tuple(options)


def move_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Moving a probe of yours one space (移动, a free action): ``move:<probe>:<ring>,<sector>``, by the
    multiplayer move's verdict and cost (``probes.move_options``: 1 move, one more out of an asteroid
    field without PT3; this turn's free moves pay first, then energy; entering an icon's space gives its
    publicity)."""
    mine = game.to_move == YOU and not game.over
    solar, options = game.table.solar, []
    for probe in solar.probes_of(YOU):
        for verdict in your_moves(game, probe.id):
            target, cost = verdict.target, verdict.cost
            action = f"move:{probe.id}:{target.ring},{target.sector}"
            if not mine:
                options.append(YourOption(action, False, "only on your turn", NOT_YOUR_TURN))
            elif not verdict.legal:
                options.append(YourOption(action, False, verdict.reason, verdict.rule))
            else:
                free = min(cost["moves"], game.free_moves)
                paid = " and ".join(part for part in (f"{free} free move(s)" if free else "",
                                                     f"{cost['energy']} energy" if cost["energy"] else "") if part)
                options.append(YourOption(action, True, f"legal: to {target} ({solar.contents(target).describe()}), "
                                          f"{cost['moves']} move(s) paid with {paid or 'nothing'}"
                                          + (f", +{cost['publicity']} publicity" if cost["publicity"] else "")))
    return tuple(options)


def hold_options(game: SoloGame) -> tuple[YourOption, ...]:
    """Your choice, at any time, to leave a circle of a triggered mission for a later trigger
    (``hold:<card>#<circle>``) or to cover it again when a trigger fits (``release:…``): covering is
    optional (S-F19, the Mariner 10 example), so a held circle is passed over, also on the rival's turn."""
    options = []
    for mission in game.missions:
        if mission.completed:
            continue
        for index, covered in enumerate(mission.covered):
            if covered:
                continue
            held = (mission.card, index) in game.held
            event = game.card(mission.card).triggers[index].event
            options.append(YourOption(f"{'release' if held else 'hold'}:{mission.card}#{index + 1}", True,
                                      f"legal: cover circle {index + 1} ({event}) when it fits again" if held else
                                      f"legal: leave circle {index + 1} ({event}) for a later trigger"))
    return tuple(options)


def free_action(game: SoloGame, action: str, rng: Rng, choose: str | None = None) -> Procedure:
    """Carry out one of ``free_options``; a refused one raises ``IllegalAction``, the game unchanged.
    Any free action but a scan's own steps first closes an open scan (its completed sectors resolve).
    Completing a mission marks one "complete a mission" task at once (``choose``: on which objective);
    a threshold reached by a free action marks its task at once (任务)."""
    require_legal(free_options(game), action, "free action")
    kind = action.partition(":")[0]
    if kind not in SCAN_STEP_KINDS:
        game = yield from close_scan(game)
    game = yield from _free_action(game, action, rng, choose)
    if kind in STANDING_KINDS:
        return game
    return (yield from mark_objectives(game, (), prefer=choose))


SCAN_STEP_KINDS = ("tt2", "tt3", "tt4")
STANDING_KINDS = ("hold", "release", "gold")  # standing choices, not game actions (the widget gives them a menu)


def close_scan(game: SoloGame) -> Procedure:
    """The end of a scan with telescope steps: the sectors its signals completed resolve now (完成扇区, after
    the action), so a TT2 or TT3 signal still counts toward the win (S-F6)."""
    if not game.scan_open:
        return game
    return (yield from resolve_yours(replace(game, scan_open=False)))


def resolve_yours(game: SoloGame) -> Procedure:
    """After an action of yours, the sectors it completed resolve (完成扇区); when several did, you choose
    the order (S-R7): one ``sector:<n>`` choice at a time (see ``owed_options``)."""
    completed = completed_sectors(game.table)
    if len(completed) > 1:
        return game.owing(tuple((YOU, "sector", str(n)) for n in completed) + without_sectors(game).pending)
    return (yield from resolve_sectors(game, YOU))


def without_sectors(game: SoloGame) -> SoloGame:
    """``game`` with no completed sector owed (their order is chosen one at a time, ``resolve_yours``)."""
    for item in game.owed(YOU, "sector"):
        game = game.settle(*item)
    return game


def _free_action(game: SoloGame, action: str, rng: Rng, choose: str | None) -> Procedure:
    kind, _, what = action.partition(":")
    if kind == "convert":
        return (yield from convert(game, what, rng))
    you, table = game.you, game.table
    if kind == "complete":
        return (yield from _complete_mission(game, what, choose))
    if kind == "place":
        row, _, tuck = what.partition(":tuck=")
        position = game.you.computer.filled + 1 if row == "data" else int(row.removeprefix("lower"))
        return (yield from _place_data(game, DataSpace("top" if row == "data" else "lower", position), tuck or None))
    if kind == "move":
        return (yield from _move(game, what))
    if kind in ("tt2", "tt3", "tt4"):
        return (yield from _scan_step(game, kind.upper(), what, rng))
    if kind == "gold":
        game = replace(game, gold_choice=None if what == "best" else what)
        yield Step("You choose a gold tile", f"At your next gold milestone you mark gold tile {what} (your choice, "
                   "金色里程碑)." if what != "best" else "At your next gold milestone you mark the best value left.",
                   "里程碑 · 金色里程碑", game)
        return game
    if kind in ("hold", "release"):
        card_id, _, number = what.rpartition("#")
        circle = (card_id, int(number) - 1)
        game = replace(game, held=game.held | {circle} if kind == "hold" else game.held - {circle})
        yield Step(f"You {kind} a circle", f"Circle {number} of {card_id} is " + (
            "left for a later trigger: triggers that fit pass it over (covering is optional, S-F19)." if kind == "hold"
            else "covered again by the next trigger that fits it."), TRIGGERED, game)
        return game
    if kind == "corner":  # the multiplayer corner: the card discarded, its reward granted, a move owed
        corner = table.card(what).corner_reward
        game, owed = on_your_cards(game, Corner(what).apply(game.table, YOU)[0])
        moves = owed.count(("action", "move"))
        game = replace(game, free_moves=game.free_moves + moves)
        if moves:
            text = (f"Free action: {what} is discarded for 1 move, spent on a probe move or a flight this turn "
                    f"({game.free_moves} free move{'s' if game.free_moves > 1 else ''} now; unused ones lapse when your turn ends).")
        else:
            game, notes = reward_colour(game, YOU, [item for item in owed if item != ("action", "move")])
            gained = gain_words({kind: amount for kind, amount in reward_items(corner) if kind in RESOURCES})
            text = f"Free action: {what} is discarded for {corner.describe()}. " + " ".join(gained + notes)
        yield Step(f"You discard {what} for its corner", text, SECTION_CORNER, game)
        return game
    cost = game.variant.buy_card_publicity
    with drawing_with(rng):
        bought = BuyCard(None if what == "deck" else int(what[3:])).apply(game.table, YOU)[0]
    game, _ = on_your_cards(game, bought)
    card = game.you.hand[-1] if len(game.you.hand) > len(you.hand) else None
    source = "the deck top" if what == "deck" else "the card row (refilled at once)"
    yield Step("You buy a card", f"Free action: {cost} publicity for {card or 'no card (deck and discard empty)'} from "
               f"{source}.", SECTION_BUY, game)
    return game


def _move(game: SoloGame, what: str) -> Procedure:
    """One move of a probe of yours (``shared.move_one``); entering a planet's, comet's or asteroid
    field's space is a visit: it may cover a mission circle and mark an objective task."""
    probe_id, _, target = what.partition(":")
    space = Space(*map(int, target.split(",")))
    game = yield from move_one(game, int(probe_id), space)
    notes: list[str] = []
    for visit in visits_of(game.table.solar, space):
        game, said = your_trigger(game, objective_visit(visit), visit)
        notes += said
    if notes:
        yield Step(f"Probe {probe_id} visits", " ".join(notes), SECTION_MOVE, game, {"to": space})
    return game


def _scan_step(game: SoloGame, tech: str, what: str, rng: Rng) -> Procedure:
    """A telescope tech's step after your scan (see ``scan_step_options``); a sector it completes resolves."""
    variant = game.variant
    game = replace(game, scan_steps=game.scan_steps + (tech,))
    events: list[Event] = []
    if tech == "TT2":
        card_id, _, sector = what.rpartition(":")
        game, notes, _ = _scanned(game, [HandSignal(card_id, int(sector))], rng)
        text = f"TT2: you discard {card_id} for a signal. " + " ".join(notes)
    elif tech == "TT3":
        game, notes, _ = _scanned(game, [MercurySignal()], rng)
        text = f"TT3: you pay {variant.tt3_publicity} publicity for a signal in Mercury's sector. " + " ".join(notes)
    else:
        game, _, boost = _scanned(game, [ProbeBoost("launch" if what == "launch" else "move")], rng)
        if boost == ["launch a probe"]:
            game, said, _ = free_launch(game)
            events, text = [Event("launch")], f"TT4: you pay {variant.tt4_energy} energy for {said}"
        else:
            game = replace(game, free_moves=game.free_moves + 1)
            text = f"TT4: you pay {variant.tt4_energy} energy for 1 free move this turn."
    yield Step(f"Scan step: {tech}", text, "望远镜科技", game)
    game = yield from cover_circles(game, [str(e) for e in events])
    return (yield from mark_objectives(game, events))


def _scanned(game: SoloGame, steps: Sequence[ScanStep], rng: Rng) -> tuple[SoloGame, list[str], list[str]]:
    """Your scan's ``steps`` one by one by the multiplayer scan (``shared.scan_step``); each signal marked is a
    trigger of yours (objectives, mission circles) before the next. Returns the game, what happened in words
    and what TT #04 leaves you."""
    notes: list[str] = []
    boosts: list[str] = []
    for step in steps:
        game, signals, left = scan_step(game, step, rng)
        boosts += left
        for number, gained in signals:
            notes.append(f"You: a signal in {game.table.sectors.sector(number).name}.")
            notes += gain_words({"data": gained.data, "vp": gained.vp})
            game, said = your_trigger(game, Event("signal"))
            notes += said
    return game, notes, boosts


def _place_data(game: SoloGame, space: DataSpace, tuck: str | None) -> Procedure:
    """A data from your pool onto ``space`` of your computer (放置数据, ``seti.computer``): the next top
    space (2 VP more over a computer tech) or a lower space under a computer tech (计算机科技); the covered
    space's reward at once, ``tuck`` the hand card a tuck space takes; cards gained are yours to choose."""
    you, words, owed = place_data(game.you, space, active=YOU, tuck=tuck, cards=catalog_of(game.table.cards),
                                  variant=game.variant)
    game = game.with_player(you)
    game, notes = reward_colour(game, YOU, [("card", owed.cards), ("random_card", owed.random_cards)]
                                 + [("trace", t) for t in owed.traces])
    moves = owed.actions.count("move")
    game = replace(game, free_moves=game.free_moves + moves)
    extra = f" {moves} free move(s) to spend this turn." if moves else ""
    yield Step("You place a data", f"Free action: {words}" + (" " + " ".join(notes) if notes else "") + extra, "放置数据", game)
    return game


def _complete_mission(game: SoloGame, card_id: str, choose: str | None) -> Procedure:
    """Complete your mission (a free action, 任务卡 · 有条件的任务): its reward; the task "complete a
    mission" is marked now (one trigger, one task)."""
    card = game.table.card(card_id)
    game = replace(game, table=completed(game.table, YOU, card_id))  # the multiplayer completion: the first copy not completed
    items = reward_items(card.mission_reward)
    game, notes = reward_colour(game, YOU, items)
    objectives, marked = game.objectives, []
    events = [Event("mission")] + list(game.triggers)
    for event in events:
        if objectives.options(event):
            objectives, note = objectives.mark(event, choose if choose in {t for t, _ in objectives.options(event)} else None)
            marked.append(note)
    game = replace(game, objectives=objectives, triggers=())
    condition = card.condition.text if card.condition is not None else "its condition"
    yield Step(f"You complete {card_id}", f"Free action: '{condition}' holds, so {card_id} is completed. "
               + " ".join(notes + marked), "任务卡 · 有条件的任务", game)
    return game


def your_turn(game: SoloGame, action: str, rng: Rng, choose: Sequence[str] = (), prefer: str | None = None) -> Procedure:
    """Carry out your main action ``action`` (one of ``your_options``); refused actions raise
    ``IllegalAction`` with the game unchanged. ``choose`` names objectives to mark, trigger by trigger;
    ``prefer`` names an objective to mark whenever a trigger fits it."""
    closed = main_actions_closed(game) if action == "end" else None
    # ending your turn while the main actions are closed is checked against end alone: the listing would only add
    # the main actions, each refused
    require_legal(closed[2] if closed is not None and closed[2] else your_options(game), action, "action")
    kind, _, argument = action.partition(":")
    if kind in OWED_SECTIONS:
        return (yield from settle_owed(game, action, rng))
    if kind == "pass":
        return (yield from your_pass(game, rng, tuple(argument.removeprefix("drop=").split("+")) if argument else None))
    if kind == "end":
        return (yield from end_turn(game, prefer))
    if kind == "take":
        return (yield from take_end_card(game, argument))
    objectives, reached = thresholds_checked(game, prefer)
    game = replace(game, objectives=objectives)
    if reached:  # thresholds you passed on the rival's turn, marked before your action may spend them
        yield Step("Objectives", " ".join(reached), SECTION_OBJECTIVES, game)
    events: list[Event] = []
    spaces: Sequence = ()
    you = game.you
    if kind == "launch":
        game, _ = yield from on_your_board(game, lambda table: launch_probe(table, YOU))
        text, events = f"You launch a probe ({game.variant.launch_credits} credits).", [Event("launch")]
    elif kind in ("orbit", "land"):
        planet, _, moon = argument.partition("/")
        game, items, route = yield from fly_and_arrive(game, planet, moon or None, kind == "orbit")
        game, notes = reward_colour(game, YOU, items)
        text = f"Your probe {'orbits' if kind == 'orbit' else 'lands on'} {moon or planet}. " + " ".join(notes)
        events, spaces = [Event(kind)] + visits(game.table, route.spaces), route.spaces
    elif kind == "scan":
        position, sector, *earth = argument.split(":")
        game = game.with_player(you.pay(*COSTS["scan"], credits=game.variant.scan_credits, energy=game.variant.scan_energy))
        game, notes, _ = _scanned(game, [EarthSignal(int(earth[0].removeprefix("earth=")) if earth else None),
                                         RowSignal(int(position), int(sector))], rng)
        card = game.table.discard[-1]  # the row card the scan discarded
        text = (f"You scan ({game.variant.scan_credits} credit, {game.variant.scan_energy} energy; card {card}, "
                f"{game.card(card).colour}, discarded from the row). " + " ".join(notes))
    elif kind in ("research", "play"):
        game, text, events, shown = _research(game, *argument.split("@")) if kind == "research" else _play(
            game, *argument.split("@"))
        yield from shown
    else:  # analyze
        analysis = yield from shown_as(analyze(you, variant=game.variant), lambda view: game.with_player(view.board))
        game = game.with_player(analysis.board)
        game, notes = reward_colour(game, YOU, [("trace", analysis.trace)])
        text = f"You analyze: your computer clears, the {analysis.board.data} data in your pool stay. " + " ".join(notes)
        events = [Event("analyze")]
    steps = kind == "scan" and bool({"TT2", "TT3", "TT4"} & game.you.techs)
    game = replace(game, main_action=action, scan_open=steps)
    yield Step(f"You: {action}", text, SECTION, game, {"action": action})
    game = yield from cover_circles(game, trigger_events(game, events, spaces), skip=argument.split("@")[0] if kind == "play" else None)
    if not steps:  # a scan with telescope steps resolves its sectors when it closes (close_scan)
        game = yield from resolve_yours(game)
    return (yield from mark_objectives(game, events, choose, prefer))


def thresholds_checked(game: SoloGame, prefer: str | None = None) -> tuple[Objectives, tuple[str, ...]]:
    """``Objectives.check_thresholds`` on your VP, publicity and pool data before your main action, remembered
    for the last objectives and values asked (a lookahead tries each main action on the same state)."""
    return _thresholds(game.objectives, game.you.score, game.you.publicity, game.you.data, prefer)


@last_asked
def _thresholds(objectives: Objectives, score: int, publicity: int, data: int,
                prefer: str | None) -> tuple[Objectives, tuple[str, ...]]:
    checked, reached = objectives.check_thresholds(score, publicity, data, prefer)
    return checked, tuple(reached)


def end_turn(game: SoloGame, prefer: str | None = None) -> Procedure:
    """The end of your turn, after your free actions: unused free moves lapse, thresholds reached mark
    tasks, completed objectives are replaced (单人游戏 · 目标), then milestones are checked between the
    turns (里程碑). The rival moves next unless it has passed."""
    game = yield from close_scan(game)
    if game.pending:  # the scan's sectors left you choices: they come first, then you end your turn again
        yield Step("Your turn goes on", f"First choose {owed_words(game.pending[0])}; then end your turn.", "回合结构", game)
        return game
    lapsed = f" Your {game.free_moves} unused free move(s) lapse." if game.free_moves else ""
    game = replace(game, free_moves=0, main_action=None, scan_steps=())
    yield Step("You end your turn", f"Your turn ends.{lapsed}", "回合结构", game)
    game = yield from mark_objectives(game, (), prefer=prefer, end_of_turn=True)
    game = yield from milestones(game, YOU)
    return replace(game, between=True)




def _research(game: SoloGame, tech: str | None, slot: str | None = None,
              granted_kind: str | None = None) -> tuple[SoloGame, str, list[Event], list[Step]]:
    """Research ``tech`` by the multiplayer research (``shared.research_tech``: its cost unless a card
    grants a tech of ``granted_kind``, the rotation first, the tile, the first taker's VP, its bonus, a
    computer tech into the slot under top ``slot``); the bonus's launch is a free launch within your
    probe limit. Returns the game, what you gained, the events and the research's steps."""
    done = run(research_tech(game, tech, int(slot) if slot else None, granted_kind))
    game, items = done.result
    game, notes = reward_colour(game, YOU, [item for item in items if item[0] != "launch"])
    events = [Event("tech", TECH_TYPES[tech[:2]])] if tech else []
    for _ in [item for item in items if item[0] == "launch"]:
        game, said, launched = free_launch(game)
        notes.append(f"Its bonus: {said}")
        events += [Event("launch")] if launched else []
    taken = f"You take {tech}." if tech else f"No {granted_kind} tech is left for you: the research is lost."
    return game, " ".join([taken] + notes), events, list(done)


def _play(game: SoloGame, card_id: str, tech: str | None = None,
          slot: str | None = None) -> tuple[SoloGame, str, list[Event], list[Step]]:
    """Play a hand card for its effect: pay its price, gain its effect, carry out the actions inside it at
    no standard cost (打出卡牌: a launch without credits, a landing without energy, a signal in a sector
    with a probe of yours, a move as a free move this turn, a research of ``tech`` without publicity, a
    computer tech into the slot under top ``slot``); an
    action card is discarded, a mission or end-game card stays in front of you (任务卡). A triggered
    mission's circles are covered by later events."""
    card = game.table.card(card_id)
    game = game.with_player(paid_for(game.you, card))  # the multiplayer game's payment
    game, notes = reward_colour(game, YOU, [item for item in reward_items(card.effect) if item[0] not in ("launch", "action")])
    events: list[Event] = [Event("card_cost", str(card.price))]
    shown: list[Step] = []
    for action in card.effect.actions:
        if action.startswith("research:"):
            game, note, done, steps = _research(game, tech, slot, granted_kind=action.split(":", 1)[1])
            note, shown = f"Its action: a research without publicity. {note}", shown + steps
        else:
            game, note, done = _card_action(game, action)
        notes.append(note)
        events += done
    if card.kind == "action":
        game = replace(game, table=replace(game.table, discard=game.table.discard + (card_id,)))
        notes.append("It goes to the discard pile.")
    else:  # in front of you as the multiplayer game keeps it (seti.mission_cards)
        game = replace(game, table=replace(game.table, missions=game.missions + (MissionInPlay.played(YOU, card),)))
        notes.append(f"It stays in front of you; only events from now on cover its {len(card.triggers)} circles "
                     f"({', '.join(t.event for t in card.triggers)}), one circle per event." if card.kind == "triggered" else
                     f"It stays in front of you: a mission, completed as a free action once '{card.condition.text}' "
                     "holds (S-F19)." if card.condition else "It stays in front of you and scores at the end: "
                     f"{card.scoring.text if card.scoring is not None else 'nothing its data gives'}.")
    said = f"You play {card_id} for its effect, paying {card.price} credit{'s' if card.price != 1 else ''}. "
    return game, said + " ".join(notes), events, shown


def _card_action(game: SoloGame, action: str) -> tuple[SoloGame, str, list[Event]]:
    """One action inside a card's effect, at no standard cost; lost (and said so) when it cannot be done."""
    probes = game.table.solar.probes_of(YOU)
    if action in ("launch", IGNORING_LIMIT):
        game, said, launched = free_launch(game, ignore_limit=action == IGNORING_LIMIT)
        return game, f"Its action: {said}", [Event("launch")] if launched else []
    if action == "move":
        if not probes:
            return game, "Its move is lost: no probe of yours is in space.", []
        game = replace(game, free_moves=game.free_moves + 1)
        return game, ("Its action: 1 free move, spent by moving a probe (a free action) before you end this turn; "
                      "unused, it lapses."), []
    if action == "land":
        places = card_landings(game)
        if not places:
            return game, "Its landing is lost: no probe of yours is at a planet.", []
        if len(places) > 1:
            return game.owing(((YOU, ACTION, "land"),) + game.pending), "Its landing: yours to choose where (a probe, a moon).", []
        game, text, events = land_by_card(game, places[0][0].split(":", 1)[1])
        return game, f"Its action: {text}", events
    sectors = card_signal_sectors(game)
    if not sectors:
        return game, "Its signal is lost: no probe of yours is in space.", []
    if len(sectors) > 1:
        return game.owing(((YOU, ACTION, CARD_SIGNAL),) + game.pending), "Its signal: yours to choose among your probes' sectors.", []
    game, notes = reward_colour(game, YOU, [("signal", sectors[0])])
    return game, "Its action: a signal where your probe is. " + " ".join(notes), []


def card_signal_sectors(game: SoloGame) -> list[int]:
    """The sectors a card's "signal in a sector with one of your probes" may go to (S-F11), by the multiplayer
    card signal's options (``main_actions.card_signal_options``: none when no probe of yours is in space)."""
    return [option.choice for option in card_signal_options(game.table, YOU) if option.choice is not None]


def land_by_card(game: SoloGame, where: str) -> tuple[SoloGame, str, list[Event]]:
    """A card's landing at no energy (``shared.card_landing``): probe ``<id>`` on its planet, or
    ``<id>/<moon>``."""
    probe_id, _, moon = where.partition("/")
    planet = game.table.solar.contents(game.table.solar.probe(int(probe_id)).space).planet
    game, items = result_of(card_landing(game, int(probe_id), moon or None))
    game, notes = reward_colour(game, YOU, items)
    return game, f"probe {probe_id} lands on {moon or planet} at no energy. " + " ".join(notes), [Event("land")]


def trigger_events(game: SoloGame, events: Sequence[Event], spaces: Sequence = ()) -> list[str]:
    """The events a triggered mission reads (``"visit:Venus"``, ``"launch"``…): the action's, and the
    planet, comet and asteroids of every space a flight entered (``seti.game.visits``)."""
    return [str(e) for e in events if e.kind != "visit"] + [v for space in spaces[1:] for v in visits_of(game.table.solar, space)]


def cover_circles(game: SoloGame, events: Sequence[str], skip: str | None = None) -> Procedure:
    """Each event covers at most one circle of your triggered missions (``state.cover_event``: the first
    it fits that you do not hold); a mission whose circles are all covered completes. ``skip`` is the
    card just played: its own effect happened before it was in play (可触发任务)."""
    for event in events:
        game, text, circle = cover_event(game, event, skip)
        if text:
            yield Step(f"Triggered mission: {event_words(event)}", text, TRIGGERED, game, {"circle": circle})
    return game


def mark_objectives(game: SoloGame, events: Sequence[Event], choose: Sequence[str] = (),
                    prefer: str | None = None, end_of_turn: bool = False) -> Procedure:
    """One trigger marks one task (S-F25): the objective named in ``choose`` (trigger by trigger), else
    ``prefer`` when the trigger fits it, else the first that fits. ``events`` are the action's triggers,
    then the game's ``triggers`` (traces you marked, sectors you won, also on the rival's turn).
    Thresholds mark when reached; at the ``end_of_turn`` completed objectives are replaced."""
    objectives, notes = game.objectives, []
    choices = list(choose)
    for event in list(events) + list(game.triggers):
        fitting = {tile for tile, _ in objectives.options(event)}
        pick = choices.pop(0) if choices else (prefer if prefer in fitting else None)
        if objectives.options(event):
            objectives, note = objectives.mark(event, pick)
            notes.append(note)
    levels = (game.you.score, game.you.publicity, game.you.data)
    objectives, reached = objectives.check_thresholds(*levels, prefer=prefer)
    replaced: list[str] = []
    if end_of_turn:
        objectives, replaced = objectives.end_of_turn(*levels, mark_reached=game.variant.solo_threshold_marks_while_reached)
    notes += reached + replaced
    game = replace(game, objectives=objectives, triggers=())
    if notes:
        yield Step("Objectives", " ".join(notes), SECTION_OBJECTIVES, game)
    return game


def your_pass(game: SoloGame, rng: Rng, drop: Sequence[str] | None = None) -> Procedure:
    """Pass by the multiplayer passing (``shared.your_passing``): hand down to 4 (the cards in ``drop``, else
    those drawn last), the first passer rotates, then in rounds 1-4 you choose a card of the round's
    end-of-round stack (``take:<card>``, 弃权不行动)."""
    limit = game.variant.hand_limit
    extra = tuple(drop) if drop else game.you.hand[limit:]
    first = not game.passed
    game, rotation = your_passing(game, extra)
    text = "You pass." + (f" You discard down to {limit} cards ({', '.join(extra)})." if extra else "")
    if first:
        text += f" You pass first: {rotation}"
    stack = end_of_round_stack(game.table, game.round)
    if stack:
        text += f" Choose a card from round {game.round}'s end-of-round stack: {', '.join(stack)}."
    game = replace(game, free_moves=0).owing(game.pending + (((YOU, END_OF_ROUND, str(game.round)),) if stack else ()))
    yield Step("You pass", text, "弃权不行动", game)
    if stack:
        return game
    game = yield from mark_objectives(game, (), end_of_turn=True)  # passing ends your turn
    return (yield from milestones(game, YOU))


def take_end_card(game: SoloGame, card: str) -> Procedure:
    """The last step of your pass: the card you chose from this round's end-of-round stack, which you held
    (``shared.take_held_card``), goes to your hand, the rest stay for the rival (弃权不行动 3); your turn ends."""
    game = take_held_card(game, card).settle(YOU, END_OF_ROUND, str(game.round))
    left = end_of_round_stack(game.table, game.round)
    yield Step("You take an end-of-round card", f"You take {card} into your hand; {', '.join(left) or 'nothing'} "
               "stays on the stack.", "弃权不行动", game)
    game = yield from mark_objectives(game, (), end_of_turn=True)
    return (yield from milestones(game, YOU))


def your_gold_lines(game: SoloGame) -> tuple:
    """Your gold tiles scored by the multiplayer final scoring (``scoring.gold_lines``) on the table (your missions
    and end-game cards in front of you; the rival's seat is an empty board). The rival scores none (S-F24)."""
    from ..scoring import gold_lines

    return gold_lines(game.table, YOU)


def your_card_lines(game: SoloGame) -> tuple:
    """Your end-game cards scored by the multiplayer final scoring (``scoring.card_lines``): each card in front
    of you, every copy its own line (任务卡 · 游戏终局计分卡)."""
    from ..scoring import card_lines

    return card_lines(game.table, YOU)


FREE_KINDS = ("convert", "corner", "buy", "complete", "place", "move", "tt2", "tt3", "tt4", "hold", "release", "gold")
