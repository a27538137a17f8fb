"""Views for the Starship Merchants notebooks: buy versus lease, a belt run planned with buttons, the Dock's
payouts and the end game's standings, each with a "change a rule" panel over ``MerchantsVariant``.

Thin views: every number comes from ``tabletoolkit.merchants``. CSS classes (browser-test hooks) are
listed in each builder's docstring.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from typing import Any, Callable, Sequence

import ipywidgets as widgets

from ..engine.errors import RulesError
from ..engine.numbers import number_text, probability_text
from ..merchants import RULEBOOK, MerchantsVariant, lease_cost, lease_formula, lease_ratio_text
from ..merchants.actions import BeltAction, end_run, explore, pickup, swap, take
from ..merchants.odds import BeltSituation, BestPlan, best_plan, payout_chart, plan_odds
from .exercise import variant_controls

#: The belt run's energy costs: the rules a planner's "change a rule" panel offers.
ENERGY_COSTS = ("pickup_cost", "take_cost", "explore_cost", "swap_cost")


def lease_text(price: int, variant: MerchantsVariant = RULEBOOK) -> str:
    """One sentence comparing buying and leasing a ship of this price."""
    now, later = lease_cost(price, variant)
    half = variant.half(price)
    return (f"Buy: <b>{price}</b> credits at once. Lease: {now} now + {variant.loan_markers} × {half} later = "
            f"<b class='tt-lease-total'>{now + later}</b> credits, {lease_ratio_text(price, variant)} of the price.")


def lease_explorer(price: int = 20, variant: MerchantsVariant = RULEBOOK) -> widgets.VBox:
    """A price slider and a "change a rule" panel (loan markers, how half a price rounds); the lease's cost and
    its formula update in place.

    Hooks: ``tt-merchants-price`` (slider), ``tt-merchants-lease`` (the comparison), ``tt-merchants-formula``
    (the sympy formula), the panel's ``tt-variant-loan-markers`` and ``tt-variant-half-price-rounding``.
    """
    label = widgets.HTML("<b>Price of the ship</b> (credits)")
    slider = widgets.IntSlider(value=price, min=1, max=60, layout=widgets.Layout(width="24em"))
    result = widgets.HTMLMath()
    formula = widgets.HTMLMath()
    for widget, css in ((slider, "tt-merchants-price"), (result, "tt-merchants-lease"), (formula, "tt-merchants-formula")):
        widget.add_class(css)

    def show(_=None) -> None:
        import sympy

        chosen = rules.variant
        result.value = lease_text(slider.value, chosen)
        formula.value = f"Total lease cost: ${sympy.latex(lease_formula(chosen))}$ where $p$ is the price."

    rules = variant_controls(variant, show, names=["loan_markers", "half_price_rounding"])
    slider.observe(show, names="value")
    show()
    box = widgets.VBox([widgets.HBox([label, slider]), result, formula, rules])
    box.slider, box.rules, box.result, box.formula = slider, rules, result, formula
    return box


def plan_tree_html(plan: BestPlan, depth: int = 3) -> str:
    """The best plan as a decision tree: nested lists, each chance with its fraction and percent, each expected
    payout with its decimal (``tt-merchants-tree``)."""
    lines = plan.describe(depth=depth)
    out = ["<div class='tt-merchants-tree'>",
           f"<b>Best plan</b>: expected payout {number_text(plan.expected)} credits"]
    level = -1
    for line in lines:
        indent = (len(line) - len(line.lstrip(" "))) // 2
        while level < indent:
            out.append("<ul>")
            level += 1
        while level > indent:
            out.append("</ul>")
            level -= 1
        out.append(f"<li>{_readable(line.strip())}</li>")
    out.append("</ul>" * (level + 1) + "</div>")
    return "".join(out)


def _readable(text: str) -> str:
    """A plan line (its chances and payouts already read as fraction with percent or decimal), escaped; a
    draw's branch in bold."""
    return re.sub(r"^(if .*?:)", r"<b>\1</b>", html.escape(text))


def _css(name: str) -> str:
    return re.sub(r"[^a-z0-9-]", "-", name.lower())


