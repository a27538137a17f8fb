"""The Starship Merchants views, driven headlessly: set a control, read the result."""

from dataclasses import replace

from tabletoolkit.merchants import best_plan, situation
from tabletoolkit.merchants.examples import DOCK_CHOICE, END_SCRIPT, belt_example, dock_example, end_example
from tabletoolkit.merchants.odds import make_situation
from tabletoolkit.widgets.merchants import belt_planner, dock_explorer, end_explorer, lease_explorer, plan_tree_html


def test_the_lease_explorer_follows_the_price_and_the_rules_panel():
    view = lease_explorer(20)
    assert "Lease: 10 now + 2 × 10 later = <b class='tt-lease-total'>30</b> credits, 3/2 ≈ 150.00% of the price." in view.result.value
    view.slider.value = 21
    assert "<b class='tt-lease-total'>33</b> credits, 11/7 ≈ 157.14% of the price" in view.result.value
    assert r"3 \left\lceil{\frac{p}{2}}\right\rceil" in view.formula.value
    view.rules.set("half_price_rounding", "down")
    assert "<b class='tt-lease-total'>30</b> credits, 10/7 ≈ 142.86% of the price" in view.result.value
    assert r"\left\lfloor{\frac{p}{2}}\right\rfloor" in view.formula.value
    view.rules.set("loan_markers", 3)
    assert "Lease: 10 now + 3 × 10 later = <b class='tt-lease-total'>40</b> credits" in view.result.value
    assert view.rules.changes.value.startswith("Changed from the rulebook: Loan markers 2 → <b>3</b>")


def test_the_belt_planner_shows_the_exact_payout_of_the_plan_and_the_best_plan():
    sit = make_situation(energy=4, capacity=2, values={"ice": 1, "gold": 5}, bag={"ice": 3, "gold": 1}, known=("gold",))
    view = belt_planner(sit)
    assert "Expected payout <b class='tt-merchants-expected'>0</b>" in view.odds.value
    view.buttons["explore"].click()
    view.buttons["explore"].click()
    assert "<b class='tt-merchants-expected'>4</b>" in view.odds.value
    assert "<tr><td>2 credits</td><td>1/2 ≈ 50.00%</td></tr><tr><td>6 credits</td><td>1/2 ≈ 50.00%</td></tr>" in view.odds.value
    assert view.compare.value == "The best plan expects <b>7</b>: 3 more than yours."
    view.undo_button.click()
    view.buttons["pickup-known"].click()
    assert "<b class='tt-merchants-expected'>7</b>" in view.odds.value and view.compare.value == "Your plan is a best plan."
    assert view.chart.value.startswith("<svg") and "Your plan&#39;s payout" in view.chart.value
    view.clear_button.click()
    assert "(no steps yet" in view.plan_html.value and view.rules is None


def test_the_planner_on_the_notebook_example_has_a_take_button_per_opponent():
    view = belt_planner(situation(belt_example(), "Ada", "falcon-1"))
    assert {"take-bea", "take-cy"} <= set(view.buttons)
    view.buttons["take-bea"].click()
    assert "take from Bea&#x27;s local space" in view.plan_html.value


def test_changing_an_energy_cost_finds_the_best_plan_again():
    table = belt_example()
    view = belt_planner(situation(table, "Ada", "falcon-1"),
                        lambda variant: situation(replace(table, variant=variant), "Ada", "falcon-1"))
    assert "1771/96 ≈ 18.45" in view.best_html.value
    view.rules.set("explore_cost", 1)
    cheaper = best_plan(situation(replace(table, variant=table.variant.but(explore_cost=1)), "Ada", "falcon-1"))
    assert view.best.expected == cheaper.expected > 1771 / 96
    view.rules.reset()
    assert view.best.expected * 96 == 1771


def test_the_best_plan_is_drawn_as_a_tree_with_readable_numbers():
    tree = plan_tree_html(best_plan(situation(belt_example(), "Ada", "falcon-1")), depth=2)
    assert tree.startswith("<div class='tt-merchants-tree'><b>Best plan</b>: expected payout 1771/96 ≈ 18.45 credits<ul>")
    assert "<li>take the top destination card:</li><ul><li><b>if Ceres Station (1/4 ≈ 25.00%), expected 419/24 ≈ 17.46:</b></li><ul>" in tree
    assert tree.count("<ul>") == tree.count("</ul>")


def test_the_dock_explorer_follows_the_destination_bonus_and_refuses_what_the_rules_refuse():
    view = dock_explorer(dock_example(), DOCK_CHOICE)
    assert "tokens 5 + refineries 2 = 7" in view.result.value and "After the Dock action Ada has <b>44</b>" in view.result.value
    view.rules.set("destination_bonus", "carried")
    assert "tokens 5 + refineries 2 + destination 2 = 9" in view.result.value and "Ada has <b>46</b>" in view.result.value
    view.rules.set("transfer_gear", 1)
    assert "Refused:" in view.result.value and "merchants.dock.transfer_limit" in view.result.value


def test_the_end_explorer_replays_the_end_under_new_bonuses():
    view = end_explorer(end_example(), END_SCRIPT)
    assert "<td>1.</td><td>Ada</td><td>129 credits</td>" in view.result.value
    view.rules.set("trigger_bonus", 30)
    assert "<td>1.</td><td>Ada</td><td>149 credits</td>" in view.result.value
    view.rules.set("docked_at_trigger", "stay")
    assert "the scripted game stops" in view.result.value
