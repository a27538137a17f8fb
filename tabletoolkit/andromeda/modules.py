"""Acquiring modules (模块 · 购买或获取模块).

Each module gained goes into its row on the station with a damage marker per damage icon, and its
owner moves one space up the matching progress track. Whether it costs the board price is decided by
the gaining effect's icon (A-F11): ``paid=True`` for a barred icon. Through Maximus or Odessa Field you
must buy the first module; a player who cannot or will not buy a second must discard one module from
the named columns to the bottom of its deck. After every acquiring action the columns slide down and
refill from their decks.
"""

from __future__ import annotations

from typing import Sequence

from ..engine import IllegalAction, InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .effects import pay
from .catalog import MODULE_ROWS, Catalog, load_catalog
from .goods import Goods
from .tracks import advance_track
from .state import Game, Moon, StationModule
from .variant import RULEBOOK, AndromedaVariant

SECTION = "模块 · 购买或获取模块"
DISPLAY = 3


def _take(game: Game, colour: str, name: str, rows: Sequence[str], paid: bool, payment: Goods | None,
          catalog: Catalog, owner: str) -> tuple[Game, str]:
    card = catalog.module(name)
    if card.row not in rows or name not in game.display(card.row):
        raise IllegalAction("andromeda.modules.not_offered", f"{name} is not in the offered columns {tuple(rows)}", SECTION)
    if paid:
        game = pay(game, colour, catalog.module_cost[card.row], payment, "andromeda.modules", SECTION)
    display = dict(game.module_display)
    display[card.row] = tuple(m for m in display[card.row] if m != name)
    player = game.player(owner)
    game = replace(game, module_display=tuple(display.items()))
    game = game.with_player(replace(player, modules=player.modules + (StationModule(name, damage=card.damage_icons),)))
    cost = f"pays {payment or catalog.module_cost[card.row]} and " if paid else ""
    damage = f" with {card.damage_icons} damage marker(s) for its damage icons" if card.damage_icons else ""
    given = f" for teammate {owner} (2v2)" if owner != colour else ""
    return game, f"{colour} {cost}takes {name}{given} into the {card.row} row{damage}"


def _offered(game: Game, rows: Sequence[str]) -> tuple[str, ...]:
    return tuple(name for row in rows for name in game.display(row))


def refresh_columns(game: Game) -> Game:
    """Slide every column down and refill it from its deck (after each acquiring action)."""
    display, decks = dict(game.module_display), dict(game.module_decks)
    for row in MODULE_ROWS:
        shown, deck = list(display.get(row, ())), list(decks.get(row, ()))
        while len(shown) < DISPLAY and deck:
            shown.append(deck.pop(0))
        display[row], decks[row] = tuple(shown), tuple(deck)
    return replace(game, module_display=tuple(display.items()), module_decks=tuple(decks.items()))


