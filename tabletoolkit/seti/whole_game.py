"""SETI for 2–4 players as a whole game on the game contract (``tt.new_game("seti", players=3, seed=7)``).

A turn is offered as the rules give it (游戏概述 · 回合结构): before the main action the active player may
take free actions (convert, buy a card from the row or the deck, tuck, a card's corner, complete a
mission, move a probe one space, place a data — with or without the optional tuck, S-R11) or take the main
action (play a card, research, launch, orbit, land — on Mars, which first-lander space —, scan — which
row card, which of its sectors —, analyze, pass); during it, where it leaves something owed that the turn
carries out (a free launch, a card's landing or signal, life traces, cards, the sectors it completed), any
free actions before going on with it (``GoOn``; 甚至在主行动期间), what they gain carried out with the rest;
after it, more free actions or the end of the turn.

What a procedure asks along the way is a decision of its own, offered when it is asked and to the
player it belongs to: which tech, where a life trace goes, which gold tile (S-R12), the order completed
sectors resolve in (S-R7), a reward's card from the row or the deck, the end-of-round card (or holding
the stack), which cards to keep when passing. At a question of the active player's own turn (not among
the steps of passing, S-F16, nor between turns) their free actions are offered beside its answers: one
taken there is carried out where it was taken, and the question is asked again of the table it left.
The procedures are the wing's phases (so they stay the one source of the rules), run from the start of the
step under way with the answers given so far; where one stopped at a question or at a part carried out
(``Decisions.carry_out``) it is kept, and goes on from there with the first answer given to that state.
Every card drawn is a chance event, uniform over what is left (the deck, or the discard pile being
reshuffled); the set-up is dealt from ``Rng(seed)``. The variant lives in the state.
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass, field
from ..engine.frozen import cached, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar, Literal

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.game import CHANCE, ExactQuestion, Game, Outcome
from ..engine.numbers import share
from ..engine.options import Option, Options
from ..engine.steps import Procedure, Step, run
from .card_odds import SECTION as CARD_ROW, matches
from .cards import colour_counts, deck_of, drawing, game_deck
from .computer import DataSpace, placement_verdict, sample_layout
from .free_actions import (FREE_ACTIONS, BuyCard, CompleteMission, Convert, Corner, Move, PlaceData, Tuck, conversion_refusal,
                           convertible,
                           free_actions, own_turn_refusal)
from .game import Decisions, SetiGame, advance_rotation
from .main_actions import Analyze, Land, Launch, Orbit, Scan, scan_refusal, telescope_refusal
from .missions import condition_met, legal_completions
from .rewards import INCOME_KINDS
from .scan import EarthSignal, HandSignal, MercurySignal, ProbeBoost, RowSignal, scan_sectors
from .scoring import score_game
from .solar import space_words
from .setup import set_up
from .turns import TURN, Pass, PlayCard, Research, end_turn, legal_main_actions, legal_main_choices, settle_pending
from .variant import RULEBOOK, SetiVariant

COLOURS = ("green", "orange", "blue", "purple")
FREE = "回合结构 · 自由行动"
END = "游戏结束"


@dataclass(frozen=True)
class EndTurn:
    """End the turn after the main action (and any free actions after it)."""

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True)
class GoOn:
    """Go on with the main action: carry out what it left owed (a free launch, a card's landing or signal, a
    visit's mission, life traces, cards, the sectors it completed), after any free actions taken during it
    (自由行动可以在回合中的任何时候执行……甚至在主行动期间)."""

    def __str__(self) -> str:
        return "go on with the main action"


@dataclass(frozen=True)
class DiscardForConversion:
    """One of the two cards paid for a conversion of cards (资源转换)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card} for the conversion"


@dataclass(frozen=True)
class UseTelescope:
    """In a scan: use telescope tech ``tech`` for ``step`` (``None``: leave it unused)."""

    tech: str
    step: Any = None

    def __str__(self) -> str:
        return self.words()

    def words(self, sky: Any = None) -> str:
        """The choice in words; with the ``sky``, a sector named by its star."""
        if self.step is None:
            return f"{self.tech}: not used"
        step = self.step
        if isinstance(step, (EarthSignal, HandSignal)):
            where = sky.sector(step.sector).name if sky is not None else f"sector {step.sector}"
            if isinstance(step, EarthSignal):
                return f"{self.tech}: the Earth signal in {where}, next to Earth's"
            return f"{self.tech}: discard {step.card} for a signal in {where}"
        if isinstance(step, MercurySignal):
            return f"{self.tech}: 1 publicity for a signal in Mercury's sector"
        return f"{self.tech}: 1 energy to {'launch a probe' if step.use == 'launch' else 'gain a move'}"


TELESCOPES = ("TT1", "TT2", "TT3", "TT4")


def _with_step(steps: tuple, step: Any) -> tuple:
    """A scan's steps with ``step`` added (TT #01's Earth signal replaces the plain one)."""
    if isinstance(step, EarthSignal):
        return tuple(step if isinstance(s, EarthSignal) else s for s in steps)
    return steps + (step,)


@dataclass(frozen=True)
class Segment:
    """A step of the game under way: a free action, a main action, or the end of a turn."""

    kind: str  # "free", "main", "during" (a free action during the main action), "rest" (of the main action) or "end"
    action: Any = None


@dataclass(frozen=True)
class _Free:
    """A free action the active player took while a question of their main action was asked."""

    action: Any


class _Need(Exception):
    """Raised inside a replayed procedure at the first question (or draw) not answered yet; ``game`` is the table
    at that question when the active player may take free actions there."""

    def __init__(self, who: Any, question: str, options: tuple = (), pool: tuple[str, ...] = (),
                 game: SetiGame | None = None):
        super().__init__(question)
        self.who, self.question, self.options, self.pool, self.game = who, question, options, pool, game
        self.kept: _Kept | None = None


