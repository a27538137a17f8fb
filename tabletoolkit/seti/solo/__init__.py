"""The SETI solo game: the rival agency (单人游戏), its choice rules and your objectives."""

from .choices import (
    Choice,
    PlanetSpaces,
    RouteOption,
    SectorOption,
    TechOffer,
    TraceColumn,
    choose_gold_tile,
    choose_landing,
    choose_planet,
    choose_route,
    choose_row_card,
    choose_sector,
    choose_tech,
    choose_trace,
    rival_tech_rewards,
)
from .data import ActionCard, Difficulty, ObjectiveTile, RivalAction, RivalBoard, SoloMaterial, material
from .objectives import Event, Objective, Objectives, setup_objectives
from .rival import Rival, add_data, advance, analyze, gain, new_round_deck, reveal, setup_rival
from .game import (
    conversion_options,
    convert,
    play_your_action,
    proceed,
    scripted_player,
    setup_solo,
    solo_game,
    your_options,
    your_turn,
)
from .state import RIVAL, YOU, SoloGame
from .table import SoloTable, setup_table
from .turn import rival_turn
