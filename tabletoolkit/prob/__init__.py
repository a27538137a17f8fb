"""The ground floor's exact probability: finite distributions with ``Fraction`` probabilities."""

from .battle import Comparison, ContestOdds, Roller, compare, contest_odds, deciding_die, pooled_dice, rerolled_die, top_tie_sizes
from .dist import Distribution
from .draws import count_of, draw
from .symbolic import latex_fraction, rational

__all__ = [
    "Comparison",
    "ContestOdds",
    "Distribution",
    "Roller",
    "compare",
    "contest_odds",
    "count_of",
    "deciding_die",
    "draw",
    "latex_fraction",
    "pooled_dice",
    "rational",
    "rerolled_die",
    "top_tie_sizes",
]
