"""SETI: Search for Extraterrestrial Intelligence (rulebook: shared rules 001, Chinese, with the solo rules)."""

# Sectors, scanning, data and the computer, card-row odds (issue 7).
from . import card_odds, cards, computer, scan  # noqa: E402,F401  (registers seti.scan, seti.data, seti.analyze, odds.card_row)
from .sector import Sector, SectorResult, explain_resolution, resolve_sector  # noqa: E402,F401
