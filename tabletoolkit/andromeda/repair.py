"""Damage and repair (受损 & 修理 · 修理): the four repair options.

A repair (the Shipyard, the Shipwright, a repair-icon moon, a factory card) is one of: move a ship
from the scrapyard's top to the repair barge; recharge a shield (remove 1 damage marker from a shield
icon — the icons are printed in the launch bay, and the damaged ship itself is usually still on the
board, as the battle example's heavy cruiser is); remove 1 damage marker from a station module; or,
with nothing to repair, gain 1 VP.
"""

from __future__ import annotations


from ..engine import IllegalAction, InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace, replace_valid
from .effects import gain_vp
from .state import Game

SECTION = "受损 & 修理 · 修理"
OPTIONS = ("scrapyard", "shield", "module", "nothing")


def repair_options(game: Game, colour: str) -> dict[str, str]:
    """Each option with "legal" or the reason it is refused now."""
    player = game.player(colour)
    scrapped = player.ships_at("scrapyard")
    shields = _shield_damage(player)
    modules = [m for m in player.modules if m.damaged]
    anything = bool(scrapped or shields or modules)
    return {
        "scrapyard": "legal" if scrapped else "andromeda.repair.no_scrapped_ship: no ship on the scrapyard's top",
        "shield": "legal" if shields else "andromeda.repair.no_shield_damage: no ship has a damage marker on its shield",
        "module": "legal" if modules else "andromeda.repair.no_damaged_module: no damaged module on the station",
        "nothing": "andromeda.repair.something_to_repair: there is something to repair" if anything else "legal",
    }


def apply_repair(game: Game, colour: str, option: str, target: str | None = None) -> tuple[Game, str]:
    """Carry out one repair; ``target`` names the ship or module (it may be left out only when there is
    one candidate: which ship or module is repaired is the player's choice)."""
    if option not in OPTIONS:
        raise InvalidInput("option", option, f"one of {OPTIONS}")
    verdict = repair_options(game, colour)[option]
    if verdict != "legal":
        rule, reason = verdict.split(": ", 1)
        raise IllegalAction(rule, reason, SECTION)
    player = game.player(colour)
    if option == "nothing":
        return gain_vp(game, colour, 1), f"{colour} has nothing to repair and gains 1 VP."
    if option == "module":
        candidates = [m for m in player.modules if m.damaged]
        module = _pick(candidates, target, "module", lambda m: m.name)
        game = game.with_player(player.with_module(replace(module, damage=module.damage - 1)))
        return game, f"{colour} removes a damage marker from {module.name}."
    ships = player.ships_at("scrapyard") if option == "scrapyard" else tuple(_shield_damage(player))
    ship = _pick(ships, target, "ship", lambda s: s.id)
    if option == "scrapyard":
        game = game.with_player(player.with_ship(replace_valid(ship, where="barge")))
        return game, f"{colour} moves {ship.id} from the scrapyard's top to the repair barge (it can activate a module when returning)."
    game = game.with_player(player.with_ship(replace_valid(ship, damage=ship.damage - 1)))
    return game, f"{colour} recharges {ship.id}'s shield (one damage marker removed)."


def _shield_damage(player) -> list:
    """Ships with a damage marker on a shield: built, not on the scrapyard (A-R11: damage per ship)."""
    return [s for s in player.ships if s.damage and s.where not in ("scrapyard", "supply") and not s.where.startswith("development:")]


def _pick(candidates, target, what, name_of):
    if target is None and len(candidates) == 1:
        return candidates[0]
    if target is None:
        raise InvalidInput(what, None, f"name the {what} repaired: one of {[name_of(c) for c in candidates]}")
    for candidate in candidates:
        if name_of(candidate) == target:
            return candidate
    raise InvalidInput(what, target, f"one of {[name_of(c) for c in candidates]}")


@register_phase("andromeda.repair", title="Carry out a repair", section=SECTION, notebook="andromeda_return_turn.ipynb")
def repair(game: Game, colour: str, option: str, target: str | None = None) -> Procedure:
    """One repair action: list the four options with their verdicts, then carry out the one chosen."""
    verdicts = repair_options(game, colour)
    yield Step("The repair options", "; ".join(f"{o}: {v}" for o, v in verdicts.items()), SECTION, game, verdicts)
    game, text = apply_repair(game, colour, option, target)
    yield Step(f"Repair: {option}", text, SECTION, game)
    return game


def damage_module(game: Game, colour: str, module: str) -> Game:
    """An effect damages one of your modules (受损 & 修理): the marker goes on an undamaged module of
    your choice when you have one (core modules included); only with none undamaged may it go on a
    damaged one. Gaining a module with damage icons is not "taking damage"."""
    player = game.player(colour)
    target = player.module(module)
    undamaged = [m.name for m in player.modules if not m.damaged]
    if target.damaged and undamaged:
        raise IllegalAction("andromeda.repair.damage_undamaged_first", f"{module} is already damaged; choose an undamaged "
                            f"module ({', '.join(undamaged)})", "受损 & 修理")
    return game.with_player(player.with_module(replace(target, damage=target.damage + 1)))
