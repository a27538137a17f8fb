"""A scripted player for the whole game (``steady_captain``): simple, readable priorities, always a legal choice.

On its turn it recruits the leaders, collects the bonuses and spends the tokens it can, then launches —
to a region without pirates or rival ships when it can: the Development Office when it can develop there,
then an alliance base that sells modules, then a planet or nebula with a moon — and returns when the launch bay is empty or nothing but a battle is left.
At an alliance base it buys two modules when it can; in a battle it pays the energy it has for dice (up
to 2), escalates nothing, plays a diplomacy card whose effect is known and never ends a battle early; in a return turn it activates
every module it can, then returns. Every other decision takes the first legal option.
"""

from __future__ import annotations

from typing import Any

from .whole_game import Activating, AndromedaGame, Diplomacy, Discarding, Energy, Escalating, Returning

_FREE_FIRST = ("recruit", "collect_bonus", "spend_exploration", "spend_supremacy", "discard_moon")


def steady_captain(game: AndromedaGame) -> Any:
    everything = [o.choice for o in game.options().legal]
    frame = game.pending[-1] if game.pending else None
    if frame is None:
        return _turn(game, everything)
    # free actions only at the start of its turn, unless nothing else is legal (a full moon area to clear)
    legal = [c for c in everything if not _free(c)] or everything
    if _free(legal[0]):
        return legal[0]
    if isinstance(frame, Activating):
        return max(legal, key=lambda c: len(dict(c).get("modules", ())))
    if isinstance(frame, Energy):
        return max((c for c in legal if c[1] <= 2), key=lambda c: c[1])
    if isinstance(frame, Diplomacy):
        if frame.offer:
            return ("fight on",)
        return next((c for c in legal if c[0] == "diplomacy"), ("pass",))
    if isinstance(frame, Escalating):
        return ("done",)
    if isinstance(frame, Returning):
        return next((c for c in legal if c != ("done",)), ("done",))
    if isinstance(frame, Discarding):
        return next((c for c in legal if c[0] in ("discard", "end turn")), legal[0])
    return legal[0]


def _free(choice: Any) -> bool:
    return isinstance(choice, tuple) and choice[:1] == ("free",)


def _turn(game: AndromedaGame, legal: list) -> Any:
    for choice in legal:
        if choice[0] == "free" and dict(choice[1:])["action"] in _FREE_FIRST:
            return choice
    launches = [c for c in legal if c[0] == "launch"]
    table = game.table
    calm = [c for c in launches if not any(where == c[2] for _, where in table.pirates)
            and not any(s.where == f"region:{c[2]}" for p in table.players if p.colour != table.active for s in p.ships)]

    def worth(choice) -> int:
        region = table.region(choice[2])
        if region.name == "Development Office":      # listed legal only when it can develop (A-F4)
            return 4
        if region.name in ("Maximus Field", "Odessa Field"):
            return 3
        if region.kind in ("planet", "nebula") and region.moons:
            return 2
        return 1 if region.kind == "alliance_base" else 0

    if calm:
        return max(calm, key=worth)
    return ("return",)
