"""Free actions (``seti.free_actions``), any time during your own turn: conversion, buying a card,
tucking a card for income, discarding a card for its corner, completing a conditional mission, moving
a probe and placing data (the solar-system and computer modules'), or anything else as ``External``.

Never between turns, on another player's turn, or during the steps of passing (S-F16).
"""

from __future__ import annotations

from dataclasses import dataclass
from ..engine.frozen import replace
from typing import Callable, Sequence

from ..engine.errors import IllegalAction, InvalidInput
from ..engine.registry import register_phase
from ..engine.steps import Procedure, Step, run
from .game import Option, SetiGame, visits
from .computer import DataSpace, place_data, placement_verdict, sample_layout
from .main_actions import catalog
from .words import event_words
from .missions import complete_mission, mission_refusal
from .player import income_now
from .probes import move_probe, move_refusal
from .solar import Space
from .rewards import INCOME_KINDS

SECTION = "回合结构 · 自由行动"
CONVERSION = "资源转换"
BUY = "购买卡牌"
TUCK = "玩家设置 · 增加收入"
CORNER = "卡牌概述 · 自由行动"


def own_turn_refusal(game: SetiGame, colour: str) -> IllegalAction | None:
    """The refusal of a free action by ``colour`` outside their own turn, or ``None``."""
    if game.over or game.players[game.active].colour != colour or game.seat(colour) in game.passed:
        return IllegalAction("seti.free_actions.not_your_turn", f"free actions are taken only during your own turn; "
                             f"it is {game.active_colour}'s turn.", "规则提示")
    return None


def _removal_refusal(game: SetiGame, colour: str, cards: Sequence[str], rule: str, section: str) -> IllegalAction | None:
    """Why ``cards`` cannot be discarded from ``colour``'s hand (or convertible alien cards), or ``None``."""
    board = game.player(colour)
    hand, aliens = list(board.hand), list(board.alien_cards)
    for name in cards:
        if name in hand:
            hand.remove(name)
        elif name in aliens:
            card = game.card(name)
            if not game.variant.alien_card_converts or card.undiscardable:
                return IllegalAction(rule, f"{name} is an alien card that cannot be discarded (S-R9).", section)
            aliens.remove(name)
        else:
            return IllegalAction(rule, f"{name} is not in {colour}'s hand.", section)
    return None


def _remove_cards(game: SetiGame, colour: str, cards: Sequence[str]) -> SetiGame:
    board = game.player(colour)
    hand, aliens = list(board.hand), list(board.alien_cards)
    for name in cards:
        if name in hand:
            hand.remove(name)
        else:
            aliens.remove(name)
    return game.with_player(replace(board, hand=tuple(hand), alien_cards=tuple(aliens)))


def convertible(game: SetiGame, colour: str, give: str) -> int:
    """How much of ``give`` ``colour`` could pay in a conversion (cards: the hand and discardable alien cards)."""
    board = game.player(colour)
    if give == "cards":
        return len(board.hand) + (sum(1 for n in board.alien_cards if not game.card(n).undiscardable)
                                  if game.variant.alien_card_converts else 0)
    return getattr(board, give)


def conversion_refusal(game: SetiGame, colour: str, give: str) -> IllegalAction | None:
    """Why ``colour`` cannot give 2 ``give`` in a conversion now (S-F4), or ``None``."""
    rate, have = game.variant.conversion_rate, convertible(game, colour, give)
    if have < rate:
        return IllegalAction("seti.free_actions.convert_short", f"needs {rate} {give}, has {have}", CONVERSION)
    return None


def legal_conversions(game: SetiGame, colour: str) -> tuple[Option, ...]:
    """Each (give, get) pair with "legal" or why not (S-F4: 2 of one kind for 1 of any of the three)."""
    options = []
    for give in INCOME_KINDS:
        refusal = conversion_refusal(game, colour, give)
        for get in INCOME_KINDS:
            if refusal is not None:
                options.append(Option((give, get), False, refusal.reason, refusal.rule, refusal.section))
            else:
                options.append(Option((give, get)))
    return tuple(options)


