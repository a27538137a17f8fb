"""The state of a solo game: the shared table (a two-player ``SetiGame`` holding your board), the rival and your
objectives."""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from ...engine.frozen import FrozenMap, replace
from typing import Any, Mapping, Sequence

from ..game import SetiGame
from ..measures import measure
from ..player import PlayerBoard, income_now
from ..rewards import Reward
from ..turns import IGNORING_LIMIT
from ..variant import SetiVariant
from ..words import event_words
from .choices import choose_trace
from .objectives import Event, Objectives
from .rival import Rival, gain
from .table import table_html, mark_signal, mark_trace, reward_items, rotated, trace_columns
from ..missions import MissionInPlay, cover_circle, trigger_options

YOU = "green"
YOUR_MEASURES = ("orbiters", "landers", "techs", "data", "sector_wins", "publicity", "traces", "tucked")
RIVAL = "white"
#: The kinds of what you owe that the multiplayer game owes too (``seti.game.SetiGame.grant``, ``turns.settle_pending``):
#: a card from the row or the deck, the card to tuck for an income icon, a life trace, a card's action.
CARD, TUCK, TRACE, ACTION = ("cards", "1"), ("tuck", "income"), "trace", "action"
#: The solo game's own kind: the card you take from this round's end-of-round stack after passing (弃权不行动 3),
#: which the multiplayer game asks of a passed seat holding the stack (``SetiGame.holding``).
END_OF_ROUND = "end_of_round_card"


