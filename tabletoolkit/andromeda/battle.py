"""The Andromeda's Edge battle, steps 2-6 (战斗 · 步骤 2-6), over an explicit battle set-up.

A ``BattleSetup`` says who is in the active region: each player's ships there (weapons, shields,
damage, aim bonus), their developments in or next to the region, energy and aim bonuses, an optional
2v2 team, and at most one pirate side (its card values and figures). The board (escalation, step 1)
and the rest of the game build it; here it is given. Each step is an explained procedure on a frozen
``BattleState``:

    state = BattleState(setup)
    state = yield from diplomacy(state, plays)      # 步骤 2
    state = yield from preparation(state, energy)   # 步骤 3
    state = yield from roll(state, rng)             # 步骤 4
    state = yield from result(state)                # 步骤 5
    state = yield from damage(state)                # 步骤 6

``battle`` runs them in order; each step happens once (``andromeda.battle.step_done``). Rulings:
A-F2 (a tie for first: everyone loses), A-F3 (one beaten pirate figure), A-F14 (a battle ends when
one faction or none is left, e.g. after diplomacy cards move ships away), A-R2, A-R3, A-R4, A-R11,
A-F20 (2v2), A-R14 (the rulebook example's invented dice).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

from ..engine import IllegalAction, InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from ..engine import svg as draw
from ..engine.decode import Decoder, FrozenMap, identifier, items, parse_text, read_packaged, text, whole
from ..engine.frozen import replace, replace_valid
from ..engine.options import Option, Options
from ..prob import compare
from .odds import BattleOdds, battle_odds
from .state import Ship
from .variant import RULEBOOK, AndromedaVariant

BATTLE = "战斗"
DIPLOMACY = "战斗 · 步骤 2 外交"
PREPARATION = "战斗 · 步骤 3 战斗准备"
ROLL = "战斗 · 步骤 4 投掷骰子"
RESULT = "战斗 · 步骤 5 结果"
DAMAGE = "战斗 · 步骤 6 受损飞船"
TEAMS = "可选规则 · 2v2 模式 · 战斗"
NOTEBOOK = "andromeda_battle.ipynb"


# ---------------------------------------------------------------------------------------------
# The set-up



@dataclass(frozen=True)
class Participant:
    """A player in the battle: ships in the active region and what adds to their dice and aim."""

    name: str
    ships: tuple[Ship, ...]
    developments_nearby: int = 0
    energy: int = 0
    aim_bonus: int = 0
    team: str | None = None
    hand: tuple[str, ...] | None = field(default=None, repr=False)
    """The diplomacy cards the player holds, when the battle is fought on a game (a diplomacy card must be
    one of them); None for a battle set up on its own, where any card may be named."""

    def __post_init__(self) -> None:
        _text("name", self.name)
        if self.hand is not None:
            object.__setattr__(self, "hand", tuple(self.hand))
        object.__setattr__(self, "ships", tuple(self.ships))
        if not self.ships or not all(isinstance(s, Ship) for s in self.ships):
            raise InvalidInput(f"{self.name}.ships", self.ships, "a participant has at least one Ship in the region")
        for name in ("developments_nearby", "energy", "aim_bonus"):
            _count(f"{self.name}.{name}", getattr(self, name))
        if self.team is not None:
            _text(f"{self.name}.team", self.team)


@dataclass(frozen=True)
class Pirate:
    """The pirate side: its card's values and the damage on each of its figures in the region.

    ``s_class``: an S-class swarm (several figures, one participant, A-F1). ``figures`` holds the
    damage markers on each figure's shields (0 = undamaged).
    """

    name: str
    weapons: int
    aim_bonus: int = 0
    shields: int = 0
    s_class: bool = False
    figures: tuple[int, ...] = (0,)
    reward: str = "the card's reward"

    def __post_init__(self) -> None:
        _text("pirate.name", self.name)
        for name in ("weapons", "aim_bonus", "shields"):
            _count(f"pirate.{name}", getattr(self, name))
        object.__setattr__(self, "figures", tuple(self.figures))
        if not self.figures:
            raise InvalidInput("pirate.figures", self.figures, "a pirate in the battle has at least one figure")
        for damage in self.figures:
            _count("pirate.figures", damage)
        if not self.s_class and len(self.figures) > 1:
            raise InvalidInput("pirate.figures", self.figures, "only S-class pirates gather several figures in one region")


@dataclass(frozen=True)
class BattleSetup:
    """Who fights in the active region. ``participants`` are in turn order from the active player."""

    region: str
    participants: tuple[Participant, ...]
    pirate: Pirate | None = None
    active: str | None = None

    def __post_init__(self) -> None:
        _text("region", self.region)
        object.__setattr__(self, "participants", tuple(self.participants))
        names = [p.name for p in self.participants]
        if len(set(names)) != len(names):
            raise InvalidInput("participants", names, "participant names must differ")
        if self.pirate is not None and self.pirate.name in names:
            raise InvalidInput("pirate.name", self.pirate.name, "the pirate needs a name no player has")
        if self.active is not None and self.active in names and names[0] != self.active:
            raise InvalidInput("participants", names, f"turn order starts with the active player {self.active}")
        teams = [p.team for p in self.participants]
        if any(teams) and not all(teams):
            raise InvalidInput("participants", teams, "in 2v2 every player belongs to a team")
        for team in set(filter(None, teams)):
            if teams.count(team) > 2:
                raise InvalidInput("participants", teams, f"team {team!r} has more than two players")
        if len(self.factions) < 2:
            raise IllegalAction(
                "andromeda.battle.one_faction",
                "A battle needs two or more opposing factions in the active region (teammates are one faction).",
                BATTLE,
            )

    @property
    def factions(self) -> tuple[tuple[str, ...], ...]:
        """The opposing sides, in turn order: a player, a 2v2 team (pooled), the pirate last."""
        sides: dict[str, list[str]] = {}
        for p in self.participants:
            sides.setdefault(p.team or p.name, []).append(p.name)
        found = [tuple(names) for names in sides.values()]
        if self.pirate is not None:
            found.append((self.pirate.name,))
        return tuple(found)

    def participant(self, name: str) -> Participant:
        for p in self.participants:
            if p.name == name:
                return p
        raise InvalidInput("name", name, f"no player of that name in the battle; players: {[p.name for p in self.participants]}")


# ---------------------------------------------------------------------------------------------
# The state


@dataclass(frozen=True)
class DiplomacyPlay:
    """A diplomacy card played in step 2. The card's text is data (the rulebook prints only examples);
    its effects here: ``vp`` flat, ``vp_per_opposing_ship`` (opponents' ships and pirate figures in the
    region at the time, teammates excluded), ``withdraw`` (kinds of the player's own ships moved out of
    the active region), ``ends_battle``; ``any_side_may_end`` (like Hailing Frequencies) with
    ``ended_by`` naming the player who takes that offer, if anyone does. A battle also ends once one
    faction or none is left (A-F14)."""

    by: str
    card: str
    effect: str = ""
    vp: int = 0
    ends_battle: bool = False
    vp_per_opposing_ship: int = 0
    withdraw: tuple[str, ...] = ()
    any_side_may_end: bool = False
    ended_by: str | None = None

    def __post_init__(self) -> None:
        _text("play.by", self.by)
        _text("play.card", self.card)
        _count("play.vp", self.vp)
        _count("play.vp_per_opposing_ship", self.vp_per_opposing_ship)
        for flag in ("ends_battle", "any_side_may_end"):
            if not isinstance(getattr(self, flag), bool):
                raise InvalidInput(f"play.{flag}", getattr(self, flag), "expected true or false")
        if self.ended_by is not None:
            _text("play.ended_by", self.ended_by)
            if not self.any_side_may_end:
                raise InvalidInput("play.ended_by", self.ended_by, "only a card that lets any side end the battle names who ends it")
        if isinstance(self.withdraw, str):
            raise InvalidInput("play.withdraw", self.withdraw, "a list of ship kinds, e.g. [\"transport\"]")
        object.__setattr__(self, "withdraw", tuple(self.withdraw))
        for kind in self.withdraw:
            _text("play.withdraw", kind)


@dataclass(frozen=True)
class Contender:
    """A participant's dice and aim after preparation (a player or the pirate)."""

    name: str
    dice: int
    aim: int
    side: int
    energy: int = 0
    explanation: str = ""


