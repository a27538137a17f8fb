"""Andromeda's Edge: exact battle odds, and what one more die is worth.

    .venv/bin/python examples/battle_odds.py
"""

from tabletoolkit.andromeda import battle_odds, start_player_odds

# Yellow rolls 6 dice at aim 3, blue 5 at aim 2, a pirate 3 at aim 1.
odds = battle_odds([(6, 3), (5, 2), (3, 1)])
for name, chance in zip(("yellow", "blue", "pirate"), odds.wins):
    print(f"{name:>6} wins with probability {chance} ≈ {float(chance):.4f}")
print(f"no winner: {odds.no_winner}")

print("\nBlue's chance as it pays energy for extra dice (cap 6):")
for dice in range(5, 7):
    chance = battle_odds([(6, 3), (dice, 2), (3, 1)]).wins[1]
    print(f"  {dice} dice: {chance} ≈ {float(chance):.4f}")

print(f"\nFour players: the first roll-off decides the start player with probability "
      f"{start_player_odds(4).decided_first_roll}")
