"""Exact odds of Andromeda's Edge battles and roll-offs, with the rulebook's caps from the variant.

``battle_odds([(6, 3), (5, 2), [(6, 2), (6, 3)]])``: a side is (dice, aim), or a list of them for a
2v2 team whose dice are pooled. Dice and aims above the caps are capped as the rules say
(战斗 · 步骤 3 战斗准备: at most 6 dice, aim at most 5; 2v2: at most 12 pooled dice) and the result
says so. The kernel (``tabletoolkit.prob.battle``) does the exact arithmetic.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from ..engine import InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from ..engine.numbers import percent_text, probability_text
from ..prob import Roller, contest_odds, deciding_die, latex_fraction, pooled_dice, rerolled_die, top_tie_sizes
from ..prob.battle import describe_side
from .variant import RULEBOOK, AndromedaVariant

PREPARATION = "战斗 · 步骤 3 战斗准备"
ROLL = "战斗 · 步骤 4 投掷骰子"
RESULT = "战斗 · 步骤 5 结果"
AIM = "战斗 · 瞄准值"
TEAMS = "可选规则 · 2v2 模式 · 战斗"
START = "游戏设置 · 7 起始玩家"
TEAM_START = "可选规则 · 2v2 模式 · 设置"
NOTEBOOK = "andromeda_battle_odds.ipynb"


# ---------------------------------------------------------------------------------------------
# Sides as the rules cap them


@dataclass(frozen=True)
class CappedSides:
    """Sides after the rulebook's caps, with one sentence per cap that changed something."""

    sides: tuple[tuple[Roller, ...], ...]
    notes: tuple[str, ...]


def capped_sides(sides: Any, variant: AndromedaVariant = RULEBOOK) -> CappedSides:
    """Read sides as ``battle_odds`` takes them and apply the variant's dice and aim caps."""
    if isinstance(sides, (str, bytes)) or not isinstance(sides, Sequence) or len(sides) < 2:
        raise InvalidInput("sides", sides, "a battle needs a list of at least two sides: (dice, aim) or a team list")
    capped, notes = [], []
    for index, side in enumerate(sides):
        members = _members(side, f"sides[{index}]")
        team = len(members) > 1
        kept = []
        for number, (dice, aim) in enumerate(members):
            where = f"sides[{index}][{number}]" if team else f"sides[{index}]"
            if not isinstance(dice, int) or isinstance(dice, bool) or dice < 0:
                raise InvalidInput(f"{where}.dice", dice, "dice are a whole number, 0 or more")
            if not isinstance(aim, int) or isinstance(aim, bool) or aim < 1:
                raise InvalidInput(f"{where}.aim", aim, "an aim is a whole number, 1 or more")
            if dice > variant.dice_cap:
                notes.append(f"{where}: {dice} dice capped to {variant.dice_cap} ({PREPARATION}: 骰子上限).")
                dice = variant.dice_cap
            if aim > variant.aim_cap:
                notes.append(
                    f"{where}: aim {aim} capped to {variant.aim_cap} ({AIM}: it still rerolls only results "
                    f"below {variant.aim_cap})."
                )
                aim = variant.aim_cap
            kept.append(Roller(dice, aim))
        pooled = sum(r.dice for r in kept)
        if team and pooled > variant.team_dice_cap:
            raise InvalidInput(
                f"sides[{index}]", side,
                f"a team pools at most {variant.team_dice_cap} dice ({TEAMS}); these members roll {pooled}",
            )
        capped.append(tuple(kept))
    return CappedSides(tuple(capped), tuple(notes))


def _members(side: Any, where: str) -> list[tuple[Any, Any]]:
    if isinstance(side, Roller):
        return [(side.dice, side.aim)]
    if isinstance(side, Sequence) and not isinstance(side, (str, bytes)):
        if len(side) == 2 and not any(isinstance(v, (Sequence, Roller)) for v in side):
            return [tuple(side)]
        if side and all(isinstance(m, Roller) or _is_pair(m) for m in side):
            return [(m.dice, m.aim) if isinstance(m, Roller) else tuple(m) for m in side]
    raise InvalidInput(where, side, "a side is (dice, aim), or a list of (dice, aim) for a 2v2 team")


def _is_pair(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes)) and len(value) == 2


# ---------------------------------------------------------------------------------------------
# Battle odds


