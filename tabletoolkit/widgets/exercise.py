"""Exercises for a lesson: predict-then-reveal questions, and a "change a rule" panel over a game's variant.

**Predict, then reveal** (``predict_chance``, ``predict_number``, ``predict_choice``): the learner types or
picks a guess and locks it in; only then is the exact answer shown (a probability as its fraction and percent,
``engine/numbers.py``), how far the guess was, and why. *Try again* hides the answer for another guess. The
answer is not in the page before the guess is locked in (nor in the notebook's saved widget state).

Hooks (CSS classes): ``tt-exercise`` (the box; plus the ``css`` given), ``tt-exercise-question``,
``tt-exercise-guess`` (the text field or the choice buttons), ``tt-exercise-commit``, ``tt-exercise-again``,
``tt-exercise-verdict`` (how the guess did, or why it was refused), ``tt-exercise-answer`` (the exact answer),
``tt-exercise-explanation``.

**Change a rule** (``variant_controls``): one row per constant of a game's ``Variant`` — its name in words,
what it changes, the rulebook value and the section it comes from (with its English gloss) — and a control
over the allowed values. Any lesson widget plugs in by passing ``on_change``, called with the new variant.
Hooks: ``tt-variant-controls``, ``tt-variant-<constant name>`` (the row's control: a ``<select>``, or a
slider for a long range), ``tt-variant-changes`` (what differs from the rulebook), ``tt-variant-reset``,
``tt-variant-refused`` (a value the variant refused, with its reason).
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any, Callable, Sequence, TypeVar

import ipywidgets as widgets

from ..engine.citations import citation_html
from ..engine.errors import InvalidInput
from ..engine.numbers import DECIMALS, number_text, percent_text, probability_text
from ..engine.variants import ConstantInfo, Variant

V = TypeVar("V", bound=Variant)
WIDE = widgets.Layout(width="auto")


def _decimal(value: float | Fraction) -> str:
    return f"{float(value):.{DECIMALS}f}".rstrip("0").rstrip(".")


class Exercise(widgets.VBox):
    """A predict-then-reveal question (build one with ``predict_chance``, ``predict_number`` or ``predict_choice``).

    ``guess(value)`` fills the guess, ``commit()`` locks it in and reveals, ``again()`` hides the answer:
    the buttons do the same. ``revealed`` says whether the answer is on show.
    """

    def __init__(self, question: str, kind: str, answer: Any, explanation: str, *,
                 choices: Sequence[str] = (), unit: str = "", css: str | None = None):
        if kind not in ("chance", "number", "choice"):
            raise InvalidInput("kind", kind, "one of 'chance', 'number', 'choice'")
        if kind == "choice" and answer not in choices:
            raise InvalidInput("answer", answer, f"one of the choices {list(choices)}")
        if kind == "chance" and not (isinstance(answer, (Fraction, int)) and 0 <= answer <= 1):
            raise InvalidInput("answer", answer, "an exact probability: a Fraction from 0 to 1")
        if kind == "number" and not isinstance(answer, (Fraction, int)):
            raise InvalidInput("answer", answer, "an exact number: an int or a Fraction")
        self.kind, self.answer, self.explanation, self.unit = kind, answer, explanation, unit
        self.revealed = False
        self.question = widgets.HTMLMath(f"<b>Predict:</b> {question}")
        if kind == "choice":
            self.field: widgets.Widget = widgets.ToggleButtons(options=list(choices), value=None, layout=WIDE,
                                                               style={"button_width": "auto"})
        else:
            hint = "your guess, in %" if kind == "chance" else f"your guess{', in ' + unit if unit else ''}"
            self.field = widgets.Text(placeholder=hint, layout=widgets.Layout(width="14em"))
            self.field.on_msg(self._submitted)  # Enter in the field locks the guess in, as the button does
        self.commit_button = widgets.Button(description="Lock in my guess", layout=WIDE, button_style="primary")
        self.again_button = widgets.Button(description="Try again", layout=WIDE, disabled=True)
        self.verdict = widgets.HTML()
        self.answer_html = widgets.HTMLMath()
        self.explanation_html = widgets.HTMLMath()
        self.commit_button.on_click(lambda _: self.commit())
        self.again_button.on_click(lambda _: self.again())
        for widget, name in ((self.question, "question"), (self.field, "guess"), (self.commit_button, "commit"),
                             (self.again_button, "again"), (self.verdict, "verdict"), (self.answer_html, "answer"),
                             (self.explanation_html, "explanation")):
            widget.add_class(f"tt-exercise-{name}")
        row = widgets.HBox([self.field, self.commit_button, self.again_button], layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.question, row, self.verdict, self.answer_html, self.explanation_html],
                         layout=widgets.Layout(border="1px solid #b8c4d6", padding="6px 10px", margin="8px 0"))
        self.add_class("tt-exercise")
        if css:
            self.add_class(css)
        self._hide()

    def _submitted(self, _field: widgets.Widget, content: dict, _buffers: list) -> None:
        if content.get("event") == "submit":
            self.commit()

    def guess(self, value: Any) -> None:
        """Fill in the guess (a number or percent as typed, or one of the choices)."""
        self.field.value = value if self.kind == "choice" else str(value)

    def commit(self) -> None:
        """Lock the guess in and reveal the answer; a guess that cannot be read is refused, saying why."""
        if self.revealed:
            return
        try:
            said = self._read_guess()
        except InvalidInput as refused:
            self.verdict.value = f"<span style='color:#a33'>{html.escape(refused.reason)}</span>"
            return
        self.revealed = True
        self.field.disabled = self.commit_button.disabled = True
        self.again_button.disabled = False
        self.verdict.value = self._verdict(said)
        self.answer_html.value = f"<b>The exact answer:</b> <span class='tt-exercise-exact'>{self._answer_text()}</span>"
        self.explanation_html.value = self.explanation

    def again(self) -> None:
        """Hide the answer and take a new guess."""
        self.revealed = False
        self.field.disabled = self.commit_button.disabled = False
        self.again_button.disabled = True
        self._hide()

    def _hide(self) -> None:
        self.verdict.value = "<small>Commit to a guess first: the answer appears once you lock it in.</small>"
        self.answer_html.value = self.explanation_html.value = ""

    def _read_guess(self) -> Any:
        value = self.field.value
        if self.kind == "choice":
            if value is None:
                raise InvalidInput("guess", value, "Pick one of the answers first.")
            return value
        typed = str(value).strip().rstrip("%").strip()
        try:
            number = Fraction(typed)
        except (ValueError, ZeroDivisionError):
            raise InvalidInput("guess", value, f"Type a number{' (a percent)' if self.kind == 'chance' else ''}; "
                                               f"{value!r} is not one.") from None
        if self.kind == "chance" and not 0 <= number <= 100:
            raise InvalidInput("guess", value, f"A chance is from 0% to 100%; you typed {typed}%.")
        return number

    def _answer_text(self) -> str:
        if self.kind == "chance":
            return probability_text(Fraction(self.answer))
        if self.kind == "number":
            return number_text(self.answer) + (f" {html.escape(self.unit)}" if self.unit else "")
        return html.escape(self.answer)

    def _verdict(self, said: Any) -> str:
        if self.kind == "choice":
            return ("<b style='color:#276'>Right.</b>" if said == self.answer else
                    f"<b style='color:#a33'>Not quite:</b> you said <i>{html.escape(said)}</i>.")
        if self.kind == "chance":
            exact = Fraction(self.answer) * 100
            gap = said - exact
            words = f"You said {_decimal(said)}%; the answer is {percent_text(Fraction(self.answer))}"
            if abs(gap) < Fraction(1, 2):
                return f"<b style='color:#276'>Spot on.</b> {words}."
            return f"{words}: {_decimal(abs(gap))} percentage points too {'high' if gap > 0 else 'low'}."
        gap = said - Fraction(self.answer)
        words = f"You said {_decimal(said)}; the answer is {number_text(self.answer)}"
        if gap == 0:
            return f"<b style='color:#276'>Exactly.</b> {words}."
        return f"{words}: {_decimal(abs(gap))} too {'high' if gap > 0 else 'low'}."


def predict_chance(question: str, answer: Fraction, explanation: str, css: str | None = None) -> Exercise:
    """Guess a probability as a percent; reveal its exact fraction and percent, and why."""
    return Exercise(question, "chance", answer, explanation, css=css)


def predict_number(question: str, answer: Fraction | int, explanation: str, unit: str = "",
                   css: str | None = None) -> Exercise:
    """Guess a number (an expected payout, a count); reveal the exact value beside its decimal, and why."""
    return Exercise(question, "number", answer, explanation, unit=unit, css=css)


def predict_choice(question: str, choices: Sequence[str], answer: str, explanation: str,
                   css: str | None = None) -> Exercise:
    """Pick one of a few outcomes; reveal the right one, and why."""
    return Exercise(question, "choice", answer, explanation, choices=choices, css=css)


def constant_words(name: str) -> str:
    """A constant's name in words: ``dice_cap`` → ``"Dice cap"``, ``first_tech_vp`` → ``"First tech VP"``,
    ``tt3_publicity`` → ``"TT3 publicity"`` (abbreviations in capitals, as the rulebooks print them)."""
    words = name.replace("_", " ").capitalize().split(" ")
    return " ".join(word.upper() if re.fullmatch(r"(vp|[a-z]{2}\d)", word.lower()) else word for word in words)


def value_words(value: Any) -> str:
    """A constant's value in words: booleans as yes/no, names with spaces, tuples as lists."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, tuple):
        return ", ".join(value_words(item) for item in value)
    return str(value)


