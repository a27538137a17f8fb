"""The whole-game tester: seeded random (or scripted) play of many whole games, checked after every apply.

After every apply it checks that a state that is not over offers a legal option; that its legal choices
(``legal()``, which a wing may work out without the refused options' reasons) are the listed legal ones; that every listed-legal
option applies without refusal and every refused option is refused by ``apply`` with its own rule id
(all of them at probed states); that ``apply`` never changes the state it was given; that chance
events are exact distributions summing to 1; that no untyped exception escapes; and the game's own
invariants (``Game.invariants``). Each game must end within ``max_steps``, replaying its choices must give
the same final state, and two seeded playthroughs of the first seed must give the same transcript.
"""

from __future__ import annotations

import html
import pickle
import random
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from .errors import InvalidInput, RulesError
from .game import CHANCE, Game, game_info, new_game
from .play import play
from .policies import Policy, RandomPolicy
from .rng import Rng


@dataclass
class CheckReport:
    """What a tester run found: games played and ended, applies made, defects, CPU time."""

    game_id: str
    games: int = 0
    ended: int = 0
    applies: int = 0
    cpu_seconds: float = 0.0
    defects: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.defects and self.ended == self.games

    def summary(self) -> str:
        per_game = self.cpu_seconds / max(self.games, 1) * 1000
        return (f"{self.game_id}: {self.ended}/{self.games} games ended, {len(self.defects)} defects, "
                f"{self.applies} applies, {per_game:.1f} ms CPU per game")

    def assert_ok(self) -> None:
        if not self.ok:
            raise AssertionError(self.summary() + "\n" + "\n".join(self.defects[:20]))

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(d)}</li>" for d in self.defects[:20])
        return f"<div class='tt-tester'><b>{html.escape(self.summary())}</b><ul>{items}</ul></div>"


def check_game(game_id: str, seeds: range | list[int], *, policies: Callable[[Game, int], dict[str, Policy]] | None = None,
               max_steps: int = 20_000, probe: float = 0.1, **settings: Any) -> CheckReport:
    """Play one whole game per seed and check every apply (see the module docstring).

    ``policies(game, seed)`` gives each seat's policy (default: every seat random, seeded by the seed);
    ``probe`` is the share of states at which every option is tried, legal and refused.
    """
    if not isinstance(seeds, (range, list, tuple)) or len(seeds) > 100_000 or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in seeds):
        raise InvalidInput("seeds", seeds, "a range or list of at most 100000 whole-number seeds")
    if isinstance(probe, bool) or not isinstance(probe, (int, float)) or not 0 <= probe <= 1:
        raise InvalidInput("probe", probe, "the share of states probed, from 0 to 1")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or not 1 <= max_steps <= 10_000_000:
        raise InvalidInput("max_steps", max_steps, "a whole number of applies from 1 to 10000000")
    if policies is not None and not callable(policies):
        raise InvalidInput("policies", policies, "a function (game, seed) -> {seat: policy}")
    game_info(game_id)
    report = CheckReport(game_id)
    for seed in list(seeds)[:1]:
        try:
            repeatable = same_transcript(game_id, seed, **settings)
        except Exception as error:  # a defect of the game under test, reported like any other
            report.defects.append(f"{game_id} {settings} seed {seed}: playing the seed twice raised "
                                  f"{type(error).__name__}: {error}")
        else:
            if not repeatable:
                report.defects.append(f"{game_id} {settings} seed {seed}: the same seed gave another transcript")
    for seed in seeds:
        report.games += 1
        label = f"{game_id} {settings} seed {seed}"
        started = time.process_time()
        try:
            game = new_game(game_id, seed=seed, **settings)
            chosen: dict[str, Policy] = policies(game, seed) if policies else {
                seat: RandomPolicy(seed * 31 + index) for index, seat in enumerate(game.seats)}
            ended = _check_one(game, chosen, Rng(seed), max_steps, random.Random(seed), probe, label, report)
            if ended:
                report.ended += 1
        except RulesError as error:
            report.defects.append(f"{label}: refused while playing: {error}")
        except Exception as error:  # noqa: BLE001 - an untyped exception is the defect being looked for
            report.defects.append(f"{label}: untyped {type(error).__name__}: {error}")
        report.cpu_seconds += time.process_time() - started
    return report


def _check_one(game: Game, policies: dict[str, Policy], rng: Rng, max_steps: int, prober: random.Random,
               probe: float, label: str, report: CheckReport) -> bool:
    start = game
    choices = []
    for step in range(1, max_steps + 1):
        if game.over:
            game.outcome()
            break
        where = f"{label} step {step}"
        for problem in game.invariants():
            report.defects.append(f"{where}: invariant: {problem}")
            return False
        if game.to_move is CHANCE:
            odds = game.chance()
            if sum(odds.values()) != 1 or any(not isinstance(p, Fraction | int) or p <= 0 for p in odds.values()):
                report.defects.append(f"{where}: chance is not an exact distribution: {odds}")
                return False
            choice = rng.pick(odds)
        else:
            legal = game.legal()  # worked out before the options, as a policy asks for them
            options = game.options()
            if legal != options.choices():
                report.defects.append(f"{where}: the legal choices {legal!r} are not the listed legal options "
                                      f"{options.choices()!r}")
                return False
            if not options.legal:
                report.defects.append(f"{where}: dead end: no legal option for {game.to_move}")
                return False
            if prober.random() < probe and not _probe(game, options, where, report):
                return False
            choice = policies[game.to_move](game)
        frozen = pickle.dumps(game) if prober.random() < probe else None
        after = game.apply(choice)
        report.applies += 1
        if frozen is not None and pickle.dumps(game) != frozen:
            report.defects.append(f"{where}: apply changed the state it was given")
            return False
        choices.append(choice)
        game = after
    else:
        report.defects.append(f"{label}: not over after {max_steps} applies")
        return False
    replayed = _replay_choices(start, choices)
    if replayed != game:
        report.defects.append(f"{label}: replaying the same choices gave another final state")
        return False
    return True


def _probe(game: Game, options, where: str, report: CheckReport) -> bool:
    for option in options:
        try:
            game.apply(option.choice)
        except RulesError as error:
            if option.legal:
                report.defects.append(f"{where}: listed-legal {option.text!r} was refused: {error}")
                return False
            if getattr(error, "rule", None) != option.rule:
                report.defects.append(f"{where}: refused {option.text!r} is listed under {option.rule}, "
                                      f"apply refused it under {getattr(error, 'rule', None)}")
                return False
        else:
            if not option.legal:
                report.defects.append(f"{where}: refused {option.text!r} ({option.rule}) was applied")
                return False
    return True


def _replay_choices(start: Game, choices: list[Any]) -> Game:
    game = start
    for choice in choices:
        game = game.apply(choice)
    return game


def same_transcript(game_id: str, seed: int, **settings: Any) -> bool:
    """Whether two seeded random playthroughs of the same game give the same transcript."""
    first = play(new_game(game_id, seed=seed, **settings)).transcript()
    return first == play(new_game(game_id, seed=seed, **settings)).transcript()
