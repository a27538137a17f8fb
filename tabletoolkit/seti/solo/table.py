"""The shared board of a solo game, a two-player multiplayer ``SetiGame``, and the views the rival reads.

``setup_table`` deals it as the multiplayer game keeps it: the solar system (``solar``: ``seti.solar``, routes
from ``seti.routes``), the sky of eight sectors (``sectors``: ``seti.sector``), the tech board (``techs``:
``seti.tech``), the gold tiles (``gold_tiles``, marked by ``seti.milestones``), the neutral markers
(``neutral``), the end-of-round stacks (``end_of_round``), the card piles (``cards``, ``deck``, ``card_row``, ``discard``) and the life
traces (``life``): two hidden species (``seti.species``, sample data) with their discovery spaces, their boards'
spaces once discovered, and the overflow. The functions here read and change it as the solo game does: the
rival's choice rules read it through ``tech_offers``, ``route_options``, ``planet_spaces``, ``sector_options``
and ``trace_columns``; its signals, traces, sectors and rotations go through the multiplayer sky, life board
and solar system.
"""

from __future__ import annotations

import html
from ...engine.frozen import FrozenMap, last_asked, replace
from typing import Any, Mapping, Sequence

from ...engine.rng import Rng
from ..cards import CardSupply, deck_of, load_cards
from ..game import SetiGame, visits as visits_of
from ..gold_tiles import load_gold_tiles, random_sides
from ..routes import best_publicity_route, cheapest_route
from ..sector import Sky, numbered, resolve_sector
from ..solar import Probe, random_setup
from ..life_board import Spot, new_life_board
from ..species import load_species
from ..traces import legal_spots, marked, spot_reward
from ..tech_board import TechBoard
from ..variant import RULEBOOK, SetiVariant
from .choices import PlanetSpaces, RouteOption, SectorOption, TechOffer, TraceColumn, sector_option
from .data import TRACE_COLOURS


def reward_items(reward: Any) -> list[tuple[str, Any]]:
    """A board reward (``seti.rewards.Reward`` or ``seti.sector.Reward``) as (key, amount) pairs in the
    solo vocabulary: cards become ``card`` (from the row or the deck) or ``random_card`` (the deck's top),
    a tucked income card the chart icon, each trace its own, a
    launch ``launch`` and any other action ``("action", name)``, carried out by whoever knows it."""
    items: list[tuple[str, Any]] = []
    for name, key in (("vp", "vp"), ("publicity", "publicity"), ("credits", "credits"), ("energy", "energy"),
                      ("data", "data"), ("cards", "card"), ("random_cards", "random_card"), ("tuck", "chart")):
        amount = getattr(reward, name, 0)
        if amount:
            items.append((key, amount))
    items += [("trace", colour) for colour in getattr(reward, "traces", ())]
    items += [("launch", 1) if action == "launch" else ("action", action) for action in getattr(reward, "actions", ())]
    return items


@last_asked
def _tech_offers(board: TechBoard) -> Mapping[str, TechOffer]:
    """``tech_offers`` for ``board``, remembered for the last board asked (a board is immutable; a
    table keeps its board until a tech is taken, and a listing of your options reads the offers often)."""
    return FrozenMap((s.tech.id, TechOffer(s.tech.id, s.tiles, s.two_point, FrozenMap(reward_items(s.tech.bonus))))
                     for s in board.stacks)


def end_of_round_stack(table: SetiGame, round_number: int) -> tuple[str, ...]:
    """The cards left on ``round_number``'s end-of-round stack (none in the last round)."""
    return table.end_of_round[round_number - 1] if round_number <= len(table.end_of_round) else ()


# --- techs ---------------------------------------------------------------------------------------
def tech_offers(table: SetiGame) -> Mapping[str, TechOffer]:
    """Each tech stack as the rival sees it (``TechOffer``), by tech id: made once per tech board."""
    return _tech_offers(table.techs)