@register_phase("andromeda.modules", title="Acquire modules", section=SECTION, notebook="andromeda_launch_turn.ipynb")
def acquire_modules(game: Game, colour: str, picks: Sequence[str], *, rows: Sequence[str] = MODULE_ROWS, paid: bool = True,
                    payments: Sequence[Goods | None] = (), field_discard: str | None = None, at_field: bool = False,
                    first_to: str | None = None, catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Gain the modules ``picks`` from the columns ``rows`` (paid or free by the gaining icon, A-F11).
    ``at_field``: through Maximus or Odessa Field, 1 or 2 bought; with 1, ``field_discard`` names the
    module sent to the bottom of its deck (none when no other module is offered there). ``first_to`` (2v2): the teammate who receives the first
    module of the turn and advances on its track instead (可选规则 · 2v2 模式 · 协作)."""
    catalog = catalog or load_catalog()
    if isinstance(rows, str) or not isinstance(rows, (list, tuple)) or isinstance(picks, str) or not isinstance(picks, (list, tuple)):
        raise InvalidInput("rows" if isinstance(rows, str) or not isinstance(rows, (list, tuple)) else "picks",
                           rows if isinstance(rows, str) or not isinstance(rows, (list, tuple)) else picks,
                           "a list of module rows and a list of module names")
    unknown = [r for r in rows if r not in MODULE_ROWS]
    if unknown:
        raise InvalidInput("rows", tuple(rows), f"module rows are {MODULE_ROWS}")
    if at_field and not 1 <= len(picks) <= 2:
        raise IllegalAction("andromeda.modules.field_count", "through Maximus or Odessa Field you buy 1 or 2 modules "
                            "(the first must be bought)", "发射回合 · 联盟基地行动")
    others = [m for m in _offered(game, rows) if m not in picks]
    if at_field and len(picks) == 1 and field_discard is None and others:
        raise IllegalAction("andromeda.modules.field_discard", "buying only 1 module there, you must discard 1 module "
                            "from the named columns", f"{SECTION} 4")
    if field_discard is not None and not (at_field and len(picks) == 1):
        raise InvalidInput("field_discard", field_discard, "a module is discarded only when buying a single module "
                           "through Maximus or Odessa Field")
    if at_field and len(picks) == 1 and field_discard is not None and (field_discard in picks or field_discard not in _offered(game, rows)):
        raise IllegalAction("andromeda.modules.not_offered", f"{field_discard} is not another module in the offered "
                            f"columns {tuple(rows)}", f"{SECTION} 4")
    if first_to is not None:
        game.player(first_to)
        if first_to == colour or game.team_of(first_to) is None or game.team_of(first_to) != game.team_of(colour):
            raise IllegalAction("andromeda.modules.not_teammate", f"{first_to} is not {colour}'s teammate: only a teammate "
                                "may gain the module instead (2v2)", "可选规则 · 2v2 模式 · 协作")
    for index, name in enumerate(picks):
        owner = first_to if index == 0 and first_to else colour
        game, text = _take(game, colour, name, rows, paid, payments[index] if index < len(payments) else None, catalog, owner)
        yield Step(f"Take {name}", text + ".", f"{SECTION} 1–2", game)
        row = catalog.module(name).row
        game = yield from advance_track(game, owner, row, 1, catalog=catalog, variant=variant)
    if at_field and len(picks) == 1 and field_discard is None:
        yield Step("Nothing to discard", f"{colour} buys only one, and no other module is offered in those columns: nothing is "
                   "discarded.", f"{SECTION} 4", game)
    elif at_field and len(picks) == 1 and field_discard is not None:
        card = catalog.module(field_discard)
        display, decks = dict(game.module_display), dict(game.module_decks)
        display[card.row] = tuple(m for m in display[card.row] if m != field_discard)
        decks[card.row] = decks.get(card.row, ()) + (field_discard,)
        game = replace(game, module_display=tuple(display.items()), module_decks=tuple(decks.items()))
        yield Step("Discard a module", f"{colour} buys only one, so {field_discard} goes to the bottom of its deck.", f"{SECTION} 4", game)
    game = refresh_columns(game)
    yield Step("Refresh the columns", "The modules slide down and the columns refill from their decks.", f"{SECTION} 5", game,
               {row: game.display(row) for row in MODULE_ROWS})
    return game



def rearrange(game: Game, colour: str, row: str, order: Sequence[str], catalog: Catalog | None = None) -> tuple[Game, str]:
    """Reorder a row of the station (modules may be rearranged at any time). A moon in an industry half
    slot whose two modules are split apart is discarded without reward (A-F18)."""
    catalog = catalog or load_catalog()
    player = game.player(colour)
    current = [m for m in player.modules if catalog.module(m.name).row == row]
    if sorted(order) != sorted(m.name for m in current):
        raise InvalidInput("order", tuple(order), f"an ordering of the {row} row: {[m.name for m in current]}")
    by_name = {m.name: m for m in current}
    others = [m for m in player.modules if catalog.module(m.name).row != row]
    modules = tuple(others) + tuple(by_name[name] for name in order)
    kept: list[tuple[str, str, Moon]] = []
    lost: list[tuple[str, str, Moon]] = []
    for left, right, moon in player.half_slots:
        together = left in order and right in order and abs(list(order).index(left) - list(order).index(right)) == 1
        (kept if together or left not in by_name else lost).append((left, right, moon))
    game = game.with_player(replace(player, modules=modules, half_slots=tuple(kept)))
    said = f"{colour} rearranges the {row} row: {', '.join(order)}."
    if lost:
        said += " " + "; ".join(f"the moon between {a} and {b} is discarded without reward" for a, b, _ in lost) + "."
    return game, said
