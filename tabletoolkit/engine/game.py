"""The game contract: one way for every whole game to say whose move it is, what may be done, where chance
happens and how it ended.

A whole game is an immutable state, a subclass of ``Game``:

- ``to_move``: the seat that decides now, or ``CHANCE`` at a chance event;
- ``options()``: every choice the rules offer now as ``Options`` (legal and refused, with reasons);
- ``chance()``: at a chance event, the exact outcomes ``{outcome: Fraction}`` summing to 1;
- ``apply(choice)``: a new state; a refused or unknown choice raises ``IllegalAction`` and changes nothing;
- ``steps``: the explained steps the last ``apply`` produced; ``over`` and ``outcome()`` at the end.

A wing implements ``_decision_options``, ``_chance_outcomes``, ``_resolve`` and ``_final``; the checks
every game shares (game over, not offered, refused, outcome drawn) live here once. Games register
with ``register_game`` and are made by ``new_game(id, ...)``.
"""

from __future__ import annotations

import html
import importlib
import inspect
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from .errors import IllegalAction, InvalidInput
from .frozen import cached
from .options import Option, Options
from .steps import Step


class _Chance:
    """The one ``CHANCE`` marker: ``to_move`` at a chance event."""

    _instance: "_Chance | None" = None

    def __new__(cls) -> "_Chance":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "CHANCE"

    def __reduce__(self) -> str:
        return "CHANCE"


CHANCE = _Chance()


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: each seat's score, the ranking (tie-break applied) and the winners."""

    scores: tuple[tuple[str, Any], ...]
    ranking: tuple[str, ...]
    winners: tuple[str, ...]
    tie_break: str = ""

    def score(self, seat: str) -> Any:
        return dict(self.scores)[seat]

    def __str__(self) -> str:
        table = ", ".join(f"{seat} {score}" for seat, score in self.scores)
        why = f" ({self.tie_break})" if self.tie_break else ""
        return f"{' and '.join(self.winners)} win{'s' if len(self.winners) == 1 else ''}{why}; scores: {table}"

    def _repr_html_(self) -> str:
        scores = dict(self.scores)
        rows = "".join(f"<tr><td>{place}</td><td>{html.escape(seat)}</td><td>{html.escape(str(scores[seat]))}</td>"
                       f"<td>{'winner' if seat in self.winners else ''}</td></tr>"
                       for place, seat in enumerate(self.ranking, 1))
        table = f"<table class='tt-outcome'><tr><th>place</th><th>seat</th><th>score</th><th></th></tr>{rows}</table>"
        if not self.tie_break:
            return table
        # The tie-break is a sentence: under the table at the width of the page, not squeezed into its caption.
        return f"<div class='tt-outcome-with-tie-break'>{table}<p class='tt-tie-break'>{html.escape(self.tie_break)}</p></div>"


