"""Probes: launch, move, orbit, land, and the rotation that carries or pushes them.

The procedures work on any frozen state with a ``solar`` field (a ``SolarSystem``), a ``players`` tuple
of ``PlayerBoard`` and a ``pending`` tuple of ``(colour, kind, what)`` owed to other phases: ``Flight``
below, or the whole game. Every refusal is an ``IllegalAction`` raised before anything changes; the
``*_options`` functions list every option with "legal" or the refusing rule.
"""

from __future__ import annotations

import dataclasses
import html
from dataclasses import dataclass
from ..engine.frozen import replace
from typing import Any, Mapping, Self, Sequence

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step, result_of
from .player import PlayerBoard
from .rewards import Reward
from .solar import LAYER_NAME, SECTION_PT, SECTION_ROTATE, Placement, Probe, SolarSystem, Space, space_words
from .variant import RULEBOOK, SetiVariant

NOTEBOOK = "seti_solar_system.ipynb"
SECTION_LAUNCH = "发射一个探测器"
SECTION_MOVE = "移动"
SECTION_ORBIT = "绕行星运行"
SECTION_LAND = "登陆行星或卫星"
SECTION_FAQ = "FAQ"


@dataclass(frozen=True)
class Flight:
    """The solar system with the players' boards: the smallest state the probe phases need."""

    solar: SolarSystem
    players: tuple[PlayerBoard, ...]
    pending: tuple[tuple[str, str, str], ...] = ()
    variant: SetiVariant = RULEBOOK

    @classmethod
    def start(cls, colours: Sequence[str] = ("green",), solar: SolarSystem | None = None, **board: Any) -> "Flight":
        """Players with the rulebook's starting resources (or ``board`` overrides) round ``solar``."""
        return cls(solar or SolarSystem.default(), tuple(PlayerBoard(colour, **board) for colour in colours))

    def player(self, colour: str) -> PlayerBoard:
        for board in self.players:
            if board.colour == colour:
                return board
        raise InvalidInput("colour", colour, f"not a player here; players: {[b.colour for b in self.players]}")

    def with_player(self, board: PlayerBoard) -> Self:
        return replace(self, players=tuple(board if b.colour == board.colour else b for b in self.players))

    def caption(self) -> str:
        """Each player's resources, score and data in one line (the pictures' caption)."""
        return " · ".join(
            f"{b.colour}: {b.credits} credits, {b.energy} energy, {b.publicity} publicity, {b.score} VP, {b.data} data"
            for b in self.players
        )

    def _repr_svg_(self) -> str:
        return self.solar.svg(caption=self.caption())


@dataclass(frozen=True)
class ProbeOption:
    """One possible probe action with its verdict: legal, or the rule that refuses it and why."""

    action: str
    target: Any
    legal: bool
    reason: str
    rule: str | None
    section: str
    cost: Mapping[str, int] = dataclasses.field(default_factory=dict)
    probe: int | None = None
    planet: str | None = None  # for a moon landing: the moon's planet (``target`` is the moon)

    def refuse(self) -> IllegalAction:
        return IllegalAction(self.rule or "seti.illegal", self.reason, self.section)

    def __str__(self) -> str:
        verdict = "legal" if self.legal else f"{self.reason} [{self.rule}]"
        target = f"{self.target} (moon of {self.planet})" if self.planet else self.target
        return f"{self.action} {target}: {verdict}"


def _ok(action: str, target: Any, section: str, cost: Mapping[str, int], probe: int | None = None) -> ProbeOption:
    return ProbeOption(action, target, True, "legal", None, section, dict(cost), probe)


def _no(action: str, target: Any, rule: str, reason: str, section: str, cost: Mapping[str, int] | None = None,
        probe: int | None = None) -> ProbeOption:
    return ProbeOption(action, target, False, reason, rule, section, dict(cost or {}), probe)


def _short(board: PlayerBoard, cost: Mapping[str, int]) -> str | None:
    missing = [f"{amount} {kind} (has {getattr(board, kind)})" for kind, amount in cost.items() if getattr(board, kind) < amount]
    return f"{board.colour} cannot pay " + " and ".join(missing) + "." if missing else None


