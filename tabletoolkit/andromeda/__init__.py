"""Andromeda's Edge (rulebook: shared rules 000, Chinese)."""

# issue 3: exact battle odds, roll-offs and the battle procedure
from . import odds  # noqa: E402,F401  (registers the odds phases)
from .odds import battle_odds, energy_table, start_player_odds, team_roll_off_odds  # noqa: E402