@dataclass(frozen=True)
class Verdict:
    """Step 5's outcome: the winning side (names) or none, the losers and what each gains."""

    winner: tuple[str, ...] | None
    losers: tuple[str, ...]
    decided_at: int | None
    supremacy: tuple[str, ...]
    rewards: tuple[tuple[str, str], ...]
    tactical_operations: tuple[str, ...]
    pirate_beaten: bool


@dataclass(frozen=True)
class BattleState:
    """The battle so far. Each step returns a new state (``dataclasses.replace``)."""

    setup: BattleSetup
    ended_by_diplomacy: str | None = None
    plays: tuple[DiplomacyPlay, ...] = ()
    vp: tuple[tuple[str, int], ...] = ()
    contenders: tuple[Contender, ...] = ()
    rolls: tuple[tuple[str, tuple[int, ...]], ...] = ()
    verdict: Verdict | None = None
    region_ships: tuple[tuple[str, tuple[Ship, ...]], ...] = ()
    scrapyard: tuple[tuple[str, tuple[Ship, ...]], ...] = ()
    pirate_figures: tuple[int, ...] | None = None
    pirate_returned: int = 0
    withdrawn: tuple[tuple[str, tuple[Ship, ...]], ...] = ()
    step: int = 1

    def __post_init__(self) -> None:
        if not self.region_ships:
            object.__setattr__(self, "region_ships", tuple((p.name, p.ships) for p in self.setup.participants))
        if self.pirate_figures is None and self.setup.pirate is not None:
            object.__setattr__(self, "pirate_figures", self.setup.pirate.figures)

    @property
    def over(self) -> bool:
        """The battle ended in step 2: by a card, or because one faction or none was left (A-F14)."""
        return self.ended_by_diplomacy is not None

    @property
    def factions(self) -> tuple[tuple[str, ...], ...]:
        """The set-up's factions as they stand now: players with ships still in the region (a player
        whose ships all withdrew has left the battle), the pirate while a figure is there."""
        pirate = self.setup.pirate.name if self.setup.pirate is not None else None
        present = [tuple(n for n in f if (self.ships(n) if n != pirate else self.pirate_figures)) for f in self.setup.factions]
        return tuple(f for f in present if f)

    def in_battle(self, name: str) -> bool:
        return any(name in f for f in self.factions)

    def odds(self, variant: AndromedaVariant = RULEBOOK) -> BattleOdds:
        """The exact odds of the prepared battle (after step 3): one side per faction, teams pooled."""
        if not self.contenders:
            raise IllegalAction("andromeda.battle.roll.unprepared", "Prepare the battle (step 3) to know its dice and aims.", PREPARATION)
        dice = {c.name: (c.dice, c.aim) for c in self.contenders}
        sides = [[dice[name] for name in f] if len(f) > 1 else dice[f[0]] for f in self.factions]
        return battle_odds(sides, [" + ".join(f) for f in self.factions], variant)

    def dice(self, name: str) -> tuple[int, ...]:
        return dict(self.rolls).get(name, ())

    def ships(self, name: str) -> tuple[Ship, ...]:
        return dict(self.region_ships).get(name, ())

    def scrapped(self, name: str) -> tuple[Ship, ...]:
        return dict(self.scrapyard).get(name, ())

    def _repr_svg_(self) -> str:
        return _svg(self)


# ---------------------------------------------------------------------------------------------
# Step 2: diplomacy