@dataclass(frozen=True)
class SoloGame:
    """Everything in a solo game. ``table`` is the multiplayer game state with two seats, yours (``YOU``, seat 0:
    your board, read as ``you`` and replaced by ``with_player``) and the rival's (``RIVAL``, seat 1: an empty board,
    its own board is ``rival``); the round, the start player (``start``) and who passed this round (``passed``)
    are the table's (``round``, ``start_seat``, ``passed``, as the multiplayer passing and rounds keep them);
    ``to_move`` who plays next (None: the round is over; the solo game's own: the table's ``active`` is the seat
    that starts the round, as the multiplayer round begins); ``checked`` the scores at the last milestone check;
    your mission and end-game cards in front of you are the table's ``missions`` (read as ``missions``; the
    multiplayer missions code covers their circles and completes them on the table, its grant gives their
    rewards), ``free_moves`` the moves card corners gave you this turn, ``triggers`` your objective triggers not yet
    marked (traces you marked, sectors you won, also on the rival's turn),
    ``held`` the circles you keep for a later trigger (S-F19), ``main_action`` this turn's main action once
    taken (free actions may follow it until you end your turn), ``gold_choice`` the gold tile you chose
    to mark at your next gold milestone (金色里程碑; without one, the best value left), ``pending`` the choices
    that what you gained leaves you, what the table owes (``SetiGame.pending``:
    ``(colour, kind, what)``, read by ``owed``, removed by ``settle``, set by ``owing``): a card from the row or the deck
    (``cards``), the card to tuck (``tuck``), where a life trace goes (``trace``), a launch, a landing or a
    signal a card or a reward gives you (``action``), the completed sectors whose order you choose (``sector``, S-R7) and the card you take from
    the end-of-round stack when you pass (``END_OF_ROUND``); they are resolved in order on your turn before
    anything else. ``discovered`` is the order the species were discovered in (the rival's species cards name
    the 1st and the 2nd discovered, 单人游戏 · 物种发现); the table's life board flips them as the multiplayer does."""

    table: SetiGame  # the shared board, the multiplayer game state: your board in seat 0, the rival's seat 1
    rival: Rival
    objectives: Objectives
    to_move: str | None = YOU
    checked: Mapping[str, int] = field(default_factory=FrozenMap)  # scores at the last milestone check
    over: bool = False
    free_moves: int = 0  # moves from card corners, card effects and your computer this turn; they lapse at its end
    triggers: tuple[Event, ...] = ()  # your objective triggers met inside rewards or on the rival's turn
    held: frozenset[tuple[str, int]] = frozenset()  # (card, circle index) you leave for a later trigger
    main_action: str | None = None  # your main action this turn, once taken
    gold_choice: str | None = None  # the gold tile you will mark at your next gold milestone (else the best value)
    scan_steps: tuple[str, ...] = ()  # the telescope techs used after this turn's scan (TT2, TT3, TT4), once each
    scan_open: bool = False  # your scan awaits its telescope steps; its completed sectors resolve when it closes
    between: bool = False  # your turn is over (ended or passed): you only resolve the choices a reward left you
    discovered: tuple[int, ...] = ()  # the species (slots of the table's life board) discovered, in the order they were

    @property
    def you(self) -> PlayerBoard:
        """Your board, the table's seat of ``YOU``."""
        return self.table.player(YOU)

    def with_player(self, board: PlayerBoard) -> "SoloGame":
        """This game with ``board`` replacing your board on the table."""
        return replace(self, table=self.table.with_player(board))

    @property
    def pending(self) -> tuple[tuple[str, str, str], ...]:
        """Your choices still to make, in order: what the table owes you (``SetiGame.pending``)."""
        return self.table.pending

    def owing(self, pending: tuple[tuple[str, str, str], ...]) -> "SoloGame":
        """This game with ``pending`` as what the table owes."""
        return replace(self, table=replace(self.table, pending=pending))

    def settle(self, colour: str, kind: str, what: str) -> "SoloGame":
        """One owed choice made: taken off the table's ``pending`` (``SetiGame.settle``)."""
        return replace(self, table=self.table.settle(colour, kind, what))

    def owed(self, colour: str, kind: str) -> tuple[tuple[str, str, str], ...]:
        """The choices of ``kind`` owed to ``colour``, oldest first (``SetiGame.owed``)."""
        return self.table.owed(colour, kind)

    @property
    def variant(self) -> SetiVariant:
        """The rules in play, the table's."""
        return self.table.variant

    @property
    def round(self) -> int:
        """The round being played, the table's."""
        return self.table.round

    @property
    def start(self) -> str:
        """The start player's colour: the table's start seat."""
        return self.table.players[self.table.start_seat].colour

    @property
    def passed(self) -> tuple[str, ...]:
        """Who passed this round, in the order they passed: the table's seats that passed."""
        return tuple(self.table.players[seat].colour for seat in self.table.passed)

    @property
    def missions(self) -> tuple[MissionInPlay, ...]:
        """Your mission and end-game cards in front of you: the table's (``SetiGame.missions``)."""
        return self.table.missions

    @property
    def in_play(self) -> tuple[str, ...]:
        """Your mission and end-game cards in front of you, in the order played (copies one by one)."""
        return tuple(mission.card for mission in self.missions)

    @property
    def completed_missions(self) -> tuple[str, ...]:
        """Your missions completed (conditional and triggered), in the order played."""
        return tuple(mission.card for mission in self.missions if mission.completed)

    @property
    def taking(self) -> bool:
        """Whether you passed and now choose a card of this round's end-of-round stack (an owed choice)."""
        return bool(self.pending) and self.pending[0][1] == END_OF_ROUND

    def card(self, card_id: str):
        """A card of the table's cards."""
        return self.table.card(card_id)

    def your_measure(self, name: str) -> int:
        """A count of yours a mission or end-game card reads (``seti.measures``, on the table)."""
        return measure(self.table, YOU, name)

    @property
    def scores(self) -> Mapping[str, int]:
        return FrozenMap({YOU: self.you.score, RIVAL: self.rival.score})

    def _repr_html_(self) -> str:
        you, rival = self.you, self.rival
        rows = (
            f"<tr><td>you ({YOU})</td><td>{you.score}</td><td>{you.publicity}</td>"
            f"<td>{you.credits} credits · {you.energy} energy · {you.data} data · {len(you.hand)} cards</td>"
            f"<td>{html.escape(' '.join(sorted(you.techs)) or '–')}</td></tr>"
            f"<tr><td>rival ({RIVAL}, {rival.stars}★)</td><td>{rival.score}</td><td>{rival.publicity}</td>"
            f"<td>progress {rival.progress} · computer {rival.computer}/6 · pool {rival.pool}</td>"
            f"<td>{html.escape(' '.join(rival.techs) or '–')}</td></tr>"
        )
        status = "game over" if self.over else f"round {self.round}, start player: {'you' if self.start == YOU else 'the rival'}"
        return (f"<div class='tt-seti-solo'><b>{status}</b><div>{self.table.solar.svg()}</div><table><tr><th></th><th>VP</th><th>publicity</th>"
                f"<th>holdings</th><th>techs</th></tr>{rows}</table>{table_html(self.table)}"
                f"{self.objectives._repr_html_()}</div>")


