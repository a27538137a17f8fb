"""The rulebook's worked examples as game states (fixtures for tests and notebooks).

Each builds only what its example needs; where the text leaves a detail open (which modules are
damaged, which planets), the choice is stated in the docstring and uses sample data.
"""

from __future__ import annotations

from ..engine.frozen import replace
from .catalog import Catalog, load_catalog
from .goods import Goods
from .state import Development, Game, Player, Region, StationModule, core_station, fleet


def scoring_example(catalog: Catalog | None = None) -> Game:
    """计分举例: yellow at the end with 62 VP. Track positions are the spaces of the board data whose VP
    the example prints (science 9, industry top 20, supremacy 10, commerce 12, civilization 8); a
    factory and two spaceports (sample planets); 4 damaged modules (sample modules); 2 ti, 1 credit,
    4 energy, 3 tactics cards; The Land Ministry and Cognition Collective undamaged; 2 leaders. Blue is
    a second player so the ranking has someone to compare with."""
    catalog = catalog or load_catalog()
    data = catalog.scoring_example
    positions = {}
    for track, vp in data["tracks"].items():
        board = catalog.track(track)
        spaces = [s for s in range(board.top, -1, -1) if board.vp[s] == vp]
        positions[track] = spaces[0]
    damaged = ("Index Extractor", "Villainy Hive Haven", "Salvage Rig", "Machine Shop")
    modules = core_station(catalog) + tuple(StationModule(n, damage=1) for n in damaged) + (
        StationModule("The Land Ministry"), StationModule("Cognition Collective"))
    yellow = Player("yellow", resources=Goods.of(data["resources"]), tactics=("Automation", "Dark Alliance", "Assume Command"),
                    modules=modules, leaders=data["leaders"], ships=fleet("yellow", catalog), tracks=Goods.of(positions),
                    vp=data["start"])
    blue = Player("blue", resources=Goods.of(energy=1), modules=core_station(catalog), leaders=1,
                  ships=fleet("blue", catalog), tracks=Goods.of(science=5, industry=5, supremacy=5, commerce=5, civilization=5), vp=120)
    regions = (
        Region("Cinder", "planet", planet="Cinder", development=Development("factory", "yellow", 2)),
        Region("Bazaar", "planet", planet="Bazaar", development=Development("spaceport", "yellow", 2)),
        Region("Harbor", "planet", planet="Harbor", development=Development("spaceport", "yellow", 2)),
    )
    return Game((yellow, blue), regions, active="yellow", ended_by="blue", end_marker=catalog.game_length["medium"])


def development_example(catalog: Catalog | None = None) -> Game:
    """开发项目计分 · 举例: purple builds a factory next to a nebula with 2 blue leaders, the Development
    Office with 1 green leader and Odessa Field with a purple and a green leader. The factory planet is
    the sample planet Cinder; purple has a second ship on the board, 2 leaders and the titanium."""
    catalog = catalog or load_catalog()
    purple_ships = tuple(
        replace(s, where="region:Cinder") if s.id == "transport-1" else replace(s, where="region:Trade Hub") if s.id == "transport-2" else s
        for s in fleet("purple", catalog))
    purple = Player("purple", resources=Goods.of(titanium=3, energy=1), leaders=2, ships=purple_ships,
                    modules=core_station(catalog), upgrade_tiles=("transport", "fighter", "science_vessel", "heavy_cruiser"),
                    tracks=Goods.of(industry=1))
    green = Player("green", ships=fleet("green", catalog), modules=core_station(catalog))
    blue = Player("blue", ships=fleet("blue", catalog), modules=core_station(catalog))
    regions = (
        Region("Cinder", "planet", planet="Cinder"),
        Region("Nebula 3", "nebula", die=3, leaders=Goods.of(blue=2)),
        Region("Development Office", "alliance_base", leaders=Goods.of(green=1)),
        Region("Odessa Field", "alliance_base", leaders=Goods.of(purple=1, green=1)),
        Region("Trade Hub", "alliance_base"),
        Region("Glacia", "planet", planet="Glacia"),
    )
    links = (("Cinder", "Nebula 3"), ("Cinder", "Development Office"), ("Cinder", "Odessa Field"),
             ("Odessa Field", "Trade Hub"), ("Trade Hub", "Glacia"))
    return Game((purple, green, blue), regions, links, active="purple")


