"""Launch turn, step 1: where a ship from the launch bay may go, every region with its verdict.

``legal_launches`` lists every region of the board as legal (possibly only by paying for a Jump)
or refused with the rule's id, a plain reason and the rulebook section; ``launch`` carries a launch
out or raises the same refusal as ``IllegalAction``; ``launch_ship`` is the explained procedure
(phase ``andromeda.launch``). Inputs are explicit: the board, the pieces on it, the chosen ship,
the player's energy and a ``BaseAccess`` saying what the player could pay for at each alliance base.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from ..engine import InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from .board import ALLIANCE_BASES, Board, BoardView, Pieces, RuleVerdict, ShowsVerdicts, path_blockers, verdict_reason_html
from .state import Ship
from .variant import RULEBOOK, AndromedaVariant

STEP_1 = "发射回合 · 步骤 1 发射飞船"
FIRST = STEP_1 + " · 首次发射"
SUBSEQUENT = STEP_1 + " · 后续发射"
EXTRA = STEP_1 + " · 额外发射需求"
ABILITIES = "星际飞船 · 飞船能力"
QUASARS = "可选规则 · 特殊地区 · Quasars 类星体"
BAY = "星际飞船 · 组建舰队 (A-F15)"
NOTEBOOK = "andromeda_board_and_range.ipynb"


@dataclass(frozen=True)
class BaseAccess:
    """What the launching player could do at each alliance base (A-F4), filled in from the game state.

    ``resources``: every resource the player could pay with, of any kind — energy, titanium, ice,
    nanocarbon, credits, tactics cards and claimed moons they could discard (Monolith of Ancients and
    Trade Hub need 2). ``maximus_module`` / ``odessa_module``: at least one science/industry
    (Maximus Field) or commerce/civilization (Odessa Field) module the player could gain there, the
    first one bought. ``affordable_developments``: development types (``"city"``…) the player has
    enough recruited leaders and resources to build; the Development Office also needs one of the
    player's transports on an undeveloped planet of such a type (read from the pieces). The Shipyard
    can always be activated (build, repair, or 1 VP with nothing to repair).
    """

    resources: int = 0
    maximus_module: bool = False
    odessa_module: bool = False
    affordable_developments: frozenset[str] = frozenset()
    jumped: "BaseAccess | None" = None
    """The same after paying the energy for a Jump (filled in from the game); None: Jumps change nothing here."""

    def __post_init__(self) -> None:
        if not isinstance(self.resources, int) or self.resources < 0:
            raise InvalidInput("access.resources", self.resources, "a whole number of resources, 0 or more")
        object.__setattr__(self, "affordable_developments", frozenset(self.affordable_developments))


@dataclass(frozen=True)
class Verdict(RuleVerdict):
    """One region's verdict for a launch: legal (``rule == "legal"``, maybe by a Jump) or the refusing rule."""

    region: str
    rule: str
    reason: str
    section: str
    jump: bool = False
    energy: int = 0

    @property
    def mark(self) -> str:
        """The overlay the board picture uses for this verdict."""
        return ("jump" if self.jump else "legal") if self.legal else "illegal"


