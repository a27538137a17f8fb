"""Starship Merchants: the best belt run for a ship's energy, with its exact payout distribution.

    .venv/bin/python examples/merchants_belt_plan.py
"""

from tabletoolkit.merchants import best_plan, explore_odds, make_situation

bag = {"ice": 3, "gold": 1}
print("Exploring twice draws, without replacement:")
for outcome, chance in explore_odds(bag, 2).items():
    print(f"  {dict(outcome)}: {chance}")

plan = best_plan(make_situation(energy=4, capacity=3, values={"ice": 2, "gold": 5}, bag=bag))
print(f"\nBest plan with 4 energy: expected payout {plan.expected} credits")
for payout, chance in plan.distribution.items():
    print(f"  {payout} credits with probability {chance}")
