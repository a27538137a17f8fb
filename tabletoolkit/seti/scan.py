"""Scanning nearby stars (a main action) and resolving the sectors it completes.

Pay 1 credit and 2 energy, then, in any order: a signal in Earth's sector (TT #01: an adjacent sector
instead), a card-row discard for a signal in one of the two sectors of the card's colour (the row
refills at once), and with telescope techs TT #02 (a hand card for an extra signal), TT #03 (1
publicity for a signal in Mercury's sector) and TT #04 (1 energy to launch a probe or gain a move):
at most 4 signals (S-F6). Sectors completed resolve after the action in the order the active player
chooses (完成扇区, S-R7). Earth's and Mercury's sectors move with the solar system: give ``solar`` and
they are read off it (``scan_sectors``), or give their sky numbers by hand.
Rulebook: 扫描附近的恒星, 望远镜科技, 扇形区域.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from ..engine.frozen import replace, replace_valid
from typing import TYPE_CHECKING, Literal, Union

from ..engine import IllegalAction, InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from .cards import REFILL, CardSupply
from .measures import register_measure
from .player import PlayerBoard
from .sector import COMPLETE, NOTEBOOK, Gained, Owed, SectorResult, Sky, apply_reward, explain_resolution
from .variant import RULEBOOK, SetiVariant

if TYPE_CHECKING:
    from .solar import SolarSystem

SCAN = "扫描附近的恒星"
TELESCOPE = "望远镜科技"


@dataclass(frozen=True)
class EarthSignal:
    """A signal in Earth's sector, or with TT #01 in a sector next to it (give ``sector``)."""

    sector: int | None = None


@dataclass(frozen=True)
class RowSignal:
    """Discard the card-row card at ``position`` (0..2) for a signal in ``sector``, one of its colour's two."""

    position: int
    sector: int


@dataclass(frozen=True)
class HandSignal:
    """TT #02: discard hand card ``card`` for an extra signal in ``sector``, one of its colour's two."""

    card: str
    sector: int


@dataclass(frozen=True)
class MercurySignal:
    """TT #03: pay 1 publicity for an extra signal in Mercury's sector."""


@dataclass(frozen=True)
class ProbeBoost:
    """TT #04: pay 1 energy to launch a probe (``"launch"``) or gain a move (``"move"``)."""

    use: Literal["launch", "move"] = "move"


ScanStep = Union[EarthSignal, RowSignal, HandSignal, MercurySignal, ProbeBoost]
_TECH = {HandSignal: "TT2", MercurySignal: "TT3", ProbeBoost: "TT4"}


@dataclass(frozen=True)
class ScanTable:
    """What a scan changes: the sky, every player's board and the cards."""

    sky: Sky
    boards: tuple[PlayerBoard, ...]
    supply: CardSupply

    def __post_init__(self) -> None:
        if not isinstance(self.sky, Sky) or not isinstance(self.supply, CardSupply):
            raise InvalidInput("table", (type(self.sky).__name__, type(self.supply).__name__), "a Sky and a CardSupply")
        colours = [board.colour for board in self.boards if isinstance(board, PlayerBoard)]
        if len(colours) != len(self.boards) or len(set(colours)) != len(colours):
            raise InvalidInput("boards", colours, "one PlayerBoard per player colour")

    def board(self, colour: str) -> PlayerBoard:
        for board in self.boards:
            if board.colour == colour:
                return board
        raise InvalidInput("player", colour, f"no board for this player; players: {[b.colour for b in self.boards]}")

    def with_board(self, board: PlayerBoard) -> "ScanTable":
        self.board(board.colour)
        boards = tuple(board if b.colour == board.colour else b for b in self.boards)
        if isinstance(board, PlayerBoard):  # one board per colour still: nothing to check
            return replace_valid(self, boards=boards)
        return replace(self, boards=boards)

    def _repr_html_(self) -> str:
        boards = "".join(
            f"<li><b>{html.escape(b.colour)}</b>: score {b.score}, publicity {b.publicity}, credits {b.credits}, "
            f"energy {b.energy}, data {b.data}, hand {len(b.hand)}</li>"
            for b in self.boards
        )
        return f"<div class='tt-scan-table'>{self.supply._repr_html_()}<ul>{boards}</ul>{self.sky._repr_html_()}</div>"


