"""The driver: play a game to its end with policies and a seeded ``Rng``, keeping every state as a ``Playthrough``
(``play``), or handing out its moves one by one and keeping none (``drive``).

A playthrough is readable executable documentation: for every state, who is to move, the legal and
refused options with their reasons, the choice (or the chance outcomes with their exact odds and the
one drawn) and the explained steps that followed. Golden playthroughs are these transcripts, committed
and compared line by line. A game whose menus run long sets the class attribute
``transcript_menus = "counted"``: its transcript counts each menu (legal options by group, refused ones by
rule) and keeps the choice, the outcome drawn with its exact chance, and every step.
"""

from __future__ import annotations

import gc
import html
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import InvalidInput, RulesError
from .numbers import probability_text
from .game import CHANCE, Game
from .options import Option
from .policies import Policy, RandomPolicy
from .rng import Rng


@dataclass(frozen=True, init=False)
class Move:
    """One apply of a playthrough: the state before, who moved, the choice, and the state after."""

    before: Game
    mover: Any
    choice: Any
    after: Game
    probability: Fraction | None = None

    def __init__(self, before: Game, mover: Any, choice: Any, after: Game, probability: Fraction | None = None):
        # One per apply of every driven game: the fields are written straight into the instance's own ``__dict__``
        # (a Move stays frozen), which keeps the key sharing of the class.
        values = self.__dict__
        values["before"] = before
        values["mover"] = mover
        values["choice"] = choice
        values["after"] = after
        values["probability"] = probability

    @property
    def steps(self):
        return self.after.steps

    def lines(self, number: int) -> list[str]:
        """This move in the playthrough's text form."""
        game = self.before
        options = game.options()
        lines = [f"[{number}] {'chance' if self.mover is CHANCE else str(self.mover) + ' to move'} · {game!r}"]
        if getattr(type(game), "transcript_menus", "listed") == "counted":
            return lines + self._counted(options) + [f"    · {step.title} [{step.section}] {step.text}" for step in self.after.steps]
        if self.mover is CHANCE:
            lines.append("  outcomes: " + " | ".join(f"{o.text} {o.probability} ≈ {float(o.probability or 0):.4f}"
                                                     for o in options))
            lines.append(f"  drawn: {game.describe_outcome(self.choice)}")
        else:
            lines.append(f"  legal ({len(options.legal)}): " + " | ".join(_with_cost(o) for o in options.legal))
            for option in options.refused:
                lines.append(f"  refused: {_with_cost(option)} — {option.reason} [{option.rule}; {option.section}]")
            chosen = options.get(self.choice)
            lines.append(f"  chose: {chosen.text if chosen is not None else self.choice}")
        for step in self.after.steps:
            lines.append(f"    · {step.title} [{step.section}] {step.text}")
        return lines

    def _counted(self, options) -> list[str]:
        """The menu counted instead of listed (a game whose menus run to dozens of options, each refused one with
        its reason, sets ``transcript_menus = "counted"``): the legal options by group and the refused ones by
        rule, then the choice or the outcome drawn with its exact chance."""
        if self.mover is CHANCE:
            drawn = options.get(self.choice)
            chance = probability_text(drawn.probability) if drawn is not None and drawn.probability is not None else "?"
            return [f"  drawn ({chance}, one of {len(options)} outcomes): {self.before.describe_outcome(self.choice)}"]
        chosen = options.get(self.choice)
        return [f"  options: {_tally(o.group or 'other' for o in options.legal)} legal; "
                f"{_tally(o.rule or 'refused' for o in options.refused) or 'none'} refused",
                f"  chose: {_with_cost(chosen) if chosen is not None else self.choice}"]


def _tally(names: Iterable[str]) -> str:
    counted: dict[str, int] = {}
    for name in names:
        counted[name] = counted.get(name, 0) + 1
    return ", ".join(f"{name} {count}" for name, count in counted.items())


def _with_cost(option: Option) -> str:
    return option.text + (f" ({option.cost})" if option.cost else "")


