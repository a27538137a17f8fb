"""Your objectives in the solo game: the stack in three levels, marking tasks, payments, the end.

单人游戏 · 目标堆栈 / 目标 / 任务 and S-F25: three objectives face up; one trigger marks one task;
completed objectives are replaced at the end of your turn; after rounds 1-4 (before income) you pay
1/2/3/4 completed objectives, the rival taking 3 progress for each you cannot pay; at the end the
rival scores 5 VP per unfinished objective (the face-up ones and the stack). None at 1 star.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache
from ...engine.frozen import FrozenMap, cached, replace
from typing import Any, Mapping, Sequence

from ...engine.errors import IllegalAction, InvalidInput
from ...engine.rng import Rng
from ..variant import RULEBOOK, SetiVariant
from ..words import event_words
from .data import ObjectiveTile, SoloMaterial, material

SECTION = "单人游戏 · 目标"
THRESHOLDS = ("score", "pool_data", "publicity")
ROMAN = {1: "I", 2: "II", 3: "III"}


@dataclass(frozen=True)
class Event:
    """Something you did that may mark a task: ``Event("visit", "comet")``, ``Event("tech", "probe")``,
    ``Event("card_cost", "3")``, ``Event("orbit")``."""

    kind: str
    argument: str = ""

    def __str__(self) -> str:
        return f"{self.kind}:{self.argument}" if self.argument else self.kind


@dataclass(frozen=True)
class Objective:
    """A face-up objective and which of its tasks are marked."""

    tile: ObjectiveTile
    marked: tuple[bool, ...]

    @property
    def complete(self) -> bool:
        return all(self.marked)

    def describe(self) -> str:
        tasks = ", ".join(("✔ " if done else "☐ ") + task_words(task) for task, done in zip(self.tile.tasks, self.marked))
        return f"{self.tile.id} (level {ROMAN[self.tile.level]}): {tasks}"


#: How each kind of task reads (``solo_objectives.toml``); ``{}`` takes the task's argument.
_TASK_WORDS = {
    "score": "reach {} VP", "pool_data": "have {} data in your pool", "publicity": "reach {} publicity",
    "card_cost": "play a {}-credit card for its effect", "mission": "complete a mission", "launch": "launch a probe",
    "orbit": "put a probe in orbit", "land": "land a probe", "signal": "place a signal", "analyze": "analyze data",
    "tech": "take a {} tech", "trace": "mark a {} trace", "sector_win": "win a sector",
}


def task_words(task: str) -> str:
    """A task key in words: ``score:16`` → "reach 16 VP", ``orbit/land`` → "put a probe in orbit or land a probe"."""
    parts = []
    for part in task.split("/"):
        kind, _, argument = part.partition(":")
        if kind == "visit":
            parts.append(event_words(part))
        else:
            parts.append(_TASK_WORDS.get(kind, part).format(argument))
    return " or ".join(parts)


@lru_cache(maxsize=None)
def _task_parts(task: str) -> tuple[tuple[str, str], ...]:
    """A task key's alternatives as (kind, argument): ``orbit/land`` → (("orbit", ""), ("land", ""))."""
    return tuple((kind, argument) for kind, _, argument in (part.partition(":") for part in task.split("/")))


def _task_matches(task: str, event: Event) -> bool:
    for kind, argument in _task_parts(task):
        if kind != event.kind:
            continue
        if kind in THRESHOLDS:
            if int(event.argument or 0) >= int(argument):
                return True
        elif argument == event.argument or not argument:
            return True
    return False