@dataclass(frozen=True)
class LaunchOptions(ShowsVerdicts):
    """Every region with its verdict for launching ``ship``; iterate, count, test ``region in options``."""

    ship: Ship
    first: bool
    verdicts: tuple[Verdict, ...]
    board: Board = field(repr=False)
    pieces: Pieces = field(repr=False)

    @property
    def legal(self) -> tuple[str, ...]:
        """Ids of the regions the ship may launch to (Jumps included)."""
        return tuple(v.region for v in self.verdicts if v.legal)

    @property
    def refused(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if not v.legal)

    def __getitem__(self, region: str) -> Verdict:
        key = self.board.key(region)
        return next(v for v in self.verdicts if v.region == key)

    def __contains__(self, region: object) -> bool:
        return isinstance(region, str) and region in self.board and self[region].legal

    def __iter__(self) -> Iterator[str]:
        return iter(self.legal)

    def __len__(self) -> int:
        return len(self.legal)

    def view(self) -> BoardView:
        """The board with legal regions ringed (dashed blue: by Jump) and refused ones crossed out."""
        own = {region: "source" for region, _ in self.pieces.ships_of(self.ship.owner)}
        verdicts = {v.region: v.mark for v in self.verdicts if self.board.regions[v.region].kind != "empty"}
        marks = {**verdicts, **own}  # your own ships' regions show where ranges start
        kind = "first launch" if self.first else "subsequent launch"
        return BoardView(self.board, self.pieces, marks, caption=f"{self.ship}: {kind}, {len(self)} legal regions")

    def table(self) -> str:
        """Every verdict as an HTML table (the picture is ``_repr_svg_``)."""
        rows = "".join(
            f"<tr class='tt-{'legal' if v.legal else 'refused'}'><td>{html.escape(self.board.regions[v.region].label)}</td>"
            f"<td>{'legal' + (' (Jump, ' + str(v.energy) + ' energy)' if v.jump else '') if v.legal else 'refused'}</td>"
            f"<td>{verdict_reason_html(v.reason, v.rule)}</td><td>{html.escape(v.section)}</td></tr>"
            for v in self.verdicts
        )
        return ("<table class='tt-launch-verdicts'><tr><th>region</th><th>verdict</th><th>why</th><th>rulebook</th></tr>"
                f"{rows}</table>")


def _base_verdict(board: Board, pieces: Pieces, ship: Ship, region: str, access: BaseAccess, spent: int,
                  explain: bool = True) -> tuple[bool, str]:
    """Whether the player could activate the alliance base in ``region`` (A-F4), and why (no words unless ``explain``)."""
    key = board.regions[region].base
    if key is None:
        raise InvalidInput("region", region, "not an alliance base")
    name = ALLIANCE_BASES[key]
    if spent and access.jumped is not None and key not in ("monolith", "trade_hub"):
        access = access.jumped                      # what is left once the Jump's energy is paid
    if key == "shipyard":
        return True, "the Shipyard can always be activated (build, repair, or 1 VP with nothing to repair)"
    if key in ("monolith", "trade_hub"):
        left = access.resources - spent
        if not explain:
            return left >= 2, ""
        if left >= 2:
            return True, f"{name} costs 2 resources of any kind and you have {left}"
        paid = f" after paying {spent} energy for the Jump" if spent else ""
        return False, f"{name} costs 2 resources of any kind; you would have {left}{paid}"
    if key in ("maximus", "odessa"):
        if not explain:
            return getattr(access, f"{key}_module"), ""
        columns = "science or industry" if key == "maximus" else "commerce or civilization"
        if getattr(access, f"{key}_module"):
            return True, f"you can gain a {columns} module at {name}"
        return False, f"{name} needs a {columns} module you can gain (the first one bought); you have none"
    # Development Office: a transport on an undeveloped planet of a type you can pay for. The launched
    # ship stays on the board, so the transport used is never your last ship.
    sites = [
        where for where, own in pieces.ships_of(ship.owner)
        if own.kind == "transport" and board.regions[where].kind == "planet" and pieces.development_in(where) is None
    ]
    if not sites:
        return False, "the Development Office needs one of your transports on an undeveloped planet; you have none"
    payable = sorted({w for w in sites if board.regions[w].development in access.affordable_developments})
    if not explain:
        return bool(payable), ""
    if not payable:
        kinds = sorted({str(board.regions[w].development) for w in sites})
        return False, f"you have transports on undeveloped {', '.join(kinds)} planets but not the leaders and resources to build there"
    return True, f"you could develop {', '.join(board.regions[w].name for w in payable)}"