class _Kept:
    """A procedure stopped at a question, kept to go on once from there with its answer: taken by the first
    state to answer it; any other answer carries the segment out again from its start."""

    def __init__(self, replay: "_Replay", procedure: Procedure, steps: list, given: tuple):
        self.replay, self.steps, self.given = replay, steps, given
        self.procedure: Procedure | None = procedure

    def take(self, given: tuple) -> "tuple[_Replay, Procedure, list] | None":
        """The procedure to go on with ``given`` (the answers it stopped at and more), once; else ``None``."""
        procedure, known = self.procedure, len(self.given)
        if procedure is None or len(given) <= known or given[:known] != self.given:
            return None
        self.procedure = None
        self.replay.given_more(given)
        return self.replay, procedure, self.steps


class _Waiting:
    """Yielded by a procedure stopped at ``need`` (a question asked, or a part carried out, that waits for an
    answer): the procedure is kept where it stopped, to go on once the answer is given."""

    def __init__(self, need: _Need):
        self.need = need


class _Replay(Decisions):
    """Answers a procedure's questions and draws from the answers given so far, in the order asked; the first
    one not given raises ``_Need`` naming it (a question asked, or a part carried out, yields it as ``_Waiting``
    instead, keeping the procedure). A question with a single option and a draw from cards all alike need no
    answer. With ``free``, the active player's free actions taken at a question of their turn (``ask``) are
    carried out where they were taken, before its answer."""

    def __init__(self, given: tuple, active: str, free: bool = False):
        super().__init__()
        self._given, self._next, self._active, self._free = given, 0, active, free

    def ask(self, game: SetiGame, question: str, options, who: str | None = None) -> Procedure:
        who = who or self._active
        free = self._free and who == self._active
        found = None
        while True:
            if found is None:
                found = tuple(options(game))
                if len(found) == 1 and found[0].legal:
                    return found[0].choice, game
                if not any(option.legal for option in found):
                    raise IllegalAction("seti.game.no_option", f"nothing can be chosen for {question}.", TURN)
            # a free action is taken at a question that waits for its answer (one that answers itself never stops
            # the procedure, so none is taken there): carried out again from the start, it comes at the same place
            if free and self._next < len(self._given) and isinstance(self._given[self._next], _Free):
                game = yield from free_actions(game, who, (self._take().action,))
                found = None
                continue
            if self._next < len(self._given):
                return self._take(), game
            # a _Waiting passes up through the procedures that asked to _carried_out, the one reader of it
            yield _Waiting(_Need(who, question, found, game=game if free else None))  # type: ignore[misc]

    def carry_out(self, work) -> Procedure:
        while True:
            start = self._next
            try:
                return work()
            except _Need as need:
                self._next = start  # carried out again from its start once answered
                stopped = [need.with_traceback(None)]  # handed out without its frames, and not held here while it waits
            # (the need keeps the procedure: held here, they would make a cycle); read by _carried_out alone
            yield _Waiting(stopped.pop())  # type: ignore[misc]

    def given_more(self, given: tuple) -> None:
        """Answers given since the procedure stopped (``given`` begins with those it had)."""
        self._given = given

    def _take(self) -> Any:
        value = self._given[self._next]
        self._next += 1
        return value

    def choose(self, question: str, options, who: str | None = None) -> Any:
        options = tuple(options)
        if len(options) == 1 and options[0].legal:
            return options[0].choice
        if not any(option.legal for option in options):
            raise IllegalAction("seti.game.no_option", f"nothing can be chosen for {question}.", TURN)
        if self._next < len(self._given):
            return self._take()
        raise _Need(who or self._active, question, options)

    def draw(self, pool: tuple[str, ...]) -> str:
        if len(set(pool)) == 1:
            return pool[0]
        if self._next < len(self._given):
            return self._take()
        raise _Need(CHANCE, "draw", pool=tuple(pool))


@dataclass(frozen=True)
class _Done:
    table: SetiGame
    steps: tuple[Step, ...]


