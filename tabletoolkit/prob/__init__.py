"""The ground floor's exact probability: finite distributions with ``Fraction`` probabilities."""

from .dist import Distribution
from .draws import count_of, draw
from .symbolic import latex_fraction, rational

__all__ = ["Distribution", "count_of", "draw", "latex_fraction", "rational"]
