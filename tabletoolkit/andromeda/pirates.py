"""Pirates on the board: raids into the active region (step 3) and placing new pirates, with exact odds.

Pirate raids (phase ``andromeda.raid``): ``raid_options`` lists every pirate on the board with its
verdict; ``raid`` moves the raiders. Placing a pirate an event brings (``andromeda.pirates``):
``place_pirate`` rolls and explains; ``placement_odds`` gives the exact chance of every region
(``odds.placement``, with ``placement_chances`` as its explained derivation), and the set-up's random
placements (``starting_s_class_odds``, ``leader_odds``).

Only pirates count as occupying for raids and placement (A-F5); player ships never block a raid.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine import IllegalAction, InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from ..engine.numbers import probability_text
from ..prob import Distribution
from .board import ALLIANCE_BASES, Board, BoardView, Pieces, RuleVerdict, ShowsVerdicts, path_blockers, verdict_reason_html
from .variant import RULEBOOK, AndromedaVariant

RAID = "发射回合 · 步骤 3 海盗袭击"
PLACING = "海盗 · 放置新海盗"
SPECIAL_PLACING = "可选规则 · 特殊地区 · 放置海盗"
NOTEBOOK = "andromeda_board_and_range.ipynb"

#: The start region printed on cards that begin on a random nebula.
RANDOM_NEBULA = "random nebula"
#: The outcome of a placement that finds no region (every nebula holds another pirate class).
NOT_PLACED = "not placed"


@dataclass(frozen=True)
class PirateCard:
    """What the board rules need from a pirate card: class letter, range and start region.

    ``start`` is ``RANDOM_NEBULA``, an alliance-base key (``"development_office"``) or a region id.
    Battle values (weapons, aim, shields, reward) are not needed here.
    """

    name: str
    pirate_class: str
    range: int
    start: str = RANDOM_NEBULA

    def __post_init__(self) -> None:
        if self.pirate_class not in ("S", "A", "B", "C", "D"):
            raise InvalidInput(f"{self.name}.pirate_class", self.pirate_class, "a pirate class is S, A, B, C or D")
        if not isinstance(self.range, int) or isinstance(self.range, bool) or self.range < 0:
            raise InvalidInput(f"{self.name}.range", self.range, "a range is a whole number of regions, 0 or more")
        if not isinstance(self.start, str) or not self.start:
            raise InvalidInput(f"{self.name}.start", self.start, f"a region id, an alliance-base key or {RANDOM_NEBULA!r}")


def _card(cards: Mapping[str, PirateCard], letter: str) -> PirateCard:
    card = cards.get(letter)
    if card is None:
        raise InvalidInput("cards", sorted(cards), f"a class-{letter} pirate is on the board but its card is missing")
    return card


# -- raids -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class RaidVerdict(RuleVerdict):
    """One pirate group on the board (a region's figures of one class) and whether it may raid."""

    region: str
    pirate_class: str
    figures: int
    steps: int | None
    rule: str
    reason: str
    section: str


@dataclass(frozen=True)
class RaidOptions(ShowsVerdicts):
    """Every pirate on the board with its verdict for a raid on ``active``.

    ``choices`` are the classes the active player may pick (one must be picked when there is any);
    ``swarm`` is true when the active region already holds S-class pirates (only S-class may join).
    """

    active: str
    verdicts: tuple[RaidVerdict, ...]
    swarm: bool
    board: Board = field(repr=False)
    pieces: Pieces = field(repr=False)

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(sorted({v.pirate_class for v in self.verdicts if v.legal}))

    def view(self) -> BoardView:
        marks = {v.region: ("source" if v.legal else "illegal") for v in self.verdicts}
        return BoardView(self.board, self.pieces, {**marks, self.active: "active"},
                         caption=f"Raid on {self.board.regions[self.active].name}: may raid {', '.join(self.choices) or 'none'}")

    def table(self) -> str:
        """Every verdict as an HTML table (the picture is ``_repr_svg_``)."""
        rows = "".join(
            f"<tr><td>{html.escape(self.board.regions[v.region].label)}</td><td>{v.figures}× {v.pirate_class}</td>"
            f"<td>{'—' if v.steps is None else v.steps}</td><td>{'legal' if v.legal else 'refused'}</td>"
            f"<td>{verdict_reason_html(v.reason, v.rule)}</td></tr>"
            for v in self.verdicts
        )
        return ("<table class='tt-raid-verdicts'><tr><th>pirate in</th><th>figures</th><th>steps</th><th>verdict</th><th>why</th></tr>"
                f"{rows}</table>")


def raid_options(
    board: Board, pieces: Pieces, active: str, cards: Mapping[str, PirateCard], *, variant: AndromedaVariant = RULEBOOK
) -> RaidOptions:
    """Which pirates may raid the active region, each with the rule that allows or refuses it."""
    pieces.check(board)
    active = board.key(active)
    here = pieces.pirates_in(active)
    swarm = bool(here) and set(here) == {"S"}
    blocked = path_blockers(variant)  # pirates ignore Voyage
    verdicts = []
    for region, letters in pieces.pirate_regions().items():
        if region == active:
            continue
        letter = letters[0]
        card = _card(cards, letter)
        steps = board.distance(region, active, blocked=blocked)
        name = board.regions[active].name
        if here and not swarm:
            rule, reason = "andromeda.raid.occupied", f"{name} already holds a class-{here[0]} pirate: no raid, no more pirates enter"
        elif swarm and letter != "S":
            rule, reason = "andromeda.raid.swarm_only", f"{name} holds S-class pirates: only S-class pirates may swarm in"
        elif steps is None or steps > card.range:
            away = "cut off by Quasars" if steps is None else f"{steps} steps away"
            rule, reason = "andromeda.raid.range", f"{card.name} has range {card.range} and is {away}"
        else:
            rule = "legal"
            reason = f"{card.name} is {steps} step{'s' if steps != 1 else ''} away, within range {card.range}"
            if swarm:
                reason += ": S-class pirates swarm together"
        verdicts.append(RaidVerdict(region, letter, len(letters), steps, rule, reason, RAID))
    return RaidOptions(active, tuple(verdicts), swarm, board, pieces)


@dataclass(frozen=True)
class RaidResult:
    """The pieces after the raid, and who came: (from region, class, figures) per group."""

    pieces: Pieces
    raiders: tuple[tuple[str, str, int], ...]
    chosen: str | None


def raid(
    board: Board,
    pieces: Pieces,
    active: str,
    cards: Mapping[str, PirateCard],
    choice: str | None = None,
    *,
    variant: AndromedaVariant = RULEBOOK,
) -> RaidResult:
    """Carry out step 3: the chosen class raids (every S-class pirate in range comes along).

    ``choice`` is the class letter the active player picks; it may be left out when there is at
    most one choice or the region holds S-class (the swarm needs no choice).
    """
    return carry_out_raid(raid_options(board, pieces, active, cards, variant=variant), choice)


def carry_out_raid(options: RaidOptions, choice: str | None) -> RaidResult:
    """Step 3 carried out from raid options already worked out (``raid_options``)."""
    pieces = options.pieces
    legal = [v for v in options.verdicts if v.legal]
    if not legal:
        if choice is not None:
            raise _refusal(options, choice)
        return RaidResult(pieces, (), None)
    if options.swarm:
        if choice not in (None, "S"):
            raise _refusal(options, choice)
        choice = "S"
    elif choice is None:
        if len(options.choices) > 1:
            raise InvalidInput("choice", None, f"the active player must choose which pirate raids: one of {list(options.choices)}")
        choice = options.choices[0]
    elif choice not in options.choices:
        raise _refusal(options, choice)
    movers = [v for v in legal if v.pirate_class == choice]
    after = pieces
    for v in movers:
        after = after.without_pirates(v.region, choice * v.figures).with_pirates(options.active, choice * v.figures)
    return RaidResult(after, tuple((v.region, v.pirate_class, v.figures) for v in movers), choice)


def _refusal(options: RaidOptions, choice: str) -> Exception:
    for v in options.verdicts:
        if v.pirate_class == choice and not v.legal:
            return v.refusal()
    if options.swarm:
        return IllegalAction("andromeda.raid.swarm_only", "the active region holds S-class pirates: only S-class pirates may swarm in", RAID)
    return InvalidInput("choice", choice, f"no class-{choice} pirate is on the board outside the active region")


@register_phase("andromeda.raid", title="Pirate raid", section=RAID, notebook=NOTEBOOK)
def pirate_raid(
    board: Board,
    pieces: Pieces,
    active: str,
    cards: Mapping[str, PirateCard],
    choice: str | None = None,
    *,
    variant: AndromedaVariant = RULEBOOK,
) -> Procedure:
    """Launch turn step 3, explained. A refused choice raises before the first step."""
    options = raid_options(board, pieces, active, cards, variant=variant)
    result = carry_out_raid(options, choice)
    name = board.regions[options.active].name
    here = pieces.pirates_in(options.active)
    if not here:
        text = f"{name} holds no pirate: every pirate within its card's range may raid (pirates ignore Voyage; ships never block)."
    elif options.swarm:
        text = f"{name} already holds {len(here)} S-class pirate(s): no other class may enter, but S-class pirates in range swarm in."
    else:
        text = f"{name} already holds a class-{here[0]} pirate: no raid happens and no other pirate enters."
    yield Step("Check the active region", text, RAID, BoardView(board, pieces, {options.active: "active"}), {"pirates there": "".join(here) or "none"})
    if options.verdicts:
        listed = "; ".join(f"{v.figures}× {v.pirate_class} in {board.regions[v.region].name}: {v.reason if v.legal else v.rule}" for v in options.verdicts)
    else:
        listed = "no pirate is on the board outside the active region"
    yield Step("Pirates in range", listed + ".", RAID, options.view(), {"may raid": ", ".join(options.choices) or "none"})
    if not result.raiders:
        yield Step("No raid", f"No pirate raids {name}.", RAID, BoardView(board, pieces, {options.active: "active"}), {})
        return result
    how = ("S-class pirates swarm together" if options.swarm else
           f"the active player chooses class {result.chosen}" + (" (the only choice)" if len(options.choices) == 1 else f" from {', '.join(options.choices)}"))
    came = ", ".join(f"{n}× {c} from {board.regions[r].name}" for r, c, n in result.raiders)
    extra = " Every S-class pirate in range comes along." if result.chosen == "S" else ""
    yield Step(f"Class {result.chosen} raids", f"{how[0].upper() + how[1:]}: {came} enter {name}.{extra}", RAID,
               BoardView(board, result.pieces, {options.active: "active"}), {"raiders": came})
    return result


# -- placing pirates -------------------------------------------------------------------------
def _blocks(pieces: Pieces, region: str, letter: str) -> bool:
    """A pirate of another class (or, for non-S pirates, any pirate) bars the region (海盗 · 放置新海盗)."""
    there = pieces.pirates_in(region)
    return bool(there) and not (letter == "S" and set(there) == {"S"})


@dataclass(frozen=True)
class Arrival:
    """Who an event's pirate card actually brings, and where its card sends them."""

    pirate_class: str
    figures: int
    start: str
    reason: str


def arrival(board: Board, pieces: Pieces, card: PirateCard, *, s_supply: int, variant: AndromedaVariant = RULEBOOK) -> Arrival:
    """The named class (one figure), or S-class figures when the named class is already out (A-F6).

    ``s_supply`` is the number of S-class figures not on the board.
    """
    if not isinstance(s_supply, int) or s_supply < 0:
        raise InvalidInput("s_supply", s_supply, "the S-class figures left off the board: a whole number, 0 or more")
    start = _start(board, card)
    if card.pirate_class == "S":
        count = min(1, s_supply)
        return Arrival("S", count, start, f"{card.name} is S-class: one more S-class figure arrives" if count else "no S-class figure is left")
    if card.pirate_class in {letter for _, letter in pieces.pirates}:
        count = min(variant.s_class_for_named_class, s_supply)
        return Arrival("S", count, start, f"class {card.pirate_class} ({card.name}) is already on the board: "
                       f"{count} S-class figure(s) go to its card's region instead"
                       + (f" (only {s_supply} left)" if s_supply < variant.s_class_for_named_class else ""))
    return Arrival(card.pirate_class, 1, start, f"{card.name} (class {card.pirate_class}) arrives")


def _start(board: Board, card: PirateCard) -> str:
    if card.start == RANDOM_NEBULA:
        return RANDOM_NEBULA
    if card.start in ALLIANCE_BASES:
        region = board.base(card.start)
        if region is None:
            raise InvalidInput(f"{card.name}.start", card.start, "this alliance base is not on the board")
        return region.id
    region = board.region(card.start)
    if region.kind in ("empty",):
        raise InvalidInput(f"{card.name}.start", card.start, "a pirate cannot start in an empty tile space")
    return region.id


def _die_regions(board: Board, *, specials: bool) -> dict[int, str]:
    """Die number -> the region a random placement lands in: a special region showing the number (when
    ``specials``; 可选规则 · 特殊地区 · 放置海盗: they catch pirates by their numbers), else the nebula."""
    found: dict[int, str] = {}
    kinds = ("quasar", "vortex", "nebula") if specials else ("nebula",)
    for kind in kinds:
        for region in board.of_kind(kind):
            for die in region.dice:
                found.setdefault(die, region.id)
    if not found:
        raise InvalidInput("board", board.title, "no nebula on the board shows a die number")
    return dict(sorted(found.items()))


def _fallback_faces(board: Board, pieces: Pieces, letter: str, variant: AndromedaVariant) -> dict[int, str]:
    """Die number -> nebula for the fallback roll: a nebula no pirate holds (A-F6), or with
    ``variant.fallback_nebula == "free_for_class"`` also one holding S-class for an S-class figure."""
    if variant.fallback_nebula == "pirate_free":
        return {die: rid for die, rid in _die_regions(board, specials=False).items() if not pieces.pirates_in(rid)}
    return {die: rid for die, rid in _die_regions(board, specials=False).items() if not _blocks(pieces, rid, letter)}


def _fallback(board: Board, pieces: Pieces, letter: str, variant: AndromedaVariant) -> dict[str, Fraction]:
    """Chances of the fallback roll: the die is rolled until it shows a nebula the pirate may fall back to."""
    faces = _fallback_faces(board, pieces, letter, variant)
    if not faces:
        return {NOT_PLACED: Fraction(1)}
    chances: dict[str, Fraction] = {}
    for rid in faces.values():
        chances[rid] = chances.get(rid, Fraction(0)) + Fraction(1, len(faces))
    return chances


def placement_odds(
    board: Board, pieces: Pieces, card: PirateCard, *, s_supply: int, variant: AndromedaVariant = RULEBOOK
) -> Distribution[str]:
    """The exact chance of every region receiving the pirate(s) this card brings (or ``NOT_PLACED``)."""
    pieces.check(board)
    who = arrival(board, pieces, card, s_supply=s_supply, variant=variant)
    if who.figures == 0:
        return Distribution({NOT_PLACED: 1})
    if who.start == RANDOM_NEBULA:
        counts: dict[str, int] = {}
        for rid in _die_regions(board, specials=True).values():
            counts[rid] = counts.get(rid, 0) + 1
    else:
        counts = {who.start: 1}
    # Whole-number weights over (first roll, fallback roll) pairs: a first roll that lands free
    # counts once per fallback face; a barred one shares its count among the free nebulae.
    free = list(_fallback_faces(board, pieces, who.pirate_class, variant).values())
    spread = len(free) or 1
    weights: dict[str, int] = {}
    for rid, count in counts.items():
        if not _blocks(pieces, rid, who.pirate_class):
            weights[rid] = weights.get(rid, 0) + count * spread
        elif not free:
            weights[NOT_PLACED] = weights.get(NOT_PLACED, 0) + count * spread
        else:
            for where in free:
                weights[where] = weights.get(where, 0) + count
    return Distribution(weights)


@dataclass(frozen=True)
class PlacementResult:
    """A pirate placement carried out: new pieces, where they went (or ``None``), the dice rolled."""

    pieces: Pieces
    region: str | None
    pirate_class: str
    figures: int
    rolls: tuple[int, ...]


@register_phase("andromeda.pirates", title="Place a new pirate", section=PLACING, notebook=NOTEBOOK)
def place_pirate(
    board: Board,
    pieces: Pieces,
    card: PirateCard,
    rng: Rng,
    *,
    s_supply: int,
    variant: AndromedaVariant = RULEBOOK,
) -> Procedure:
    """Place the pirate(s) an event's card brings, rolling where the card or a fallback says so."""
    pieces.check(board)
    who = arrival(board, pieces, card, s_supply=s_supply, variant=variant)
    yield Step("Who arrives", who.reason + ".", PLACING, BoardView(board, pieces), {"class": who.pirate_class, "figures": who.figures})
    if who.figures == 0:
        yield Step("Nothing to place", "No figure is left to place.", PLACING, BoardView(board, pieces), {})
        return PlacementResult(pieces, None, who.pirate_class, 0, ())
    rolls: list[int] = []
    if who.start == RANDOM_NEBULA:
        faces = _die_regions(board, specials=True)
        die = rng.roll(6)
        rolls.append(die)
        while die not in faces:
            die = rng.roll(6)
            rolls.append(die)
        target = faces[die]
        caught = board.regions[target].kind in ("quasar", "vortex")
        text = (f"The card says a random nebula: the die shows {', then '.join(map(str, rolls))}: {board.regions[target].label}"
                + (" (a special region catches pirates by its die number)" if caught else "") + ".")
        yield Step("Roll for the start region", text, SPECIAL_PLACING if caught else PLACING,
                   BoardView(board, pieces, {target: "active"}), {"die": die})
    else:
        target = who.start
        yield Step("The card's start region", f"The card names {board.regions[target].label}.", PLACING,
                   BoardView(board, pieces, {target: "active"}), {"region": target})
    if _blocks(pieces, target, who.pirate_class):
        faces = _fallback_faces(board, pieces, who.pirate_class, variant)
        held = pieces.pirates_in(target)[0]
        if not faces:
            yield Step("No free nebula", f"{board.regions[target].name} holds a class-{held} pirate and no nebula is free to fall back "
                       "to: the pirate stays on its card (the rulebook is silent; rule andromeda.pirates.no_free_nebula).",
                       PLACING, BoardView(board, pieces), {})
            return PlacementResult(pieces, None, who.pirate_class, who.figures, tuple(rolls))
        fallback_rolls = [rng.roll(6)]
        while fallback_rolls[-1] not in faces:
            fallback_rolls.append(rng.roll(6))
        rolls.extend(fallback_rolls)
        new_target = faces[fallback_rolls[-1]]
        yield Step("Fall back to a random pirate-free nebula",
                   f"{board.regions[target].name} holds a class-{held} pirate, so the pirate goes to a random nebula free of "
                   f"pirates (A-F6): the die shows {', then '.join(map(str, fallback_rolls))} (rolled again until it names a free nebula): "
                   f"{board.regions[new_target].label}.", PLACING, BoardView(board, pieces, {new_target: "active"}), {"die": fallback_rolls[-1]})
        target = new_target
    after = pieces.with_pirates(target, who.pirate_class * who.figures)
    stack = " (S-class pirates stack)" if len(after.pirates_in(target)) > who.figures else ""
    yield Step("Place the figure" + ("s" if who.figures > 1 else ""),
               f"{who.figures} class-{who.pirate_class} figure{'s' if who.figures > 1 else ''} placed in {board.regions[target].label}{stack}.",
               PLACING, BoardView(board, after, {target: "active"}), {"region": target})
    return PlacementResult(after, target, who.pirate_class, who.figures, tuple(rolls))


@register_phase("odds.placement", title="Odds of random placements", section=PLACING, notebook=NOTEBOOK)
def placement_chances(
    board: Board, pieces: Pieces, card: PirateCard, *, s_supply: int, variant: AndromedaVariant = RULEBOOK
) -> Procedure:
    """The exact chances of ``placement_odds``, derived step by step; returns the ``Distribution``."""
    pieces.check(board)
    who = arrival(board, pieces, card, s_supply=s_supply, variant=variant)
    yield Step("Who arrives", who.reason + ".", PLACING, BoardView(board, pieces), {"class": who.pirate_class, "figures": who.figures})
    if who.start == RANDOM_NEBULA:
        faces = _die_regions(board, specials=True)
        table = ", ".join(f"{d} → {board.regions[r].name}" for d, r in faces.items())
        text = f"A fair die picks the start region, each number with chance {probability_text(Fraction(1, len(faces)))}: {table}."
    else:
        text = f"The card names {board.regions[who.start].name}: chance 1."
    yield Step("Where the card sends it", text, PLACING, BoardView(board, pieces), {})
    free = _fallback(board, pieces, who.pirate_class, variant)
    barred = sorted(rid for rid, _ in pieces.pirate_regions().items() if _blocks(pieces, rid, who.pirate_class))
    text = (f"Regions barred for a class-{who.pirate_class} pirate: {', '.join(board.regions[r].name for r in barred) or 'none'}. "
            "A barred start falls back to a die rolled until it names a nebula free of pirates (A-F6): "
            + (", ".join(f"{board.regions[r].name} {probability_text(p)}" for r, p in free.items()) if NOT_PLACED not in free else "no nebula is free")
            + ".")
    yield Step("Barred regions fall back", text, PLACING, BoardView(board, pieces, {r: "illegal" for r in barred}), {})
    odds = placement_odds(board, pieces, card, s_supply=s_supply, variant=variant)
    shown = "; ".join(f"{board.regions[r].name if r in board.regions else r}: {probability_text(p)}" for r, p in odds.items())
    marks = {r: "legal" for r in odds.outcomes() if r in board.regions}
    yield Step("Exact chances", f"Where the pirate lands: {shown}.", PLACING, BoardView(board, pieces, marks), dict(odds.items()))
    return odds


def starting_s_class_odds(board: Board) -> Distribution[tuple[str, str]]:
    """Set-up: two dice, one S-class figure on each matching region; outcomes are sorted region pairs.

    ``P(both in one region)`` is 1/6 on a board with six nebulae (游戏设置 · 6 起始海盗).
    """
    faces = _die_regions(board, specials=True)
    weights: dict[tuple[str, str], int] = {}
    for a in faces.values():
        for b in faces.values():
            pair = (a, b) if a <= b else (b, a)
            weights[pair] = weights.get(pair, 0) + 1
    return Distribution(weights)


def leader_odds(board: Board) -> Distribution[str]:
    """Set-up: each player's die sends 2 leaders to the matching nebula (玩家设置 · 6 领袖)."""
    return Distribution.uniform(_die_regions(board, specials=False).values())
