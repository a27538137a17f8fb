"""Routes through the solar system, and the card terms that talk about movement (S-F2, S-F12, S-R8).

* ``cheapest_route``: the fewest moves from a space to a planet (asteroids take one more to leave,
  not with PT #03); among equally cheap routes, the most publicity.
* ``rival_route``: the solo rival's planet and flight: the first planet in the card's list reachable
  within the card's moves; among routes within that allowance, the most publicity, even if longer;
  ties: fewest moves, then the decision arrow (S-F2, S-R8).
* Card terms (卡片术语, S-F12): ``visited_planets`` (a visit does not fire where your probe already was
  when the card was played), ``within_one_ring``, and "on a planet" (``SolarSystem.on_planet``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

import networkx as nx

from ..engine.errors import InvalidInput
from .solar import SECTORS, SolarSystem, Space
from .variant import RULEBOOK, SetiVariant

SECTION_SOLO = "单人游戏 · 轨道卫星 / 着陆器"
SECTION_TERMS = "卡片术语"
ARROWS = ("left", "right")


@dataclass(frozen=True)
class Route:
    """A flight: the spaces from start to end, the move points it takes and the publicity it gains."""

    spaces: tuple[Space, ...]
    moves: int
    publicity: int

    @property
    def steps(self) -> int:
        return len(self.spaces) - 1

    @property
    def end(self) -> Space:
        return self.spaces[-1]

    def turns(self) -> tuple[int, ...]:
        """Each step's direction round the sun: +1 anticlockwise, -1 clockwise, 0 in or out."""
        out = []
        for a, b in zip(self.spaces, self.spaces[1:]):
            out.append(0 if a.ring != b.ring else (1 if (b.sector - a.sector) % SECTORS == 1 else -1))
        return tuple(out)

    def __str__(self) -> str:
        path = " → ".join(f"({s.ring},{s.sector})" for s in self.spaces)
        return f"{path}: {self.moves} move(s), {self.publicity} publicity"


def measure(solar: SolarSystem, spaces: Sequence[Space], techs: frozenset[str] = frozenset(),
            variant: SetiVariant = RULEBOOK) -> Route:
    """The moves and publicity of a given path of adjacent spaces."""
    spaces = tuple(Space(*s) for s in spaces)
    for a, b in zip(spaces, spaces[1:]):
        if b not in solar.neighbours(a):
            raise InvalidInput("spaces", (a, b), "a route steps between adjacent spaces only")
    moves = sum(solar.step_cost(a, techs, variant) for a in spaces[:-1])
    publicity = sum(solar.entry_publicity(b, techs, variant) for b in spaces[1:])
    return Route(spaces, moves, publicity)


def _target(solar: SolarSystem, planet: str) -> Space | None:
    if planet != solar.layout.earth:
        solar.planet(planet)  # unknown names raise InvalidInput
    return solar.planet_space(planet)


def cheapest_route(solar: SolarSystem, start: Space, planet: str, techs: frozenset[str] = frozenset(),
                   variant: SetiVariant = RULEBOOK) -> Route | None:
    """The fewest-moves route from ``start`` to ``planet`` (``None`` if the planet is covered); ties go
    to the most publicity, then the first in (ring, sector) order."""
    target = _target(solar, planet)
    if target is None:
        return None
    key = (id(solar.layout), solar.turns, "PT3" in techs, variant, tuple(start), target)
    cached = _ROUTES.get(key)
    if cached is not None and cached[0] is solar.layout:
        return cached[1]
    graph = solar.graph(techs, variant)
    paths = nx.all_shortest_paths(graph, Space(*start), target, weight="moves")
    routes = [measure(solar, path, techs, variant) for path in paths]
    best = min(routes, key=lambda r: (-r.publicity, r.spaces))
    if len(_ROUTES) > 8192:
        _ROUTES.clear()
    _ROUTES[key] = (solar.layout, best)  # a route depends on the discs' turns, PT #03 and the variant only
    return best


_ROUTES: dict = {}


