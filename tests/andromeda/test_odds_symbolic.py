"""The sympy derivations evaluate to exactly the engine's numbers."""

from __future__ import annotations

import sympy

from tabletoolkit.andromeda import symbolic
from tabletoolkit.prob import deciding_die, pooled_dice, rational, rerolled_die


def test_the_geometric_series_sums_to_one_over_seven_minus_a():
    derivation = symbolic.reroll_derivation()
    a = symbolic.symbols()["a"]
    assert sympy.simplify(derivation.result - 1 / (7 - a)) == 0
    for aim in range(1, 7):
        assert derivation.result.subs(a, aim) == rational(rerolled_die(aim)[6])
    assert r"\sum_{k=0}^{\infty}" in derivation._repr_latex_()


def test_finite_rerolls_formula_matches_the_engine_and_tends_to_the_limit():
    for aim in range(1, 7):
        for rerolls in range(5):
            assert symbolic.finite_reroll_face(aim, rerolls) == rational(rerolled_die(aim, rerolls=rerolls)[6])
    assert symbolic.limit_of_finite_rerolls() == {aim: sympy.Rational(1, 7 - aim) for aim in range(2, 6)}
    low = symbolic.finite_reroll_derivation().lines[2][1]
    s = symbolic.symbols()
    assert low.subs({s["a"]: 4, s["r"]: 2}) == rational(rerolled_die(4, rerolls=2)[1])


def test_highest_die_closed_form_equals_the_engine():
    formula = symbolic.highest_at_most()
    for dice in range(1, 7):
        for aim in range(1, 6):
            dist = pooled_dice((dice, aim))
            for v in range(aim, 7):
                engine = dist.probability(lambda sorted_dice: sorted_dice[0] <= v)
                assert symbolic.evaluate(formula, n=dice, a=aim, v=v) == rational(engine)


def test_at_least_one_six_equals_the_engine():
    formula = symbolic.at_least_one_six()
    for dice in range(0, 7):
        for aim in range(1, 6):
            engine = pooled_dice((dice, aim)).probability(lambda sorted_dice: 6 in sorted_dice)
            assert symbolic.evaluate(formula, n=dice, a=aim) == rational(engine)


def test_winning_on_the_first_die_equals_the_engines_breakdown():
    formula = symbolic.first_die_win()
    for n, a, m, b in [(6, 3, 5, 2), (1, 1, 1, 1), (3, 5, 6, 1), (2, 2, 4, 4), (6, 1, 6, 5), (4, 4, 2, 2)]:
        engine = deciding_die([(n, a), (m, b)])[0][0]
        assert symbolic.evaluate(formula, n=n, a=a, m=m, b=b) == rational(engine), (n, a, m, b)
