"""Typed errors: every refusal names its rule, says why in plain words and cites the rulebook."""

from __future__ import annotations

from typing import Any


class RulesError(ValueError):
    """Base of every error the toolkit raises on purpose."""


class IllegalAction(RulesError):
    """An action the rules refuse. The state it was tried on is left as it was.

    ``rule`` is a stable id (``"andromeda.launch.occupied"``), ``reason`` a plain sentence,
    ``section`` the rulebook section that forbids it.
    """

    def __init__(self, rule: str, reason: str, section: str):
        self.rule = rule
        self.reason = reason
        self.section = section
        super().__init__(f"{reason} [{rule}; {section}]")

    def __reduce__(self):
        return (type(self), (self.rule, self.reason, self.section))


class InvalidInput(RulesError):
    """Malformed input: an argument or a data-file entry that cannot mean anything.

    ``field`` names what is wrong (an argument, ``"sides[2].aim"``, ``"regions.Vega.links"``),
    ``value`` is what was given and ``reason`` says what was expected.
    """

    def __init__(self, field: str, value: Any, reason: str):
        self.field = field
        self.value = value
        self.reason = reason
        super().__init__(f"{field}={value!r}: {reason}")

    def __reduce__(self):
        return (type(self), (self.field, self.value, self.reason))
