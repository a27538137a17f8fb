"""Starship Merchants (rules summary: shared rules 004, Japanese)."""
