"""The return turn (返回空间站回合): activate modules, return every ship, discard the spent energy.

Activation constraints (步骤 1 激活模块, A-F16): a ship from the board or the repair barge (never the
scrapyard's top, never the launch bay) or 1 energy goes on the module's dock; energy only in a row
where a ship already activated a module this turn; never a damaged module; never a module already
holding a ship or energy; tech (science) modules have no dock and activate only through the Primary
Reactor, which a ship must activate; a module with an input slot needs a moon in it. Industry modules
joined by a moon in their shared half slot give that moon's reward once both are activated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..engine import IllegalAction, InvalidInput, Rng, Step, register_phase, run
from ..engine.steps import Procedure
from ..engine.frozen import replace, replace_valid
from .effects import draw_tactics, gain
from .catalog import Catalog, ModuleCard, load_catalog
from .develop import build_development
from .goods import Goods
from .repair import apply_repair
from .ships import build_ship
from .state import Game, Player
from .variant import RULEBOOK, AndromedaVariant

TURN = "返回空间站回合"
STEP1 = "返回空间站回合 · 步骤 1 激活模块"
STEP2 = "返回空间站回合 · 步骤 2 返回所有飞船"
STEP3 = "返回空间站回合 · 步骤 3 弃掉能量"
CORE = "返回空间站回合 · 核心模块"
SLOTS = "模块 · 把卫星插入模块"


@dataclass(frozen=True)
class Activate:
    """One activation: ``module`` by ``by`` (a ship id or ``"energy"``). ``choice`` picks the action of a
    module offering two (``"build_ship"``/``"repair"``, ``"draw_tactics"``/``"develop"``); ``target`` is
    its object (a ship type, a planet, or ``"option:target"`` for a module giving one repair). ``repairs``
    names each repair the module gives, in order, as ``(option, target)`` (``repair.OPTIONS``): each is a
    choice of its own, made on the station as the previous one left it. ``tech`` lists the tech modules the
    Primary Reactor activates (None: every one that can be)."""

    module: str
    by: str
    choice: str | None = None
    target: str | None = None
    tech: tuple[str, ...] | None = None
    repairs: tuple[tuple[str, str | None], ...] = ()


def must_return(game: Game, colour: str) -> bool:
    """True when the launch bay is empty at the start of the turn: the player must return (返回空间站)."""
    return not game.player(colour).ships_at("bay")


def _module_check(player: Player, card: ModuleCard, activated: set[str], cost: Goods) -> str | None:
    module = player.module(card.name)
    if card.name in activated or module.occupant is not None:
        return "andromeda.return.occupied: it already holds a ship or energy this turn"
    if module.damaged:
        return "andromeda.return.damaged: a module with a damage marker cannot be activated"
    if card.input_slot and module.moon is None:
        return "andromeda.return.input_slot_empty: its input slot has no moon"
    if not player.resources.has(cost):
        return f"andromeda.return.cannot_afford: it costs {cost}, the station has {player.resources}"
    return None


def _cost(player: Player, card: ModuleCard) -> Goods:
    moon = player.module(card.name).moon
    return card.pay + moon.goods.resources if card.input_slot and moon else card.pay


def activation_options(game: Game, colour: str, by: str, activated: frozenset[str] = frozenset(),
                       ship_rows: frozenset[str] = frozenset(), catalog: Catalog | None = None) -> dict[str, str]:
    """Every module on the station with "legal" or the refusing rule, for an activation by ``by``."""
    catalog = catalog or load_catalog()
    player = game.player(colour)
    verdicts = {}
    for module in player.modules:
        try:
            _check(game, colour, Activate(module.name, by), set(activated), set(ship_rows), catalog)
            verdicts[module.name] = "legal"
        except IllegalAction as refusal:
            verdicts[module.name] = f"{refusal.rule}: {refusal.reason}"
    return verdicts


def _check(game: Game, colour: str, act: Activate, activated: set[str], ship_rows: set[str], catalog: Catalog) -> ModuleCard:
    player = game.player(colour)
    player.module(act.module)
    card = catalog.module(act.module)
    if act.choice is not None and act.choice not in card.choices:
        raise InvalidInput("choice", act.choice, f"{card.name} offers {card.choices or 'no choice'}")
    if act.tech is not None and not card.activates_tech:
        raise InvalidInput("tech", act.tech, f"only the Primary Reactor activates tech modules, not {card.name}")
    if card.end_game:
        raise IllegalAction("andromeda.return.no_dock", f"{card.name} scores at the end of the game and has no dock", STEP1)
    if card.is_tech and not card.activates_tech:
        raise IllegalAction("andromeda.return.tech_via_reactor", f"{card.name} is a tech module: it activates only "
                            "through the Primary Reactor", STEP1)
    if act.by == "energy":
        if card.activates_tech:
            raise IllegalAction("andromeda.return.reactor_needs_ship", "the Primary Reactor must be activated by a ship", STEP1)
        if card.row not in ship_rows:
            raise IllegalAction("andromeda.return.energy_needs_ship", f"energy activates a module only in a row where a ship "
                                f"already activated one; no ship has activated a {card.row} module yet", STEP1)
        if player.resources["energy"] < 1 + _cost(player, card)["energy"]:
            raise IllegalAction("andromeda.return.no_energy", f"{colour} has no energy to place", STEP1)
    else:
        ship = player.ship(act.by)
        if ship.where == "scrapyard":
            raise IllegalAction("andromeda.return.scrapyard", f"{ship.id} is on the scrapyard's top: only ships on the board "
                                "or the repair barge activate modules", STEP1)
        if ship.where.startswith("module:"):
            raise IllegalAction("andromeda.return.ship_used", f"{ship.id} already activated {ship.where[7:]}", STEP1)
        if not (ship.on_board or ship.where == "barge"):
            raise IllegalAction("andromeda.return.ship_not_returning", f"{ship.id} is in the {ship.where}: only ships on the "
                                "board or the repair barge activate modules", STEP1)
    verdict = _module_check(player, card, activated, _cost(player, card))
    if verdict:
        rule, reason = verdict.split(": ", 1)
        raise IllegalAction(rule, f"{card.name}: {reason}", STEP1 if "slot" not in rule else SLOTS)
    return card


def module_action(game: Game, colour: str, card: ModuleCard, act: Activate, rng: Rng | None, catalog: Catalog,
                  variant: AndromedaVariant) -> tuple[Game, str]:
    """A module's action once its ship or energy is placed: pay its cost side, then give its reward (resources,
    VP, cards, repairs, choices)."""
    player = game.player(colour)
    cost = _cost(player, card)
    game = game.with_player(replace(player, resources=player.resources.minus(cost)))
    moon = player.module(card.name).moon
    reward = card.gain + (moon.goods.only(("energy", "titanium", "ice", "nanocarbon", "credit", "vp"))
                          if card.output_slot and moon else Goods())
    game = gain(game, colour, reward)
    said = [f"pays {cost}" if cost else "", f"gains {reward}" if reward else ""]
    if card.draw:
        game, drawn = draw_tactics(game, colour, card.draw, rng)
        said.append(f"draws {len(drawn)} tactics card(s)")
    repairs = card.repair + (1 if card.output_slot and moon and moon.repair else 0)
    if card.choices:
        if act.choice not in card.choices:
            raise InvalidInput("choice", act.choice, f"{card.name} offers {card.choices}")
        if act.choice == "draw_tactics":
            game, drawn = draw_tactics(game, colour, 1, rng)
            said.append(f"draws {len(drawn)} tactics card")
        elif act.choice == "repair":
            repairs += 1
        elif act.choice == "build_ship":
            game = run(build_ship(game, colour, act.target or "", catalog=catalog)).result
            said.append(f"builds a {act.target}")
        elif act.choice == "develop":
            game = run(build_development(game, colour, act.target or "", catalog=catalog, variant=variant)).result
            said.append(f"builds a development on {act.target}")
    for option, target in _repairs(card, act, repairs):
        game, text = apply_repair(game, colour, option, target)
        said.append(text)
    return game, "; ".join(s for s in said if s) or "no effect"


def _repairs(card: ModuleCard, act: Activate, owed: int) -> tuple[tuple[str, str | None], ...]:
    """The ``owed`` repairs of this activation as the player named them: ``act.repairs``, or for a single
    repair ``act.target``'s ``"option:target"``; with nothing named, each repair is ``"nothing"``."""
    if act.repairs:
        if len(act.repairs) != owed or not all(isinstance(r, tuple) and len(r) == 2 for r in act.repairs):
            raise InvalidInput("repairs", act.repairs, f"{card.name} gives {owed} repair(s) here: name each as (option, target)")
        return act.repairs
    spec = act.target if act.choice in (None, "repair") and act.target else None
    if spec is not None and owed > 1:
        raise InvalidInput("repairs", act.target, f"{card.name} gives {owed} repairs here, each a choice of its own: name "
                           "each as repairs=((option, target), ...)")
    option, _, target = (spec or "nothing").partition(":")
    return ((option, target or None),) * owed