@dataclass(frozen=True)
class BattleOdds:
    """Exact chances of a battle: ``wins`` (one per side, in the order given) and ``no_winner``."""

    sides: tuple[tuple[Roller, ...], ...]
    wins: tuple[Fraction, ...]
    no_winner: Fraction
    names: tuple[str, ...]
    notes: tuple[str, ...] = ()
    variant: AndromedaVariant = field(default=RULEBOOK, repr=False)

    @cached_property
    def by_deciding_die(self) -> tuple[tuple[Fraction, ...], ...]:
        """For each side: P(it wins on its 1st, 2nd, ... highest die); each row sums to its win."""
        return deciding_die(self.sides)

    def explanation(self) -> str:
        lines = [f"{name} ({describe_side(side)}): {probability_text(p)}" for name, side, p in zip(self.names, self.sides, self.wins)]
        lines.append(f"no winner (a tie for first; everyone loses): {probability_text(self.no_winner)}")
        return "\n".join([*self.notes, *lines])

    def to_sympy(self) -> dict[str, Any]:
        """Side name -> sympy Rational (and ``"no winner"``)."""
        from ..prob import rational

        return {**{n: rational(p) for n, p in zip(self.names, self.wins)}, "no winner": rational(self.no_winner)}

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{describe_side(side)}</td><td class='tt-fraction'>{p}</td>"
            f"<td>{percent_text(p)}</td></tr>"
            for name, side, p in zip(self.names, self.sides, self.wins)
        )
        rows += (
            f"<tr><td>no winner</td><td>tie for first</td><td class='tt-fraction'>{self.no_winner}</td>"
            f"<td>{percent_text(self.no_winner)}</td></tr>"
        )
        notes = "".join(f"<p class='tt-note'>{html.escape(n)}</p>" for n in self.notes)
        return (
            f"<table class='tt-battle-odds'><tr><th>side</th><th>dice@aim</th><th>P(win)</th><th>≈</th></tr>"
            f"{rows}</table>{notes}"
        )

    def _repr_latex_(self) -> str:
        rows = r" \\ ".join(
            rf"\text{{{name}}} & {latex_fraction(p)}" for name, p in zip(self.names, self.wins)
        )
        return (
            rf"$\begin{{array}}{{l|c}} \text{{side}} & P(\text{{win}}) \\ \hline {rows} \\ "
            rf"\text{{no winner}} & {latex_fraction(self.no_winner)} \end{{array}}$"
        )


def battle_odds(
    sides: Any, names: Sequence[str] | None = None, variant: AndromedaVariant = RULEBOOK
) -> BattleOdds:
    """Exact odds of a battle. A side is (dice, aim) or a list of (dice, aim) (a 2v2 team)."""
    capped = capped_sides(sides, variant)
    labels = _names(names, len(capped.sides))
    odds = contest_odds(capped.sides)
    return BattleOdds(capped.sides, odds.wins, odds.no_winner, labels, capped.notes, variant)


def _names(names: Sequence[str] | None, count: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"side {i + 1}" for i in range(count))
    if isinstance(names, str) or len(names) != count or not all(isinstance(n, str) and n for n in names):
        raise InvalidInput("names", names, f"give one non-empty name per side ({count})")
    return tuple(names)


# ---------------------------------------------------------------------------------------------
# Energy: +1 die per energy, up to the cap


@dataclass(frozen=True)
class EnergyRow:
    """One participant's choices: its side's win chance for 0, 1, 2, ... energy spent."""

    side: int
    member: int
    name: str
    dice: int
    aim: int
    chances: tuple[Fraction, ...]

    @property
    def gains(self) -> tuple[Fraction, ...]:
        """What each further energy (one more die) adds to the win chance."""
        return tuple(b - a for a, b in zip(self.chances, self.chances[1:]))


@dataclass(frozen=True)
class EnergyTable:
    """For a given battle, every participant's win chance for each amount of energy it could spend."""

    rows: tuple[EnergyRow, ...]

    def row(self, name: str) -> EnergyRow:
        for row in self.rows:
            if row.name == name:
                return row
        raise InvalidInput("name", name, f"no participant of that name; known: {[r.name for r in self.rows]}")

    def _repr_html_(self) -> str:
        width = max(len(r.chances) for r in self.rows)
        head = "".join(f"<th>+{e} energy</th>" for e in range(width))
        body = "".join(
            f"<tr><td>{html.escape(r.name)}</td><td>{r.dice}@{r.aim}</td>"
            + "".join(f"<td>{probability_text(p)}</td>" for p in r.chances)
            + "<td></td>" * (width - len(r.chances))
            + "</tr>"
            for r in self.rows
        )
        return f"<table class='tt-energy-table'><tr><th>participant</th><th>dice@aim</th>{head}</tr>{body}</table>"


