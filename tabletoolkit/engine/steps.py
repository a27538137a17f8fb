"""Explained steps: a procedure is a generator that yields ``Step`` objects and returns its result.

A phase function written as a procedure can be run to its end (``run``), replayed, rewound and
shown one step at a time (the stepper widget takes a ``Run``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Generator, Iterator, Mapping

from .errors import InvalidInput

Procedure = Generator["Step", None, Any]


@dataclass(frozen=True, init=False)
class Step:
    """One explained step of a procedure.

    ``title`` is a short heading, ``text`` what a learner reads, ``section`` the rulebook section the
    step comes from, ``state`` the game state after the step, ``data`` optional values for display
    (dice rolled, a verdict, a probability).
    """

    title: str
    text: str
    section: str
    state: Any = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, title: str, text: str, section: str, state: Any = None, data: Mapping[str, Any] | None = None):
        # Whole games make a step for nearly every apply: the fields are written straight into the instance's own
        # ``__dict__`` (a Step stays frozen), which keeps the key sharing of the class.
        values = self.__dict__
        values["title"] = title
        values["text"] = text
        values["section"] = section
        values["state"] = state
        values["data"] = {} if data is None else data

    def _repr_html_(self) -> str:
        return (
            f"<div class='tt-step'><b>{html.escape(self.title)}</b> "
            f"<small>({html.escape(self.section)})</small><br>{html.escape(self.text)}</div>"
        )


@dataclass(frozen=True)
class Run:
    """A finished procedure: every step in order, and what the procedure returned."""

    steps: tuple[Step, ...]
    result: Any
    phase: str | None = None

    def __len__(self) -> int:
        return len(self.steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    @property
    def final_state(self) -> Any:
        """The state after the last step that carried one."""
        for step in reversed(self.steps):
            if step.state is not None:
                return step.state
        return None

    def transcript(self) -> str:
        """Plain text, one block per step: the form golden files and docs use."""
        lines = []
        for number, step in enumerate(self.steps, 1):
            lines.append(f"{number}. {step.title} [{step.section}]")
            lines.append(f"   {step.text}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{step._repr_html_()}</li>" for step in self.steps)
        return f"<ol class='tt-run'>{items}</ol>"


def run(procedure: Procedure, phase: str | None = None) -> Run:
    """Drive a procedure to its end, collecting its steps and its returned result."""
    if not isinstance(procedure, Iterator):
        raise InvalidInput("procedure", procedure, "a procedure: the generator a phase function returns")
    if phase is not None and not isinstance(phase, str):
        raise InvalidInput("phase", phase, "a phase id (text) or None")
    steps: list[Step] = []
    while True:
        try:
            step = next(procedure)
        except StopIteration as stop:
            return Run(tuple(steps), stop.value, phase)
        if not isinstance(step, Step):
            raise InvalidInput("procedure", step, f"a procedure yields Step objects, not {type(step).__name__}")
        steps.append(step)


def result_of(procedure: Procedure) -> Any:
    """Drive a procedure to its end and return only its result (for code that needs no steps)."""
    return run(procedure).result