def legal_launches(
    board: Board,
    pieces: Pieces,
    ship: Ship,
    *,
    energy: int = 0,
    access: BaseAccess | None = None,
    bay: Sequence[Ship] | None = None,
    variant: AndromedaVariant = RULEBOOK,
    explain: bool = True,
) -> LaunchOptions:
    """Every region of the board with its verdict for launching ``ship`` (owned by ``ship.owner``).

    ``bay`` is the player's launch bay (default: just this ship); ``energy`` pays for a Jump. ``explain=False``:
    the same verdicts without their reasons (the words left empty), for a player who only needs the legal ones.
    """
    access = access or BaseAccess()
    first, in_bay, reach = _launch_context(board, pieces, ship, energy, bay, variant)
    verdicts = tuple([_verdict(board, pieces, ship, region, first, in_bay, reach, energy, access, variant, explain)
                      for region in _in_order(board)])
    return LaunchOptions(ship, first, verdicts, board, pieces)


def _in_order(board: Board) -> tuple[str, ...]:
    """The board's region ids in order, sorted once for the last board met (a board never changes)."""
    if _ORDER[0] is not board.regions:
        _ORDER[:] = [board.regions, tuple(sorted(board.regions))]
    return _ORDER[1]


_ORDER: list = [None, ()]


def _launch_context(board: Board, pieces: Pieces, ship: Ship, energy: int, bay: Sequence[Ship] | None,
                    variant: AndromedaVariant) -> tuple[bool, bool, dict[str, int]]:
    """Whether the launch is a first launch, whether the ship is in the bay, and the steps from the ships that
    ranges start at to every region."""
    pieces.check(board)
    if not isinstance(energy, int) or energy < 0:
        raise InvalidInput("energy", energy, "a whole number of energy, 0 or more")
    own = pieces.ships_of(ship.owner)
    anchors = [region for region, _ in (own if variant.launch_range_from == "own" else pieces.ships)]
    return not own, bay is None or ship in bay, board.nearest(anchors, blocked=path_blockers(variant, voyage=ship.voyage))


_new = object.__new__
_set = object.__setattr__


def _made(region: str, rule: str, reason: str, section: str, jump: bool = False, energy: int = 0) -> Verdict:
    """A ``Verdict`` with its fields set at once (one is made for every region of every launch listing); one without
    words (``explain=False``) is one of few, each made once (verdicts are immutable values)."""
    if reason:
        return _fresh(region, rule, reason, section, jump, energy)
    key = (region, rule, section, jump, energy)
    found = _PLAIN.get(key)
    if found is None:
        found = _PLAIN[key] = _fresh(region, rule, reason, section, jump, energy)
    return found


def _fresh(region: str, rule: str, reason: str, section: str, jump: bool, energy: int) -> Verdict:
    verdict = _new(Verdict)
    _set(verdict, "__dict__", {"region": region, "rule": rule, "reason": reason, "section": section, "jump": jump,
                               "energy": energy})
    return verdict


#: The verdicts without words made so far.
_PLAIN: dict[tuple, Verdict] = {}


