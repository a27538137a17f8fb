"""SETI: Search for Extraterrestrial Intelligence (rulebook: shared rules 001, Chinese, with the solo rules)."""

# Sectors, scanning, data and the computer, card-row odds (issue 7).
from . import card_odds, cards, computer, scan  # noqa: E402,F401  (registers seti.scan, seti.data, seti.analyze, odds.card_row)
from .sector import Sector, SectorResult, explain_resolution, resolve_sector  # noqa: E402,F401

# The solar system, its rotation and the probes (issue 6).
from . import probes, routes  # noqa: E402,F401  (registers seti.launch, seti.move, seti.orbit, seti.land, seti.rotation)
from .probes import Flight, land, launch, move, orbit, rotate  # noqa: E402,F401
from .solar import Layout, SolarSystem, Space, random_setup, rotation_example  # noqa: E402,F401