@dataclass(frozen=True)
class Objectives:
    """Face-up objectives (at most 3), the stack (top first), the completed pile and what was paid."""

    face_up: tuple[Objective, ...] = ()
    stack: tuple[ObjectiveTile, ...] = ()
    completed: tuple[str, ...] = ()
    paid: tuple[str, ...] = ()
    levels: tuple[tuple[str, int], ...] = ()  # score, publicity, pool data at the last threshold check

    @property
    def unfinished(self) -> int:
        """Objectives the rival scores for at the end: face up (not complete) plus the stack (S-F25)."""
        return sum(1 for o in self.face_up if not o.complete) + len(self.stack)

    def __getstate__(self) -> dict[str, Any]:
        """The fields only: the open tasks worked out of them are not part of the state."""
        return {name: value for name, value in self.__dict__.items() if name != "_open_tasks"}

    @cached
    def _open_tasks(self) -> Mapping[str, tuple[tuple[str, str], ...]]:
        """Every unmarked task, as (objective id, task) in the order of the face-up objectives, under each kind
        of event it names."""
        found: dict[str, list[tuple[str, str]]] = {}
        for objective in self.face_up:
            for task, done in zip(objective.tile.tasks, objective.marked):
                if not done:
                    for kind in dict.fromkeys(kind for kind, _ in _task_parts(task)):
                        found.setdefault(kind, []).append((objective.tile.id, task))
        return FrozenMap((kind, tuple(tasks)) for kind, tasks in found.items())

    def options(self, event: Event) -> tuple[tuple[str, str], ...]:
        """Every unmarked task this event could mark, as (objective id, task)."""
        return tuple(option for option in self._open_tasks.get(event.kind, ()) if _task_matches(option[1], event))

    def mark(self, event: Event, choose: str | None = None) -> tuple["Objectives", str]:
        """Mark ONE task for this trigger (S-F25): the objective ``choose`` if given, else the first that
        fits. Returns the objectives and what happened in words."""
        options = self.options(event)
        if choose is not None and choose not in {tile for tile, _ in options}:
            raise IllegalAction("seti.solo.objective_task", f"{event} marks no open task on objective {choose!r}.", SECTION)
        if not options:
            return self, f"{event}: no open task fits."
        target = choose or options[0][0]
        face_up = list(self.face_up)
        for index, objective in enumerate(face_up):
            if objective.tile.id != target:
                continue
            for position, (task, done) in enumerate(zip(objective.tile.tasks, objective.marked)):
                if not done and _task_matches(task, event):
                    marked = list(objective.marked)
                    marked[position] = True
                    face_up[index] = replace(objective, marked=tuple(marked))
                    others = f" (one trigger marks one task; {len(options) - 1} other option{'s' if len(options) > 2 else ''} left open)" if len(options) > 1 else ""
                    return replace(self, face_up=tuple(face_up)), f"{event} marks {task!r} on {target}{others}."
        raise AssertionError("unreachable: options came from face_up")

    def check_thresholds(self, score: int, publicity: int, pool_data: int,
                         prefer: str | None = None) -> tuple["Objectives", list[str]]:
        """Reaching a threshold (16 VP, 9 publicity, 5 data in the pool: 任务) is ONE trigger: it marks one
        task (``prefer`` when it fits, else the first), S-F25. A threshold counts as reached when the value
        passes it since the last check (``levels``); a task it leaves open waits for the next crossing."""
        notes = []
        state = self
        now = {"score": score, "publicity": publicity, "pool_data": pool_data}
        levels = dict(self.levels)
        for kind in THRESHOLDS:
            before, event = levels.get(kind, 0), Event(kind, str(now[kind]))
            fitting = state.options(event) if state.face_up else ()
            crossed = {tile for tile, task in fitting
                       if any(before < int(argument) for k, argument in _task_parts(task) if k == kind)}
            if crossed:
                pick = prefer if prefer in crossed else next(t for t, _ in fitting if t in crossed)
                state, note = state.mark(event, pick)
                notes.append(f"{kind.replace('_', ' ')} reaches {now[kind]}: " + note)
        levels_now = tuple(now.items())
        return (state, notes) if state is self and levels_now == self.levels else (replace(state, levels=levels_now), notes)

    def end_of_turn(self, score: int = 0, publicity: int = 0, pool_data: int = 0,
                    mark_reached: bool = False) -> tuple["Objectives", list[str]]:
        """Completed objectives go to the completed pile; new ones are revealed from the stack. A revealed
        threshold task already reached is marked at once (任务: "如果已经达到或超过…请立即标记"). With
        ``mark_reached`` (variant ``solo_threshold_marks_while_reached``) every open threshold task already
        reached is marked first."""
        notes = []
        now = {"score": score, "publicity": publicity, "pool_data": pool_data}
        state = self
        if mark_reached:
            face_up = []
            for objective in self.face_up:
                marked = tuple(done or _reached(task, now) for task, done in zip(objective.tile.tasks, objective.marked))
                if marked != objective.marked:
                    notes.append(f"Already reached, marked on {objective.tile.id}: "
                                 + ", ".join(t for t, m, was in zip(objective.tile.tasks, marked, objective.marked) if m and not was) + ".")
                face_up.append(replace(objective, marked=marked))
            state = replace(self, face_up=tuple(face_up))
        more, revealed = state._replace_completed(now)
        return more, notes + revealed

    def _replace_completed(self, now: dict[str, int]) -> tuple["Objectives", list[str]]:
        notes = []
        kept = [o for o in self.face_up if not o.complete]
        done = tuple(o.tile.id for o in self.face_up if o.complete)
        stack = list(self.stack)
        while len(kept) < 3 and stack:
            tile = stack.pop(0)
            marked = tuple(_reached(task, now) for task in tile.tasks)
            kept.append(Objective(tile, marked))
            notes.append(f"Objective {tile.id} revealed: {', '.join(tile.tasks)}."
                         + (" Already reached, marked at once: " + ", ".join(t for t, m in zip(tile.tasks, marked) if m) + "."
                            if any(marked) else ""))
        if done:
            notes.insert(0, f"Completed: {', '.join(done)}.")
        return replace(self, face_up=tuple(kept), stack=tuple(stack), completed=self.completed + done), notes

    def pay(self, round_number: int, variant: SetiVariant = RULEBOOK) -> tuple["Objectives", int, str]:
        """After round 1-4, before income: pay ``round_number`` completed objectives. Returns the
        objectives, the progress the rival takes for the ones you could not pay, and the explanation."""
        if round_number not in range(1, variant.rounds):
            raise InvalidInput("round_number", round_number, f"objectives are paid after rounds 1..{variant.rounds - 1}")
        due = round_number
        paying = self.completed[:due]
        missing = due - len(paying)
        steps = missing * variant.solo_unpaid_objective_progress
        text = (f"After round {round_number} you pay {due} completed objective{'s' if due > 1 else ''}: "
                f"{len(paying)} paid ({', '.join(paying) or 'none'})")
        text += f", {missing} missing → the rival takes {steps} progress." if missing else "."
        return replace(self, completed=self.completed[due:], paid=self.paid + paying), steps, text

    def _repr_html_(self) -> str:
        rows = "".join(f"<li>{html.escape(o.describe())} <small class='tt-detail'>({html.escape(', '.join(o.tile.tasks))})</small></li>"
                       for o in self.face_up)
        return (f"<div class='tt-seti-objectives'><ul>{rows}</ul>"
                f"<small>stack {len(self.stack)} · completed {len(self.completed)} · paid {len(self.paid)}</small></div>")