def _verdict(board, pieces, ship, region, first, in_bay, reach, energy, access, variant, explain=True) -> Verdict:
    """One region's verdict; without ``explain``, the same rule with no words (their f-strings are not built)."""
    place = board.regions[region]
    if not in_bay:
        return _made(region, "andromeda.launch.not_in_bay", f"{ship} is not in the launch bay: only ships in the launch bay launch" if explain else "", BAY)
    if place.kind == "quasar":
        return _made(region, "andromeda.launch.quasar", f"no ship may enter a Quasar ({place.name})" if explain else "", QUASARS)
    if place.kind == "empty":
        return _made(region, "andromeda.launch.no_tile", f"tile space {place.slot} holds no tile yet: it is not a region to launch to" if explain else "", "游戏设置 · 4")
    if place.kind == "nebula" and not ship.voyage:
        return _made(region, "andromeda.launch.voyage", f"{place.name} is a nebula: only a ship with Voyage may launch there" if explain else "", EXTRA)
    jump = False
    if first:
        if pieces.occupied(region) and not ship.assault:
            return _made(region, "andromeda.launch.occupied",
                           f"first launch: {place.name} is occupied ({_occupants(pieces, region)}) and this ship has no Assault" if explain else "", FIRST)
    else:
        if any(s.owner == ship.owner for s in pieces.ships_in(region)):
            return _made(region, "andromeda.launch.own_ship", f"you already have a ship in {place.name}" if explain else "", SUBSEQUENT)
        steps = reach.get(region)
        anchor = "your ships" if variant.launch_range_from == "own" else "any ship"
        if steps is None or steps > ship.range:
            distance = "cut off from" if steps is None else f"{steps} steps from the nearest of"
            if not ship.jump:
                return _made(region, "andromeda.launch.range",
                               f"{place.name} is {distance} {anchor}; this ship's range is {ship.range} and it cannot Jump" if explain else "", SUBSEQUENT)
            if steps is None:
                return _made(region, "andromeda.launch.range",
                               f"{place.name} is cut off from {anchor} by Quasars: even a Jump cannot pass through them" if explain else "", QUASARS)
            if energy < variant.jump_energy:
                return _made(region, "andromeda.launch.jump_energy",
                               f"{place.name} is {steps} steps away (range {ship.range}): a Jump costs {variant.jump_energy} energy and you have {energy}" if explain else "", ABILITIES)
            jump = True
    spent = variant.jump_energy if jump else 0
    base_note = ""
    if place.kind == "alliance_base":
        ok, why = _base_verdict(board, pieces, ship, region, access, spent, explain)
        if not ok:
            return _made(region, "andromeda.launch.alliance_base", f"you could not activate {place.name}: {why}" if explain else "", EXTRA + " (A-F4)")
        base_note = f"; {why}"
    if not explain:
        return _made(region, "legal", "", "", jump, spent)
    nearest = "your nearest ship" if variant.launch_range_from == "own" else "the nearest ship"
    if first:
        reason = "first launch: " + ("an unoccupied region" if not pieces.occupied(region) else f"occupied ({_occupants(pieces, region)}), entered by Assault")
        section = FIRST if not pieces.occupied(region) else ABILITIES + " (攻击)"
    elif jump:
        reason = f"{reach[region]} steps from {nearest}: beyond range {ship.range}, reached by a Jump for {spent} energy"
        section = ABILITIES + " (跳跃)"
    else:
        reason = f"{reach[region]} step{'s' if reach[region] != 1 else ''} from {nearest}, within range {ship.range}"
        section = SUBSEQUENT
    if not first and pieces.occupied(region):
        reason += f" ({_occupants(pieces, region)} there: a battle may follow)"
    reason += base_note
    if place.kind == "vortex":
        reason += f"; {place.name} gives its reward on arrival (A-F21)"
    return _made(region, "legal", reason, section, jump, spent)


def _occupants(pieces: Pieces, region: str) -> str:
    parts = [f"{owner}'s ship" for owner in pieces.owners_in(region)]
    letters = pieces.pirates_in(region)
    if letters:
        parts.append(f"{len(letters)} class-{letters[0]} pirate{'s' if len(letters) > 1 else ''}")
    return ", ".join(parts)


@dataclass(frozen=True)
class LaunchResult:
    """A launch carried out: the new pieces, the active region, and what it cost."""

    pieces: Pieces
    region: str
    ship: Ship
    first: bool
    jumped: bool
    energy_spent: int


def launch(
    board: Board,
    pieces: Pieces,
    ship: Ship,
    region: str,
    *,
    energy: int = 0,
    access: BaseAccess | None = None,
    bay: Sequence[Ship] | None = None,
    variant: AndromedaVariant = RULEBOOK,
) -> LaunchResult:
    """Launch ``ship`` to ``region``, or raise ``IllegalAction`` with the refusing rule (nothing changes): that one
    region's verdict, as ``legal_launches`` gives it."""
    key = board.key(region)
    first, in_bay, reach = _launch_context(board, pieces, ship, energy, bay, variant)
    verdict = _verdict(board, pieces, ship, key, first, in_bay, reach, energy, access or BaseAccess(), variant)
    if not verdict.legal:
        raise verdict.refusal()
    return LaunchResult(pieces.with_ship(key, ship), key, ship, first, verdict.jump, verdict.energy)


