"""The Starship Merchants views, driven headlessly: set a control, read the result."""

from tabletoolkit.merchants import situation
from tabletoolkit.merchants.examples import belt_example
from tabletoolkit.merchants.odds import make_situation
from tabletoolkit.widgets.merchants import belt_planner, lease_explorer


def test_the_lease_explorer_follows_the_price_and_the_rounding():
    view = lease_explorer(20)
    assert "Lease: 10 now + 2 × 10 later = <b class='tt-lease-total'>30</b> credits, 3/2 of the price." in view.result.value
    view.slider.value = 21
    assert "<b class='tt-lease-total'>33</b> credits, 11/7 of the price" in view.result.value
    assert r"3 \left\lceil{\frac{p}{2}}\right\rceil" in view.formula.value
    view.rounding.value = "down"
    assert "<b class='tt-lease-total'>30</b> credits, 10/7 of the price" in view.result.value
    assert r"\left\lfloor{\frac{p}{2}}\right\rfloor" in view.formula.value


def test_the_belt_planner_shows_the_exact_payout_of_the_plan_and_the_best_plan():
    sit = make_situation(energy=4, capacity=2, values={"ice": 1, "gold": 5}, bag={"ice": 3, "gold": 1}, known=("gold",))
    view = belt_planner(sit)
    assert "Expected payout <b class='tt-merchants-expected'>0</b>" in view.odds.value
    view.buttons["explore"].click()
    view.buttons["explore"].click()
    assert "<b class='tt-merchants-expected'>4</b>" in view.odds.value and "2: 1/2, 6: 1/2" in view.odds.value
    assert view.compare.value == "The best plan expects <b>7</b>: 3 more than yours."
    view.undo_button.click()
    view.buttons["pickup-known"].click()
    assert "<b class='tt-merchants-expected'>7</b>" in view.odds.value and view.compare.value == "Your plan is a best plan."
    assert view.chart.value.startswith("<svg") and "best plan expects 7" in view.chart.value
    view.clear_button.click()
    assert "(no steps yet" in view.plan_html.value


def test_the_planner_on_the_notebook_example_has_a_take_button_per_opponent():
    view = belt_planner(situation(belt_example(), "Ada", "falcon-1"))
    assert {"take-bea", "take-cy"} <= set(view.buttons)
    view.buttons["take-bea"].click()
    assert "take from Bea&#x27;s local space" in view.plan_html.value
