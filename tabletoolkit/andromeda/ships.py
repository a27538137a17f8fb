"""Starships (星际飞船): building ships into the launch bay, the four types and their upgrades.

Specs the text gives (the Heavy Cruiser and its Battleship upgrade, A-F12) come from the rulebook data;
the rest is sample data. Upgrading a type replaces its specs for every ship of that type and lets you
build one ship of that type free if one is still unbuilt, only if you want (A-F10); each type upgrades
once, and once all four are upgraded further upgrades do nothing.
"""

from __future__ import annotations


from ..engine import IllegalAction, InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .effects import pay
from .catalog import SHIP_TYPES, Catalog, ShipSpec, load_catalog
from .goods import Goods
from .state import Game, Ship

BUILD = "星际飞船 · 组建舰队"
UPGRADE = "星际飞船 · 飞船能力 (升级; A-F10)"


def spec_of(game: Game, colour: str, kind: str, catalog: Catalog | None = None) -> ShipSpec:
    """The specs a player's ships of ``kind`` have now (upgraded or basic)."""
    catalog = catalog or load_catalog()
    return catalog.ship(kind, kind in game.player(colour).upgrades)


def buildable(game: Game, colour: str, catalog: Catalog | None = None) -> dict[str, str]:
    """Every ship type with "legal" or the reason it cannot be built now."""
    catalog = catalog or load_catalog()
    player = game.player(colour)
    verdicts = {}
    for kind in SHIP_TYPES:
        cost = spec_of(game, colour, kind, catalog).cost
        if not any(s.kind == kind and s.where == "supply" for s in player.ships):
            verdicts[kind] = "andromeda.ships.none_unbuilt: every ship of this type is built"
        elif not player.resources.can_pay(cost):
            verdicts[kind] = f"andromeda.ships.cannot_afford: costs {cost}, {colour} has {player.resources}"
        else:
            verdicts[kind] = "legal"
    return verdicts


def check_build(game: Game, colour: str, kind: str, *, payment: Goods | None = None,
                catalog: Catalog | None = None) -> tuple[Game, Ship, ShipSpec, Goods]:
    """What building a ship of ``kind`` takes, or its refusal raised (none of the type unbuilt, the cost not paid):
    the game with the cost paid, the unbuilt ship that goes into the bay, its specs and the payment."""
    catalog = catalog or load_catalog()
    if kind not in SHIP_TYPES:
        raise InvalidInput("kind", kind, f"one of {SHIP_TYPES}")
    player = game.player(colour)
    unbuilt = [s for s in player.ships if s.kind == kind and s.where == "supply"]
    if not unbuilt:
        raise IllegalAction("andromeda.ships.none_unbuilt", f"{colour} has built every {kind} already", BUILD)
    spec = spec_of(game, colour, kind, catalog)
    paid = payment or player.resources.payment_for(spec.cost) or spec.cost
    return pay(game, colour, spec.cost, paid, "andromeda.ships", BUILD), unbuilt[0], spec, paid


@register_phase("andromeda.ships", title="Build a ship", section=BUILD, notebook="andromeda_launch_turn.ipynb")
def build_ship(game: Game, colour: str, kind: str, *, payment: Goods | None = None, catalog: Catalog | None = None) -> Procedure:
    """Pay a ship type's cost and put one unbuilt ship of that type into the launch bay (Shipyard or
    Shipwright). ``payment`` may use credit for titanium, ice or nanocarbon."""
    catalog = catalog or load_catalog()
    game, ship, spec, paid = check_build(game, colour, kind, payment=payment, catalog=catalog)
    game = game.with_player(game.player(colour).with_ship(replace(ship, where="bay")))
    yield Step("Build a ship", f"{colour} pays {paid} and puts {ship.id} into the launch bay "
               f"(range {spec.range}, weapons {spec.weapons}, abilities {', '.join(spec.abilities) or 'none'}).",
               BUILD, game, {"ship": ship.id})
    return game


def tile_type(tile: str) -> str:
    """The ship type an upgrade tile upgrades: a neutral tile is named by its type, a faction's unique
    tile ``"faction:<type>"``."""
    if not isinstance(tile, str):
        raise InvalidInput("upgrade", tile, f"a ship type {SHIP_TYPES} or 'faction:<type>'")
    kind = tile.split(":", 1)[1] if tile.startswith("faction:") else tile
    if kind not in SHIP_TYPES:
        raise InvalidInput("upgrade", tile, f"a ship type {SHIP_TYPES} or 'faction:<type>'")
    return kind


def apply_upgrade(game: Game, colour: str, tile: str | None, free_ship: bool | None, catalog: Catalog | None = None) -> tuple[Game, str]:
    """Place upgrade ``tile`` from the supply on its ship type (工业轨道: any ship-upgrade tile) and, when one
    of that type is still unbuilt, build it free if ``free_ship`` (only if you want, A-F10). Each type
    upgrades once; with every type upgraded the upgrade does nothing (then ``tile`` may be None). Returns
    the game and a sentence saying what happened."""
    catalog = catalog or load_catalog()
    player = game.player(colour)
    placeable = [t for t in player.upgrade_tiles if tile_type(t) not in player.upgrades]
    if not placeable:
        return game, f"Every ship type {colour} has a tile for is upgraded: this upgrade does nothing."
    if tile is None:
        raise InvalidInput("upgrade", None, f"name the upgrade tile {colour} places: one of {placeable}")
    kind = tile_type(tile)
    if tile not in player.upgrade_tiles:
        raise IllegalAction("andromeda.ships.no_tile", f"{colour} has no {tile} upgrade tile in the supply "
                            f"(left: {list(player.upgrade_tiles)})", UPGRADE)
    if kind in player.upgrades:
        raise IllegalAction("andromeda.ships.upgrade_taken", f"{colour}'s {kind} is already upgraded: each ship type "
                            "upgrades once", UPGRADE)
    tiles = list(player.upgrade_tiles)
    tiles.remove(tile)
    spec = catalog.ship(kind, True)
    player = replace(player, upgrades=player.upgrades + (kind,), upgrade_tiles=tuple(tiles),
                     ships=tuple(s.fitted(spec) if s.kind == kind else s for s in player.ships))
    which = "its faction's unique tile" if tile.startswith("faction:") else "the neutral tile"
    text = f"{colour} places {which} on the {kind}: every {kind} now has range {spec.range}, weapons {spec.weapons}, aim +{spec.aim}."
    unbuilt = [s for s in player.ships if s.kind == kind and s.where == "supply"]
    if unbuilt and free_ship is None:
        raise InvalidInput("free_ship", None, f"a {kind} is still unbuilt: say whether {colour} builds it free (True or False)")
    if unbuilt and free_ship:
        player = player.with_ship(replace(unbuilt[0], where="bay"))
        text += f" A {kind} was still unbuilt: {unbuilt[0].id} is built free into the launch bay."
    elif unbuilt:
        text += f" {colour} chooses not to build the free {kind}."
    else:
        text += f" Every {kind} is built already, so no free ship."
    return game.with_player(player), text