@dataclass(frozen=True)
class ScanSectors:
    """Where a scan signals, as sky numbers: Earth's sector, the two beside it (TT #01) and Mercury's
    (TT #03; ``None`` when it is not known or a disc covers Mercury)."""

    earth: int
    beside_earth: tuple[int, int]
    mercury: int | None = None


def scan_sectors(solar: "SolarSystem", sky: Sky) -> ScanSectors:
    """Earth's, its neighbours' and Mercury's sectors read off the solar system, matched to the sky by
    their stars (the solar system numbers its sectors 0..7 in the order set-up laid the sector boards,
    S-F11; the sky numbers them 1..n)."""
    from .solar import SECTORS

    def number(solar_sector: int) -> int:
        return sky.number_of(solar.star(solar_sector % SECTORS))

    earth = solar.earth.sector
    mercury = solar.sector_of("Mercury")
    return ScanSectors(number(earth), (number(earth - 1), number(earth + 1)),
                       None if mercury is None else number(mercury))


def _sectors(sky: Sky, solar, earth_sector, mercury_sector) -> ScanSectors:
    """The scan's sectors from ``solar`` or, for tests and hand-made tables, from the numbers given."""
    if solar is not None:
        if earth_sector is not None or mercury_sector is not None:
            raise InvalidInput("earth_sector", earth_sector, "give the solar system or the sector numbers, not both")
        return scan_sectors(solar, sky)
    if earth_sector is None:
        raise InvalidInput("earth_sector", None, "give the solar system (solar=...) or Earth's sector number")
    sky.sector(earth_sector)
    if mercury_sector is not None:
        sky.sector(mercury_sector)
    return ScanSectors(earth_sector, sky.neighbours(earth_sector), mercury_sector)


@dataclass(frozen=True)
class ScanResult:
    """The table after the scan, each signal (sector number, what it gave), resolutions, and effects
    left to other phases (TT #04's launch or move, the winners' life traces, cards): in words
    (``pending``) and as ``SetiGame.pending`` items ``(colour, kind, what)`` (``owed``)."""

    table: ScanTable
    signals: tuple[tuple[int, Gained], ...]
    resolutions: tuple[SectorResult, ...]
    pending: tuple[str, ...]
    owed: tuple[tuple[str, str, str], ...] = ()


@register_phase("seti.scan", title="Scan nearby stars", section=SCAN, notebook=NOTEBOOK)
def scan(
    table: ScanTable,
    player: str,
    steps: Sequence[ScanStep],
    *,
    rng: Rng,
    solar: "SolarSystem | None" = None,
    earth_sector: int | None = None,
    mercury_sector: int | None = None,
    resolve_order: Sequence[int] | None = None,
    variant: SetiVariant = RULEBOOK,
) -> Procedure:
    """Carry out a scan: the cost, each step in the order given, then the completed sectors resolve.

    Earth's and Mercury's sectors come from ``solar`` (see ``scan_sectors``) or, by hand, from
    ``earth_sector`` and ``mercury_sector``. Everything is checked before the first step is shown: a
    refused scan changes nothing.
    """
    if not isinstance(table, ScanTable):
        raise InvalidInput("table", table, "a ScanTable")
    where = _sectors(table.sky, solar, earth_sector, mercury_sector)
    shown, result = _scan(table, player, steps, where, solar is not None, rng, resolve_order, variant)
    yield from shown
    return result