def _carry_out(options: LaunchOptions, region: str) -> LaunchResult:
    verdict = options[region]
    if not verdict.legal:
        raise verdict.refusal()
    return LaunchResult(options.pieces.with_ship(verdict.region, options.ship), verdict.region, options.ship,
                        options.first, verdict.jump, verdict.energy)


@register_phase("andromeda.launch", title="Launch a ship", section=STEP_1, notebook=NOTEBOOK)
def launch_ship(
    board: Board,
    pieces: Pieces,
    ship: Ship,
    region: str,
    *,
    energy: int = 0,
    access: BaseAccess | None = None,
    bay: Sequence[Ship] | None = None,
    variant: AndromedaVariant = RULEBOOK,
) -> Procedure:
    """Launch turn step 1, explained: the kind of launch, every region's verdict, the ship placed.

    A refused launch raises ``IllegalAction`` before the first step. Returns a ``LaunchResult``.
    """
    options = legal_launches(board, pieces, ship, energy=energy, access=access, bay=bay, variant=variant)
    result = _carry_out(options, region)
    target = board.regions[result.region]
    own = pieces.ships_of(ship.owner)
    yield Step(
        "Choose a ship from the launch bay",
        f"{ship.owner.capitalize()} launches a {ship.kind.replace('_', ' ')}: range {ship.range}"
        f"{', abilities ' + ', '.join(ship.abilities) if ship.abilities else ', no abilities'}. Only ships in the launch bay launch.",
        STEP_1, BoardView(board, pieces), {"ship": str(ship), "energy": energy},
    )
    if result.first:
        text = (f"{ship.owner.capitalize()} has no ship on the board, so this is a first launch: any unoccupied region "
                "(no pirate and no player's ship there; developments never occupy), or an occupied one with Assault.")
        section = FIRST
    else:
        places = ", ".join(sorted({board.regions[r].name for r, _ in own}))
        text = (f"{ship.owner.capitalize()} already has ships on the board ({places}), so this is a subsequent launch: a region "
                f"within range {ship.range} of one of them, never one where {ship.owner} already has a ship.")
        section = SUBSEQUENT
    yield Step("First or subsequent launch?", text, section, BoardView(board, pieces, {r: "source" for r, _ in own}),
               {"kind": "first" if result.first else "subsequent"})
    refused = options.refused
    rules = sorted({v.rule for v in refused})
    yield Step(
        "Where this ship may go",
        f"Legal regions: {len(options)} of {len(board)}; refused: {len(refused)} "
        f"({', '.join(rules) if rules else 'none'}). Nebulae need Voyage; an alliance base needs something you can do there.",
        EXTRA, options.view(), {"legal": ", ".join(options.legal)},
    )
    if result.jumped:
        yield Step("Pay for a Jump", f"{target.name} is beyond range {ship.range}: {ship.owner} pays {result.energy_spent} energy "
                   "and the ship Jumps (unlimited range).", ABILITIES + " (跳跃)", options.view(), {"energy paid": result.energy_spent})
    battle = [o for o in result.pieces.owners_in(result.region) if o != ship.owner] + list(result.pieces.pirates_in(result.region))
    after = " Others are there: a battle may follow in step 4." if battle else ""
    yield Step(
        f"Launch to {target.name}",
        f"The {ship.kind.replace('_', ' ')} goes to {target.label}: {options[result.region].reason}. "
        f"{target.name} is the active region for the rest of the turn.{after}",
        STEP_1, BoardView(board, result.pieces, {result.region: "active"}), {"active region": result.region},
    )
    return result