@dataclass(frozen=True, repr=False)
class SetiWholeGame(Game):
    """A SETI game for 2–4 players on the contract: ``table`` is the wing's ``SetiGame``; ``phase`` is
    "before", "during" (what it left owed still to carry out) or "after" the active player's main action; ``segment`` a step under way with the answers
    ``given`` so far; ``paying`` the cards chosen so far for a conversion of cards."""

    game_id: ClassVar[str] = "seti"
    section: ClassVar[str] = TURN
    end_section: ClassVar[str] = END

    table: SetiGame
    seats: tuple[str, ...]
    seed: int = 0
    variant: SetiVariant = RULEBOOK
    phase: str = "before"
    segment: Segment | None = None
    given: tuple = ()
    paying: tuple[str, ...] = ()
    converting: tuple | None = None  # (get, row) of a conversion of cards being paid
    scanning: tuple | None = None  # the steps of a scan being chosen, then the telescope techs still to ask
    played: tuple[tuple[int, str, str], ...] = ()  # each main action taken: (round, colour, kind)
    steps: tuple[Step, ...] = field(default=(), compare=False)

    # --- the contract ------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.table.over and self.segment is None

    @cached
    def to_move(self) -> Any:
        if self.over:
            return None
        progress = self._progress
        if isinstance(progress, _Need):
            return progress.who
        return self.table.active_colour

    def __repr__(self) -> str:
        table = self.table
        if table.over:
            where = "game over"
        else:
            where = f"round {table.round}, {table.active_colour} {self.phase} the main action"
        if self.segment is not None:
            where += f", {self._need_words()}"
        if self.scanning is not None:
            where += f", scanning: {self.scanning[1][0]} to use or not"
        if self.converting is not None:
            where += f", paying a conversion ({len(self.paying)} card(s) chosen)"
        boards = ", ".join(f"{b.colour} {b.score} VP {b.credits}c {b.energy}e {b.publicity}p {b.data}d "
                           f"{len(b.hand)} cards" for b in table.players)
        return f"<SETI · {where} · {boards} · row {', '.join(card or 'empty' for card in table.card_row)} · deck {len(table.deck)}>"

    def _need_words(self) -> str:
        progress = self._progress
        if isinstance(progress, _Need):
            return "a card is drawn" if progress.who is CHANCE else f"{progress.who} chooses {progress.question}"
        return "under way"

    def _repr_html_(self) -> str:
        return f"<div class='tt-seti-whole'><p>{html.escape(repr(self))}</p>{self.table._repr_html_()}</div>"

    def _chance_outcomes(self) -> dict[Any, Fraction]:
        progress = self._progress
        if not isinstance(progress, _Need) or progress.who is not CHANCE:
            raise InvalidInput("chance", repr(self), "no card is being drawn now")
        return self._draw_odds

    @cached
    def _draw_odds(self) -> dict[Any, Fraction]:
        """The card being drawn: uniform over what is left (a card with copies as likely as its copies)."""
        pool = self._progress.pool
        total = len(pool)
        counts = Counter(pool)
        return {card: share(count, total) for card, count in sorted(counts.items())}

    def describe_outcome(self, outcome: Any) -> str:
        cards = self.table.cards
        key = (id(cards), outcome)
        known = _OUTCOME_WORDS.get(key)
        if known is None or known[0] is not cards:
            if len(_OUTCOME_WORDS) > 4096:
                _OUTCOME_WORDS.clear()
            words = f"{outcome} ({cards[outcome].name})" if outcome in cards else str(outcome)
            known = _OUTCOME_WORDS[key] = (cards, words)
        return known[1]

    def _decision_options(self) -> Options:
        progress = self._progress
        if self.converting is not None:
            return self._conversion_options(self._at_question or self.table)
        if isinstance(progress, _Need):
            options = [_option(o, progress.question) for o in progress.options]
            if progress.game is not None:
                options += self._free_options(progress.game)
            return Options.of(options)
        if self.scanning is not None:
            return self._telescope_options()
        return self._turn_options()

    def _resolve(self, choice: Any) -> "SetiWholeGame":
        progress = self._progress
        if self.converting is not None:
            paying = self.paying + (choice.card,)
            if len(paying) < self.variant.conversion_rate:
                return self._paying(paying=paying)
            get, row = self.converting
            game = replace(self, paying=(), converting=None)
            convert = Convert("cards", get, paying, row)
            if self.segment is not None:
                return game._continue(self.segment, self.given + (_Free(convert),), progress)
            return game._continue(Segment(self._free_kind, convert), ())
        if isinstance(progress, _Need) and self.segment is not None:
            if isinstance(choice, FREE_ACTIONS):
                if isinstance(choice, Convert) and choice.give == "cards":
                    return self._paying(converting=(choice.get, choice.row), paying=())
                return self._continue(self.segment, self.given + (_Free(choice),), progress)
            return self._continue(self.segment, self.given + (choice,), progress)
        if self.scanning is not None:
            steps, techs = self.scanning
            steps = steps if choice.step is None else _with_step(steps, choice.step)
            if techs[1:]:
                return replace(self, scanning=(steps, techs[1:]), steps=())
            return replace(self, scanning=None)._continue(Segment("main", Scan(steps)), ())
        if isinstance(choice, Scan) and self.phase == "before":
            techs = tuple(tech for tech in TELESCOPES if tech in self.table.player(self.table.active_colour).techs)
            if techs:
                return replace(self, scanning=(choice.steps, techs), steps=())
        if isinstance(choice, Convert) and choice.give == "cards":
            return replace(self, converting=(choice.get, choice.row), paying=(), steps=())
        if isinstance(choice, EndTurn):
            return self._continue(Segment("end"), ())
        if isinstance(choice, GoOn):
            return self._continue(Segment("rest"), ())
        kind = "main" if self.phase == "before" and _is_main(choice) else self._free_kind
        return self._continue(Segment(kind, choice), ())

    def _paying(self, **changes: Any) -> "SetiWholeGame":
        """The game paying a conversion of cards with ``changes``: the step under way waits where it stopped."""
        game = replace(self, steps=(), **changes)
        game.__dict__["_progress"] = self._progress  # the same table, step and answers: the same progress
        return game

    @property
    def _at_question(self) -> SetiGame | None:
        """The table at the question under way, when the active player may take free actions there."""
        progress = self._progress
        return progress.game if isinstance(progress, _Need) else None

    @property
    def _free_kind(self) -> str:
        """A free action now: "during" the main action (what it gained waits with the rest) or around it."""
        return "during" if self.phase == "during" else "free"

    def _final(self) -> Outcome:
        result = score_game(self.table)
        totals = result.totals
        ranking = tuple(sorted(self.seats, key=lambda seat: (-totals[seat], self.seats.index(seat))))
        shared = len(result.winners) > 1
        return Outcome(tuple((seat, totals[seat]) for seat in self.seats), ranking, tuple(result.winners),
                       "a tie is shared (游戏结束)" if shared else "")

    def measures(self) -> dict[str, Any]:
        """For the designer's lab, read off the finished game: the rounds played; for each seat the sectors won,
        probes launched (those still in space and those that became orbiters or landers), orbiters, landers, life
        traces marked, species whose discovery spaces hold one of its traces, conditional missions completed,
        cards played as the main action, and its launches and main actions (passing included) in round 1."""
        table = self.table
        solar, life = table.solar, table.life
        discovered = [slot for slot in life.slots if slot.discovered]

        def per_seat(count) -> dict[str, int]:
            return {board.colour: count(board) for board in table.players}

        def played(colour: str, kind: str | None = None, round: int | None = None) -> int:
            return sum(1 for r, c, k in self.played if c == colour and (kind is None or k == kind)
                       and (round is None or r == round))

        return {
            "rounds": table.round,
            "species_discovered_in_game": len(discovered),
            "sectors_won": per_seat(lambda b: b.sector_wins),
            "probes_launched": per_seat(lambda b: 0 if solar is None else len(solar.probes_of(b.colour))
                                        + sum(1 for p in solar.placements if p.owner == b.colour)),
            "orbits": per_seat(lambda b: b.orbiters),
            "landings": per_seat(lambda b: b.landers),
            "life_traces": per_seat(lambda b: len(life.marks(b.colour))),
            "species_discovered": per_seat(lambda b: sum(1 for slot in discovered if any(
                mark is not None and mark.owner == b.colour for mark in slot.discovery))),
            "missions_completed": per_seat(lambda b: sum(1 for m in table.missions if m.owner == b.colour and m.completed)),
            "cards_played": per_seat(lambda b: played(b.colour, "PlayCard")),
            "round1_launches": per_seat(lambda b: played(b.colour, "Launch", 1)),
            "round1_main_actions": per_seat(lambda b: played(b.colour, round=1)),
        }

    @classmethod
    def exact_questions(cls) -> tuple[ExactQuestion, ...]:
        colours = tuple(colour_counts(game_deck()))
        return (ExactQuestion("card_row", "How many cards of a sector colour the card row (and the next draws from the "
                              "deck) shows, from the 65 cards a game deals", _card_row_odds,
                              (("colour", colours), ("draws", (0, 1, 2, 3))), CARD_ROW),)

    def invariants(self) -> list[str]:
        problems = []
        for board in self.table.players:
            for name in ("credits", "energy", "publicity", "data", "score"):
                if getattr(board, name) < 0:
                    problems.append(f"{board.colour} has {getattr(board, name)} {name}")
        if len(self.table.card_row) > self.variant.card_row_size:
            problems.append(f"the card row has {len(self.table.card_row)} places")
        held = _cards_held(self.table)
        dealt = len(deck_of(self.table.cards))
        if held != dealt:
            problems.append(f"{held} cards are on the table (tucked ones counted), {dealt} were dealt")
        return problems

    # --- running the step under way -------------------------------------------------------------------------
    @cached
    def _progress(self) -> "_Need | _Done | None":
        if self.segment is None:
            return None
        return _carried_out(self.table, self.segment, self.given)

    def _continue(self, segment: Segment, given: tuple, waiting: Any = None) -> "SetiWholeGame":
        """The game with ``segment`` under way and ``given`` answered: done (its result taken) or waiting. ``waiting``:
        the segment's progress with fewer answers, where it stopped."""
        progress = _carried_out(self.table, segment, given, waiting)
        if not isinstance(progress, _Done):
            game = replace(self, segment=segment, given=given, steps=())
            game.__dict__["_progress"] = progress  # worked out already: kept on the state as its cached value
            return game
        done = progress
        if segment.kind == "main" and isinstance(segment.action, Pass):
            # what follows the turn goes on at once (a step of its own, so its draws do not replay the passing)
            passed = replace(self, table=done.table, phase="before", segment=None, given=(), steps=(),
                             played=self.played + ((self.table.round, self.table.active_colour, "Pass"),))
            ended = passed._continue(Segment("end"), ())
            return replace(ended, steps=done.steps + ended.steps)
        phase, played = self.phase, self.played
        if segment.kind == "main":
            phase = "before" if isinstance(segment.action, Pass) else "during" if owes_the_rest(done.table) else "after"
            played += ((self.table.round, self.table.active_colour, type(segment.action).__name__),)
        elif segment.kind == "rest":
            phase = "after"
        elif segment.kind == "end":
            phase = "before"
        return replace(self, table=done.table, phase=phase, segment=None, given=(), steps=done.steps, played=played)

    # --- what the active player may do ---------------------------------------------------------------------
    def _turn_options(self) -> Options:
        options: list[Option] = []
        if self.phase == "before":
            options += self._main_options()
        elif self.phase == "during":
            options.append(Option(GoOn(), label=str(GoOn()), group="the main action", section=FREE))
        else:
            options.append(Option(EndTurn(), label="end the turn", group="end of the turn", section=TURN))
        options += self._free_options(self.table)
        return Options.of(options)

    def _legal_choices(self) -> tuple[Any, ...]:
        """The legal choices, in the order the options list them, by the same checks without the refused options'
        reasons and the words (what a policy choosing among them needs)."""
        progress = self._progress
        if self.converting is not None or self.scanning is not None:
            return self._options_now.choices()
        if isinstance(progress, _Need):
            legal = [option.choice for option in progress.options if option.legal]
            if progress.game is not None:
                legal += self._free_options(progress.game, explained=False)
            return tuple(legal)
        if self.phase == "before":
            legal = self._main_options(explained=False)
        else:
            legal = [GoOn() if self.phase == "during" else EndTurn()]
        return tuple(legal + self._free_options(self.table, explained=False))

    def _main_options(self, explained: bool = True) -> list[Any]:
        """Every main action with its verdict, decided directly by the checks each action makes before its first
        step (``legal_main_actions``); a scan for each row card and each sector of its colour. Not ``explained``:
        the legal choices only (``legal_main_choices``), in the same order."""
        table = self.table
        found: list[Any] = []
        if not explained:
            for choice in legal_main_choices(table):
                if isinstance(choice, Land) and choice.moon is None:
                    planet = table.solar.contents(table.solar.probe(choice.probe).space).planet
                    free = [i for i, owner in enumerate(table.solar.first_landers(planet)) if owner is None]
                    if len(free) > 1:
                        found += [replace(choice, first_space=i) for i in free]
                        continue
                found.append(choice)
            scans = self._scans()
            if scans and scan_refusal(table, table.active_colour, scans[0].steps) is None:
                found += scans
            return found
        for listed in legal_main_actions(table, plain_scan=False):
            choice = listed.choice
            if isinstance(choice, Land) and listed.legal and choice.moon is None:
                planet = table.solar.contents(table.solar.probe(choice.probe).space).planet
                free = [i for i, owner in enumerate(table.solar.first_landers(planet)) if owner is None]
                if len(free) > 1:
                    for i in free:
                        chosen = replace(choice, first_space=i)
                        found.append(Option(chosen, label=_words(chosen, table), group="main action"))
                    continue
            if not listed.legal:
                found.append(Option(choice, False, listed.rule, listed.reason, listed.section, label=_words(choice, table),
                                    group="main action"))
            else:
                found.append(Option(choice, label=_words(choice, table), group="main action"))
        scans = self._scans()
        if scans:
            refusal = scan_refusal(table, table.active_colour, scans[0].steps)  # every scan listed has the same steps' kinds
            for choice in scans:
                if refusal is None:
                    found.append(Option(choice, label=_words(choice, table), group="main action"))
                else:
                    found.append(Option(choice, False, refusal.rule, refusal.reason, refusal.section,
                                        label=_words(choice, table), group="main action"))
        return found

    def _scans(self) -> tuple[Scan, ...]:
        """A scan for each row card and each sector of its colour (Earth's signal alone when none matches): decided
        by the row and the sectors' colours, so kept per row, sky and card catalog."""
        table = self.table
        if table.sectors is None or table.solar is None:
            return ()
        key = (table.card_row, id(table.sectors), id(table.cards))
        found = _SCANS.get(key)
        if found is None or found[0] is not table.sectors or found[1] is not table.cards:
            if len(_SCANS) > 4096:
                _SCANS.clear()
            scans = tuple(Scan((EarthSignal(), RowSignal(position, sector))) for position, card_id in
                          enumerate(table.card_row) if card_id is not None
                          for sector in table.sectors.of_colour(table.card(card_id).colour))
            found = _SCANS[key] = (table.sectors, table.cards, scans or (Scan((EarthSignal(),)),))
        return found[2]

    def _free_options(self, table: SetiGame, explained: bool = True) -> list[Any]:
        """Every free action the active player could take at ``table``, each with its verdict
        (``free_action_refusal``'s checks, made once where options share them: the turn, a conversion's payment).
        Not ``explained``: the legal choices only, in the same order."""
        colour = table.active_colour
        board = table.player(colour)
        turn = own_turn_refusal(table, colour)
        if not explained and turn is not None:
            return []
        found: list[Any] = []

        def check(choice: Any) -> None:
            if explained:
                found.append(_checked_free(table, choice, turn))
            elif choice.refusal(table, colour) is None:
                found.append(choice)

        if explained:
            found += _purchases(table, colour, turn)
        else:
            variant = table.variant
            for give in INCOME_KINDS:  # conversion_refusal's check
                have = convertible(table, colour, give) if give == "cards" else getattr(board, give)
                if have >= variant.conversion_rate:
                    found += _conversions(give, row_places(table))
            if board.publicity >= variant.buy_card_publicity and board.credits >= 0 and board.energy >= 0:  # BuyCard's
                found += _purchases_of_cards(row_places(table))
        hand = tuple(dict.fromkeys(board.hand))
        if table.owed(colour, "tuck"):
            for card in hand:
                if explained:
                    check(Tuck(card))
                elif table.card(card).income in INCOME_KINDS:  # owed and in hand: its income decides (Tuck.refusal)
                    found.append(_choice(Tuck, card))
        for card in hand:
            if _has_corner(table.card(card)):
                if explained:
                    check(Corner(card))
                else:  # a corner shown and the card in hand: legal (Corner.refusal)
                    found.append(_choice(Corner, card))
        if explained:
            for listed in legal_completions(table, colour):
                check(CompleteMission(listed.choice))
        else:  # a mission completes when one of its copies listed can (mission_refusal: legal_completions' checks)
            conditional = [mission for mission in table.missions
                           if mission.owner == colour and mission.kind == "conditional"]
            can = {mission.card for mission in conditional
                   if not mission.completed and condition_met(table, colour, table.card(mission.card))}
            found += [_choice(CompleteMission, mission.card) for mission in conditional if mission.card in can]
        if table.solar is not None:
            solar, variant = table.solar, table.variant
            probes = solar.probes_of(colour)
            if explained:
                for probe in probes:
                    found += _moves(table, probe, turn)
            elif probes:
                owed = sum(1 for item in table.owed(colour, "action") if item[2] == "move")
                for probe in probes:
                    # Move.refusal's checks of one space: every neighbour is a space to enter; the step's cost is paid
                    # with the moves owed, then energy
                    moves = solar.step_cost(probe.space, board.techs, variant)
                    if (moves - min(owed, moves)) * variant.move_energy <= board.energy:
                        found += _one_space_moves(solar, probe)
        if board.data:
            layout = sample_layout()
            computer = board.computer
            places = [_placing("top", computer.filled + 1)] if computer.filled < len(layout.top) else []
            places += [_placing("lower", position) for position, _ in sorted(computer.techs)]
            for place in places:
                space = place.space
                if placement_verdict(board, space, colour, layout) is not None:
                    continue
                check(place)
                if space.row == "top" and layout.top[space.position - 1].reward.tuck:
                    for card in hand:
                        if table.card(card).income in INCOME_KINDS:
                            check(_placing(space.row, space.position, card))
        return found

    def _telescope_options(self) -> Options:
        """The next telescope tech the scanning player owns: use it (each way it can be used) or not
        (望远镜科技; its cost is paid with the scan)."""
        if self.scanning is None:
            return Options(())
        steps, techs = self.scanning
        tech, table = techs[0], self.table
        colour = table.active_colour
        where = scan_sectors(table.solar, table.sectors)
        uses: list[Any]
        if tech == "TT1":
            uses = [EarthSignal(number) for number in where.beside_earth]
        elif tech == "TT2":
            uses = [HandSignal(card, sector) for card in dict.fromkeys(table.player(colour).hand)
                    for sector in table.sectors.of_colour(table.card(card).colour)]
        elif tech == "TT3":
            uses = [MercurySignal()]
        else:
            uses = [ProbeBoost("launch"), ProbeBoost("move")]
        found = [Option(UseTelescope(tech, None), label=f"{tech}: not used", group=f"scan: {tech}", section="望远镜科技")]
        for step in uses:
            choice = UseTelescope(tech, step)
            refusal = telescope_refusal(table, colour, step)
            label = choice.words(table.sectors)
            if refusal is not None:
                found.append(Option.refused_by(choice, refusal, label=label, group=f"scan: {tech}"))
            else:
                found.append(Option(choice, label=label, group=f"scan: {tech}", section="望远镜科技"))
        return Options(found)

    def _conversion_options(self, table: SetiGame) -> Options:
        board = table.player(table.active_colour)
        left = list(board.hand) + [n for n in board.alien_cards if self.variant.alien_card_converts
                                   and not table.card(n).undiscardable]
        for card in self.paying:
            left.remove(card)
        return Options(Option(DiscardForConversion(card), label=str(DiscardForConversion(card)), group="conversion",
                              section="资源转换") for card in dict.fromkeys(left))


