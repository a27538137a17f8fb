"""The designer's lab: what-if sweeps over rule variants on whole games, and the questions answered exactly.

``sweep`` plays many seeded whole games per variant (common random numbers) in parallel and returns a
``SweepResult``: a tidy table, win rates, scores, lengths and variant differences with their uncertainty,
plots, and any game again by its seed. ``exact`` answers the questions a game can answer without sampling.
The lab sits on the ground floor's contract and registry; it imports no game wing (``import tabletoolkit``
stays light: pandas and matplotlib load when a table or plot is made).
"""

from .exact import exact, questions
from .results import LabTable, SweepResult
from .sweep import SweepFailed, sweep

__all__ = ["LabTable", "SweepFailed", "SweepResult", "exact", "questions", "sweep"]
