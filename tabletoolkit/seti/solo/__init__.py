"""The SETI solo game: the rival agency (单人游戏), its choice rules and your objectives.

* ``material()``: the printed solo material as data (``seti/data/solo_*.toml``; sample where the
  rulebook is silent, each entry says so).
* ``Rival``, ``setup_rival``, ``advance``, ``gain``, ``add_data``, ``analyze``, ``reveal``,
  ``new_round_deck``: the rival's own board (progress track, deck, computer, publicity, VP).
* ``choose_tech``, ``choose_planet``/``choose_route``, ``choose_landing``, ``choose_sector``,
  ``choose_row_card``, ``choose_trace``, ``choose_gold_tile``: its choice rules, pure functions returning
  a ``Choice`` (value and reason) from small views (``TechOffer``, ``RouteOption``, ``PlanetSpaces``,
  ``SectorOption``, ``TraceColumn``).
* ``Objectives``, ``Event``, ``setup_objectives``: your objectives (marking, replacing, paying).
* ``setup_table`` (the shared board: a two-player ``seti.game.SetiGame``), ``SoloGame``,
  ``rival_turn`` (``solo.turn``).
* Your side (``solo.you``): ``your_options``/``your_turn`` (main actions and ``end``),
  ``free_options``/``free_action`` (free actions and your standing choices).
* The game (``solo.game``): ``setup_solo``, ``proceed``, ``play_your_action``, ``score_sources`` (where
  each side's VP came from) and the registered phase ``solo_game`` (``seti.solo``); ``scripted_player``
  (``solo.player``) plays your side in demonstrations.
"""

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
from .game import play_your_action, proceed, score_sources, setup_solo, solo_game
from .player import scripted_player
from .you import conversion_options, convert, free_action, free_options, your_options, your_turn
from .state import RIVAL, YOU, SoloGame
from .table import setup_table
from .turn import rival_turn