def _carried_out(table: SetiGame, segment: Segment, given: tuple, waiting: Any = None) -> "_Need | _Done":
    """``segment`` carried out at ``table`` with the answers ``given``: done, or the first question (or draw) not
    answered yet. Where ``waiting`` (the segment stopped with fewer answers) kept its procedure, it goes on from
    there; else it runs from the start."""
    kept = waiting.kept.take(given) if isinstance(waiting, _Need) and waiting.kept is not None else None
    if kept is None:
        free = segment.kind in ("free", "during", "rest") or segment.kind == "main" and not isinstance(segment.action, Pass)
        replay = _Replay(given, table.active_colour, free)
        procedure = _procedure(table, segment, replay)
        steps: list[Step] = []
    else:
        replay, procedure, steps = kept
    with drawing(replay):
        try:
            while True:
                step = next(procedure)
                if type(step) is _Waiting:
                    need = step.need
                    need.kept = _Kept(replay, procedure, steps, given)
                    return need
                steps.append(step)
        except StopIteration as stop:
            return _Done(stop.value, tuple(steps))
        except _Need as need:
            return need.with_traceback(None)  # the stopped procedure's frames are not kept with the state


def _procedure(game: SetiGame, segment: Segment, decisions: Decisions) -> Procedure:
    """``segment`` carried out at ``game``; a main action stops where it leaves something owed (free actions may
    come during it)."""
    colour = game.active_colour
    if segment.kind == "free":
        game = yield from free_actions(game, colour, (segment.action,))
        return (yield from settle_pending(game, colour, decisions))
    if segment.kind == "during":
        return (yield from free_actions(game, colour, (segment.action,)))
    if segment.kind == "rest":
        return (yield from settle_pending(game, colour, decisions))
    if segment.kind == "main":
        action = segment.action
        yield Step(f"Round {game.round}: {colour}'s main action", f"{colour} takes the main action: {_words(action)}.",
                   TURN, game)
        game = yield from action.procedure(game, colour, decisions, advance_rotation)
        if isinstance(action, Pass):  # no free actions among or after the steps of passing (S-F16)
            return (yield from settle_pending(game, colour, decisions))
        if not owes_the_rest(game):
            game = yield from settle_pending(game, colour, decisions)
        return game
    return (yield from end_turn(game, colour, decisions))


