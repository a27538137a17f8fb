"""The SETI solo game as a whole game on the game contract (``tt.new_game("seti-solo", stars=1..5, seed=7)``).

Two seats: you (``green``) and the rival. The rival decides nothing: its turns follow its action cards
and choice rules (单人游戏 · 对手的回合), so it is never ``to_move``; you are, with every option the solo
side offers now (``solo.you``): your main actions and ``end``, your free actions and standing choices,
and first the choices a reward leaves you. The solo side's listing is the one check: ``take`` refuses
an action by the same verdict (``solo.you.require_legal``), so a refused option keeps its rule and reason
and a listed-legal one applies.

After your action the game plays on (the rival's turns, the ends of rounds) until you are to move again.
Every random event on the way is a chance event with exact odds: each card drawn from the deck (uniform
over what is left, the discard pile when it is reshuffled) and the rival's deck shuffled at the start of
a round (S-R8), dealt card by card (each uniform over the cards left). The set-up is dealt from
``Rng(seed)``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from ..engine.frozen import replace
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from ..engine.errors import InvalidInput
from ..engine.game import CHANCE, Game, Outcome
from ..engine.options import Option, Options
from ..engine.rng import Rng
from ..engine.steps import Procedure, Step, run
from .cards import drawing
from .game import drawing_with
from .solo.game import SECTION, SECTION_END, play_on, setup_solo, take
from .solo.player import scripted_player
from .solo.state import RIVAL, YOU, SoloGame
from .solo.you import (FREE_KINDS, YourOption, action_words, free_actions_closed, free_options, main_actions_closed,
                       your_options)
from .variant import RULEBOOK, SetiVariant


class _Need(Exception):
    def __init__(self, pool: tuple, dealing: bool):
        super().__init__("draw")
        self.pool, self.dealing = pool, dealing


class _ChanceRng(Rng):
    """An Rng whose draws are the chance outcomes given so far, in order; the first not given raises ``_Need``
    with what is left to draw from. A shuffle is dealt item by item; a draw from items all alike needs no
    answer. It also serves as the card draw source (``cards.drawing``)."""

    def __init__(self, given: tuple):
        super().__init__(0)
        self._given, self._next = given, 0

    def _pick(self, pool: list, dealing: bool = False) -> Any:
        if len(set(pool)) == 1:
            return pool[0]
        if self._next < len(self._given):
            value = self._given[self._next]
            self._next += 1
            return value
        raise _Need(tuple(pool), dealing)

    @property
    def used(self) -> int:
        """How many of the outcomes given were drawn so far."""
        return self._next

    def draw(self, pool: tuple[str, ...]) -> str:
        return self._pick(list(pool))

    def shuffled(self, items):
        left, order = list(items), []
        while left:
            value = self._pick(left, dealing=True)
            left.remove(value)
            order.append(value)
        return tuple(order)

    def choice(self, options):
        return self._pick(list(options))

    def roll(self, sides: int = 6) -> int:  # pragma: no cover - the solo game rolls no dice
        return self._pick(list(range(1, sides + 1)))


@dataclass(frozen=True)
class _Done:
    state: SoloGame
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class _Pause:
    """A draw to make: what it is drawn from, whether it deals a shuffle card by card (``dealing``), and the
    last stretch of play finished before it (the state, how many of the outcomes given it used, and its
    steps), from which the play goes on."""

    pool: tuple
    dealing: bool
    resume: SoloGame | None
    used: int
    steps: tuple[Step, ...]

    def dealt(self, outcome: Any) -> "_Pause | None":
        """The next draw of the shuffle after ``outcome``, known without playing: the same pool less that card,
        while it holds cards that differ (else the shuffle's order is settled and play goes on)."""
        if not self.dealing:
            return None
        left = list(self.pool)
        left.remove(outcome)
        return replace(self, pool=tuple(left)) if len(set(left)) > 1 else None


@dataclass(frozen=True, repr=False)
class SoloWholeGame(Game):
    """A solo game on the contract: ``state`` is the solo wing's ``SoloGame``; ``action`` the action of yours
    under way (``"proceed"`` while the game plays on to your next decision). While it draws, ``resume`` is
    the state after the last stretch of play it finished (your action, a rival turn, a round's end; ``None``:
    none yet), ``played`` the steps to there, and ``given`` the chance outcomes drawn since: a draw replays
    only the stretch it is in."""

    game_id: ClassVar[str] = "seti-solo"
    section: ClassVar[str] = SECTION
    end_section: ClassVar[str] = SECTION_END

    state: SoloGame
    stars: int
    seats: tuple[str, ...] = (YOU, RIVAL)
    seed: int = 0
    variant: SetiVariant = RULEBOOK
    action: str | None = None
    given: tuple = ()
    resume: SoloGame | None = None
    steps: tuple[Step, ...] = field(default=(), compare=False)
    played: tuple[Step, ...] = field(default=(), compare=False)

    @property
    def over(self) -> bool:
        return self.state.over and self.action is None

    @property
    def to_move(self) -> Any:
        if self.over:
            return None
        return CHANCE if self.action is not None else YOU

    def __repr__(self) -> str:
        state = self.state
        where = "game over" if state.over else f"round {state.round}"
        if self.action is not None:
            where += f", drawing ({self.action})"
        you, rival = state.you, state.rival
        return (f"<SETI solo {self.stars}★ · {where} · you {you.score} VP {you.credits}c {you.energy}e {you.publicity}p "
                f"{you.data}d {len(you.hand)} cards · rival {rival.score} VP · row {', '.join(c or '-' for c in state.table.card_row)}>")

    def _repr_html_(self) -> str:
        return f"<div class='tt-seti-solo-whole'><p>{html.escape(repr(self))}</p>{self.state._repr_html_()}</div>"

    # --- chance ------------------------------------------------------------------------------------------
    @cached_property
    def _progress(self) -> "_Pause | _Done | None":
        if self.action is None:
            return None
        rng = _ChanceRng(self.given)
        game, steps = self.resume or self.state, list[Step]()
        resume, used, kept = self.resume, 0, 0
        with drawing(rng), drawing_with(rng):
            try:
                if self.resume is None and self.action != "proceed":
                    game = self._stretch(take(game, self.action, rng), steps)
                    resume, used, kept = game, rng.used, len(steps)
                while not game.over and game.to_move != YOU:
                    game = self._stretch(play_on(game, rng), steps)
                    resume, used, kept = game, rng.used, len(steps)
            except _Need as need:
                return _Pause(need.pool, need.dealing, resume, used, tuple(steps[:kept]))
        return _Done(game, tuple(steps))

    @staticmethod
    def _stretch(procedure: Procedure, steps: list[Step]) -> SoloGame:
        done = run(procedure)
        steps.extend(done)
        return done.result

    def _chance_outcomes(self) -> dict[Any, Fraction]:
        progress = self._progress
        if not isinstance(progress, _Pause):
            raise InvalidInput("chance", repr(self), "nothing is being drawn now")
        pool = progress.pool
        counts: dict[Any, int] = {}
        for item in pool:
            counts[item] = counts.get(item, 0) + 1
        return {item: Fraction(count, len(pool)) for item, count in sorted(counts.items(), key=lambda kv: str(kv[0]))}

    # --- your options ------------------------------------------------------------------------------------
    def _listed(self, main: tuple[YourOption, ...] | None = None,
                free: tuple[YourOption, ...] | None = None) -> list[tuple[str, YourOption]]:
        """Your options now, each with its group (main or free), once, where ``take`` looks for it; ``main`` and
        ``free``: a group's options to list instead of ``your_options`` or ``free_options`` (free and main
        actions never share an action)."""
        found: list[tuple[str, YourOption]] = []
        seen: set[str] = set()
        for group, listed in (("main", your_options(self.state) if main is None else main),
                              ("free", free_options(self.state) if free is None else free)):
            in_free = group == "free"
            for option in listed:
                action = option.action
                if action in seen or (action.partition(":")[0] in FREE_KINDS) is not in_free:
                    continue  # listed where ``take`` does not look for it
                seen.add(action)
                found.append((group, option))
        return found

    def _decision_options(self) -> Options:
        found: list[Option] = []
        for group, option in self._listed():
            label = action_words(self.state, option.action)
            if option.legal:
                found.append(Option(option.action, label=label, group=group))
            else:  # what ``take`` refuses it with (solo.you.require_legal)
                found.append(Option(option.action, False, option.refusing_rule, option.reason, option.section,
                                    label=label, group=group))
        return Options(found)

    def _legal_choices(self) -> tuple[Any, ...]:
        """The legal actions in the order ``_decision_options`` lists them, without the words of every option;
        while every main action is refused, without their verdicts (only ``end`` may be legal then), and while
        every free action is, without theirs."""
        closed = main_actions_closed(self.state)
        main = None if closed is None else closed[2]
        free = None if free_actions_closed(self.state) is None else ()
        return tuple(option.action for _, option in self._listed(main, free) if option.legal)

    def _resolve(self, choice: Any) -> "SoloWholeGame":
        if self.action is not None:
            progress = self._progress
            dealt = progress.dealt(choice) if isinstance(progress, _Pause) else None
            if dealt is not None:  # the next card of a shuffle: the stretch need not be played again to know it
                game = replace(self, given=self.given + (choice,), steps=())
                game.__dict__["_progress"] = dealt
                return game
            return self._continue(self.action, self.given + (choice,))
        return self._continue(choice, ())

    def _continue(self, action: str, given: tuple) -> "SoloWholeGame":
        game = replace(self, action=action, given=given, steps=())
        progress = game._progress
        if isinstance(progress, _Done):
            return replace(self, state=progress.state, action=None, given=(), resume=None, played=(),
                           steps=self.played + progress.steps)
        if isinstance(progress, _Pause) and progress.resume is not None and progress.resume is not self.resume:
            return replace(game, resume=progress.resume, given=given[progress.used:], played=self.played + progress.steps)
        return game

    def _final(self) -> Outcome:
        you, rival = self.state.you.score, self.state.rival.score
        winner = YOU if you > rival else RIVAL
        ranking = (YOU, RIVAL) if you > rival else (RIVAL, YOU)
        return Outcome(((YOU, you), (RIVAL, rival)), ranking, (winner,),
                       "a tie is not a win for you (单人游戏 · 游戏结束)" if you == rival else "")

    def measures(self) -> dict[str, Any]:
        """For the designer's lab: the rounds played, the rival's difficulty and final score and your margin
        over it (a tie is no win); for each seat the sectors won (the win markers beside the stars),
        orbiters and landers placed, life traces marked and techs taken, and your completed missions;
        the species discovered."""
        state = self.state
        table, you, rival = state.table, state.you, state.rival
        placed = table.solar.placements

        def each(count: Any) -> dict[str, int]:
            return {seat: count(seat) for seat in self.seats}

        return {
            "rounds": state.round,
            "stars": self.stars,
            "rival_score": rival.score,
            "margin": you.score - rival.score,
            "sectors_won": each(lambda seat: sum(sector.winners.count(seat) for sector in table.sectors.sectors)),
            "orbits": each(lambda seat: sum(p.owner == seat and p.kind == "orbiter" for p in placed)),
            "landings": each(lambda seat: sum(p.owner == seat and p.kind == "lander" for p in placed)),
            "life_traces": each(lambda seat: len(table.life.marks(seat))),
            "techs": {YOU: len(you.techs), RIVAL: len(rival.techs)},
            "missions_completed": {YOU: len(state.completed_missions), RIVAL: 0},
            "species_discovered": len(state.discovered),
        }

    def invariants(self) -> list[str]:
        you = self.state.you
        return [f"you have {getattr(you, name)} {name}" for name in ("credits", "energy", "publicity", "data")
                if getattr(you, name) < 0]


def start(stars: int = 1, seed: int = 0, variant: SetiVariant = RULEBOOK) -> SoloWholeGame:
    """A set-up solo game against a ``stars`` (1–5) rival, dealt from ``Rng(seed)``; if the rival starts, its
    first turn is played (drawn) before you are to move."""
    if isinstance(stars, bool) or not isinstance(stars, int) or not 1 <= stars <= 5:
        raise InvalidInput("stars", stars, "the rival's difficulty is 1 to 5 stars")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput("seed", seed, "a seed is a whole number")
    if not isinstance(variant, SetiVariant):
        raise InvalidInput("variant", variant, "a SetiVariant (tabletoolkit.seti.variant.RULEBOOK with changes)")
    steps = run(setup_solo(stars, seed, variant))
    game = SoloWholeGame(steps.result, stars, seed=seed, variant=variant, steps=tuple(steps))
    if game.state.to_move != YOU:
        after = game._continue("proceed", ())
        return replace(after, steps=tuple(steps) + after.steps)
    return game


def make(*, seed: int = 0, stars: Any = 1, variant: SetiVariant = RULEBOOK) -> SoloWholeGame:
    """``tt.new_game("seti-solo", stars=..., seed=..., variant=...)``."""
    return start(stars, seed, variant)


def scripted(game: Game) -> Any:
    """The solo wing's scripted player (``solo.player.scripted_player``: a one-step lookahead)."""
    if not isinstance(game, SoloWholeGame):
        raise InvalidInput("game", game, "a SETI solo game (tt.new_game(\"seti-solo\", ...))")
    action = scripted_player(game.state)
    # the legal choice itself, so applying it needs no listing of every option in words (Game.apply)
    return next((choice for choice in game.legal() if choice == action), action)