@register_phase("andromeda.return", title="Return turn: activate modules, return ships, discard energy", section=TURN,
                notebook="andromeda_return_turn.ipynb")
def return_turn(game: Game, colour: str, activations: Sequence[Activate] = (), *, rng: Rng | None = None,
                catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Carry out a return turn: the activations in order (each checked against every constraint),
    then every ship back to the launch bay (shielded ships shed their damage), then the spent energy and
    persistent tactics cards discarded."""
    catalog = catalog or load_catalog()
    yield Step("Return to the station", f"{colour} returns all ships this turn"
               + (" (the launch bay is empty, so they must)." if must_return(game, colour) else "."), TURN, game)
    game, _ = yield from activate_modules(game, colour, activations, rng=rng, catalog=catalog, variant=variant)
    game = yield from return_ships(game, colour, sum(1 for act in activations if act.by == "energy"), catalog=catalog)
    return game


def return_ships(game: Game, colour: str, spent: int = 0, *, catalog: Catalog | None = None) -> Procedure:
    """Steps 2-3 of a return turn: every ship back to the launch bay (shielded ships shed their damage), then
    the ``spent`` energy placed on modules and the persistent tactics cards discarded."""
    catalog = catalog or load_catalog()
    player = game.player(colour)
    returned = []
    ships = []
    for ship in player.ships:
        if ship.on_board or ship.where in ("scrapyard", "barge") or ship.where.startswith("module:"):
            spec = catalog.ship(ship.kind, ship.kind in player.upgrades)
            ships.append(replace_valid(ship, where="bay", damage=0 if spec.shields else ship.damage))
            returned.append(ship.id)
        else:
            ships.append(ship)
    modules = tuple(replace(m, occupant=None) for m in player.modules)
    game = game.with_player(replace(player, ships=tuple(ships), modules=modules))
    yield Step("2 Return every ship", f"{', '.join(returned) or 'no ship'} go back to the launch bay, from the modules, "
               "the scrapyard and the board; shielded ships lose their damage markers.", STEP2, game, {"returned": tuple(returned)})
    player = game.player(colour)
    game = replace(game.with_player(replace(player, persistent=())), tactics_discard=game.tactics_discard + player.persistent)
    yield Step("3 Discard the energy", f"The {spent} energy placed on modules goes back to the supply"
               + (f"; the persistent tactics cards {', '.join(player.persistent)} are discarded." if player.persistent else "."),
               STEP3, game, {"energy spent": spent})
    return game


@dataclass(frozen=True)
class Activated:
    """What step 1 of a return turn has used so far: modules activated, rows a ship activated in, half
    slots paid (an activation is checked against them)."""

    modules: frozenset[str] = frozenset()
    ship_rows: frozenset[str] = frozenset()
    half_slots: frozenset[tuple[str, str]] = frozenset()


def activate_modules(game: Game, colour: str, activations: Sequence[Activate], *, so_far: Activated = Activated(),
                     rng: Rng | None = None, catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Step 1 of a return turn: ``activations`` in order, each checked against every constraint and what
    was activated before (``so_far``). Returns the game and what is used now (``Activated``), so a whole
    game can check one more activation without replaying the ones before it."""
    catalog = catalog or load_catalog()
    activated, ship_rows, paid_half_slots = set(so_far.modules), set(so_far.ship_rows), set(so_far.half_slots)
    for act in activations:
        card = _check(game, colour, act, activated, ship_rows, catalog)
        player = game.player(colour)
        module = player.module(card.name)
        if act.by == "energy":
            player = replace(player, resources=player.resources.minus(Goods.of(energy=1)))
            how = "1 energy"
        else:
            ship = player.ship(act.by)
            player = player.with_ship(replace_valid(ship, where=f"module:{card.name}"))
            ship_rows.add(card.row)
            how = f"{ship.id} (from {ship.where.replace('region:', '')})"
        game = game.with_player(player.with_module(replace(module, occupant=act.by)))
        activated.add(card.name)
        game, text = module_action(game, colour, card, act, rng, catalog, variant)
        yield Step(f"Activate {card.name}", f"{how} activates {card.name}: {text}.", CORE if card.core else STEP1, game,
                   {"module": card.name, "by": act.by})
        if card.activates_tech:
            game = yield from _tech_modules(game, colour, act, activated, rng, catalog, variant)
        game = yield from _half_slots(game, colour, activated, paid_half_slots)
    return game, Activated(frozenset(activated), frozenset(ship_rows), frozenset(paid_half_slots))


def _tech_modules(game: Game, colour: str, act: Activate, activated: set[str], rng: Rng | None, catalog: Catalog,
                  variant: AndromedaVariant) -> Procedure:
    player = game.player(colour)
    techs = [catalog.module(m.name) for m in player.modules if catalog.module(m.name).is_tech and not catalog.module(m.name).activates_tech]
    wanted = act.tech
    if wanted is not None:
        unknown = set(wanted) - {c.name for c in techs}
        if unknown:
            raise InvalidInput("tech", sorted(unknown), f"tech modules on {colour}'s station: {[c.name for c in techs]}")
    refused = {}
    for card in techs:
        if wanted is not None and card.name not in wanted:
            continue
        verdict = _module_check(game.player(colour), card, activated, _cost(game.player(colour), card))
        if verdict:
            refused[card.name] = verdict
            if wanted is not None:
                rule, reason = verdict.split(": ", 1)
                raise IllegalAction(rule, f"{card.name}: {reason}", STEP1)
            continue
        activated.add(card.name)
        game, text = module_action(game, colour, card, Activate(card.name, act.by), rng, catalog, variant)
        yield Step(f"Tech module {card.name}", f"Through the Primary Reactor, {card.name} activates: {text}.", CORE, game,
                   {"module": card.name})
    if refused:
        yield Step("Tech modules that cannot activate", "; ".join(f"{n} — {v.split(': ', 1)[1]}" for n, v in refused.items()),
                   STEP1, game, {"refused": refused})
    return game


def check_tech(game: Game, colour: str, act: Activate, activated: frozenset[str] | set[str], catalog: Catalog) -> ModuleCard:
    """The card of the tech module ``act`` names if it may be activated now through the Primary Reactor (核心模块):
    ``act.by`` is the ship a Primary Reactor holds this turn, the module is another tech module not activated yet,
    undamaged, complete (a moon in its input slot) and affordable; otherwise the refusal is raised."""
    player = game.player(colour)
    player.module(act.module)
    card = catalog.module(act.module)
    if not card.is_tech or card.activates_tech:
        raise InvalidInput("module", act.module, "another tech module than the Primary Reactor (the science row)")
    if act.choice is not None and act.choice not in card.choices:
        raise InvalidInput("choice", act.choice, f"{card.name} offers {card.choices or 'no choice'}")
    where = player.ship(act.by).where if act.by != "energy" else ""
    if not (where.startswith("module:") and catalog.module(where[7:]).activates_tech):
        raise IllegalAction("andromeda.return.reactor_first", f"{card.name} is a tech module: it activates only through "
                            f"the Primary Reactor, once a ship has activated it this turn ({act.by} is not on it)", CORE)
    verdict = _module_check(player, card, set(activated), _cost(player, card))
    if verdict:
        rule, reason = verdict.split(": ", 1)
        raise IllegalAction(rule, f"{card.name}: {reason}", CORE if "slot" not in rule else SLOTS)
    return card


def activate_tech(game: Game, colour: str, act: Activate, *, so_far: Activated = Activated(), rng: Rng | None = None,
                  catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """One more tech module activated through the Primary Reactor that ``act.by`` activated this turn (核心模块:
    the reactor activates any number of the other tech modules, each the player's choice, one at a time).
    Returns the game and what step 1 has used so far (``Activated``)."""
    catalog = catalog or load_catalog()
    card = check_tech(game, colour, act, so_far.modules, catalog)
    game, text = module_action(game, colour, card, act, rng, catalog, variant)
    yield Step(f"Tech module {card.name}", f"Through the Primary Reactor, {card.name} activates: {text}.", CORE, game,
               {"module": card.name})
    return game, replace(so_far, modules=so_far.modules | {card.name})


def _half_slots(game: Game, colour: str, activated: set[str], paid: set[tuple[str, str]]) -> Procedure:
    for left, right, moon in game.player(colour).half_slots:
        if left in activated and right in activated and (left, right) not in paid:
            paid.add((left, right))
            game = gain(game, colour, moon.goods.only(("energy", "titanium", "ice", "nanocarbon", "credit", "vp")))
            yield Step("Shared half slot", f"{left} and {right} are both activated: the moon between them gives {moon.goods}.",
                       f"{SLOTS} (卫星半块插槽)", game)
    return game