def _checked_free(table: SetiGame, choice: Any, turn: IllegalAction | None) -> Option:
    """A free action listed with the refusal taking it now would meet (``turn``: the refusal of any free action now,
    else the action's own checks, decided directly)."""
    return _listed(choice, turn or choice.refusal(table, table.active_colour), _words(choice, table))


def _listed(choice: Any, refusal: IllegalAction | None, label: str, group: str = "free action") -> Option:
    if refusal is None:
        return Option(choice, label=label, group=group)
    return Option(choice, False, refusal.rule, refusal.reason, refusal.section, label=label, group=group)


_CONVERSIONS: dict[tuple[str, tuple[int, ...]], tuple[Convert, ...]] = {}
_FIXED_WORDS: dict[Any, str] = {}


def row_places(table: SetiGame) -> tuple[int, ...]:
    """The card row's places that hold a card (an empty place is ``None``)."""
    row = table.card_row
    return _FULL_ROWS[len(row)] if None not in row else tuple(n for n, card in enumerate(row) if card is not None)


_FULL_ROWS = tuple(tuple(range(n)) for n in range(16))


def _conversions(give: str, row: tuple[int, ...]) -> tuple[Convert, ...]:
    """Every conversion giving ``give``: for each other kind, and a card from the deck or each row place in ``row``."""
    key = (give, row)
    found = _CONVERSIONS.get(key)
    if found is None:
        found = _CONVERSIONS[key] = tuple(Convert(give, get, (), place) for get in INCOME_KINDS if get != give
                                          for place in (None,) + (row if get == "cards" else ()))
    return found


