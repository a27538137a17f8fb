"""Battle odds in symbols (sympy), for teaching: the rerolled die and closed forms in n dice and aim a.

sympy is imported inside each function, so importing this module costs nothing. Every formula here
is checked against the exact engine (``tabletoolkit.prob.battle``) in the tests and the notebook.
Derivations and evaluations are cached: sympy expressions are immutable, and each one is derived
once per process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

AIM = "战斗 · 瞄准值"


@dataclass(frozen=True)
class Derivation:
    """A short chain of equalities: each line is (what it says, a sympy expression)."""

    title: str
    lines: tuple[tuple[str, Any], ...]

    @property
    def result(self) -> Any:
        return self.lines[-1][1]

    def _repr_latex_(self) -> str:
        import sympy

        rows = r" \\ ".join(rf"\text{{{text}}} &\quad {sympy.latex(expr)}" for text, expr in self.lines)
        return rf"$\begin{{array}}{{ll}} {rows} \end{{array}}$"

    def _repr_html_(self) -> str:
        import html

        import sympy

        items = "".join(
            f"<li>{html.escape(text)}: \\({sympy.latex(expr)}\\)</li>" for text, expr in self.lines
        )
        return f"<div class='tt-derivation'><b>{html.escape(self.title)}</b><ol>{items}</ol></div>"


def symbols() -> dict[str, Any]:
    """The symbols used throughout: a (aim), n (dice), v (a face), k and r (rerolls), m, b (a rival)."""
    return dict(_symbols())


@cache
def _symbols() -> dict[str, Any]:
    import sympy

    return {
        "a": sympy.Symbol("a", integer=True, positive=True),
        "n": sympy.Symbol("n", integer=True, nonnegative=True),
        "v": sympy.Symbol("v", integer=True, positive=True),
        "k": sympy.Symbol("k", integer=True, nonnegative=True),
        "r": sympy.Symbol("r", integer=True, nonnegative=True),
        "m": sympy.Symbol("m", integer=True, nonnegative=True),
        "b": sympy.Symbol("b", integer=True, positive=True),
    }


@cache
def reroll_derivation() -> Derivation:
    """P(a face v >= a) for a die rerolled while below a, summed as a geometric series by sympy.

    The die shows v on roll k+1 after k rolls below the aim: ((a-1)/6)^k * 1/6. The ratio is below
    1 for every aim 1..6, so the series converges to 1/(7-a).
    """
    import sympy

    s = symbols()
    a, k = s["a"], s["k"]
    q = (a - 1) / sympy.Integer(6)
    term = q**k * sympy.Rational(1, 6)
    series = sympy.Sum(term, (k, 0, sympy.oo))
    # sympy keeps the convergence condition (a < 7) as a Piecewise: every aim 1..6 meets it.
    summed = _branch(sympy.summation(term, (k, 0, sympy.oo)), lambda cond: cond is not sympy.true)
    closed = 1 / (7 - a)
    if sympy.simplify(summed - closed) != 0:
        raise ArithmeticError(f"the series summed to {summed}, not {closed}")
    return Derivation(
        "The die rerolled below its aim",
        (
            ("one face after k low rolls", term),
            ("all k", series),
            ("geometric series, converging for a < 7", summed),
            ("that is", closed),
        ),
    )


def _branch(expression: Any, wanted: Any) -> Any:
    """The branch of a (folded) Piecewise whose condition satisfies ``wanted``."""
    import sympy

    folded = sympy.piecewise_fold(expression)
    if not isinstance(folded, sympy.Piecewise):
        return sympy.simplify(folded)
    return sympy.simplify(next(expr for expr, cond in folded.args if wanted(cond)))


@cache
def finite_reroll_derivation() -> Derivation:
    """The same face with at most r rerolls: a finite geometric sum, and its limit as r grows."""
    import sympy

    s = symbols()
    a, k, r = s["a"], s["k"], s["r"]
    q = (a - 1) / sympy.Integer(6)
    term = q**k * sympy.Rational(1, 6)
    # sympy splits off the ratio-1 case (a = 7, no die ever fits); the general branch is the one wanted.
    finite = _branch(sympy.summation(term, (k, 0, r)), lambda cond: cond is sympy.true)
    return Derivation(
        "The die with at most r rerolls",
        (
            ("at most r rerolls", sympy.Sum(term, (k, 0, r))),
            ("finite geometric sum", finite),
            ("stays below the aim (each low face)", q**r * sympy.Rational(1, 6)),
        ),
    )


@lru_cache(maxsize=256)
def finite_reroll_face(aim: int, rerolls: int) -> Any:
    """The finite-reroll formula evaluated: P(a given face >= aim) after at most ``rerolls`` rerolls."""
    s = symbols()
    expression = finite_reroll_derivation().lines[1][1]
    return expression.subs({s["a"]: aim, s["r"]: rerolls})


def limit_of_finite_rerolls() -> Any:
    """lim_{r -> oo} of the finite-reroll face probability, for a in 2..5 (sympy), equal to 1/(7-a)."""
    return dict(_limits_of_finite_rerolls())


@cache
def _limits_of_finite_rerolls() -> tuple[tuple[int, Any], ...]:
    import sympy

    s = symbols()
    expression = finite_reroll_derivation().lines[1][1]
    return tuple((aim, sympy.limit(expression.subs(s["a"], aim), s["r"], sympy.oo)) for aim in range(2, 6))


@cache
def highest_at_most() -> Any:
    """P(highest of n rerolled dice <= v) = ((v - a + 1)/(7 - a))^n, for a <= v <= 6."""
    s = symbols()
    a, n, v = s["a"], s["n"], s["v"]
    return ((v - a + 1) / (7 - a)) ** n


@cache
def at_least_one_six() -> Any:
    """P(at least one 6 among n dice rerolled below a) = 1 - ((6 - a)/(7 - a))^n."""
    s = symbols()
    a, n = s["a"], s["n"]
    return 1 - ((6 - a) / (7 - a)) ** n


@cache
def first_die_win() -> Any:
    """P(n dice at aim a beat m dice at aim b on the first die: a strictly higher highest die).

    sum over v of P(highest = v) * P(rival's highest <= v - 1), with P(highest = v) the difference
    of ``highest_at_most`` at v and v - 1; the rival's highest is at least b, so v runs from
    max(a, b) to 6 (at v = b the rival term is 0).
    """
    import sympy

    s = symbols()
    a, n, v, m, b = s["a"], s["n"], s["v"], s["m"], s["b"]
    mine = ((v - a + 1) / (7 - a)) ** n - ((v - a) / (7 - a)) ** n
    theirs = ((v - b) / (7 - b)) ** m
    return sympy.Sum(mine * theirs, (v, sympy.Max(a, b), 6))


@lru_cache(maxsize=4096)
def evaluate(expression: Any, **values: int) -> Any:
    """Substitute numbers for symbols by name (``a=3, n=6``) and carry the sum out."""
    s = symbols()
    return expression.subs({s[name]: value for name, value in values.items()}).doit()
