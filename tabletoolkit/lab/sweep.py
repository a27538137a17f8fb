"""Sweeps: many seeded whole games per rule variant, played through the game contract, as one tidy table.

``sweep("merchants", variants={"rulebook": RULEBOOK, "cheap loans": {"loan_markers": 1}}, players=3, games=500)``
plays games ``seed, seed + 1, …`` under every variant. Game ``i`` of every variant has the same seed, so the
same set-up deal and the same chance stream (common random numbers): a difference between variants is the
rules', not the dice's. Each game gives one row per seat (``SweepResult.table``); any game is played again
from its seed (``SweepResult.playthrough``).

The games run in chunks: serially, on a ``concurrent.futures`` executor (a process pool on every local core
by default) or on a Dask cluster (``executor=distributed.Client(...)``). A game depends only on its game id,
settings, variant, policies and seed, and rows are put back in seed order, so the table is the same whatever
ran it. A game that fails (a policy that raises, a game that does not end) stops its chunk; the sweep then
raises ``SweepFailed``, which carries every finished game's rows (``.partial``) and what failed.

The lab knows no game: it reads the registry (``game_info``), the contract (``play``, ``outcome()``) and each
game's ``measures()``.
"""

from __future__ import annotations

import gc
import inspect
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import InvalidInput, RulesError
from ..engine.game import CHANCE, Game, game_info, new_game
from ..engine.play import drive, play
from ..engine.policies import RandomPolicy, first_legal, scripted
from ..engine.variants import Variant
from . import progress as progress_display

POLICY_NAMES = ("random", "first_legal", "scripted")
MAX_STEPS = 200_000
CHUNK_MOST = 20  # games per chunk at most: a slow game's last chunk leaves the other processes idle only briefly
CHUNKS_PER_SLOT = 8  # at least, where the sweep has the games: slots finishing early take another chunk


