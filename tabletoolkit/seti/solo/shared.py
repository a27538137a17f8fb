"""Your side of a solo game by the multiplayer rules: one implementation for both games.

The solo game's table is the multiplayer ``SetiGame`` (your seat and the rival's), so the multiplayer phases
run on it as they are: their verdicts are your options' verdicts (the probe limit, the costs, moons with
PT #04, one lander per moon, the techs you may take, conversions, a card's corner, passing), their procedures
carry your action out and explain it (launching, moving, a flight that ends in an orbit or a landing, a card's
landing, research, buying a card, passing), and what they leave owed on the table (cards, a tuck, a life trace,
a planet's signal, a launch) comes back as the solo side's reward items (``owed_items``).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from ...engine.errors import IllegalAction
from ...engine.rng import Rng
from ...engine.frozen import replace
from ...engine.steps import Procedure, Step, result_of
from ..game import Decisions, Option, SetiGame
from ..main_actions import PLANET_SIGNAL
from ..probes import (
    SECTION_MOVE,
    ProbeOption,
    land_probe,
    landing_option,
    launch,
    launch_option,
    move_options,
    move_probe,
    orbit_option,
    orbit_planet,
)
from ..player import PlayerBoard
from ..rewards import Reward
from ..scan import ScanStep, ScanTable, scan_sectors, scan_steps
from ..tech import legal_techs, research
from ..turns import HOLD, pass_turn, settle_held
from ..routes import Route, cheapest_route
from ..solar import Probe
from .state import RIVAL, YOU, SoloGame, rotate_solar
from .table import end_of_round_stack, reward_items, sector_at

Items = list[tuple[str, Any]]


def tech_verdicts(game: SoloGame, kind: str | None = None) -> dict[str, Option]:
    """Each tech with the multiplayer verdict of taking it (``tech.legal_techs``: not one you own, a tile
    left; of ``kind`` only, for a card's research)."""
    return {option.choice: option for option in legal_techs(game.table, YOU, kind)}


def research_tech(game: SoloGame, tech: str | None, slot: int | None, granted_kind: str | None = None) -> Procedure:
    """Research ``tech`` by the multiplayer research (``tech.research``) on the table: 6 publicity (none for a
    card's research of ``granted_kind``), the solar system rotates first (the solo rotation: pushed probes'
    publicity, visits), the tile, the first taker's VP, the tile's bonus, a computer tech into the slot
    under top ``slot``. ``tech`` is ``None`` when a card's research finds no tech to take (it still
    rotates). Returns the game and the reward items the bonus left owed (a launch, cards…)."""
    current = [game]

    def rotate(table: SetiGame) -> Procedure:
        rotated, text = rotate_solar(back(current[0], table))
        current[0] = rotated
        yield Step("The solar system rotates", text, "研究科技 · 旋转太阳系", rotated)
        return replace(rotated.table, pending=table.pending)

    def shown(table: Any) -> SoloGame:
        return table if isinstance(table, SoloGame) else back(current[0], table)  # a rotation's step: the solo game

    answers = Decisions({"tech": [tech] if tech else [], "computer_slot": [slot] if slot is not None else []})
    table = yield from shown_as(research(game.table, YOU, answers, granted_kind=granted_kind, rotate=rotate), shown)
    return shown(table), owed_items(game, table)


def on_your_cards(game: SoloGame, table: SetiGame) -> tuple[SoloGame, Items]:
    """The solo game after a multiplayer free action with cards (``free_actions``: a conversion's payment, buying
    a card, a card's corner) on its table; and the reward items it left owed (a move, cards…)."""
    return back(game, table), owed_items(game, table)


def your_passing(game: SoloGame, drop: Sequence[str]) -> tuple[SoloGame, str]:
    """Pass by the multiplayer passing (``turns.pass_turn``, S-F16) on the table: ``drop`` discarded down to the
    hand limit, the solar system rotated by the first to pass (the solo rotation: pushed probes' publicity,
    visits), this round's end-of-round stack held for your choice (``take_end_card``), your seat among those who
    passed. Returns the game and the rotation's words ("" when you were not first)."""
    return _passing(game, YOU, Decisions({"discard": list(drop), "end_of_round_card": [HOLD]}))


def rival_passing(game: SoloGame) -> tuple[SoloGame, str, str | None]:
    """The rival passes by the multiplayer passing on its seat: the first to pass rotates the solar system (the
    solo rotation), and it takes the top card of this round's end-of-round stack, which goes to the discard
    pile: the rival keeps no hand (单人游戏 · 弃权不行动). Returns the game, the rotation's words ("" when it was
    not first) and the card it took (``None`` without a stack)."""
    stack = end_of_round_stack(game.table, game.round)
    game, rotation = _passing(game, RIVAL, Decisions({"end_of_round_card": [stack[0] if stack else HOLD]}))
    board = game.table.player(RIVAL)
    table = game.table.with_player(replace(board, hand=()))
    return replace(game, table=replace(table, discard=table.discard + board.hand)), rotation, stack[0] if stack else None


def _passing(game: SoloGame, colour: str, answers: Decisions) -> tuple[SoloGame, str]:
    """``turns.pass_turn`` for ``colour`` on the table, its rotation the solo rotation; the game after it and the
    rotation's words."""
    current, rotation = [game], [""]

    def rotate(table: SetiGame) -> Procedure:
        rotated, rotation[0] = rotate_solar(back(current[0], table))
        current[0] = rotated
        return replace(rotated.table, pending=table.pending)
        yield  # a procedure: the rotation's words are the pass's own

    return back(current[0], result_of(pass_turn(game.table, colour, answers, rotate=rotate))), rotation[0]


def take_held_card(game: SoloGame, card: str) -> SoloGame:
    """The end-of-round card you chose from the stack you held (``turns.settle_held``) into your hand."""
    return back(game, result_of(settle_held(game.table, Decisions({"end_of_round_card": [card]}))))


def scan_step(game: SoloGame, step: ScanStep, rng: Rng) -> tuple[SoloGame, list[tuple[int, Any]], list[str]]:
    """One step of your scan by the multiplayer scan (``scan.scan_steps`` on the sky, your board and the card
    supply): a signal in Earth's sector (TT #01: beside it), the card-row card discarded for a signal (the row
    refills at once), TT #02's hand card, TT #03's publicity, TT #04's energy. The sectors it completes are
    yours to resolve after the action. Returns the game, the signals (sector number, what it gave) and what
    TT #04 leaves you ("launch a probe", "gain 1 move")."""
    table = game.table
    where = scan_sectors(table.solar, table.sectors)
    _, scanned, signals, _, boosts = scan_steps(ScanTable(table.sectors, (game.you,), table.supply()), YOU, (step,),
                                                where, rng=rng, variant=game.variant)
    game = replace(game, table=replace(table.with_supply(scanned.supply), sectors=scanned.sky)).with_player(scanned.board(YOU))
    return game, signals, boosts


def rival_settle(game: SoloGame, probe: Probe, planet: str, where: str) -> tuple[SoloGame, Items, str]:
    """The rival's orbiter or lander (``where``: "orbit", "land" or a moon's name) placed by the multiplayer orbit
    and landing (``probes.orbit_planet``, ``land_probe``) on its seat: its probe, which flew off Earth, at the
    planet, the cost it never pays given to it and taken back (单人游戏 · 对手的行动 · 轨道卫星 / 着陆器), a moon
    by the probe tech it discarded (``moon_allowed``). Returns the game, its rewards as reward items (the
    planet's, the moon's; the first orbiter's VP, the first free first-lander space's data; "a signal in this
    planet's sector" as that sector's signal) and the words of what it placed."""
    solar, variant = game.table.solar, game.variant
    at_planet = replace(solar, probes=solar.probes + (replace(probe, space=solar.planet_space(planet)),))
    waived = PlayerBoard(RIVAL, credits=variant.orbit_credits, energy=variant.orbit_energy + variant.land_energy)
    table = replace(game.table, solar=at_planet).with_player(waived)
    moon = None if where in ("orbit", "land") else where
    placed = result_of(orbit_planet(table, probe.id) if where == "orbit" else
                       land_probe(table, probe.id, moon=moon, moon_allowed=True)).solar
    placement, info = placed.placements[-1], placed.layout.planets[planet]
    if where == "orbit":
        first = variant.first_orbiter_vp if placement.first is not None else 0
        items = reward_items(info.orbit) + ([("vp", first)] if first else [])
        text = f"an orbiter at {planet}" + (f", the first one ({first} VP)" if first else "")
    elif moon is None:
        first = info.first_lander_data[placement.first] if placement.first is not None else 0
        items = reward_items(info.land) + ([("data", first)] if first else [])
        text = f"a lander on {planet}" + (f", a first lander ({first} data)" if first else "")
    else:
        moon_reward = info.moon(moon)
        items = reward_items(moon_reward.reward if moon_reward is not None else Reward())
        text = f"a lander on {planet}'s moon {moon}"
    here = sector_at(game.table, solar.planet_space(planet))
    items = [("signal", here) if item == ("action", PLANET_SIGNAL) else item for item in items]
    return replace(game, table=replace(game.table, solar=placed)), items, text


def back(game: SoloGame, table: SetiGame) -> SoloGame:
    """The solo game with the table a multiplayer phase left (it began with ``game``'s table), what the phase left
    owed taken off: ``owed_items`` reads it."""
    return replace(game, table=replace(table, pending=game.table.pending))


def owed_items(game: SoloGame, table: SetiGame, sector: int | None = None) -> Items:
    """What a multiplayer phase left owed (``SetiGame.pending``: cards, a tuck, a life trace, an action) as reward
    items of the solo side; a planet's "signal in this planet's sector" goes to ``sector``."""
    items: Items = []
    for _, kind, what in table.pending[len(game.table.pending):]:  # a phase adds what it owes after what was owed
        value = what.split(" (", 1)[0]  # the phase's note of why ("2 (orbit Jupiter)") is not part of it
        if kind == "trace":
            items.append(("trace", value))
        elif kind in ("cards", "random_cards", "tuck"):
            count = int(value) if value.isdigit() else 1  # "income": one tuck (SetiGame.grant)
            items.append(({"cards": "card", "random_cards": "random_card", "tuck": "chart"}[kind], count))
        elif value == PLANET_SIGNAL and sector is not None:
            items.append(("signal", sector))
        else:
            items.append(("launch", 1) if value == "launch" else ("action", value))
    return items


#: Whether ``shown_as`` gives each step the solo game as its state; off (``results_only``) while only the
#: procedures' results are read, as in a lookahead: the steps then keep the multiplayer state they had.
_SHOWN = [True]


@contextmanager
def results_only() -> Iterator[None]:
    """While in this block, ``shown_as`` passes the steps on as they are (only the results are read)."""
    was, _SHOWN[0] = _SHOWN[0], False
    try:
        yield
    finally:
        _SHOWN[0] = was


def shown_as(procedure: Procedure, state_of: Callable[[Any], SoloGame]) -> Procedure:
    """A multiplayer procedure's steps with the solo game as their state (``state_of`` the step's own
    state; not in ``results_only``); returns what the procedure returns."""
    if not _SHOWN[0]:
        return (yield from procedure)
    while True:
        try:
            step = next(procedure)
        except StopIteration as stop:
            return stop.value
        yield replace(step, state=state_of(step.state))


def on_your_board(game: SoloGame, procedure: Callable[[SetiGame], Procedure], sector: int | None = None) -> Procedure:
    """Carry out a probe phase's procedure on the table, on your board; each of its steps shows the solo game.
    Returns the game and the reward items it left owed."""
    table = yield from shown_as(procedure(game.table), lambda state: back(game, state))
    return back(game, table), owed_items(game, table, sector)


def launch_verdict(game: SoloGame, free: bool = False, ignore_limit: bool = False) -> ProbeOption:
    """Whether you may launch now (the probe limit unless ``ignore_limit``; 2 credits unless ``free``)."""
    return launch_option(game.table, YOU, free=free, ignore_limit=ignore_limit)


def free_launch(game: SoloGame, ignore_limit: bool = False) -> tuple[SoloGame, str, bool]:
    """A launch that costs nothing (a tech's bonus, a card's action, TT #04's paid step): a probe of
    yours on Earth, or lost at your probe limit (a card that says so ignores it, for that launch only:
    ``ignore_limit``, FAQ). Returns the game, the words and whether it was made."""
    verdict = launch_verdict(game, free=True, ignore_limit=ignore_limit)
    if not verdict.legal:
        return game, f"the free launch is lost: {verdict.reason}", False
    launched = launch(game.table, YOU, free=True, ignore_limit=ignore_limit)
    beyond = " (beyond your probe limit: this card's launch ignores it)" if ignore_limit else ""
    return back(game, launched), f"a free launch, a probe of yours on Earth{beyond}.", True


def flight(game: SoloGame, planet: str) -> tuple[Probe, Route] | None:
    """Your flight to ``planet``: the probe of yours with the cheapest route there (``seti.routes``, your
    probe techs counted) and that route; ``None`` without a probe or when the planet is covered."""
    key = (game.table.solar, game.you.techs, game.variant)
    if _flights[0] is None or any(a is not b for a, b in zip(_flights[0], key)):
        _flights[:] = [key, {}]  # the flights of the last solar system asked (a state is immutable)
    known = _flights[1]
    if planet not in known:
        known[planet] = _cheapest_flight(game, planet)
    return known[planet]


_flights: list[Any] = [None, None]


def _cheapest_flight(game: SoloGame, planet: str) -> tuple[Probe, Route] | None:
    solar = game.table.solar
    target = solar.planet_space(planet)
    if target is None:
        return None
    flights = []
    for probe in solar.probes_of(YOU):
        route = (Route((probe.space,), 0, 0) if probe.space == target else
                 cheapest_route(solar, probe.space, planet, game.you.techs, game.variant))
        if route is not None:
            flights.append((route.moves, -route.publicity, probe.id, probe, route))
    return min(flights)[3:] if flights else None


def flight_energy(game: SoloGame, moves: int) -> int:
    """Energy a flight of ``moves`` costs you: 1 a move, this turn's free moves first (移动)."""
    return max(0, moves - game.free_moves) * game.variant.move_energy


def arrival(game: SoloGame, planet: str, flown: tuple[Probe, Route] | None) -> tuple[SetiGame, int, Route] | str:
    """The table once your flight to ``planet`` (``flown``, see ``flight``) has arrived,
    its energy paid, with the probe there, its id and the route flown; a sentence when there is no such flight."""
    if not game.table.solar.probes_of(YOU):
        return "no probe of yours in space"
    if flown is None:
        return f"{planet} is covered by a disc"
    probe, route = flown
    energy = flight_energy(game, route.moves)
    if energy > game.you.energy:
        return f"needs {energy} energy to fly {route.moves} move(s) to {planet} (has {game.you.energy})"
    solar = game.table.solar
    arrived = replace(solar, probes=tuple(replace(p, space=route.spaces[-1]) if p.id == probe.id else p for p in solar.probes))
    return replace(game.table, solar=arrived).with_player(replace(game.you, energy=game.you.energy - energy)), probe.id, route


def arrival_verdict(there: tuple[SetiGame, int, Route], moon: str | None, orbit: bool) -> ProbeOption:
    """The verdict of orbiting or landing (on the planet, or on ``moon``) where your flight arrived
    (``arrival``): ``probes.orbit_option`` / ``landing_option``."""
    table, probe_id, _ = there
    return orbit_option(table, probe_id) if orbit else landing_option(table, probe_id, moon=moon)


def fly_and_arrive(game: SoloGame, planet: str, moon: str | None, orbit: bool) -> Procedure:
    """Fly your probe along its cheapest route (``probes.move_probe``: this turn's free moves first, then
    energy; the publicity of the spaces entered), then orbit or land (``probes.orbit_planet`` /
    ``land_probe``). Returns the game, the reward items owed and the route; ``IllegalAction`` when no probe of
    yours can fly there (none in space, the planet covered by a disc)."""
    flown = flight(game, planet)
    if flown is None:
        raise IllegalAction("seti.solo.no_flight", f"no flight to {planet}: {arrival(game, planet, None)}", SECTION_MOVE)
    probe, route = flown
    sector = sector_at(game.table, route.spaces[-1])
    if len(route.spaces) > 1:
        game, _ = yield from on_your_board(game, lambda t: move_probe(t, probe.id, route.spaces[1:], free_moves=game.free_moves))
    game = replace(game, free_moves=max(0, game.free_moves - route.moves))
    arrive = (lambda t: orbit_planet(t, probe.id)) if orbit else (lambda t: land_probe(t, probe.id, moon=moon))
    game, items = yield from on_your_board(game, arrive, sector)
    return game, items, route


def card_landing(game: SoloGame, probe_id: int, moon: str | None) -> Procedure:
    """A card's landing, its energy waived (打出卡牌): you are given the energy the landing takes and pay it
    back at once (``probes.land_probe``). Returns the game and the reward items owed."""
    solar = game.table.solar
    sector = sector_at(game.table, solar.probe(probe_id).space)
    waived = game.table.with_player(replace(game.you, energy=game.you.energy + game.variant.land_energy))
    cost = landing_option(waived, probe_id, moon=moon).cost.get("energy", 0)
    game = game.with_player(replace(game.you, energy=game.you.energy + cost))
    return (yield from on_your_board(game, lambda t: land_probe(t, probe_id, moon=moon), sector))


def card_landings(game: SoloGame) -> list[tuple[str, str]]:
    """Where a card's landing may go (打出卡牌): each probe of yours at a planet, on the planet or one of its
    moons, by the landing's verdict with its energy waived (a moon with PT #04, one lander per moon, S-F3);
    as (``card-land:<probe>[/<moon>]``, words)."""
    solar = game.table.solar
    waived = game.table.with_player(replace(game.you, energy=game.you.energy + game.variant.land_energy))
    places = []
    for probe in solar.probes_of(YOU):
        planet = solar.contents(probe.space).planet
        if planet is None:  # a probe in open space: nowhere to land
            continue
        moons = solar.layout.planets[planet].moons if planet in solar.layout.planets else ()
        for moon in (None,) + tuple(m.name for m in moons):
            if landing_option(waived, probe.id, moon=moon).legal:
                places.append((f"card-land:{probe.id}" + (f"/{moon}" if moon else ""),
                               f"probe {probe.id} lands on {planet}" + (f"'s moon {moon}" if moon else "")))
    return places


def your_moves(game: SoloGame, probe_id: int) -> tuple[ProbeOption, ...]:
    """Every space next to your probe with its verdict and cost (``probes.move_options``: this turn's free
    moves first, one move more out of asteroids without PT #03, the entered space's publicity)."""
    return move_options(game.table, probe_id, free_moves=game.free_moves)


def move_one(game: SoloGame, probe_id: int, space: Any) -> Procedure:
    """Move your probe one space (``probes.move_probe``); the free moves it used are spent. Returns the game."""
    probe = game.table.solar.probe(probe_id)
    moves = game.table.solar.step_cost(probe.space, game.you.techs, game.variant)
    free = game.free_moves
    game, _ = yield from on_your_board(game, lambda t: move_probe(t, probe_id, [tuple(space)], free_moves=free))
    return replace(game, free_moves=free - min(free, moves))

