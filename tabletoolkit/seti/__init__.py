"""SETI: Search for Extraterrestrial Intelligence (rulebook: shared rules 001, Chinese, with the solo rules)."""

# Sectors, scanning, data and the computer, card-row odds.
from . import card_odds, cards, computer, scan  # noqa: E402,F401  (registers seti.scan, seti.data, seti.analyze, odds.card_row)
from .sector import Sector, SectorResult, explain_resolution, resolve_sector  # noqa: E402,F401

# The solar system, its rotation and the probes.
from . import probes, routes  # noqa: E402,F401  (registers seti.launch, seti.move, seti.orbit, seti.land, seti.rotation)
from .probes import Flight, land, launch, move, orbit, rotate  # noqa: E402,F401
from .solar import Layout, SolarSystem, Space, random_setup, rotation_example  # noqa: E402,F401

# Turns and rounds, cards, techs, life traces and discovery, milestones, final scoring.
from . import free_actions, milestones, missions, scoring, setup, tech, traces, turns  # noqa: E402,F401  (registers seti.setup, seti.turn, seti.cards, seti.tech, seti.free_actions, seti.pass, seti.income, seti.traces, seti.discovery, seti.milestones, seti.end)
from .game import Decisions, Option, SetiGame  # noqa: E402,F401
from .scoring import final_scoring, score_game  # noqa: E402,F401
from .setup import new_game, set_up  # noqa: E402,F401
from .turns import Pass, PlayCard, Research, take_turn  # noqa: E402,F401
from .turns import Land, Launch, Orbit, OtherAction, Turn, legal_main_actions, play  # noqa: E402,F401
from .free_actions import BuyCard, CompleteMission, Convert, Corner, External, Move, PlaceData, Tuck  # noqa: E402,F401
from .main_actions import Analyze, Scan  # noqa: E402,F401
from .cards import Card, example_cards, game_cards, load_cards  # noqa: E402,F401  (one card model for every phase)
from . import solo  # noqa: E402,F401  (registers seti.solo: the solo rival)

# The whole multiplayer game on the game contract: tt.new_game("seti", players=2..4, seed=...).
from ..engine.game import register_game  # noqa: E402
from . import whole_game  # noqa: E402,F401
from .whole_game import SetiWholeGame  # noqa: E402,F401

register_game("seti", title="SETI: Search for Extraterrestrial Intelligence", make=whole_game.make,
              scripted=lambda: whole_game.scripted, settings={"players": (2, 3, 4)})

# The solo game on the contract: tt.new_game("seti-solo", stars=1..5, seed=...), the rival its other seat.
from . import solo_whole  # noqa: E402,F401
from .solo_whole import SoloWholeGame  # noqa: E402,F401

register_game("seti-solo", title="SETI solo: you against the rival agency", make=solo_whole.make,
              scripted=lambda: solo_whole.scripted, settings={"stars": (1, 5)})