def grant(state: Any, colour: str, reward: Reward, why: str = "") -> tuple[Any, str]:
    """Give ``colour`` a reward: VP, publicity (capped), credits, energy and data (pool) at once; cards,
    tucks, traces and actions go to ``pending`` for their phases. Returns the state and plain words."""
    variant = variant_of(state)
    board = state.player(colour)
    board = replace(board, score=board.score + reward.vp, credits=board.credits + reward.credits,
                    energy=board.energy + reward.energy)
    board, publicity = board.gain_publicity(reward.publicity, variant)
    board, data = board.gain_data(reward.data, variant)
    owed = [(colour, "trace", trace) for trace in reward.traces]
    owed += [(colour, kind, str(getattr(reward, kind))) for kind in ("cards", "random_cards", "tuck") if getattr(reward, kind)]
    owed += [(colour, "action", action) for action in reward.actions]
    state = replace(state.with_player(board), pending=tuple(state.pending) + tuple((c, k, f"{w}{why}") for c, k, w in owed))
    words = reward.describe()
    if publicity < reward.publicity:
        words += f" (publicity capped at {variant.publicity_cap}: +{publicity})"
    if data < reward.data:
        words += f" (data pool full: {data} kept, the rest discarded, S-F5)"
    return state, words


def variant_of(state: Any) -> SetiVariant:
    """The variant a phase follows: the state's own (every state the probe phases take carries one)."""
    return state.variant


def _count_model(board: PlayerBoard, kind: str) -> PlayerBoard:
    """Count a new orbiter or lander on the board when the board keeps such a count."""
    name = "orbiters" if kind == "orbiter" else "landers"
    if name in {f.name for f in dataclasses.fields(board)}:
        return replace(board, **{name: getattr(board, name) + 1})
    return board


# ---------------------------------------------------------------- launch


def probe_limit(board: PlayerBoard, variant: SetiVariant = RULEBOOK) -> int:
    """Probes ``board``'s player may have in space: 1, 2 with PT #01."""
    return variant.probe_limit + (variant.pt1_extra_probes if "PT1" in board.techs else 0)


def launch_option(state: Any, colour: str, *, free: bool = False, ignore_limit: bool = False) -> ProbeOption:
    """Whether ``colour`` may launch now (``free``: a bonus launch without the 2 credits;
    ``ignore_limit``: a card that says so, for this launch only, FAQ)."""
    variant = variant_of(state)
    board = state.player(colour)
    cost = {} if free else {"credits": variant.launch_credits}
    in_space, limit = len(state.solar.probes_of(colour)), probe_limit(board, variant)
    if not ignore_limit and in_space >= limit:
        tech = " (PT #01 allows one more)" if "PT1" not in board.techs else " (PT #01 included)"
        return _no("launch", "Earth", "seti.launch.limit",
                   f"{colour} already has {in_space} probe(s) in space; the limit is {limit}{tech}.", SECTION_LAUNCH, cost)
    short = _short(board, cost)
    if short:
        return _no("launch", "Earth", "seti.launch.credits", short, SECTION_LAUNCH, cost)
    return _ok("launch", "Earth", SECTION_LAUNCH, cost)


@register_phase("seti.launch", title="Launch a probe", section=SECTION_LAUNCH, notebook=NOTEBOOK)
def launch_probe(state: Any, colour: str, *, free: bool = False, ignore_limit: bool = False) -> Procedure:
    """Launch: pay 2 credits (not for a free launch), within the probe limit, a probe on Earth."""
    variant = variant_of(state)
    option = launch_option(state, colour, free=free, ignore_limit=ignore_limit)
    if not option.legal:
        raise option.refuse()
    board = state.player(colour)
    in_space, limit = len(state.solar.probes_of(colour)), probe_limit(board, variant)
    if ignore_limit:
        text = f"{colour} has {in_space} probe(s) in space; this card's launch ignores the limit of {limit}, for this launch only (FAQ)."
    else:
        text = (f"{colour} has {in_space} probe(s) in space and may have {limit}"
                + (" (PT #01 allows a second)." if "PT1" in board.techs else "."))
    yield Step("Check the probe limit", text, SECTION_LAUNCH, state, {"in space": in_space, "limit": limit})
    if free:
        text = f"A free launch (a bonus such as PT #01's): {colour} pays nothing."
    else:
        board = board.pay("seti.launch.credits", SECTION_LAUNCH, credits=variant.launch_credits)
        state = state.with_player(board)
        text = f"{colour} pays {variant.launch_credits} credits and has {board.credits} left."
    yield Step("Pay for the launch", text, SECTION_LAUNCH, state, {"credits": board.credits})
    solar = state.solar
    probe = Probe(solar.next_probe, colour, solar.earth)
    state = replace(state, solar=replace(solar, probes=solar.probes + (probe,), next_probe=solar.next_probe + 1))
    yield Step("Place the probe on Earth",
               f"Probe {probe.id} ({colour}) goes on {space_words(solar, probe.space)}. It may move this turn or later.",
               SECTION_LAUNCH, state, {"probe": probe.id, "space": str(probe.space)})
    return state