@register_phase("andromeda.battle.diplomacy", title="Diplomacy", section=DIPLOMACY, notebook=NOTEBOOK)
def diplomacy(state: BattleState, plays: Sequence[DiplomacyPlay] = (), variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """In turn order from the active player, each participating player may play one diplomacy card,
    resolved at once.

    One card per participant (A-R4); with ``diplomacy_per_participant=False`` one card per battle in
    all (the tactics section's reading). The battle ends at once when a card ends it or when, after
    a card moves ships away, one faction or none is left (A-F14): later players get no chance, and
    a later play is refused. Everything is checked before the first step, so a refusal changes nothing.
    """
    _refuse_if_over(state)
    state = _begin(state, 2, DIPLOMACY)
    steps = _diplomacy_steps(state, _checked_plays(state, plays, variant))
    for step in steps:
        yield step
    return steps[-1].state if steps else state


def _checked_plays(state: BattleState, plays: Sequence[DiplomacyPlay], variant: AndromedaVariant) -> dict[str, DiplomacyPlay]:
    setup = state.setup
    plays = tuple(plays)
    by_player: dict[str, DiplomacyPlay] = {}
    for play in plays:
        if not isinstance(play, DiplomacyPlay):
            raise InvalidInput("plays", play, "each play is a DiplomacyPlay")
        if setup.pirate is not None and play.by == setup.pirate.name:
            raise IllegalAction("andromeda.battle.diplomacy.pirate", "Pirates play no tactics cards.", DIPLOMACY)
        if play.by not in {p.name for p in setup.participants}:
            raise IllegalAction(
                "andromeda.battle.diplomacy.not_participant",
                f"{play.by} is not in this battle: diplomacy cards are played only in a battle you take part in.",
                "自由行动 · 战术卡 (外交)",
            )
        hand = setup.participant(play.by).hand
        if hand is not None and play.card not in hand:
            raise IllegalAction(
                "andromeda.battle.diplomacy.not_held",
                f"{play.by} holds no diplomacy card {play.card!r}: a diplomacy card is played from your hand "
                f"(diplomacy cards held: {', '.join(hand) or 'none'}).",
                DIPLOMACY,
            )
        if play.by in by_player:
            raise IllegalAction(
                "andromeda.battle.diplomacy.one_card",
                f"{play.by} already plays {by_player[play.by].card}: each participant plays at most one diplomacy card.",
                DIPLOMACY + " (A-R4)",
            )
        by_player[play.by] = play
        players_in_battle = {p.name for p in setup.participants if state.in_battle(p.name)}
        if play.ended_by is not None and play.ended_by not in players_in_battle:
            raise IllegalAction(
                "andromeda.battle.diplomacy.not_participant",
                f"{play.ended_by} is not a player in this battle and cannot end it ({play.card}).",
                DIPLOMACY,
            )
        kinds = [s.kind for s in state.ships(play.by)]
        for kind in play.withdraw:
            if kind not in kinds:
                raise IllegalAction(
                    "andromeda.battle.diplomacy.withdraw",
                    f"{play.card} would move {play.by}'s {kind} away, but {play.by} has no (further) {kind} in {setup.region}.",
                    DIPLOMACY,
                )
            kinds.remove(kind)
    if not variant.diplomacy_per_participant and len(plays) > 1:
        raise IllegalAction(
            "andromeda.battle.diplomacy.one_per_battle",
            "Only one diplomacy card may be played in a battle (variant: one card per battle).",
            "自由行动 · 战术卡 (外交; A-R4 alternative)",
        )
    return by_player


def _diplomacy_steps(state: BattleState, by_player: Mapping[str, DiplomacyPlay]) -> list[Step]:
    """The steps of step 2, worked out in full before any is shown (a late play is refused first)."""
    steps: list[Step] = []
    order = [p.name for p in state.setup.participants]
    for number, name in enumerate(order):
        play = by_player.get(name)
        if play is None:
            if state.in_battle(name):
                steps.append(Step(f"{name}: diplomacy", f"{name} plays no diplomacy card.", DIPLOMACY, state, {"player": name}))
            continue
        state, text, data = _resolve_play(state, play)
        steps.append(Step(f"{name}: diplomacy", text, DIPLOMACY, state, data))
        ending = _ending(state, play)
        if ending is None:
            continue
        late = [later for later in order[number + 1:] if later in by_player]
        if late:
            raise IllegalAction(
                "andromeda.battle.diplomacy.battle_over",
                f"{ending} before {late[0]}'s turn to play, so {late[0]} cannot play {by_player[late[0]].card}.",
                DIPLOMACY + (" (A-F14)" if not play.ends_battle else ""),
            )
        state = replace(state, ended_by_diplomacy=ending)
        section = DIPLOMACY if play.ends_battle or play.ended_by else BATTLE + " (A-F14: one faction or none left)"
        steps.append(Step("The battle ends", f"{ending}: no dice are rolled, nobody wins or loses.", section, state, {"ended by": name}))
        break
    return steps


def _resolve_play(state: BattleState, play: DiplomacyPlay) -> tuple[BattleState, str, dict[str, Any]]:
    """One card's effect: VP (flat and per opposing ship), then its ships moved out of the region."""
    name = play.by
    parts = [f"{name} plays {play.card}." + (f" {play.effect}" if play.effect else "")]
    gained = play.vp
    if play.vp_per_opposing_ship:
        opposing = _opposing_ships(state, name)
        gained += play.vp_per_opposing_ship * opposing
        parts.append(f"{play.vp_per_opposing_ship} VP for each of the {opposing} opposing ships in {state.setup.region}.")
    vp = dict(state.vp)
    if gained:
        vp[name] = vp.get(name, 0) + gained
        parts.append(f"{name} gains {gained} VP.")
    state = replace(state, plays=state.plays + (play,), vp=tuple(vp.items()))
    if play.withdraw:
        staying = list(state.ships(name))
        leaving = []
        for kind in play.withdraw:
            ship = next(s for s in staying if s.kind == kind)
            staying.remove(ship)
            leaving.append(ship)
        region = dict(state.region_ships) | {name: tuple(staying)}
        withdrawn = dict(state.withdrawn)
        withdrawn[name] = withdrawn.get(name, ()) + tuple(leaving)
        state = replace(state, region_ships=tuple(region.items()), withdrawn=tuple(withdrawn.items()))
        left = f"; {name} has no ship left there and leaves the battle" if not staying else ""
        parts.append(f"{name} moves {', '.join(s.kind for s in leaving)} out of {state.setup.region}{left}.")
    if play.any_side_may_end:
        parts.append(f"Any side may now end the battle: {play.ended_by} does." if play.ended_by else "Any side may now end the battle; nobody does.")
    return state, " ".join(parts), {"player": name, "card": play.card, "VP": gained}


def _opposing_ships(state: BattleState, name: str) -> int:
    """Opponents' ships and pirate figures in the region (2v2 teammates are not opponents)."""
    own = next(f for f in state.setup.factions if name in f)
    ships = sum(len(state.ships(other)) for f in state.setup.factions if f != own for other in f)
    return ships + len(state.pirate_figures or ())


def _ending(state: BattleState, play: DiplomacyPlay) -> str | None:
    if play.ends_battle:
        return f"{play.card} played by {play.by} ends the battle"
    if play.ended_by:
        return f"{play.ended_by} takes the offer of {play.card} (played by {play.by}) and ends the battle"
    left = state.factions
    if len(left) <= 1:
        who = " + ".join(left[0]) if left else "nobody"
        return f"Only {who} is left in {state.setup.region}, so the battle ends (A-F14)"
    return None


# ---------------------------------------------------------------------------------------------
# Step 3: preparation


@register_phase("andromeda.battle.preparation", title="Battle preparation", section=PREPARATION, notebook=NOTEBOOK)
def preparation(state: BattleState, energy: Mapping[str, int] | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Count every participant's dice and aim, then, in turn order, the energy each pays for dice.

    Dice = weapons + 1 per own development in or next to the region + 1 per energy, at most
    ``dice_cap``; aim = own ships in the region + bonuses, at most ``aim_cap``. A pirate: the card's
    weapons, aim 1 + the card's bonus; an S-class swarm: weapons x figures (capped), aim = figures (A-R3).
    Energy that would buy a die past the cap is refused (``energy_options`` lists every amount).
    """
    setup = state.setup
    energy = dict(energy or {})
    _refuse_if_over(state)
    state = _begin(state, 3, PREPARATION)
    base = _base_contenders(state, variant)
    for name, paid in energy.items():
        setup.participant(name)
        _count(f"energy[{name}]", paid)
        refusal = _energy_refusal(state, base, name, paid, variant)
        if refusal is not None:
            raise refusal
    _refuse_over_team_cap(base, energy, state, variant)
    for contender in base:
        yield Step(f"{contender.name}: dice and aim", contender.explanation, PREPARATION,
                   replace(state, contenders=tuple(base)), {"dice": contender.dice, "aim": contender.aim})
    contenders = list(base)
    if setup.pirate is not None:
        pirate = _pirate_contender(setup.pirate, state.pirate_figures or (), len(state.factions) - 1, variant)
        contenders.append(pirate)
        yield Step(f"{pirate.name}: dice and aim", pirate.explanation, ROLL + " (提示框)",
                   replace(state, contenders=tuple(contenders)), {"dice": pirate.dice, "aim": pirate.aim})
    for index, contender in enumerate(base):
        name, paid = contender.name, energy.get(contender.name, 0)
        if paid:
            contenders[index] = replace(contender, dice=contender.dice + paid, energy=paid)
            text = f"{name} pays {paid} energy for {paid} more dice: {contenders[index].dice} dice (energy never adds aim)."
        else:
            text = f"{name} pays no energy."
        state = replace(state, contenders=tuple(contenders))
        yield Step(f"{name}: energy", text, PREPARATION, state, {"energy": paid, "dice": contenders[index].dice})
    return state


def energy_options(state: BattleState, variant: AndromedaVariant = RULEBOOK) -> Options:
    """Every amount each player still in the battle could pay, 0 to their energy + 1, in turn order: the
    choice ``(player, energy)``, labelled with the dice it gives (``"pay 2 energy: 5 dice"``) and grouped
    by player; refused with the rule, reason and section when it is more than they have or buys a die past
    the cap. A teammate's payment is taken as 0 for the team cap."""
    _refuse_if_over(state)
    base = _base_contenders(state, variant)
    options = []
    for contender in base:
        supply = state.setup.participant(contender.name).energy
        for paid in range(supply + 2):
            refusal = _energy_refusal(state, base, contender.name, paid, variant)
            label, choice = f"pay {paid} energy: {contender.dice + paid} dice", (contender.name, paid)
            options.append(Option(choice, label=label, group=contender.name) if refusal is None
                           else Option.refused_by(choice, refusal, label=label, group=contender.name))
    return Options(options)


def _base_contenders(state: BattleState, variant: AndromedaVariant) -> list[Contender]:
    """Dice and aim before energy, for every player still in the battle, in turn order."""
    setup = state.setup
    sides = {name: index for index, faction in enumerate(state.factions) for name in faction}
    base = []
    for p in setup.participants:
        if p.name not in sides:
            continue
        ships = state.ships(p.name)
        weapons = sum(s.weapons for s in ships)
        dice = weapons + p.developments_nearby
        bonus = p.aim_bonus + sum(s.aim_bonus for s in ships)
        aim = len(ships) + bonus
        text = (
            f"{p.name}: {weapons} weapon dice from {len(ships)} ships"
            + (f" + {p.developments_nearby} for developments in or next to {setup.region}" if p.developments_nearby else "")
            + f" = {dice} dice; aim = {len(ships)} ships" + (f" + {bonus} bonus" if bonus else "") + f" = {aim}"
        )
        dice, aim, capped = _cap(dice, aim, variant)
        base.append(Contender(p.name, dice, aim, sides[p.name], 0, text + capped + "."))
    return base


def _energy_refusal(state: BattleState, base: Sequence[Contender], name: str, paid: int, variant: AndromedaVariant) -> IllegalAction | None:
    supply = state.setup.participant(name).energy
    contender = next((c for c in base if c.name == name), None)
    if contender is None:
        return IllegalAction("andromeda.battle.preparation.not_in_battle",
                             f"{name} has no ship left in {state.setup.region} and is out of the battle.", PREPARATION + " (A-F14)")
    if paid > supply:
        return IllegalAction("andromeda.battle.preparation.energy", f"{name} has {supply} energy and cannot pay {paid}.", PREPARATION)
    if paid and contender.dice + paid > variant.dice_cap:
        return IllegalAction(
            "andromeda.battle.preparation.dice_cap",
            f"{name} already rolls {contender.dice} dice: {paid} energy would go past the cap of "
            f"{variant.dice_cap} dice, so at most {variant.dice_cap - contender.dice} buys dice.",
            PREPARATION + " (骰子上限)",
        )
    return None


def _cap(dice: int, aim: int, variant: AndromedaVariant) -> tuple[int, int, str]:
    notes = []
    if dice > variant.dice_cap:
        notes.append(f"; capped to {variant.dice_cap} dice (骰子上限)")
        dice = variant.dice_cap
    if aim > variant.aim_cap:
        notes.append(f"; aim capped to {variant.aim_cap}")
        aim = variant.aim_cap
    return dice, aim, "".join(notes)


def _pirate_contender(pirate: Pirate, figures: tuple[int, ...], side: int, variant: AndromedaVariant) -> Contender:
    if pirate.s_class:
        count = len(figures)
        dice = pirate.weapons * count if variant.swarm_dice_per_figure else pirate.weapons
        how = f"{pirate.weapons} weapons x {count} figures" if variant.swarm_dice_per_figure else f"{pirate.weapons} weapons"
        text = f"{pirate.name} (S-class swarm, one participant): {how} = {dice} dice; aim = {count} figures (A-R3)"
        dice, aim, capped = _cap(dice, count, variant)
    else:
        aim = 1 + pirate.aim_bonus
        bonus = f" + {pirate.aim_bonus} (card) = {aim}" if pirate.aim_bonus else ""
        text = f"{pirate.name}: {pirate.weapons} dice from its card; aim 1{bonus}"
        dice, aim, capped = _cap(pirate.weapons, aim, variant)
    return Contender(pirate.name, dice, aim, side, 0, text + capped + ".")


def _refuse_over_team_cap(base: list[Contender], energy: Mapping[str, int], state: BattleState, variant: AndromedaVariant) -> None:
    for faction in state.factions:
        if len(faction) < 2:
            continue
        pooled = sum(c.dice + energy.get(c.name, 0) for c in base if c.name in faction)
        if pooled > variant.team_dice_cap:
            raise IllegalAction(
                "andromeda.battle.preparation.team_cap",
                f"Team {' + '.join(faction)} would pool {pooled} dice; a team pools at most {variant.team_dice_cap}.",
                TEAMS,
            )


# ---------------------------------------------------------------------------------------------
# Step 4: roll


@register_phase("andromeda.battle.roll", title="Roll the battle dice", section=ROLL, notebook=NOTEBOOK)
def roll(state: BattleState, rng: Rng) -> Procedure:
    """Everyone rolls at once; then every die below its owner's aim is rerolled until none is.

    Draw order (for forced rolls): each contender's dice in set-up order (the pirate last), then
    each reroll round: the low dice of each contender in order.
    """
    _refuse_if_over(state)
    if not state.contenders:
        raise IllegalAction("andromeda.battle.roll.unprepared", "Prepare the battle (step 3) before rolling.", ROLL)
    state = _begin(state, 4, ROLL)
    dice = {c.name: list(rng.rolls(c.dice)) for c in state.contenders}
    state = replace(state, rolls=tuple((n, tuple(d)) for n, d in dice.items()))
    shown = "; ".join(f"{c.name} {_faces(dice[c.name])} (aim {c.aim})" for c in state.contenders)
    yield Step("Everyone rolls", f"All dice are rolled at once: {shown}.", ROLL, state,
               {c.name: tuple(dice[c.name]) for c in state.contenders})
    round_number = 0
    while any(v < c.aim for c in state.contenders for v in dice[c.name]):
        round_number += 1
        parts = []
        for c in state.contenders:
            low = [i for i, v in enumerate(dice[c.name]) if v < c.aim]
            if not low:
                continue
            before = [dice[c.name][i] for i in low]
            for i in low:
                dice[c.name][i] = rng.roll(6)
            after = [dice[c.name][i] for i in low]
            parts.append(f"{c.name} rerolls {_faces(before)} (below aim {c.aim}) and gets {_faces(after)}")
        state = replace(state, rolls=tuple((n, tuple(d)) for n, d in dice.items()))
        yield Step(f"Reroll round {round_number}", "; ".join(parts) + ".", ROLL + " · 瞄准值", state,
                   {c.name: tuple(dice[c.name]) for c in state.contenders})
    final = "; ".join(f"{c.name} {_faces(sorted(dice[c.name], reverse=True))}" for c in state.contenders)
    yield Step("Final dice", f"Every die is at or above its aim. Sorted high to low: {final}.", ROLL, state)
    return state


# ---------------------------------------------------------------------------------------------
# Step 5: result


@register_phase("andromeda.battle.result", title="Battle result", section=RESULT, notebook=NOTEBOOK)
def result(state: BattleState, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Compare the sides' highest dice, then the next (2v2 teams pooled); reward the winner.

    The winner (both teammates in 2v2, A-F20) advances 1 on the supremacy track and takes a beaten
    pirate's reward (an S-class swarm rewards once). Each beaten player may take a tactical
    operation (A-R12). A tie for first after all dice: no winner, everyone loses (A-F2, A-R2).
    """
    _refuse_if_over(state)
    if not state.rolls:
        raise IllegalAction("andromeda.battle.result.unrolled", "Roll the dice (step 4) before the result.", RESULT)
    state = _begin(state, 5, RESULT)
    factions = state.factions
    labels = [" + ".join(f) for f in factions]
    pooled = [tuple(sorted((v for name in f for v in state.dice(name)), reverse=True)) for f in factions]
    if any(len(f) > 1 for f in factions):
        teams = "; ".join(f"{label}: {_faces(dice)}" for label, dice, f in zip(labels, pooled, factions) if len(f) > 1)
        yield Step("Pool team dice", f"Teammates pool their dice and compare as one side: {teams}.", TEAMS, state)
    verdict = compare(pooled)
    for number, shown in enumerate(verdict.rounds, 1):
        faces = ", ".join(f"{labels[i]} {'no die left' if v is None else v}" for i, v in shown)
        best = max(v for _, v in shown if v is not None)
        still = [labels[i] for i, v in shown if v == best]
        if len(still) > 1:
            outcome = f"{' and '.join(still)} tie on {best}; they compare their next highest die."
        else:
            outcome = f"{still[0]} is highest with {best}."
        yield Step(f"Die {number}", f"Die {number}: {faces}. {outcome}", RESULT, state, {labels[i]: v for i, v in shown})
    decided, text = decide(state, verdict.winner, verdict.decided_at, variant)
    state = replace(state, verdict=decided)
    winner = decided.winner
    yield Step("Result", text, RESULT, state, {"winner": " + ".join(winner) if winner else "none", "losers": ", ".join(decided.losers)})
    return state


def decide(state: BattleState, winner_side: int | None, decided_at: int | None = None,
           variant: AndromedaVariant = RULEBOOK) -> tuple[Verdict, str]:
    """Step 5's verdict once the dice have named the winning side (an index into ``state.factions``) or
    none (a tie for first): losers, supremacy, rewards, tactical operations, whether a pirate is beaten,
    and the words for it. ``result`` uses it after the dice; a whole game uses it for the outcome of a
    battle's chance event (the odds of each side winning, before the dice)."""
    setup = state.setup
    factions = state.factions
    if winner_side is not None and not (isinstance(winner_side, int) and 0 <= winner_side < len(factions)):
        raise InvalidInput("winner_side", winner_side, f"a side 0..{len(factions) - 1} or None (no winner)")
    won = f" on die {decided_at}" if decided_at else ""
    pirate = setup.pirate.name if setup.pirate is not None else None
    supremacy: tuple[str, ...]
    rewards: tuple[tuple[str, str], ...]
    if winner_side is None:
        winner = None
        losers = tuple(name for f in factions for name in f)
        beaten = pirate is not None and variant.full_tie_beats_pirate
        supremacy, rewards = (), ()
        text = "A tie for first after all dice: there is no winner and everyone loses (A-F2); nobody gains supremacy or a reward."
        if pirate:
            text += " The pirate counts as beaten (A-R2)." if beaten else " The pirate is not damaged (variant)."
    else:
        winner = factions[winner_side]
        losers = tuple(name for f in factions if f != winner for name in f)
        beaten = pirate is not None and pirate in losers
        supremacy = tuple(name for name in winner if name != pirate)
        rewards = tuple((name, setup.pirate.reward) for name in supremacy) if beaten and setup.pirate else ()
        text = f"{' + '.join(winner)} wins{won}."
        if supremacy:
            text += f" {' and '.join(supremacy)} {_verb(supremacy, 'advances', 'advance')} 1 on the supremacy track."
        if rewards and setup.pirate is not None:
            once = " (an S-class swarm rewards once)" if setup.pirate.s_class else ""
            text += f" Beating {pirate}: {' and '.join(supremacy)} {_verb(supremacy, 'takes', 'take')} {setup.pirate.reward}{once}."
    tactical = tuple(name for name in losers if name != pirate)
    if tactical:
        text += f" {' and '.join(tactical)} may take a tactical operation: draw 1 tactics card or the slotted moon's resources (A-R12)."
    return Verdict(winner, losers, decided_at, supremacy, rewards, tactical, beaten), text


# ---------------------------------------------------------------------------------------------
# Step 6: damage


@register_phase("andromeda.battle.damage", title="Damage the beaten ships", section=DAMAGE, notebook=NOTEBOOK)
def damage(state: BattleState, pirate_figure: int | None = None) -> Procedure:
    """Every beaten player's ships in the region take damage: a ship with an undamaged shield takes a
    marker on it and stays; any other ship goes to the top of the scrapyard. A beaten pirate: one
    figure takes the damage and returns to its card unless it has an undamaged shield (A-F3); its
    shield damage clears there (A-R11). Which figure of a swarm the text does not say: the players
    choose with ``pirate_figure`` (0 = the first; by default the first, and the step says so).
    """
    _refuse_if_over(state)
    verdict = state.verdict
    if verdict is None:
        raise IllegalAction("andromeda.battle.damage.undecided", "Decide the result (step 5) before damage.", DAMAGE)
    state = _begin(state, 6, DAMAGE)
    figures = state.pirate_figures or ()
    _check_pirate_figure(state, pirate_figure)
    chosen = pirate_figure if pirate_figure is not None else 0
    region = dict(state.region_ships)
    scrap = dict(state.scrapyard)
    for name in verdict.losers:
        if name not in region:
            continue
        kept, sent, lines = [], [], []
        for ship in region[name]:
            if ship.shield_left:
                kept.append(replace_valid(ship, damage=ship.damage + 1))
                lines.append(f"{ship.kind}: a damage marker on its shield, it stays")
            else:
                sent.append(ship)
                why = "its shields are spent" if ship.shields else "no shield"
                lines.append(f"{ship.kind}: {why}, to the scrapyard's top")
        region[name] = tuple(kept)
        scrap[name] = tuple(sent) + scrap.get(name, ())
        state = replace(state, region_ships=tuple(region.items()), scrapyard=tuple(scrap.items()))
        yield Step(f"{name}: damage", f"{name}'s ships are damaged: " + "; ".join(lines) + ".", DAMAGE, state,
                   {"stay": len(kept), "scrapyard": len(sent)})
    if verdict.pirate_beaten and state.setup.pirate is not None:
        pirate = state.setup.pirate
        marks = figures[chosen]
        which = ""
        if len(figures) > 1:
            picked = "chosen" if pirate_figure is not None else "the first, by default; the text does not say which"
            which = f" (figure {chosen + 1} of {len(figures)}, {picked})"
        if marks < pirate.shields:
            figures = figures[:chosen] + (marks + 1,) + figures[chosen + 1:]
            text = f"{pirate.name}: one figure{which} takes a damage marker on an undamaged shield and stays (A-F3)."
            returned = state.pirate_returned
        else:
            figures = figures[:chosen] + figures[chosen + 1:]
            text = f"{pirate.name}: one figure{which} is damaged and returns to its card (pirates never go to the scrapyard)."
            returned = state.pirate_returned + 1
        state = replace(state, pirate_figures=figures, pirate_returned=returned)
        yield Step(f"{pirate.name}: damage", text, DAMAGE + " · 护盾", state, {"figures left": len(figures)})
    if not verdict.losers:
        yield Step("No damage", "Nobody lost: no ship is damaged.", DAMAGE, state)
    return state


# ---------------------------------------------------------------------------------------------
# The whole battle


def battle(
    setup: BattleSetup,
    plays: Sequence[DiplomacyPlay] = (),
    energy: Mapping[str, int] | None = None,
    rng: Rng | None = None,
    variant: AndromedaVariant = RULEBOOK,
    pirate_figure: int | None = None,
) -> Procedure:
    """Steps 2-6 in order; stops after diplomacy if the battle ends there (a card, or A-F14).
    ``pirate_figure`` (if given) is checked at once and used only if the pirate is beaten."""
    state = BattleState(setup)
    _check_pirate_figure(state, pirate_figure)
    state = yield from diplomacy(state, plays, variant)
    if state.over:
        return state
    state = yield from preparation(state, energy, variant)
    state = yield from roll(state, rng if rng is not None else Rng(0))
    state = yield from result(state, variant)
    state = yield from damage(state, pirate_figure)
    return state


def _check_pirate_figure(state: BattleState, pirate_figure: int | None) -> None:
    """A chosen figure must be one of the pirate figures in the region (used if the pirate is beaten)."""
    if pirate_figure is None:
        return
    figures = state.pirate_figures or ()
    if not figures:
        raise InvalidInput("pirate_figure", pirate_figure, "there is no pirate figure in this battle")
    if isinstance(pirate_figure, bool) or not isinstance(pirate_figure, int) or not 0 <= pirate_figure < len(figures):
        raise InvalidInput("pirate_figure", pirate_figure, f"choose a figure 0..{len(figures) - 1}")


def _begin(state: BattleState, number: int, section: str) -> BattleState:
    """Each step happens once per battle, in order (diplomacy may be skipped): refuse a repeat."""
    if state.step >= number:
        raise IllegalAction("andromeda.battle.step_done",
                            f"This battle is already at step {state.step}: step {number} happens once, in order.", section)
    return replace(state, step=number)


def _refuse_if_over(state: BattleState) -> None:
    if state.over:
        raise IllegalAction("andromeda.battle.over", f"The battle already ended: {state.ended_by_diplomacy}.", DIPLOMACY)


# ---------------------------------------------------------------------------------------------
# The rulebook's example (战斗举例), from data


@dataclass(frozen=True)
class BattleExample:
    """A battle set up from a data file, with its plays, energy and forced dice, and what is invented."""

    title: str
    section: str
    setup: BattleSetup
    plays: tuple[DiplomacyPlay, ...]
    energy: Mapping[str, int]
    forced_dice: tuple[int, ...]
    invented: tuple[str, ...]

    def run_steps(self, variant: AndromedaVariant = RULEBOOK) -> Procedure:
        return battle(self.setup, self.plays, self.energy, Rng.forced(self.forced_dice), variant)


def load_battle_example(name: str = "battle_example.toml") -> BattleExample:
    """Read a battle shipped in the wing's ``data/`` folder by its file name (default: the rulebook's 战斗举例,
    A-R14); a path or a name not shipped is ``InvalidInput``."""
    return parse_battle_example(parse_text(read_packaged(__package__, name), name), name)


# The battle file's shape (decoded by engine.decode: unknown keys, wrong types, absurd numbers, a second
# participant of one name and a reference to no participant are refused naming the file and the key).
@dataclass(frozen=True)
class _ShipEntry:
    kind: str
    weapons: Annotated[int, whole(0, 99)]
    shields: Annotated[int, whole(0, 99)] = 0
    damage: Annotated[int, whole(0, 99)] = 0
    aim_bonus: Annotated[int, whole(0, 99)] = 0
    owner: Annotated[str, text(empty=True)] = ""


@dataclass(frozen=True)
class _ParticipantEntry:
    name: Annotated[str, identifier("participant")]
    ship: Annotated[tuple[_ShipEntry, ...], items(most=99)] = ()
    developments_nearby: Annotated[int, whole(0, 99)] = 0
    energy: Annotated[int, whole(0, 99)] = 0
    aim_bonus: Annotated[int, whole(0, 99)] = 0
    team: str | None = None


@dataclass(frozen=True)
class _PirateEntry:
    name: str
    weapons: Annotated[int, whole(0, 99)]
    aim_bonus: Annotated[int, whole(0, 99)] = 0
    shields: Annotated[int, whole(0, 99)] = 0
    s_class: bool = False
    figures: Annotated[tuple[int, ...], items(most=99, high=99)] = (0,)
    reward: str = "the card's reward"


@dataclass(frozen=True)
class _PlayEntry:
    by: Annotated[str, text(ref="participant")]
    card: str
    effect: Annotated[str, text(empty=True)] = ""
    vp: Annotated[int, whole(0, 99)] = 0
    ends_battle: bool = False
    vp_per_opposing_ship: Annotated[int, whole(0, 99)] = 0
    withdraw: Annotated[tuple[str, ...], items(most=99)] = ()
    any_side_may_end: bool = False
    ended_by: Annotated[str | None, text(ref="participant")] = None


@dataclass(frozen=True)
class _BattleEntry:
    title: str
    section: str
    region: str
    active: Annotated[str | None, text(ref="participant")] = None
    invented: Annotated[tuple[str, ...], items(most=99)] = ()


@dataclass(frozen=True)
class _RollEntry:
    forced: Annotated[tuple[int, ...], items(most=9999, low=1, high=6)]


@dataclass(frozen=True)
class _BattleFile:
    battle: _BattleEntry
    participant: Annotated[tuple[_ParticipantEntry, ...], items(most=4)]
    roll: _RollEntry
    pirate: _PirateEntry | None = None
    play: Annotated[tuple[_PlayEntry, ...], items(most=99)] = ()
    energy: Annotated[Mapping[str, int], items(most=4, high=99)] = FrozenMap()


def parse_battle_example(data: Mapping[str, Any], source: str = "data") -> BattleExample:
    """Build a ``BattleExample`` from parsed TOML (engine.decode); a bad entry raises a ``DataError``
    (an ``InvalidInput``) naming ``source`` and the key."""
    decoder = Decoder(source)
    raw = decoder.value(_BattleFile, dict(data))
    decoder.check()
    for who in raw.energy:
        if who not in {p.name for p in raw.participant}:
            raise decoder.refuse(("energy", who), raw.energy[who], "no participant has this name")

    def built(cls: type, key: tuple[Any, ...], **values: Any) -> Any:
        try:
            return cls(**values)
        except InvalidInput as bad:
            raise decoder.refuse(key + (bad.field,), bad.value, bad.reason) from None

    players = tuple(
        built(Participant, ("participant", i), name=entry.name, developments_nearby=entry.developments_nearby,
              energy=entry.energy, aim_bonus=entry.aim_bonus, team=entry.team,
              ships=tuple(built(Ship, ("participant", i, "ship", n), kind=s.kind, weapons=s.weapons, shields=s.shields,
                                damage=s.damage, aim_bonus=s.aim_bonus, owner=s.owner) for n, s in enumerate(entry.ship)))
        for i, entry in enumerate(raw.participant))
    p = raw.pirate
    pirate = None if p is None else built(Pirate, ("pirate",), name=p.name, weapons=p.weapons, aim_bonus=p.aim_bonus,
                                          shields=p.shields, s_class=p.s_class, figures=p.figures, reward=p.reward)
    setup = built(BattleSetup, ("battle",), region=raw.battle.region, participants=players, pirate=pirate,
                  active=raw.battle.active)
    plays = tuple(built(DiplomacyPlay, ("play", n), **{f: getattr(play, f) for f in play.__dataclass_fields__})
                  for n, play in enumerate(raw.play))
    return BattleExample(raw.battle.title, raw.battle.section, setup, plays, raw.energy, raw.roll.forced,
                         raw.battle.invented)


# ---------------------------------------------------------------------------------------------
# Helpers and the picture


def _text(name: str, value: Any) -> None:
    if not isinstance(value, str) or not value:
        raise InvalidInput(name, value, "expected a non-empty name")


def _count(name: str, value: Any) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidInput(name, value, "expected a whole number, 0 or more")


def _verb(names: Sequence[str], one: str, many: str) -> str:
    return one if len(names) == 1 else many


def _faces(dice: Sequence[int]) -> str:
    return "[" + " ".join(str(v) for v in dice) + "]" if dice else "[no dice]"


def _svg(state: BattleState) -> str:
    """One row per contender: ships (shield pips, damage marks), dice, and the verdict (engine.svg: one
    palette, every name escaped, type at the projector floor, names wrapped in their column, never cut)."""
    setup = state.setup
    size, small = 14, draw.READABLE_PX
    name_column = 140
    rows = [(p.name, state.ships(p.name), state.scrapped(p.name)) for p in setup.participants]
    pirate = setup.pirate
    verdict = state.verdict
    status = ""
    if state.over:
        status = "battle ended in step 2 (diplomacy)"
    elif verdict is not None:
        status = f"winner: {' + '.join(verdict.winner)}" if verdict.winner else "no winner: everyone loses"
    contenders = {c.name: c for c in state.contenders}
    entries = [(name, ships, scrapped, False) for name, ships, scrapped in rows]
    if pirate is not None:
        entries.append((pirate.name, (), (), True))
    drawn: list[tuple[float, float, str, list[draw.Element]]] = []     # each row's top, height, colour, contents
    y, right = 36.0, 760.0
    for name, ships, scrapped, is_pirate in entries:
        colour = "line" if is_pirate else (name.lower() if name.lower() in draw.PALETTE else "muted")
        lines = draw.wrapped(name, name_column, size, split_long=True)
        contender = contenders.get(name)
        said = []
        if verdict is not None and name in verdict.losers:
            said.append(("beaten", "red"))
        elif verdict is not None and verdict.winner and name in verdict.winner:
            said.append(("wins", "green"))
        if contender is not None:
            said.append((f"{contender.dice} dice, aim {contender.aim}", "ink"))
        height = max(64.0, 10 + 18 * (len(lines) + len(said)))
        row: list[draw.Element] = []
        for i, line in enumerate(lines):
            row.append(draw.text(12, y + 18 + 18 * i, line, font_weight="bold", fill=colour))
        for i, (words, ink) in enumerate(said):
            row.append(draw.text(12, y + 18 + 18 * (len(lines) + i), words, fill=ink))
        x = 168.0
        if is_pirate and pirate is not None:
            for marks in state.pirate_figures or ():
                row.append(draw.circle(x + 10, y + 14, 9, fill="line"))
                for s in range(pirate.shields):
                    row.append(draw.rect(x + 22 + s * 8, y + 10, 6, 6, fill="red" if s < marks else "sky"))
                x += 30 + 8 * pirate.shields
            if state.pirate_returned:
                words = f"{state.pirate_returned} figure back on its card"
                row.append(draw.text(x, y + 18, words, fill="muted"))
                x += draw.text_width(words, size) + 10
        for ship in ships:
            box = max(80.0, draw.text_width(ship.kind, small) + 16 + 8 * ship.shields)
            row.append(draw.rect(x, y + 4, box, 22, rx=4, fill="paper", stroke=colour))
            row.append(draw.text(x + 6, y + 20, ship.kind, font_size=small))
            for s in range(ship.shields):
                row.append(draw.rect(x + box - 10 - s * 8, y + 7, 6, 6, fill="red" if s < ship.damage else "sky"))
            x += box + 6
        for label, ink, gone in (("scrapyard", "red", scrapped), ("withdrawn", "muted", dict(state.withdrawn).get(name, ()))):
            if gone:
                words = f"{label}: " + ", ".join(s.kind for s in gone)
                row.append(draw.text(x + 4, y + 20, words, fill=ink))
                x += 14 + draw.text_width(words, size)
        dx = 168.0
        for v in sorted(state.dice(name), reverse=True):
            row.append(draw.rect(dx, y + 32, 24, 24, rx=4, fill="paper", stroke="ink"))
            row.append(draw.text(dx + 12, y + 49, str(v), anchor="middle", font_weight="bold"))
            dx += 28
        right = max(right, x + 8, dx + 8)
        drawn.append((y, height, colour, row))
        y += height
    width = min(right, draw.WIDEST)
    out: list[draw.Element] = [draw.text(8, 22, setup.region, font_size=16, font_weight="bold"),
                               draw.text(width - 8, 22, status, anchor="end", font_weight="bold")]
    for top, height, colour, row in drawn:     # each row's frame spans the picture's final width
        out.append(draw.rect(4, top, width - 8, height - 6, rx=6, fill=colour, fill_opacity=0.08, stroke=colour))
        out.extend(row)
    return draw.svg(width, y + 4, *out, class_="tt-battle", font_family="sans-serif", font_size=size).render()