@lru_cache(maxsize=64)
def _purchases_of_cards(row: tuple[int, ...]) -> tuple[BuyCard, ...]:
    """Buying a card from the deck or each row place in ``row``."""
    return tuple(BuyCard(place) for place in (None,) + row)


@lru_cache(maxsize=4096)
def _choice(kind: type, card: str) -> Any:
    """The free action ``kind`` (a tuck, a corner, a mission completed) of ``card``, made once."""
    return kind(card)


@lru_cache(maxsize=4096)
def _placing(row: Literal["top", "lower"], position: int, tuck: str | None = None) -> PlaceData:
    """Placing a data on the computer space ``row`` ``position`` (tucking ``tuck``), made once."""
    return PlaceData(DataSpace(row, position), tuck)


_ONE_SPACE_MOVES: dict[tuple, tuple[Any, tuple[Move, ...]]] = {}


def _one_space_moves(solar: Any, probe: Any) -> tuple[Move, ...]:
    """A probe's moves into each neighbouring space: decided by where it is and the layout's rings alone."""
    key = (id(solar.layout), probe.id, probe.space)
    found = _ONE_SPACE_MOVES.get(key)
    if found is None or found[0] is not solar.layout:
        if len(_ONE_SPACE_MOVES) > 4096:
            _ONE_SPACE_MOVES.clear()
        found = _ONE_SPACE_MOVES[key] = (solar.layout, tuple(Move(probe.id, (space,)) for space in
                                                             solar.neighbours(probe.space)))
    return found[1]