def _scan(table, player, steps, where: ScanSectors, from_solar: bool, rng, resolve_order, variant):
    board = table.board(player)
    earth_sector = where.earth
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Sequence):
        raise InvalidInput("steps", steps, "a list of scan steps (EarthSignal(), RowSignal(...), ...)")
    kinds = [type(step) for step in steps]
    for step in steps:
        if type(step) not in (EarthSignal, RowSignal, HandSignal, MercurySignal, ProbeBoost):
            raise InvalidInput("steps", step, "EarthSignal, RowSignal, HandSignal, MercurySignal or ProbeBoost")
        if kinds.count(type(step)) > 1:
            raise IllegalAction("seti.scan.twice", f"A scan has one {type(step).__name__} step at most.", SCAN)
    if EarthSignal not in kinds:
        raise IllegalAction("seti.scan.earth_signal", "Every scan marks a signal in Earth's sector (or next to it with TT #01).", SCAN)
    if RowSignal not in kinds and any(card is not None for card in table.supply.row):
        raise IllegalAction("seti.scan.row_signal", "Every scan discards a card from the card row for a signal.", SCAN)
    for step in steps:
        tech = _TECH.get(type(step))
        if isinstance(step, EarthSignal) and step.sector not in (None, earth_sector):
            tech = "TT1"
        if tech and tech not in board.techs:
            raise IllegalAction("seti.scan.needs_tech", f"{player} has no {tech}, which {type(step).__name__} needs.", TELESCOPE)

    shown: list[Step] = []
    board = board.pay("seti.scan.cost", SCAN, credits=variant.scan_credits, energy=variant.scan_energy)
    table = table.with_board(board)
    shown.append(Step("Pay for the scan", f"{player} pays {variant.scan_credits} credit and {variant.scan_energy} energy.",
                      SCAN, table, {"credits": board.credits, "energy": board.energy}))
    done, table, signals, completed, pending = scan_steps(table, player, steps, where, rng=rng, from_solar=from_solar,
                                                         variant=variant)
    shown.extend(done)
    resolution_steps, table, results, more = _resolve(table, completed, resolve_order, variant)
    shown.extend(resolution_steps)
    boosts = tuple((player, "action", step.use) for step in steps if isinstance(step, ProbeBoost))
    return shown, ScanResult(table, tuple(signals), results, tuple(pending + more), boosts + _owed(results))