def reward_colour(game: SoloGame, colour: str, items: Sequence[tuple[str, Any]], arrow: str = "left") -> tuple[SoloGame, list[str]]:
    """Give ``colour`` rewards in the solo vocabulary. The rival's life traces are placed by its rule (S-F8).
    Yours are the multiplayer grant's (``SetiGame.grant`` on the table): VP, publicity (capped), credits, energy
    and data (the pool, S-F5) and a "?" card from the deck at once; what it leaves owed waits in the table's
    ``pending`` with the other choices a reward leaves you: a card (from the row or the deck, 获取卡牌的其他方式),
    a life trace and the chart icon (the hand card you tuck, 增加收入). A signal is marked in the sector given."""
    notes: list[str] = []
    plain: dict[str, int] = {}
    traces: list[str] = []
    signals: list[int] = []
    actions: list[str] = []
    for key, amount in items:
        if not amount:
            continue
        if key == "trace":
            traces.append(amount)
        elif key == "signal":
            signals.append(amount)
        elif key == "launch":
            actions += ["launch"] * amount
        elif key == "action":
            actions.append(amount)
        else:
            plain[key] = plain.get(key, 0) + amount
    if colour == RIVAL:
        if actions:
            notes.append(f"The rival takes no action a reward shows ({', '.join(actions)}): it acts by its action "
                         "cards alone (单人游戏 · 对手的行动).")
        if "random_card" in plain:
            plain["card"] = plain.get("card", 0) + plain.pop("random_card")
        rival, gained, _ = gain(game.rival, plain, game.variant)
        game = replace(game, rival=rival)
        notes.extend(f"Rival {note}" if note.startswith("+") else note for note in gained)
    else:
        reward = Reward(vp=plain.get("vp", 0), publicity=plain.get("publicity", 0), credits=plain.get("credits", 0),
                        energy=plain.get("energy", 0), data=plain.get("data", 0), cards=plain.get("card", 0),
                        random_cards=plain.get("random_card", 0), traces=tuple(traces), tuck=plain.get("chart", 0),
                        actions=tuple(actions))
        game, owed = granted(game, game.table.grant(YOU, reward)[0])
        notes += gain_words(plain) + owed
    who = "The rival" if colour == RIVAL else "You"
    for number in signals:
        table, gained = mark_signal(game.table, colour, number)
        game = replace(game, table=table)
        notes.append(f"{who}: a signal in {table.sectors.sector(number).name}.")
        game, extra = reward_colour(game, colour, [("data", gained.data), ("vp", gained.vp)], arrow)
        notes.extend(extra)
        if colour == YOU:
            game, extra = your_trigger(game, Event("signal"))
            notes.extend(extra)
    for trace in traces if colour == RIVAL else ():
        choice = choose_trace(trace_columns(game.table), trace, arrow)
        table, more, text = mark_trace(game.table, colour, *choice.value)
        game = replace(game, table=table)
        notes.append(f"{who}: {choice.reason} {text[0].upper() + text[1:]}.")
        game, extra = reward_colour(game, colour, more, arrow)
        notes.extend(extra)
    return game, notes


def granted(game: SoloGame, table: SetiGame) -> tuple[SoloGame, list[str]]:
    """The solo game with the table a multiplayer grant to you left (it began with ``game``'s table) and the
    words of what it left owed you: a move (``("action", "move")``) is a free move this turn, spent by moving
    a probe (unused, it lapses at the turn's end, as the multiplayer's owed move); the rest waits in
    ``pending`` for your choice (a card, a tuck, a life trace) or to be carried out (a launch, a landing,
    a signal: ``you.owed_options``)."""
    owed = table.pending[len(game.pending):]
    moves = [item for item in owed if item == (YOU, ACTION, "move")]
    for item in moves:
        table = table.settle(*item)
    game = replace(game, table=table, free_moves=game.free_moves + len(moves))
    notes = [f"{len(moves)} free move{'s' if len(moves) > 1 else ''}, spent by moving a probe this turn (unused, "
             f"{'they lapse' if len(moves) > 1 else 'it lapses'} at its end)."] if moves else []
    choices = [item for item in owed if item not in moves]
    if choices:
        notes.append("Yours to choose: " + ", ".join(owed_words(o) for o in choices) + ".")
    return game, notes


def gain_words(amounts: Mapping[str, int]) -> list[str]:
    """What you gain at once in words ("You gain 1 data, 2 VP."): VP, publicity, credits, energy, data and cards
    from the deck, in the order given; nothing when none of them is gained."""
    shown = {k: v for k, v in amounts.items() if v and k in ("vp", "publicity", "credits", "energy", "data", "random_card")}
    return ["You gain " + ", ".join(f"{v} {'VP' if k == 'vp' else 'card(s) from the deck' if k == 'random_card' else k}"
                                    for k, v in shown.items()) + "."] if shown else []


#: The resources of a reward (the solo vocabulary's keys are the ``Reward`` fields) a grant gives at once.
RESOURCES = ("vp", "publicity", "credits", "energy", "data")


