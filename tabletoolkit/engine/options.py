"""What may be done now: one ``Option`` per choice the rules offer, legal or refused with its reason.

``Options`` is the one collection every wing returns: iterate it, count it, ask ``choice in options``
(offered and legal), split it into ``.legal`` and ``.refused``; each refused option keeps the rule id,
the plain-language reason and the rulebook section that refuse it. In a notebook it shows as a list,
refused options greyed with their reasons.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import FrozenInstanceError, dataclass
from fractions import Fraction
from typing import Any

from .errors import IllegalAction, InvalidInput

_NO_DETAILS: dict[str, Any] = {}


@dataclass(slots=True, init=False, unsafe_hash=True)
class Option:
    """One choice the rules offer now.

    ``choice`` is what ``apply`` takes; ``legal`` says whether the rules allow it here; a refused
    option carries ``rule``, ``reason`` and ``section``. ``cost`` says in words what it costs
    ("2 energy"), ``label`` how a person reads it (``str(choice)`` when not given), ``group`` the
    heading it is listed under, and ``probability`` its exact chance at a chance event.
    """

    choice: Any
    legal: bool = True
    rule: str | None = None
    reason: str | None = None
    section: str | None = None
    cost: str | None = None
    label: str | None = None
    group: str | None = None
    probability: Fraction | None = None

    def __init__(self, choice: Any, legal: bool = True, rule: str | None = None, reason: str | None = None,
                 section: str | None = None, cost: str | None = None, label: str | None = None,
                 group: str | None = None, probability: Fraction | None = None):
        # Whole games make thousands of options: the slots are set through their own descriptors (an Option is
        # frozen: its own __setattr__ refuses every change).
        _choice(self, choice)
        _legal(self, legal)
        _rule(self, rule)
        _reason(self, reason)
        _section(self, section)
        _cost(self, cost)
        _label(self, label)
        _group(self, group)
        _probability(self, probability)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"an Option cannot be changed (cannot assign to {name!r})")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"an Option cannot be changed (cannot delete {name!r})")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Option, (self.choice, self.legal, self.rule, self.reason, self.section, self.cost, self.label,
                         self.group, self.probability))

    @classmethod
    def refused_by(cls, choice: Any, refusal: IllegalAction, **details: Any) -> "Option":
        """The option ``choice`` refused by ``refusal`` (its rule, reason and section kept)."""
        return cls(choice, False, refusal.rule, refusal.reason, refusal.section, **details)

    @property
    def text(self) -> str:
        """What a person reads: the label, or the choice in words."""
        return self.label if self.label is not None else str(self.choice)

    def refusal(self) -> IllegalAction:
        """The ``IllegalAction`` that applying this refused option raises."""
        return IllegalAction(self.rule or "refused", self.reason or "The rules refuse this option now.", self.section or "")

    def __str__(self) -> str:
        shown = self.text + (f" ({self.cost})" if self.cost else "")
        if self.probability is not None:
            shown += f" — {self.probability} ≈ {float(self.probability):.4f}"
        return shown if self.legal else f"{shown} — refused: {self.reason} [{self.rule}; {self.section}]"


_choice, _legal, _rule, _reason, _section, _cost, _label, _group, _probability = (
    getattr(Option, name).__set__ for name in ("choice", "legal", "rule", "reason", "section", "cost", "label", "group",
                                               "probability"))


class Options(Sequence[Option]):
    """Every option offered now, legal and refused, in the order the rules list them."""

    __slots__ = ("_options", "_by_choice")
    _options: tuple[Option, ...]
    _by_choice: dict[Any, Option] | None  # None until a lookup needs it (Options.of)

    def __init__(self, options: Iterable[Option] = ()):
        if not isinstance(options, Iterable):
            raise InvalidInput("options", options, "Option objects")
        self._options = tuple(options)
        by_choice: dict[Any, Option] = {}
        for option in self._options:
            if type(option) is not Option and not isinstance(option, Option):
                raise InvalidInput("options", option, f"Options holds Option objects, not {type(option).__name__}")
            try:
                if option.choice not in by_choice:  # the first option for a choice is the one offered
                    by_choice[option.choice] = option
            except TypeError:
                raise InvalidInput("options", option, "a choice is a hashable value (a frozen dataclass, text, tuple)") from None
        self._by_choice = by_choice

    @classmethod
    def of(cls, options: Iterable[Option]) -> "Options":
        """Options made by a game's own code from ``Option`` objects it built, each choice a hashable value: the
        checks ``Options(...)`` makes of what it is given are left out, and the options are indexed by choice
        only when a choice is looked up that is not one of the listed objects themselves (a policy hands back
        the very choice it was shown). A choice that repeats is offered by its first option, as there."""
        made = cls.__new__(cls)
        made._options = tuple(options)
        made._by_choice = None
        return made

    @classmethod
    def checked(cls, candidates: Iterable[Any], check: Callable[[Any], object],
                describe: Callable[[Any], dict[str, Any]] | None = None) -> "Options":
        """Options for ``candidates``: legal unless ``check(choice)`` raises ``IllegalAction``.

        ``describe(choice)`` may add ``cost``, ``label`` and ``group`` to each option.
        """
        found: list[Option] = []
        append = found.append
        for choice in candidates:
            details = describe(choice) if describe else _NO_DETAILS
            try:
                check(choice)
            except IllegalAction as refusal:
                append(Option(choice, False, refusal.rule, refusal.reason, refusal.section, **details))
            else:
                append(Option(choice, **details))
        return cls.of(found)

    def __len__(self) -> int:
        return len(self._options)

    def __iter__(self) -> Iterator[Option]:
        return iter(self._options)

    def __getitem__(self, index):
        return self._options[index]

    def __contains__(self, choice: object) -> bool:
        option = self.get(choice)
        return option is not None and option.legal

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self._options == other._options

    def __hash__(self) -> int:
        return hash(self._options)

    def get(self, choice: Any) -> Option | None:
        """The option for ``choice`` (or for its words, when a string is given), or ``None``."""
        if isinstance(choice, Option):
            choice = choice.choice
        by_choice = self._by_choice
        if by_choice is None:
            options = self._options
            for index, option in enumerate(options):
                if option.choice is choice:
                    # offered by this option unless an earlier one offers an equal choice
                    return next((earlier for earlier in options[:index] if earlier.choice == choice), option)
            try:
                by_choice = self._by_choice = {option.choice: option for option in reversed(options)}
            except TypeError:
                raise InvalidInput("options", options, "a choice is a hashable value (a frozen dataclass, text, tuple)") from None
        try:
            found = by_choice.get(choice)
        except TypeError:  # an unhashable value is no choice
            return None
        if found is None and isinstance(choice, str):
            named = [option for option in self._options if choice in (option.text, str(option.choice))]
            found = named[0] if len(named) == 1 else None
        return found

    @property
    def legal(self) -> tuple[Option, ...]:
        return tuple(option for option in self._options if option.legal)

    @property
    def refused(self) -> tuple[Option, ...]:
        return tuple(option for option in self._options if not option.legal)

    def choices(self) -> tuple[Any, ...]:
        """The legal choices, in order."""
        return tuple(option.choice for option in self._options if option.legal)

    def groups(self) -> dict[str, tuple[Option, ...]]:
        """The options by heading, in order of first appearance (no heading: ``""``)."""
        grouped: dict[str, list[Option]] = {}
        for option in self._options:
            grouped.setdefault(option.group or "", []).append(option)
        return {name: tuple(items) for name, items in grouped.items()}

    def __repr__(self) -> str:
        return f"<Options: {len(self.legal)} legal, {len(self.refused)} refused>"

    def _repr_html_(self) -> str:
        parts = [f"<div class='tt-options'><b>{len(self.legal)} legal option(s)</b>"
                 + (f", {len(self.refused)} refused" if self.refused else "")]
        for group, options in self.groups().items():
            if group:
                parts.append(f"<div class='tt-options-group'><i>{html.escape(group)}</i></div>")
            items = []
            for option in options:
                cost = f" <small>({html.escape(option.cost)})</small>" if option.cost else ""
                chance = (f" — {option.probability} ≈ {float(option.probability):.4f}"
                          if option.probability is not None else "")
                if option.legal:
                    items.append(f"<li class='tt-option-legal'>{html.escape(option.text)}{cost}{chance}</li>")
                else:
                    items.append(f"<li class='tt-option-refused' style='color:#888'>{html.escape(option.text)}{cost} — "
                                 f"<i>{html.escape(option.reason or '')}</i> <small>[{html.escape(option.rule or '')}; "
                                 f"{html.escape(option.section or '')}]</small></li>")
            parts.append("<ul>" + "".join(items) + "</ul>")
        parts.append("</div>")
        return "".join(parts)
