"""The SETI game state for 1–4 players, advanced immutably by the phases.

``SetiGame`` composes the player boards (``player.py``), the card deck and row, the tech board, the
gold tiles and neutral milestones, the life-trace board and the missions in play. The solar system and
the sectors (their own modules) ride along in ``solar`` and ``sectors``; work this module cannot do
itself (a launch granted by a tech, a trace to place) waits in ``pending`` for the phase that owns it.

Choices are asked through ``Decisions``: every question lists its options with "legal" or the refusing
rule, a script answers in order, otherwise the first legal option is taken.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from ..engine.frozen import replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.rng import Rng
from ..engine.steps import Procedure, Step
from .cards import CardSupply, catalog_of
from .player import PlayerBoard
from .rewards import Reward
from .variant import RULEBOOK, SetiVariant
from .words import event_words

from .gold_tiles import GoldTile, gold_tiles_svg
from .life_board import LifeBoard
from .mission_cards import MissionInPlay
from .tech_board import TechBoard

if TYPE_CHECKING:
    from .cards import Card


_PHASE_RNG: ContextVar[Rng | None] = ContextVar("seti_phase_rng", default=None)


@contextmanager
def drawing_with(rng: Rng | None) -> Iterator[None]:
    """Reshuffles inside use ``rng`` (the caller's seeded Rng, so ``Rng.forced`` reaches them)."""
    token = _PHASE_RNG.set(rng)
    try:
        yield
    finally:
        _PHASE_RNG.reset(token)


def phase_rng() -> Rng | None:
    """The Rng ``drawing_with`` gives the procedures running now (``None`` outside one)."""
    return _PHASE_RNG.get()


@dataclass(frozen=True)
class Option:
    """One answer to a question, with "legal" or the rule that refuses it."""

    choice: Any
    legal: bool = True
    reason: str = "legal"
    rule: str | None = None
    section: str = ""

    def refuse(self) -> IllegalAction:
        return IllegalAction(self.rule or "seti.illegal", self.reason, self.section)

    def __str__(self) -> str:
        return f"{self.choice}: {self.reason}" + (f" [{self.rule}]" if self.rule else "")


class Decisions:
    """Answers to a procedure's questions: scripted per question, else the first legal option.

    ``Decisions({"gold_tile": ["III", "I"]})`` answers the first two gold-tile questions. A scripted
    answer that is not offered raises ``InvalidInput``; one that is offered but illegal raises the
    option's ``IllegalAction``. ``asked`` records every question with its answer.
    """

    def __init__(self, answers: Mapping[str, Sequence[Any]] | None = None):
        self._answers = {question: list(queue) for question, queue in (answers or {}).items()}
        self.asked: list[tuple[str, Any]] = []

    def choose(self, question: str, options: Sequence[Option], who: str | None = None) -> Any:
        """The answer to ``question`` among ``options``; ``who`` names the player whose choice it is (the
        active player when not given)."""
        queue = self._answers.get(question)
        if queue:
            answer = queue.pop(0)
            offered = [option for option in options if option.choice == answer]
            if not offered:
                raise InvalidInput(question, answer, f"not one of the options {[o.choice for o in options]}")
            if not offered[0].legal:
                raise offered[0].refuse()
        else:
            legal = [option.choice for option in options if option.legal]
            if not legal:
                raise InvalidInput(question, [str(o) for o in options], "no legal option to choose")
            answer = legal[0]
        self.asked.append((question, answer))
        return answer

    def ask(self, game: "SetiGame", question: str, options: Callable[["SetiGame"], Sequence[Option]],
            who: str | None = None) -> Procedure:
        """A question asked during the active player's turn: ``options(game)`` lists its answers. The free actions
        the rules allow at any time of one's turn may come before the answer (a whole game offers them beside
        the question), so the procedure goes on with the game this returns along with the answer."""
        return self.choose(question, options(game), who), game
        yield  # pragma: no cover (a procedure: a whole game's free actions yield their steps here)

    def carry_out(self, work: Callable[[], Any]) -> Procedure:
        """``work()``: a part of a procedure that may draw cards or choose; a whole game stops at what it asks and
        carries it out again once that is answered, the procedure around it kept where it was."""
        return work()
        yield  # pragma: no cover (a procedure: a whole game waits here)


@dataclass(frozen=True)
class SetiGame:
    """Everything on the table. Seats are clockwise; ``players[i]`` sits in seat ``i``. The card supply is the cards by
    id, the deck (top first), the face-up card row and the discard pile, as card ids: a row place is ``None`` while it
    is empty (deck and discard pile both exhausted, or the solo rival's card-row signals leaving it so until all are
    marked, S-F26). What the game owes its players is ``pending``: items ``(colour, kind, what)``, oldest first, each
    carried out by the phase that owns its kind and then settled."""

    players: tuple[PlayerBoard, ...]
    cards: Mapping[str, "Card"]  # by id
    techs: "TechBoard"
    gold_tiles: tuple["GoldTile", ...]
    life: "LifeBoard"
    neutral: tuple[tuple[int, int], ...] = ()  # (threshold, neutral markers still on it)
    deck: tuple[str, ...] = ()
    card_row: tuple[str | None, ...] = ()  # an empty place is None
    discard: tuple[str, ...] = ()
    end_of_round: tuple[tuple[str, ...], ...] = ()  # the stacks for rounds 1..4
    missions: tuple["MissionInPlay", ...] = ()
    round: int = 1
    start_seat: int = 0
    active: int = 0
    passed: tuple[int, ...] = ()  # seats in the order they passed this round
    holding: tuple[int, ...] = ()  # passed seats holding the end-of-round stack, their choice still open
    rotations: int = 0
    rotation_marker: str = "on round 1's end-of-round stack"
    pending: tuple[tuple[str, str, str], ...] = ()  # (colour, kind, what) owed to another phase
    solar: Any = None
    sectors: Any = None
    over: bool = False
    seed: int = 0
    reshuffles: int = 0
    variant: SetiVariant = field(default=RULEBOOK, repr=False)

    # --- players -------------------------------------------------------------------------------
    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(board.colour for board in self.players)

    def seat(self, colour: str) -> int:
        """The seat of ``colour``; ``InvalidInput`` for a colour not in the game."""
        players, active = self.players, self.active
        if active < len(players) and players[active].colour == colour:  # most often asked: the active player's
            return active
        for index, board in enumerate(players):
            if board.colour == colour:
                return index
        raise InvalidInput("colour", colour, f"not a player in this game; players: {list(self.colours)}")

    def player(self, colour: str) -> PlayerBoard:
        players, active = self.players, self.active
        if active < len(players) and players[active].colour == colour:  # most often asked: the active player's
            return players[active]
        return players[self.seat(colour)]

    @property
    def active_colour(self) -> str:
        return self.players[self.active].colour

    def with_player(self, board: PlayerBoard) -> "SetiGame":
        """This game with ``board`` replacing the board of its colour."""
        seat = self.seat(board.colour)
        return replace(self, players=self.players[:seat] + (board,) + self.players[seat + 1:])

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat, starting at ``seat`` and going clockwise."""
        count = len(self.players)
        return tuple((seat + offset) % count for offset in range(count))

    def next_active(self) -> int | None:
        """The next seat clockwise that has not passed this round (None when all have passed)."""
        for seat in self.clockwise_from(self.active)[1:] + (self.active,):
            if seat not in self.passed:
                return seat
        return None

    # --- cards ---------------------------------------------------------------------------------
    def card(self, name: str) -> "Card":
        """The card with id ``name``."""
        try:
            return self.cards[name]
        except KeyError:
            raise InvalidInput("card", name, "no such card in this game's card data") from None

    def supply(self) -> CardSupply:
        """The deck, card row and discard pile as the card module's ``CardSupply``."""
        return CardSupply(catalog_of(self.cards), self.deck, self.card_row, self.discard)

    def with_supply(self, supply: CardSupply) -> "SetiGame":
        """This game with ``supply``'s deck, row and discard pile (a reshuffle counted when the discard pile went
        into a new deck)."""
        reshuffled = len(supply.deck) > len(self.deck) or (not self.deck and len(supply.discard) < len(self.discard))
        return replace(self, deck=supply.deck, card_row=supply.row, discard=supply.discard,
                       reshuffles=self.reshuffles + reshuffled)

    def _reshuffle_rng(self) -> Rng | None:
        """The Rng a reshuffle uses when the phases run on their own: the caller's, which ``drawing_with(rng)``
        gives (``take_turn(..., rng=...)``); none outside it, so a reshuffle there is refused. A whole game
        (``whole_game``) draws every card as a chance event instead and never uses it."""
        return _PHASE_RNG.get()

    def draw(self, count: int, rng: Rng | None = None) -> tuple["SetiGame", tuple[str, ...]]:
        """Take ``count`` cards from the deck top; an empty deck reshuffles the discard pile (S-F14) with ``rng``,
        by default the one ``drawing_with`` gives."""
        game, drawn = self, []
        for _ in range(count):
            supply, card = game.supply().draw(rng or game._reshuffle_rng())
            if card is None:
                break
            game = game.with_supply(supply)
            drawn.append(card)
        return game, tuple(drawn)

    def take_from_row(self, index: int, rng: Rng | None = None) -> tuple["SetiGame", str]:
        """Take the card at ``index`` of the card row and refill the row at once (S-F14; a reshuffle as ``draw``)."""
        if not isinstance(index, int) or not 0 <= index < len(self.card_row):
            raise InvalidInput("row index", index, f"the card row has places 0..{len(self.card_row) - 1}")
        supply, taken, _ = self.supply().take_from_row(index, rng or self._reshuffle_rng())
        return self.with_supply(supply), taken

    def row_emptied(self, index: int) -> tuple["SetiGame", str]:
        """Discard the card at ``index`` of the card row, its place left empty until ``row_refilled`` (the solo
        rival's card-row signals, S-F26)."""
        supply, taken = self.supply().remove_from_row(index)
        return self.with_supply(supply.discard_card(taken)), taken

    def row_refilled(self, rng: Rng | None = None) -> "SetiGame":
        """Every empty place of the card row filled from the deck, left to right (重新填满卡牌行; a reshuffle as
        ``draw``)."""
        return self.with_supply(self.supply().refill_row(rng or self._reshuffle_rng()))

    def gain_cards(self, colour: str, count: int, row: Sequence[int] = ()) -> tuple["SetiGame", tuple[str, ...]]:
        """``colour`` gains ``count`` cards into their hand: the row places listed in ``row`` first (each refilled at
        once), then the deck top (a reshuffle as ``draw``)."""
        if len(row) > count:
            raise InvalidInput("row", tuple(row), f"only {count} card(s) to take")
        game, taken = self, []
        for index in row:
            game, card = game.take_from_row(index)
            taken.append(card)
        game, drawn = game.draw(count - len(taken))
        taken += drawn
        board = game.player(colour)
        return game.with_player(replace(board, hand=board.hand + tuple(taken))), tuple(taken)

    # --- rewards -------------------------------------------------------------------------------
    def grant(self, colour: str, reward: Reward) -> tuple["SetiGame", str]:
        """Give ``colour`` a reward's resources and its random cards (the deck top); cards from the row or the
        deck (a choice, 获取卡牌的其他方式), traces, tucks and actions wait in ``pending``.

        Returns the game and a sentence of what was gained (publicity above the cap and data beyond
        the pool are lost, S-F5).
        """
        board = self.player(colour)
        notes = []
        board = replace(board, score=board.score + reward.vp, credits=board.credits + reward.credits,
                        energy=board.energy + reward.energy)
        board, publicity = board.gain_publicity(reward.publicity, self.variant)
        board, data = board.gain_data(reward.data, self.variant)
        for amount, label in ((reward.vp, "VP"), (reward.credits, "credits"), (reward.energy, "energy")):
            if amount:
                notes.append(f"{amount} {label}")
        if reward.publicity:
            notes.append(f"{publicity} publicity" + (f" ({reward.publicity - publicity} over the cap of "
                                                       f"{self.variant.publicity_cap} lost)" if publicity < reward.publicity else ""))
        if reward.data:
            notes.append(f"{data} data" + (f" ({reward.data - data} beyond the pool discarded)" if data < reward.data else ""))
        game = self.with_player(board)
        if reward.random_cards:
            game, drawn = game.gain_cards(colour, reward.random_cards)
            notes.append(f"{len(drawn)} card(s) from the deck ({', '.join(drawn)})")
        owed = tuple((colour, "cards", "1") for _ in range(reward.cards))  # each from the row or the deck: a choice
        owed += tuple((colour, "trace", trace) for trace in reward.traces)
        owed += tuple((colour, "tuck", "income") for _ in range(reward.tuck))
        owed += tuple((colour, "action", action) for action in reward.actions)
        owed += tuple((colour, "alien_card", "from a species' deck") for _ in range(reward.alien_cards))
        if owed:
            notes.append("owed: " + ", ".join(f"{kind} {what}" for _, kind, what in owed))
        return replace(game, pending=game.pending + owed), ", ".join(notes) or "nothing"

    def settle(self, colour: str, kind: str, what: str) -> "SetiGame":
        """Remove one owed item (carried out by its phase) from ``pending``."""
        item = (colour, kind, what)
        if item not in self.pending:
            raise InvalidInput("pending", item, f"nothing such is owed; owed: {list(self.pending)}")
        index = self.pending.index(item)
        return replace(self, pending=self.pending[:index] + self.pending[index + 1:])

    def owed(self, colour: str, kind: str) -> tuple[tuple[str, str, str], ...]:
        """The items of ``kind`` owed to ``colour`` (a trace, a tuck, an action…), oldest first."""
        if not self.pending:
            return ()
        return tuple(item for item in self.pending if item[0] == colour and item[1] == kind)

    # --- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        status = "over" if self.over else f"round {self.round}, {self.active_colour if self.players else '-'} to play"
        boards = ", ".join(f"{b.colour} {b.score} VP" for b in self.players)
        return f"SetiGame({status}; {boards})"

    def _repr_html_(self) -> str:
        rows = []
        for seat, board in enumerate(self.players):
            marks = []
            if seat == self.start_seat:
                marks.append("start")
            if seat == self.active and not self.over:
                marks.append("active")
            if seat in self.passed:
                marks.append(f"passed #{self.passed.index(seat) + 1}")
            rows.append(
                "<tr>" + "".join(f"<td>{html.escape(str(value))}</td>" for value in (
                    board.colour, " · ".join(marks), board.score, board.publicity, board.credits, board.energy,
                    board.data, len(board.hand), " ".join(sorted(board.techs)) or "–",
                    " ".join(board.tucked) or "–",
                )) + "</tr>"
            )
        header = "".join(f"<th>{name}</th>" for name in (
            "player", "", "VP", "publicity", "credits", "energy", "data", "hand", "techs", "tucked"))
        neutral = ", ".join(f"{count} at {threshold}" for threshold, count in self.neutral) or "none"
        status = "game over" if self.over else f"round {self.round} of {self.variant.rounds}"
        return (
            f"<div class='tt-seti-game'><b>{status}</b> · rotations so far: {self.rotations} "
            f"(next: disc {next_disc(self)}) · rotation marker {html.escape(self.rotation_marker)} · "
            f"card row: {html.escape(', '.join(card or 'empty' for card in self.card_row))}"
            f"<table class='tt-seti-players'><tr>{header}</tr>{''.join(rows)}</table>"
            f"<p class='tt-seti-neutral'>neutral markers: {html.escape(neutral)}</p>"
            f"{gold_tiles_svg(self.gold_tiles)}<br>{self.life._repr_svg_()}"
            f"{self.solar.svg() if self.solar is not None else ''}"
            f"{self.sectors._repr_html_() if self.sectors is not None else ''}</div>"
        )


def advance_rotation(game: SetiGame) -> Procedure:
    """Rotate the solar system (研究科技 · 旋转太阳系): the rotation marker's disc turns — with the solar
    system module's steps (probes ride or are pushed) when one is in play — and the marker moves on."""
    disc = next_disc(game)
    game = replace(game, rotations=game.rotations + 1)
    if game.solar is None:
        yield Step(f"Disc {disc} turns", "No solar system is in play here: only the rotation marker moves on.",
                   "研究科技 · 旋转太阳系", game, {"disc": disc})
        return game
    from .probes import rotate_solar_system

    _, rides = game.solar.rotated()
    game = yield from rotate_solar_system(game)
    pushed = [(ride.probe.owner, visit) for ride in rides if ride.outcome == "pushed" and game.variant.push_is_visit
              for visit in visits(game.solar, ride.to)]
    if pushed:
        game = replace(game, pending=game.pending + tuple((owner, "event", visit) for owner, visit in pushed))
        yield Step("A push is a visit", "A pushed probe moves into its new space (the push is a free move, 研究科技 · "
                   "旋转太阳系), so it visits it (S-F12): " + ", ".join(f"{owner}: {event_words(visit)}" for owner, visit in pushed)
                   + " — checked against triggered missions, even on another player's turn (S-F19; FAQ: a probe "
                   "pushed onto a comet earns its publicity even on another's turn).",
                   "研究科技 · 旋转太阳系", game, {"visits": tuple(pushed)})
    return game


def visits(solar: Any, space: Any) -> tuple[str, ...]:
    """The visit events of moving into ``space``: its planet, comet and asteroids (S-F12)."""
    contents = solar.contents(space)
    return ((f"visit:{contents.planet}",) if contents.planet else ()) + ("visit:comet",) * contents.comet \
        + ("visit:asteroids",) * contents.asteroid


def next_disc(game: SetiGame) -> int:
    """The disc the next rotation turns: the solar system's rotation marker, else 1, 2, 3, 1… by count
    (研究科技 · 旋转太阳系)."""
    return game.solar.next_disc if game.solar is not None else game.rotations % 3 + 1