def activation_example(catalog: Catalog | None = None) -> Game:
    """返回空间站回合 · 举例: yellow returns. Science (tech) row: the Primary Reactor, Supplier (its input
    slot empty: incomplete), Index Extractor (damaged), Quantum Loom, Deep Scanner and Syndicate
    Interface (a nanocarbon moon in its input slot). Industry row: Machine Shop and Titanium Compositor
    side by side with a moon showing 1 credit and 1 VP in their shared half slot (模块 · 举例). Ships:
    transport-1 on Cinder, transport-2 on the repair barge, the fighter on the scrapyard's top, the heavy
    cruiser on Nebula 3 with a damaged shield, transport-3 still in the launch bay."""
    from .state import Moon

    catalog = catalog or load_catalog()
    modules = core_station(catalog) + (
        StationModule("Supplier"), StationModule("Index Extractor", damage=1), StationModule("Quantum Loom"),
        StationModule("Deep Scanner"), StationModule("Syndicate Interface", moon=Moon(Goods.of(nanocarbon=1), "observatory")),
        StationModule("Machine Shop"), StationModule("Titanium Compositor"),
    )
    places = {"transport-1": "region:Cinder", "transport-2": "barge", "transport-3": "bay", "fighter": "scrapyard",
              "heavy_cruiser": "region:Nebula 3"}
    ships = tuple(replace(s, where=places.get(s.id, s.where), damage=1 if s.id == "heavy_cruiser" else 0)
                  for s in fleet("yellow", catalog))
    yellow = Player("yellow", resources=Goods.of(energy=3, nanocarbon=1, titanium=1), modules=modules, ships=ships,
                    half_slots=(("Machine Shop", "Titanium Compositor", Moon(Goods.of(credit=1, vp=1), "factory")),),
                    persistent=("Dampion Acceleration",), leaders=1)
    regions = (Region("Cinder", "planet", planet="Cinder"), Region("Nebula 3", "nebula", die=3))
    return Game((yellow,), regions, (("Cinder", "Nebula 3"),), active="yellow",
                tactics_deck=("Assume Command", "Costly Mistake", "Hailing Frequencies"))


def launch_example(catalog: Catalog | None = None) -> Game:
    """A launch-turn table (sample planets and modules): red has just launched transport-1 to Glacia
    (3 city moons), has a science vessel on Nebula 3 (an abandoned moon) and transport-2 on the Trade Hub
    and Maximus Field; the module columns show three modules each."""
    from .state import Moon

    catalog = catalog or load_catalog()
    city = tuple(Moon(face, "city") for face in catalog.moons["city"][:3])
    places = {"transport-1": "region:Glacia", "transport-2": "region:Trade Hub", "science_vessel": "region:Nebula 3",
              "transport-3": "region:Maximus Field"}
    red = Player("red", resources=Goods.of(energy=2, nanocarbon=2, titanium=3, credit=1), modules=core_station(catalog),
                 ships=tuple(replace(s, where=places.get(s.id, s.where)) for s in fleet("red", catalog)), leaders=1,
                 tactics=("Automation",), tracks=Goods.of(science=1, industry=1),
                 upgrade_tiles=("transport", "fighter", "science_vessel", "heavy_cruiser"))
    blue = Player("blue", ships=fleet("blue", catalog), modules=core_station(catalog))
    regions = (Region("Glacia", "planet", planet="Glacia", moons=city, printed=catalog.planet("Glacia").resources),
               Region("Nebula 3", "nebula", die=3, moons=(Moon(catalog.moons["nebula"][0]),)),
               Region("Trade Hub", "alliance_base"), Region("Maximus Field", "alliance_base"))
    science = tuple(n for n, m in catalog.modules.items() if m.row == "science")
    industry = tuple(n for n, m in catalog.modules.items() if m.row == "industry")
    return Game((red, blue), regions, (("Glacia", "Nebula 3"), ("Glacia", "Trade Hub"), ("Trade Hub", "Maximus Field")),
                active="red", event_deck=tuple(card.name for card in catalog.events[:4]),
                module_display=(("science", science[:3]), ("industry", industry[:3])),
                module_decks=(("science", science[3:]), ("industry", industry[3:])),
                tactics_deck=("Assume Command", "Dark Alliance", "Costly Mistake", "Hailing Frequencies"))