def scan_steps(table: ScanTable, player: str, steps: Sequence[ScanStep], where: ScanSectors, *, rng: Rng,
               from_solar: bool = True, variant: SetiVariant = RULEBOOK
               ) -> tuple[list[Step], ScanTable, list[tuple[int, Gained]], list[int], list[str]]:
    """Carry out ``steps`` of a scan already paid for, in the order given: the signals marked
    (their data to the pool, S-F5; the second slot's VP), the card-row card discarded and the row refilled at
    once, TT #02's hand card, TT #03's publicity, TT #04's energy. The sectors they complete are not resolved
    here (they resolve after the action, 完成扇区). Returns the steps to show, the table, the signals (sector
    number, what it gave), the sectors completed and what TT #04 leaves to the solar system ("launch a probe",
    "gain 1 move"); a refused step raises before anything is shown. The solo side's scan and telescope steps
    are taken by this too."""
    earth_sector = where.earth
    shown: list[Step] = []
    signals: list[tuple[int, Gained]] = []
    completed: list[int] = []
    pending: list[str] = []

    def signal(table: ScanTable, number: int, why: str, section: str) -> ScanTable:
        sector = table.sky.sector(number)
        sector, gained = sector.mark(player, variant)
        board = table.board(player)
        board = replace(board, score=board.score + gained.vp)
        board, kept = board.gain_data(gained.data, variant)
        table = replace_valid(table.with_board(board), sky=table.sky.with_sector(sector))
        signals.append((number, gained))
        if gained.overflow:
            text = f"{why}: {player} marks {sector.name} beyond its slots (overflow: no data, counts for the win)."
        else:
            text = f"{why}: {player} replaces the data in slot {gained.slot} of {sector.name}"
            text += " and takes it to the pool" if kept else ", but the pool is full: the data is discarded (S-F5)"
            text += f"; {gained.vp} VP for the second slot." if gained.vp else "."
        if gained.completed:
            completed.append(number)
            text += f" {sector.name[:1].upper()}{sector.name[1:]} is complete: it resolves after the action."
        shown.append(Step(f"Signal in {sector.name}", text, section, table, {"sector": number, "data": kept, "VP": gained.vp}))
        return table

    for step in steps:
        if isinstance(step, EarthSignal):
            number = earth_sector if step.sector is None else step.sector
            table.sky.sector(number)
            if number != earth_sector and number not in where.beside_earth:
                raise IllegalAction("seti.scan.not_adjacent",
                                    f"TT #01 moves the Earth signal to a sector next to Earth's ({earth_sector}: "
                                    f"{' or '.join(map(str, where.beside_earth))}), not to {number}.", TELESCOPE)
            why = "Earth's sector" if number == earth_sector else f"TT #01, next to Earth's {table.sky.sector(earth_sector).name}"
            table = signal(table, number, why, SCAN if number == earth_sector else TELESCOPE)
        elif isinstance(step, RowSignal):
            supply = table.supply
            placed = supply.row[step.position] if isinstance(step.position, int) and 0 <= step.position < len(supply.row) else None
            if placed is None:
                raise InvalidInput("position", step.position, f"a card-row position holding a card: {list(supply.row)}")
            card = supply.card(placed)
            _check_colour(table.sky, card.colour, step.sector, card.name)
            supply, taken, refill = supply.take_from_row(step.position, rng)
            reshuffled = not table.supply.deck and bool(table.supply.discard)
            supply = supply.discard_card(taken)
            table = replace_valid(table, supply=supply)
            refill_text = f"{supply.card(refill).name} replaces it at once" if refill else "no card is left to replace it"
            if reshuffled:
                refill_text += " (the deck was empty: the discard pile was reshuffled)"
            shown.append(Step("Discard from the card row",
                              f"{player} discards {card.name} ({card.colour}) from the row; {refill_text}.",
                              REFILL, table, {"discarded": taken, "refill": refill or "none"}))
            table = signal(table, step.sector, f"{card.colour} card", SCAN)
        elif isinstance(step, HandSignal):
            board = table.board(player)
            if step.card not in board.hand:
                raise IllegalAction("seti.scan.not_in_hand", f"{step.card} is not in {player}'s hand.", TELESCOPE)
            card = table.supply.card(step.card)
            _check_colour(table.sky, card.colour, step.sector, card.name)
            hand = list(board.hand)
            hand.remove(step.card)
            table = replace_valid(table.with_board(replace(board, hand=tuple(hand))), supply=table.supply.discard_card(step.card))
            table = signal(table, step.sector, f"TT #02, {card.name} from the hand ({card.colour})", TELESCOPE)
        elif isinstance(step, MercurySignal):
            if where.mercury is None and from_solar:
                raise IllegalAction("seti.scan.mercury_covered", "A disc covers Mercury now: TT #03 has no sector to mark.", TELESCOPE)
            if where.mercury is None:
                raise InvalidInput("mercury_sector", None, "TT #03 marks Mercury's sector: give its number")
            board = table.board(player).pay("seti.scan.tt3_publicity", TELESCOPE, publicity=variant.tt3_publicity)
            table = signal(table.with_board(board), where.mercury, f"TT #03, {variant.tt3_publicity} publicity paid, Mercury's sector", TELESCOPE)
        else:
            if step.use not in ("launch", "move"):
                raise InvalidInput("use", step.use, 'TT #04 gives "launch" or "move"')
            board = table.board(player).pay("seti.scan.tt4_energy", TELESCOPE, energy=variant.tt4_energy)
            table = table.with_board(board)
            gain = "launch a probe" if step.use == "launch" else "gain 1 move"
            pending.append(gain)
            shown.append(Step("TT #04", f"{player} pays {variant.tt4_energy} energy to {gain} (carried out on the solar system).",
                              TELESCOPE, table, {"energy": board.energy}))

    return shown, table, signals, completed, pending


def scan_options(table: ScanTable, player: str, *, solar: "SolarSystem | None" = None, earth_sector: int | None = None,
                 mercury_sector: int | None = None, variant: SetiVariant = RULEBOOK) -> tuple[tuple[ScanStep, str], ...]:
    """Every step ``player`` could take in a scan now, each with ``"legal"`` or the refusing rule and reason.

    Each step is judged on its own, on the board after paying for the scan (its own cost included).
    Earth's and Mercury's sectors come from ``solar`` or the numbers given, as in ``scan``.
    """
    board = table.board(player)
    sky = table.sky
    where = _sectors(sky, solar, earth_sector, mercury_sector)
    try:
        paid = board.pay("seti.scan.cost", SCAN, credits=variant.scan_credits, energy=variant.scan_energy)
        cost_refusal = None
    except IllegalAction as refusal:
        paid, cost_refusal = board, f"{refusal.rule}: {refusal.reason}"

    def verdict(tech: str | None = None, rule: str = "", **cost: int) -> str:
        if cost_refusal:
            return cost_refusal
        if tech and tech not in board.techs:
            return f"seti.scan.needs_tech: {player} has no {tech}."
        try:
            paid.pay(rule, TELESCOPE, **cost)
        except IllegalAction as refusal:
            return f"{refusal.rule}: {refusal.reason}"
        return "legal"

    options: list[tuple[ScanStep, str]] = [(EarthSignal(), verdict())]
    options += [(EarthSignal(n), verdict("TT1")) for n in where.beside_earth]
    for position, card_id in enumerate(table.supply.row):
        if card_id is not None:
            options += [(RowSignal(position, n), verdict()) for n in sky.of_colour(table.supply.card(card_id).colour)]
    for card_id in board.hand:
        options += [(HandSignal(card_id, n), verdict("TT2")) for n in sky.of_colour(table.supply.card(card_id).colour)]
    if where.mercury is not None:
        options.append((MercurySignal(), verdict("TT3", "seti.scan.tt3_publicity", publicity=variant.tt3_publicity)))
    options += [(ProbeBoost(use), verdict("TT4", "seti.scan.tt4_energy", energy=variant.tt4_energy)) for use in ("launch", "move")]
    return tuple(options)