def rotated(table: SetiGame, techs: Mapping[str, frozenset[str]]) -> tuple[SetiGame, str, list[tuple[str, int]], list[tuple[str, str]]]:
    """Turn the next disc as the multiplayer rotation turns it (``SolarSystem.rotated`` with the owners'
    ``techs``: a push into asteroids pays PT #03's publicity too, variant ``pt3_on_push``); returns the
    table, what happened, the publicity owed to owners of pushed probes (they gain it even on another's
    turn), and what a pushed probe now visits, as (owner, "visit:Venus" | "visit:comet" |
    "visit:asteroids") (variant ``push_is_visit``, S-F12)."""
    disc = table.solar.next_disc
    solar, rides = table.solar.rotated(techs, table.variant)
    moved = [f"{r.probe.owner}'s probe {r.outcome}" + (f" (+{r.publicity} publicity)" if r.publicity else "")
             for r in rides if r.outcome != "stays"]
    pushed = [r for r in rides if r.outcome == "pushed"]
    gains = [(r.probe.owner, r.publicity) for r in pushed if r.publicity]
    visits = [(r.probe.owner, visit) for r in pushed if table.variant.push_is_visit for visit in visits_of(solar, r.to)]
    text = f"The solar system rotates (disc {disc})" + (f": {', '.join(moved)}." if moved else ".")
    return replace(table, solar=solar), text, gains, visits


# --- probes --------------------------------------------------------------------------------------
def on_earth(table: SetiGame, colour: str) -> bool:
    """Whether ``colour`` has a probe on Earth's space (a pushed probe is no longer there)."""
    return any(p.space == table.solar.earth for p in table.solar.probes_of(colour))


def without_probe(table: SetiGame, probe: Probe) -> SetiGame:
    return replace(table, solar=replace(table.solar, probes=tuple(p for p in table.solar.probes if p != probe)))


# --- planets -------------------------------------------------------------------------------------
def route_options(table: SetiGame, planet: str, allowance: int, arrow: str,
                  techs: frozenset[str] = frozenset()) -> list[RouteOption]:
    """The routes the rival considers: its most-publicity route within ``allowance`` (S-F2, from
    ``seti.routes``), or the cheapest one to say why the planet is out of reach."""
    earth = table.solar.earth
    cheapest = cheapest_route(table.solar, earth, planet, techs, table.variant)
    if cheapest is None:
        return []
    best = best_publicity_route(table.solar, earth, planet, allowance, techs, arrow, table.variant)
    chosen = best if best is not None and cheapest.moves <= allowance else cheapest
    return [RouteOption(chosen.spaces, chosen.moves, chosen.publicity)]


def planet_spaces(table: SetiGame, planet: str) -> PlanetSpaces:
    info = table.solar.layout.planets[planet]
    moons = tuple((m.name, not table.solar.landers(planet, m.name)) for m in info.moons)
    landed = len(table.solar.landers(planet))
    return PlanetSpaces(planet, not table.solar.orbiters(planet), landed < len(info.first_lander_data), moons)


# --- sectors -------------------------------------------------------------------------------------
def earth_sector(table: SetiGame) -> int:
    """The sky's number (1..8) of the sector Earth is in now, matched by its star's name (the solar
    system numbers its sectors 0..7, the sky 1..8)."""
    return sector_at(table, table.solar.earth)


def sector_at(table: SetiGame, space: Any) -> int:
    """The sky's number (1..8) of the sector a space of the solar system is in now, matched by its star
    (``Sky.number_of``, as the multiplayer scan matches them)."""
    table.solar.check_space(space)
    return table.sectors.number_of(table.solar.star(space[1]))


def sector_options(table: SetiGame, numbers: Sequence[int], colour: str) -> list[SectorOption]:
    options = []
    for number in numbers:
        sector = table.sectors.sector(number)
        option = sector_option(sector.name, sector.markers, sector.slots, colour)
        options.append(replace(option, name=sector.name))
    return options


def mark_signal(table: SetiGame, colour: str, number: int) -> tuple[SetiGame, Any]:
    sector, gained = table.sectors.sector(number).mark(colour, table.variant)
    return replace(table, sectors=table.sectors.with_sector(sector)), gained


def completed_sectors(table: SetiGame) -> tuple[int, ...]:
    return tuple(numbered(s) for s in table.sectors.sectors if s.complete)


def resolve(table: SetiGame, number: int) -> tuple[SetiGame, Any]:
    result = resolve_sector(table.sectors.sector(number), table.variant)
    return replace(table, sectors=table.sectors.with_sector(result.sector)), result