@dataclass(frozen=True)
class Convert:
    """Pay 2 of ``give`` (credits, energy or cards — name the cards) for 1 of ``get``; a card gained
    comes from the row place ``row`` or, by default, the deck top."""

    give: str
    get: str
    cards: tuple[str, ...] = ()
    row: int | None = None
    section = CONVERSION

    def refusal(self, game: SetiGame, colour: str) -> IllegalAction | None:
        for name, value in (("give", self.give), ("get", self.get)):
            if value not in INCOME_KINDS:
                raise InvalidInput(name, value, f"one of {INCOME_KINDS}")
        refusal = conversion_refusal(game, colour, self.give)
        if refusal is None and self.give == "cards" and self.cards:
            refusal = _removal_refusal(game, colour, self.cards, "seti.free_actions.convert_short", CONVERSION)
        return refusal

    def pay(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        """The conversion's payment: the variant's rate of credits or energy, or the cards named to the discard
        pile. Returns the game and what was paid in words."""
        _refuse(self.refusal(game, colour))
        rate = game.variant.conversion_rate
        if self.give == "cards":
            if len(self.cards) != rate:
                raise InvalidInput("cards", self.cards, f"name the {rate} cards to discard")
            game = _remove_cards(game, colour, self.cards)
            return replace(game, discard=game.discard + tuple(self.cards)), f"discards {', '.join(self.cards)}"
        game = game.with_player(game.player(colour).pay("seti.free_actions.convert_short", CONVERSION,
                                                        **{self.give: rate}))
        return game, f"pays {rate} {self.give}"

    def apply(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        game, paid = self.pay(game, colour)
        if self.get == "cards":
            game, taken = game.gain_cards(colour, 1, () if self.row is None else (self.row,))
            gained = f"takes {taken[0]} from {'the deck' if self.row is None else 'the card row'}"
        else:
            board = game.player(colour)
            game = game.with_player(replace(board, **{self.get: getattr(board, self.get) + 1}))
            gained = f"gains 1 {self.get}"
        return game, f"{colour} {paid} and {gained}."


@dataclass(frozen=True)
class BuyCard:
    """Pay 3 publicity for a card from the row place ``row`` or, by default, the deck top."""

    row: int | None = None
    section = BUY

    def refusal(self, game: SetiGame, colour: str) -> IllegalAction | None:
        return game.player(colour).shortfall("seti.free_actions.buy_publicity", BUY,
                                             publicity=game.variant.buy_card_publicity)

    def apply(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        board = game.player(colour).pay("seti.free_actions.buy_publicity", BUY, publicity=game.variant.buy_card_publicity)
        game, taken = game.with_player(board).gain_cards(colour, 1, () if self.row is None else (self.row,))
        source = "the deck top" if self.row is None else f"the card row (refilled at once with {game.card_row[self.row]})"
        return game, f"{colour} pays {game.variant.buy_card_publicity} publicity for {taken[0]} from {source}."


def _income_refusal(game: SetiGame, card: str) -> IllegalAction | None:
    """Why ``card`` cannot be tucked for income (the card data gives no income resource), or ``None``."""
    if game.card(card).income not in INCOME_KINDS:
        return IllegalAction("seti.free_actions.no_income", f"{card} shows no legible income resource.", TUCK)
    return None


def _refuse(refusal: IllegalAction | None) -> None:
    if refusal is not None:
        raise refusal


@dataclass(frozen=True)
class Tuck:
    """Tuck ``card`` from hand under the start card when an income-increase icon is owed: its income
    resource at once, and at every income (S-F18)."""

    card: str
    section = TUCK

    def refusal(self, game: SetiGame, colour: str) -> IllegalAction | None:
        if not game.owed(colour, "tuck"):
            return IllegalAction("seti.free_actions.no_tuck", "tucking a card needs an income-increase icon you "
                                 "have just gained.", TUCK)
        return _income_refusal(game, self.card) or _removal_refusal(game, colour, (self.card,),
                                                                    "seti.free_actions.not_in_hand", TUCK)

    def apply(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        _refuse(self.refusal(game, colour))
        owed = game.owed(colour, "tuck")
        income = game.card(self.card).income
        game = _remove_cards(game, colour, (self.card,))
        board = game.player(colour)
        game = game.with_player(replace(board, tucked=board.tucked + (income,))).settle(*owed[0])
        game, gained = game.grant(colour, income_now(income))
        return game, f"{colour} tucks {self.card} ({income} income) and gains {gained} now and at every income."


@dataclass(frozen=True)
class Corner:
    """Discard ``card`` from hand for the reward in its corner."""

    card: str
    section = CORNER

    def refusal(self, game: SetiGame, colour: str) -> IllegalAction | None:
        if not game.card(self.card).corner_reward:
            return IllegalAction("seti.free_actions.no_corner", f"{self.card}'s corner action is not known (its icon is "
                                 "not legible in the rulebook's transcription; give it in the card data).", CORNER)
        return _removal_refusal(game, colour, (self.card,), "seti.free_actions.not_in_hand", CORNER)

    def apply(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        _refuse(self.refusal(game, colour))
        corner = game.card(self.card).corner_reward
        game = _remove_cards(game, colour, (self.card,))
        game, gained = replace(game, discard=game.discard + (self.card,)).grant(colour, corner)
        return game, f"{colour} discards {self.card} for its corner: {gained}."


@dataclass(frozen=True)
class CompleteMission:
    """Complete a conditional mission whose condition holds."""

    card: str
    section = "任务卡 · 有条件的任务"

    def refusal(self, game: SetiGame, colour: str) -> IllegalAction | None:
        return mission_refusal(game, colour, self.card)

    def apply(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        return complete_mission(game, colour, self.card)


@dataclass(frozen=True)
class Move:
    """Move probe ``probe`` along ``path`` (``seti.move``: 1 energy per move; moves owed this turn — a
    card corner, a card's effect, TT #04 — are spent first, then ``free_moves``). Each planet, comet or asteroid field entered is a visit for triggered missions
    (``visit:Venus``, ``visit:comet``, ``visit:asteroids``), owed until the turn checks the missions."""

    probe: int
    path: tuple
    free_moves: int = 0
    section = "移动"

    def refusal(self, game: SetiGame, colour: str) -> IllegalAction | None:
        if game.solar is None:
            return IllegalAction("seti.free_actions.no_solar_system", "this game has no solar system to move in.", self.section)
        if isinstance(self.path, (str, bytes)) or not isinstance(self.path, (tuple, list)):
            raise InvalidInput("path", self.path, "a sequence of spaces, each a Space or a (ring, sector) pair")
        if game.solar.probe(self.probe).owner != colour:
            return IllegalAction("seti.free_actions.not_your_probe", f"probe {self.probe} is not {colour}'s.", self.section)
        owed = sum(1 for item in game.owed(colour, "action") if item[2] == "move")
        return move_refusal(game, self.probe, self.path, free_moves=self.free_moves + owed)

    def apply(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        _refuse(self.refusal(game, colour))
        owed = [item for item in game.owed(colour, "action") if item[2] == "move"]
        steps = run(move_probe(game, self.probe, self.path, free_moves=self.free_moves + len(owed)))
        game = steps.result
        spent = min(len(owed), sum(step.data["moves"] for step in steps))
        for item in owed[:spent]:
            game = game.settle(*item)
        entered = tuple(visit for space in self.path for visit in visits(game.solar, Space(*space)))
        game = replace(game, pending=game.pending + tuple((colour, "event", visit) for visit in entered))
        return game, " ".join(step.text for step in steps) + (f" The probe visits {', '.join(event_words(v).removeprefix('visit ') for v in entered)}." if entered else "")


@dataclass(frozen=True)
class PlaceData:
    """Free action: one data from the pool onto a computer ``space`` (``seti.data``), tucking ``tuck``
    from hand if the space asks for it."""

    space: DataSpace
    tuck: str | None = None
    section = "放置数据"

    def refusal(self, game: SetiGame, colour: str) -> IllegalAction | None:
        if self.tuck is not None and (refusal := _income_refusal(game, self.tuck)):
            return refusal
        board = game.player(colour)
        refusal = placement_verdict(board, self.space, game.active_colour)
        if refusal is None and self.tuck is None and self.space.row == "top" and board.hand \
                and not game.variant.computer_tuck_optional \
                and sample_layout().top[self.space.position - 1].reward.tuck:
            return IllegalAction("seti.data.tuck_required", f"{self.space} tucks a hand card for income (the tuck is "
                                 "compulsory in this variant): name the card.", "放置数据")
        return refusal

    def apply(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        _refuse(self.refusal(game, colour))
        board, text, left = place_data(game.player(colour), self.space, active=game.active_colour, tuck=self.tuck,
                                       cards=catalog(game), variant=game.variant)
        return replace(game.with_player(board), pending=game.pending + left.items(colour)), text


@dataclass(frozen=True)
class External:
    """A free action owned by another phase (placing data, moving a probe), given as a function."""

    name: str
    run: Callable[[SetiGame, str], SetiGame]
    section: str = SECTION

    def apply(self, game: SetiGame, colour: str) -> tuple[SetiGame, str]:
        return self.run(game, colour), f"{colour}: {self.name}."


FreeAction = Convert | BuyCard | Tuck | Corner | CompleteMission | Move | PlaceData | External
FREE_ACTIONS = (Convert, BuyCard, Tuck, Corner, CompleteMission, Move, PlaceData, External)


def free_action_refusal(game: SetiGame, colour: str, action: FreeAction) -> IllegalAction | None:
    """The refusal taking ``action`` now would meet (the same checks its ``apply`` makes), or ``None``."""
    if not isinstance(action, FREE_ACTIONS):
        raise InvalidInput("action", action, "a free action: " + ", ".join(kind.__name__ for kind in FREE_ACTIONS))
    return own_turn_refusal(game, colour) or (action.refusal(game, colour) if not isinstance(action, External) else None)


def take_free_action(game: SetiGame, colour: str, action: FreeAction) -> tuple[SetiGame, str]:
    """One free action for ``colour``, refused outside their own turn."""
    if not isinstance(action, FREE_ACTIONS):
        raise InvalidInput("action", action, "a free action: " + ", ".join(kind.__name__ for kind in FREE_ACTIONS))
    _refuse(own_turn_refusal(game, colour))
    return action.apply(game, colour)


@register_phase("seti.free_actions", title="Free actions", section=SECTION, notebook="seti_round.ipynb")
def free_actions(game: SetiGame, colour: str, actions: Sequence[FreeAction]) -> Procedure:
    """``colour`` takes ``actions`` in order, each a step; a refusal raises before its step."""
    for action in actions:
        game, text = take_free_action(game, colour, action)
        yield Step(f"Free action: {type(action).__name__ if not isinstance(action, External) else action.name}",
                   text, action.section, game)
    return game