class BeltPlanner(widgets.VBox):
    """Build a belt run with buttons; its exact payout distribution and the best plan update in place.

    Hooks: ``tt-merchants-planner`` (the box), buttons ``tt-merchants-pickup-known``,
    ``tt-merchants-pickup-local``, ``tt-merchants-take-<opponent>``, ``tt-merchants-explore``,
    ``tt-merchants-swap``, ``tt-merchants-end``, ``tt-merchants-undo``, ``tt-merchants-clear``; results
    ``tt-merchants-plan``, ``tt-merchants-odds``, ``tt-merchants-chart``, ``tt-merchants-best``,
    ``tt-merchants-compare``.
    """

    def __init__(self, situation: BeltSituation,
                 change_rules: Callable[[MerchantsVariant], BeltSituation] | None = None,
                 variant: MerchantsVariant = RULEBOOK):
        self.situation = situation
        self.plan: list[BeltAction] = []
        self.best = best_plan(situation)
        actions = [("Pick up from known space", "pickup-known", pickup("known")),
                   ("Pick up from local space", "pickup-local", pickup("local"))]
        actions += [(f"Take from {name}", f"take-{_css(name)}", take(name)) for name, _ in situation.start.opponents]
        actions += [("Explore", "explore", explore()), ("Swap destination", "swap", swap()), ("End the run", "end", end_run())]
        self.buttons: dict[str, widgets.Button] = {}
        for label, css, action in actions:
            button = widgets.Button(description=label, tooltip=str(action), layout=widgets.Layout(width="auto"))
            button.add_class(f"tt-merchants-{css}")
            button.on_click(lambda _, chosen=action: self.add(chosen))
            self.buttons[css] = button
        self.undo_button = widgets.Button(description="Undo", tooltip="Remove the last step")
        self.clear_button = widgets.Button(description="Clear", tooltip="Start the plan again")
        self.undo_button.on_click(lambda _: self.undo())
        self.clear_button.on_click(lambda _: self.clear())
        self.plan_html = widgets.HTML()
        self.odds = widgets.HTMLMath()
        self.chart = widgets.HTML()
        self.best_html = widgets.HTML(plan_tree_html(self.best))
        self.compare = widgets.HTML()
        for widget, css in ((self.undo_button, "tt-merchants-undo"), (self.clear_button, "tt-merchants-clear"),
                            (self.plan_html, "tt-merchants-plan"), (self.odds, "tt-merchants-odds"),
                            (self.chart, "tt-merchants-chart"), (self.best_html, "tt-merchants-best"),
                            (self.compare, "tt-merchants-compare")):
            widget.add_class(css)
        controls = widgets.HBox(list(self.buttons.values()) + [self.undo_button, self.clear_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        shown = [controls, self.plan_html, self.odds, self.chart, self.compare, self.best_html]
        self.rules = None
        if change_rules is not None:
            self.rules = variant_controls(variant, lambda chosen: self.set_situation(change_rules(chosen)),
                                          names=list(ENERGY_COSTS), title="Change a rule: the energy each action costs")
            shown.append(self.rules)
        super().__init__(shown)
        self.add_class("tt-merchants-planner")
        self._show()

    def set_situation(self, situation: BeltSituation) -> None:
        """Plan against another situation (new rules): the plan is kept, the best plan found again."""
        self.situation = situation
        self.best = best_plan(situation)
        self.best_html.value = plan_tree_html(self.best)
        self._show()

    def add(self, action: BeltAction) -> None:
        self.plan.append(action)
        self._show()

    def undo(self) -> None:
        if self.plan:
            self.plan.pop()
        self._show()

    def clear(self) -> None:
        self.plan.clear()
        self._show()

    def _show(self) -> None:
        odds = plan_odds(self.situation, self.plan)
        steps = "".join(f"<li>{html.escape(str(a))}</li>" for a in self.plan) or "<li>(no steps yet: the ship stops at once)</li>"
        self.plan_html.value = f"<b>Your plan</b> ({self.situation.energy} energy):<ol>{steps}</ol>"
        skipped = (f" A step cannot be done with chance <b>{probability_text(odds.skipped)}</b> (skipped there)."
                   if odds.skipped else "")
        rows = "".join(f"<tr><td>{payout} credits</td><td>{probability_text(p)}</td></tr>"
                       for payout, p in odds.distribution.items())
        self.odds.value = (f"Expected payout <b class='tt-merchants-expected'>{odds.expected}</b> ≈ {float(odds.expected):.2f} "
                           f"credits.<table class='tt-merchants-distribution'><tr><th>payout</th><th>chance</th></tr>"
                           f"{rows}</table>{skipped}")
        self.chart.value = payout_chart(odds.distribution, "Your plan's payout")  # the best plan: in the line below
        gap = self.best.expected - odds.expected
        self.compare.value = ("Your plan is a best plan." if gap == 0 else
                              f"The best plan expects <b>{number_text(self.best.expected)}</b>: "
                              f"{number_text(gap)} more than yours.")


def belt_planner(situation: BeltSituation,
                 change_rules: Callable[[MerchantsVariant], BeltSituation] | None = None,
                 variant: MerchantsVariant = RULEBOOK) -> BeltPlanner:
    """Build the belt-run planner for a situation (see ``BeltPlanner``). With ``change_rules`` (a variant to the
    situation under it) it shows a "change a rule" panel over the energy costs: the best plan follows."""
    return BeltPlanner(situation, change_rules, variant)


def dock_explorer(state: Any, choice: Any, player: str = "Ada", names: Sequence[str] = (
        "destination_bonus", "transfer_pilots", "transfer_gear", "scrap_tokens")) -> widgets.VBox:
    """A Dock action under rules you change: each ship's itemised payout and what the action leaves, or the rule
    that refuses it.

    Hooks: ``tt-merchants-payouts`` (the payouts and the result), the panel's ``tt-variant-<name>`` controls.
    """
    from ..engine.steps import run
    from ..merchants import dock, payout

    shown = widgets.HTML()
    shown.add_class("tt-merchants-payouts")

    def show(variant: MerchantsVariant) -> None:
        table = replace(state, variant=variant)
        owner = table.player(player)
        rows = "".join(f"<tr><td>{html.escape(ship.label())}</td><td>{html.escape(payout(table, owner, ship).describe())}"
                       f"</td></tr>" for ship in owner.ships)
        try:
            after = run(dock(table, choice)).result.player(player)
            result = (f"After the Dock action {html.escape(player)} has <b>{after.credits}</b> credits, ships "
                      f"{html.escape(', '.join(s.label() for s in after.ships) or 'none')}.")
        except RulesError as refused:
            result = (f"<span style='color:#a33'>Refused: {html.escape(getattr(refused, 'reason', str(refused)))}</span> "
                      f"<small>[rule {html.escape(getattr(refused, 'rule', ''))}]</small>")
        shown.value = (f"<table class='tt-merchants-payout-table'><tr><th>ship</th><th>payout</th></tr>{rows}</table>"
                       f"<p>{result}</p>")

    rules = variant_controls(state.variant, show, names=list(names))
    show(state.variant)
    box = widgets.VBox([rules, shown])
    box.rules, box.result = rules, shown
    box.add_class("tt-merchants-dock-explorer")
    return box


def end_explorer(state: Any, script: Any, names: Sequence[str] = (
        "trigger_bonus", "dock_bonus", "end_may", "docked_at_trigger")) -> widgets.VBox:
    """The end game played out by a script under rules you change: the final standings, or the rule that refuses
    a scripted move.

    Hooks: ``tt-merchants-standings``, the panel's ``tt-variant-<name>`` controls.
    """
    from ..engine.rng import Rng
    from ..engine.steps import run
    from ..merchants import end_game, scripted, standings

    shown = widgets.HTML()
    shown.add_class("tt-merchants-standings")

    def show(variant: MerchantsVariant) -> None:
        try:
            ending = run(end_game(replace(state, variant=variant), scripted(script), Rng(0)))
        except RulesError as refused:
            shown.value = (f"<span style='color:#a33'>Under these rules the scripted game stops: "
                           f"{html.escape(getattr(refused, 'reason', str(refused)))}</span>")
            return
        rows = "".join(f"<tr><td>{line.place}.</td><td>{html.escape(line.name)}</td><td>{line.credits} credits</td>"
                       f"<td>reached the Dock {line.arrival}.</td></tr>" for line in standings(ending.result))
        shown.value = f"<table class='tt-merchants-standings-table'>{rows}</table>"

    rules = variant_controls(state.variant, show, names=list(names))
    show(state.variant)
    box = widgets.VBox([rules, shown])
    box.rules, box.result = rules, shown
    box.add_class("tt-merchants-end-explorer")
    return box


def run_stepper(steps, banner: str, css: str):
    """The stepper over a Starship Merchants run, with an extra CSS class naming it (``css``)."""
    from .stepper import stepper

    view = stepper(steps, banner)
    view.add_class(css)
    return view
