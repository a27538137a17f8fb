"""Starship Merchants as a whole game on the game contract (``tt.new_game("merchants", players=3, seed=7)``).

A turn begins with the turn's option (手番の流れ): act here, move on and act, move on and do nothing, or — in
the end game, for a player back at the Dock — stay. The action then goes on as successive decisions on a
stack, each offered when the rules give it: repaying one more loan marker; at the Market replacing cards
on arrival (each replacement drawn), one purchase, then the claim bonus (M-F1, M-F2); at the Belt a run,
decision by decision — pick up (then load token by token, fewer than fit if you like), take, explore (a
chance event; then where the token goes, decided once seen, M-F8), swap, end at the destination, stop;
at the Dock the payout, then re-buying a scrapped ship's pilot and gear one card at a time.

Every draw from the bag, the destination deck and the market deck is a chance event, uniform over what is
left (a deck is face down: its order is not known, so the next card is any of those remaining). The set-up
is dealt from the game's ``Rng(seed)``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, ClassVar

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.numbers import probability_text, share
from ..engine.game import CHANCE, ExactQuestion, Game, Outcome
from ..engine.options import Option, Options
from ..engine.rng import Rng
from ..engine.steps import Procedure, Step
from ..engine.frozen import cached, replace
from .actions import (BuyCard, BuyShip, ClaimToken, DockVisit, EndRun, Explore, Finish, Load, MarketVisit, PayLoans,
                      Pickup, Place, RepayLoan, ReplaceCard, RunShip, Swap, Transfer, TurnChoice)
from .belt import start_run
from .data import GameData, load_data
from .dock import check_dock, dock, paid_out, transfer_card
from .end import TriggerCheck, standings, trigger_check
from .market import check_market, claim_token, take_card
from .odds import explore_odds
from .shipyard import check_shipyard, loan_repayment, shipyard
from .state import GameState, Player, Ship, counted, describe_tokens, new_game, pile, without
from .turn import begin_turn, check_action, check_option, end_turn, moved_on
from .variant import BELT, DOCK, END, MARKET, RULEBOOK, TURN, MerchantsVariant

NAMES = ("Ada", "Bea", "Cy", "Dee", "Eve", "Fay")


# --- what is pending: the decision stack ------------------------------------------------------------
@dataclass(frozen=True)
class Repaying:
    """A pay-loans action under way: one more marker may be repaid."""


@dataclass(frozen=True)
class AtMarket:
    """A Market visit under way: replacements (on arrival, before buying), one purchase, then the claim bonus."""

    arrived: bool
    replaced: int = 0
    bought: bool = False


@dataclass(frozen=True)
class Running:
    """A Belt run under way: the ship and the energy left."""

    ship: str
    energy: int


@dataclass(frozen=True)
class Loading:
    """A pickup paid for: tokens are loaded one by one from ``source`` (known, local, or an opponent's name)."""

    source: str
    loaded: int = 0


@dataclass(frozen=True)
class Placing:
    """An explored token, seen: it goes on the ship or into local space."""

    token: str


@dataclass(frozen=True)
class Transferring:
    """Scrapped ships' cards that may still be re-bought: (ship id, card) pairs, and what was passed on."""

    cards: tuple[tuple[str, str], ...]
    passed: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Drawing:
    """A chance event: the next ``what`` (a bag token, a destination card or a market card)."""

    what: str


Frame = Repaying | AtMarket | Running | Loading | Placing | Transferring | Drawing
DRAWN = {"token": "the bag", "destination": "the destination deck", "market": "the market deck"}


@dataclass(frozen=True, repr=False)
class MerchantsGame(Game):
    """A whole Starship Merchants game: the board, the pending decisions, the seed and the last steps."""

    board: GameState
    seed: int = 0
    pending: tuple[Frame, ...] = ()
    acted: bool = False
    steps: tuple[Step, ...] = field(default=(), compare=False)

    game_id: ClassVar[str] = "merchants"
    section: ClassVar[str] = TURN
    end_section: ClassVar[str] = END

    # --- the contract ---------------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(p.name for p in self.board.players)

    @property
    def variant(self) -> MerchantsVariant:
        return self.board.variant

    @property
    def over(self) -> bool:
        return self.board.finished

    @property
    def to_move(self) -> Any:
        board = self.board
        if board.finished:
            return None
        pending = self.pending
        if pending and type(pending[-1]) is Drawing:
            return CHANCE
        return board.players[board.current].name

    def __repr__(self) -> str:
        where = " > ".join(_frame_words(f, self.board) for f in self.pending) or "turn"
        return f"<Merchants game · {where} · {self.board!r}>"

    def _repr_svg_(self) -> str:
        return self.board._repr_svg_()

    def _chance_outcomes(self) -> dict[Any, Fraction]:
        return self._odds

    @cached
    def _odds(self) -> dict[Any, Fraction]:
        """The pending draw's outcomes with their exact odds (worked out once per state)."""
        frame = self.pending[-1]
        assert isinstance(frame, Drawing)  # to_move is CHANCE only while a draw is pending
        pool = self._draw_pool(frame.what)
        total = sum(pool.values())
        return {item: share(n, total) for item, n in sorted(pool.items())}

    def describe_outcome(self, outcome: Any) -> str:
        what = self.pending[-1].what if self.pending and isinstance(self.pending[-1], Drawing) else "token"
        if what == "destination":
            target = self.board.data.destination(outcome)
            return f"{target.name} (cost {target.cost}, bonus {target.bonus})"
        if what == "market":
            card = self.board.data.card(outcome)
            return f"{card.name} ({card.type}, cost {card.cost})"
        return f"{outcome} token"

    def _decision_options(self) -> Options:
        return self._listed(_Listing(self.board))

    def _legal_choices(self) -> tuple[Any, ...]:
        if self.pending and type(self.pending[-1]) in _FRAME_OPTIONS:
            return self._options_now.choices()
        return self._listed(_Listing(None))

    @cached
    def _moved(self) -> GameState:
        """The board with the active player one location on: what the turn's options check and a move begins with."""
        return moved_on(self.board)

    def _listed(self, listing: "_Listing") -> Any:
        """The decision now, gathered by ``listing`` (every option, or only the legal choices)."""
        if not self.pending:
            _turn_options(self.board, listing, self._moved)
            return listing.result()
        frame = self.pending[-1]
        gather = _FRAME_LISTINGS.get(type(frame))
        if gather is None:
            return _FRAME_OPTIONS[type(frame)](self, frame)
        gather(self, frame, listing)
        return listing.result()

    def _resolve(self, choice: Any) -> "MerchantsGame":
        steps: list[Step] = []
        if not self.pending:
            game = _start_turn(self, choice, steps)
        else:
            frame = self.pending[-1]
            game = _FRAME_RESOLVE[type(frame)](self, frame, choice, steps)
        game = _settle(game, steps)
        if game is self:
            return replace(game, steps=tuple(steps))
        object.__setattr__(game, "steps", tuple(steps))  # a state this apply made and nobody has seen yet
        return game

    def _final(self) -> Outcome:
        table = standings(self.board)
        tied = len(table) > 1 and table[0].credits == table[1].credits
        return Outcome(tuple((p.name, p.credits) for p in self.board.players), tuple(s.name for s in table),
                       (table[0].name,), "ties go to the earliest arrival at the Dock" if tied else "")

    def measures(self) -> dict[str, Any]:
        """For the designer's lab: the turns played and the Mark era reached; for each seat the ships, refinery
        cards and claimed tokens held at the end, loan markers still owed, and whether they triggered the end."""
        board = self.board
        players = board.players
        return {
            "turns": board.turn,
            "era": board.era,
            "ships": {p.name: len(p.ships) for p in players},
            "refineries": {p.name: len(p.refineries) for p in players},
            "claimed": {p.name: len(p.claimed) for p in players},
            "loans": {p.name: p.loans for p in players},
            "triggered": {p.name: int(p.name == board.end_trigger) for p in players},
        }

    @classmethod
    def exact_questions(cls) -> tuple[ExactQuestion, ...]:
        return (ExactQuestion("explore", "What exploring draws from the full bag (without replacement)", _explore_odds,
                              (("draws", (1, 2, 3)),), BELT),)

    @cached
    def room(self) -> int:
        """Free cargo slots of the ship on a run (the innermost run under way)."""
        run_frame = next(f for f in reversed(self.pending) if isinstance(f, Running))
        ship = self.board.active.ship(run_frame.ship)
        return self.board.capacity_of(ship) - len(ship.hold)

    def invariants(self) -> list[str]:
        """Tokens, cards, refineries and destinations conserved; credits never negative unless a debt variant."""
        board, data = self.board, self.board.data
        problems = []
        tokens = Counter(dict(board.bag)) + Counter(board.known) + Counter(board.out_of_play)
        tokens += Counter(f.token for f in self.pending if isinstance(f, Placing))  # drawn, seen, not yet placed
        cards = Counter(board.market_row + board.market_deck + board.market_discard)
        refineries = Counter(dict(board.refinery_supply))
        destinations = Counter(board.destination_deck + board.destination_discard)
        for player in board.players:
            tokens += Counter(player.local + player.claimed + player.setup_tokens)
            cards += Counter(player.kept_cards)
            refineries += Counter(player.refineries)
            for ship in player.ships:
                tokens += Counter(ship.hold)
                cards += Counter(ship.cards)
                destinations += Counter([ship.destination] if ship.destination else [])
            debt = board.variant.unpayable_repayment == "debt" or board.variant.endgame_unpaid_loans == "debt"
            if player.credits < 0 and not debt:
                problems.append(f"{player.name} has {counted(player.credits, 'credit')}")
        if tokens != Counter(dict(data.bag)):
            problems.append(f"tokens not conserved: {dict(tokens)} against {dict(data.bag)}")
        if cards != Counter({c.id: c.copies for c in data.cards if c.type != "refinery"}):
            problems.append("market cards not conserved")
        if refineries != Counter({c.id: c.copies for c in data.cards if c.type == "refinery"}):
            problems.append("refinery cards not conserved")
        if destinations != Counter({d.id: d.copies for d in data.destinations}):
            problems.append("destination cards not conserved")
        return problems

    # --- chance -------------------------------------------------------------------------------------
    def _draw_pool(self, what: str) -> Counter:
        board = self.board
        if what == "token":
            return Counter({k: n for k, n in board.bag if n})
        deck, discard = ((board.destination_deck, board.destination_discard) if what == "destination"
                         else (board.market_deck, board.market_discard))
        return Counter(deck or discard)

    def _can_draw(self, what: str) -> bool:
        """Whether the pool ``_draw_pool`` gives has anything in it."""
        board = self.board
        if what == "token":
            return any(n for _, n in board.bag)
        if what == "destination":
            return bool(board.destination_deck or board.destination_discard)
        return bool(board.market_deck or board.market_discard)


def _explore_odds(draws: int = 1, data: GameData | None = None) -> dict[Any, Fraction]:
    """What ``draws`` explores take from the whole bag of the (sample) data: (kind, count) pairs. It is also the
    chance of each kind for the first token anyone explores, whatever the set-up drew before it."""
    return dict(explore_odds(dict((data or load_data()).bag), draws).items())


def _changed(game: MerchantsGame, *, board: GameState | None = None, pending: tuple[Frame, ...] | None = None,
             acted: bool | None = None) -> MerchantsGame:
    """``replace(game, …)`` of the board, the pending decisions or ``acted``, built at once from the five fields
    (cheaper than the generic ``replace`` for the states every apply makes): what ``game`` has cached (its options,
    its moved-on board) is left behind without being read."""
    new = _NEW(MerchantsGame)
    _SET(new, "__dict__", {"board": game.board if board is None else board, "seed": game.seed,
                           "pending": game.pending if pending is None else pending,
                           "acted": game.acted if acted is None else acted, "steps": game.steps})
    return new


_NEW, _SET = object.__new__, object.__setattr__


def _room_kept(game: MerchantsGame, new: MerchantsGame) -> MerchantsGame:
    """``new`` (the same run's ship, its hold untouched) with the ``room`` that ``game`` has worked out, if it has."""
    room = game.__dict__.get("room")
    if room is not None:
        new.__dict__["room"] = room
    return new


def _frame_words(frame: Frame, board: GameState) -> str:
    if isinstance(frame, Running):
        return f"run of {board.ship_called(frame.ship)} ({frame.energy} energy left)"
    if isinstance(frame, Loading):
        return f"loading from {frame.source}"
    if isinstance(frame, Placing):
        return f"placing a {frame.token}"
    if isinstance(frame, AtMarket):
        return "at the Market" + (" (bought)" if frame.bought else "")
    if isinstance(frame, Drawing):
        return f"drawing from {DRAWN[frame.what]}"
    if isinstance(frame, Transferring):
        return "transferring cards"
    return "repaying loans"


def _collect(procedure: Procedure, steps: list[Step]) -> Any:
    """Run one of the wing's procedures to its end: its steps join ``steps``; its result is returned."""
    append = steps.append
    try:
        while True:
            append(next(procedure))
    except StopIteration as stop:
        return stop.value


class _Listing:
    """What a decision offers, gathered choice by choice by the same checks either way: every option with its
    words, reasons and costs (``explained``: the ``state`` whose names the words use is given), or only the
    legal choices (what a policy chooses among)."""

    __slots__ = ("state", "explained", "found")

    def __init__(self, state: GameState | None):
        self.state = state
        self.explained = state is not None
        self.found: list[Any] = []

    def legal(self, choice: Any, cost: str | None = None, group: str | None = None) -> None:
        state = self.state
        self.found.append(choice if state is None else Option(choice, True, None, None, None, cost, choice.words(state), group))

    def refused(self, choice: Any, refusal: IllegalAction, cost: str | None = None, group: str | None = None) -> None:
        state = self.state
        if state is not None:
            self.found.append(Option(choice, False, refusal.rule, refusal.reason, refusal.section, cost, choice.words(state),
                                     group))

    def result(self) -> Any:
        return Options.of(self.found) if self.explained else tuple(self.found)


# --- the turn's option --------------------------------------------------------------------------------
_GROUPS = {"act": "Act here", "move_act": "Move on and act"}
_TURN_CHOICES: dict[tuple[Any, ...], TurnChoice] = {}  # choices are values: one object serves every listing


def _turn_choice(option: str, kind: type | None = None, *fields: Any) -> TurnChoice:
    """The turn's option with the action ``kind(*fields)`` (none without ``kind``), made once and shared."""
    key = (option, kind, *fields)
    found = _TURN_CHOICES.get(key)
    if found is None:
        found = _TURN_CHOICES[key] = TurnChoice(option, None if kind is None else kind(*fields))
    return found


def _choices_at(board: GameState, location: str, option: str) -> tuple[tuple[TurnChoice, ...], int, int]:
    """The turn's choices with ``option`` ("act" or "move_act") and each action of ``location``; then how many of
    them, first, buy or lease a ship, and the lowest price of those ships (0 without any)."""
    player = board.active
    if location == "Shipyard":
        key: tuple[Any, ...] = (option, location, tuple(s.id for s in player.ships if s.loans), board.shipyard, board.era,
                                id(board.data))
    elif location == "Belt":
        key = (option, location, tuple(s.id for s in player.ships))
    else:
        key = (option, location)
    entry = _CHOICES_AT.get(key)
    if entry is not None and entry[0] is board.data:
        return entry[1]
    buys: list[TurnChoice] = []
    lowest = 0
    if location == "Shipyard":
        data, era = board.data, board.era
        on_sale = [d for d, n in board.shipyard if n and data.ship(d).mark == era]
        buys = [_turn_choice(option, BuyShip, d, lease) for d in on_sale for lease in (False, True)]
        lowest = min((data.ship(d).price for d in on_sale), default=0)
        found: tuple[TurnChoice, ...] = tuple(buys + [_turn_choice(option, PayLoans, (ship_id,)) for ship_id in key[2]])
    elif location == "Market":
        found = (_turn_choice(option, MarketVisit),)
    elif location == "Belt":
        found = tuple(_turn_choice(option, RunShip, ship_id) for ship_id in key[2])
    else:
        found = (_turn_choice(option, DockVisit), _turn_choice(option, DockVisit, (), True))
    if len(_CHOICES_AT) >= 4096:  # the Shipyard's keys follow its supply: kept to the recent ones
        _CHOICES_AT.clear()
    _CHOICES_AT[key] = (board.data, (found, len(buys), lowest))
    return found, len(buys), lowest


# Each location's choices by what they depend on (the catalog by identity, kept beside them so the id stays its own)
_CHOICES_AT: dict[tuple[Any, ...], tuple[GameData, tuple[tuple[TurnChoice, ...], int, int]]] = {}
_OPTION_ALONE = {"act": _turn_choice("act"), "move_act": _turn_choice("move_act")}  # the option, for its own checks


def _turn_options(board: GameState, listing: _Listing, moved: GameState) -> None:
    """The turn's options: each action here and at the next location, moving on, and (in the end game) staying.

    The option's own rules (``check_option``) are checked once for all the actions that share it, and the Dock's
    payout once for both Dock actions.
    """
    here = board.active.location
    explained = listing.explained
    for option, location in (("act", here), ("move_act", moved.active.location)):
        try:
            there, refusal = check_option(board, _OPTION_ALONE[option], moved), None
        except IllegalAction as error:
            there, refusal = board, error.with_traceback(None)
        if refusal is not None and not explained:
            continue
        arrived = option == "move_act"
        group = _GROUPS[option]
        paid = paid_out(there) if location == "Dock" and refusal is None and there.end_trigger is None else None
        trigger = trigger_check(there, paid) if paid is not None and not explained else None  # for both Dock actions
        choices, buys, lowest = _choices_at(board, location, option)
        if buys and not explained and refusal is None:  # no ship at all when the cheapest lease is out of reach
            player = there.active
            if (arrived and player.loans) or player.credits < there.variant.half(lowest):
                choices = choices[buys:]
        for choice in choices:
            action: Any = choice.action
            cost = _turn_cost(board, action) if location == "Shipyard" and explained else None
            if refusal is None:
                if not explained:
                    verdict = _verdict_unworded(there, action, arrived, paid, trigger)
                    if verdict is not None:
                        if verdict:
                            listing.legal(choice, None, group)
                        continue
                try:
                    if location == "Dock":
                        check_dock(there, action, paid)
                    else:
                        _check_action_there(there, action, arrived)
                except IllegalAction as error:
                    listing.refused(choice, error, cost, group)
                else:
                    listing.legal(choice, cost, group)
            else:
                listing.refused(choice, refusal, cost, group)
    for choice in (_MOVE, _STAY) if board.end_trigger is not None else (_MOVE,):
        try:
            check_option(board, choice, moved)
        except IllegalAction as error:
            listing.refused(choice, error, None, "Other")
        else:
            listing.legal(choice, None, "Other")


_MOVE, _STAY = TurnChoice("move"), TurnChoice("stay")


def _verdict_unworded(there: GameState, action: Any, arrived: bool, paid: Player | None,
                      trigger: TriggerCheck | None) -> bool | None:
    """For the legal choices only: whether the turn's action is legal, decided by a cheap look where one decides it
    (a ship that cannot run, a Market with nothing to do, a repayment, the Dock without obsolete ships) or where it
    surely refuses (a ship dearer than the credits in hand, buying a ship on entering with loans), without wording or
    raising a refusal; ``None`` leaves it to the action's own check. ``there`` has the player at the action's
    location; at the Dock before the end game, ``paid`` is the player after the payout and ``trigger`` their
    trigger check."""
    player = there.active
    kind = type(action)
    if kind is RunShip:
        ship = player.ship(action.ship)
        return not (there.obsolete(ship) or (ship.at_destination and there.variant.run_from_destination != "forfeit_bonus"))
    if kind is MarketVisit:
        return _market_has_something(there, arrived)
    if kind is PayLoans:  # one marker of one of the player's ships with loans: refused only when dearer than the credits
        variant = there.variant
        return player.credits >= sum(loan_repayment(player.ship(ship_id), variant) for ship_id in action.markers)
    if kind is BuyShip:
        if arrived and player.loans:
            return False
        price = there.data.ship(action.design).price
        return False if player.credits < (there.variant.half(price) if action.lease else price) else None
    if kind is DockVisit:
        if paid is None:  # the end game: the end is triggered already
            return not action.trigger_end
        assert trigger is not None
        if action.trigger_end:
            return (trigger.may or trigger.must) and trigger.can_repay
        if paid.credits < 0 or any(there.obsolete(ship) for ship in player.ships):  # a repayment to check first
            return None
        return not (trigger.must and trigger.can_repay)  # declining a trigger the rules force is refused
    return None


def _turn_cost(board: GameState, action: Any) -> str | None:
    """What a Shipyard action costs, in words."""
    if isinstance(action, BuyShip):
        design = board.data.ship(action.design)
        return counted(board.variant.half(design.price) if action.lease else design.price, "credit")
    if isinstance(action, PayLoans):
        return counted(loan_repayment(board.active.ship(action.markers[0]), board.variant), "credit")
    return None


def _check_action_there(there: GameState, action: Any, arrived: bool) -> None:
    """Refuse the action at its location (the player already there); entering the Market needs something to do."""
    if isinstance(action, MarketVisit):
        if there.active.location != "Market":
            raise IllegalAction("merchants.market.not_here",
                                f"{there.active.name} would be at the {there.active.location}, not the Market.", MARKET)
        if not _market_has_something(there, arrived):
            raise IllegalAction("merchants.market.nothing_to_do",
                                "Nothing at the Market can be bought now" + (" or replaced" if arrived else "") + ".", MARKET)
        return
    check_action(there, action, arrived)


def _start_turn(game: MerchantsGame, choice: TurnChoice, steps: list[Step]) -> MerchantsGame:
    board = _collect(begin_turn(game.board, choice, game._moved), steps)
    arrived = choice.option != "act"
    action = choice.action
    if action is None:
        return _changed(game, board=board, acted=False)
    if isinstance(action, BuyShip):
        return _changed(game, board=_collect(shipyard(board, action, arrived), steps), acted=True)
    if isinstance(action, PayLoans):
        board = _collect(shipyard(board, action, arrived), steps)
        return _changed(game, board=board, pending=(Repaying(),), acted=True)
    if isinstance(action, MarketVisit):
        return _changed(game, board=board, pending=(AtMarket(arrived),), acted=True)
    if isinstance(action, RunShip):
        return _start_run(game, board, action.ship, steps)
    before = board.active.ships
    board = _collect(dock(board, action), steps)
    after = {s.id for s in board.active.ships}
    scrapped = tuple((ship.id, card) for ship in before if ship.id not in after for card in ship.cards)
    return _changed(game, board=board, pending=(Transferring(scrapped),) if scrapped else (), acted=True)


def _finish_turn(game: MerchantsGame, steps: list[Step]) -> MerchantsGame:
    return _changed(game, board=_collect(end_turn(game.board, game.acted), steps), acted=False)


def _settle(game: MerchantsGame, steps: list[Step]) -> MerchantsGame:
    """Close what has nothing left to decide (a run out of energy, a pickup with no room left, …), then the turn."""
    while game.pending:
        frame = game.pending[-1]
        board = game.board
        if isinstance(frame, Running):
            ship = board.active.ship(frame.ship)
            if frame.energy > 0 and not ship.at_destination:
                return game
            game = _end_run(game, frame, steps)
        elif isinstance(frame, Loading):
            if frame.loaded == 0 or (game.room > 0 and _has_tokens(board, frame.source)):
                return game
            game = _changed(game, pending=game.pending[:-1])
        elif isinstance(frame, AtMarket):
            if not frame.bought or board.active.local:
                return game
            game = _changed(game, pending=game.pending[:-1])
        elif isinstance(frame, Repaying):
            if board.active.loans:
                return game
            game = _changed(game, pending=game.pending[:-1])
        elif isinstance(frame, Drawing):
            if game._can_draw(frame.what):
                return game
            game = _changed(game, pending=game.pending[:-1])
        elif isinstance(frame, Transferring):
            if any(not isinstance(o.choice, Finish) for o in _transfer_options(game, frame).legal):
                return game
            game = _changed(game, pending=game.pending[:-1])
        else:
            return game
    return _finish_turn(game, steps)


# --- the Shipyard: one more marker ------------------------------------------------------------------------
def _repay_options(game: MerchantsGame, frame: Repaying) -> Options:
    board = game.board
    candidates = [RepayLoan(s.id) for s in board.active.ships if s.loans] + [Finish("stop repaying")]
    return Options.checked(candidates, lambda c: _check_repay(board, c),
                           lambda c: {"cost": counted(loan_repayment(board.active.ship(c.ship), board.variant), "credit"),
                                      "label": c.words(board)} if isinstance(c, RepayLoan) else {})


def _check_repay(board: GameState, choice: Any) -> None:
    if isinstance(choice, RepayLoan):
        check_shipyard(board, PayLoans((choice.ship,)), arrived=False)


def _repay(game: MerchantsGame, frame: Repaying, choice: Any, steps: list[Step]) -> MerchantsGame:
    if isinstance(choice, Finish):
        return _changed(game, pending=game.pending[:-1])
    return _changed(game, board=_collect(shipyard(game.board, PayLoans((choice.ship,))), steps))


# --- the Market ---------------------------------------------------------------------------------------
_LEAVE_MARKET, _CLAIM_NOTHING = Finish("leave the Market"), Finish("claim nothing")


def _market_options(board: GameState, frame: AtMarket, listing: _Listing) -> None:
    if not listing.explained:
        _market_choices(board, frame, listing)
        return
    player = board.active

    def offer(choice: Any, cost: str | None, group: str | None, check: Callable[[], None]) -> None:
        try:
            check()
        except IllegalAction as error:
            listing.refused(choice, error, cost, group)
        else:
            listing.legal(choice, cost, group)

    if frame.bought:
        price = counted(board.variant.mine_claim_price, "credit")
        for kind in dict.fromkeys(player.local):
            claim = ClaimToken(kind)
            offer(claim, price, None, lambda: _check_claim(board, claim))
        listing.legal(_CLAIM_NOTHING)
        return
    row = tuple(dict.fromkeys(board.market_row))
    for card in row:
        replacing = ReplaceCard(card)
        offer(replacing, None, "Replace (on arrival)", lambda: _check_market_choice(board, frame, replacing))
    buys = [_buy(c, s.id) for c in row for s in player.ships] + [_buy(c) for c, _ in board.refinery_supply]
    for buy in buys:
        cost = board.data.card(buy.card).cost
        offer(buy, counted(cost, "credit"), "Buy", lambda: _check_market_choice(board, frame, buy))
    offer(_LEAVE_MARKET, None, None, lambda: _check_market_choice(board, frame, _LEAVE_MARKET))


def _market_choices(board: GameState, frame: AtMarket, listing: _Listing) -> None:
    """The Market decision's legal choices alone, in the order ``_market_options`` lists them, each decided by the
    look its check takes (``check_market`` of one replacement or one purchase, leaving, claiming) without raising and
    wording the refusals."""
    player = board.active
    credits = player.credits
    if frame.bought:
        if credits >= board.variant.mine_claim_price:
            for kind in dict.fromkeys(player.local):
                listing.legal(ClaimToken(kind))
        listing.legal(_CLAIM_NOTHING)
        return
    variant = board.variant
    row = tuple(dict.fromkeys(board.market_row))
    if frame.arrived and frame.replaced < variant.market_replace and credits >= 0:
        for card_id in row:
            listing.legal(ReplaceCard(card_id))
    card_of = board.data.card
    for card_id in row:
        card = card_of(card_id)
        if card.cost > credits:
            continue
        for ship in player.ships:
            buy = _buy(card_id, ship.id)
            if card.type == "refinery":  # never in the row: its own check decides
                try:
                    _check_market_choice(board, frame, buy)
                except IllegalAction:
                    continue
                listing.legal(buy)
            elif (len(ship.pilots) < variant.pilots_per_ship if card.type == "pilot"
                  else len(ship.gear) < variant.gear_per_ship):
                listing.legal(buy)
    if board.refineries_open:
        for card_id, left in board.refinery_supply:
            if left > 0 and card_of(card_id).cost <= credits and card_of(card_id).type == "refinery":
                listing.legal(_buy(card_id))
    if frame.replaced > 0:
        listing.legal(_LEAVE_MARKET)


@lru_cache(maxsize=1024)
def _buy(card: str, ship: str | None = None) -> BuyCard:
    """Buying ``card`` (for ``ship``): choices are values, made once and shared."""
    return BuyCard(card, ship)


@lru_cache(maxsize=1024)
def _buy_visit(card: str, ship: str | None = None) -> MarketVisit:
    """The Market action that buys ``card`` (for ``ship``): what checks that purchase, made once and shared."""
    return MarketVisit(buy=card, ship=ship)


def _market_has_something(board: GameState, arrived: bool) -> bool:
    """Whether a Market visit could do anything: replace a card on arrival, or buy one (a card dearer than the
    credits in hand is refused for that alone, so it is not checked further)."""
    if arrived and board.variant.market_replace > 0 and board.market_row:
        return True
    credits, card = board.active.credits, board.data.card
    ships = board.active.ships
    candidates = [_buy_visit(c, s.id) for c in dict.fromkeys(board.market_row) if card(c).cost <= credits for s in ships]
    candidates += [_buy_visit(c) for c, n in board.refinery_supply if n and card(c).cost <= credits]
    for visit in candidates:
        try:
            check_market(board, visit, arrived=False)
        except IllegalAction:
            continue
        return True
    return False


def _check_market_choice(board: GameState, frame: AtMarket, choice: Any) -> None:
    if isinstance(choice, ReplaceCard):
        if frame.replaced >= board.variant.market_replace:
            raise IllegalAction("merchants.market.replace_limit",
                                f"At most {board.variant.market_replace} market cards may be replaced.", MARKET)
        check_market(board, MarketVisit(replace=(choice.card,)), arrived=frame.arrived)
    elif isinstance(choice, BuyCard):
        check_market(board, _buy_visit(choice.card, choice.ship), arrived=False)
    else:
        if frame.replaced <= 0:
            raise IllegalAction("merchants.market.no_action",
                                "The Market action buys a market or refinery card (or replaces cards on arrival); nothing was done yet.", MARKET)


def _check_claim(board: GameState, choice: Any) -> None:
    if isinstance(choice, ClaimToken):
        price = board.variant.mine_claim_price
        if board.active.credits < price:
            raise IllegalAction("merchants.market.cannot_afford",
                                f"Claiming costs {counted(price, 'credit')}; {board.active.name} has {board.active.credits}.", MARKET)


def _market(game: MerchantsGame, frame: AtMarket, choice: Any, steps: list[Step]) -> MerchantsGame:
    board = game.board
    name = board.active.name
    rest = game.pending[:-1]
    if isinstance(choice, Finish):
        return _changed(game, pending=rest)
    if isinstance(choice, ReplaceCard):
        row = list(board.market_row)
        row.remove(choice.card)
        board = replace(board, market_row=tuple(row), market_discard=board.market_discard + (choice.card,))
        steps.append(Step("Replace a market card", f"On arriving, {name} discards {board.card_name(choice.card)}; its replacement is drawn.",
                          MARKET, board, {"discarded": choice.card}))
        return _changed(game, board=board, pending=rest + (replace(frame, replaced=frame.replaced + 1), Drawing("market")))
    if isinstance(choice, ClaimToken):
        return _changed(game, board=_collect(claim_token(board, choice.kind), steps), pending=rest)
    card = board.data.card(choice.card)
    board = take_card(board, card.id, choice.ship)
    after = replace(frame, bought=True)
    if card.type == "refinery":
        where, pending = "It counts for every ship of the fleet.", rest + (after,)
    else:
        ship = board.active.ship(choice.ship)
        where, pending = f"It goes on {ship.label()}; the row refills from the deck.", rest + (after, Drawing("market"))
    steps.append(Step(f"Buy a {card.type} card", f"{name} buys {card.describe()}. {where} {name} has "
                      f"{counted(board.active.credits, 'credit')}.", MARKET, board, {"card": card.id, "paid": card.cost}))
    return _changed(game, board=board, pending=pending)


# --- the Belt -------------------------------------------------------------------------------------------
def _start_run(game: MerchantsGame, board: GameState, ship_id: str, steps: list[Step]) -> MerchantsGame:
    """The run of ``ship_id`` begun on ``board`` (the turn's option already taken)."""
    board = _collect(start_run(board, ship_id), steps)
    ship = board.active.ship(ship_id)
    pending: tuple[Frame, ...] = (Running(ship_id, board.energy_of(ship)),)
    if ship.destination is None:
        pending += (Drawing("destination"),)
    return _changed(game, board=board, pending=pending, acted=True)


def _has_tokens(board: GameState, source: str) -> bool:
    """Whether ``_available`` gives any token (without making the pile)."""
    if source == "known":
        return bool(board.known)
    if source == "local":
        player = board.active
        return bool(player.local or player.claimed)
    return bool(board.player(source).local)


def _available(board: GameState, source: str) -> tuple[str, ...]:
    player = board.active
    if source == "known":
        return board.known
    if source == "local":
        return pile(player.local + player.claimed)
    return board.player(source).local


_RUN_FROM_HERE = (Pickup("known"), Pickup("local"))
_EXPLORE, _SWAP, _END_RUN, _STOP_RUN = Explore(), Swap(), EndRun(), Finish("end the run here")
_TAKES: dict[str, Pickup] = {}


def _run_options(game: MerchantsGame, frame: Running, listing: _Listing) -> None:
    board = game.board
    player = board.active
    ship = player.ship(frame.ship)
    if not listing.explained:
        _run_choices(game, frame, ship, listing)
        return
    candidates: list[Any] = list(_RUN_FROM_HERE)
    for p in board.players:
        if p.name != player.name:
            take = _TAKES.get(p.name)
            candidates.append(take if take is not None else _TAKES.setdefault(p.name, Pickup("local", p.name)))
    candidates += (_EXPLORE, _SWAP, _END_RUN)
    for choice in candidates:
        cost = f"{_run_cost(board, ship, choice)} energy"
        try:
            _check_run_choice(game, frame, ship, choice)
        except IllegalAction as error:
            listing.refused(choice, error, cost)
        else:
            listing.legal(choice, cost)
    listing.legal(_STOP_RUN)


def _run_choices(game: MerchantsGame, frame: Running, ship: Ship, listing: _Listing) -> None:
    """A belt decision's legal choices alone, in the order ``_run_options`` lists them: ``_run_refusal``'s rules
    looked at once for the whole decision (each energy cost, the room in the hold, the tokens within reach)."""
    board = game.board
    variant = board.variant
    energy = frame.energy
    player = board.active
    if energy >= variant.pickup_cost and game.room > 0:
        if board.known:
            listing.legal(_RUN_FROM_HERE[0])
        if player.local or player.claimed:
            listing.legal(_RUN_FROM_HERE[1])
    if energy >= variant.take_cost and game.room > 0:
        for p in board.players:
            if p.name != player.name and p.local:
                take = _TAKES.get(p.name)
                listing.legal(take if take is not None else _TAKES.setdefault(p.name, Pickup("local", p.name)))
    if energy >= variant.explore_cost and board.bag_size() > 0:
        listing.legal(_EXPLORE)
    if energy >= variant.swap_cost and (board.destination_deck or board.destination_discard):
        listing.legal(_SWAP)
    if ship.destination is not None and energy >= board.data.destination(ship.destination).cost:
        listing.legal(_END_RUN)
    listing.legal(_STOP_RUN)


def _run_cost(board: GameState, ship: Ship, choice: Any) -> int:
    """The energy a belt decision of ``ship``'s run costs."""
    variant = board.variant
    if isinstance(choice, Pickup):
        return variant.take_cost if choice.opponent else variant.pickup_cost
    if isinstance(choice, Explore):
        return variant.explore_cost
    if isinstance(choice, Swap):
        return variant.swap_cost
    return board.data.destination(ship.destination).cost if ship.destination else 0


def _run_refusal(game: MerchantsGame, frame: Running, ship: Ship, choice: Any) -> str | None:
    """The rule that refuses a belt decision of the run ``frame`` of ``ship`` (the active player's), or ``None``;
    ``_check_run_choice`` words it."""
    if isinstance(choice, Finish):
        return None
    board = game.board
    if isinstance(choice, EndRun) and ship.destination is None:
        return "merchants.belt.no_destination"
    if frame.energy < _run_cost(board, ship, choice):
        return "merchants.belt.no_energy"
    if isinstance(choice, Pickup):
        if game.room <= 0:
            return "merchants.belt.cargo_full"
        if not _has_tokens(board, choice.opponent or choice.source):
            return "merchants.belt.nothing_to_pick_up"
    elif isinstance(choice, Explore):
        if board.bag_size() <= 0:
            return "merchants.belt.bag_empty"
    elif isinstance(choice, Swap):
        if not (board.destination_deck or board.destination_discard):
            return "merchants.belt.no_destinations"
    return None


def _check_run_choice(game: MerchantsGame, frame: Running, ship: Ship, choice: Any) -> None:
    """Refuse a belt decision of the run ``frame`` of ``ship`` (the active player's) with the rule's reason."""
    rule = _run_refusal(game, frame, ship, choice)
    if rule is None:
        return
    if rule == "merchants.belt.no_destination":
        reason = "The ship has no destination card."
    elif rule == "merchants.belt.no_energy":
        reason = f"To {choice} costs {_run_cost(game.board, ship, choice)} energy; {frame.energy} is left."
    elif rule == "merchants.belt.cargo_full":
        reason = f"{ship.label()}'s hold is full; loaded tokens cannot be dropped."
    elif rule == "merchants.belt.nothing_to_pick_up":
        where = f"{choice.opponent}'s local space" if choice.opponent else f"{choice.source} space"
        reason = (f"{where.capitalize()} holds no token to pick up"
                  + (" (claimed tokens cannot be taken)." if choice.opponent else "."))
    elif rule == "merchants.belt.bag_empty":
        reason = "The bag is empty."
    else:
        reason = "There is no other destination card to swap to."
    raise IllegalAction(rule, reason, BELT)


def _run(game: MerchantsGame, frame: Running, choice: Any, steps: list[Step]) -> MerchantsGame:
    board = game.board
    name = board.active.name
    if isinstance(choice, Finish):
        return _end_run(game, frame, steps)
    cost = _run_cost(board, board.active.ship(frame.ship), choice)
    spent = replace(frame, energy=frame.energy - cost)
    rest = game.pending[:-1]
    if isinstance(choice, Pickup):
        source = choice.opponent or choice.source
        where = f"{source}'s local space" if choice.opponent else f"{source} space"
        steps.append(Step("Take from an opponent" if choice.opponent else "Pick up",
                          f"For {cost} energy, {name} picks up from {where}: the tokens are loaded one by one. "
                          f"Energy left: {spent.energy}.", BELT, board, {"energy": spent.energy}))
        return _room_kept(game, _changed(game, pending=rest + (spent, Loading(source))))
    if isinstance(choice, Explore):
        steps.append(Step("Explore", f"For {cost} energy, {name} draws a token from the bag ({board.bag_size()} in it). "
                          f"Energy left: {spent.energy}.", BELT, board, {"energy": spent.energy}))
        return _room_kept(game, _changed(game, pending=rest + (spent, Drawing("token"))))
    ship = board.active.ship(frame.ship)
    if isinstance(choice, Swap):
        board = replace(board, destination_discard=board.destination_discard + (ship.destination,)) if ship.destination else board
        board = board.with_player(board.active.with_ship(replace(ship, destination=None)))
        discarded = board.destination_name(ship.destination) if ship.destination else "no card"
        steps.append(Step("Swap the destination", f"For {cost} energy, {discarded} is discarded; the next "
                          f"destination is drawn. Energy left: {spent.energy}.", BELT, board, {"energy": spent.energy}))
        return _room_kept(game, _changed(game, board=board, pending=rest + (spent, Drawing("destination"))))
    assert ship.destination is not None  # ending at the destination is refused without one
    target = board.data.destination(ship.destination)
    board = board.with_player(board.active.with_ship(replace(ship, at_destination=True)))
    steps.append(Step("End the run at the destination",
                      f"For {cost} energy the ship visits {target.name}: its {target.bonus}-credit bonus is paid at the Dock. "
                      f"The other {spent.energy} energy is lost.", BELT, board, {"energy": 0}))
    return _changed(game, board=board, pending=rest + (replace(spent, energy=0),))


def _end_run(game: MerchantsGame, frame: Running, steps: list[Step]) -> MerchantsGame:
    ship = game.board.active.ship(frame.ship)
    ending = "at its destination" if ship.at_destination else "where it stands"
    lost = f"; {frame.energy} unspent energy is lost" if frame.energy and not ship.at_destination else ""
    steps.append(Step("The run ends", f"{ship.label()} ends its run {ending} carrying {describe_tokens(ship.hold)}{lost}.",
                      BELT, game.board, {"hold": ship.hold}))
    return _changed(game, pending=game.pending[:-1])


_STOP_LOADING = Finish("stop loading")
_LOADS: dict[str, Load] = {}


def _load_options(game: MerchantsGame, frame: Loading, listing: _Listing) -> None:
    board = game.board
    player = board.active
    values = {kind: board.dock_value(player, kind) for kind in set(_available(board, frame.source))}
    full = game.room <= 0
    for kind in sorted(values, key=lambda k: (-values[k], k)):
        choice = _LOADS.get(kind) or _LOADS.setdefault(kind, Load(kind))
        cost = f"worth {values[kind]} at the Dock" if listing.explained else None
        if full:
            listing.refused(choice, _HOLD_FULL, cost)
        else:
            listing.legal(choice, cost)
    if frame.loaded <= 0:
        listing.refused(_STOP_LOADING, _LOAD_ONE)
    else:
        listing.legal(_STOP_LOADING)


_HOLD_FULL = IllegalAction("merchants.belt.cargo_full", "The hold is full; loaded tokens cannot be dropped.", BELT)
_LOAD_ONE = IllegalAction("merchants.belt.load_one", "A pickup loads at least one token.", BELT)


def _load(game: MerchantsGame, frame: Loading, choice: Any, steps: list[Step]) -> MerchantsGame:
    rest = game.pending[:-1]
    if isinstance(choice, Finish):
        return _changed(game, pending=rest)
    board = game.board
    player = board.active
    kind = choice.kind
    if frame.source == "known":
        board = replace(board, known=without(board.known, (kind,)))
    elif frame.source == "local":
        if kind in player.local:
            player = replace(player, local=without(player.local, (kind,)))
        else:
            player = replace(player, claimed=without(player.claimed, (kind,)))
        board = board.with_player(player)
    else:
        opponent = board.player(frame.source)
        board = board.with_player(replace(opponent, local=without(opponent.local, (kind,))))
    run_frame = next(f for f in reversed(game.pending) if isinstance(f, Running))
    ship = board.active.ship(run_frame.ship)
    board = board.with_player(board.active.with_ship(replace(ship, hold=pile(ship.hold + (kind,)))))
    where = {"known": "known space", "local": "their local space"}.get(frame.source, f"{frame.source}'s local space")
    capacity = board.capacity_of(ship)
    steps.append(Step("Load a token", f"{player.name} loads {_a(kind)} from {where} "
                      f"(hold {len(ship.hold) + 1}/{capacity}).", BELT, board, {"token": kind}))
    loaded = _changed(game, board=board, pending=rest + (replace(frame, loaded=frame.loaded + 1),))
    loaded.__dict__["room"] = capacity - len(ship.hold) - 1  # its ``room``, known here: what is settled next reads it
    return loaded


_ON_SHIP, _TO_LOCAL = Place("ship"), Place("local")


def _place_options(game: MerchantsGame, frame: Placing, listing: _Listing) -> None:
    if game.room <= 0:
        listing.refused(_ON_SHIP, _PLACE_FULL)
    else:
        listing.legal(_ON_SHIP)
    listing.legal(_TO_LOCAL)


_PLACE_FULL = IllegalAction("merchants.belt.cargo_full", "The hold is full: the token can only go to local space.", BELT)


def _place(game: MerchantsGame, frame: Placing, choice: Place, steps: list[Step]) -> MerchantsGame:
    board = game.board
    player = board.active
    if choice.where == "ship":
        run_frame = next(f for f in reversed(game.pending) if isinstance(f, Running))
        ship = player.ship(run_frame.ship)
        board = board.with_player(player.with_ship(replace(ship, hold=pile(ship.hold + (frame.token,)))))
        goes = "onto the ship"
    else:
        board = board.with_player(replace(player, local=pile(player.local + (frame.token,))))
        goes = "into their local space, unclaimed (M-F8)"
    steps.append(Step("Place the explored token", f"{player.name} puts the {frame.token} {goes}.", BELT, board,
                      {"token": frame.token, "where": choice.where}))
    return _changed(game, board=board, pending=game.pending[:-1])


# --- chance: a draw ---------------------------------------------------------------------------------------
def _draw(game: MerchantsGame, frame: Drawing, outcome: Any, steps: list[Step]) -> MerchantsGame:
    board = game.board
    odds = game._chance_outcomes()[outcome]
    rest = game.pending[:-1]
    if frame.what == "token":
        board = replace(board, bag=tuple((k, n - 1 if k == outcome else n) for k, n in board.bag))
        steps.append(Step("Draw from the bag", f"The bag gives {_a(outcome)} (chance {_chance_text(odds)}); {board.active.name} sees it and "
                          "decides where it goes.", BELT, board, {"token": outcome, "chance": odds}))
        return _room_kept(game, _changed(game, board=board, pending=rest + (Placing(outcome),)))
    if frame.what == "destination":
        deck, discard = list(board.destination_deck), list(board.destination_discard)
        reshuffled = not deck
        if reshuffled:
            deck, discard = discard, []
        deck.remove(outcome)
        board = replace(board, destination_deck=tuple(deck), destination_discard=tuple(discard))
        run_frame = next(f for f in reversed(rest) if isinstance(f, Running))
        ship = board.active.ship(run_frame.ship)
        board = board.with_player(board.active.with_ship(replace(ship, destination=outcome)))
        target = board.data.destination(outcome)
        again = "The discards are shuffled into a new deck. " if reshuffled else ""
        steps.append(Step("Take a destination", f"{again}The ship draws {target.name} (chance {_chance_text(odds)}): ending the run there "
                          f"costs {target.cost} energy and pays {counted(target.bonus, 'credit')} at the Dock.", BELT, board,
                          {"destination": outcome, "chance": odds}))
        return _room_kept(game, _changed(game, board=board, pending=rest))
    deck, discard = list(board.market_deck), list(board.market_discard)
    reshuffled = not deck
    if reshuffled:
        deck, discard = discard, []
    deck.remove(outcome)
    board = replace(board, market_deck=tuple(deck), market_discard=tuple(discard), market_row=board.market_row + (outcome,))
    again = "The discards are shuffled into a new deck. " if reshuffled else ""
    steps.append(Step("Refill the market row", f"{again}The row takes {board.data.card(outcome).describe()} (chance {_chance_text(odds)}); "
                      f"it is now {board.card_names(board.market_row)}.", MARKET, board, {"card": outcome, "chance": odds}))
    return _changed(game, board=board, pending=rest)


_chance_text = lru_cache(maxsize=1024)(probability_text)  # a draw's odds repeat from draw to draw: worded once each


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


# --- the Dock: re-buying a scrapped ship's cards ------------------------------------------------------------
def _transfer_options(game: MerchantsGame, frame: Transferring) -> Options:
    board = game.board
    targets = [None] + [s.id for s in board.active.ships]
    candidates: list[Any] = [Transfer(ship_id, card, to) for ship_id, card in dict.fromkeys(frame.cards) for to in targets]
    candidates.append(Finish("transfer nothing more"))
    return Options.checked(candidates, lambda c: _check_transfer(board, frame, c),
                           lambda c: {"cost": counted(board.data.card(c.card).cost, "credit"), "label": c.words(board)}
                           if isinstance(c, Transfer) else {})


def _check_transfer(board: GameState, frame: Transferring, choice: Any) -> None:
    if isinstance(choice, Finish):
        return
    variant = board.variant
    card = board.data.card(choice.card)
    passed = Counter(kind for ship_id, kind in frame.passed if ship_id == choice.from_ship)
    limit = variant.transfer_pilots if card.type == "pilot" else variant.transfer_gear
    if passed[card.type] >= limit:
        raise IllegalAction("merchants.dock.transfer_limit",
                            f"A scrapped ship passes on at most {counted(variant.transfer_pilots, 'pilot')} and {variant.transfer_gear} gear.", DOCK)
    if board.active.credits < card.cost:
        raise IllegalAction("merchants.dock.cannot_afford",
                            f"Re-buying {card.name} costs {counted(card.cost, 'credit')}; {board.active.name} has {board.active.credits}.", DOCK)
    if choice.to is not None:
        target = board.active.ship(choice.to)
        if card.type == "pilot":
            if len(target.pilots) >= variant.pilots_per_ship:
                raise IllegalAction("merchants.market.pilot_limit",
                                    f"{target.label()} already carries {counted(variant.pilots_per_ship, 'pilot')}.", DOCK)
        else:
            if len(target.gear) >= variant.gear_per_ship:
                raise IllegalAction("merchants.market.gear_limit",
                                    f"{target.label()} already carries {variant.gear_per_ship} gear.", DOCK)


def _transfer(game: MerchantsGame, frame: Transferring, choice: Any, steps: list[Step]) -> MerchantsGame:
    rest = game.pending[:-1]
    if isinstance(choice, Finish):
        return _changed(game, pending=rest)
    card = game.board.data.card(choice.card)
    board, text = transfer_card(game.board, choice)
    steps.append(Step("Transfer a card", text, DOCK, board, {"card": card.id, "paid": card.cost}))
    cards = list(frame.cards)
    cards.remove((choice.from_ship, choice.card))
    after = Transferring(tuple(cards), frame.passed + ((choice.from_ship, card.type),))
    return _changed(game, board=board, pending=rest + (after,))


_FRAME_LISTINGS: dict[type, Callable[[MerchantsGame, Any, _Listing], None]] = {
    AtMarket: lambda game, frame, listing: _market_options(game.board, frame, listing), Running: _run_options,
    Loading: _load_options, Placing: _place_options,
}
_FRAME_OPTIONS: dict[type, Callable[[MerchantsGame, Any], Options]] = {  # rare decisions, listed whole either way
    Repaying: _repay_options, Transferring: _transfer_options,
}
_FRAME_RESOLVE: dict[type, Callable[[MerchantsGame, Any, Any, list[Step]], MerchantsGame]] = {
    Repaying: _repay, AtMarket: _market, Running: _run, Loading: _load, Placing: _place, Transferring: _transfer,
    Drawing: _draw,
}


# --- making a game ----------------------------------------------------------------------------------------
def start(players: int | tuple[str, ...] | list[str] = 3, seed: int = 0, variant: MerchantsVariant = RULEBOOK,
          data: GameData | None = None) -> MerchantsGame:
    """A new whole game: ``players`` is a count (seats Ada, Bea, Cy, Dee) or the seat names in turn order.

    The set-up (market and destination decks, set-up tokens, known space) is dealt from ``Rng(seed)``.
    """
    if not isinstance(variant, MerchantsVariant):
        raise InvalidInput("variant", variant, "a MerchantsVariant (tabletoolkit.merchants.MerchantsVariant)")
    least, most = variant.players
    if isinstance(players, bool) or not isinstance(players, (int, tuple, list)):
        raise InvalidInput("players", players, f"a player count ({least} to {most}) or a tuple of seat names")
    if isinstance(players, int):
        if not least <= players <= most:
            raise InvalidInput("players", players, f"{least} to {most} players (M-R6)")
        players = NAMES[:players]
    if not all(isinstance(name, str) and name for name in players) or len(set(players)) != len(players):
        raise InvalidInput("players", players, "distinct, non-empty seat names (text), in turn order")
    if not least <= len(players) <= most:
        raise InvalidInput("players", players, f"{least} to {most} players (M-R6)")
    if data is not None and not isinstance(data, GameData):
        raise InvalidInput("data", data, "GameData from tabletoolkit.merchants.load_data")
    board = new_game(tuple(players), Rng(seed), data or load_data(), variant)
    first = board.active.name
    setup = Step("Set up", f"{len(board.players)} merchants ({', '.join(p.name for p in board.players)}) start with "
                 f"{counted(board.players[0].credits, 'credit')} at the {board.players[0].location}; the market row is "
                 f"{board.card_names(board.market_row)}; known space holds {describe_tokens(board.known)}. {first} begins.",
                 TURN, board, {"seed": seed})
    return MerchantsGame(board, seed, steps=(setup,))


def make(*, seed: int = 0, players: Any = 3, variant: MerchantsVariant = RULEBOOK, data: GameData | None = None) -> MerchantsGame:
    """``tt.new_game("merchants", players=..., seed=..., variant=..., data=...)``."""
    return start(players, seed, variant, data)