def routes_within(solar: SolarSystem, start: Space, allowance: int, techs: frozenset[str] = frozenset(),
                  variant: SetiVariant = RULEBOOK, end: Space | None = None) -> Iterator[Route]:
    """Every route from ``start`` using at most ``allowance`` moves (ending at ``end`` if given, and
    stopping there). Each space is entered at most once unless ``variant.route_revisits``."""
    if not isinstance(allowance, int) or allowance < 0:
        raise InvalidInput("allowance", allowance, "a whole number of moves, 0 or more")
    start = Space(*start)

    def extend(path: list[Space], moves: int, publicity: int) -> Iterator[Route]:
        here = path[-1]
        if end is None or here == end:
            if len(path) > 1:
                yield Route(tuple(path), moves, publicity)
            if end is not None:
                return
        cost = solar.step_cost(here, techs, variant)
        if moves + cost > allowance:
            return
        for nxt in solar.neighbours(here):
            if nxt in path and not variant.route_revisits:
                continue
            path.append(nxt)
            yield from extend(path, moves + cost, publicity + solar.entry_publicity(nxt, techs, variant))
            path.pop()

    yield from extend([start], 0, 0)


def best_publicity_route(solar: SolarSystem, start: Space, planet: str, allowance: int,
                         techs: frozenset[str] = frozenset(), arrow: str = "left",
                         variant: SetiVariant = RULEBOOK) -> Route | None:
    """Among routes to ``planet`` within ``allowance`` moves, the most publicity, even if longer (S-F2);
    then fewest moves (S-R8; ``variant.route_tiebreak``), then the decision arrow: ``"left"`` takes the
    route whose first differing step goes anticlockwise, ``"right"`` clockwise (our reading,
    ``variant.route_arrow_left``)."""
    if arrow not in ARROWS:
        raise InvalidInput("arrow", arrow, f"the decision arrow points {ARROWS}")
    target = _target(solar, planet)
    if target is None:
        return None
    routes = list(routes_within(solar, start, allowance, techs, variant, end=target))
    if not routes:
        return None
    sign = 1 if variant.route_tiebreak == "fewest moves" else -1
    side = -1 if (arrow == "left") == (variant.route_arrow_left == "anticlockwise") else 1
    return min(routes, key=lambda r: (-r.publicity, sign * r.moves, tuple(side * t for t in r.turns()), r.spaces))


def rival_route(solar: SolarSystem, planets: Sequence[str], allowance: int, start: Space | None = None,
                techs: frozenset[str] = frozenset(), arrow: str = "left",
                variant: SetiVariant = RULEBOOK) -> tuple[str, Route] | None:
    """The solo rival's flight: the first planet in ``planets`` it can reach within ``allowance`` moves
    (asteroids counted) from ``start`` (Earth), and its most-publicity route there (S-F2, S-R8);
    ``None`` when no listed planet is in reach (the rival tries the card's next action)."""
    start = Space(*start) if start is not None else solar.earth
    for planet in planets:
        cheapest = cheapest_route(solar, start, planet, techs, variant)
        if cheapest is not None and cheapest.moves <= allowance:
            route = best_publicity_route(solar, start, planet, allowance, techs, arrow, variant)
            if route is not None:
                return planet, route
    return None


# ---------------------------------------------------------------- card terms


def visited_planets(solar_at_play: SolarSystem, colour: str, path: Sequence[Space]) -> tuple[str, ...]:
    """Planets "visited" along ``path``: entered by the move, except where one of ``colour``'s probes
    already was when the card was played (卡片术语, S-F12)."""
    already = {p.space for p in solar_at_play.probes_of(colour)}
    seen: list[str] = []
    for space in path:
        space = Space(*space)
        planet = solar_at_play.contents(space).planet
        if planet and space not in already and planet not in seen:
            seen.append(planet)
    return tuple(seen)


def within_one_ring(a: Space, b: Space) -> bool:
    """A move "within one ring": it does not change the distance from the sun (卡片术语)."""
    return Space(*a).ring == Space(*b).ring