def launch(state: Any, colour: str, **options: Any) -> Any:
    """``launch_probe`` carried out: the new state."""
    return result_of(launch_probe(state, colour, **options))


# ---------------------------------------------------------------- move


def move_options(state: Any, probe_id: int, *, free_moves: int = 0) -> tuple[ProbeOption, ...]:
    """Every adjacent space for the probe, with its moves, energy and publicity, or why not."""
    variant = variant_of(state)
    solar = state.solar
    probe = solar.probe(probe_id)
    board = state.player(probe.owner)
    moves = solar.step_cost(probe.space, board.techs, variant)
    energy = max(0, moves - free_moves) * variant.move_energy
    options = []
    for target in solar.neighbours(probe.space):
        cost = {"moves": moves, "energy": energy, "publicity": solar.entry_publicity(target, board.techs, variant)}
        short = _short(board, {"energy": energy})
        if short:
            options.append(_no("move", target, "seti.move.energy", short, SECTION_MOVE, cost, probe_id))
        else:
            options.append(_ok("move", target, SECTION_MOVE, cost, probe_id))
    return tuple(options)


def _plan_moves(state: Any, probe: Probe, path: Sequence[Any], free_moves: int) -> list[dict[str, Any]]:
    """Check a whole path before anything moves; the plan of each step."""
    variant = variant_of(state)
    solar, board = state.solar, state.player(probe.owner)
    if not path:
        raise InvalidInput("path", path, "name at least one space to move to")
    plan, here, free, energy = [], probe.space, free_moves, board.energy
    for index, raw in enumerate(path):
        if isinstance(raw, tuple) and len(raw) == 2 and raw[0] == 0:
            raise IllegalAction("seti.move.sun", "The sun is no space: no probe enters or crosses it.", SECTION_MOVE)
        if isinstance(raw, tuple) and len(raw) == 2 and raw[0] == solar.layout.rings + 1:
            raise IllegalAction("seti.move.edge", f"Ring {solar.layout.rings} is the outermost: there is no space "
                                "beyond it.", SECTION_MOVE)
        if not (isinstance(raw, tuple) and len(raw) == 2 and all(isinstance(v, int) for v in raw)):
            raise InvalidInput(f"path[{index}]", raw, "a space is (ring, sector)")
        target = Space(*raw)
        solar.check_space(target)
        if target not in solar.neighbours(here):
            raise IllegalAction("seti.move.adjacent", f"{target} is not next to {here}: a move goes to an adjacent "
                                "space, never diagonally.", SECTION_MOVE)
        moves = solar.step_cost(here, board.techs, variant)
        from_free = min(free, moves)
        paid = (moves - from_free) * variant.move_energy
        if paid > energy:
            raise IllegalAction("seti.move.energy", f"{probe.owner} needs {paid} energy for the move from {here} to "
                                f"{target} and has {energy} left.", SECTION_MOVE)
        free, energy = free - from_free, energy - paid
        plan.append({"from": here, "to": target, "moves": moves, "free": from_free, "energy": paid,
                     "publicity": solar.entry_publicity(target, board.techs, variant)})
        here = target
    return plan


def move_refusal(state: Any, probe_id: int, path: Sequence[Any], *, free_moves: int = 0) -> IllegalAction | None:
    """The refusal moving the probe along ``path`` would meet (the checks ``move_probe`` makes first), or
    ``None``."""
    try:
        _plan_moves(state, state.solar.probe(probe_id), path, free_moves)
    except IllegalAction as refusal:
        return refusal
    return None