# --- card row ------------------------------------------------------------------------------------
def row_colours(table: SetiGame) -> tuple[str, ...]:
    """The card row's sector colours, place by place ("none" for an empty place)."""
    return tuple(table.card(card).colour if card else "none" for card in table.card_row)


# --- life traces (the multiplayer life board and its verdicts, seti.traces) ----------------------
# A trace column is a species' colour: column ``3 × slot + colour index``; in it space 0 is the
# discovery space, 1, 2… the species board's spaces of that colour (once discovered), and its overflow.
def species_name(table: SetiGame, index: int) -> str:
    return f"species {index + 1}" + (f" ({table.life.slots[index].species.name})" if table.life.slots[index].discovered else "")


def _board_spaces(table: SetiGame, index: int, colour: str) -> list[int]:
    """The species board's spaces taking ``colour``, in printed order (only once discovered)."""
    alien = table.life.slots[index]
    return [n for n, space in enumerate(alien.species.spaces) if colour in space.colours] if alien.discovered else []


def _columns(table: SetiGame) -> list[tuple[int, int, str]]:
    """Each trace column as (slot, colour index, colour)."""
    return [(slot, n, colour) for slot in range(len(table.life.slots)) for n, colour in enumerate(TRACE_COLOURS)]


def column_colour(table: SetiGame, column: int) -> str:
    return _columns(table)[column][2]


def _spot(table: SetiGame, column: int, space: Any) -> Spot:
    slot, index, colour = _columns(table)[column]
    if space == "overflow":
        return Spot(slot, "overflow", index)
    return Spot(slot, "discovery", index) if space == 0 else Spot(slot, "species", _board_spaces(table, slot, colour)[space - 1])


def trace_columns(table: SetiGame) -> list[TraceColumn]:
    """Each species' column of each colour, lowest first: its discovery space, then (once the
    species is discovered) its board's spaces of that colour (深入研究)."""
    columns = []
    for slot, index, colour in _columns(table):
        alien = table.life.slots[slot]
        spaces = (alien.discovery[index] is not None,) + tuple(alien.board[n] is not None for n in _board_spaces(table, slot, colour))
        columns.append(TraceColumn(species_name(table, slot), colour, spaces))
    return columns


def trace_places(table: SetiGame, colour: str) -> list[tuple[int, Any, str]]:
    """Where a life trace of ``colour`` ("any": every colour) may go, as (column, space, words), by the
    multiplayer verdicts (``traces.legal_spots``): a free discovery space (space 0), a free space of that
    colour on a discovered species' board (1, 2…), or a species' overflow, allowed even with a space free
    (S-F15, 深入研究)."""
    legal = {option.choice for option in legal_spots(table, colour) if option.legal}
    places: list[tuple[int, Any, str]] = []
    for column, (slot, index, trace_colour) in enumerate(_columns(table)):
        if colour not in ("any", trace_colour):
            continue
        name = species_name(table, slot)
        if Spot(slot, "discovery", index) in legal:
            places.append((column, 0, f"{name}'s {trace_colour} discovery space ({_discovery_words(table)})"))
        for space, number in enumerate(_board_spaces(table, slot, trace_colour), 1):
            if Spot(slot, "species", number) in legal:
                reward = table.life.slots[slot].species.spaces[number].reward
                places.append((column, space, f"{name}'s board, {trace_colour} space {space} ({reward.describe()})"))
        if Spot(slot, "overflow", index) in legal:
            places.append((column, "overflow", f"{name}'s {trace_colour} overflow ({table.variant.overflow_vp} VP)"))
    return places


def _discovery_words(table: SetiGame) -> str:
    return f"{table.variant.discovery_space_publicity} publicity, {table.variant.discovery_space_vp} VP"


def mark_trace(table: SetiGame, colour: str, column: int, space: Any) -> tuple[SetiGame, list[tuple[str, Any]], str]:
    """Mark a discovery space, a discovered species' board space or the overflow (``traces.marked``,
    refused as there) and return its reward (``traces.spot_reward``: 1 publicity + 5 VP, S-F15; the
    space's; 3 VP)."""
    slot, _, trace_colour = _columns(table)[column]
    spot = _spot(table, column, space)
    table = marked(table, colour, trace_colour, spot)
    reward, name = spot_reward(table, spot), species_name(table, slot)
    if spot.area == "overflow":
        return table, [("vp", reward.vp)], f"a {trace_colour} trace in {name}'s overflow ({reward.vp} VP)"
    if spot.area == "discovery":
        return (table, [("publicity", reward.publicity), ("vp", reward.vp)],
                f"a {trace_colour} trace on {name}'s discovery space ({_discovery_words(table)})")
    return table, reward_items(reward), f"a {trace_colour} trace on {name}'s board ({reward.describe()})"


