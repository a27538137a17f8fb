"""Views for the Starship Merchants notebooks: buy versus lease, and a belt run planned with buttons.

Thin views: every number comes from ``tabletoolkit.merchants``. CSS classes (browser-test hooks) are
listed in each builder's docstring.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from ..merchants import RULEBOOK, MerchantsVariant, lease_cost, lease_formula, lease_ratio
from ..merchants.actions import BeltAction, end_run, explore, pickup, swap, take
from ..merchants.odds import BeltSituation, best_plan, payout_chart, plan_odds


def lease_text(price: int, variant: MerchantsVariant = RULEBOOK) -> str:
    """One sentence comparing buying and leasing a ship of this price."""
    now, later = lease_cost(price, variant)
    half = variant.half(price)
    return (f"Buy: <b>{price}</b> credits at once. Lease: {now} now + {variant.loan_markers} × {half} later = "
            f"<b class='tt-lease-total'>{now + later}</b> credits, {lease_ratio(price, variant)} of the price.")


def lease_explorer(price: int = 20, variant: MerchantsVariant = RULEBOOK) -> widgets.VBox:
    """A price slider and a rounding choice; the lease's cost and formula update in place.

    Hooks: ``tt-merchants-price`` (slider), ``tt-merchants-rounding`` (dropdown), ``tt-merchants-lease``
    (the comparison), ``tt-merchants-formula`` (the sympy formula).
    """
    slider = widgets.IntSlider(value=price, min=1, max=60, description="Price")
    rounding = widgets.Dropdown(options=[("rounds up (M-R3)", "up"), ("rounds down", "down")],
                                value=variant.half_price_rounding, description="Half a price")
    result = widgets.HTMLMath()
    formula = widgets.HTMLMath()
    for widget, css in ((slider, "tt-merchants-price"), (rounding, "tt-merchants-rounding"),
                        (result, "tt-merchants-lease"), (formula, "tt-merchants-formula")):
        widget.add_class(css)

    def show(_=None) -> None:
        import sympy

        chosen = variant.but(half_price_rounding=rounding.value)
        result.value = lease_text(slider.value, chosen)
        formula.value = f"Total lease cost: ${sympy.latex(lease_formula(chosen))}$ where $p$ is the price."

    slider.observe(show, names="value")
    rounding.observe(show, names="value")
    show()
    box = widgets.VBox([widgets.HBox([slider, rounding]), result, formula])
    box.slider, box.rounding, box.result, box.formula = slider, rounding, result, formula
    return box


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

    def __init__(self, situation: BeltSituation):
        self.situation = situation
        self.plan: list[BeltAction] = []
        self.best = best_plan(situation)
        actions = [("Pick up (known)", "pickup-known", pickup("known")), ("Pick up (local)", "pickup-local", pickup("local"))]
        actions += [(f"Take from {name}", f"take-{_css(name)}", take(name)) for name, _ in situation.start.opponents]
        actions += [("Explore", "explore", explore()), ("Swap destination", "swap", swap()), ("End the run", "end", end_run())]
        self.buttons: dict[str, widgets.Button] = {}
        for label, css, action in actions:
            button = widgets.Button(description=label, tooltip=str(action))
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
        self.best_html = widgets.HTML(self.best._repr_html_())
        self.compare = widgets.HTML()
        for widget, css in ((self.undo_button, "tt-merchants-undo"), (self.clear_button, "tt-merchants-clear"),
                            (self.plan_html, "tt-merchants-plan"), (self.odds, "tt-merchants-odds"),
                            (self.chart, "tt-merchants-chart"), (self.best_html, "tt-merchants-best"),
                            (self.compare, "tt-merchants-compare")):
            widget.add_class(css)
        controls = widgets.HBox(list(self.buttons.values()) + [self.undo_button, self.clear_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([controls, self.plan_html, self.odds, self.chart, self.compare, self.best_html])
        self.add_class("tt-merchants-planner")
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
        skipped = (f" A step cannot be done with chance <b>{odds.skipped}</b> (skipped there)." if odds.skipped else "")
        table = ", ".join(f"{payout}: {p}" for payout, p in odds.distribution.items())
        self.odds.value = (f"Expected payout <b class='tt-merchants-expected'>{odds.expected}</b> ≈ {float(odds.expected):.3f} "
                           f"credits. Exact distribution — {table}.{skipped}")
        self.chart.value = payout_chart(odds.distribution, "Your plan's payout", best=self.best.expected)
        gap = self.best.expected - odds.expected
        self.compare.value = ("Your plan is a best plan." if gap == 0 else
                              f"The best plan expects <b>{self.best.expected}</b>: {gap} more than yours.")


def belt_planner(situation: BeltSituation) -> BeltPlanner:
    """Build the belt-run planner for a situation (see ``BeltPlanner``)."""
    return BeltPlanner(situation)


def run_stepper(steps, banner: str, css: str):
    """The stepper over a Starship Merchants run, with an extra CSS class naming it (``css``)."""
    from .stepper import stepper

    view = stepper(steps, banner)
    view.add_class(css)
    return view
