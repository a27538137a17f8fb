"""Battle step 1, escalation: which ships of which players may join the battle in the active region.

In turn order from the active player, each player with ships in range of the active region (or able
to pay for a Jump, A-F7) may move any of them in, once. Into a nebula only ships with Voyage.
``escalation_options`` lists every ship on the board with its verdict; ``escalate`` applies the
players' decisions; ``battle_escalation`` is the explained procedure (``andromeda.battle.escalation``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..engine import IllegalAction, InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from .board import Board, BoardView, Pieces, RuleVerdict, ShowsVerdicts, path_blockers, verdict_reason_html
from .state import Ship
from .variant import RULEBOOK, AndromedaVariant

ESCALATION = "战斗 · 步骤 1 战事升级"
JUMP = "星际飞船 · 飞船能力 (跳跃; A-F7)"
BATTLE = "发射回合 · 步骤 4 战斗"
NOTEBOOK = "andromeda_board_and_range.ipynb"


def factions_in(pieces: Pieces, region: str, teams: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The sides present in a region: each owner of a ship there (or, in 2v2, each ``teams[owner]``),
    then ``"pirates"`` if any pirate is."""
    teams = teams or {}
    sides = tuple(dict.fromkeys(teams.get(owner, owner) for owner in pieces.owners_in(region)))
    return sides + (("pirates",) if pieces.pirates_in(region) else ())


def battle_happens(pieces: Pieces, region: str, teams: Mapping[str, str] | None = None) -> bool:
    """A battle follows when two or more sides (players and/or pirates) are in the active region (A-F14);
    teammates are one side (可选规则 · 2v2 模式: no battle among teammates)."""
    return len(factions_in(pieces, region, teams)) >= 2


@dataclass(frozen=True)
class ShipVerdict(RuleVerdict):
    """Whether one ship on the board may move into the battle, and at what energy cost."""

    player: str
    region: str
    ship: Ship
    steps: int | None
    rule: str
    reason: str
    section: str
    jump: bool = False
    energy: int = 0



@dataclass(frozen=True)
class EscalationOptions(ShowsVerdicts):
    """Every ship outside the active region with its verdict, players in turn order from the active one."""

    active: str
    order: tuple[str, ...]
    verdicts: tuple[ShipVerdict, ...]
    board: Board = field(repr=False)
    pieces: Pieces = field(repr=False)
    teams: Mapping[str, str] = field(default_factory=dict, repr=False)

    def of(self, player: str) -> tuple[ShipVerdict, ...]:
        return tuple(v for v in self.verdicts if v.player == player)

    @property
    def legal(self) -> tuple[ShipVerdict, ...]:
        return tuple(v for v in self.verdicts if v.legal)

    def view(self) -> BoardView:
        marks = {v.region: "jump" if v.jump else "source" for v in self.legal}
        return BoardView(self.board, self.pieces, {**marks, self.active: "active"},
                         caption=f"Escalation into {self.board.regions[self.active].name}: {len(self.legal)} ships may join")

    def table(self) -> str:
        """Every verdict as an HTML table (the picture is ``_repr_svg_``)."""
        rows = "".join(
            f"<tr><td>{html.escape(v.player)}</td><td>{html.escape(v.ship.kind.replace('_', ' '))}</td>"
            f"<td>{html.escape(self.board.regions[v.region].label)}</td>"
            f"<td>{('legal (Jump, ' + str(v.energy) + ' energy)' if v.jump else 'legal') if v.legal else 'refused'}</td>"
            f"<td>{verdict_reason_html(v.reason, v.rule)}</td></tr>"
            for v in self.verdicts
        )
        return ("<table class='tt-escalation-verdicts'><tr><th>player</th><th>ship</th><th>from</th><th>verdict</th><th>why</th></tr>"
                f"{rows}</table>")


def _turn_order(order: Sequence[str], active_player: str) -> tuple[str, ...]:
    if len(set(order)) != len(order) or active_player not in order:
        raise InvalidInput("turn_order", list(order), f"each player once, the active player {active_player!r} among them")
    start = list(order).index(active_player)
    return tuple(order[start:]) + tuple(order[:start])


def _check_energy(energy: Mapping[str, int]) -> None:
    for player, amount in energy.items():
        if not isinstance(amount, int) or amount < 0:
            raise InvalidInput(f"energy.{player}", amount, "a whole number of energy, 0 or more")


