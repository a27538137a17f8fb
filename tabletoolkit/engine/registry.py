"""The phase registry: every rule procedure the toolkit teaches, under a stable id.

Wings register their procedures with ``@register_phase(...)``; the package's ``phases()`` loads the
wings and returns what they registered, checked against the project's phase map.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .errors import InvalidInput
from .steps import Procedure, Run, run

_REGISTERED: dict[str, "Phase"] = {}


@dataclass(frozen=True)
class Phase:
    """A registered phase: its id, title, rulebook section, procedure and teaching notebook."""

    id: str
    title: str
    section: str
    procedure: Callable[..., Procedure]
    notebook: str

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]

    def run(self, *args: Any, **kwargs: Any) -> Run:
        """Carry the phase out to its end and return every explained step with the result."""
        return run(self.procedure(*args, **kwargs), phase=self.id)

    def __repr__(self) -> str:
        return f"Phase({self.id!r}, {self.title!r}, section={self.section!r}, notebook={self.notebook!r})"


def register_phase(id: str, *, title: str, section: str, notebook: str) -> Callable[[Callable[..., Procedure]], Callable[..., Procedure]]:
    """Register the decorated procedure as the phase ``id`` (one procedure per id)."""
    for name, value in (("id", id), ("title", title), ("section", section), ("notebook", notebook)):
        if not isinstance(value, str) or not value:
            raise InvalidInput(name, value, "every phase needs a non-empty id, title, section and notebook")
    if not notebook.endswith(".ipynb"):
        raise InvalidInput("notebook", notebook, "the teaching notebook is an .ipynb file name in notebooks/")

    def decorate(procedure: Callable[..., Procedure]) -> Callable[..., Procedure]:
        existing = _REGISTERED.get(id)
        if existing is not None and existing.procedure.__qualname__ != procedure.__qualname__:
            raise InvalidInput("id", id, f"already registered to {existing.procedure.__qualname__}")
        _REGISTERED[id] = Phase(id, title, section, procedure, notebook)
        procedure.phase_id = id  # type: ignore[attr-defined]
        return procedure

    return decorate


def registered() -> dict[str, Phase]:
    """Every phase registered so far, by id."""
    return dict(_REGISTERED)
