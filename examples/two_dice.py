"""The demonstration procedure, outside a notebook: seeded and forced rolls, and exact odds.

    .venv/bin/python examples/two_dice.py
"""

from tabletoolkit import Rng, run
from tabletoolkit.demo import chance_of_total, two_dice_total

seeded = run(two_dice_total(Rng(seed=7)))
print(seeded.transcript())

forced = run(two_dice_total(Rng.forced([6, 6])))
print(f"\nForced double six: total {forced.result}, chance {chance_of_total(forced.result)}")

print("\nExact chance of each total:")
for total in range(2, 13):
    print(f"  {total:>2}: {chance_of_total(total)}")
