"""Andromeda's Edge (rulebook: shared rules 000, Chinese)."""
