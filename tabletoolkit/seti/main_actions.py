"""The other phases' main actions on the whole game: launch, orbit, land (``probes``), scan (``scan``)
and analyze (``computer``).

Each wraps the owning module's procedure: the game is handed over (or translated to the module's own
table and back), and what the module leaves for others (a life trace, cards, a move) becomes an owed
item in ``SetiGame.pending`` that the turn settles.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from ..engine.frozen import replace
from typing import Any, Callable, Protocol, Sequence

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.steps import Procedure, Step
from .cards import Card, catalog_of
from .computer import analyze
from .game import Decisions, Option, SetiGame
from .probes import land_probe, landing_options, launch_probe, orbit_planet
from .scan import (SCAN as SCAN_SECTION, TELESCOPE, EarthSignal, MercurySignal, ProbeBoost, RowSignal, ScanStep, ScanTable,
                   resolve_completed, scan)

TURN = "游戏概述 · 回合结构"
Rotate = Callable[[SetiGame], Procedure]


def catalog(game: SetiGame) -> tuple[Card, ...]:
    """Every card of the game (one model: the scan, the card row and the computer read the same cards)."""
    return catalog_of(game.cards)


def owed_from_words(words: Sequence[str], active: str) -> tuple[tuple[str, str, str], ...]:
    """The scan and computer modules' effects left for others ("green: a pink life trace", "2 moves",
    "launch a probe") as owed items."""
    owed = []
    for text in words:
        who, _, what = text.rpartition(": ")
        who = who or active
        if match := re.fullmatch(r"a (pink|yellow|blue) life trace", what):
            owed.append((who, "trace", match[1]))
        elif match := re.fullmatch(r"(\d+) cards?", what):
            owed.append((who, "cards", match[1]))
        elif match := re.fullmatch(r"(?:gain )?(\d+) moves?", what):
            owed += [(who, "action", "move")] * int(match[1])
        elif what == "launch a probe":
            owed.append((who, "action", "launch"))
        else:
            owed.append((who, "action", what))
    return tuple(owed)


def sky_sector(game: SetiGame, planet: str) -> int:
    """The sky's number (1..8) of the sector ``planet`` is in now, matched by the star's name (the solar
    system numbers its sectors 0..7)."""
    if game.solar is None or game.sectors is None:
        raise IllegalAction("seti.turn.no_sky", "scanning needs the solar system and the sectors in play.", TURN)
    where = game.solar.sector_of(planet)
    if where is None:
        raise IllegalAction("seti.scan.covered", f"{planet} is covered by a disc now.", "扫描附近的恒星")
    star = game.solar.star(where)
    for sector in game.sectors.sectors:
        if sector.star == star:
            return sector.number
    raise InvalidInput("sectors", star, "no sector of the sky has the star this planet is beside")


@dataclass(frozen=True)
class Launch:
    """Main action: launch a probe (``seti.launch``, 2 credits)."""

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        return launch_probe(game, colour)


@dataclass(frozen=True)
class Orbit:
    """Main action: turn probe ``probe`` into an orbiter (``seti.orbit``)."""

    probe: int

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        _own_probe(game, colour, self.probe)
        return orbit_planet(game, self.probe)


@dataclass(frozen=True)
class Land:
    """Main action: land probe ``probe`` on its planet or, if allowed, a ``moon`` (``seti.land``); on a planet
    with several free first-lander spaces (Mars), ``first_space`` picks the one to cover."""

    probe: int
    moon: str | None = None
    first_space: int | None = None  # which free first-lander space to cover (Mars has two)

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        _own_probe(game, colour, self.probe)
        return land_probe(game, self.probe, moon=self.moon, first_space=self.first_space)


def _own_probe(game: SetiGame, colour: str, probe: int) -> None:
    if game.solar is None:
        raise IllegalAction("seti.turn.no_solar_system", "this game has no solar system to fly in.", TURN)
    if game.solar.probe(probe).owner != colour:
        raise IllegalAction("seti.turn.not_your_probe", f"probe {probe} is not {colour}'s.", TURN)


@dataclass(frozen=True)
class Scan:
    """Main action: scan (``seti.scan``) with the module's steps — ``EarthSignal()``, ``RowSignal(position,
    sector)``, the telescope techs' steps — in the order given; completed sectors resolve after it, in
    ``resolve_order`` if several. Earth's and Mercury's sectors are read off the solar system."""

    steps: tuple[ScanStep, ...]
    resolve_order: tuple[int, ...] | None = None

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        if game.solar is None or game.sectors is None:
            raise IllegalAction("seti.turn.no_sky", "scanning needs the solar system and the sectors in play.", TURN)
        table = _table(game)
        rng = game._reshuffle_rng()
        result = yield from scan(table, colour, self.steps, solar=game.solar, rng=rng,
                                 resolve_order=self.resolve_order, variant=game.variant)
        return _merge_scan(game, colour, result)


def scan_steps(game: SetiGame) -> tuple[ScanStep, ...]:
    """The plain scan's steps: Earth's signal, and the first card-row card that shows a sector colour for a
    signal in the first sector of that colour (a card of unknown colour matches no sector)."""
    for position, card_id in enumerate(game.card_row):
        if card_id is None:  # an empty place
            continue
        sectors = game.sectors.of_colour(game.card(card_id).colour)
        if sectors:
            return (EarthSignal(), RowSignal(position, sectors[0]))
    return (EarthSignal(),)


def scan_refusal(game: SetiGame, colour: str, steps: tuple[ScanStep, ...] = ()) -> IllegalAction | None:
    """Why ``colour`` cannot scan now with ``steps`` (Earth's signal and a row card of a sector's colour, or Earth's
    alone), or ``None``: no sky in play, no card of the row discarded while the row holds cards (a row of cards
    of no sector's colour), the scan's cost unpaid (``scan``'s own checks, before its first step)."""
    if game.solar is None or game.sectors is None:
        return IllegalAction("seti.turn.no_sky", "scanning needs the solar system and the sectors in play.", TURN)
    if any(game.card_row) and not any(isinstance(step, RowSignal) for step in steps):
        return IllegalAction("seti.scan.row_signal", "Every scan discards a card from the card row for a signal.",
                             SCAN_SECTION)
    return game.player(colour).shortfall("seti.scan.cost", SCAN_SECTION, credits=game.variant.scan_credits,
                                         energy=game.variant.scan_energy)


def telescope_refusal(game: SetiGame, colour: str, step: ScanStep) -> IllegalAction | None:
    """Why a telescope tech's ``step`` cannot join a scan ``colour`` can pay for, or ``None`` (the scan's own
    checks: TT #03 needs Mercury uncovered and its publicity, TT #04 its energy after the scan's)."""
    board, variant = game.player(colour), game.variant
    if isinstance(step, MercurySignal):
        if game.solar is None or game.solar.sector_of("Mercury") is None:
            return IllegalAction("seti.scan.mercury_covered", "A disc covers Mercury now: TT #03 has no sector to mark.",
                                 TELESCOPE)
        return board.shortfall("seti.scan.tt3_publicity", TELESCOPE, publicity=variant.tt3_publicity)
    if isinstance(step, ProbeBoost):
        left = replace(board, energy=board.energy - variant.scan_energy)
        return left.shortfall("seti.scan.tt4_energy", TELESCOPE, energy=variant.tt4_energy)
    return None


def scan_option(game: SetiGame, colour: str) -> Option:
    """The plain scan (``scan_steps``) with "legal" or the refusal the scan itself gives."""
    choice = Scan(scan_steps(game)) if game.sectors is not None else Scan((EarthSignal(),))
    refused = scan_refusal(game, colour, choice.steps)
    if refused is not None:
        return Option(choice, False, refused.reason, refused.rule, refused.section)
    return Option(choice)


CARD_SIGNAL = "signal in a sector with one of your probes"
PLAY = "打出卡牌"


def _merge_scan(game: SetiGame, colour: str, result) -> SetiGame:
    """The game after a scan-module result (sky, boards, cards, what it leaves owed)."""
    after = result.table
    return replace(game.with_supply(after.supply), players=after.boards, sectors=after.sky,
                   pending=game.pending + result.owed)


def _table(game: SetiGame) -> ScanTable:
    return ScanTable(game.sectors, game.players, game.supply())


class SkyTable(Protocol):
    """What a card's signal reads of a game (a ``SetiGame``, the solo game's table too): the solar
    system and the sky's sectors (``None`` when not in play)."""

    @property
    def solar(self) -> Any: ...

    @property
    def sectors(self) -> Any: ...


def card_signal_options(game: SkyTable, colour: str) -> tuple[Option, ...]:
    """The sky sectors (1..8) where a card's "signal in a sector with one of your probes" goes (S-F11), each
    legal; the signal is part of the card's effect, resolved when the card is played (打出卡牌: 结算效果), not
    left unused as a triggered mission's reward may be (任务卡 · 可触发任务: 即使触发了，也不一定要使用效果).
    ``None`` only when there is nowhere to mark it (no probe in space, no sky in play)."""
    if game.solar is None or game.sectors is None:
        return (Option(None, True, "no solar system or sky in play: nothing to mark"),)
    numbers = []
    for sector in game.solar.sectors_with_probes(colour):
        star = game.solar.star(sector)
        numbers += [s.number for s in game.sectors.sectors if s.star == star]
    if not numbers:
        return (Option(None, True, f"{colour} has no probe in space: nothing to mark"),)
    return tuple(Option(number, True, f"legal: {colour} has a probe in {game.sectors.sector(number).name}")
                 for number in sorted(numbers))


def card_signal(game: SetiGame, colour: str, decisions: Decisions) -> Procedure:
    """A card's signal in a sector with one of ``colour``'s probes, at no cost (打出卡牌); a sector it
    completes resolves at once (S-R7)."""
    number, game = yield from decisions.ask(game, "signal_sector", lambda now: card_signal_options(now, colour), colour)
    if number is None:
        yield Step("Card signal", f"{colour} marks no signal: {card_signal_options(game, colour)[0].reason}.", PLAY, game)
        return game
    return (yield from mark_signal(game, colour, number, "Card signal", "where one of its probes is", PLAY))


def mark_signal(game: SetiGame, colour: str, number: int, title: str, why: str, section: str) -> Procedure:
    """A signal from an effect (a card's, a planet's orbit reward) in sky sector ``number`` at no cost: its
    data and VP; a sector it completes resolves (S-R7)."""
    sector, gained = game.sectors.sector(number).mark(colour, game.variant)
    board = game.player(colour)
    board, kept = replace(board, score=board.score + gained.vp).gain_data(gained.data, game.variant)
    game = replace(game.with_player(board), sectors=game.sectors.with_sector(sector))
    yield Step(title, f"{colour} marks a signal in {sector.name}, {why}, "
               f"at no cost: {kept} data to the pool" + (f", {gained.vp} VP" if gained.vp else "") + ".", section, game,
               {"sector": number})
    if gained.completed:
        if game.variant.card_sector_resolution == "at once":
            return (yield from resolve_sector_now(game, colour, number))
        game = replace(game, pending=game.pending + ((colour, "sector", str(number)),))
        yield Step("A sector completed", f"{sector.name[:1].upper()}{sector.name[1:]} is complete: it resolves once the action is done, in the "
                   "order the player chooses (S-R7).", "扇形区域 · 完成扇区", game, {"sector": number})
    return game


def resolve_sector_now(game: SetiGame, colour: str, number: int) -> Procedure:
    """Resolve the completed sector ``number`` (扇形区域 · 完成扇区); what it leaves is owed."""
    result = yield from resolve_completed(_table(game), (number,), variant=game.variant)
    return _merge_scan(game, colour, result)


#: An orbit reward's action (Jupiter's, 绕行星运行): a signal in the sector the planet is in.
PLANET_SIGNAL = "signal in this planet's sector"


def planet_signal(game: SetiGame, colour: str, what: str) -> Procedure:
    """The orbit reward "a signal in this planet's sector" (``what`` names the planet: "... (orbit Jupiter)")."""
    planet = what.rpartition("(orbit ")[2].rstrip(")")
    if game.solar is None or game.sectors is None or planet not in game.solar.layout.planets:
        yield Step("No planet signal", f"{colour}'s signal in {planet or 'the planet'}'s sector has no sky to go to: "
                   "it is lost.", "绕行星运行", game)
        return game
    number = sky_sector(game, planet)
    return (yield from mark_signal(game, colour, number, "Orbit reward: a signal", f"{planet}'s sector", "绕行星运行"))


def card_landing_options(game: SetiGame, colour: str) -> tuple[Option, ...]:
    """Every landing a card's effect could make (its energy cost waived, 打出卡牌), with "legal" or the
    refusing rule. The landing is part of the card's effect, resolved when the card is played (结算效果), as
    its signal is (``card_signal_options``); ``None`` only when no landing is legal."""
    if game.solar is None:
        return (Option(None, True, "no solar system in play: nothing to land"),)
    board = game.player(colour)
    rich = game.with_player(replace(board, energy=board.energy + game.variant.land_energy))  # the cost is waived
    options = tuple(Option((found.probe, found.target), found.legal, found.reason, found.rule, found.section)
                    for found in landing_options(rich, colour))
    if any(option.legal for option in options):
        return options
    return options + (Option(None, True, f"{colour} has no probe that may land: nothing to land"),)


def card_landing(game: SetiGame, colour: str, decisions: Decisions) -> Procedure:
    """A landing from a card's effect, without its energy cost (actions inside an effect cost nothing extra)."""
    choice, game = yield from decisions.ask(game, "card_landing", lambda now: card_landing_options(now, colour), colour)
    if choice is None:
        yield Step("Card landing", f"{colour} lands nothing: no probe of theirs may land.", PLAY, game)
        return game
    probe, target = choice
    planet = game.solar.contents(game.solar.probe(probe).space).planet
    moon = None if target == planet else target
    board = game.player(colour)
    rich = game.with_player(replace(board, energy=board.energy + game.variant.land_energy))
    cost = next(f.cost["energy"] for f in landing_options(rich, colour)
                if f.probe == probe and f.target == target)
    game = game.with_player(replace(board, energy=board.energy + cost))
    yield Step("Card landing: no cost", f"The card's landing costs nothing: {colour} is given the {cost} energy the "
               "landing takes, and pays it back at once.", PLAY, game, {"energy": cost})
    return (yield from land_probe(game, probe, moon=moon, moon_allowed=moon is not None))


@dataclass(frozen=True)
class Analyze:
    """Main action: analyze data (``seti.analyze``): the computer clears, a blue trace is owed."""

    def procedure(self, game: SetiGame, colour: str, decisions: Decisions, rotate: Rotate) -> Procedure:
        result = yield from analyze(game.player(colour), variant=game.variant)
        return replace(game.with_player(result.board), pending=game.pending + ((colour, "trace", result.trace),))
