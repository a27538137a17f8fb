"""A SETI player's board: resources, score, data pool, hand and techs (shared by every SETI phase)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol
from ..engine.frozen import replace

from ..engine.errors import IllegalAction, InvalidInput
from .rewards import INCOME_KINDS, Reward
from .variant import RULEBOOK, SetiVariant

RESOURCES = ("credits", "energy", "publicity")


@dataclass(frozen=True)
class Computer:
    """What lies in a player's computer: top spaces filled (always the leftmost ``filled``), lower
    spaces filled (by top position) and computer techs installed as (top position, tech id)."""

    filled: int = 0
    lower: frozenset[int] = frozenset()
    techs: tuple[tuple[int, str], ...] = ()

    def tech_at(self, position: int) -> str | None:
        return dict(self.techs).get(position)



@dataclass(frozen=True)
class PlayerBoard:
    """One player's holdings. ``techs`` holds tech ids such as ``"PT1"``, ``"TT3"``, ``"CT2"``."""

    colour: str
    score: int = 0
    publicity: int = 4
    credits: int = 4
    energy: int = 3
    data: int = 0
    hand: tuple[str, ...] = ()
    techs: frozenset[str] = frozenset()
    # Kept by the game phases: income cards tucked under the start card ("credits", "energy"
    # or "cards"), alien cards in hand (outside the hand limit), sector wins, models on the planet board,
    # and the score up to which milestones have been resolved.
    tucked: tuple[str, ...] = ()
    alien_cards: tuple[str, ...] = ()
    sector_wins: int = 0
    orbiters: int = 0
    landers: int = 0
    milestone_score: int = 0
    # The computer: data placed in it and computer techs slotted in (``computer.py``).
    computer: Computer = Computer()

    def pay(self, rule: str, section: str, *, credits: int = 0, energy: int = 0, publicity: int = 0) -> "PlayerBoard":
        """This board after paying; ``IllegalAction`` (rule ``rule``) naming the shortfall otherwise."""
        refusal = self.shortfall(rule, section, credits=credits, energy=energy, publicity=publicity)
        if refusal is not None:
            raise refusal
        return replace(self, credits=self.credits - credits, energy=self.energy - energy,
                       publicity=self.publicity - publicity)

    def shortfall(self, rule: str, section: str, *, credits: int = 0, energy: int = 0,
                  publicity: int = 0) -> IllegalAction | None:
        """The refusal ``pay`` would raise for this cost (rule ``rule``, naming the shortfall), or ``None``."""
        if credits < 0 or energy < 0 or publicity < 0:
            kind, amount = next((k, a) for k, a in (("credits", credits), ("energy", energy), ("publicity", publicity))
                                if a < 0)
            raise InvalidInput(kind, amount, "a cost is 0 or more")
        if self.credits >= credits and self.energy >= energy and self.publicity >= publicity:
            return None
        short = [f"{amount} {kind} (has {have})" for kind, amount, have in
                 (("credits", credits, self.credits), ("energy", energy, self.energy),
                  ("publicity", publicity, self.publicity)) if have < amount]
        return IllegalAction(rule, f"{self.colour} cannot pay " + " and ".join(short) + ".", section)

    def tucking(self, card: str, income: str) -> "PlayerBoard":
        """This board with hand card ``card`` tucked under the start card for good, for ``income`` (its
        printed income resource, 玩家设置 · 增加收入): it pays at every income from round 2 on. What it gives
        at once is ``income_now``. ``InvalidInput`` for a card not in hand or an illegible income."""
        if income not in INCOME_KINDS:
            raise InvalidInput("income", income, f"one of {INCOME_KINDS}: tuck a card whose income the card data gives")
        if card not in self.hand:
            raise InvalidInput("card", card, f"not in {self.colour}'s hand {list(self.hand)}")
        hand = list(self.hand)
        hand.remove(card)
        return replace(self, hand=tuple(hand), tucked=self.tucked + (income,))

    def gain_publicity(self, amount: int, variant: SetiVariant = RULEBOOK) -> tuple["PlayerBoard", int]:
        """Add publicity up to the cap; returns the board and how much was actually gained."""
        new = min(variant.publicity_cap, self.publicity + amount)
        return replace(self, publicity=new), new - self.publicity

    def gain_data(self, amount: int, variant: SetiVariant = RULEBOOK) -> tuple["PlayerBoard", int]:
        """Add data up to the pool's size (the rest is discarded, S-F5); returns the board and data kept."""
        new = min(variant.data_pool, self.data + amount)
        return replace(self, data=new), new - self.data


def income_now(income: str) -> Reward:
    """What a tucked card gives at once (立即获得印在右下角的任何奖励, 玩家设置 · 增加收入; S-F18): its income
    resource, 1 credit or 1 energy, and for card income a card from the deck top: the icon is the "?" card
    (the start card's "1 ?", the income tile's three kinds), which comes from the deck, not the row
    (获取卡牌的其他方式). The same in the solo game, whose rules add nothing to tucking."""
    if income not in INCOME_KINDS:
        raise InvalidInput("income", income, f"one of {INCOME_KINDS}")
    return Reward(random_cards=1) if income == "cards" else replace(Reward(), **{income: 1})


def with_income(board: PlayerBoard, variant: SetiVariant = RULEBOOK) -> tuple[PlayerBoard, int, dict[str, int]]:
    """Income between rounds (轮次之间, S-F7): the start card's credits and energy and each tucked card's
    resource onto ``board``. Returns the board, the cards to draw from the deck (the start card's and the
    tucked card incomes') and the tucked cards by income kind. The same in the solo game."""
    tucked = {kind: board.tucked.count(kind) for kind in INCOME_KINDS}
    board = replace(board, credits=board.credits + variant.income_credits + tucked["credits"],
                    energy=board.energy + variant.income_energy + tucked["energy"])
    return board, variant.income_cards + tucked["cards"], tucked


class Boards(Protocol):
    """What the rules that read one player's board need from a game: the board of a colour (a ``SetiGame``, the
    solo game's table too, or the probe phases' ``Flight``)."""

    def player(self, colour: str) -> PlayerBoard: ...