class VariantControls(widgets.VBox):
    """A "change a rule" panel over a variant's constants (see the module docstring).

    ``variant`` is the variant the controls show; ``set(name, value)`` does what choosing in a control does,
    ``reset()`` what the reset button does. ``on_change(variant)`` is called after every accepted change.
    """

    SLIDER_FROM = 13  # a range of this many values or more is a slider, a shorter one a dropdown

    def __init__(self, variant: Any, on_change: Callable[[Any], None] | None = None,
                 names: Sequence[str] | None = None, title: str = "Change a rule"):
        infos = {info.name: info for info in variant.constants()}
        unknown = [name for name in (names or ()) if name not in infos]
        if unknown:
            raise InvalidInput("names", unknown, f"{type(variant).__name__} has no such constant; known: {sorted(infos)}")
        self.variant: Any = variant
        self.on_change = on_change
        self.infos = [infos[name] for name in (names or infos)]
        self.controls: dict[str, widgets.Widget] = {}
        rows: list[widgets.Widget] = [widgets.HTML(f"<b>{html.escape(title)}</b>")]
        for info in self.infos:
            control = self._control(info, getattr(variant, info.name))
            control.add_class(f"tt-variant-{info.name.replace('_', '-')}")
            control.observe(lambda change, name=info.name: self._chosen(name, change["new"]), names="value")
            self.controls[info.name] = control
            label = widgets.HTML(
                f"<b>{html.escape(constant_words(info.name))}</b>: {html.escape(info.explains)}<br>"
                f"<small>Rulebook: {html.escape(value_words(info.rulebook))} · {citation_html(info.section)}</small>",
                layout=widgets.Layout(width="auto", flex="1 1 24em"))
            rows.append(widgets.HBox([control, label], layout=widgets.Layout(flex_flow="row wrap", align_items="center")))
        self.changes = widgets.HTML()
        self.refused = widgets.HTML()
        self.reset_button = widgets.Button(description="Back to the rulebook", layout=WIDE)
        self.reset_button.on_click(lambda _: self.reset())
        for widget, css in ((self.changes, "tt-variant-changes"), (self.refused, "tt-variant-refused"),
                            (self.reset_button, "tt-variant-reset")):
            widget.add_class(css)
        rows += [widgets.HBox([self.reset_button, self.changes], layout=widgets.Layout(align_items="center")), self.refused]
        super().__init__(rows, layout=widgets.Layout(border="1px solid #d6c9a8", padding="6px 10px", margin="8px 0"))
        self.add_class("tt-variant-controls")
        self._show_changes()

    def _control(self, info: ConstantInfo, value: Any) -> widgets.Widget:
        allowed = info.allowed
        if isinstance(allowed, range) and len(allowed) >= self.SLIDER_FROM:
            return widgets.IntSlider(value=value, min=allowed.start, max=allowed.stop - 1, step=allowed.step,
                                     layout=widgets.Layout(width="18em"))
        ordered = allowed if isinstance(allowed, (range, list, tuple)) else sorted(allowed, key=repr)
        options = [(value_words(v) + (" (rulebook)" if v == info.rulebook else ""), v) for v in ordered]
        return widgets.Dropdown(options=options, value=value, layout=widgets.Layout(width="auto"))

    def set(self, name: str, value: Any) -> None:
        """Choose ``value`` for constant ``name``, as its control does."""
        if name not in self.controls:
            raise InvalidInput("name", name, f"no control for it here; shown: {sorted(self.controls)}")
        self.controls[name].value = value

    def reset(self) -> None:
        """Every constant back to its rulebook value."""
        for info in self.infos:
            self.controls[info.name].value = info.rulebook

    def _chosen(self, name: str, value: Any) -> None:
        if getattr(self.variant, name) == value:
            return
        try:
            chosen = self.variant.but(**{name: value})
        except InvalidInput as refused:
            self.refused.value = f"<span style='color:#a33'>Refused: {html.escape(refused.reason)}</span>"
            self.controls[name].value = getattr(self.variant, name)
            return
        self.refused.value = ""
        self.variant = chosen
        self._show_changes()
        if self.on_change is not None:
            self.on_change(chosen)

    def _show_changes(self) -> None:
        changed = self.variant.changes()
        if not changed:
            self.changes.value = "<i>The rulebook's rules.</i>"
            return
        items = ", ".join(f"{html.escape(constant_words(name))} {html.escape(value_words(old))} → "
                          f"<b>{html.escape(value_words(new))}</b>" for name, (old, new) in changed.items())
        self.changes.value = f"Changed from the rulebook: {items}."


def variant_controls(variant: V, on_change: Callable[[V], None] | None = None,
                     names: Sequence[str] | None = None, title: str = "Change a rule") -> VariantControls:
    """The "change a rule" panel over ``variant`` (every constant, or only ``names``); see ``VariantControls``."""
    return VariantControls(variant, on_change, names, title)


def shown_controls(variant: V, names: Sequence[str], show: Callable[[V], None], title: str) -> VariantControls:
    """The variant controls over ``names``, with ``show(variant)`` called now and again at every change."""
    controls = variant_controls(variant, on_change=show, names=names, title=title)
    show(variant)
    return controls


def rule_explorer(variant: V, names: Sequence[str], show: Callable[[V], None], result: widgets.Widget,
                  title: str) -> widgets.VBox:
    """A change-a-rule task: the variant controls over ``names`` above ``result``, which ``show(variant)``
    fills now and again at every change. ``.controls``, ``.result``."""
    controls = shown_controls(variant, names, show, title)
    box = widgets.VBox([controls, result])
    box.controls, box.result = controls, result
    return box