def _check_colour(sky: Sky, colour: str, number: int, name: str) -> None:
    sky.sector(number)
    matching = sky.of_colour(colour)
    if number not in matching:
        raise IllegalAction("seti.scan.colour", f"{name} is {colour}: its signal goes to "
                            f"{' or '.join(sky.sector(n).name for n in matching) or 'no sector'}, not {sky.sector(number).name}.", SCAN)


def _resolve(table: ScanTable, completed: Sequence[int], order: Sequence[int] | None, variant: SetiVariant):
    if order is None:
        order = tuple(completed)
    elif sorted(order) != sorted(completed):
        raise InvalidInput("resolve_order", list(order), f"an order of the completed sectors {sorted(completed)}")
    shown: list[Step] = []
    results: list[SectorResult] = []
    pending: list[str] = []
    if len(order) > 1:
        shown.append(Step("Completed sectors", f"{', '.join(table.sky.sector(n).name for n in order)} are complete; the active player resolves them "
                          "in this order, after the main action (S-R7).", COMPLETE, table, {"order": ", ".join(map(str, order))}))
    for number in order:
        procedure = explain_resolution(table.sky.sector(number), variant)
        while True:
            try:
                shown.append(next(procedure))
            except StopIteration as stop:
                result = stop.value
                break
        results.append(result)
        for player, amount in result.publicity.items():
            board, _ = table.board(player).gain_publicity(amount, variant)
            table = table.with_board(board)
        winner = table.board(result.winner)
        winner, words = apply_reward(replace(winner, sector_wins=winner.sector_wins + 1), result.reward, variant)
        table = replace_valid(table.with_board(winner), sky=table.sky.with_sector(result.sector))
        later = Owed.of(result.reward).pending
        pending.extend(f"{result.winner}: {item}" for item in later)
        text = f"Every contributor's publicity is added; {result.winner} takes {words}"
        text += f", with {' and '.join(later)} still to take." if later else "."
        name = result.sector.name
        shown.append(Step(f"{name[:1].upper()}{name[1:]} settled", text, COMPLETE, table,
                          {"winner": result.winner, "second": result.second or "nobody"}))
    return shown, table, tuple(results), pending


def resolve_completed(table: ScanTable, completed: Sequence[int], order: Sequence[int] | None = None,
                      variant: SetiVariant = RULEBOOK) -> Procedure:
    """Resolve sectors completed outside a scan (card effects) at the end of that action (S-R7)."""
    for number in completed:
        if not table.sky.sector(number).complete:
            raise InvalidInput("completed", number, "this sector is not complete")
    shown, table, results, pending = _resolve(table, completed, order, variant)
    yield from shown
    return ScanResult(table, (), results, tuple(pending), _owed(results))


def _owed(results: Sequence[SectorResult]) -> tuple[tuple[str, str, str], ...]:
    """What the sector winners' rewards leave owed, as game items."""
    return tuple(item for result in results for item in Owed.of(result.reward).items(result.winner))


def _signal_measure(star: str | None):
    """A mission count over ``game.sectors`` (a ``Sky``; no sky set up means no signals)."""
    return lambda game, colour: 0 if game.sectors is None else game.sectors.signals(colour, star)


# The counts card missions name (``measures``): sectors with your signal, your signals at a star.
register_measure("signal_sectors", _signal_measure(None))
for _sector in Sky.sample().sectors:
    register_measure(f"signal_at:{_sector.star}", _signal_measure(_sector.star))
