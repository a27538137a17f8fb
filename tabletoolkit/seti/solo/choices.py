"""The rival's choice rules, each a pure function returning the choice and the reason it gives.

Inputs are small views of the table (``TechOffer``, ``RouteOption``, ``PlanetSpaces``,
``SectorOption``, ``TraceColumn``) so every rule can be tested on a constructed position and fed
from the real board by ``solo.table``. ``Choice.value`` is ``None`` when nothing can be chosen; the
reason then says why (the turn procedure shows it as "top action impossible: ...").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ...engine.errors import InvalidInput
from ..variant import RULEBOOK, SetiVariant
from .data import ARROWS, TRACE_COLOURS

SECTION_TECH = "单人游戏 · 对手的行动 · 科技"
SECTION_ORBIT = "单人游戏 · 对手的行动 · 轨道卫星 / 着陆器"
SECTION_TELESCOPE = "单人游戏 · 对手的行动 · 望远镜"
SECTION_MILESTONES = "单人游戏 · 对手胜利点"


@dataclass(frozen=True)
class Choice:
    """What the rival chose (``None``: nothing possible) and why, in the rulebook's terms."""

    value: Any
    reason: str

    @property
    def possible(self) -> bool:
        return self.value is not None


def _by_arrow(options: Sequence[Any], arrow: str) -> Any:
    if arrow not in ARROWS:
        raise InvalidInput("arrow", arrow, "the decision arrow points left or right")
    return options[0] if arrow == "left" else options[-1]


def _side(arrow: str) -> str:
    return "leftmost" if arrow == "left" else "rightmost"


# --- tech (S-F1, S-F22) ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TechOffer:
    """One tech stack as the rival sees it: tiles left, whether its 2-point tile is still on it, and
    the reward printed on the tile."""

    tech: str
    tiles_left: int
    two_point_tile: bool
    rewards: Mapping[str, Any] = field(default_factory=dict)


def track_techs(track: Sequence[str], space: int) -> tuple[str, ...]:
    """The techs on the progress track in the order the rival looks at them, starting from ``space``."""
    seen: list[str] = []
    for offset in range(len(track)):
        tech = track[(space + offset) % len(track)]
        if tech and tech not in seen:
            seen.append(tech)
    return tuple(seen)


def choose_tech(track: Sequence[str], space: int, offers: Mapping[str, TechOffer], held: Sequence[str]) -> Choice:
    """The preferred tech (the first on the track from the marker) if it has its 2-point tile, else the
    next on the track with one; with no 2-point tile left, the first available tech from the marker.
    Empty stacks and techs it holds are skipped (S-F22)."""
    order = track_techs(track, space)
    if not order:
        raise InvalidInput("track", track, "the progress track shows no tech")

    def available(tech: str) -> bool:
        offer = offers.get(tech)
        return offer is not None and offer.tiles_left > 0 and tech not in held

    def why_not(tech: str) -> str:
        if tech in held:
            return f"{tech} is held"
        if tech not in offers or offers[tech].tiles_left == 0:
            return f"{tech}'s stack is empty"
        return f"{tech} has no 2-point tile"

    lead = f"Its marker is on progress space {space}, preferred tech {order[0]}"
    skipped: list[str] = []
    for tech in order:
        if available(tech) and offers[tech].two_point_tile:
            if not skipped:
                return Choice(tech, f"{lead}, which still has its 2-point tile → {tech}.")
            return Choice(tech, f"{lead}: {'; '.join(skipped)}; next on the track with a 2-point tile → {tech}.")
        skipped.append(why_not(tech))
    for tech in order:
        if available(tech):
            return Choice(tech, f"No tech has its 2-point tile left, so the first available from progress space "
                          f"{space}: {tech}.")
    return Choice(None, "no tech is left that it does not hold")


def rival_tech_rewards(offer: TechOffer) -> dict[str, Any]:
    """Every reward on the tile, the 2-point tile included, never the launch or the data reward (S-F1)."""
    rewards = {key: value for key, value in offer.rewards.items() if key not in ("launch", "data")}
    if offer.two_point_tile:
        rewards["vp"] = rewards.get("vp", 0) + 2
    return rewards


# --- orbit / land (S-F2, S-F9, S-R8) --------------------------------------------------------------

@dataclass(frozen=True)
class RouteOption:
    """A flight plan from Earth to a planet: the spaces it passes, the moves it costs (asteroid exits
    counted) and the publicity it gains."""

    path: tuple[Any, ...]
    moves: int
    publicity: int