def owed_words(item: tuple[str, str, str]) -> str:
    """One of your owed choices (a ``pending`` item) in words: a card, a tuck, a life trace of a colour…"""
    _, kind, what = item
    if kind == ACTION:
        return {"land": "where your landing goes", "launch": "your free launch",
                IGNORING_LIMIT: "your free launch (beyond the probe limit)"}.get(what, "the sector of your signal")
    return {CARD[0]: "a card from the row or the deck", TUCK[0]: "a hand card to tuck for income",
            "sector": "which completed sector resolves first", END_OF_ROUND: "a card of this round's end-of-round stack"}.get(
        kind, f"where your {what} life trace goes")


def objective_visit(visit: str) -> Event | None:
    """The objective trigger of a visit (``seti.game.visits``: "visit:comet" → ``Event("visit", "comet")``,
    "visit:asteroids" → "asteroid"; a planet's visit marks no task, 任务)."""
    kind = {"comet": "comet", "asteroids": "asteroid"}.get(visit.partition(":")[2])
    return Event("visit", kind) if kind else None


def your_trigger(game: SoloGame, event: Event | None, mission_event: str | None = None) -> tuple[SoloGame, list[str]]:
    """A trigger of yours met inside a reward or on the rival's turn: it covers a circle of your triggered
    missions at once (S-F19: they fire on others' turns too) and waits in ``triggers`` for your objectives.
    ``mission_event`` is what missions read (``"visit:Venus"``) when it differs from the objective's
    event, which is ``None`` when no objective task reads it."""
    if event is not None:
        game = replace(game, triggers=game.triggers + (event,))
    game, said, _ = cover_event(game, mission_event or str(event))
    return game, [said] if said else []


def cover_event(game: SoloGame, event: str, skip: str | None = None) -> tuple[SoloGame, str, tuple[str, int] | None]:
    """One trigger covers at most one circle of your triggered missions (任务卡 · 可触发任务): the first it
    fits that you do not hold for later (S-F19, covering is optional). A mission whose circles are all
    covered completes, a "complete a mission" trigger for your objectives. ``skip``: a card whose circles
    this event may not cover. Returns the game, what happened ("" when nothing fits) and the circle covered."""
    fitting = [o.choice for o in trigger_options(game.table, YOU, event) if o.legal and o.choice is not None and o.choice[0] != skip]
    free = [choice for choice in fitting if choice not in game.held]
    if not free:
        held = ", ".join(f"circle {i + 1} of {card}" for card, i in fitting)
        return game, (f"{event_words(event)[:1].upper()}{event_words(event)[1:]} fits {held}, held for a later trigger (covering is optional, S-F19)." if fitting else ""), None
    card_id = free[0][0]
    completed = sum(m.card == card_id and m.completed for m in game.missions)
    table, text = cover_circle(game.table, YOU, event, *free[0])  # the multiplayer cover and its grant
    game, owed = granted(game, table)
    if sum(m.card == card_id and m.completed for m in game.missions) > completed:  # this cover completed it
        game = replace(game, triggers=game.triggers + (Event("mission"),))
    said = text.replace(f"{YOU} covers", "You cover").replace(" and gains ", " and gain ")
    return game, " ".join([said + " One trigger covers one circle."] + owed), free[0]


def tuck_card(game: SoloGame, card_id: str) -> tuple[SoloGame, str]:
    """The chart icon (增加收入): ``card_id`` from your hand goes under your income card for good
    (``PlayerBoard.tucking``, the multiplayer board's); what it gives at once is the multiplayer's
    (``player.income_now``: its income resource, a card income's card from the deck top) and it pays
    at every income (S-F18)."""
    income = game.table.card(card_id).income
    game = game.with_player(game.you.tucking(card_id, income))
    game, notes = reward_colour(game, YOU, reward_items(income_now(income)))
    return game, f"You tuck {card_id} for {income} income: 1 now and every income. " + " ".join(notes)


def rotate_solar(game: SoloGame) -> tuple[SoloGame, str]:
    """Rotate the solar system; owners of pushed probes gain the publicity of the space they enter, and a
    push of your probe into a planet's, comet's or asteroid field's space is a visit (the FAQ; S-F12;
    variant ``push_is_visit``): it covers a mission circle at once and marks objectives (comet, asteroid).
    Only your techs count for a push (PT #03's publicity): the rival's techs give it none of their abilities
    (单人游戏 · 使用科技板块: 科技通常提供的能力对对手没有任何影响)."""
    table, text, gains, visits = rotated(game.table, {YOU: game.you.techs})
    game = replace(game, table=table)
    notes = [text]
    for owner, amount in gains:
        game, gained = reward_colour(game, owner, [("publicity", amount)])
        notes += gained
    for owner, visit in visits:
        if owner == YOU:
            game, said = your_trigger(game, objective_visit(visit), visit)
            notes += said
    return game, " ".join(notes)