@register_phase("seti.move", title="Move a probe", section=SECTION_MOVE, notebook=NOTEBOOK)
def move_probe(state: Any, probe_id: int, path: Sequence[Space], *, free_moves: int = 0) -> Procedure:
    """Move a probe along ``path`` (adjacent spaces). Each move costs 1 energy, or comes from
    ``free_moves`` (card corners, TT #04, card effects) first; leaving asteroids takes one move more
    (not with PT #03); entering an icon space gives its publicity (not Earth; capped)."""
    variant = variant_of(state)
    if not isinstance(free_moves, int) or free_moves < 0:
        raise InvalidInput("free_moves", free_moves, "a whole number of moves, 0 or more")
    probe = state.solar.probe(probe_id)
    plan = _plan_moves(state, probe, path, free_moves)
    colour = probe.owner
    for step in plan:
        board = state.player(colour)
        if step["energy"]:
            board = board.pay("seti.move.energy", SECTION_MOVE, energy=step["energy"])
        board, gained = board.gain_publicity(step["publicity"], variant)
        solar = state.solar
        moved = replace(solar.probe(probe_id), space=step["to"])
        solar = replace(solar, probes=tuple(moved if p.id == probe_id else p for p in solar.probes))
        state = replace(state.with_player(board), solar=solar)
        contents = solar.contents(step["to"])
        paying = []
        if step["free"]:
            paying.append(f"{step['free']} free move(s)")
        if step["energy"]:
            paying.append(f"{step['energy']} energy")
        extra = " (leaving asteroids takes one move more)" if step["moves"] > 1 else ""
        text = (f"Probe {probe_id} moves from {space_words(solar, step['from'])} to {space_words(solar, step['to'])} "
                f"({contents.describe()}): "
                f"{step['moves']} move(s){extra}, paid with {' and '.join(paying)}.")
        if step["publicity"]:
            text += f" Entering gives {step['publicity']} publicity: +{gained}, now {board.publicity}"
            text += f" (capped at {variant.publicity_cap})." if gained < step["publicity"] else "."
        section = SECTION_PT if contents.asteroid and "PT3" in board.techs else SECTION_MOVE
        yield Step(f"Move to {space_words(solar, step['to'])}", text, section, state,
                   {"moves": step["moves"], "energy": board.energy, "publicity": board.publicity})
    return state


def move(state: Any, probe_id: int, path: Sequence[Space], **options: Any) -> Any:
    """``move_probe`` carried out: the new state."""
    return result_of(move_probe(state, probe_id, path, **options))


# ---------------------------------------------------------------- orbit


def _at_planet(state: Any, probe: Probe, action: str, section: str) -> ProbeOption | str:
    planet = state.solar.contents(probe.space).planet
    if planet is None:
        return _no(action, str(probe.space), f"seti.{action}.no_planet",
                   f"Probe {probe.id} is at {probe.space}, where there is no planet.", section, probe=probe.id)
    if planet == state.solar.layout.earth:
        return _no(action, planet, f"seti.{action}.earth", f"No one can {'land on' if action == 'land' else action} Earth: choose another planet.",
                   section, probe=probe.id)
    return planet


def orbit_option(state: Any, probe_id: int) -> ProbeOption:
    """Whether this probe may orbit where it is (a main action: 1 credit + 1 energy, not Earth)."""
    variant = variant_of(state)
    probe = state.solar.probe(probe_id)
    planet = _at_planet(state, probe, "orbit", SECTION_ORBIT)
    if isinstance(planet, ProbeOption):
        return planet
    cost = {"credits": variant.orbit_credits, "energy": variant.orbit_energy}
    short = _short(state.player(probe.owner), cost)
    if short:
        return _no("orbit", planet, "seti.orbit.cost", short, SECTION_ORBIT, cost, probe_id)
    return _ok("orbit", planet, SECTION_ORBIT, cost, probe_id)


def orbit_options(state: Any, colour: str) -> tuple[ProbeOption, ...]:
    """Every probe of ``colour`` in space with its orbit verdict."""
    return tuple(orbit_option(state, p.id) for p in state.solar.probes_of(colour))