def choose_route(routes: Sequence[RouteOption], allowance: int, arrow: str) -> Choice:
    """Among the routes within ``allowance`` moves, the most publicity; then the fewest moves; then the
    decision arrow among the routes as listed (S-F2, S-R8)."""
    fitting = [r for r in routes if r.moves <= allowance]
    if not fitting:
        cheapest = min((r.moves for r in routes), default=None)
        why = "no route" if cheapest is None else f"the cheapest route needs {cheapest} moves"
        return Choice(None, f"not reachable in {allowance} moves ({why})")
    best = max(r.publicity for r in fitting)
    fitting = [r for r in fitting if r.publicity == best]
    fewest = min(r.moves for r in fitting)
    fitting = [r for r in fitting if r.moves == fewest]
    route = _by_arrow(fitting, arrow)
    tie = f"; {len(fitting)} such routes, the decision arrow takes the {_side(arrow)}" if len(fitting) > 1 else ""
    return Choice(route, f"the route gaining the most publicity ({best}) in {fewest} moves{tie}")


def choose_planet(planets: Sequence[str], routes_to: Callable[[str], Sequence[RouteOption]], allowance: int,
                  arrow: str) -> Choice:
    """The first planet in the card's order reachable within the allowance, with its route.
    ``value`` is ``(planet, route)``."""
    refused: list[str] = []
    for planet in planets:
        route = choose_route(routes_to(planet), allowance, arrow)
        if route.possible:
            lead = "; ".join(refused)
            return Choice((planet, route.value), (lead + "; " if lead else "") + f"{planet}: {route.reason} → {planet}.")
        refused.append(f"{planet}: {route.reason}")
    return Choice(None, "; ".join(refused) or "no planet on the card")


@dataclass(frozen=True)
class PlanetSpaces:
    """A planet's first orbit and landing spaces and its moons (name, free) in printed order, left to right."""

    planet: str
    orbit_first_free: bool
    land_first_free: bool
    moons: tuple[tuple[str, bool], ...] = ()


def choose_landing(spaces: PlanetSpaces, probe_techs: Sequence[str], prefer: str, arrow: str) -> Choice:
    """A moon first when it can discard a probe tech (the decision arrow among free moons); else the
    first free orbit or landing space; both free or neither: the card's preference (S-F9).
    ``value`` is ``("moon", moon, tech)``, ``("orbit",)`` or ``("land",)``."""
    if prefer not in ("orbit", "land"):
        raise InvalidInput("prefer", prefer, "the card prefers orbit or land")
    free_moons = [name for name, free in spaces.moons if free]
    if free_moons and probe_techs:
        moon = _by_arrow(free_moons, arrow)
        which = f"the decision arrow takes the {_side(arrow)} of {', '.join(free_moons)}" if len(free_moons) > 1 else "the free moon"
        return Choice(("moon", moon, probe_techs[0]),
                      f"{spaces.planet} has a free moon and the rival holds probe tech {probe_techs[0]}: it discards it to land on {moon} ({which}).")
    lead = (f"{spaces.planet} has a free moon but the rival holds no probe tech; " if free_moons else "")
    if spaces.orbit_first_free != spaces.land_first_free:
        kind = "orbit" if spaces.orbit_first_free else "land"
        return Choice((kind,), lead + f"only the first {'orbit' if kind == 'orbit' else 'landing'} space is free → {kind}.")
    state = "both first spaces are free" if spaces.orbit_first_free else "neither first space is free"
    return Choice((prefer,), lead + f"{state}, so the card's preference decides → {prefer}.")


# --- telescope: sector choice (S-R2) --------------------------------------------------------------

@dataclass(frozen=True)
class SectorOption:
    """A sector a signal may go to: its size (data it holds), the rival's markers there, whether this
    mark would complete it with the rival winning, and whether it lands on the 2-point second slot."""

    name: str
    capacity: int
    rival_markers: int
    wins: bool
    scores_second_slot: bool


def choose_sector(options: Sequence[SectorOption], arrow: str, variant: SetiVariant = RULEBOOK) -> Choice:
    """1. a sector the mark wins; 2. else one where it scores the second slot; 3. else the sector with
    most of its markers. Ties at each step go to the larger sector; still tied, the decision arrow
    (``solo_sector_last_tie``)."""
    if not options:
        raise InvalidInput("options", options, "a signal needs at least one sector to go to")
    names = " or ".join(o.name for o in options)
    if len(options) == 1:
        return Choice(options[0], f"The signal can only go to {options[0].name}.")
    winners = [o for o in options if o.wins]
    scorers = [o for o in options if o.scores_second_slot]
    if winners:
        pool, rule = winners, "1. marking it wins " + " and ".join(o.name for o in winners)
    elif scorers:
        pool, rule = scorers, "1. no win; 2. the second slot scores 2 VP in " + " and ".join(o.name for o in scorers)
    else:
        most = max(o.rival_markers for o in options)
        pool = [o for o in options if o.rival_markers == most]
        marks = ", ".join(f"{o.name} {o.rival_markers}" for o in options)
        rule = f"1. no win; 2. no second slot to score; 3. most rival markers ({marks})"
    if len(pool) > 1:
        largest = max(o.capacity for o in pool)
        larger = [o for o in pool if o.capacity == largest]
        rule += f"; tie → the larger sector ({', '.join(f'{o.name} {o.capacity}' for o in pool)})"
        pool = larger
        if len(pool) > 1:
            if variant.solo_sector_last_tie == "decision arrow":
                rule += f"; still tied → the decision arrow takes the {_side(arrow)}"
                pool = [_by_arrow(pool, arrow)]
            else:
                rule += "; still tied → the first listed"
    return Choice(pool[0], f"The signal may go to {names}: {rule} → {pool[0].name}.")