def _reached(task: str, now: dict[str, int]) -> bool:
    """Whether a threshold part of ``task`` (16 VP, 9 publicity, 5 pool data) is reached at the levels ``now``."""
    return any(kind in THRESHOLDS and int(argument) <= now[kind] for kind, argument in _task_parts(task))


def setup_objectives(stars: int, rng: Rng, source: SoloMaterial | None = None) -> Objectives:
    """Shuffle each level, take the board's counts, stack III at the bottom, II, then I on top, and reveal
    the top three (单人游戏 · 目标堆栈). 1 star: no objectives."""
    source = source or material()
    if stars not in source.difficulties:
        raise InvalidInput("stars", stars, "difficulty is 1 to 5 stars")
    counts = source.difficulties[stars].objectives
    stack: list[ObjectiveTile] = []
    for level, count in zip((1, 2, 3), counts):
        tiles = [t for t in source.objectives.values() if t.level == level]
        stack.extend(rng.shuffled(tiles)[:count])
    objectives, _ = Objectives(stack=tuple(stack)).end_of_turn()
    return objectives


def tiles_by_level(objectives: Objectives) -> Sequence[int]:
    """Levels of the face-up objectives then the stack, top first (for checks and pictures)."""
    return tuple(o.tile.level for o in objectives.face_up) + tuple(t.level for t in objectives.stack)