@register_phase("seti.orbit", title="Orbit a planet", section=SECTION_ORBIT, notebook=NOTEBOOK)
def orbit_planet(state: Any, probe_id: int) -> Procedure:
    """Orbit: 1 credit + 1 energy; the probe leaves space for the planet's orbit; the planet's reward;
    3 VP for the first orbiter only."""
    variant = variant_of(state)
    option = orbit_option(state, probe_id)
    if not option.legal:
        raise option.refuse()
    planet, probe = option.target, state.solar.probe(probe_id)
    colour = probe.owner
    board = state.player(colour).pay("seti.orbit.cost", SECTION_ORBIT, credits=variant.orbit_credits,
                                     energy=variant.orbit_energy)
    state = state.with_player(board)
    yield Step("Pay for the orbit", f"{colour} pays {variant.orbit_credits} credit and {variant.orbit_energy} energy "
               f"(now {board.credits} credits, {board.energy} energy).", SECTION_ORBIT, state,
               {"credits": board.credits, "energy": board.energy})
    solar = state.solar
    first = solar.first_orbiter(planet) is None
    placement = Placement(planet, colour, "orbiter", first=0 if first else None)
    solar = replace(solar, probes=tuple(p for p in solar.probes if p.id != probe_id), placements=solar.placements + (placement,))
    state = replace(state.with_player(_count_model(state.player(colour), "orbiter")), solar=solar)
    yield Step("Into orbit", f"Probe {probe_id} leaves the solar system board for {planet}'s orbit on the planet board; "
               f"it no longer counts toward {colour}'s probes in space.", SECTION_ORBIT, state, {"planet": planet})
    state, words = grant(state, colour, solar.layout.planets[planet].orbit, f" (orbit {planet})")
    yield Step("The planet's orbit reward", f"{colour} gains {planet}'s orbit reward: {words}.", SECTION_ORBIT, state,
               {"reward": words})
    if first:
        state, words = grant(state, colour, Reward(vp=variant.first_orbiter_vp))
        text = f"{colour} is {planet}'s first orbiter: +{variant.first_orbiter_vp} VP, the model covers the first-orbiter space."
    else:
        text = f"{solar.first_orbiter(planet)} was {planet}'s first orbiter: no {variant.first_orbiter_vp} VP for {colour}."
    yield Step("First orbiter", text, SECTION_ORBIT, state, {"first": first, "score": state.player(colour).score})
    return state


def orbit(state: Any, probe_id: int, **options: Any) -> Any:
    """``orbit_planet`` carried out: the new state."""
    return result_of(orbit_planet(state, probe_id, **options))


# ---------------------------------------------------------------- land


def land_cost(solar: SolarSystem, planet: str, techs: frozenset[str], variant: SetiVariant = RULEBOOK) -> int:
    """Energy to land on ``planet`` or one of its moons: 3, 2 with anyone's orbiter there, one less with
    PT #02 (S-F3)."""
    base = variant.land_energy_with_orbiter if solar.orbiters(planet) else variant.land_energy
    return max(0, base - (variant.pt2_land_discount if "PT2" in techs else 0))


def landing_option(state: Any, probe_id: int, *, moon: str | None = None, moon_allowed: bool = False) -> ProbeOption:
    """Whether this probe may land on its planet, or on ``moon`` (PT #04 or an effect that allows it,
    one lander per moon, S-F3). A moon's option has the moon as ``target`` and its ``planet``."""
    probe = state.solar.probe(probe_id)
    planet = _at_planet(state, probe, "land", SECTION_LAND)
    if isinstance(planet, ProbeOption):
        return planet
    option = _landing_verdict(state, probe, planet, moon, moon_allowed)
    return option if moon is None else replace(option, planet=planet)