class Game:
    """Base of every whole game on the contract (wings subclass it with a frozen dataclass).

    Subclasses provide ``seats``, ``seed``, ``variant``, ``steps``, ``over``, ``to_move``,
    ``_decision_options()``, ``_chance_outcomes()``, ``_resolve(choice)`` and ``_final()``, and set
    ``game_id`` and ``section`` (the rulebook section of a turn, cited when a choice is not offered).
    """

    game_id: ClassVar[str] = ""
    section: ClassVar[str] = ""
    end_section: ClassVar[str] = ""

    # --- what a wing provides -------------------------------------------------------------------------
    seats: tuple[str, ...]
    seed: int
    steps: tuple[Step, ...]

    @property
    def over(self) -> bool:  # pragma: no cover - every wing overrides it
        raise NotImplementedError

    @property
    def to_move(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def _decision_options(self) -> Options:  # pragma: no cover
        raise NotImplementedError

    def _chance_outcomes(self) -> Mapping[Any, Fraction]:  # pragma: no cover
        raise NotImplementedError

    def _resolve(self, choice: Any) -> "Game":  # pragma: no cover
        raise NotImplementedError

    def _final(self) -> Outcome:  # pragma: no cover
        raise NotImplementedError

    def invariants(self) -> list[str]:
        """What the game's own invariants find wrong in this state (the whole-game tester checks them)."""
        return []

    def measures(self) -> Mapping[str, Any]:
        """What a finished game measured, for the designer's lab (``tt.sweep``): each name maps to a number for
        the whole game, or to ``{seat: number}``. The lab records score, rank, winner and length itself;
        a wing adds its own (turns, battles fought, sectors won, …)."""
        return {}

    @classmethod
    def exact_questions(cls) -> tuple["ExactQuestion", ...]:
        """Questions about this game with an exact answer (battle odds, bag odds, a roll-off), which the lab
        computes instead of sampling (``tabletoolkit.lab.exact``)."""
        return ()

    def __getstate__(self) -> dict[str, Any]:
        """The state's fields only: what was worked out of them (the options now, any cached property) is not
        part of it."""
        cached = _cached_names(type(self))
        return {name: value for name, value in self.__dict__.items() if name not in cached}

    # --- the contract, shared ---------------------------------------------------------------------------
    @cached
    def _options_now(self) -> Options:
        if self.over:
            return Options()
        if self.to_move is CHANCE:
            return Options(Option(outcome, probability=p, label=self.describe_outcome(outcome))
                           for outcome, p in self._chance_outcomes().items())
        return self._decision_options()

    def options(self) -> Options:
        """Every choice the rules offer now (at a chance event: the outcomes, with their exact odds)."""
        return self._options_now

    def legal(self) -> tuple[Any, ...]:
        """The legal choices now."""
        return self._legal_now

    @cached
    def _legal_now(self) -> tuple[Any, ...]:
        if "_options_now" in self.__dict__ or self.over or self.to_move is CHANCE:
            return self._options_now.choices()
        return tuple(self._legal_choices())

    def _legal_choices(self) -> tuple[Any, ...]:
        """The legal choices of a decision, in the order ``_decision_options()`` lists them. A wing may work them
        out by the same checks without building the refused options' reasons (a policy choosing among them needs
        none); the whole-game tester checks that both agree."""
        return self._options_now.choices()

    def chance(self) -> dict[Any, Fraction]:
        """At a chance event: every outcome with its exact probability (they sum to 1)."""
        if self.to_move is not CHANCE:
            raise IllegalAction("engine.not_chance", f"Nothing is drawn now: {self.to_move} is to decide.", self.section)
        return dict(self._chance_outcomes())

    def describe_outcome(self, outcome: Any) -> str:
        """A chance outcome in words (wings may say more)."""
        return str(outcome)

    def apply(self, choice: Any) -> "Game":
        """The state after ``choice`` (a legal option, or a chance outcome at a chance event).

        A refused choice raises its ``IllegalAction``; a choice not offered now raises
        ``IllegalAction`` with rule ``engine.not_offered``. The state applied to never changes.
        """
        if self.over:
            raise IllegalAction("engine.game_over", "The game is over: nothing more can be done.", self.end_section)
        if "_options_now" not in self.__dict__:  # the options were not listed: the legal choices may do
            if self.to_move is CHANCE:
                try:
                    drawn = choice in self._chance_outcomes()
                except TypeError:  # an unhashable value is no outcome
                    drawn = False
                if drawn:  # an outcome of the draw itself
                    return self._resolve(choice)
            else:
                legal = self.__dict__.get("_legal_now")
                if legal is not None:
                    for offered in legal:
                        if offered is choice:  # what legal() handed out
                            return self._resolve(choice)
        option = self._options_now.get(choice)
        if option is None:
            mover = "the draw" if self.to_move is CHANCE else str(self.to_move)
            offered = "; ".join(o.text for o in self._options_now.legal[:8])
            raise IllegalAction("engine.not_offered",
                                f"{choice!r} is not an option for {mover} now. Legal now: {offered or 'nothing'}.",
                                self.section)
        if not option.legal:
            raise option.refusal()
        return self._resolve(option.choice)

    def outcome(self) -> Outcome:
        """Once over: the scores, the ranking with the tie-break applied, and the winners."""
        if not self.over:
            raise IllegalAction("engine.not_over", "The game is not over yet.", self.end_section)
        return self._final()


_CACHED: dict[type, frozenset[str]] = {}


def _cached_names(cls: type) -> frozenset[str]:
    """The names of a class's cached properties (values worked out of a state and kept on it)."""
    found = _CACHED.get(cls)
    if found is None:
        found = _CACHED[cls] = frozenset(name for klass in cls.__mro__ for name, value in vars(klass).items()
                                         if isinstance(value, cached_property))
    return found


@dataclass(frozen=True)
class ExactQuestion:
    """A question with an exact answer: ``answer(**point)`` gives ``{outcome: Fraction}`` (summing to 1) at one
    point of the grid; ``grid`` names each axis with the values the lab walks by default."""

    name: str
    title: str
    answer: Callable[..., Mapping[Any, Fraction]]
    grid: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    section: str = ""


# --- the registry of whole games ---------------------------------------------------------------------
@dataclass(frozen=True)
class GameInfo:
    """A registered whole game: its id, title, how to make one and its scripted player (if any)."""

    id: str
    title: str
    make: Callable[..., Game]
    scripted: Callable[[], Callable[[Any], Any]] | None = None  # makes the policy for one game class
    settings: tuple[tuple[str, tuple[Any, ...]], ...] = ()  # player counts and options the tester walks


_GAMES: dict[str, GameInfo] = {}
_WINGS = ("merchants", "andromeda", "seti")


def register_game(id: str, *, title: str, make: Callable[..., Game],
                  scripted: Callable[[], Callable[[Any], Any]] | None = None,
                  settings: Mapping[str, tuple[Any, ...]] | None = None) -> None:
    """Register a whole game under ``id`` (``new_game(id, ...)`` calls ``make``)."""
    if not isinstance(id, str) or not id:
        raise InvalidInput("id", id, "a game id is a non-empty string")
    _GAMES[id] = GameInfo(id, title, make, scripted, tuple((settings or {}).items()))


def _load_wings() -> None:
    for wing in _WINGS:
        importlib.import_module(f"tabletoolkit.{wing}")


def games() -> tuple[str, ...]:
    """The ids of every whole game on the contract."""
    _load_wings()
    return tuple(_GAMES)


def game_info(id: str) -> GameInfo:
    """What is registered under a game id (``InvalidInput`` naming the known ids otherwise)."""
    _load_wings()
    if not isinstance(id, str) or id not in _GAMES:
        raise InvalidInput("game", id, f"no such game; the games are {', '.join(_GAMES)}")
    return _GAMES[id]


def new_game(id: str, *, seed: int = 0, **settings: Any) -> Game:
    """A new whole game: ``new_game("merchants", players=3, seed=7)``; each game takes its own settings
    (``players``, ``variant`` and options such as ``stars`` or ``teams``). Alone, ``new_game(id)`` starts a
    rulebook game with a usual player count and seed 0."""
    info = game_info(id)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput("seed", seed, "a seed is a whole number")
    known = [name for name in inspect.signature(info.make).parameters if name != "seed"]
    unknown = sorted(set(settings) - set(known))
    if unknown:
        raise InvalidInput("settings", unknown, f"{id} takes {', '.join(known)} (and seed)")
    return info.make(seed=seed, **settings)


def setting_combinations(id: str) -> tuple[dict[str, Any], ...]:
    """Every combination of the settings a game registers that the game accepts (Andromeda's 2v2 needs
    4 players, so ``players=2, teams=True`` is left out): what the tester, the benchmarks and the golden
    playthroughs walk."""
    info = game_info(id)
    names = [name for name, _ in info.settings]
    combinations = [dict(zip(names, values)) for values in itertools.product(*(values for _, values in info.settings))]
    accepted = []
    for settings in combinations or [{}]:
        try:
            new_game(id, **settings)
        except InvalidInput:
            continue
        accepted.append(settings)
    return tuple(accepted)