def energy_table(
    sides: Any, names: Sequence[str] | None = None, variant: AndromedaVariant = RULEBOOK
) -> EnergyTable:
    """Each participant's side's win chance for every energy it could spend, the others unchanged.

    Energy buys +1 die each and never aim (战斗 · 步骤 3 战斗准备); a participant can buy dice up to
    the dice cap. In a team each teammate pays for their own dice.
    """
    capped = capped_sides(sides, variant)
    labels = _names(names, len(capped.sides))
    rows = []
    for index, side in enumerate(capped.sides):
        for number, roller in enumerate(side):
            chances = []
            for energy in range(variant.dice_cap - roller.dice + 1):
                bought = side[:number] + (Roller(roller.dice + energy, roller.aim),) + side[number + 1:]
                trial = capped.sides[:index] + (bought,) + capped.sides[index + 1:]
                chances.append(contest_odds(trial).wins[index])
            name = labels[index] if len(side) == 1 else f"{labels[index]} · member {number + 1}"
            rows.append(EnergyRow(index, number, name, roller.dice, roller.aim, tuple(chances)))
    return EnergyTable(tuple(rows))


# ---------------------------------------------------------------------------------------------
# Start-player roll-offs


@dataclass(frozen=True)
class RollOffOdds:
    """Exact odds of a roll-off (each contender rolls the same dice, compared like a battle).

    ``seats``: P(each contender ends up first). ``decided_first_roll``: P(the first roll has a clear
    winner). ``tie_sizes``: P(exactly m contenders tie for first on one roll). ``expected_rolls``: the
    expected number of rolls until there is a winner. ``by_deciding_die``: P(the first roll is decided
    by each die position).
    """

    contenders: int
    dice: int
    seats: tuple[Fraction, ...]
    decided_first_roll: Fraction
    tie_sizes: dict[int, Fraction]
    expected_rolls: Fraction
    by_deciding_die: tuple[Fraction, ...]
    rule: str

    def _repr_html_(self) -> str:
        seats = "".join(f"<td>{probability_text(p)}</td>" for p in self.seats)
        return (
            f"<table class='tt-roll-off'><tr><th colspan='{self.contenders}'>P(first)</th></tr><tr>{seats}</tr></table>"
            f"<p>First roll decides: {probability_text(self.decided_first_roll)}; "
            f"expected rolls: {self.expected_rolls} ≈ {float(self.expected_rolls):.6f}.</p>"
        )

    def _repr_latex_(self) -> str:
        return (
            rf"$P(\text{{each starts}}) = {latex_fraction(self.seats[0])},\quad "
            rf"P(\text{{first roll decides}}) = {latex_fraction(self.decided_first_roll)}$"
        )


def start_player_odds(players: int, variant: AndromedaVariant = RULEBOOK) -> RollOffOdds:
    """The start-player roll-off: each player rolls ``start_roll_dice`` dice (aim 1), compared like a battle.

    After a full tie for first the tied players roll again (ruling A-R1; variant ``start_roll_full_tie``).
    """
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise InvalidInput("players", players, f"the roll-off is for 2 to 4 players ({START})")
    return _roll_off(players, (variant.start_roll_dice, 1), variant.start_roll_dice, variant.start_roll_full_tie)


def team_roll_off_odds(variant: AndromedaVariant = RULEBOOK) -> RollOffOdds:
    """The 2v2 roll-off: each team pools its two players' dice and compares; a tie rolls again (A-R1).

    The leftmost player of the winning team starts (A-F20).
    """
    team = [(variant.start_roll_dice, 1), (variant.start_roll_dice, 1)]
    return _roll_off(2, team, 2 * variant.start_roll_dice, variant.start_roll_full_tie)


def _roll_off(contenders: int, side: Any, dice: int, rule: str) -> RollOffOdds:
    ties = {k: top_tie_sizes(side, k) for k in range(2, contenders + 1)}
    seat = {1: Fraction(1)}
    rolls = {1: Fraction(0)}
    for k in range(2, contenders + 1):
        sizes = ties[k]
        if rule == "tied":
            # A contender is first by winning outright, or by being among m tied and winning that roll-off.
            stay = sizes[k]
            seat[k] = (sizes[1] / k + sum(sizes[m] * Fraction(m, k) * seat[m] for m in range(2, k))) / (1 - stay)
            rolls[k] = (1 + sum(sizes[m] * rolls[m] for m in range(2, k))) / (1 - stay)
        else:
            seat[k] = Fraction(1, k)
            rolls[k] = 1 / sizes[1]
    sizes = ties[contenders]
    breakdown = deciding_die([side] * contenders)[0]
    return RollOffOdds(
        contenders,
        dice,
        (seat[contenders],) * contenders,
        sizes[1],
        sizes,
        rolls[contenders],
        tuple(p * contenders for p in breakdown),
        rule,
    )


# ---------------------------------------------------------------------------------------------
# The odds phases: explained steps