def _landing_verdict(state: Any, probe: Probe, planet: str, moon: str | None, moon_allowed: bool) -> ProbeOption:
    variant = variant_of(state)
    board, solar, probe_id = state.player(probe.owner), state.solar, probe.id
    target = planet if moon is None else moon
    cost = {"energy": land_cost(solar, planet, board.techs, variant)}
    if moon is not None:
        if solar.layout.planets[planet].moon(moon) is None:
            names = [m.name for m in solar.layout.planets[planet].moons]
            return _no("land", target, "seti.land.no_moon", f"{planet} has no moon {moon}; its moons: {names or 'none'}.",
                       SECTION_LAND, cost, probe_id)
        if "PT4" not in board.techs and not moon_allowed:
            return _no("land", target, "seti.land.moon_tech", f"Landing on a moon needs PT #04 or an effect that allows "
                       f"it; {probe.owner} has neither.", SECTION_LAND, cost, probe_id)
        taken = solar.landers(planet, moon)
        if taken:
            return _no("land", target, "seti.land.moon_taken", f"{moon} already has {taken[0].owner}'s lander: "
                       "one lander per moon.", SECTION_LAND, cost, probe_id)
    short = _short(board, cost)
    if short:
        return _no("land", target, "seti.land.energy", short, SECTION_LAND, cost, probe_id)
    return _ok("land", target, SECTION_LAND, cost, probe_id)


def landing_options(state: Any, colour: str, *, moon_allowed: bool = False) -> tuple[ProbeOption, ...]:
    """Every landing ``colour``'s probes could try (planet and each moon) with its verdict."""
    options = []
    for probe in state.solar.probes_of(colour):
        options.append(landing_option(state, probe.id))
        planet = state.solar.contents(probe.space).planet
        if planet in state.solar.layout.planets:
            for moon in state.solar.layout.planets[planet].moons:
                options.append(landing_option(state, probe.id, moon=moon.name, moon_allowed=moon_allowed))
    return tuple(options)


@register_phase("seti.land", title="Land on a planet or moon", section=SECTION_LAND, notebook=NOTEBOOK)
def land_probe(state: Any, probe_id: int, *, moon: str | None = None, moon_allowed: bool = False,
               first_space: int | None = None) -> Procedure:
    """Land: 3 energy (2 with an orbiter there, one less with PT #02); the landing reward (a life trace
    and VP); data for a first lander (Mars has two first spaces: ``first_space`` picks one); moons
    only with PT #04 or ``moon_allowed``, one lander each, at the planet's landing cost."""
    variant = variant_of(state)
    option = landing_option(state, probe_id, moon=moon, moon_allowed=moon_allowed)
    if not option.legal:
        raise option.refuse()
    solar, probe = state.solar, state.solar.probe(probe_id)
    colour, planet = probe.owner, solar.contents(probe.space).planet
    free_firsts = [i for i, owner in enumerate(solar.first_landers(planet)) if owner is None]
    if moon is None and first_space is not None and first_space not in free_firsts:
        raise InvalidInput("first_space", first_space, f"free first-lander spaces on {planet}: {free_firsts}")
    board = state.player(colour)
    energy = option.cost["energy"]
    reasons = [f"{variant.land_energy} energy" if not solar.orbiters(planet) else f"{variant.land_energy_with_orbiter} energy: {planet} already has an orbiter"]
    if "PT2" in board.techs:
        reasons.append(f"PT #02 takes {variant.pt2_land_discount} off")
    board = board.pay("seti.land.energy", SECTION_LAND, energy=energy)
    state = state.with_player(board)
    yield Step("Pay for the landing", f"{colour} pays {energy} energy ({'; '.join(reasons)}); {board.energy} left.",
               SECTION_PT if "PT2" in board.techs else SECTION_LAND, state, {"energy": energy})
    covered = None if moon is not None or not free_firsts else (first_space if first_space is not None else free_firsts[0])
    placement = Placement(planet, colour, "lander", moon=moon, first=covered)
    solar = replace(solar, probes=tuple(p for p in solar.probes if p.id != probe_id), placements=solar.placements + (placement,))
    state = replace(state.with_player(_count_model(state.player(colour), "lander")), solar=solar)
    where = f"the moon {moon} of {planet}" if moon else planet
    yield Step("Land", f"Probe {probe_id} leaves the solar system board and lands on {where}.", SECTION_LAND, state,
               {"planet": planet, "moon": moon})
    planet_data = solar.layout.planets[planet]
    reward = planet_data.moon(moon).reward if moon else planet_data.land
    state, words = grant(state, colour, reward, f" (landing on {where})")
    yield Step("The landing reward", f"{colour} gains {words}.", SECTION_LAND, state, {"reward": words})
    if moon is None:
        if covered is not None:
            data = planet_data.first_lander_data[covered]
            state, words = grant(state, colour, Reward(data=data))
            spaces = len(planet_data.first_lander_data)
            text = (f"{colour} is among {planet}'s first landers: covers first-lander space {covered + 1} of {spaces} and "
                    f"gains {words}.")
        else:
            text = f"{planet}'s first-lander space(s) are covered already: no data for later landers."
        yield Step("First lander", text, SECTION_LAND, state, {"first": covered is not None, "data": state.player(colour).data})
    return state