def escalation_options(
    board: Board,
    pieces: Pieces,
    active: str,
    turn_order: Sequence[str],
    active_player: str,
    energy: Mapping[str, int] | None = None,
    *,
    teams: Mapping[str, str] | None = None,
    variant: AndromedaVariant = RULEBOOK,
) -> EscalationOptions:
    """Every ship on the board outside the active region, with whether it may join the battle there.

    ``teams`` (2v2) maps each player to their team; teammates count as one side.
    """
    pieces.check(board)
    active = board.key(active)
    energy = dict(energy or {})
    _check_energy(energy)
    order = _turn_order(turn_order, active_player)
    place = board.regions[active]
    verdicts = []
    for player in order:
        for region, ship in pieces.ships_of(player):
            if region == active:
                continue
            steps = board.distance(region, active, blocked=path_blockers(variant, voyage=ship.voyage))
            verdicts.append(_verdict(player, region, ship, steps, place, energy.get(player, 0), variant))
    unknown = sorted({s.owner for _, s in pieces.ships} - set(order))
    if unknown:
        raise InvalidInput("turn_order", list(turn_order), f"ships on the board belong to players not in the turn order: {unknown}")
    return EscalationOptions(active, order, tuple(verdicts), board, pieces, dict(teams or {}))


def _verdict(player, region, ship, steps, place, energy, variant) -> ShipVerdict:
    if place.kind == "nebula" and not ship.voyage:
        return ShipVerdict(player, region, ship, steps, "andromeda.battle.escalation.voyage",
                           f"{place.name} is a nebula: only ships with Voyage may join a battle there", ESCALATION)
    if steps is not None and steps <= ship.range:
        return ShipVerdict(player, region, ship, steps, "legal", f"{steps} step{'s' if steps != 1 else ''} away, within range {ship.range}", ESCALATION)
    away = "cut off by Quasars" if steps is None else f"{steps} steps away"
    if not ship.jump:
        return ShipVerdict(player, region, ship, steps, "andromeda.battle.escalation.range",
                           f"{away}, beyond range {ship.range}, and this ship cannot Jump", ESCALATION)
    if steps is None:
        return ShipVerdict(player, region, ship, steps, "andromeda.battle.escalation.range",
                           "cut off by Quasars: even a Jump cannot pass through them", "可选规则 · 特殊地区 · Quasars 类星体")
    if energy < variant.jump_energy:
        return ShipVerdict(player, region, ship, steps, "andromeda.battle.escalation.jump_energy",
                           f"{away} (range {ship.range}): a Jump costs {variant.jump_energy} energy and {player} has {energy}", JUMP)
    return ShipVerdict(player, region, ship, steps, "legal", f"{away}, beyond range {ship.range}: joins by a Jump for {variant.jump_energy} energy",
                       JUMP, True, variant.jump_energy)


@dataclass(frozen=True)
class EscalationResult:
    """The pieces after escalation, the energy each player spent on Jumps, and the sides in the battle."""

    pieces: Pieces
    moved: tuple[tuple[str, str, Ship], ...]
    energy_spent: Mapping[str, int]
    sides: tuple[str, ...]


def escalate(
    board: Board,
    pieces: Pieces,
    active: str,
    turn_order: Sequence[str],
    active_player: str,
    moves: Mapping[str, Sequence[tuple[str, Ship]]],
    energy: Mapping[str, int] | None = None,
    *,
    teams: Mapping[str, str] | None = None,
    variant: AndromedaVariant = RULEBOOK,
) -> EscalationResult:
    """Apply each player's one decision: ``moves[player]`` lists (from region, ship) to move in.

    Refusals (``IllegalAction``) name the rule of the first illegal move; nothing changes then.
    """
    options = escalation_options(board, pieces, active, turn_order, active_player, energy, teams=teams, variant=variant)
    return _carry_out(options, moves, dict(energy or {}))