def choose_row_card(row: Sequence[Any], arrow: str) -> Choice:
    """A card-row signal: the decision arrow picks the leftmost or rightmost card. ``value`` is its index."""
    if not row:
        return Choice(None, "the card row is empty")
    index = 0 if arrow == "left" else len(row) - 1
    return Choice(index, f"the decision arrow points {arrow}: the {_side(arrow)} card of the row ({row[index]}).")


# --- life traces (S-F8) ---------------------------------------------------------------------------

@dataclass(frozen=True)
class TraceColumn:
    """One species' column of one colour, spaces listed from the lowest up (``True`` = marked)."""

    species: str
    colour: str
    spaces: tuple[bool, ...]


def choose_trace(columns: Sequence[TraceColumn], colour: str, arrow: str) -> Choice:
    """One mark in the lowest empty space among the columns of ``colour`` (every column for ``"any"``);
    the decision arrow between equally low spaces; an overflow area only when every space is full.
    ``value`` is ``(column index, space index)`` or ``(column index, "overflow")``."""
    if colour not in TRACE_COLOURS + ("any",):
        raise InvalidInput("colour", colour, "a life trace is pink, yellow, blue or any")
    eligible = [i for i, c in enumerate(columns) if colour == "any" or c.colour == colour]
    if not eligible:
        raise InvalidInput("columns", columns, f"no column takes a {colour} trace")
    found = {i: next((h for h, filled in enumerate(columns[i].spaces) if not filled), None) for i in eligible}
    heights = {i: height for i, height in found.items() if height is not None}
    open_columns = [i for i in eligible if i in heights]
    what = "every column" if colour == "any" else f"the {colour} columns"
    if not open_columns:
        index = _by_arrow(eligible, arrow)
        column = columns[index]
        return Choice((index, "overflow"), f"Every space in {what} is full: the {_side(arrow) if len(eligible) > 1 else 'only'}"
                      f" overflow area ({column.species}, {column.colour}).")
    lowest = min(heights[i] for i in open_columns)
    tied = [i for i in open_columns if heights[i] == lowest]
    index = _by_arrow(tied, arrow)
    column = columns[index]
    where = f"{column.species} {column.colour}, space {lowest + 1} from the bottom"
    if len(tied) > 1:
        return Choice((index, lowest), f"Lowest empty space among {what}: {len(tied)} equally low; the decision arrow "
                      f"takes the {_side(arrow)} → {where}.")
    return Choice((index, lowest), f"Lowest empty space among {what} → {where}.")


# --- milestones (S-F24) ---------------------------------------------------------------------------

def choose_gold_tile(first_space_free: Sequence[tuple[str, bool]], arrow: str) -> Choice:
    """A gold milestone: the first (most valuable) space of a gold tile; several free, the decision
    arrow picks the leftmost or rightmost tile; none free, nothing."""
    free = [name for name, is_free in first_space_free if is_free]
    if not free:
        return Choice(None, "every gold tile's first space is taken: the rival gets nothing")
    tile = _by_arrow(free, arrow)
    if len(free) == 1:
        return Choice(tile, f"only {tile} still has its first space free → {tile}.")
    return Choice(tile, f"first spaces free on {', '.join(free)}; the decision arrow takes the {_side(arrow)} → {tile}.")


def sector_option(name: str, markers: Sequence[str], capacity: int, rival: str) -> SectorOption:
    """The rival's view of a sector from its markers in placement order (a carried-over second-place
    marker first, S-R6) and its size: marking replaces the leftmost data; the last data completes it;
    the most markers win, ties to the later marker — the rival's, as it marks last (扇形区域)."""
    if capacity < 1:
        raise InvalidInput("capacity", capacity, "a sector holds at least one data")
    after = list(markers) + [rival]
    completes = len(markers) >= capacity - 1
    counts = {player: after.count(player) for player in after}
    wins = completes and counts[rival] == max(counts.values())
    return SectorOption(name, capacity, markers.count(rival), wins, len(markers) == 1)