def _fixed_words(choice: Any) -> str:
    """The words of a choice that reads the same at any table (a conversion, buying a card)."""
    words = _FIXED_WORDS.get(choice)
    if words is None:
        words = _FIXED_WORDS[choice] = _words(choice)
    return words


_CORNERS: dict[int, tuple[Any, bool]] = {}


def _has_corner(card: Any) -> bool:
    """Whether ``card`` shows a corner reward (worked out once per card)."""
    known = _CORNERS.get(id(card))
    if known is None or known[0] is not card:
        known = _CORNERS[id(card)] = (card, bool(card.corner_reward))
    return known[1]


def _card_row_odds(colour: str, draws: int = 0, variant: SetiVariant = RULEBOOK) -> dict[Any, Fraction]:
    """How many ``colour`` cards the card row of a fresh game (its ``card_row_size`` cards) and the next ``draws``
    cards from the deck hold: dealt without replacement from the deck a game deals (exact, hypergeometric)."""
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
        raise InvalidInput("draws", draws, "further draws are a whole number, 0 or more")
    return dict(matches(colour_counts(game_deck()), colour, variant.card_row_size + draws).items())


_SCANS: dict[tuple, tuple[Any, Any, tuple[Scan, ...]]] = {}
_OUTCOME_WORDS: dict[tuple[int, Any], tuple[Any, str]] = {}  # a drawn card in words, per card catalog
# Options that read the same wherever what decides them is the same, kept (bounded) and handed out again.
_PURCHASE_OPTIONS: dict[tuple, tuple[Any, tuple[Option, ...]]] = {}
_MOVE_OPTIONS: dict[tuple, tuple[Any, tuple[Option, ...]]] = {}


def _kept(cache: dict, key: tuple, guard: Any, make) -> tuple[Option, ...]:
    found = cache.get(key)
    if found is None or found[0] is not guard:
        if len(cache) > 4096:
            cache.clear()
        found = cache[key] = (guard, tuple(make()))
    return found[1]


def _purchases(table: SetiGame, colour: str, turn: IllegalAction | None) -> tuple[Option, ...]:
    """Every conversion (a card from the deck or a row place) and every purchase of a card, with their verdicts:
    decided by the resources, the cards one could pay, the row's length and the variant alone."""
    board = table.player(colour)
    key = (colour, board.credits, board.energy, board.publicity, convertible(table, colour, "cards"),
           row_places(table), id(table.variant), turn is None)

    def make():
        for give in INCOME_KINDS:
            refusal = turn or conversion_refusal(table, colour, give)
            for choice in _conversions(give, row_places(table)):
                yield _listed(choice, refusal, _fixed_words(choice))
        refusal = turn or BuyCard().refusal(table, colour)
        for row in (None,) + row_places(table):
            yield _listed(BuyCard(row), refusal, _fixed_words(BuyCard(row)))
    return _kept(_PURCHASE_OPTIONS, key, table.variant, make)


def _moves(table: SetiGame, probe: Any, turn: IllegalAction | None) -> tuple[Option, ...]:
    """A probe's one-space moves with their verdicts (``Move.refusal``): decided by where it is, the disc turns and
    sector boards, its owner's energy, moves owed and PT #03, and the variant."""
    solar, board = table.solar, table.player(probe.owner)
    owed = sum(1 for item in table.owed(probe.owner, "action") if item[2] == "move")
    key = (probe.owner, probe.id, probe.space, board.energy, owed, "PT3" in board.techs, solar.turns, solar.boards,
           id(solar.layout), id(table.variant), turn is None)

    def make():
        for space in solar.neighbours(probe.space):
            choice = Move(probe.id, (space,))
            yield _listed(choice, turn or choice.refusal(table, probe.owner), _words(choice, table))
    return _kept(_MOVE_OPTIONS, key, table.variant, make)


def _cards_held(table: SetiGame) -> int:
    """The set-up deck's cards wherever they are — deck, row, discard pile, hands, end-of-round stacks,
    missions in front — plus the cards tucked for income (alien cards come from the species, not the deck)."""
    places = list(table.deck) + [card for card in table.card_row if card is not None] + list(table.discard)
    places += [card for stack in table.end_of_round for card in stack] + [mission.card for mission in table.missions]
    for board in table.players:
        places += list(board.hand) + list(board.alien_cards)
    cards = table.cards
    return sum(1 for card in places if card in cards and not cards[card].alien) + sum(len(b.tucked) for b in table.players)


#: What a main action may leave owed that the turn carries out (a move waits for a Move, a tuck for a Tuck).
_THE_REST = ("event", "trace", "random_cards", "cards", "sector")


def owes_the_rest(table: SetiGame) -> bool:
    """Whether a main action left something owed that carrying it out still does (for anyone: a sector won
    can reward another player)."""
    return any(kind in _THE_REST or (kind == "action" and what != "move") for _, kind, what in table.pending)


