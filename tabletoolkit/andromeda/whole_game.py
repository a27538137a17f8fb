"""Andromeda's Edge as a whole game on the game contract: ``tt.new_game("andromeda", players=2..4, teams=...,
special=None | "quasar" | "vortex", destiny=False)``.

The phases of the wing carry the rules; this module asks for each choice they need at the moment the
rules give it, as successive decisions on a stack of pending frames:

- set-up: each player keeps 1 of the 3 factions dealt, then (optional rule) 1 of the 2 destiny cards;
- a turn: launch a ship from the bay to a region (every region listed, refused ones with their rule), or
  return every ship;
- a launch: the activation's choices (the moon pushed out of a full claimed-moon area, the peeked event
  card kept on top, an alliance base's payment, modules — a single one bought at a field, then the one sent
  to the bottom of its deck —, ship, repair or development), which pirate class raids when there is a
  choice, then, when two or more sides are in the active region, the battle: escalation ship by ship (each
  player in turn order, A-F7 Jumps paid), diplomacy (each participant: a held diplomacy card whose effect is
  known, or none), energy for dice (each participant), the battle itself as ONE chance event whose outcomes
  are the winning side or "no winner" with the exact odds of ``odds.battle`` (shown before any die is
  rolled), then BARRAGE modules and tactical operations;
- a return turn: module activations one at a time (ship or energy, the module's choice; after the Primary
  Reactor, its other tech modules one at a time, refused ones with their reason, until the player stops), then done;
- track steps onto a space with a choice stop and are decided on their own (which upgrade tile and
  whether to build the free ship, A-F10; which exploration token; whether to draw up to a raised hand limit);
- free actions (自由行动) at every decision of your own turn — recruiting leaders where you have a ship,
  discarding or inserting a claimed moon, spending exploration and supremacy tokens, collecting bonus
  resources, playing tactics cards, flipping a development card for its ability, a faction power, in 2v2
  one transfer per turn the teammate agrees to — and, at a decision of yours on another player's turn or in
  a battle, only inserting a moon and playing a tactics card (A-F18). A free action is picked first
  (which moon, which card), then how it is carried out (``Detailing``);
- another player's turn: at its end each other player holding a claimed moon or a tactics card playable then
  may insert the moon or play the card before the next turn (``Responding``); at any decision of theirs during
  it (a battle they are in, an escalation) the same two free actions are offered;
- the end of a turn: tactics cards over the hand limit discarded one by one; a pending event: the
  recruits its card allows, then the new pirate's region as a chance event with the exact odds of the
  pirate-placement rules (``pirates.placement_odds``); the game end, the final turns and final scoring.

Every deck is shuffled as it is drawn (``game_decks``): its next card is a chance event with exact odds.

In 2v2 the turn's first module, bought at Maximus or Odessa Field or taken with a city card, may go to a teammate
instead (转移模块).

Not modelled yet: diplomacy cards whose text is not in the rulebook (user data: listed refused).
The set-up's own deal (board, moons, display, the cards dealt to players) is drawn from ``Rng(seed)`` by the
set-up phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from typing import Any, ClassVar

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.game import CHANCE, ExactQuestion, Game, Outcome
from ..engine.numbers import probability_text
from ..engine.options import Option, Options
from ..engine.rng import Rng
from ..engine.steps import Step, run
from ..engine.frozen import cached, replace, replace_valid
from . import game_decks as decks
from . import table as tbl
from .activate import activate_region
from .battle import BattleState, DiplomacyPlay, damage, decide, diplomacy, energy_options, preparation
from .catalog import Catalog, load_catalog
from .develop import check_development
from .escalation import battle_happens, escalation_options
from .free_actions import ANY_TURN, KIND_MOMENTS, free_action
from .goods import RESOURCES, Goods
from .moons import tactical_operation
from .optional import transfer
from .pirates import NOT_PLACED, arrival, placement_odds
from .repair import _shield_damage, repair_options
from .return_turn import Activate, Activated, _check, activate_modules, activate_tech, module_action, return_ships
from .scoring import end_turn
from .state import Game as Table, StationModule, hand_limit
from .game_decks import Deck
from .ships import check_build, tile_type
from .tracks import advance_track, choice_at
from .variant import RULEBOOK, AndromedaVariant

TURN = "发射回合 · 进行你的回合"
END = "游戏结束 · 最终计分"
COLOURS = ("yellow", "blue", "green", "purple")

#: Diplomacy cards whose effect the rulebook gives: Hailing Frequencies (战斗举例 · 2 外交: 1 VP per opposing ship in
#: the region, and any side may then end the battle) and Bargain for Safe Passage (战斗 · 步骤 2 外交, the card pictured:
#: the battle ends; move 1 of your ships from the active region to any planet or Alliance Base). Any other card's
#: text is user data the catalog does not hold: it is listed refused with that reason.
KNOWN_DIPLOMACY: dict[str, dict[str, Any]] = {
    "Hailing Frequencies": dict(vp_per_opposing_ship=1, any_side_may_end=True,
                                effect="1 VP per opposing ship in the region; then any side may end the battle"),
    "Bargain for Safe Passage": dict(ends_battle=True, effect="the battle ends; one of your ships leaves for a planet or Alliance Base"),
}


# --- the pending decisions ------------------------------------------------------------------------
@dataclass(frozen=True)
class Activating:
    region: str


@dataclass(frozen=True)
class Raiding:
    region: str


@dataclass(frozen=True)
class Escalating:
    region: str
    order: tuple[str, ...]          # order[0] decides now


@dataclass(frozen=True)
class Diplomacy:
    """Battle step 2: each participant in turn (``order[0]`` now) plays one diplomacy card or none. After a card
    that lets any side end the battle (Hailing Frequencies), each player in the battle is asked in turn
    (``offer[0]`` now) whether to end it. ``withdraw_to``: where each ship a card moved out of the battle goes."""

    region: str
    battle: BattleState
    order: tuple[str, ...]
    plays: tuple[DiplomacyPlay, ...] = ()
    offer: tuple[str, ...] = ()
    withdraw_to: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Energy:
    region: str
    battle: BattleState
    order: tuple[str, ...]
    paid: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Fighting:
    region: str
    battle: BattleState             # prepared: dice and aims known


@dataclass(frozen=True)
class Barraging:
    region: str
    battle: BattleState
    order: tuple[str, ...]
    chosen: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Operations:
    order: tuple[str, ...]          # beaten players taking a tactical operation (A-R12)


@dataclass(frozen=True)
class Returning:
    """Return step 1: the activations so far (``plan``, ``so_far``). ``reactor``: the ship that has just activated
    the Primary Reactor while its tech modules are chosen, one at a time, until the player stops (核心模块)."""

    plan: tuple[Activate, ...] = ()
    so_far: Activated = Activated()
    reactor: str | None = None


@dataclass(frozen=True)
class TrackChoice:
    colour: str
    track: str
    spaces: int


@dataclass(frozen=True)
class Discarding:
    discards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Recruiting:
    order: tuple[str, ...]
    recruits: tuple[tuple[str, str], ...] = ()
    discards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Responding:
    """The active player's turn is ending: each other player in turn order (``order[0]`` now) who holds a claimed
    moon or a tactics card playable then may insert the moon or play the card (only these two free actions are
    allowed on another player's turn: 自由行动, A-F18), or let the turn end. The hand-limit ``discards`` of the
    active player are carried on to the turn's end."""

    order: tuple[str, ...]
    discards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Placing:
    recruits: tuple[tuple[str, str], ...]
    discards: tuple[str, ...]


@dataclass(frozen=True)
class Detailing:
    """A free action picked (``choice``): how to carry it out, among ``ways`` (where the moon goes, the repair
    a discarded moon gives, what a development card's ability takes)."""

    colour: str
    choice: tuple
    ways: tuple[tuple, ...]


@dataclass(frozen=True)
class FieldDiscard:
    """One module bought at Maximus or Odessa Field (``choice``): which other offered module goes to the bottom
    of its deck (联盟基地 · 4)."""

    region: str
    choice: tuple


@dataclass(frozen=True)
class Agreeing:
    """2v2: the teammate asked to agree to a transfer (队友双方必须就任何转移达成一致)."""

    colour: str
    transfer: tuple


@dataclass(frozen=True)
class Spaceport:
    """The spaceport card flipped with its 2 resources paid: which 3 resources to take."""

    colour: str
    payment: Goods
    tactics: tuple[str, ...]


@dataclass(frozen=True)
class Drawing:
    """The next card of a deck, drawn by chance (uniform over the cards of it not shuffled yet)."""

    deck: Deck


@dataclass(frozen=True)
class SettingUp:
    """Before the first turn: each player keeps 1 of the 3 factions dealt (玩家设置 · 派系), then, with the
    optional destiny cards, 1 of the 2 dealt (可选规则 · 命运卡 · 设置); the set-up is then laid with those choices."""

    length: str
    special: str | None
    destiny: bool
    teams: bool
    factions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    destinies: tuple[tuple[str, tuple], ...] = ()
    picks: tuple[tuple[str, int], ...] = ()
    keeps: tuple[tuple[str, int], ...] = ()

    @property
    def chooser(self) -> str:
        picked, kept = dict(self.picks), dict(self.keeps)
        return next((c for c, _ in self.factions if c not in picked), None) or next(c for c, _ in self.destinies if c not in kept)


Frame = (Activating | Raiding | Escalating | Diplomacy | Energy | Fighting | Barraging | Operations | Returning
         | TrackChoice | Discarding | Recruiting | Responding | Placing | Drawing | Spaceport | Detailing | SettingUp | Agreeing | FieldDiscard)


@dataclass(frozen=True, repr=False)
class AndromedaGame(Game):
    """A whole game of Andromeda's Edge: the table (the wing's game state), the pending decisions, the variant."""

    table: Table
    variant: AndromedaVariant = RULEBOOK
    seed: int = 0
    pending: tuple[Frame, ...] = ()
    unshuffled: decks.Unshuffled = ()
    """Each deck's cards not shuffled yet (``game_decks``): the next one is drawn by chance when needed."""
    transferred: bool = False
    """2v2: whether the active player has made this turn's one transfer with a teammate."""
    module_gained: bool = False
    """2v2: whether a module was gained this turn already (only the turn's first may go to the teammate instead)."""
    starter: str = ""
    """The start player (the roll-off's winner, 玩家设置 · 7), once the set-up is laid."""
    turns: int = 0
    """Turns ended so far (a turn is the rulebook's unit of play: 游戏概述)."""
    battles: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = ()
    """Each battle fought to a result: the players who fought, and the players who won (none on a full tie)."""
    steps: tuple[Step, ...] = field(default=(), compare=False)

    game_id: ClassVar[str] = "andromeda"
    #: Transcripts (golden playthroughs) count each menu rather than list it: a turn offers dozens of launches,
    #: most refused with a reason of their own (``engine.play``).
    transcript_menus: ClassVar[str] = "counted"
    section: ClassVar[str] = TURN
    end_section: ClassVar[str] = END

    # --- the contract -----------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(p.colour for p in self.table.players)

    @property
    def over(self) -> bool:
        return self.table.ended_by is not None and not self.table.final_turns and not self.pending

    @property
    def to_move(self) -> Any:
        if self.over:
            return None
        frame = self.pending[-1] if self.pending else None
        if isinstance(frame, (Fighting, Placing, Drawing)):
            return CHANCE
        if isinstance(frame, Diplomacy) and frame.offer:
            return frame.offer[0]
        if isinstance(frame, (Escalating, Diplomacy, Energy, Barraging, Operations, Recruiting, Responding)):
            return frame.order[0]
        if isinstance(frame, SettingUp):
            return frame.chooser
        if isinstance(frame, (TrackChoice, Spaceport, Detailing, Agreeing)):
            return frame.colour
        return self.table.active

    def __repr__(self) -> str:
        where = " > ".join(type(f).__name__.lower() for f in self.pending) or "turn"
        vp = ", ".join(f"{p.colour} {p.vp}" for p in self.table.players)
        return f"<Andromeda's Edge · {self.table.active} · {where} · VP {vp}>"

    def _chance_outcomes(self) -> dict[Any, Fraction]:
        return self._odds_now

    @cached
    def _odds_now(self) -> dict[Any, Fraction]:
        """The outcomes of the chance event now with their odds, worked out once per state (the driver reads them to
        draw, then again to check the outcome drawn)."""
        frame = self.pending[-1]
        if isinstance(frame, Fighting):
            odds = _battle_odds(frame.battle, self.variant)
            found: dict[tuple[Any, ...], Fraction] = {("wins", i): Fraction(p) for i, p in enumerate(odds.wins) if p}
            if odds.no_winner:
                found[("no winner",)] = Fraction(odds.no_winner)
            return found
        if isinstance(frame, Drawing):
            return decks.draw_odds(self.unshuffled, frame.deck)
        return {("placed", region): Fraction(p) for region, p in _placement(self.table, self.variant).items() if p}

    def describe_outcome(self, outcome: Any) -> str:
        frame = self.pending[-1] if self.pending else None
        if isinstance(frame, Fighting):
            if outcome[0] == "no winner":
                return "no winner: a tie for first, everyone loses (A-F2)"
            return f"{' + '.join(frame.battle.factions[outcome[1]])} wins"
        if isinstance(frame, Drawing):
            return decks.described(frame.deck, outcome[2])
        if isinstance(frame, Placing):
            names = _names(self.table)
            return "the pirate stays on its card" if outcome[1] == NOT_PLACED else f"the pirate lands in {names[outcome[1]]}"
        return str(outcome)

    def _decision_options(self) -> Options:
        frame = self.pending[-1] if self.pending else None
        return self._with_free(frame, _OPTIONS[type(frame)](self, frame))

    def _legal_choices(self) -> tuple[Any, ...]:
        """At a turn's start, the legal launches (worked out without every refused region's reason) and the return; in
        a return turn, the legal activations (without the options' words); then the legal free actions, in the order
        the options list them. Elsewhere the legal options."""
        frame = self.pending[-1] if self.pending else None
        if "_options_now" in self.__dict__ or not isinstance(frame, (type(None), Returning)):
            return self._options_now.choices()
        listed = _turn_legal(self) if frame is None else _return_legal(self, frame)
        return listed + tuple(o.choice for o in _free_options(self, self.to_move) if o.legal)

    def _with_free(self, frame, options: Options) -> Options:
        if isinstance(frame, _FREE_AT) and not (isinstance(frame, Discarding) and frame.discards):
            return Options(tuple(options) + tuple(_free_options(self, self.to_move)))
        return options

    def _resolve(self, choice: Any) -> "AndromedaGame":
        steps: list[Step] = []
        frame = self.pending[-1] if self.pending else None
        if isinstance(choice, tuple) and choice[:1] == ("free",) and not isinstance(frame, Detailing):
            game = _free(self, choice, steps)
        else:
            game = _RESOLVE[type(frame)](self, frame, choice, steps)
        if self.table.teams and not game.module_gained and game.table.active == self.table.active and _modules_held(game) > _modules_held(self):
            game = replace(game, module_gained=True)
        game = _settle(game, steps)
        settled = replace(game, steps=tuple(steps))
        if "_options_now" in game.__dict__:          # worked out while settling: the same state, its steps aside
            settled.__dict__["_options_now"] = game.__dict__["_options_now"]
        return settled

    def _final(self) -> Outcome:
        from .scoring import final_scoring

        if self.table.teams:
            from .optional import team_final_scoring, team_members

            teams = dict(self.table.teams)
            scored = run(team_final_scoring(self.table, teams, variant=self.variant)).result
            members, totals = team_members(self.table, teams), scored["teams"]
            ranked = sorted(totals, key=lambda t: -totals[t])
            best = [t for t in ranked if totals[t] == totals[ranked[0]]]
            return Outcome(tuple((c, totals[teams[c]]) for c in self.seats),
                           tuple(c for t in ranked for c in members[t]), tuple(c for t in best for c in members[t]),
                           "2v2: a team scores the sum of its players (A-F20)" + ("; the teams tie" if len(best) > 1 else ""))
        scored = run(final_scoring(self.table, variant=self.variant)).result
        sheets, places = scored["sheets"], scored["places"]
        ranking = tuple(colour for place in places for colour in place)
        tied = len(places[0]) > 1
        return Outcome(tuple((c, sheets[c].total) for c in self.seats), ranking, tuple(places[0]),
                       "tied on VP, modules and resources: a shared victory" if tied else
                       "ties go to the most modules, then the most resources")

    def measures(self) -> dict[str, Any]:
        """For the designer's lab: the turns played and the battles fought; for each seat whether it started
        (won the roll-off), the battles it fought and won, its ships on the board at the end, the developments
        it built, and where its marker stands on each of the five progress tracks."""
        from .catalog import TRACKS

        table = self.table
        measured: dict[str, Any] = {
            "turns": self.turns,
            "battles": len(self.battles),
            "first_player": {c: int(c == self.starter) for c in self.seats},
            "battles_fought": {c: sum(c in fought for fought, _ in self.battles) for c in self.seats},
            "battles_won": {c: sum(c in won for _, won in self.battles) for c in self.seats},
            "ships_on_board": {p.colour: sum(1 for s in p.ships if s.on_board) for p in table.players},
            "developments": {c: len(table.developments_of(c)) for c in self.seats},
        }
        for track in TRACKS:
            measured[f"track_{track}"] = {p.colour: p.track(track) for p in table.players}
        return measured

    @classmethod
    def exact_questions(cls) -> tuple[ExactQuestion, ...]:
        return (
            ExactQuestion("battle", "Who wins a battle of two sides (dice and aim each; odds.battle)", _battle_answer,
                          (("dice", (1, 2, 3, 4, 5, 6)), ("aim", (1, 2, 3, 4, 5)), ("rival_dice", (3,)), ("rival_aim", (1,))),
                          "战斗 · 步骤 3 战斗准备 – 步骤 5 结果"),
            ExactQuestion("roll_off", "Which seat starts: the start-player roll-off (each rolls 6 dice; A-R1)", _roll_off_answer,
                          (("players", (2, 3, 4)),), "玩家设置 · 7 起始玩家"),
            ExactQuestion("team_roll_off", "Which team starts a 2v2 game: each team pools its dice (A-F20)", _team_roll_off_answer,
                          (), "可选规则 · 2v2 模式 · 设置"),
        )

    def _repr_svg_(self) -> str:
        """The board with every ship, pirate and development, the event marker and each player's station."""
        from .board_drawing import game_svg

        return game_svg(self.table, *_board(self.table), caption=repr(self))

    def invariants(self) -> list[str]:
        problems = []
        for player in self.table.players:
            if any(n < 0 for _, n in player.resources):
                problems.append(f"{player.colour} has negative resources {player.resources}")
            if len(player.ships) != 9:
                problems.append(f"{player.colour} has {len(player.ships)} ships")
            if len(player.moons) > self.variant.claimed_moon_limit:
                problems.append(f"{player.colour} holds {len(player.moons)} claimed moons")
        by_region: dict[str, set[str]] = {}
        for letter, where in self.table.pirates:
            by_region.setdefault(where, set()).add(letter)
        for where, letters in by_region.items():
            if len(letters) > 1:
                problems.append(f"{where} holds pirate classes {sorted(letters)}")
            if letters != {"S"} and sum(1 for c, w in self.table.pirates if w == where) > 1:
                problems.append(f"{where} holds several non-S pirate figures")
        return problems


def _modules_held(game: AndromedaGame) -> int:
    return sum(len(p.modules) for p in game.table.players)


# --- exact answers for the lab --------------------------------------------------------------------------
def _battle_answer(dice: int = 3, aim: int = 1, rival_dice: int = 3, rival_aim: int = 1) -> dict[str, Fraction]:
    """A battle of two sides, each (dice, aim): the chance each side wins, and of no winner (A-F2)."""
    from .odds import battle_odds

    odds = battle_odds([(dice, aim), (rival_dice, rival_aim)], names=["side", "rival"])
    found = {name: Fraction(p) for name, p in zip(odds.names, odds.wins)}
    found["no winner"] = Fraction(odds.no_winner)
    return found


def _roll_off_answer(players: int = 2) -> dict[str, Fraction]:
    from .odds import start_player_odds

    return {f"seat {i + 1}": Fraction(p) for i, p in enumerate(start_player_odds(players).seats)}


def _team_roll_off_answer() -> dict[str, Fraction]:
    from .odds import team_roll_off_odds

    return {f"team {i + 1}": Fraction(p) for i, p in enumerate(team_roll_off_odds().seats)}


# --- making a game --------------------------------------------------------------------------------
def make(*, seed: int = 0, players: int = 2, variant: AndromedaVariant = RULEBOOK, length: str = "short",
         teams: bool = False, special: str | None = None, destiny: bool = False) -> AndromedaGame:
    """A new game for ``players`` (2-4) seated yellow, blue, green, purple, set up from ``Rng(seed)``;
    ``teams=True`` (4 players): 2v2, yellow + blue against green + purple (可选规则 · 2v2 模式); ``special``:
    "quasar" or "vortex" lays two special regions of that kind (可选规则 · 特殊地区); ``destiny=True`` deals 2
    destiny cards to each player (可选规则 · 命运卡). Each player first keeps 1 of the 3 factions dealt (and 1 of
    the 2 destiny cards) as a decision of their own."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise InvalidInput("players", players, "Andromeda's Edge is for 2 to 4 players (a whole number: 2, 3 or 4)")
    if not isinstance(variant, AndromedaVariant):
        raise InvalidInput("variant", variant, "an AndromedaVariant (andromeda.variant.RULEBOOK or RULEBOOK.but(...))")
    if not isinstance(teams, bool) or (teams and players != 4):
        raise InvalidInput("teams", teams, "2v2 (teams=True) is for 4 players")
    if special not in (None, "quasar", "vortex"):
        raise InvalidInput("special", special, "None, 'quasar' or 'vortex' (the optional special regions)")
    if not isinstance(destiny, bool):
        raise InvalidInput("destiny", destiny, "True to deal destiny cards (the optional rule), False without")
    colours = COLOURS[:players]
    frame = SettingUp(length, special, destiny, teams)
    dealt = tuple(_set_up(seed, colours, variant, frame, pick, pick) for pick in (0, 1, 2))    # the same deal, each pick
    factions = tuple((c, tuple(table.player(c).faction for table in dealt)) for c in colours)
    cards = tuple((c, tuple(table.player(c).destiny for table in dealt[:2])) for c in colours) if destiny else ()
    return AndromedaGame(dealt[0], variant, seed, pending=(replace(frame, factions=factions, destinies=cards),))


def _set_up(seed: int, colours, variant: AndromedaVariant, frame: SettingUp, pick=None, keep=None, picks=None, keeps=None) -> Table:
    from .setup import set_up

    pairs = {"yellow": "sun", "blue": "sun", "green": "moon", "purple": "moon"} if frame.teams else None
    faction_picks = picks if picks is not None else {c: pick for c in colours}
    destiny = (keeps if keeps is not None else {c: keep if keep in (0, 1) else 0 for c in colours}) if frame.destiny else None
    return run(set_up(colours, Rng(seed), length=frame.length, teams=pairs, special=frame.special, destiny=destiny,
                      faction_picks=faction_picks, variant=variant)).result


def _setting_up_options(game: AndromedaGame, frame: SettingUp) -> Options:
    from .catalog import load_catalog

    catalog = load_catalog()
    colour = frame.chooser
    if colour not in dict(frame.picks):
        found = []
        for index, name in enumerate(dict(frame.factions)[colour]):
            faction = catalog.factions[name]
            found.append(Option(("faction", index), label=f"keep {name}: +1 {faction.track}, {faction.resources}; {faction.power}",
                                group="faction"))
        return Options(found)
    return Options(Option(("destiny", index), label=f"keep {goals[0][0]}: " + ", ".join(f"{t} {v} VP" for _, t, v in goals),
                          group="destiny card") for index, goals in enumerate(dict(frame.destinies)[colour]))


def _setting_up(game: AndromedaGame, frame: SettingUp, choice, steps) -> AndromedaGame:
    colour = frame.chooser
    if choice[0] == "faction":
        frame = replace(frame, picks=frame.picks + ((colour, choice[1]),))
    else:
        frame = replace(frame, keeps=frame.keeps + ((colour, choice[1]),))
    if len(frame.picks) < len(frame.factions) or len(frame.keeps) < len(frame.destinies):
        return _top(game, frame)
    ran_table = _set_up(game.seed, game.seats, game.variant, frame, picks=dict(frame.picks), keeps=dict(frame.keeps))
    steps.append(Step("Set-up", "Every player has chosen: " + "; ".join(f"{p.colour} plays {p.faction}" for p in ran_table.players)
                      + ". The table is laid (游戏设置, 玩家设置).", "游戏设置", ran_table))
    table, unshuffled = decks.unshuffle(ran_table)
    return replace(_pop(game), table=table, unshuffled=unshuffled, starter=table.active)


# --- helpers --------------------------------------------------------------------------------------
def _catalog() -> Catalog:
    return load_catalog()


_MEMORY: dict[tuple, tuple[Table, Any]] = {}


def _remembered(key: tuple, table: Table, work):
    """``work(table)`` once per table state: several decisions read the same board of the same (immutable) table."""
    seen = _MEMORY.get(key)
    if seen is not None and seen[0] is table:
        return seen[1]
    result = work(table)
    _MEMORY[key] = (table, result)
    return result


def _board(table: Table):
    """The board and the pieces on it (``table.board_and_pieces``), read once per table state."""
    return _remembered(("board",), table, tbl.board_and_pieces)


def _names(table: Table) -> dict[str, str]:
    """Board region id -> region name (``table._ids`` turned round), read only: the one of the last ids met is shared."""
    ids = tbl._ids(table)
    if _NAMES[0] is not ids:
        _NAMES[:] = [ids, {rid: name for name, rid in ids.items()}]
    return _NAMES[1]


_NAMES: list = [None, {}]


def _refusing(attempt, section: str = TURN):
    """``attempt`` with an ``InvalidInput`` from a phase (a choice the phase cannot take in that form) raised as
    the refusal ``andromeda.game.phase_input`` in the phase's words, so the option is listed refused, not dropped."""
    def check(choice):
        try:
            attempt(choice)
        except InvalidInput as error:
            raise IllegalAction("andromeda.game.phase_input", f"the rules procedure cannot take this choice: {error}",
                                section) from error
    return check


def _with_table(game: AndromedaGame, table: Table, steps: list[Step], ran=None) -> AndromedaGame:
    if ran is not None:
        steps.extend(ran.steps)
    return replace(game, table=table)


def _push(game: AndromedaGame, *frames: Frame) -> AndromedaGame:
    return replace(game, pending=game.pending + frames)


def _pop(game: AndromedaGame) -> AndromedaGame:
    return replace(game, pending=game.pending[:-1])


def _top(game: AndromedaGame, frame: Frame) -> AndromedaGame:
    return replace(game, pending=game.pending[:-1] + (frame,))


def _rng(game: AndromedaGame) -> Any:
    """No Rng inside the game: every draw is a chance event (``Drawing``, ``game_decks``), so the phases
    never need one (a phase asking for one is a defect the tester reports as an untyped refusal)."""
    return None


def _owed(game: AndromedaGame) -> AndromedaGame:
    """The first owed track step becomes a decision of its own (pushed on top)."""
    table = game.table
    if table.owed_track_steps:
        colour, track, spaces = table.owed_track_steps[0]
        game = replace(game, table=replace(table, owed_track_steps=table.owed_track_steps[1:]))
        game = _push(game, TrackChoice(colour, track, spaces))
    return game


# --- free actions (自由行动) -------------------------------------------------------------------------
def _free_candidates(table: Table, colour: str, moment: str, mates: tuple[str, ...] = ()) -> list[tuple]:
    """Every free action ``colour`` could take at ``moment`` with its details: on another player's turn only
    inserting a moon and playing a tactics card (A-F18); on your own any of them, development cards included
    (``mates``: the teammates who may gain the turn's first module instead, ``_mates``)."""

    catalog = _catalog()
    player = table.player(colour)
    # in a battle the energy paid for dice is already counted out, so there only the free actions allowed on any
    # turn are offered (a moon inserted, a tactics card the battle allows)
    own = colour == table.active and moment not in ("battle", "diplomacy")
    found: list[dict] = []
    if player.moons:
        cards = [catalog.module(m.name) for m in player.modules]
        slots = [card.name for card in cards if card.input_slot or card.output_slot]
        industry = [card.name for card in cards if card.row == "industry"]
        halves = [f"half:{a}|{b}" for a, b in zip(industry, industry[1:])]
        for index, _moon in enumerate(player.moons):
            found += [dict(action="insert_moon", index=index, target=t) for t in slots + ["tactical_ops"] + halves]
    if player.tactics:
        playable = {kind for kind, moments in KIND_MOMENTS.items() if moment in moments and kind != "diplomacy"}
        found += [dict(action="play_tactics", card=c) for c in sorted(set(player.tactics)) if catalog.tactics_kinds.get(c) in playable]
    if not own:
        return [("free",) + tuple(sorted(d.items())) for d in found if d["action"] in ANY_TURN]
    here = {s.region for s in player.ships if s.on_board}
    for region in table.regions if here else ():
        if region.name in here:
            found += [dict(action="recruit", region=region.name, count=n) for n in range(1, region.leaders[colour] + 1)]
            if region.bonus:
                found.append(dict(action="collect_bonus", region=region.name))
    if any(moon.repair for moon in player.moons):
        repairs = [f"{o}:" for o, v in repair_options(table, colour).items() if v == "legal"]
    for index, moon in enumerate(player.moons):
        if moon.repair:
            for spec in _repair_targets(player):
                option, _, target = spec.partition(":")
                found.append(dict(action="discard_moon", index=index, repair=(option, target or None)))
            if not repairs or repairs == ["nothing:"]:
                found.append(dict(action="discard_moon", index=index, repair=("nothing", None)))
        else:
            found.append(dict(action="discard_moon", index=index))
    found += [dict(action="spend_exploration", index=i) for i in range(len(player.exploration))]
    found += [dict(action="spend_supremacy", index=i) for i in range(len(player.supremacy_tokens))]
    if player.development_cards:
        found += _development_candidates(table, player, mates)
    found.append(dict(action="faction_power"))
    return [("free",) + tuple(sorted(d.items())) for d in found]


def _development_candidates(table: Table, player, mates: tuple[str, ...] = ()) -> list[dict]:
    """Flipping an unused development card for its one ability (开发 · 开发能力), each way it can be used; the
    spaceport's 3 resources taken are chosen once its payment is made (``Spaceport``). In 2v2, before the turn's
    first module, the city card's module may go to a teammate of ``mates`` instead (转移模块)."""
    found: list[dict] = []
    for kind in sorted({c.type for c in player.development_cards if not c.used}):
        if kind == "obelisk":
            found.append(dict(action="flip_development", kind=kind))
        elif kind == "observatory":
            found += [dict(action="flip_development", kind=kind, archive_pick=i) for i in range(len(table.observatory_archive))]
        elif kind == "city":
            shown = sorted({m for row, names in table.module_display for m in names})
            found += [dict(action="flip_development", kind=kind, module=m, **({"first_to": mate} if mate else {}))
                      for m in shown for mate in (None,) + mates]
        elif kind == "factory":
            targets = [(option, target or None) for option, _, target in (spec.partition(":") for spec in _repair_targets(player))]
            found += [dict(action="flip_development", kind=kind, repairs=(a, b)) for a in targets for b in targets]
        elif kind == "spaceport":
            found += [dict(action="flip_development", kind=kind, payment=p["payment"], tactics=p["tactics"])
                      for p in _payments(player, 2, with_moons=False)]
    return found


#: The moment a tactics card would be played at, by the decision under way (free_actions.KIND_MOMENTS).
_MOMENTS = {"Escalating": "battle", "Energy": "battle", "Barraging": "battle", "Diplomacy": "diplomacy", "Returning": "return"}


def _moment(game: AndromedaGame, colour: str) -> str:
    frame = game.pending[-1] if game.pending else None
    fixed = _MOMENTS.get(type(frame).__name__)
    return fixed or ("own_turn" if colour == game.table.active else "other_turn")


def _head(choice: tuple) -> tuple:
    """The free action a person picks first (which moon to insert or discard, which development card to flip);
    where it is done or what it gives is decided next (``Detailing``)."""
    details = dict(choice[1:])
    if details["action"] == "transfer":
        return ("free", ("action", "transfer"))
    key = {"insert_moon": "index", "discard_moon": "index", "flip_development": "kind"}.get(details["action"])
    if key is None:
        return choice
    return ("free",) + tuple(sorted({"action": details["action"], key: details[key]}.items()))


def _free_groups(game: AndromedaGame, colour: str) -> dict[tuple, list[tuple]]:
    mates = _mates(game) if colour == game.table.active else ()
    key = ("free groups", colour, _moment(game, colour), mates)
    return game.table.kept(key, lambda table: tbl._since(key, _free_inputs(table, colour), lambda: _grouped_free(game, colour, mates)))


def _free_inputs(table: Table, colour: str) -> tuple:
    """What the free actions ``colour`` could take are listed from (``_free_candidates``, ``_transfer_candidates``):
    the active player, the regions (leaders, bonus resources), the module columns, the observatory archive and the
    teams; ``colour``'s moons, modules, tactics cards, ships, tokens and development cards, and their resources where
    they pay for a spaceport's ability or may be given to a teammate; their teammates' stations."""
    team = table.team_of(colour)
    player = table.player(colour)
    spaceport = any(card.type == "spaceport" and not card.used for card in player.development_cards)
    own = (player.moons, player.modules, player.tactics, player.ships, player.exploration, player.supremacy_tokens,
           player.development_cards, player.resources if spaceport or team is not None else None)
    mates = tuple(p for p in table.players if p.colour != colour and team is not None and table.team_of(p.colour) == team)
    return (table.active, table.regions, table.module_display, table.observatory_archive, table.teams, own) + mates


def _grouped_free(game: AndromedaGame, colour: str, mates: tuple[str, ...]) -> dict[tuple, list[tuple]]:
    groups: dict[tuple, list[tuple]] = {}
    for choice in _free_candidates(game.table, colour, _moment(game, colour), mates) + _transfer_candidates(game, colour):
        groups.setdefault(_head(choice), []).append(choice)
    return groups


def _transfer_candidates(game: AndromedaGame, colour: str) -> list[tuple]:
    """2v2: once per turn the active player gives a teammate, or takes from them, 1 resource, 1 tactics card, 1
    claimed moon not inserted, 1 supremacy or exploration token (可选规则 · 2v2 模式 · 协作)."""
    table = game.table
    teams = dict(table.teams)
    if not teams or colour != table.active or _moment(game, colour) in ("battle", "diplomacy"):
        return []
    found = []
    for mate in (c for c in teams if c != colour and teams[c] == teams[colour]):
        for giver, receiver in ((colour, mate), (mate, colour)):
            player = table.player(giver)
            items: list[tuple[str, Any]] = [("resource", k) for k in RESOURCES if player.resources[k]] + [("tactics", c) for c in sorted(set(player.tactics))]
            items += [("moon", i) for i in range(len(player.moons))] + [("supremacy", i) for i in range(len(player.supremacy_tokens))]
            items += [("exploration", i) for i in range(len(player.exploration))]
            found += [("free", ("action", "transfer"), ("giver", giver), ("item", item), ("kind", kind), ("receiver", receiver))
                      for kind, item in items]
    return found


def _free_attempt(game: AndromedaGame, colour: str):
    table, moment = game.table, _moment(game, colour)

    def attempt(choice):
        details = dict(choice[1:])
        action = details.pop("action")
        if action == "transfer":
            _transfer(game, **details)
            return
        if action == "flip_development" and details["kind"] == "spaceport":
            details["gain"] = Goods.of(energy=3)          # the payment is checked here, the gain chosen next
        run(free_action(table, colour, action, moment=moment, variant=game.variant, rng=_rng(game), **details))

    return _refusing(attempt, "自由行动")


def _free_words(choice) -> dict:
    details = dict(choice[1:])
    action = details.pop("action")
    if action == "transfer":
        if not details:
            return dict(label="transfer with a teammate (once per turn)", group="free action")
        return dict(label=f"{details['giver']} gives {details['receiver']} {details['kind']} {details['item']}", group="transfer")
    if action == "flip_development":
        kind = details.pop("kind")
        mate = details.pop("first_to", None)
        given = f" ({mate} gains it instead and advances on its track)" if mate else ""
        return dict(label=f"flip the {kind} card" + (": " + ", ".join(f"{k} {v}" for k, v in details.items()) if details else "")
                    + given, group="free action")
    if action in ("insert_moon", "discard_moon") and set(details) == {"index"}:
        return dict(label=f"{action.replace('_', ' ')} {details['index'] + 1}", group="free action")
    action = action.replace("_", " ")
    return dict(label=f"{action}: " + ", ".join(f"{k} {v}" for k, v in details.items()) if details else action, group="free action")


def _free_options(game: AndromedaGame, colour: str) -> list[Option]:
    """One option per free action a person picks first: legal when some way to carry it out is (tried in order
    until one is), refused otherwise with the first refusal met. They depend on the table, the moment, the
    alliance base still to activate and this turn's transfer only, so they are worked out once for those."""
    frame = game.pending[-1] if game.pending else None
    base = frame.region if isinstance(frame, Activating) and game.table.region(frame.region).kind == "alliance_base" else None
    key = ("free options", colour, _moment(game, colour), base, game.transferred, game.module_gained, game.variant)
    return game.table.kept(key, lambda _table: _listed_free_options(game, colour, base))


def _listed_free_options(game: AndromedaGame, colour: str, base: str | None) -> list[Option]:
    check = _free_attempt(game, colour)
    options = []
    for head, ways in _free_groups(game, colour).items():
        refusal, members = None, ways
        if base and dict(head[1:])["action"] in _SPENDING:
            refusal = IllegalAction("andromeda.game.activate_first", f"the launch to {base} was allowed because it can be "
                                    "activated: until it is, only free actions that gain something are offered (a card played, "
                                    "a moon inserted, a transfer or a development card could leave nothing to pay with)",
                                    "发射回合 · 步骤 1 发射飞船 · 额外发射需求 (A-F4)")
            members = []
        known = _known_free_verdict(game.table, colour, ways[0]) if len(ways) == 1 and members else None
        if known is False:
            continue                                  # refused by a rule of _QUIET: not listed
        if known:
            members = []
        for member in members:
            try:
                check(member)
            except IllegalAction as refused:
                refusal = refusal or refused
            else:
                refusal = None
                break
        choice = head if len(ways) > 1 else ways[0]
        if refusal is None:
            options.append(_legal_free_option(choice))
        elif refusal.rule not in _QUIET:
            options.append(Option.refused_by(choice, refusal, **_free_words(choice)))
    return options


#: Each free action's option when legal (its words are the choice's alone), made once.
_FREE_LEGAL: dict[tuple, Option] = {}


def _legal_free_option(choice: tuple) -> Option:
    option = _FREE_LEGAL.get(choice)
    if option is None:
        option = _FREE_LEGAL[choice] = Option(choice, **_free_words(choice))
    return option


def _known_free_verdict(table: Table, colour: str, choice: tuple) -> bool | None:
    """The verdict of a free action read off the table, where carrying it out could only end one way: True when it
    is legal, False when refused by a rule of ``_QUIET``, None when only carrying it out tells. A tactics card is
    offered only when held and playable at the moment (``_free_candidates``), so playing it is legal, unless it is an
    event card (the event marker it advances may reveal a planet). A faction power is refused when the faction has
    none or it was used this turn, legal otherwise (its gain cannot be refused). Recruiting, collecting bonus
    resources and spending a token are offered on your own turn only where there are leaders, a bonus, a token, so
    they are legal: what they gain cannot be refused."""
    details = dict(choice[1:])
    action = details["action"]
    if action == "play_tactics":
        return True if _catalog().tactics_kinds.get(details["card"]) != "event" else None
    if colour != table.active:
        return None
    if action == "faction_power":
        player = table.player(colour)
        faction = _catalog().factions.get(player.faction)
        return bool(faction is not None and faction.turn_gain and not player.power_used)
    if action in ("recruit", "collect_bonus", "spend_exploration", "spend_supremacy"):
        return True
    return None


#: Free actions that may take away what pays for an alliance base (offered once it is activated).
_SPENDING = {"transfer", "play_tactics", "insert_moon", "flip_development"}
#: Refusals not worth listing among a turn's options (nothing there to act on).
_QUIET = {"andromeda.free_actions.no_power", "andromeda.free_actions.power_used"}


def _free(game: AndromedaGame, choice, steps, colour: str | None = None) -> AndromedaGame:
    colour = colour or game.to_move
    members = _free_groups(game, colour).get(choice, [])
    if len(members) > 1:
        return _push(game, Detailing(colour, choice, tuple(members)))
    details = dict(choice[1:])
    action = details.pop("action")
    if action == "transfer":
        mate = details["receiver"] if details["giver"] == colour else details["giver"]
        return _push(game, Agreeing(mate, choice))
    if action == "flip_development" and details["kind"] == "spaceport":
        return _push(game, Spaceport(colour, details["payment"], details["tactics"]))
    ran = run(free_action(game.table, colour, action, moment=_moment(game, colour), variant=game.variant, rng=_rng(game), **details))
    return _with_table(game, ran.result, steps, ran)


def _transfer(game: AndromedaGame, giver: str, receiver: str, kind: str, item) -> Table:
    return transfer(game.table, giver, receiver, kind, item, dict(game.table.teams), used_this_turn=game.transferred,
                    variant=game.variant)


def _agreeing_options(game: AndromedaGame, frame: "Agreeing") -> Options:
    said = _free_words(frame.transfer)["label"]
    return Options([Option(("agree",), label=f"agree: {said}", group="transfer"),
                    Option(("refuse",), label=f"refuse: {said}", group="transfer")])


def _agreeing(game: AndromedaGame, frame: "Agreeing", choice, steps) -> AndromedaGame:
    game = _pop(game)
    said = _free_words(frame.transfer)["label"]
    if choice == ("refuse",):
        steps.append(Step("Transfer refused", f"{frame.colour} does not agree: {said} does not happen.", TRANSFER, game.table))
        return game
    details = dict(frame.transfer[1:])
    details.pop("action")
    table = _transfer(game, **details)
    steps.append(Step("Transfer", f"{frame.colour} agrees: {said}.", TRANSFER, table))
    return replace(game, table=table, transferred=True)


TRANSFER = "可选规则 · 2v2 模式 · 协作"


def _detailing_options(game: AndromedaGame, frame: "Detailing") -> Options:
    below = _pop(game)
    return Options.checked(frame.ways, _free_attempt(below, frame.colour), _free_words)


def _detailing(game: AndromedaGame, frame: "Detailing", choice, steps) -> AndromedaGame:
    return _free(_pop(game), choice, steps, frame.colour)


def _spaceport_options(game: AndromedaGame, frame: "Spaceport") -> Options:
    gains = [Goods.of({k: kinds.count(k) for k in set(kinds)}) for kinds in combinations_with_replacement(RESOURCES, 3)]
    return Options.checked(
        [("gain", g) for g in gains],
        _refusing(lambda c: run(free_action(game.table, frame.colour, "flip_development", kind="spaceport", payment=frame.payment,
                                            tactics=frame.tactics, gain=c[1], variant=game.variant)), "开发 · 开发能力"),
        lambda c: dict(label=f"take {c[1]}", group="spaceport"))


def _spaceport(game: AndromedaGame, frame: "Spaceport", choice, steps) -> AndromedaGame:
    ran = run(free_action(game.table, frame.colour, "flip_development", kind="spaceport", payment=frame.payment,
                          tactics=frame.tactics, gain=choice[1], variant=game.variant))
    return _with_table(_pop(game), ran.result, steps, ran)


# --- a turn ---------------------------------------------------------------------------------------
def _turn_options(game: AndromedaGame, _frame) -> Options:
    """Every region for each ship type in the bay (launch step 1), refused ones with their rule once each; the return."""
    table, colour = game.table, game.table.active
    player = table.player(colour)
    launches = tbl.bay_launch_options(table, colour, variant=game.variant)
    names = _names(table)
    options = []
    seen, refused = set(), set()
    for ship in player.ships_at("bay"):
        if (ship.kind, ship.damage) in seen:
            continue
        seen.add((ship.kind, ship.damage))
        for v in launches[ship.id].verdicts:
            choice = ("launch", ship.id, names[v.region])
            label = f"launch {ship.kind.replace('_', ' ')} to {names[v.region]}"
            if v.legal:
                options.append(Option(choice, label=label, group="launch", cost=f"{v.energy} energy (Jump)" if v.jump else None))
            elif v.rule not in _NOT_REGIONS and (v.region, v.rule) not in refused:
                refused.add((v.region, v.rule))       # the same refusal for another ship type is not repeated
                options.append(Option(choice, False, v.rule, v.reason, v.section, label=label, group="launch"))
    options.append(Option(("return",), label="return every ship to the station", group="return"))
    return Options(options)


def _turn_legal(game: AndromedaGame) -> tuple[tuple, ...]:
    """The legal choices of ``_turn_options``, in its order, from the verdicts without reasons."""
    table, colour = game.table, game.table.active
    launches = tbl.bay_launch_options(table, colour, variant=game.variant, explain=False)
    names = _names(table)
    found, seen = [], set()
    for ship in table.player(colour).ships_at("bay"):
        if (ship.kind, ship.damage) not in seen:
            seen.add((ship.kind, ship.damage))
            found += [("launch", ship.id, names[v.region]) for v in launches[ship.id].verdicts if v.legal]
    return tuple(found) + (("return",),)


#: Board spaces that are no region to launch to (no tile laid there yet): not listed as launches.
_NOT_REGIONS = ("andromeda.launch.empty_space", "andromeda.launch.no_tile")


def _start_turn(game: AndromedaGame, _frame, choice, steps) -> AndromedaGame:
    table, colour = game.table, game.table.active
    if choice[0] == "return":
        steps.append(Step("Return turn", f"{colour} returns all ships this turn.", "返回空间站回合", table))
        return _push(game, Returning())
    _, ship_id, region = choice
    table, result = tbl.launch_in_game(table, colour, ship_id, region, variant=game.variant)
    steps.append(Step("Launch", f"{colour} launches {ship_id} to {region}"
                      + (f", paying {result.energy_spent} energy for a Jump" if result.energy_spent else "") + ".",
                      "发射回合 · 步骤 1 发射飞船", table))
    return _push(replace(game, table=table), Raiding(region), Activating(region))


# --- activation -----------------------------------------------------------------------------------
def _activation_candidates(table: Table, colour: str, region_name: str, mates: tuple[str, ...] = ()) -> list[tuple]:
    """Every way to activate ``region_name``; ``mates`` (2v2, before the turn's first module): the teammates who
    may gain the first module bought instead."""
    catalog = _catalog()
    region = table.region(region_name)
    player = table.player(colour)
    found: list[dict] = []
    if region.kind in ("planet", "nebula"):
        rooms = [None] if not region.moons or len(player.moons) < RULEBOOK.claimed_moon_limit else list(range(len(player.moons)))
        keeps = [0, 1] if region.kind == "nebula" and len(table.event_deck) >= 2 else [None]
        found = [dict(make_room=r, keep_on_top=k) for r in rooms for k in keeps]
    elif region.kind == "alliance_base":
        base = catalog.alliance_bases.get(region_name)
        if base and base.pay_any:
            found = _payments(player, base.pay_any)
        elif base and base.buy_modules:
            shown = [m for row in base.buy_modules for m in table.display(row)]
            # one module bought: the module sent to the bottom of its deck is chosen next (FieldDiscard)
            found = [dict(modules=(m,)) for m in shown] + [dict(modules=pair) for pair in combinations(shown, 2)]
            found += [dict(d, first_to=mate) for mate in mates for d in found]
        elif region_name == "Shipyard":
            found = [dict(choice="build_ship", target=kind) for kind in sorted({s.kind for s in player.ships_at("supply")})]
            found += [dict(choice="repair", target=t) for t in _repair_targets(player)]
        else:
            found = [dict(target=r.name) for r in table.regions if r.kind == "planet" and r.development is None]
    else:
        found = [{}]
    return [tuple(sorted((k, v) for k, v in d.items() if v is not None)) for d in found]


def _payments(player, count: int, with_moons: bool = True) -> list[dict]:
    """Every way to pay ``count`` resources of any kind: resource tokens, tactics cards, claimed moons discarded first."""
    found = []
    # claimed moons are offered as payment when the station cannot pay alone (discarding one is otherwise a free
    # action, not modelled yet)
    short = with_moons and player.resources.total + len(player.tactics) < count
    moon_sets = [()] + ([(i,) for i in range(len(player.moons))] + list(combinations(range(len(player.moons)), 2)) if short else [])
    for moons in moon_sets:
        stock = player.resources + sum((player.moons[i].goods.resources for i in moons), Goods())
        units = [k for k in RESOURCES for _ in range(min(stock[k], count))] + [f"card:{c}" for c in sorted(set(player.tactics))]
        for combo in sorted(set(combinations(units, count))):
            cards = tuple(u[5:] for u in combo if u.startswith("card:"))
            if len(set(cards)) != len(cards) and any(player.tactics.count(c) < cards.count(c) for c in cards):
                continue
            paid = Goods.of({k: sum(1 for u in combo if u == k) for k in RESOURCES if k in combo})
            found.append(dict(payment=paid, tactics=cards, moons=moons or None))
    return found


def _repair_targets(player) -> list[str]:
    targets = [f"scrapyard:{s.id}" for s in player.ships_at("scrapyard")]
    targets += [f"shield:{s.id}" for s in _shield_damage(player)]
    targets += [f"module:{m.name}" for m in player.modules if m.damaged]
    return targets or ["nothing:"]


def _activation_options(game: AndromedaGame, frame: Activating) -> Options:
    table, colour = game.table, game.table.active

    others = _field_others(table, frame.region)

    def attempt(choice):
        kwargs = _kwargs(choice)
        if others(choice):
            kwargs["field_discard"] = others(choice)[0]        # any other module stands in: the discard is decided next
            if not _settled_at_base(table, colour, frame.region, kwargs):
                run(activate_region(table, colour, frame.region, rng=_rng(game), variant=game.variant, **kwargs))
        elif not (_settled_on_planet(table, colour, frame.region, kwargs, game.variant)
                  or _settled_at_base(table, colour, frame.region, kwargs)):
            _activation_run(game, frame.region, choice)

    def words(choice):
        then = " (then send one of the others to the bottom of its deck)" if others(choice) else ""
        return dict(label=(_words(choice) or f"activate {frame.region}") + then, group="activate")

    return Options.checked(_activation_candidates(table, colour, frame.region, _mates(game)), _refusing(attempt, "发射回合 · 步骤 2 激活地区"),
                           words)


def _settled_on_planet(table: Table, colour: str, region_name: str, kwargs: dict, variant: AndromedaVariant) -> bool:
    """Whether a planet's or a nebula's activation, as ``_activation_candidates`` offers it, is legal without carrying
    it out (True), or left to ``activate_region`` (False), which gives any refusal. With a ship there it takes the top
    moon into the claimed-moon area, which has room or makes it by discarding the moon ``make_room`` names (one without
    a repair: its reward cannot be refused), else the printed resources; at a nebula it then peeks at the event deck
    (which card stays on top named when two are there)."""
    region = table.region(region_name)
    takes = {"planet": {"make_room"}, "nebula": {"make_room", "keep_on_top"}}.get(region.kind)
    if takes is None or not takes.issuperset(kwargs):
        return False
    player = table.player(colour)
    if not any(s.where == f"region:{region_name}" for s in player.ships):
        return False
    keep = kwargs.get("keep_on_top")
    if region.kind == "nebula" and len(table.event_deck) >= 2 and (isinstance(keep, bool) or keep not in (0, 1)):
        return False
    if not region.moons or len(player.moons) < variant.claimed_moon_limit:
        return True
    room = kwargs.get("make_room")
    return type(room) is int and 0 <= room < len(player.moons) and not player.moons[room].repair


def _settled_at_base(table: Table, colour: str, region: str, kwargs: dict) -> bool:
    """Whether an alliance base's activation, as ``_activation_candidates`` offers it, is settled without carrying
    it out (True: ``activate_region`` would carry it out; False: left to it, which gives any refusal). At Maximus or
    Odessa Field: the station pays each module's board cost in turn as ``effects.pay`` does (a module gained and its
    track step give no resources, so the first bought never pays for the second). At the Monolith or the Trade Hub
    without claimed moons discarded: the resources and the cards paid are held, and the Monolith's cards can be
    drawn without shuffling the discard pile (no Rng inside the game)."""
    base = _catalog().alliance_bases.get(region)
    player = table.player(colour)
    if base is None or not any(s.where == f"region:{region}" for s in player.ships):
        return False
    if base.buy_modules and kwargs.get("modules"):
        stock = player.resources
        for name in kwargs["modules"]:
            cost = _catalog().module_cost[_catalog().module(name).row]
            paid = stock.payment_for(cost) or cost.resources
            if paid.covers(cost) or not stock.has(paid):
                return False
            stock = stock.minus(paid)
        return True
    if base.pay_any and not kwargs.get("moons"):
        payment, cards = kwargs.get("payment", Goods()), kwargs.get("tactics", ())
        if payment.resources.total + len(cards) != base.pay_any or payment != payment.resources or not player.resources.has(payment):
            return False
        if any(player.tactics.count(card) < cards.count(card) for card in cards):
            return False
        return base.draw <= len(table.tactics_deck) or not (table.tactics_discard or cards)
    return False


def _mates(game: AndromedaGame) -> tuple[str, ...]:
    """2v2: the active player's teammates, while no module has been gained this turn (转移模块: the first module the
    active player gains in their turn may go to a teammate instead, who advances on its track)."""
    teams = dict(game.table.teams)
    colour = game.table.active
    if not teams or game.module_gained:
        return ()
    return tuple(c for c in game.seats if c != colour and teams.get(c) == teams.get(colour))


def _field_others(table: Table, region: str):
    """At Maximus or Odessa Field: for a single module bought, the other modules offered (one of them is discarded)."""
    base = _catalog().alliance_bases.get(region)
    shown = [m for row in base.buy_modules for m in table.display(row)] if base and base.buy_modules else []

    def others(choice) -> list[str]:
        values = dict(choice)
        bought = values.get("modules", ())
        if len(bought) != 1 or "field_discard" in values:
            return []
        return [m for m in shown if m not in bought]

    return others


def _field_discard_options(game: AndromedaGame, frame: "FieldDiscard") -> Options:
    table, colour = game.table, game.table.active

    def attempt(choice):
        if not _settled_at_base(table, colour, frame.region, _kwargs(choice)):
            _activation_run(game, frame.region, choice)

    return Options.checked(
        [frame.choice + (("field_discard", m),) for m in _field_others(table, frame.region)(frame.choice)],
        _refusing(attempt, "发射回合 · 联盟基地行动"),
        lambda c: dict(label=f"send {dict(c)['field_discard']} to the bottom of its deck", group="activate"))


def _field_discard(game: AndromedaGame, frame: "FieldDiscard", choice, steps) -> AndromedaGame:
    return _activate(_pop(game), Activating(frame.region), choice, steps)


def _kwargs(choice) -> dict:
    values = dict(choice)
    if "moons" in values:
        values["moons"] = tuple(values["moons"])
    return values


def _words(choice) -> str:
    parts = []
    for key, value in choice:
        if key == "payment":
            parts.append(f"pay {value}" if value else "")
        elif key == "tactics":
            parts.append(f"discard {', '.join(value)}" if value else "")
        elif key == "moons":
            parts.append(f"discard claimed moon(s) {', '.join(map(str, value))}")
        elif key == "modules":
            parts.append("buy " + " and ".join(value))
        elif key == "field_discard":
            parts.append(f"discard {value}")
        elif key == "first_to":
            parts.append(f"{value} gains the first module instead and advances on its track")
        elif key == "make_room":
            parts.append(f"discard claimed moon {value} to make room")
        elif key == "keep_on_top":
            parts.append(f"keep peeked card {value + 1} on top")
        else:
            parts.append(f"{key} {value}")
    return "; ".join(p for p in parts if p)


def _activate(game: AndromedaGame, frame: Activating, choice, steps) -> AndromedaGame:
    if _field_others(game.table, frame.region)(choice):
        return _push(game, FieldDiscard(frame.region, choice))
    ran = _activation_run(game, frame.region, choice)
    return _with_table(_pop(game), ran.result, steps, ran)


#: The activations last carried out: the table and variant they were carried out on, the region, and what each
#: choice gave.
_ACTIVATED: dict[str, Any] = {"table": None, "variant": None, "region": None, "runs": {}}


def _activation_run(game: AndromedaGame, region: str, choice):
    """The active player's activation of ``region`` with ``choice`` carried out (``activate_region``), once for a
    table: the listing tries the choice on it and taking the choice carries out the same."""
    table, last = game.table, _ACTIVATED
    if last["table"] is not table or last["variant"] is not game.variant or last["region"] != region:
        last.update(table=table, variant=game.variant, region=region, runs={})
    runs = last["runs"]
    if choice not in runs:
        runs[choice] = run(activate_region(table, table.active, region, rng=_rng(game), variant=game.variant, **_kwargs(choice)))
    return runs[choice]


# --- the raid and the battle ----------------------------------------------------------------------
def _raid_choices(table: Table, region: str) -> tuple[str, ...]:
    return tbl.raid_options_in_game(table, region).choices


def _raid_options(game: AndromedaGame, frame: Raiding) -> Options:
    choices = _raid_choices(game.table, frame.region)
    return Options([Option(("raid", c), label=f"class {c} raids {frame.region}", group="raid") for c in choices]
                   or [Option(("raid", None), label="no pirate can raid", group="raid")])


def _raid(game: AndromedaGame, frame: Raiding, choice, steps) -> AndromedaGame:
    table, said = tbl.raid_in_game(game.table, frame.region, choice=choice[1])
    steps.append(Step("Pirate raid", f"{said[0].upper() + said[1:]}.", "发射回合 · 步骤 3 海盗袭击", table))
    game = replace(_pop(game), table=table)
    return _start_battle(game, frame.region, steps)


def _teams(table: Table) -> dict[str, str]:
    return dict(table.teams)


def _start_battle(game: AndromedaGame, region: str, steps) -> AndromedaGame:
    table = game.table
    board, pieces = _board(table)
    if not battle_happens(pieces, tbl._ids(table)[region], _teams(table)):
        return _end_turn(game, steps)
    order = tuple(c for c in table.turn_order_from(table.active) if _escalation(table, region, c))
    steps.append(Step("A battle", f"Two or more sides are in {region}: a battle (发射回合 · 步骤 4).", "战斗", table))
    if order:
        return _push(game, Escalating(region, order))
    return _prepare(game, region, steps)


def _escalation(table: Table, region: str, colour: str):
    """``colour``'s ships on the board outside ``region``, each with its escalation verdict."""

    ids = tbl._ids(table)

    def work(table: Table) -> dict[tuple, Any]:
        board, pieces = _board(table)
        options = escalation_options(board, pieces, ids[region], [p.colour for p in table.players], table.active,
                                     {p.colour: p.resources["energy"] for p in table.players}, teams=_teams(table))
        names = {rid: name for name, rid in ids.items()}
        verdicts: dict[tuple, Any] = {}             # (player, region, ship as the board reads it) -> its first verdict
        for v in options.verdicts:
            verdicts.setdefault((v.player, names[v.region], v.ship), v)
        return verdicts

    verdicts = _remembered(("escalation", region), table, work)
    found = []
    for ship in table.player(colour).ships:
        if not ship.on_board or ship.region == region:
            continue
        verdict = verdicts.get((colour, ship.region, tbl.board_ship(table, colour, ship.id)))
        if verdict is not None:
            found.append((ship, verdict))
    return found


def _escalation_options(game: AndromedaGame, frame: Escalating) -> Options:
    colour = frame.order[0]
    options = []
    for ship, verdict in _escalation(game.table, frame.region, colour):
        label = f"{ship.id} joins from {ship.region}"
        choice = ("escalate", ship.id)
        if verdict.legal:
            options.append(Option(choice, label=label, group="escalate", cost=f"{verdict.energy} energy (Jump)" if verdict.jump else None))
        else:
            options.append(Option(choice, False, verdict.rule, verdict.reason, verdict.section, label=label, group="escalate"))
    options.append(Option(("done",), label="no more ships join", group="escalate"))
    return Options(options)


def _escalate(game: AndromedaGame, frame: Escalating, choice, steps) -> AndromedaGame:
    colour = frame.order[0]
    if choice[0] == "done":
        game = _pop(game)
        rest = frame.order[1:]
        return _push(game, Escalating(frame.region, rest)) if rest else _prepare(game, frame.region, steps)
    table = game.table
    ship, verdict = next((s, v) for s, v in _escalation(table, frame.region, colour) if s.id == choice[1])
    player = table.player(colour)
    player = replace(player.with_ship(replace_valid(ship, where=f"region:{frame.region}")),
                     resources=player.resources.minus(Goods.of(energy=verdict.energy)))
    table, before = table.with_player(player), table
    tbl.ship_moved(before, table, colour, ship.id)
    steps.append(Step("Escalation", f"{colour}'s {ship.id} joins the battle in {frame.region} from {ship.region}"
                      + (f", paying {verdict.energy} energy for a Jump (A-F7)" if verdict.jump else "") + ".",
                      "战斗 · 步骤 1 战事升级", table))
    return replace(game, table=table)


def _prepare(game: AndromedaGame, region: str, steps) -> AndromedaGame:
    setup = tbl.battle_setup(game.table, region)
    state = BattleState(setup)
    order = tuple(p.name for p in setup.participants)
    return _push(game, Diplomacy(region, state, order))


def _diplomacy_options(game: AndromedaGame, frame: Diplomacy) -> Options:
    if frame.offer:
        card = frame.plays[-1].card
        return Options([Option(("end battle",), label=f"end the battle ({card} lets any side end it)", group="diplomacy"),
                        Option(("fight on",), label="let the battle go on", group="diplomacy")])
    colour = frame.order[0]
    catalog = _catalog()
    held = sorted({c for c in game.table.player(colour).tactics if catalog.tactics_kinds.get(c) == "diplomacy"})
    options = [Option(("pass",), label="play no diplomacy card", group="diplomacy")]
    for card in held:
        known = KNOWN_DIPLOMACY.get(card)
        if known is None:
            options.append(Option(("diplomacy", card), False, "andromeda.game.card_effect_unknown",
                                  f"{card}'s effect is not in the rule text or the data (sample card)", "战斗 · 步骤 2 外交",
                                  label=f"play {card}", group="diplomacy"))
        elif known.get("ends_battle") and card == "Bargain for Safe Passage":
            kinds = sorted({s.kind for s in frame.battle.ships(colour)})
            places = [r.name for r in game.table.regions if r.kind in ("planet", "alliance_base") and r.name != frame.region]
            options += [Option(("diplomacy", card, kind, place), label=f"play {card}: the battle ends; your {kind.replace('_', ' ')} "
                               f"leaves for {place}", group="diplomacy") for kind in kinds for place in places]
        else:
            options.append(Option(("diplomacy", card), label=f"play {card}: {known['effect']}", group="diplomacy"))
    if not game.variant.diplomacy_per_participant and frame.plays:
        options = [o if o.choice == ("pass",) else Option(o.choice, False, "andromeda.battle.diplomacy.one_per_battle",
                                                            "only one diplomacy card may be played in a battle (variant)",
                                                            "自由行动 · 战术卡 (外交; A-R4 alternative)", label=o.label, group=o.group)
                   for o in options]
    return Options(options)


def _diplomacy(game: AndromedaGame, frame: Diplomacy, choice, steps) -> AndromedaGame:
    if frame.offer:
        if choice == ("end battle",):
            ended = replace(frame.plays[-1], ended_by=frame.offer[0])
            return _diplomacy_done(game, replace(frame, plays=frame.plays[:-1] + (ended,), offer=()), steps)
        rest = frame.offer[1:]
        if rest:
            return _top(game, replace(frame, offer=rest))
        return _next_diplomat(game, replace(frame, offer=()), steps)
    plays, withdraw_to = frame.plays, frame.withdraw_to
    if choice[0] == "diplomacy":
        card, colour = choice[1], frame.order[0]
        effect = dict(KNOWN_DIPLOMACY[card])
        if len(choice) == 4:                     # a ship leaves the battle for the region named
            effect["withdraw"] = (choice[2],)
            withdraw_to = withdraw_to + ((colour, choice[3]),)
        plays = plays + (DiplomacyPlay(colour, card, **effect),)
        frame = replace(frame, plays=plays, withdraw_to=withdraw_to)
        if effect.get("ends_battle"):
            return _diplomacy_done(game, frame, steps)
        if effect.get("any_side_may_end"):
            fighting = tuple(c for c in game.table.turn_order_from(game.table.active) if frame.battle.in_battle(c))
            return _top(game, replace(frame, offer=fighting))
    return _next_diplomat(game, frame, steps)


def _next_diplomat(game: AndromedaGame, frame: Diplomacy, steps) -> AndromedaGame:
    rest = frame.order[1:]
    if rest:
        return _top(game, replace(frame, order=rest))
    return _diplomacy_done(game, frame, steps)


def _diplomacy_done(game: AndromedaGame, frame: Diplomacy, steps) -> AndromedaGame:
    """Step 2 resolved with the cards played (a card that ends the battle ends it there); then energy for dice."""
    ran = run(diplomacy(frame.battle, frame.plays, game.variant))
    steps.extend(ran.steps)
    state = ran.result
    game = _pop(game)
    if state.over:
        withdraw_to: dict[str, list[str]] = {}
        for colour, place in frame.withdraw_to:
            withdraw_to.setdefault(colour, []).append(place)
        table, said = tbl.apply_battle(game.table, frame.region, state, withdraw_to=withdraw_to, variant=game.variant)
        steps.append(Step("After the battle", said[0].upper() + said[1:] + ".", "战斗", table))
        return _end_turn(replace(game, table=table), steps)
    order = tuple(p.name for p in state.setup.participants if state.in_battle(p.name))
    return _push(game, Energy(frame.region, state, order))


def _energy_options(game: AndromedaGame, frame: Energy) -> Options:
    """The energy ``colour`` pays for dice (战斗 · 步骤 3), each amount with its dice, refused past their energy or the cap."""
    colour = frame.order[0]
    return Options(Option(("energy", o.choice[1]), o.legal, o.rule, o.reason, o.section, label=o.label, group="energy")
                   for o in energy_options(frame.battle, game.variant) if o.choice[0] == colour)


def _energy(game: AndromedaGame, frame: Energy, choice, steps) -> AndromedaGame:
    paid = frame.paid + ((frame.order[0], choice[1]),)
    rest = frame.order[1:]
    if rest:
        return _top(game, replace(frame, order=rest, paid=paid))
    ran = run(preparation(frame.battle, {c: n for c, n in paid if n}, game.variant))
    steps.extend(ran.steps)
    state = ran.result
    odds = _battle_odds(state, game.variant)
    sides = [(" + ".join(faction), Fraction(p)) for faction, p in zip(state.factions, odds.wins)]
    sides += [("no winner", Fraction(odds.no_winner))] if odds.no_winner else []
    shown = "; ".join(f"{side} {probability_text(p)}" for side, p in sides)
    steps.append(Step("The odds before the dice", f"Exact chances of each outcome (odds.battle): {shown}.", "战斗 · 步骤 4 投掷骰子",
                      state, {"odds": dict(sides)}))
    return _push(_pop(game), Fighting(frame.region, state))


#: The battle whose odds were worked out last, its variant and its odds.
_ODDS: list[Any] = [None, None, None]


def _battle_odds(battle: BattleState, variant: AndromedaVariant):
    """The exact odds of a prepared battle (``BattleState.odds``), worked out once: shown before the dice, then the
    chance event's outcomes."""
    if _ODDS[0] is not battle or _ODDS[1] is not variant:
        _ODDS[:] = [battle, variant, battle.odds(variant)]
    return _ODDS[2]


def _fight(game: AndromedaGame, frame: Fighting, outcome, steps) -> AndromedaGame:
    side = None if outcome[0] == "no winner" else outcome[1]
    verdict, text = decide(frame.battle, side, None, game.variant)
    state = replace(frame.battle, verdict=verdict, step=5)
    steps.append(Step("Result", text, "战斗 · 步骤 5 结果", state))
    fought = tuple(c for c in game.seats if any(p.name == c for p in frame.battle.setup.participants))
    won = tuple(c for c in fought if c in (verdict.winner or ()))
    game = replace(game, battles=game.battles + ((fought, won),))
    ran = run(damage(state))
    steps.extend(ran.steps)
    state = ran.result
    game = _pop(game)
    owed = tbl.barrage_owed(game.table, state)
    if owed:
        return _push(game, Barraging(frame.region, state, tuple(c for c in game.table.turn_order_from(game.table.active) if c in owed)))
    return _after_battle(game, frame.region, state, {}, steps)


def _barrage_options(game: AndromedaGame, frame: Barraging) -> Options:
    colour = frame.order[0]
    modules = tbl.barrage_owed(game.table, frame.battle)[colour]
    return Options(Option(("barrage", m), label=f"BARRAGE damages {m}", group="barrage") for m in modules)


def _barrage(game: AndromedaGame, frame: Barraging, choice, steps) -> AndromedaGame:
    chosen = frame.chosen + ((frame.order[0], choice[1]),)
    if frame.order[1:]:
        return _top(game, replace(frame, order=frame.order[1:], chosen=chosen))
    return _after_battle(_pop(game), frame.region, frame.battle, dict(chosen), steps)


def _after_battle(game: AndromedaGame, region: str, state: BattleState, barrage: dict, steps) -> AndromedaGame:
    table, said = tbl.apply_battle(game.table, region, state, barrage=barrage, variant=game.variant)
    steps.append(Step("After the battle", said[0].upper() + said[1:] + ".", "战斗 · 步骤 6 受损飞船", table))
    game = replace(game, table=table)
    beaten = tuple(c for c in (state.verdict.tactical_operations if state.verdict else ()) if c in game.seats)
    if beaten:
        return _push(_end_turn_frame(game), Operations(beaten))
    return _end_turn(game, steps)


def _operations_options(game: AndromedaGame, frame: Operations) -> Options:
    colour = frame.order[0]
    return Options.checked([("operation", "draw"), ("operation", "moon")],
                    lambda c: tactical_operation(game.table, colour, c[1], _rng(game)),
                    lambda c: dict(label="draw 1 tactics card" if c[1] == "draw" else "gain the slotted moon's resources",
                                   group="tactical operation"))


def _operation(game: AndromedaGame, frame: Operations, choice, steps) -> AndromedaGame:
    table, said = tactical_operation(game.table, frame.order[0], choice[1], _rng(game))
    steps.append(Step("Tactical operation", said, "战斗 · 战术行动 (A-R12)", table))
    game = replace(game, table=table)
    return _top(game, Operations(frame.order[1:])) if frame.order[1:] else _pop(game)


# --- the return turn ------------------------------------------------------------------------------
def _return_ways(table: Table, colour: str, plan: tuple[Activate, ...]) -> Iterator[Iterator[Activate]]:
    """Every activation of a module with a dock not activated yet, by a returning ship or by energy: for each module,
    the ways by a ship, then the ways by energy, each worked out as they are read. The Primary Reactor activates no
    tech module by itself: they are chosen next, one at a time (``_tech_options``)."""
    catalog = _catalog()
    player = table.player(colour)
    used = {a.by for a in plan}
    done = {a.module for a in plan}
    # any returning ship activates a module alike (from the board or the repair barge): one stands for them all
    ships = [s.id for s in player.ships if (s.on_board or s.where == "barge") and s.id not in used][:1]
    for module in player.modules:
        if module.name not in done:
            for by in ships + ["energy"]:
                yield _module_ways(table, player, module, by, catalog)


def _module_ways(table: Table, player, module, by: str, catalog: Catalog) -> Iterator[Activate]:
    """Every way to activate ``module`` by ``by``: each action it offers, with each target it takes."""
    card = catalog.module(module.name)
    moon_repair = 1 if card.output_slot and module.moon is not None and module.moon.repair else 0
    tech = () if card.activates_tech else None
    for choice in card.choices or (None,):
        owed = card.repair + moon_repair + (1 if choice == "repair" else 0)
        if owed > 1:
            # several repairs from one module: each named, in order (a repair after the last thing to
            # repair is "nothing", 1 VP)
            each = [t for t in _repair_targets(player) if t != "nothing:"] + ["nothing:"]
            for specs in combinations_with_replacement(each, owed):
                if any(specs.count(t) > _repairable(player, t) for t in set(specs)):
                    continue
                repairs = tuple((o, t or None) for o, _, t in (spec.partition(":") for spec in specs))
                yield _way(module.name, by, choice, None, tech, repairs)
            continue
        targets: list[Any] = [None]
        if owed:
            targets = _repair_targets(player)
        elif choice == "build_ship":
            targets = sorted({s.kind for s in player.ships_at("supply")})
        elif choice == "develop":
            targets = [r.name for r in table.regions if r.kind == "planet" and r.development is None]
        for target in targets:
            yield _way(module.name, by, choice, target, tech, ())


def _way(module: str, by: str, choice: str | None, target: str | None, tech: tuple[str, ...] | None,
         repairs: tuple[tuple[str, str | None], ...]) -> Activate:
    """``Activate(module, by, choice, target, tech, repairs)`` with its fields set at once: a return turn lists
    dozens of them at each of its decisions."""
    way = object.__new__(Activate)
    object.__setattr__(way, "__dict__", {"module": module, "by": by, "choice": choice, "target": target, "tech": tech,
                                         "repairs": repairs})
    return way


def _repairable(player, spec: str) -> int:
    """How many repairs one target takes (``"option:target"``): a damage marker each from a shield or a module, one
    move for a ship on the scrapyard, any number of "nothing"."""
    option, _, target = spec.partition(":")
    if option == "nothing":
        return 99
    if option == "module":
        return player.module(target).damage
    return player.ship(target).damage if option == "shield" else 1


def _settled_by_check(table: Table, colour: str, card, act: Activate, catalog: Catalog, variant: AndromedaVariant,
                      placed) -> bool:
    """Whether an activation its module's conditions allow (``return_turn._check``) is settled without carrying
    the whole activation out (True: it would be; a refusal is raised as carrying it out raises it). A module that
    pays its cost (checked) and gains and draws can only be refused by a tactics draw needing the discard pile
    shuffled (no Rng inside the game); a module whose one action is a choice is refused as that action refuses it
    on the station with the ship or energy placed (``placed(by)``). The Primary Reactor with tech modules named,
    and a module giving repairs besides its action, are left to the whole activation (False)."""
    if act.repairs or act.tech:
        return False
    if card.choices:
        if card.pay or card.gain or card.draw or card.repair or card.input_slot or card.output_slot:
            return False
        if act.choice == "develop":
            check_development(placed(act.by), colour, act.target or "", catalog)
        elif act.choice == "build_ship":
            check_build(placed(act.by), colour, act.target or "", catalog=catalog)
        else:
            module_action(placed(act.by), colour, card, act, None, catalog, variant)
        return True
    if card.repair or act.choice or act.target:
        return False
    player = table.player(colour)
    moon = player.module(card.name).moon
    if card.output_slot and moon is not None and moon.repair:
        return False
    return card.draw <= len(table.tactics_deck) or not table.tactics_discard


def _placing(table: Table, colour: str, module: str):
    """``placed(by)``: the station once ``by`` (a ship id or ``"energy"``) is placed on ``module`` (return step 1),
    before its action; worked out once for each ``by``."""
    found: dict[str, Table] = {}

    def placed(by: str) -> Table:
        if by not in found:
            player = table.player(colour)
            if by == "energy":
                player = replace(player, resources=player.resources.minus(Goods.of(energy=1)))
            else:
                player = player.with_ship(replace_valid(player.ship(by), where=f"module:{module}"))
            found[by] = table.with_player(player.with_module(replace(player.module(module), occupant=by)))
        return found[by]

    return placed


def _return_options(game: AndromedaGame, frame: Returning) -> Options:
    if frame.reactor is not None:
        return _tech_options(game, frame)
    # a refusal repeated for another way to activate the same module is listed once
    options, refused = [], set()
    for act, refusal in _return_verdicts(game, frame):
        if refusal is None:
            options.append(Option(act, **_return_words(act)))
        elif (act.module, refusal.rule) not in refused:
            refused.add((act.module, refusal.rule))
            options.append(Option.refused_by(act, refusal, **_return_words(act)))
    return Options(options + [Option(("done",), **_return_words(("done",)))])


def _return_legal(game: AndromedaGame, frame: Returning) -> tuple[Any, ...]:
    """The legal choices of ``_return_options``, in its order, without the words of the options."""
    if frame.reactor is not None:
        return _tech_options(game, frame).choices()
    return tuple(act for act, refusal in _return_verdicts(game, frame) if refusal is None) + (("done",),)


def _return_verdicts(game: AndromedaGame, frame: Returning):
    """Each activation of ``_return_ways`` with its refusal (None: legal). A refusal of the module itself
    (``andromeda.return.*``: occupied, no energy, no ship in its row, its cost) holds for every other way to activate
    it by the same ship or by energy, so those are neither worked out nor tried."""
    table, colour = game.table, game.table.active
    catalog = _catalog()
    activated, ship_rows = set(frame.so_far.modules), set(frame.so_far.ship_rows)
    placings: dict[str, Any] = {}
    conditions: dict[tuple, Any] = {}

    def attempt(act):
        # the module's own conditions first (activate_modules checks them the same way before anything else),
        # alike for every target of one way to activate it
        way = (act.module, act.by, act.choice, act.tech)
        if way not in conditions:
            try:
                conditions[way] = _check(table, colour, act, activated, ship_rows, catalog)
            except (IllegalAction, InvalidInput) as refusal:
                conditions[way] = refusal
        card = conditions[way]
        if isinstance(card, Exception):
            raise card
        if act.module not in placings:
            placings[act.module] = _placing(table, colour, act.module)
        if not _settled_by_check(table, colour, card, act, catalog, game.variant, placings[act.module]):
            run(activate_modules(table, colour, (act,), so_far=frame.so_far, rng=_rng(game), variant=game.variant))

    check = _refusing(attempt, "返回空间站回合 · 步骤 1")
    for ways in _return_ways(table, colour, frame.plan):
        for act in ways:
            try:
                check(act)
            except IllegalAction as refusal:
                yield act, refusal
                if refusal.rule.startswith("andromeda.return."):
                    break
            else:
                yield act, None


def _return_words(act) -> dict:
    if act == ("done",):
        return dict(label="return every ship now", group="return")
    how = "energy" if act.by == "energy" else act.by
    return dict(label=f"activate {act.module} with {how}{_activation_details(act)}", group="activate a module")


def _tech_left(table: Table, colour: str, so_far: Activated) -> list[StationModule]:
    """The tech modules of ``colour``'s station still to be activated this turn (the Primary Reactor aside)."""
    catalog = _catalog()
    return [m for m in table.player(colour).modules if m.name not in so_far.modules
            and catalog.module(m.name).is_tech and not catalog.module(m.name).activates_tech]


def _tech_ways(table: Table, colour: str, frame: Returning) -> list[Activate]:
    catalog, player = _catalog(), table.player(colour)
    return [act for module in _tech_left(table, colour, frame.so_far)
            for act in _module_ways(table, player, module, frame.reactor or "", catalog)]


def _activation_details(act: Activate) -> str:
    """What an activation names besides its module and ship: the module's choice, its target, the repairs."""
    extra = f" ({act.choice}{': ' + act.target if act.target else ''})" if act.choice or act.target else ""
    if act.repairs:
        extra += " (repairs: " + ", then ".join(o if t is None else f"{o} {t}" for o, t in act.repairs) + ")"
    return extra


def _tech_options(game: AndromedaGame, frame: Returning) -> Options:
    """The Primary Reactor holds a ship: each other tech module not activated yet, one at a time, the refused ones
    with their reason (damaged, an empty input slot, its cost), or stop (核心模块: 激活任意数量的其他科技模块)."""

    table, colour = game.table, game.table.active

    def attempt(act):
        run(activate_tech(table, colour, act, so_far=frame.so_far, rng=_rng(game), variant=game.variant))

    def words(act):
        return dict(label=f"activate {act.module} through the Primary Reactor{_activation_details(act)}", group="tech modules")

    options = Options.checked(_tech_ways(table, colour, frame), _refusing(attempt, "返回空间站回合 · 核心模块"), words)
    return Options(tuple(options) + (Option(("stop",), label="stop activating tech modules", group="tech modules"),))


def _return(game: AndromedaGame, frame: Returning, choice, steps) -> AndromedaGame:
    """One more module activated (its steps shown now): the Primary Reactor's tech modules then chosen one by one;
    or every ship back to the bay."""

    colour = game.table.active
    if frame.reactor is not None:
        if choice == ("stop",):
            return _top(game, replace(frame, reactor=None))
        ran = run(activate_tech(game.table, colour, choice, so_far=frame.so_far, rng=_rng(game), variant=game.variant))
        table, so_far = ran.result
        steps.extend(ran.steps)
        reactor = frame.reactor if _tech_left(table, colour, so_far) else None
        return _top(replace(game, table=table), Returning(frame.plan + (choice,), so_far, reactor))
    if choice != ("done",):
        ran = run(activate_modules(game.table, colour, (choice,), so_far=frame.so_far, rng=_rng(game), variant=game.variant))
        table, so_far = ran.result
        steps.extend(ran.steps)
        reactor = choice.by if choice.tech is not None and _tech_left(table, colour, so_far) else None
        return _top(replace(game, table=table), Returning(frame.plan + (choice,), so_far, reactor))
    ran = run(return_ships(game.table, colour, sum(1 for act in frame.plan if act.by == "energy")))
    game = _with_table(_pop(game), ran.result, steps, ran)
    return _end_turn(game, steps)


# --- track steps with a choice --------------------------------------------------------------------
def _track_candidates(table: Table, frame: TrackChoice) -> list[tuple]:
    catalog = _catalog()
    player = table.player(frame.colour)
    space = player.track(frame.track) + 1
    board = catalog.track(frame.track)
    if space in board.upgrades:

        tiles = [t for t in player.upgrade_tiles if tile_type(t) not in player.upgrades]
        if not tiles:
            return [("upgrade", None, True)]
        found = []
        for tile in tiles:
            unbuilt = any(s.kind == tile_type(tile) and s.where == "supply" for s in player.ships)
            found += [("upgrade", tile, True)] + ([("upgrade", tile, False)] if unbuilt else [])
        return found
    if space in board.exploration:
        stack = dict(table.exploration_stacks).get(space, ())
        return [("explore", i) for i in range(len(stack))] or [("explore", 0)]
    if choice_at(frame.track, space, catalog):
        return [("draw_to_limit", True), ("draw_to_limit", False)]
    return [("step",)]


def _track_options(game: AndromedaGame, frame: TrackChoice) -> Options:
    def words(choice):
        if choice[0] == "upgrade":
            if choice[1] is None:
                return dict(label="every ship type is upgraded: nothing to place", group=frame.track)
            return dict(label=f"place the {choice[1]} tile" + ("" if choice[2] else ", without the free ship"), group=frame.track)
        if choice[0] == "explore":
            stack = dict(game.table.exploration_stacks).get(game.table.player(frame.colour).track(frame.track) + 1, ())
            return dict(label=f"keep token {choice[1] + 1}: {stack[choice[1]]}" if stack else "no token left", group=frame.track)
        return dict(label="draw up to the new hand limit" if choice[1] else "do not draw", group=frame.track)

    return Options.checked(_track_candidates(game.table, frame), _refusing(lambda c: _step_track(game, frame, c), "进度轨道"), words)


def _step_track(game: AndromedaGame, frame: TrackChoice, choice):
    kwargs: dict[str, Any] = {}
    if choice[0] == "upgrade":
        kwargs = dict(upgrade=choice[1], free_ship=choice[2])
    elif choice[0] == "explore":
        kwargs = dict(exploration_pick=choice[1])
    elif choice[0] == "draw_to_limit":
        kwargs = dict(draw_to_limit=choice[1])
    return run(advance_track(game.table, frame.colour, frame.track, frame.spaces, variant=game.variant, rng=_rng(game),
                             **kwargs))


def _track(game: AndromedaGame, frame: TrackChoice, choice, steps) -> AndromedaGame:
    ran = _step_track(game, frame, choice)
    return _with_table(_pop(game), ran.result, steps, ran)


# --- the end of a turn ----------------------------------------------------------------------------
def _end_turn_frame(game: AndromedaGame) -> AndromedaGame:
    return _push(game, Discarding())


def _end_turn(game: AndromedaGame, steps) -> AndromedaGame:
    return _push(game, Discarding())


def _over_limit(game: AndromedaGame, discards: tuple[str, ...]) -> int:
    player = game.table.player(game.table.active)
    return len(player.tactics) - len(discards) - hand_limit(player, game.variant)


def _discard_options(game: AndromedaGame, frame: Discarding) -> Options:
    """The end of your turn: free actions still, tactics cards over the hand limit discarded one by one, then
    the end of the turn (refused while the hand is over its limit)."""
    hand = list(game.table.player(game.table.active).tactics)
    for card in frame.discards:
        hand.remove(card)
    over = _over_limit(game, frame.discards)
    options = [Option(("discard", c), label=f"discard {c}", group="hand limit") for c in sorted(set(hand))] if over > 0 else []
    if over > 0:
        options.append(Option(("end turn",), False, "andromeda.free_actions.hand_limit",
                              f"{game.table.active} holds {over} tactics card(s) over the hand limit: discard them first",
                              "自由行动 · 战术卡上限", label="end the turn", group="end"))
    else:
        options.append(Option(("end turn",), label="end the turn", group="end"))
    return Options(options)


def _discard(game: AndromedaGame, frame: Discarding, choice, steps) -> AndromedaGame:
    if choice[0] == "end turn":
        return _end_of_turn(game, frame, steps)
    return _top(game, Discarding(frame.discards + (choice[1],)))


def _recruit_options(game: AndromedaGame, frame: Recruiting) -> Options:
    colour = frame.order[0]
    options = [Option(("recruit", None), label="recruit nobody", group="event")]
    options += [Option(("recruit", r.name), label=f"recruit a leader from {r.name}", group="event")
                for r in game.table.regions if r.leaders[colour] > 0]
    return Options(options)


def _recruit(game: AndromedaGame, frame: Recruiting, choice, steps) -> AndromedaGame:
    recruits = frame.recruits + (((frame.order[0], choice[1]),) if choice[1] else ())
    if frame.order[1:]:
        return _top(game, replace(frame, order=frame.order[1:], recruits=recruits))
    return _top(game, Placing(recruits, frame.discards))


def _placement(table: Table, variant: AndromedaVariant) -> dict[str, Fraction]:
    catalog = _catalog()
    card = catalog.event(table.event_deck[0])
    board, pieces = _board(table)
    on_board = sum(1 for c, _ in table.pirates if c == "S")
    supply = max(0, catalog.limits["s_class_figures"] - on_board)
    return dict(placement_odds(board, pieces, tbl.pirate_cards()[card.pirate], s_supply=supply, variant=variant).items())


def _place(game: AndromedaGame, frame: Placing, outcome, steps) -> AndromedaGame:
    region_id = outcome[1]
    names = _names(game.table)
    cards = tbl.pirate_cards()

    def placer(table: Table, letter: str, _rng_unused) -> tuple[Table, str]:
        board, pieces = _board(table)
        on_board = sum(1 for c, _ in table.pirates if c == "S")
        who = arrival(board, pieces, cards[letter], s_supply=max(0, _catalog().limits["s_class_figures"] - on_board),
                      variant=game.variant)
        if region_id == NOT_PLACED or not who.figures:
            return table, f"{who.reason}; it stays on its card (no region is free for it)"
        added = tuple((who.pirate_class, names[region_id]) for _ in range(who.figures))
        return replace(table, pirates=table.pirates + added), f"{who.reason}: {who.figures} figure(s) in {names[region_id]}"

    return _finish(_pop(game), frame.discards, steps, placer, dict(frame.recruits))


def _finish(game: AndromedaGame, discards, steps, placer=None, recruits=None) -> AndromedaGame:
    ran = run(end_turn(game.table, _rng(game), hand_discards=tuple(discards), variant=game.variant,
                       place_pirate=placer, recruits=recruits or None))
    return replace(_with_table(game, ran.result, steps, ran), transferred=False, module_gained=False, turns=game.turns + 1)


def _end_of_turn(game: AndromedaGame, frame: Discarding, steps) -> AndromedaGame:
    """Once the hand is within the limit: the other players' moment to insert a moon or play a tactics card
    (``Responding``), then the rest of the turn's end."""
    game = _pop(game)
    order = _responders(game, game.table.turn_order_from(game.table.active)[1:])
    if order:
        return _push(game, Responding(order, frame.discards))
    return _close_turn(game, frame.discards, steps)


def _responders(game: AndromedaGame, order: tuple[str, ...]) -> tuple[str, ...]:
    """The players of ``order`` who could take a free action allowed on another player's turn now: they hold a
    claimed moon to insert or a tactics card that may be played then (A-F18)."""
    kinds = _catalog().tactics_kinds

    def could(colour: str) -> bool:
        player = game.table.player(colour)
        return bool(player.moons) or any("other_turn" in KIND_MOMENTS.get(kinds.get(card, ""), ()) for card in player.tactics)

    return tuple(c for c in order if could(c))


def _responding_options(game: AndromedaGame, frame: "Responding") -> Options:
    return Options([Option(("pass",), label=f"let {game.table.active}'s turn end", group="another's turn")])


def _respond(game: AndromedaGame, frame: "Responding", choice, steps) -> AndromedaGame:
    rest = _responders(game, frame.order[1:])
    if rest:
        return _top(game, replace(frame, order=rest))
    return _close_turn(_pop(game), frame.discards, steps)


def _close_turn(game: AndromedaGame, discards: tuple[str, ...], steps) -> AndromedaGame:
    """A pending event (recruits, then the pirate's region by chance), or the next turn."""
    table = game.table
    if table.event_pending is not None and table.ended_by is None and table.event_deck:
        card = _catalog().event(table.event_deck[0])
        if card.special == "each_draws_tactics_and_recruits":
            return _push(game, Recruiting(table.turn_order_from(table.event_pending), (), discards))
        return _push(game, Placing((), discards))
    return _finish(game, discards, steps)


def _discarding_options(game: AndromedaGame, frame: Discarding) -> Options:
    return _discard_options(game, frame)


def _draw(game: AndromedaGame, frame: Drawing, outcome, steps) -> AndromedaGame:
    table, unshuffled = decks.draw(game.table, game.unshuffled, frame.deck, outcome[2])
    return _pop(replace(game, table=table, unshuffled=unshuffled))


_OPTIONS: dict[type, Callable[..., Options]] = {
    type(None): _turn_options, Activating: _activation_options, Raiding: _raid_options, Escalating: _escalation_options,
    Diplomacy: _diplomacy_options, Energy: _energy_options, Barraging: _barrage_options, Operations: _operations_options,
    Returning: _return_options, TrackChoice: _track_options, Discarding: _discarding_options, Recruiting: _recruit_options,
    Spaceport: _spaceport_options, Detailing: _detailing_options, Responding: _responding_options, SettingUp: _setting_up_options, Agreeing: _agreeing_options, FieldDiscard: _field_discard_options,
}
_RESOLVE: dict[type, Callable[..., "AndromedaGame"]] = {
    type(None): _start_turn, Activating: _activate, Raiding: _raid, Escalating: _escalate, Diplomacy: _diplomacy,
    Energy: _energy, Fighting: _fight, Barraging: _barrage, Operations: _operation, Returning: _return,
    TrackChoice: _track, Discarding: _discard, Recruiting: _recruit, Responding: _respond, Placing: _place, Drawing: _draw, Spaceport: _spaceport, Detailing: _detailing, SettingUp: _setting_up, Agreeing: _agreeing, FieldDiscard: _field_discard,
}


#: Decisions taken at once when they offer one option only, legal, and nothing else (free actions aside).
AUTOMATIC = (Raiding, Escalating, Diplomacy, Energy, Activating)
#: The decisions at which the player to move may first take free actions (自由行动, A-F18): any of them at any
#: time of your own turn (in a battle, the tactics cards a battle allows), on another player's turn only
#: inserting a moon and playing a tactics card; once the hand-limit discards have begun, none.
_FREE_AT = (type(None), Activating, Returning, Discarding, Escalating, Diplomacy, Energy, Barraging, Operations, Responding)


def _settle(game: AndromedaGame, steps: list[Step]) -> AndromedaGame:
    """After each decision: the next card of a deck running short drawn by chance; owed track steps; a raid,
    an escalation, a diplomacy or an energy decision with one option only (nothing else offered) is taken."""
    while True:
        reshuffled = ("tactics", "events") if game.variant.empty_event_deck == "reshuffle" else ("tactics",)
        table, unshuffled, deck, said = decks.next_draw(game.table, game.unshuffled, reshuffled)
        if said:
            steps.append(Step(*said, table))
        if table is not game.table or unshuffled is not game.unshuffled:
            game = replace(game, table=table, unshuffled=unshuffled)
        if deck is not None:
            return _push(game, Drawing(deck))
        game = _owed(game)
        top = game.pending[-1] if game.pending else None
        if isinstance(top, TrackChoice):
            return game
        if isinstance(top, AUTOMATIC):
            options = _OPTIONS[type(top)](game, top)
            if len(options) == 1 and options[0].legal:
                game = _RESOLVE[type(top)](game, top, options[0].choice, steps)
                continue
            game.__dict__["_options_now"] = game._with_free(top, options)     # worked out once
        return game