@dataclass(frozen=True)
class Playthrough:
    """A game played from ``start``: every move in order, and the last state."""

    start: Game
    moves: tuple[Move, ...]

    @property
    def final(self) -> Game:
        return self.moves[-1].after if self.moves else self.start

    @property
    def over(self) -> bool:
        return self.final.over

    @property
    def choices(self) -> tuple[Any, ...]:
        """Every choice and chance outcome in order: replaying them from ``start`` gives the same game."""
        return tuple(move.choice for move in self.moves)

    def states(self) -> tuple[Game, ...]:
        """Every state, the start first and the final state last."""
        return (self.start,) + tuple(move.after for move in self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __getitem__(self, index: int) -> Move:
        return self.moves[index]

    def outcome(self):
        return self.final.outcome()

    def transcript(self) -> str:
        """The whole game as text: the golden-file form."""
        start = self.start
        lines = [f"# {start.game_id} · seats {', '.join(start.seats)} · seed {start.seed} · {_variant_words(start)}"]
        for step in start.steps:
            lines.append(f"    · {step.title} [{step.section}] {step.text}")
        for number, move in enumerate(self.moves, 1):
            lines.extend(move.lines(number))
        final = self.final
        lines.append(f"# end · {final!r}")
        if final.over:
            lines.append(f"# outcome · {final.outcome()}")
        else:
            lines.append("# stopped before the end")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        ending = html.escape(str(self.final.outcome())) if self.over else "not over yet"
        return (f"<div class='tt-playthrough'><b>{html.escape(self.start.game_id)}</b>: {len(self.moves)} moves; "
                f"{ending}</div>")


def _variant_words(game: Game) -> str:
    variant = getattr(game, "variant", None)
    changes = variant.changes() if variant is not None and hasattr(variant, "changes") else {}
    if not changes:
        return "rulebook variant"
    return "variant " + ", ".join(f"{name}={value!r}" for name, (_, value) in sorted(changes.items()))


def play(game: Game, policies: Mapping[str, Policy] | None = None, *, rng: Rng | None = None,
         max_steps: int = 20_000) -> Playthrough:
    """Drive ``game`` to its end (or ``max_steps`` applies): each seat's policy answers its decisions (a seat
    given none plays at random, seeded by the game's seed); chance is drawn from ``rng`` (by default
    ``Rng(game.seed)``), so ``Rng.forced`` fixes outcomes for teaching and the same seed replays the same game."""
    moves = drive(game, policies, rng=rng, max_steps=max_steps)
    with _collector_paused():
        return Playthrough(game, tuple(moves))


def drive(game: Game, policies: Mapping[str, Policy] | None = None, *, rng: Rng | None = None,
          max_steps: int = 20_000) -> Iterator[Move]:
    """The moves of ``game`` as ``play`` plays them (same arguments, same policies, same draws), one at a time and
    kept by nobody: what reads only part of a game (its last state, who moved) iterates them without the memory of
    a whole ``Playthrough``. The arguments are checked at once; a policy that raises, or chooses what the rules
    refuse, stops the moves with an ``InvalidInput`` naming its seat."""
    if not isinstance(game, Game):
        raise InvalidInput("game", game, "play takes a game made by tabletoolkit.new_game")
    if policies is not None and not isinstance(policies, Mapping):
        raise InvalidInput("policies", policies, "a mapping {seat: policy}")
    policies = dict(policies or {})
    unknown = sorted(set(policies) - set(game.seats), key=repr)
    if unknown:
        raise InvalidInput("policies", unknown, f"no such seat; the seats are {', '.join(game.seats)}")
    for seat, policy in policies.items():
        if not callable(policy):
            raise InvalidInput(f"policies[{seat!r}]", policy, "a policy is a function of the game returning a choice")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
        raise InvalidInput("max_steps", max_steps, "a whole number, 0 or more")
    rng = Rng(game.seed) if rng is None else rng
    if not isinstance(rng, Rng):
        raise InvalidInput("rng", rng, "an Rng (tabletoolkit.Rng)")
    return _moves(game, policies, rng, RandomPolicy(game.seed), max_steps)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while a game is driven: every state is kept, so each collection would
    walk the whole growing playthrough again for cycles that states (immutable values) do not make.

    Afterwards the objects made meanwhile join the oldest generation (``gc.freeze`` then ``gc.unfreeze``, as
    documented) instead of all being walked by the next young collection; the collector then runs as before,
    and a full collection still finds any cycle among them."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def _moves(game: Game, policies: dict, rng: Rng, fallback: Policy, max_steps: int) -> Iterator[Move]:
    for _ in range(max_steps):
        if game.over:
            return
        mover = game.to_move
        if mover is CHANCE:
            odds = game.chance()
            choice = rng.pick(odds)
            after = game.apply(choice)
            yield Move(game, CHANCE, choice, after, odds[choice])
        else:
            choice = _ask(policies.get(mover, fallback), mover, game)
            try:
                after = game.apply(choice)
            except RulesError as refusal:
                raise InvalidInput(f"policies[{mover!r}]", choice, f"the policy chose what the rules refuse: {refusal}") from refusal
            yield Move(game, mover, choice, after)
        game = after


def _ask(policy: Policy, seat: Any, game: Game) -> Any:
    try:
        choice = policy(game)
    except RulesError:
        raise
    except Exception as error:  # a policy is user code: its failure is named, not passed on raw
        raise InvalidInput(f"policies[{seat!r}]", policy, f"the policy raised {type(error).__name__}: {error}") from error
    return choice.choice if isinstance(choice, Option) else choice


def replay(start: Game, choices: Iterable[Any]) -> Playthrough:
    """Apply ``choices`` (decisions and chance outcomes) in order from ``start``."""
    if not isinstance(start, Game):
        raise InvalidInput("start", start, "replay starts from a game made by tabletoolkit.new_game")
    if isinstance(choices, (str, bytes)) or not isinstance(choices, Iterable):
        raise InvalidInput("choices", choices, "a list of the choices and chance outcomes to apply")
    game, moves = start, []
    with _collector_paused():
        for choice in choices:
            mover = game.to_move
            probability = game.chance().get(choice) if mover is CHANCE and not game.over else None
            after = game.apply(choice)
            moves.append(Move(game, mover, choice, after, probability))
            game = after
    return Playthrough(start, tuple(moves))