def _is_main(choice: Any) -> bool:
    return isinstance(choice, (PlayCard, Research, Launch, Orbit, Land, Scan, Analyze, Pass))


def _option(found: Any, question: str) -> Option:
    """An engine option from a procedure's question's option."""
    label = f"{question.replace('_', ' ')}: {found.choice}"
    if found.legal:
        return Option(found.choice, label=label, group=question)
    return Option(found.choice, False, found.rule or "seti.illegal", found.reason, found.section or TURN,
                  label=label, group=question)


def _words(choice: Any, table: SetiGame | None = None) -> str:
    """A choice as a person reads it (with ``table``, a landing names its planet and a first-lander space its data)."""
    if isinstance(choice, PlayCard):
        return f"play {choice.card}"
    if isinstance(choice, Research):
        return "research a tech"
    if isinstance(choice, Launch):
        return "launch a probe"
    if isinstance(choice, Orbit):
        return f"orbit with probe {choice.probe}"
    if isinstance(choice, Land):
        planet = None
        if table is not None and table.solar is not None:
            planet = table.solar.contents(table.solar.probe(choice.probe).space).planet
        where = (f"{choice.moon} ({planet})" if planet else choice.moon) if choice.moon else planet or "its planet"
        first = ""
        if choice.first_space is not None:
            data = table.solar.layout.planets[planet].first_lander_data if table is not None and planet else ()
            gives = f" ({data[choice.first_space]} data)" if choice.first_space < len(data) else ""
            first = f", first-lander space {choice.first_space + 1}{gives}"
        return f"land probe {choice.probe} on {where}{first}"
    if isinstance(choice, Scan):
        row = [step for step in choice.steps if isinstance(step, RowSignal)]
        if not row:
            return "scan"
        star = table.sectors.sector(row[0].sector).star if table is not None and table.sectors is not None else None
        return f"scan: row card {row[0].position + 1} for " + (f"{star} (sector {row[0].sector})" if star
                                                               else f"sector {row[0].sector}")
    if isinstance(choice, Analyze):
        return "analyze data"
    if isinstance(choice, Pass):
        return "pass"
    if isinstance(choice, Convert):
        source = "" if choice.get != "cards" else (" from the deck" if choice.row is None else f" from row place {choice.row + 1}")
        return f"convert 2 {choice.give} into 1 {choice.get}{source}"
    if isinstance(choice, BuyCard):
        return "buy a card for 3 publicity from " + ("the deck" if choice.row is None else f"row place {choice.row + 1}")
    if isinstance(choice, Tuck):
        return f"tuck {choice.card} for income"
    if isinstance(choice, Corner):
        return f"discard {choice.card} for its corner"
    if isinstance(choice, CompleteMission):
        return f"complete the mission {choice.card}"
    if isinstance(choice, Move):
        if table is not None and table.solar is not None:
            return f"move probe {choice.probe} to {space_words(table.solar, choice.path[-1])}"
        return f"move probe {choice.probe} to {choice.path[-1]}"
    if isinstance(choice, PlaceData):
        return f"place a data on {choice.space.row} {choice.space.position}" + (f", tucking {choice.tuck}" if choice.tuck else "")
    return str(choice)


def start(players: int = 2, seed: int = 0, variant: SetiVariant = RULEBOOK) -> SetiWholeGame:
    """A set-up SETI game for ``players`` (2–4), dealt from ``Rng(seed)``."""
    from ..engine.rng import Rng

    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise InvalidInput("players", players, "SETI's multiplayer game takes 2 to 4 players (seti-solo is the solo game)")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput("seed", seed, "a seed is a whole number")
    if not isinstance(variant, SetiVariant):
        raise InvalidInput("variant", variant, "a SetiVariant (tabletoolkit.seti.variant.RULEBOOK with changes)")
    steps = run(set_up(COLOURS[:players], Rng(seed), variant))
    return SetiWholeGame(steps.result, COLOURS[:players], seed, variant, steps=tuple(steps))


def make(*, seed: int = 0, players: Any = 2, variant: SetiVariant = RULEBOOK) -> SetiWholeGame:
    """``tt.new_game("seti", players=..., seed=..., variant=...)``."""
    return start(players, seed, variant)


def scripted(game: Game) -> Any:
    """A plain scripted player: in a procedure's question the first legal answer; before the main action it
    places data it holds, flies a probe toward a planet while it has energy to spare, then takes the first
    legal of orbit, land, research, launch (with no probe in space), scan, analyze, play a card; else passes.
    During the main action it goes on with it; after it, it ends the turn."""
    if not isinstance(game, SetiWholeGame):
        raise InvalidInput("game", game, "a SETI multiplayer game (tt.new_game(\"seti\", ...))")
    legal = game.legal()
    if game.segment is not None or game.converting is not None or game.scanning is not None:
        return legal[0]
    if game.phase == "during":
        return GoOn()
    if game.phase == "after":
        return EndTurn()
    table = game.table
    colour = table.active_colour
    board = table.player(colour)
    for choice in legal:
        if isinstance(choice, PlaceData) and choice.tuck is None:
            return choice
    if table.solar is not None and board.energy >= 2:
        for probe in table.solar.probes_of(colour):
            planet = table.solar.contents(probe.space).planet
            if planet and probe.space != table.solar.earth:
                continue
            moves = [choice for choice in legal if isinstance(choice, Move) and choice.probe == probe.id]
            toward = [m for m in moves if table.solar.contents(m.path[-1]).planet not in (None, "Earth")]
            if toward or moves:
                return (toward or moves)[0]
    in_space = table.solar.probes_of(colour) if table.solar is not None else ()
    for kind in (Orbit, Land, Research, Launch, Scan, Analyze, PlayCard):
        if kind is Launch and in_space:
            continue
        for choice in legal:
            if isinstance(choice, kind):
                return choice
    return Pass()
