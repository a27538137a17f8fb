"""Rule constants a workshop may change: one frozen ``Variant`` per game.

Each constant is declared with ``constant(...)``: its rulebook value, the values a designer may try,
the section (or ruling) it comes from and a sentence saying what it changes. Procedures read their
constants from a variant, so ``AndromedaVariant().but(dice_cap=8)`` makes every phase and every
probability follow.
"""

from __future__ import annotations

import dataclasses
import html
from dataclasses import dataclass
from typing import Any, Collection, Self

from .errors import InvalidInput


@dataclass(frozen=True)
class ConstantInfo:
    """What a variant constant means."""

    name: str
    rulebook: Any
    allowed: Collection[Any]
    section: str
    explains: str


def constant(rulebook: Any, *, allowed: Collection[Any], section: str, explains: str) -> Any:
    """Declare a variant constant (use as a dataclass field default)."""
    if not _allowed(rulebook, allowed):
        raise InvalidInput("rulebook", rulebook, "the rulebook value must be one of the allowed values")
    return dataclasses.field(
        default=rulebook,
        metadata={"allowed": allowed, "section": section, "explains": explains},
    )


@dataclass(frozen=True)
class Variant:
    """Base of the per-game variant objects. Subclasses declare fields with ``constant``."""

    def __post_init__(self) -> None:
        for info in self.constants():
            value = getattr(self, info.name)
            if not _allowed(value, info.allowed):
                raise InvalidInput(
                    info.name, value, f"{info.explains} Allowed: {_describe(info.allowed)} (rulebook: {info.rulebook!r})"
                )

    @classmethod
    def constants(cls) -> tuple[ConstantInfo, ...]:
        """Every constant with its rulebook value, allowed values, source and meaning."""
        return tuple(
            ConstantInfo(f.name, f.default, f.metadata["allowed"], f.metadata["section"], f.metadata["explains"])
            for f in dataclasses.fields(cls)
        )

    def but(self, **changes: Any) -> Self:
        """A copy with some constants changed; unknown names and disallowed values are refused."""
        known = {f.name for f in dataclasses.fields(self)}
        for name in changes:
            if name not in known:
                raise InvalidInput(name, changes[name], f"{type(self).__name__} has no such constant; known: {sorted(known)}")
        return dataclasses.replace(self, **changes)

    def changes(self) -> dict[str, tuple[Any, Any]]:
        """Constants that differ from the rulebook: name -> (rulebook value, this value)."""
        return {
            info.name: (info.rulebook, getattr(self, info.name))
            for info in self.constants()
            if getattr(self, info.name) != info.rulebook
        }

    def _repr_html_(self) -> str:
        rows = "".join(
            "<tr><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>".format(
                html.escape(info.name),
                html.escape(repr(getattr(self, info.name))),
                html.escape(repr(info.rulebook)),
                html.escape(info.section),
                html.escape(info.explains),
            )
            for info in self.constants()
        )
        return (
            f"<table class='tt-variant'><caption>{html.escape(type(self).__name__)}</caption>"
            "<tr><th>constant</th><th>value</th><th>rulebook</th><th>source</th><th>what it changes</th></tr>"
            f"{rows}</table>"
        )


def _allowed(value: Any, allowed: Collection[Any]) -> bool:
    """Whether ``value`` is one of ``allowed`` and of the same type all the way down (``6.0`` and ``True``
    are not the whole number 6 or 1; a list is not a tuple)."""
    try:
        if value not in allowed:
            return False
    except TypeError:  # an unhashable value is in no set
        return False
    if isinstance(allowed, range):
        return type(value) is int
    return any(_same(value, option) for option in allowed)


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(_same, a, b))
    return bool(a == b)


def _describe(allowed: Collection[Any]) -> str:
    if isinstance(allowed, range):
        return f"{allowed.start}..{allowed.stop - 1}"
    return ", ".join(repr(v) for v in allowed)
