"""odds.card_row: exact hypergeometric chances that the card row offers a sector colour."""

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
import sympy

from tabletoolkit import InvalidInput, run
from tabletoolkit.seti.card_odds import card_row_odds, chance_offered, deck_after, matches
from tabletoolkit.seti.cards import colour_counts, load_cards

DECK = colour_counts(load_cards())  # 6 red, 5 yellow, 5 blue, 4 black


def brute_force(counts, colour, cards):
    """P(at least one ``colour``) by listing every set of ``cards`` cards."""
    deck = [c for c, n in counts.items() for _ in range(n)]
    sets = list(combinations(range(len(deck)), cards))
    hits = sum(1 for chosen in sets if any(deck[i] == colour for i in chosen))
    return Fraction(hits, len(sets))


@pytest.mark.parametrize("colour", ["red", "yellow", "blue", "black"])
@pytest.mark.parametrize("cards", [3, 4, 5])
def test_the_chance_agrees_with_counting_every_deal(colour, cards):
    assert chance_offered(DECK, colour, cards) == brute_force(DECK, colour, cards)


@pytest.mark.phase("odds.card_row")
def test_the_row_of_three_offers_black_with_chance_29_over_57():
    steps = run(card_row_odds(DECK, "black"))
    # 1 - C(16,3)/C(20,3) = 1 - 560/1140
    assert steps.result.at_least_one == Fraction(29, 57) == 1 - Fraction(comb(16, 3), comb(20, 3))
    assert [s.title for s in steps] == ["The deck", "Deals with no match", "At least one", "How many"]
    assert "C(16, 3) = 560" in steps[1].text and "= 29/57 ≈ 50.88%." in steps[2].text
    assert steps.result.distribution.mean() == Fraction(3 * 4, 20)
    assert r"\frac{29}{57}" in steps.result.formula()


@pytest.mark.phase("odds.card_row")
def test_further_draws_and_cards_already_seen():
    steps = run(card_row_odds(DECK, "red", draws=2, without={"red": 2, "blue": 1}))
    assert steps.result.deck == {"red": 4, "yellow": 5, "blue": 4, "black": 4}
    assert steps.result.cards == 5
    assert steps.result.at_least_one == 1 - Fraction(comb(13, 5), comb(17, 5))


def test_the_symbolic_formula_gives_the_same_number():
    odds = run(card_row_odds(DECK, "black")).result
    big, k, n = sympy.symbols("N K n", integer=True, positive=True)
    value = odds.symbolic().subs({big: 20, k: 4, n: 3})
    assert sympy.nsimplify(sympy.combsimp(value.rewrite(sympy.factorial))) == sympy.Rational(29, 57)


def test_the_distribution_of_matches_sums_to_one():
    dist = matches(DECK, "yellow", 3)
    assert sum(p for _, p in dist.items()) == 1 and dist[3] == Fraction(comb(5, 3), comb(20, 3))


def test_bad_input():
    with pytest.raises(InvalidInput):
        matches(DECK, "green", 3)
    with pytest.raises(InvalidInput):
        deck_after(DECK, {"black": 5})
    with pytest.raises(InvalidInput):
        run(card_row_odds(DECK, "red", draws=-1))
