"""Questions the lab answers exactly instead of sampling: battle odds over a grid of dice and aims, bag odds, a
start-player roll-off. Each game lists its own (``Game.exact_questions``); the lab walks the grid and shows every
outcome's exact probability, saying that it is computed, not sampled.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..engine.errors import InvalidInput
from ..engine.game import ExactQuestion, new_game
from ..engine.numbers import probability_text
from .results import LabTable


def questions(game_id: str) -> tuple[ExactQuestion, ...]:
    """The questions ``game_id`` answers exactly (its ``Game.exact_questions``)."""
    return type(new_game(game_id)).exact_questions()


def exact(game_id: str, question: str | None = None, **grid: Any) -> LabTable:
    """The exact answer to ``question`` at every point of its grid (each axis: the values given here, else the
    question's own); without a question, the list of questions the game answers exactly."""
    import pandas as pd

    found = questions(game_id)
    if question is None:
        frame = pd.DataFrame([{"question": q.name, "asks": q.title, "grid": ", ".join(name for name, _ in q.grid),
                               "section": q.section} for q in found], columns=["question", "asks", "grid", "section"])
        return LabTable(frame, frame, f"{game_id}: questions with an exact answer",
                        "tabletoolkit.lab.exact(game, question, axis=[values]) computes one.")
    by_name = {q.name: q for q in found}
    if question not in by_name:
        raise InvalidInput("question", question, f"{game_id} answers exactly: {', '.join(by_name) or 'nothing yet'}")
    chosen = by_name[question]
    axes = dict(chosen.grid)
    unknown = sorted(set(grid) - set(axes))
    if unknown:
        raise InvalidInput("grid", unknown[0], f"the axes of {question!r} are {', '.join(axes) or 'none'}")
    for name, values in grid.items():
        axes[name] = tuple(values) if isinstance(values, (list, tuple, range)) else (values,)
    names = list(axes)
    rows, words = [], []
    for point in itertools.product(*(axes[name] for name in names)):
        at = dict(zip(names, point))
        answer = chosen.answer(**at)
        if not isinstance(answer, Mapping) or sum(answer.values()) != 1:
            raise InvalidInput("answer", question, "an exact answer is {outcome: Fraction} summing to 1")
        for outcome, probability in answer.items():
            exact_p = Fraction(probability)
            rows.append({**at, "outcome": outcome, "probability": exact_p, "p": float(exact_p)})
            words.append({**at, "outcome": _words(outcome), "probability": probability_text(exact_p)})
    return LabTable(pd.DataFrame(rows), pd.DataFrame(words), f"{game_id} · {chosen.title}",
                    f"Exact: computed from the rules ({chosen.section}), not sampled.")


def _words(outcome: Any) -> str:
    if isinstance(outcome, tuple) and all(isinstance(part, tuple) and len(part) == 2 for part in outcome):
        return ", ".join(f"{count}× {kind}" for kind, count in outcome) or "nothing"
    return str(outcome)
