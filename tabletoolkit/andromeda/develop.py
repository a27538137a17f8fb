"""Developments (开发): building one, its VP when built (A-F8), and the one-shot development abilities.

Requirements (A-F17): a transport of yours on an undeveloped planet (any planet, not only the active
region), enough recruited leaders on your station for the planet's type, the planet's resource cost,
and never your last ship. The transport stays as part of the development; the paid leaders leave the
game. The card gives one step on its track, VP when built, a one-shot ability and +1 battle die nearby.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import IllegalAction, InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .effects import gain as gain_goods
from .effects import gain_vp, pay, pay_any
from .catalog import MODULE_ROWS, Catalog, load_catalog
from .goods import Goods
from .modules import acquire_modules
from .repair import apply_repair
from .tracks import advance_track
from .state import DevelopmentCard, Development, Game
from .variant import RULEBOOK, AndromedaVariant

BUILD = "开发 · 建造一个开发项目"
SCORE = "开发 · 开发项目计分"
CARD = "开发 · 开发卡奖励"


@dataclass(frozen=True)
class DevelopmentVP:
    """How a new development's VP add up (A-F8): leader figures nearby plus printed leader counts."""

    region: str
    figures: tuple[tuple[str, str, int], ...]     # (region, colour, figures)
    printed: tuple[tuple[str, int], ...]          # (region, printed leader count)
    cap: int

    @property
    def uncapped(self) -> int:
        return sum(n for *_, n in self.figures) + sum(n for _, n in self.printed)

    @property
    def vp(self) -> int:
        return min(self.cap, self.uncapped)

    def explain(self) -> str:
        parts = [f"{n} {colour} leader(s) on {region}" for region, colour, n in self.figures]
        parts += [f"{n} printed on the development on {region}" for region, n in self.printed]
        capped = f", capped at {self.cap}" if self.uncapped > self.cap else ""
        return " + ".join(parts) + f" = {self.vp} VP{capped}"


def development_vp(game: Game, region_name: str, kind: str, catalog: Catalog | None = None,
                   variant: AndromedaVariant = RULEBOOK) -> DevelopmentVP:
    """VP for building a ``kind`` development on ``region_name``: every leader figure, any colour,
    recruited or not, on the planet and adjacent regions, + the new development's printed leader count,
    + the printed counts of adjacent developments; at most 10 (A-F8)."""
    catalog = catalog or load_catalog()
    if not isinstance(kind, str) or kind not in catalog.developments:
        raise InvalidInput("kind", kind, f"a development type: {sorted(catalog.developments)}")
    nearby = (region_name,) + game.neighbours(region_name)
    figures = tuple((name, colour, n) for name in nearby for colour, n in game.region(name).leaders)
    printed = [(region_name, catalog.developments[kind].leaders)]
    printed += [(name, development.leaders) for name in game.neighbours(region_name)
                if (development := game.region(name).development) is not None]
    return DevelopmentVP(region_name, figures, tuple(printed), variant.development_vp_cap)


def development_options(game: Game, colour: str, catalog: Catalog | None = None) -> dict[str, str]:
    """Every planet with "legal" or the rule that refuses a development there now."""
    catalog = catalog or load_catalog()
    verdicts = {}
    for region in game.regions:
        if region.kind != "planet":
            continue
        try:
            _check(game, colour, region.name, None, catalog)
            verdicts[region.name] = "legal"
        except IllegalAction as refusal:
            verdicts[region.name] = f"{refusal.rule}: {refusal.reason}"
    return verdicts


def check_development(game: Game, colour: str, region_name: str, catalog: Catalog | None = None) -> None:
    """Raise the ``IllegalAction`` that refuses a development on ``region_name`` now (``build_development``
    checks the same before anything changes), or return when it would be built."""
    _check(game, colour, region_name, None, catalog or load_catalog())


def _check(game: Game, colour: str, region_name: str, payment: Goods | None, catalog: Catalog):
    region = game.region(region_name)
    if region.kind != "planet" or region.planet is None:
        raise IllegalAction("andromeda.develop.not_planet", f"{region_name} is not a planet", BUILD)
    if region.development is not None:
        raise IllegalAction("andromeda.develop.developed", f"{region_name} already holds a {region.development.type}: "
                            "one development per planet", BUILD)
    player = game.player(colour)
    transports = [s for s in player.ships if s.kind == "transport" and s.where == f"region:{region_name}"]
    if not transports:
        raise IllegalAction("andromeda.develop.no_transport", f"{colour} has no transport on {region_name}", BUILD)
    if len(player.built_ships) <= 1:
        raise IllegalAction("andromeda.develop.last_ship", f"that transport is {colour}'s last ship: "
                            "you must always keep at least 1 ship", "开发 · 填充开发项目")
    tile = catalog.planet(region.planet)
    needed = catalog.developments[tile.type].leaders
    if player.leaders < needed:
        raise IllegalAction("andromeda.develop.leaders", f"a {tile.type} needs {needed} recruited leaders; "
                            f"{colour} has {player.leaders} on the station", "开发 · 为开发项目指派领袖")
    paid = (player.resources.payment_for(tile.cost) or tile.cost) if payment is None else payment
    reason = paid.covers(tile.cost)
    if reason or not player.resources.has(paid):
        raise IllegalAction("andromeda.develop.cannot_afford", reason or f"{tile.name} costs {tile.cost}; "
                            f"{colour} has {player.resources}", BUILD)
    return region, tile, transports[0], needed


