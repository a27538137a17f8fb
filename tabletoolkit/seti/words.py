"""Data keys as a person reads them: mission events (``visit:Venus``) and counts (``signal_at:Beta Pictoris``).

The keys stay what the data files and the rules match on; these functions only say them in words.
"""

from __future__ import annotations

_PLACES = {"comet": "a comet", "asteroids": "an asteroid field", "asteroid": "an asteroid field"}

_MEASURES = {
    "score": "VP", "publicity": "publicity", "credits": "credits", "energy": "energy", "data": "data",
    "techs": "techs", "tech_sets": "sets of three tech kinds", "tech_pairs": "pairs of techs",
    "completed_missions": "completed missions", "endgame_cards": "end-game cards",
    "mission_or_endgame_pairs": "pairs of completed missions or end-game cards", "tucked": "tucked cards",
    "income_sets": "sets of credit and energy income", "income_most": "tucked cards of your most tucked income",
    "traces": "life traces", "trace_sets": "sets of three trace colours", "sector_wins": "sectors won",
    "orbiters": "orbiters", "landers": "landers", "signal_sectors": "sectors with your signal",
    "sectors_and_planets": "sectors and planets",
}


def event_words(event: str) -> str:
    """A mission event in words: ``visit:Venus`` → "visit Venus", ``visit:comet`` → "visit a comet"."""
    kind, _, argument = event.partition(":")
    if kind == "visit" and argument:
        return f"visit {_PLACES.get(argument, argument)}"
    return f"{kind} {argument}".strip().replace("_", " ")


def measure_words(measure: str) -> str:
    """A count a mission names, in words: ``signal_at:Beta Pictoris`` → "your signals at Beta Pictoris"."""
    kind, _, argument = measure.partition(":")
    if kind == "signal_at":
        return f"your signals at {argument}"
    if argument:
        return f"{kind.replace('_', ' ')} ({argument})"
    return _MEASURES.get(kind, kind.replace("_", " "))