def _carry_out(options: EscalationOptions, moves: Mapping[str, Sequence[tuple[str, Ship]]], energy: Mapping[str, int]) -> EscalationResult:
    board, pieces = options.board, options.pieces
    for player in moves:
        if player not in options.order:
            raise InvalidInput("moves", player, "not a player in the turn order")
    if not battle_happens(pieces, options.active, options.teams) and any(moves.values()):
        raise IllegalAction("andromeda.battle.escalation.no_battle",
                            f"no battle in {board.regions[options.active].name}: fewer than two sides are there", BATTLE)
    after, moved, spent = pieces, [], {}
    for player in options.order:
        cost = 0
        for region, ship in moves.get(player, ()):
            key = board.key(region)
            if ship.owner != player:
                raise InvalidInput(f"moves.{player}", str(ship), "a player moves only their own ships")
            verdict = next((v for v in options.of(player) if v.region == key and v.ship == ship), None)
            if verdict is None:
                raise InvalidInput(f"moves.{player}", (region, str(ship)), "no such ship there (or it is already in the battle)")
            if not verdict.legal:
                raise verdict.refusal()
            cost += verdict.energy
            if cost > energy.get(player, 0):
                raise IllegalAction("andromeda.battle.escalation.jump_energy",
                                    f"{player}'s Jumps cost {cost} energy in all and {player} has {energy.get(player, 0)}", JUMP)
            try:
                after = after.move_ship(key, options.active, ship)
            except InvalidInput:
                raise InvalidInput(f"moves.{player}", (region, str(ship)), "more such ships moved than stand there") from None
            moved.append((player, key, ship))
        if cost:
            spent[player] = cost
    return EscalationResult(after, tuple(moved), spent, factions_in(after, options.active, options.teams))


@register_phase("andromeda.battle.escalation", title="Escalation: ships join the battle", section=ESCALATION, notebook=NOTEBOOK)
def battle_escalation(
    board: Board,
    pieces: Pieces,
    active: str,
    turn_order: Sequence[str],
    active_player: str,
    moves: Mapping[str, Sequence[tuple[str, Ship]]] | None = None,
    energy: Mapping[str, int] | None = None,
    *,
    teams: Mapping[str, str] | None = None,
    variant: AndromedaVariant = RULEBOOK,
) -> Procedure:
    """Battle step 1, explained player by player. A refused move raises before the first step."""
    moves = dict(moves or {})
    options = escalation_options(board, pieces, active, turn_order, active_player, energy, teams=teams, variant=variant)
    result = _carry_out(options, moves, dict(energy or {}))
    name = board.regions[options.active].name
    sides = factions_in(pieces, options.active, options.teams)
    if not battle_happens(pieces, options.active, options.teams):
        yield Step("No battle", f"Only {', '.join(sides) or 'nobody'} in {name}: a battle needs two or more sides.", BATTLE,
                   BoardView(board, pieces, {options.active: "active"}), {"sides": ", ".join(sides)})
        return result
    yield Step("A battle in the active region", f"{', '.join(sides)} are in {name}: a battle follows. In turn order from "
               f"{active_player} ({' → '.join(options.order)}), each player may move ships in once.", ESCALATION,
               options.view(), {"sides": ", ".join(sides)})
    current = pieces
    for player in options.order:
        mine = options.of(player)
        chosen = [m for m in result.moved if m[0] == player]
        for _, region, ship in chosen:
            current = current.move_ship(region, options.active, ship)
        possible = [v for v in mine if v.legal]
        if chosen:
            what = "; ".join(f"{ship.kind.replace('_', ' ')} from {board.regions[r].name}" for _, r, ship in chosen)
            paid = result.energy_spent.get(player, 0)
            text = f"{player.capitalize()} moves in: {what}" + (f", paying {paid} energy for Jumps." if paid else ".")
        elif possible:
            text = f"{player.capitalize()} could move {len(possible)} ship(s) in but does not."
        else:
            reasons = "; ".join(f"{v.ship.kind.replace('_', ' ')} in {board.regions[v.region].name}: {v.rule}" for v in mine)
            text = f"{player.capitalize()} has no ship that may join" + (f" ({reasons})." if reasons else " (no ship outside the region).")
        marks = {v.region: ("jump" if v.jump else "source") if v.legal else "illegal" for v in mine}
        yield Step(f"{player.capitalize()} decides", text, ESCALATION, BoardView(board, current, {**marks, options.active: "active"}),
                   {"may join": len(possible), "joined": len(chosen)})
    yield Step("Sides in the battle", f"In {name}: {', '.join(result.sides)}.", ESCALATION,
               BoardView(board, result.pieces, {options.active: "active"}), {"sides": ", ".join(result.sides)})
    return result
