"""SETI: six signals fill Barnard's Star's sector; who wins it, who keeps second place.

    .venv/bin/python examples/seti_sector.py
"""

from tabletoolkit.seti import Sector, resolve_sector

sector = Sector(star="Barnard's Star", slots=5)
for player in ["green", "green", "purple", "purple", "orange", "orange"]:
    sector, gained = sector.mark(player)
    print(f"{player:>6} marks a signal: +{gained.data} data, +{gained.vp} VP")

result = resolve_sector(sector)
print(f"\ncomplete: {sector.complete}")
print(f"winner: {result.winner} (ties go to the later marker); second place: {result.second}")
print(f"publicity: {result.publicity}")