def flip_discovered(table: SetiGame) -> tuple[SetiGame, list[tuple[int, tuple[str, ...]]]]:
    """Species whose three discovery spaces are now full are discovered (after the turn, after the
    milestones), flipped as the multiplayer discovery flips them (``LifeBoard.discovered``): each with the markers
    on its discovery spaces, which earn its discovery reward."""
    found = []
    for index, alien in enumerate(table.life.slots):
        if not alien.discovered and alien.complete:
            table = replace(table, life=table.life.discovered(index))
            found.append((index, tuple(mark.owner for mark in alien.discovery if mark is not None)))
    return table, found


def table_html(table: SetiGame) -> str:
    """The shared board as the solo game shows it: the sky, the card row's colours, Earth's sector, the probes
    in space, the planets' orbiters and landers and the life traces."""
    shown = "".join(
        f"<td>{html.escape(s.star)}<br>{'·'.join(m or '○' for m in s.slot_contents)}"
        f"{'+' + '·'.join(s.overflow) if s.overflow else ''}</td>" for s in table.sectors.sectors)
    slots = table.life.slots
    traces = ", ".join(f"{species_name(table, s)} {c}: {mark.owner if (mark := slots[s].discovery[n]) else '–'}"
                       for s, n, c in _columns(table))
    boards = [f"{species_name(table, s)} space {n + 1}: {mark.owner}" for s, alien in enumerate(slots)
              for n, mark in enumerate(alien.board) if mark]
    if boards:
        traces += "; species boards: " + ", ".join(boards)
    placed = ", ".join(f"{p.owner} {p.kind} {p.moon or p.planet}" for p in table.solar.placements) or "none"
    probes = ", ".join(f"{p.owner} at {p.space}" for p in table.solar.probes) or "none"
    earth = earth_sector(table)
    return (f"<div class='tt-seti-solo-table'><table class='tt-seti-sky'><tr>{shown}</tr></table>"
            f"<div>Card row: {html.escape(', '.join(row_colours(table)))} · Earth beside {html.escape(table.sectors.sector(earth).star)} (sector {earth})"
            f" · probes in space: {html.escape(probes)}</div>"
            f"<div>Planets: {html.escape(placed)}</div><div>Discovery spaces: {html.escape(traces)}</div></div>")


def setup_table(rng: Rng, variant: SetiVariant = RULEBOOK) -> SetiGame:
    """A two-player table for the solo game (S-F21): a random solar system, the sample sky, the set-up
    deck of the sample cards (each ``copies`` times, as in the multiplayer set-up),
    an end-of-round stack of 3 cards (players + 1) for each round but the last, fresh tech stacks, the
    gold tiles with a random side up, two hidden species (drawn from the species data) with their
    discovery spaces, the neutral markers of a two-player game on the variant's neutral milestones (设置 · ⑧
    中立里程碑: 2 at 20 and at 30)."""
    solar = random_setup(rng)
    cards = load_cards()
    by_id = FrozenMap((card.id, card) for card in cards)
    supply = CardSupply.shuffled(cards, rng, variant.card_row_size, deck=deck_of(by_id))
    size, count = 3, variant.rounds - 1
    stacks = tuple(supply.deck[n * size:(n + 1) * size] for n in range(count))
    gold = random_sides(load_gold_tiles(), rng)
    first, second = rng.shuffled(load_species())[:2]
    neutral = tuple((threshold, variant.neutral_markers[1]) for threshold in variant.neutral_milestones)  # two players
    return SetiGame((), by_id, TechBoard.fresh(), gold, new_life_board((first, second)), neutral=neutral,
                    deck=supply.deck[size * count:], card_row=supply.row, discard=supply.discard, end_of_round=stacks,
                    solar=solar, sectors=Sky.sample(), variant=variant)