class SweepFailed(InvalidInput):
    """Some games of a sweep failed. ``partial`` is the ``SweepResult`` of every game that finished; ``failures``
    lists (variant, seed, error) for each failed chunk's first failure."""

    def __init__(self, field: str, value: Any, reason: str, partial: Any = None,
                 failures: tuple[tuple[str, int, BaseException], ...] = ()):
        super().__init__(field, value, reason)
        self.partial = partial
        self.failures = failures

    def __reduce__(self):
        return (type(self), (self.field, self.value, self.reason, self.partial, self.failures))


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play a game: it is sent to other processes, so it holds only plain values."""

    game_id: str
    settings: tuple[tuple[str, Any], ...]
    variants: tuple[tuple[str, Any], ...]  # (name, Variant or None for the game's own)
    policies: tuple[Any, ...]  # one per seat: a policy name or a callable
    max_steps: int = MAX_STEPS
    measure: Callable[[Any], Mapping[str, Any]] | None = None  # the designer's own: playthrough → measures

    def variant(self, name: str) -> Any:
        return dict(self.variants)[name]

    def make(self, variant: str, seed: int) -> Game:
        chosen = self.variant(variant)
        extra = {} if chosen is None else {"variant": chosen}
        return new_game(self.game_id, seed=seed, **dict(self.settings), **extra)

    def seat_policies(self, game: Game) -> dict[str, Callable[[Game], Any]]:
        return {seat: policy_for(spec, self.game_id, game.seed, index)
                for index, (seat, spec) in enumerate(zip(game.seats, self.policies))}


@dataclass(frozen=True)
class Chunk:
    """Games ``seeds`` of one variant."""

    variant: str
    seeds: tuple[int, ...]


@dataclass
class ChunkResult:
    variant: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    games: int = 0
    cpu: float = 0.0
    failure: tuple[str, int, BaseException] | None = None


def policy_for(spec: Any, game_id: str, seed: int, index: int) -> Callable[[Game], Any]:
    """The policy a spec names for seat ``index`` of the game seeded ``seed``: ``"random"`` (seeded by the
    game's seed plus the seat's index, as the table widget seeds it), ``"first_legal"``, ``"scripted"``, or a
    callable used as it is."""
    if spec == "random":
        return RandomPolicy(seed + index)
    if spec == "first_legal":
        return first_legal
    if spec == "scripted":
        return scripted(game_id)
    return spec


def policy_name(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    return getattr(spec, "__name__", None) or repr(spec)


def play_rows(plan: Plan, variant: str, seed: int) -> list[dict[str, Any]]:
    """One game of the sweep, played to its end: one row per seat."""
    game = plan.make(variant, seed)
    policies = plan.seat_policies(game)
    if plan.measure is None:
        final, applies, movers = _played_to_end(game, policies, plan.max_steps)
        _check_ended(final, plan, seed)
        measures = dict(final.measures())
    else:  # the designer's own measure reads the whole playthrough
        played = play(game, policies, max_steps=plan.max_steps)
        final, applies = played.final, len(played)
        movers = [move.mover for move in played.moves if move.mover is not CHANCE]
        _check_ended(final, plan, seed)
        measures = {**final.measures(), **plan.measure(played)}
    outcome = final.outcome()
    ranks = {seat: place for place, seat in enumerate(outcome.ranking, 1)}
    rows = []
    for index, seat in enumerate(game.seats):
        row: dict[str, Any] = {
            "variant": variant, "seed": seed, "seat": seat, "seat_index": index,
            "policy": policy_name(plan.policies[index]), "score": outcome.score(seat), "rank": ranks.get(seat),
            "winner": seat in outcome.winners, "winners": len(outcome.winners), "first": bool(movers) and movers[0] == seat,
            "applies": applies, "decisions": len(movers),
        }
        for name, value in measures.items():
            row[name] = value.get(seat) if isinstance(value, Mapping) else value
        rows.append(row)
    return rows


def _check_ended(final: Game, plan: Plan, seed: int) -> None:
    if not final.over:
        raise InvalidInput("game", seed, f"the game did not end within {plan.max_steps} applies")


def _played_to_end(game: Game, policies: Mapping[str, Callable[[Game], Any]], max_steps: int) -> tuple[Game, int, list[Any]]:
    """``game`` driven as ``play`` drives it (``drive``), keeping only what a row reads: the last state, the applies
    and the movers of the decisions in order. No state is kept behind the game: the table needs none, and
    ``SweepResult.playthrough`` plays any game again from its seed."""
    applies, movers = 0, []
    for move in drive(game, policies, max_steps=max_steps):
        game = move.after
        applies += 1
        if move.mover is not CHANCE:
            movers.append(move.mover)
    return game, applies, movers


@contextmanager
def _few_collections() -> Iterator[None]:
    """Collect garbage less often while games run: a whole game makes many short-lived states, and the
    collector's full passes cost more than the games' own work between them."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], 50_000), before[1], before[2])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def play_chunk(plan: Plan, chunk: Chunk) -> ChunkResult:
    """Play a chunk's games in seed order; the first failure stops the chunk, keeping the games before it."""
    result = ChunkResult(chunk.variant)
    started = time.process_time()
    with _few_collections():
        for seed in chunk.seeds:
            try:
                result.rows.extend(play_rows(plan, chunk.variant, seed))
            except Exception as error:  # a policy or a game failing is reported with its seed, not raised raw
                result.failure = (chunk.variant, seed, _portable(error))
                break
            result.games += 1
    result.cpu = time.process_time() - started
    return result


def _portable(error: BaseException) -> BaseException:
    """The error itself when it can travel between processes (the toolkit's errors can), else its words."""
    if isinstance(error, RulesError):
        return error
    return InvalidInput("game", type(error).__name__, f"{type(error).__name__}: {error}")