def land(state: Any, probe_id: int, **options: Any) -> Any:
    """``land_probe`` carried out: the new state."""
    return result_of(land_probe(state, probe_id, **options))


# ---------------------------------------------------------------- rotation


@register_phase("seti.rotation", title="Rotate the solar system", section=SECTION_ROTATE, notebook=NOTEBOOK)
def rotate_solar_system(state: Any) -> Procedure:
    """Turn the rotation marker's disc (1, 2, 3, then 1 again) with the discs on top of it; probes on
    turning discs ride along, probes in cut-outs stay or are pushed into the next space, and a pushed
    probe's owner gains that space's publicity at once, even on another's turn (FAQ); with PT #03 a push
    into asteroids pays too (``variant.pt3_on_push``, our reading)."""
    variant = variant_of(state)
    solar = state.solar
    disc = solar.next_disc
    turning = ", ".join(f"disc {d}" for d in range(disc, 0, -1))
    after, rides = solar.rotated({board.colour: board.techs for board in state.players}, variant)
    state = replace(state, solar=replace(after, probes=solar.probes))
    riders = {1: "", 2: " and carries disc 1 with it", 3: " and carries discs 2 and 1 with it"}[disc]
    yield Step(f"Disc {disc} turns", f"The rotation marker shows disc {disc}: it turns one sector{riders}.",
               SECTION_ROTATE, state, {"disc": disc, "turning": turning})
    for ride in rides:
        probes = tuple(replace(p, space=ride.to) if p.id == ride.probe.id else p for p in state.solar.probes)
        state = replace(state, solar=replace(state.solar, probes=probes))
        who = f"Probe {ride.probe.id} ({ride.probe.owner}) at {space_words(solar, ride.probe.space)}"
        under = LAYER_NAME[solar.layer(ride.probe.space)]
        if ride.outcome == "carried":
            text = f"{who} is on {under}, which turns: it rides along to {space_words(state.solar, ride.to)}."
        elif ride.outcome == "stays" and ride.probe.space.ring <= solar.layout.discs[disc - 1].rings:
            text = f"{who} sits on {under}, in a cut-out of the turning disc(s) that no wall reaches: it stays."
        elif ride.outcome == "stays":
            text = f"{who} is on {under}, outside the turning disc(s): it stays."
        else:
            due = ride.publicity
            board, gained = state.player(ride.probe.owner).gain_publicity(due, variant)
            state = state.with_player(board)
            text = (f"{who} sits in a cut-out and a turning disc's wall pushes it into {space_words(state.solar, ride.to)} "
                    f"({state.solar.contents(ride.to).describe()}).")
            if due:
                text += f" {ride.probe.owner} gains {gained} publicity at once, even on another's turn (now {board.publicity})."
        yield Step(f"Probe {ride.probe.id} {ride.outcome}", text, SECTION_ROTATE if ride.outcome != "pushed" else f"{SECTION_ROTATE} · {SECTION_FAQ}",
                   state, {"probe": ride.probe.id, "outcome": ride.outcome, "to": str(ride.to)})
    yield Step("Move the rotation marker", f"The marker moves on: the next rotation turns disc {state.solar.next_disc}.",
               SECTION_ROTATE, state, {"next disc": state.solar.next_disc})
    return state


def rotate(state: Any) -> Any:
    """``rotate_solar_system`` carried out: the new state (for phases that rotate, e.g. research)."""
    return result_of(rotate_solar_system(state))


def describe_options(options: Sequence[ProbeOption]) -> str:
    """An HTML list of options with their verdicts."""
    items = "".join(
        f"<li class='{'tt-legal' if o.legal else 'tt-illegal'}'>{html.escape(str(o))}</li>" for o in options
    )
    return f"<ul class='tt-options'>{items}</ul>"
