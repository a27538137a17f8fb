"""Exact chances that SETI's card row (and the next draws from the deck) offers a sector colour.

The row is the first three cards of a shuffled deck; the next draws continue the same shuffle, so
"the row plus d draws" is ``3 + d`` cards drawn without replacement: a hypergeometric count. The deck
composition is data (colour -> how many cards), e.g. ``colour_counts(load_cards())``. Cards already
seen can be taken out first (``without``). Rulebook: 扫描附近的恒星 (a row card's colour picks the
sector), 设置 · 4 卡牌行, 重新填满卡牌行.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..engine import InvalidInput, Step, register_phase
from ..engine.numbers import probability_text
from ..engine.steps import Procedure
from ..prob import Distribution, count_of, latex_fraction
from .sector import NOTEBOOK
from .variant import RULEBOOK, SetiVariant

SECTION = "扫描附近的恒星"


def deck_after(counts: Mapping[str, int], without: Mapping[str, int] | None = None) -> dict[str, int]:
    """The deck's colour counts once the cards in ``without`` (seen, taken) are out of it."""
    deck = dict(counts)
    for colour, seen in (without or {}).items():
        if colour not in deck or not isinstance(seen, int) or seen < 0 or seen > deck[colour]:
            raise InvalidInput(f"without[{colour!r}]", seen, f"at most the {deck.get(colour, 0)} {colour} cards in the deck")
        deck[colour] -= seen
    return deck


def matches(counts: Mapping[str, int], colour: str, cards: int) -> Distribution[int]:
    """How many of ``cards`` cards dealt from the deck are of ``colour`` (exact hypergeometric)."""
    if colour not in counts:
        raise InvalidInput("colour", colour, f"a colour of the deck: {sorted(counts)}")
    return count_of(counts, cards, {colour})


def chance_offered(counts: Mapping[str, int], colour: str, cards: int) -> Fraction:
    """P(at least one of ``cards`` dealt cards is of ``colour``) = 1 − C(N−K, n) / C(N, n)."""
    return 1 - matches(counts, colour, cards)[0]


@dataclass(frozen=True)
class CardRowOdds:
    """The answer of ``odds.card_row``: how many ``colour`` cards among ``cards`` dealt, and P(at least one)."""

    colour: str
    deck: dict[str, int]
    cards: int
    distribution: Distribution[int]
    at_least_one: Fraction

    @property
    def size(self) -> int:
        return sum(self.deck.values())

    @property
    def hits(self) -> int:
        return self.deck[self.colour]

    def formula(self) -> str:
        """LaTeX: the chance as 1 − C(N−K, n)/C(N, n) with the numbers put in, and its value."""
        n, big, k = self.cards, self.size, self.hits
        return (
            rf"P(\text{{at least one {self.colour}}}) = 1 - \frac{{\binom{{{big - k}}}{{{n}}}}}{{\binom{{{big}}}{{{n}}}}}"
            rf" = 1 - \frac{{{comb(big - k, n)}}}{{{comb(big, n)}}} = {latex_fraction(self.at_least_one)}"
        )

    def symbolic(self):
        """The general formula in sympy symbols N, K, n (imports sympy on use)."""
        import sympy

        big, k, n = sympy.symbols("N K n", integer=True, positive=True)
        return 1 - sympy.binomial(big - k, n) / sympy.binomial(big, n)

    def _repr_latex_(self) -> str:
        return f"${self.formula()}$"


@register_phase("odds.card_row", title="Chances in the card row", section=SECTION, notebook=NOTEBOOK)
def card_row_odds(
    counts: Mapping[str, int],
    colour: str,
    *,
    draws: int = 0,
    without: Mapping[str, int] | None = None,
    variant: SetiVariant = RULEBOOK,
) -> Procedure:
    """The chance that the row of ``variant.card_row_size`` cards (plus ``draws`` more from the deck)
    offers at least one ``colour`` card, explained step by step; returns ``CardRowOdds``."""
    if not isinstance(draws, int) or isinstance(draws, bool) or draws < 0:
        raise InvalidInput("draws", draws, "further draws are a whole number, 0 or more")
    deck = deck_after(counts, without)
    cards = variant.card_row_size + draws
    distribution = matches(deck, colour, cards)
    big, k = sum(deck.values()), deck[colour]
    seen = f" once the {sum((without or {}).values())} cards already seen are out" if without else ""
    yield Step("The deck", f"The deck holds {big} cards{seen}, {k} of them {colour}.", SECTION, None, {"N": big, "K": k})
    what = f"the row of {variant.card_row_size}" + (f" and the next {draws} draw{'s' if draws > 1 else ''}" if draws else "")
    yield Step(
        "Deals with no match",
        f"{what.capitalize()}: {cards} cards from a shuffled deck, so C({big}, {cards}) = {comb(big, cards)} equally likely sets, "
        f"and C({big - k}, {cards}) = {comb(big - k, cards)} of them hold no {colour} card.",
        SECTION, None, {"all sets": comb(big, cards), "no match": comb(big - k, cards)},
    )
    at_least_one = 1 - distribution[0]
    yield Step(
        "At least one",
        f"So {what} offers a {colour} card with chance 1 − {comb(big - k, cards)}/{comb(big, cards)} = "
        f"{probability_text(at_least_one)}.",
        SECTION, None, {"P(at least one)": at_least_one},
    )
    result = CardRowOdds(colour, deck, cards, distribution, at_least_one)
    yield Step(
        "How many",
        "The number of " + colour + " cards: " + ", ".join(f"{n}: {probability_text(p)}" for n, p in distribution.items()) + ".",
        SECTION, result, {"mean": distribution.mean()},
    )
    return result