# --- checking what was asked ------------------------------------------------------------------------------
def _whole(name: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidInput(name, value, f"a whole number, {least} or more")
    return value


def _variants(game_id: str, variants: Any, example: Game) -> tuple[tuple[str, Any], ...]:
    takes_variant = "variant" in inspect.signature(game_info(game_id).make).parameters
    if variants is None:
        return (("rulebook", None),)
    if not isinstance(variants, Mapping) or not variants:
        raise InvalidInput("variants", variants, "a mapping of names to variants, e.g. {'rulebook': RULEBOOK, 'cap 8': {'dice_cap': 8}}")
    if not takes_variant:
        raise InvalidInput("variants", list(variants), f"{game_id} takes no variant")
    own = getattr(example, "variant", None)
    if not isinstance(own, Variant):
        raise InvalidInput("variants", list(variants), f"{game_id} keeps no variant in its state")
    found = []
    for name, value in variants.items():
        if not isinstance(name, str) or not name:
            raise InvalidInput("variants", name, "each variant is named by a non-empty string")
        if isinstance(value, Mapping):
            known = {info.name for info in type(own).constants()}
            unknown = sorted(set(value) - known)
            if unknown:
                raise InvalidInput(f"variants[{name!r}]", unknown[0],
                                   f"no such {type(own).__name__} constant; the constants are {', '.join(sorted(known))}")
            value = own.but(**value)  # checks each value against what the constant allows
        if not isinstance(value, Variant) or type(value) is not type(own):
            raise InvalidInput(f"variants[{name!r}]", value, f"a {type(own).__name__}, or a mapping of its constants to values")
        found.append((name, value))
    return tuple(found)


def _policies(policies: Any, seats: tuple[str, ...], game_id: str) -> tuple[Any, ...]:
    if policies is None:
        return ("random",) * len(seats)
    if isinstance(policies, str) or callable(policies):
        chosen: list[Any] = [policies] * len(seats)
    elif isinstance(policies, Mapping):
        chosen = ["random"] * len(seats)
        for key, spec in policies.items():
            if key in seats:
                chosen[seats.index(key)] = spec
            elif isinstance(key, int) and not isinstance(key, bool) and 0 <= key < len(seats):
                chosen[key] = spec
            else:
                raise InvalidInput("policies", key, f"no such seat; the seats are {', '.join(seats)} (or 0 to {len(seats) - 1})")
    elif isinstance(policies, Sequence) and len(policies) == len(seats):
        chosen = list(policies)
    else:
        raise InvalidInput("policies", policies, f"a policy, a list of {len(seats)} (one per seat) or a mapping seat → policy")
    for spec in chosen:
        if isinstance(spec, str) and spec not in POLICY_NAMES:
            raise InvalidInput("policies", spec, f"a policy name ({', '.join(POLICY_NAMES)}) or a function game → choice")
        if spec == "scripted" and game_info(game_id).scripted is None:
            raise InvalidInput("policies", spec, f"{game_id} has no scripted player")
        if not isinstance(spec, str) and not callable(spec):
            raise InvalidInput("policies", spec, "a policy name or a function game → choice")
    return tuple(chosen)


# --- running ---------------------------------------------------------------------------------------------
def _chunks(variants: tuple[tuple[str, Any], ...], seeds: range, size: int) -> list[Chunk]:
    return [Chunk(name, tuple(seeds[start:start + size])) for name, _ in variants for start in range(0, len(seeds), size)]


def _is_dask(executor: Any) -> bool:
    return type(executor).__module__.startswith("distributed") and hasattr(executor, "submit") and hasattr(executor, "gather")


def _run(plan: Plan, chunks: list[Chunk], executor: Any, shown: progress_display.Progress, total: int) -> list[ChunkResult]:
    done = 0
    shown.update(0, total)
    if executor == "serial":
        results = []
        for chunk in chunks:
            results.append(play_chunk(plan, chunk))
            done += len(chunk.seeds)
            shown.update(done, total)
        return results
    by_future: dict[Any, int] = {}
    if _is_dask(executor):
        from distributed import as_completed as dask_completed

        futures = [executor.submit(play_chunk, plan, chunk, pure=False) for chunk in chunks]
        completed: Any = dask_completed(futures)
    else:
        futures = [executor.submit(play_chunk, plan, chunk) for chunk in chunks]
        completed = as_completed(futures)
    by_future = {future: index for index, future in enumerate(futures)}
    results_at: list[ChunkResult | None] = [None] * len(chunks)
    for future in completed:
        index = by_future[future]
        results_at[index] = future.result()
        done += len(chunks[index].seeds)
        shown.update(done, total)
    return [result for result in results_at if result is not None]


def sweep(game_id: str, variants: Mapping[str, Any] | None = None, *, players: Any = None,
          policies: Any = None, games: int = 100, seed: int = 0, settings: Mapping[str, Any] | None = None,
          measure: Callable[[Any], Mapping[str, Any]] | None = None, executor: Any = None,
          workers: int | None = None, progress: Any = "auto", max_steps: int = MAX_STEPS):
    """Play ``games`` seeded whole games of ``game_id`` under each variant and return a ``SweepResult``.

    ``variants``: ``{name: Variant}`` or ``{name: {constant: value}}`` (default: the rulebook alone).
    ``players``: the player count (passed as the game's ``players`` setting); ``settings``: the game's other
    settings (``{"stars": 3}``). ``policies``: one policy for every seat, a list (one per seat) or
    ``{seat or index: policy}`` (others random); a policy is ``"random"``, ``"first_legal"``, ``"scripted"`` or
    a function game → choice (for processes and clusters: a module-level function). Games use seeds
    ``seed`` to ``seed + games - 1`` under every variant (common random numbers). ``measure``: the designer's
    own measures, a function of the finished ``Playthrough`` returning ``{name: number or {seat: number}}``,
    added to the game's own.
    ``executor``: ``None`` (a process pool of ``workers`` processes, every core by default; a small sweep runs
    serially), ``"serial"``, a ``concurrent.futures.Executor`` or a ``distributed.Client``. ``progress``:
    ``"auto"``, ``"text"``, ``"notebook"``, ``False`` or a display object.
    """
    from .results import SweepResult

    game_info(game_id)
    games = _whole("games", games, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput("seed", seed, "a seed is a whole number")
    max_steps = _whole("max_steps", max_steps, 1)
    if measure is not None and not callable(measure):
        raise InvalidInput("measure", measure, "a function of the finished playthrough returning {name: value}")
    if settings is not None and not isinstance(settings, Mapping):
        raise InvalidInput("settings", settings, "a mapping of the game's settings, e.g. {'stars': 3}")
    chosen = dict(settings or {})
    if players is not None:
        if "players" in chosen:
            raise InvalidInput("players", players, "given twice: as players= and in settings")
        chosen["players"] = players
    if "variant" in chosen or "seed" in chosen:
        raise InvalidInput("settings", sorted({"variant", "seed"} & set(chosen)), "give variants= and seed= themselves")
    example = new_game(game_id, seed=seed, **chosen)  # refuses unknown settings and bad player counts now
    plan = Plan(game_id, tuple(sorted(chosen.items())), _variants(game_id, variants, example),
                _policies(policies, example.seats, game_id), max_steps, measure)
    total = games * len(plan.variants)
    count = (os.cpu_count() or 1) if workers is None else _whole("workers", workers, 1)
    own_pool = executor is None and count > 1 and total >= 4 * count
    if executor is None and not own_pool:
        executor = "serial"
    if not (executor is None or executor == "serial" or isinstance(executor, Executor) or _is_dask(executor)):
        raise InvalidInput("executor", executor, "None, 'serial', a concurrent.futures.Executor or a distributed.Client")
    slots = count if own_pool else (1 if executor == "serial" else _slots(executor))
    size = max(1, min(CHUNK_MOST, games // (CHUNKS_PER_SLOT * slots)))
    chunks = _chunks(plan.variants, range(seed, seed + games), size)
    shown = progress_display.choose(progress, f"{game_id} sweep")
    started, cpu = time.perf_counter(), time.process_time()
    try:
        if own_pool:
            plan.seat_policies(example)  # loads a scripted player's modules here once, not in every forked process
            with ProcessPoolExecutor(max_workers=count) as pool:
                results = _run(plan, chunks, pool, shown, total)
        else:
            results = _run(plan, chunks, executor, shown, total)
    finally:
        shown.close()
    wall = time.perf_counter() - started
    order = {name: index for index, (name, _) in enumerate(plan.variants)}
    rows = [row for result in sorted(results, key=lambda r: order[r.variant]) for row in result.rows]
    rows.sort(key=lambda row: (order[row["variant"]], row["seed"], row["seat_index"]))
    outcome = SweepResult(plan, seed, games, rows, wall=wall,
                          cpu=sum(r.cpu for r in results) if not executor == "serial" else time.process_time() - cpu)
    failures = tuple(r.failure for r in results if r.failure is not None)
    if failures:
        variant, first_seed, error = min(failures, key=lambda f: (order[f[0]], f[1]))
        raise SweepFailed("games", f"{variant}, seed {first_seed}",
                          f"{len(failures)} chunk(s) of the sweep failed; the first: {error}. The {outcome.games_played} "
                          "finished games are in .partial", outcome, failures)
    return outcome


def _slots(executor: Any) -> int:
    if _is_dask(executor):
        return max(1, sum(executor.nthreads().values()))
    return max(1, getattr(executor, "_max_workers", 1))
