"""Launch turn step 2: activate the region launched to (发射回合 · 步骤 2 激活地区).

A planet gives its top moon (else the resources printed under the stack); a nebula its moon if any,
then a secret look at the top two event cards, one back on top and one to the bottom; an alliance base
its action (联盟基地行动) at its cost.
"""

from __future__ import annotations

from typing import Sequence

from ..engine import IllegalAction, InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .effects import advance_event, draw_tactics, gain, pay_any
from .develop import build_development
from .modules import acquire_modules
from .repair import repair
from .ships import build_ship
from .catalog import Catalog, load_catalog
from .goods import Goods
from .moons import claim_moon, discard_moon
from .state import Game
from .variant import RULEBOOK, AndromedaVariant

SECTION = "发射回合 · 步骤 2 激活地区"
BASES = "发射回合 · 联盟基地行动"


@register_phase("andromeda.activate", title="Activate the region", section=SECTION, notebook="andromeda_launch_turn.ipynb")
def activate_region(game: Game, colour: str, region_name: str, *, make_room: int | None = None, keep_on_top: int | None = None,
                    payment: Goods = Goods(), tactics: tuple[str, ...] = (), moons: Sequence[int] = (), modules: Sequence[str] = (),
                    field_discard: str | None = None, choice: str | None = None, target: str | None = None,
                    first_to: str | None = None, rng: Rng | None = None, catalog: Catalog | None = None,
                    variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Activate ``region_name`` for ``colour``. ``keep_on_top`` (0 or 1) picks which peeked event card
    stays on top (needed whenever two cards are peeked); ``payment``/``tactics`` pay an alliance base's "2 resources of any kind", ``moons`` (indices of
    claimed moons) are discarded for their reward first, as part of that payment (自由行动 · 弃掉一个卫星指示物:
    a moon may be discarded as part of paying a cost; A-F4); ``modules``
    and ``field_discard`` are the Maximus/Odessa purchase, ``first_to`` (2v2) the teammate who gains the first
    module bought instead (the turn's first module: 可选规则 · 2v2 模式 · 协作); ``choice``/``target`` the Shipyard
    (build_ship with a ship type, or repair with ``option:target``) and the Development Office (a planet)."""
    catalog = catalog or load_catalog()
    region = game.region(region_name)
    given = {name for name, value, default in (
        ("make_room", make_room, None), ("keep_on_top", keep_on_top, None), ("payment", payment, Goods()), ("tactics", tactics, ()),
        ("moons", tuple(moons), ()),
        ("modules", tuple(modules), ()), ("field_discard", field_discard, None), ("choice", choice, None),
        ("target", target, None), ("first_to", first_to, None)) if value != default}
    takes = {"planet": {"make_room"}, "nebula": {"make_room", "keep_on_top"}, "vortex": set()}.get(region.kind, set())
    if region.kind == "alliance_base":
        base = catalog.alliance_bases.get(region_name)
        takes = ({"payment", "tactics", "moons"} if base and base.pay_any else {"modules", "field_discard", "first_to"} if base and base.buy_modules
                 else {"choice", "target"} if region_name == "Shipyard" else {"target"})
    if given - takes:
        raise InvalidInput(", ".join(sorted(given - takes)), region_name, f"activating {region_name} ({region.kind}) takes "
                           f"{', '.join(sorted(takes)) or 'no choices'}")
    if region.kind == "nebula" and len(game.event_deck) >= 2 and (isinstance(keep_on_top, bool) or keep_on_top not in (0, 1)):
        raise InvalidInput("keep_on_top", keep_on_top, "0 or 1: which of the two peeked event cards stays on top (the "
                           "peeker's choice)")
    if not any(s.where == f"region:{region_name}" for s in game.player(colour).ships):
        raise IllegalAction("andromeda.activate.no_ship", f"{colour} has no ship on {region_name} to activate it", SECTION)
    if region.kind in ("planet", "nebula"):
        if region.moons:
            moon = region.moons[0]
            game = game.with_region(replace(region, moons=region.moons[1:]))
            game, text = claim_moon(game, colour, moon, make_room=make_room, variant=variant)
            yield Step("Take the moon", f"{text} {len(region.moons) - 1} moon(s) left on {region_name}.", f"{SECTION} · 拿取卫星", game)
        elif region.kind == "planet":
            game = gain(game, colour, region.printed)
            yield Step("No moon left", f"{region_name} has no moon left: {colour} gains the printed {region.printed}.", SECTION, game)
        if region.kind == "nebula":
            if len(game.event_deck) < 2:
                yield Step("Peek", "Fewer than two event cards are left to look at.", SECTION, game)
            else:
                top, second = game.event_deck[0], game.event_deck[1]
                kept, bottom = (top, second) if keep_on_top == 0 else (second, top)
                game = replace(game, event_deck=(kept,) + game.event_deck[2:] + (bottom,))
                yield Step("Peek at the event deck", f"{colour} looks secretly at {top} and {second}, puts {kept} back on top "
                           f"and {bottom} at the bottom.", SECTION, game, {"top": kept, "bottom": bottom})
        return game
    if region.kind == "vortex":
        game = gain(game, colour, region.reward)
        yield Step("Arrive at a Vortex", f"{colour} arrives at {region_name} and gains {region.reward} (A-F21).",
                   "可选规则 · 特殊地区 · Vortex 漩涡", game)
        return game
    if region.kind != "alliance_base":
        raise IllegalAction("andromeda.activate.nothing", f"{region_name} ({region.kind}) has nothing to activate", SECTION)
    base = catalog.alliance_bases.get(region_name)
    if base is None:
        raise InvalidInput("region", region_name, f"alliance bases: {sorted(catalog.alliance_bases)}")
    if base.pay_any:
        picked = tuple(moons)
        claimed = game.player(colour).moons
        if len(set(picked)) != len(picked) or not all(isinstance(i, int) and 0 <= i < len(claimed) for i in picked):
            raise InvalidInput("moons", picked, f"different indices of {colour}'s {len(claimed)} claimed moons (0-based)")
        if picked:
            for index in sorted(picked, reverse=True):
                game, said = discard_moon(game, colour, index)
                yield Step("Discard a moon to pay", said + " Its resources help pay for the alliance base (A-F4).",
                           "自由行动 · 弃掉一个卫星指示物", game)
        game = pay_any(game, colour, base.pay_any, payment, tactics, "andromeda.activate", BASES)
        if base.draw:
            game, drawn = draw_tactics(game, colour, base.draw, rng)
            text = f"draws {len(drawn)} tactics cards"
        else:
            game = gain(game, colour, base.gain)
            text = f"gains {base.gain}"
        yield Step(region_name, f"{colour} pays {payment.total + len(tactics)} resources and {text}.", BASES, game)
        return game
    if base.buy_modules:
        game = yield from advance_event(game, base.event_advance, catalog=catalog, variant=variant, reason=region_name)
        game = yield from acquire_modules(game, colour, modules, rows=base.buy_modules, paid=True, field_discard=field_discard,
                                          at_field=True, first_to=first_to, catalog=catalog, variant=variant)
        return game
    if region_name == "Shipyard":
        if choice == "build_ship":
            game = yield from build_ship(game, colour, target or "", catalog=catalog)
        elif choice == "repair":
            option, _, what = (target or "nothing").partition(":")
            game = yield from repair(game, colour, option, what or None)
        else:
            raise InvalidInput("choice", choice, "the Shipyard builds a ship ('build_ship') or repairs ('repair')")
        return game
    game = yield from build_development(game, colour, target or "", catalog=catalog, variant=variant)
    return game