@register_phase("andromeda.develop", title="Build a development", section=BUILD, notebook="andromeda_developments.ipynb")
def build_development(game: Game, colour: str, region_name: str, *, payment: Goods | None = None,
                      catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Build the development of ``region_name``'s type there (Development Office or Architect)."""
    catalog = catalog or load_catalog()
    region, tile, transport, leaders = _check(game, colour, region_name, payment, catalog)
    start = game
    game = pay(game, colour, tile.cost, payment, "andromeda.develop", BUILD)
    player = game.player(colour)
    game = game.with_player(replace(player, leaders=player.leaders - leaders))
    paid = payment or start.player(colour).resources.payment_for(tile.cost)
    yield Step("1 Pay", f"{colour} pays {paid} and {leaders} leaders from the station; "
               "those leaders leave the game.", f"{BUILD} 1", game, {"leaders paid": leaders})
    player = game.player(colour).with_ship(replace(transport, where=f"development:{region_name}"))
    game = game.with_player(player).with_region(replace(region, development=Development(tile.type, colour, leaders)))
    yield Step("2 The development", f"A {tile.type} goes onto {region_name} on top of {transport.id}; "
               "the transport stays there for good.", f"{BUILD} 2", game)
    player = game.player(colour)
    game = game.with_player(replace(player, development_cards=player.development_cards + (DevelopmentCard(tile.type),)))
    ability = catalog.developments[tile.type].text
    yield Step("3 The card", f"{colour} takes a {tile.type} card face up. Ability (once): {ability} "
               f"Battles in or next to {region_name}: +1 die for {colour}.", CARD, game)
    score = development_vp(game, region_name, tile.type, catalog, variant)
    game = gain_vp(game, colour, score.vp)
    yield Step("Development VP", score.explain() + ".", SCORE, game, {"vp": score.vp})
    track = catalog.track_for_development(tile.type)
    game = yield from advance_track(game, colour, track, 1, catalog=catalog, variant=variant)
    return game


ABILITY = "开发 · 开发能力"


def use_development_card(game: Game, colour: str, kind: str, *, archive_pick: int | None = None, payment: Goods | None = None,
                         tactics: tuple[str, ...] = (), gain: Goods | None = None, module: str | None = None,
                         repairs: tuple[tuple[str, str | None], ...] = (), first_to: str | None = None,
                         catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Flip an unused development card of ``kind`` for its one-shot ability (a free action), with the
    choices it asks for: the observatory's ``archive_pick`` (the token kept), the spaceport's ``payment``,
    ``tactics`` and ``gain``, the factory's two ``repairs`` ((option, target) each), the city's ``module``
    (any 1 available module, free: its steps — the module taken, its track step, the refresh — follow) and,
    in 2v2, ``first_to``: the teammate who gains it instead when it is the turn's first module (转移模块)."""
    catalog = catalog or load_catalog()
    if kind not in catalog.developments:
        raise InvalidInput("kind", kind, f"a development type: {sorted(catalog.developments)}")
    if first_to is not None and kind != "city":
        raise InvalidInput("first_to", first_to, "only the city card gains a module a teammate may take instead")
    player = game.player(colour)
    cards = list(player.development_cards)
    index = next((i for i, c in enumerate(cards) if c.type == kind and not c.used), None)
    if index is None:
        raise IllegalAction("andromeda.free_actions.no_card", f"{colour} has no unused {kind} card", "自由行动 · 使用一张开发卡")
    cards[index] = replace(cards[index], used=True)
    game = game.with_player(replace(player, development_cards=tuple(cards)))
    if kind == "obelisk":
        game = gain_goods(game, colour, Goods.of(energy=4))
        text = f"{colour} gains 4 energy."
    elif kind == "observatory":
        archive = game.observatory_archive
        if isinstance(archive_pick, bool) or not isinstance(archive_pick, int) or not 0 <= archive_pick < len(archive):
            raise InvalidInput("archive_pick", archive_pick, f"the index of one of the {len(archive)} archive tokens")
        token = archive[archive_pick]
        game = replace(game, observatory_archive=archive[:archive_pick] + archive[archive_pick + 1:])
        player = game.player(colour)
        game = game.with_player(replace(player, exploration=player.exploration + (token,)))
        text = f"{colour} looks at the observatory archive secretly and takes a token ({token})."
    elif kind == "spaceport":
        if gain is None or gain.resources.total != 3 or gain != gain.resources:
            raise InvalidInput("gain", gain, "the 3 resources taken, e.g. Goods.of(titanium=2, energy=1)")
        game = pay_any(game, colour, 2, payment or Goods(), tactics, "andromeda.free_actions.spaceport", ABILITY)
        game = gain_goods(game, colour, gain)
        text = f"{colour} pays 2 resources and takes {gain}."
    elif kind == "factory":
        if len(repairs) != 2:
            raise InvalidInput("repairs", repairs, "two repairs, each (option, target)")
        texts = []
        for option, target in repairs:
            game, said = apply_repair(game, colour, option, target)
            texts.append(said)
        text = " ".join(texts)
    else:
        offered = [name for row in MODULE_ROWS for name in game.display(row)]
        if module not in offered:
            raise InvalidInput("module", module, f"the module the city card takes: any 1 available module, {offered}")
        yield Step("Flip the city card", f"{colour} takes any 1 available module, free: {module}.", ABILITY, game)
        game = yield from acquire_modules(game, colour, [module], paid=False, first_to=first_to, catalog=catalog,
                                          variant=variant)
        return game
    yield Step(f"Flip the {kind} card", text, ABILITY, game)
    return game
