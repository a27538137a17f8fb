"""Rules that must hold when the phases are joined into a game (the table layer): pirate placement by
events, battles fought on a game, and the checks that let a launch happen agreeing with what follows."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.catalog import load_catalog
from tabletoolkit.andromeda.events import resolve_event
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.state import Game, Player, Region, core_station, fleet
from tabletoolkit.engine import Rng, run

CATALOG = load_catalog()


def event_game(card: str, pirates=(), **extra) -> Game:
    """Two players, two nebulae, the Development Office, an event pending on red's station."""
    players = tuple(Player(c, ships=fleet(c), modules=core_station()) for c in ("red", "blue"))
    regions = (Region("Nebula 1", "nebula", die=1), Region("Nebula 2", "nebula", die=2),
               Region("Development Office", "alliance_base"), Region("Slot A", "slot"))
    links = (("Nebula 1", "Development Office"), ("Development Office", "Nebula 2"))
    return Game(players, regions=regions, links=links, active="red", pirates=tuple(pirates), event_deck=(card,),
                event_pending="red", event_position=CATALOG.event_track_length,
                tactics_deck=("Assume Command", "Automation", "Dark Alliance", "Costly Mistake"), **extra)


# -- events place pirates by the pirate-placement rules (海盗 · 放置新海盗, A-F6) -----------------

@pytest.mark.phase("andromeda.event")
def test_an_event_whose_class_is_already_out_brings_two_s_class_figures_instead():
    start = event_game("Call of the Obelisk", pirates=(("B", "Nebula 1"),))      # the card brings class B
    after = run(resolve_event(start, Rng.forced([2]))).final_state
    assert sorted(after.pirates) == [("B", "Nebula 1"), ("S", "Nebula 2"), ("S", "Nebula 2")]


@pytest.mark.phase("andromeda.event")
def test_the_mortality_sphere_lands_on_the_region_its_card_names():
    start = event_game("Sample: Council of Worlds")                              # brings class D
    assert CATALOG.pirate("D").name == "Mortality Sphere" and CATALOG.pirate("D").start == "development_office"
    placed = run(resolve_event(start, Rng.forced([2])))
    assert ("D", "Development Office") in placed.final_state.pirates
    assert ("D", "Nebula 2") not in placed.final_state.pirates
    assert any(step.section == "海盗 · 放置新海盗" for step in placed.steps)          # the placement's own steps are shown


@pytest.mark.phase("andromeda.event")
def test_a_named_start_region_holding_another_class_falls_back_to_a_pirate_free_nebula():
    start = event_game("Sample: Council of Worlds", pirates=(("A", "Development Office"), ("S", "Nebula 1")))
    after = run(resolve_event(start, Rng.forced([1, 2]))).final_state            # 1: Nebula 1 holds S-class, roll again
    assert ("D", "Nebula 2") in after.pirates and len(after.pirates) == 3