@register_phase("odds.reroll", title="The die rerolled below its aim", section=AIM, notebook=NOTEBOOK)
def reroll_odds(aim: int, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Derive the rerolled die for one aim: the geometric series, its sum, and the engine's exact value."""
    if not isinstance(aim, int) or isinstance(aim, bool) or aim < 1:
        raise InvalidInput("aim", aim, "an aim is a whole number, 1 or more")
    capped = min(aim, variant.aim_cap)
    if capped != aim:
        yield Step("Cap the aim", f"Aim {aim} is capped to {capped}: only results below {capped} are rerolled.", AIM)
    q = Fraction(capped - 1, 6)
    low = f"faces 1..{capped - 1}" if capped > 2 else "face 1" if capped == 2 else "no face"
    yield Step(
        "One roll",
        f"A die below aim {capped} ({low}) shows with probability q = {probability_text(q)}; such a die is rerolled.",
        ROLL,
        data={"q": q},
    )
    yield Step(
        "Add up the rolls",
        f"A face v ≥ {capped} shows after k low rolls with probability q^k/6, so P(v) = Σ_k q^k/6 = "
        f"1/(6(1 − q)) = 1/(7 − a).",
        AIM,
        data={"series": "Σ_k ((a−1)/6)^k · 1/6", "closed form": "1/(7−a)"},
    )
    die = rerolled_die(capped)
    yield Step(
        "The rerolled die",
        f"With aim {capped} each of {capped}..6 has probability {probability_text(die[6])}: the die is uniform on {capped}..6.",
        AIM,
        die,
        {"P(each face)": die[6]},
    )
    return die


@register_phase("odds.battle", title="Exact battle odds", section=RESULT, notebook=NOTEBOOK)
def battle_odds_steps(
    sides: Any, names: Sequence[str] | None = None, variant: AndromedaVariant = RULEBOOK
) -> Procedure:
    """Explain an exact battle computation: caps, each side's pooled dice, the sweep, the answer."""
    capped = capped_sides(sides, variant)
    labels = _names(names, len(capped.sides))
    for note in capped.notes:
        yield Step("Apply the caps", note, PREPARATION)
    for name, side in zip(labels, capped.sides):
        dist = pooled_dice(side)
        pooled = " (the teammates' dice pooled)" if len(side) > 1 else ""
        yield Step(
            f"{name}: its sorted dice",
            f"{name} rolls {describe_side(side)}{pooled}. Sorted from high to low, its dice have "
            f"{len(dist.outcomes())} distinct outcomes.",
            TEAMS if len(side) > 1 else ROLL,
            data={"outcomes": len(dist.outcomes()), "P(at least one 6)": dist.probability(lambda d: 6 in d)},
        )
    odds = battle_odds(capped.sides, labels, variant)
    yield Step(
        "Sweep",
        "Sides are independent: P(side i wins) = Σ over i's outcomes o of P_i(o) · Π_{j≠i} P_j(dice < o), "
        "comparing sorted dice highest first (a side with dice left beats one that ran out).",
        RESULT,
        data={name: p for name, p in zip(labels, odds.wins)},
    )
    yield Step(
        "The odds",
        odds.explanation().replace("\n", "; "),
        RESULT,
        odds,
        {"no winner": odds.no_winner, "sum": sum(odds.wins) + odds.no_winner},
    )
    return odds


@register_phase("odds.start_player", title="The start-player roll-off", section=START, notebook=NOTEBOOK)
def start_player_steps(players: int, teams: bool = False, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Explain the roll-off odds for 2-4 players, or the 2v2 team roll-off."""
    if teams and players != 4:
        raise InvalidInput("players", players, f"the 2v2 team roll-off is for 4 players ({TEAM_START})")
    odds = team_roll_off_odds(variant) if teams else start_player_odds(players, variant)
    who = f"Each team pools its two players' {odds.dice} dice" if teams else f"Each of {players} players rolls {odds.dice} dice"
    yield Step(
        "Roll like a battle",
        f"{who}; the highest die wins, ties compare the next highest.",
        TEAM_START if teams else START,
        data={"dice": odds.dice},
    )
    yield Step(
        "A clear winner at once",
        f"The first roll has a clear winner with probability {probability_text(odds.decided_first_roll)}.",
        START,
        data={f"{m} tied for first": p for m, p in odds.tie_sizes.items() if m > 1},
    )
    tied = "teams" if teams else "players"
    again = f"the tied {tied} roll again" if odds.rule == "tied" else "everyone rolls again"
    yield Step(
        "Ties roll again",
        f"On a full tie for first {again} (ruling A-R1). Expected rolls: {odds.expected_rolls} ≈ {float(odds.expected_rolls):.4f}. "
        f"Every {'team' if teams else 'player'} starts with probability {probability_text(odds.seats[0])}"
        + (" (the winning team's leftmost player starts, A-F20)." if teams else "."),
        START,
        odds,
        {"expected rolls": odds.expected_rolls},
    )
    return odds
