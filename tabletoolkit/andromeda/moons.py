"""Moons (拿取卫星; 自由行动 · 插入卫星指示物 / 弃掉一个卫星指示物).

The claimed-moon area holds at most 4. On your own turn you may discard a claimed moon for its
reward (resources, VP, a repair for the repair icon). A moon gained on another player's turn may push
one out, without its reward. At any time a claimed moon may go into a module slot or the tactical
operations slot: repair-icon moons never in input slots, slot VP scores once on insertion, a replaced
slot moon is discarded without reward (A-F18). Industry half slots take a moon only where two
industry modules sit side by side.
"""

from __future__ import annotations


from ..engine import IllegalAction, InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .effects import draw_tactics, gain, gain_vp
from .catalog import Catalog, load_catalog
from .repair import apply_repair
from .state import Game, Moon
from .variant import RULEBOOK, AndromedaVariant

CLAIM = "发射回合 · 拿取卫星"
INSERT = "自由行动 · 插入卫星指示物"
DISCARD = "自由行动 · 弃掉一个卫星指示物"
SLOTS = "模块 · 把卫星插入模块"


def claim_moon(game: Game, colour: str, moon: Moon, *, own_turn: bool = True, make_room: int | None = None,
               variant: AndromedaVariant = RULEBOOK) -> tuple[Game, str]:
    """Put ``moon`` into the claimed-moon area; when full, ``make_room`` names the claimed moon
    discarded first (with its reward on your own turn, without on another's)."""
    player = game.player(colour)
    said = ""
    if len(player.moons) >= variant.claimed_moon_limit:
        if make_room is None:
            raise IllegalAction("andromeda.moons.full", f"{colour}'s claimed-moon area already holds "
                                f"{variant.claimed_moon_limit} moons: discard or insert one first (make_room)", CLAIM)
        game, said = discard_moon(game, colour, make_room, reward=own_turn)
        said += " "
        player = game.player(colour)
    return game.with_player(replace(player, moons=player.moons + (moon,))), said + f"{colour} claims {moon}."


def discard_moon(game: Game, colour: str, index: int, *, reward: bool = True, repair: tuple[str, str | None] = ("nothing", None)) -> tuple[Game, str]:
    """Discard claimed moon ``index``: its resources and VP (and a repair) when ``reward``."""
    player = game.player(colour)
    if not isinstance(index, int) or not 0 <= index < len(player.moons):
        raise InvalidInput("index", index, f"one of the {len(player.moons)} claimed moons (0-based)")
    moon = player.moons[index]
    game = game.with_player(replace(player, moons=player.moons[:index] + player.moons[index + 1:]))
    if not reward:
        return game, f"{colour} discards {moon} without its reward."
    game = gain(game, colour, moon.goods)
    text = f"{colour} discards {moon} for {moon.goods.resources or 'no resources'}" + (f" and {moon.goods['vp']} VP" if moon.goods["vp"] else "")
    if moon.repair:
        game, said = apply_repair(game, colour, *repair)
        text += f"; repair: {said}"
    return game, text + "."


@register_phase("andromeda.moons", title="Claim, discard and insert moons", section=CLAIM, notebook="andromeda_launch_turn.ipynb")
def moon_action(game: Game, colour: str, action: str, index: int, *, target: str | None = None, own_turn: bool | None = None,
                repair: tuple[str, str | None] = ("nothing", None), catalog: Catalog | None = None) -> Procedure:
    """``action`` on claimed moon ``index``: ``"discard"`` (own turn only) or ``"insert"`` into
    ``target``: a module name, ``"tactical_ops"``, or ``"half:<left>|<right>"`` for an industry half slot.
    ``own_turn`` defaults to whether ``colour`` is the active player."""
    catalog = catalog or load_catalog()
    own_turn = game.active == colour if own_turn is None else own_turn
    player = game.player(colour)
    if not isinstance(index, int) or not 0 <= index < len(player.moons):
        raise InvalidInput("index", index, f"one of the {len(player.moons)} claimed moons (0-based)")
    moon = player.moons[index]
    if action == "discard":
        if not own_turn:
            raise IllegalAction("andromeda.moons.not_your_turn", "moons are discarded for their reward only on your own turn", DISCARD)
        game, text = discard_moon(game, colour, index, repair=repair)
        yield Step("Discard a moon", text, DISCARD, game)
        return game
    if action != "insert":
        raise InvalidInput("action", action, "'discard' or 'insert'")
    rest = player.moons[:index] + player.moons[index + 1:]
    replaced = None
    if target == "tactical_ops":
        replaced, player = player.tactical_ops, replace(player, moons=rest, tactical_ops=moon)
        slot_vp, where = 0, "the tactical operations slot"
    elif target and target.startswith("half:"):
        left, _, right = target[5:].partition("|")
        rows = [m.name for m in player.modules if catalog.module(m.name).row == "industry"]
        if left not in rows or right not in rows or abs(rows.index(left) - rows.index(right)) != 1:
            raise IllegalAction("andromeda.moons.no_full_slot", f"{left} and {right} are not two industry modules side by "
                                "side: a half slot takes a moon only when two halves make a full slot", f"{SLOTS} (卫星半块插槽)")
        pairs = [(a, b, m) for a, b, m in player.half_slots if {a, b} != {left, right}]
        old = [m for a, b, m in player.half_slots if {a, b} == {left, right}]
        replaced = old[0] if old else None
        player = replace(player, moons=rest, half_slots=tuple(pairs) + ((left, right, moon),))
        slot_vp, where = 0, f"the half slot between {left} and {right}"
    else:
        module = player.module(target or "")
        card = catalog.module(module.name)
        if not (card.input_slot or card.output_slot):
            raise IllegalAction("andromeda.moons.no_slot", f"{card.name} has no moon slot", SLOTS)
        if card.input_slot and moon.repair:
            raise IllegalAction("andromeda.moons.repair_in_input", "a moon with the repair icon never goes into an input slot", SLOTS)
        replaced = module.moon
        player = replace(player, moons=rest).with_module(replace(module, moon=moon))
        slot_vp, where = card.slot_vp, f"{card.name}'s slot"
    game = game.with_player(player)
    text = f"{colour} inserts {moon} into {where}; it can no longer be discarded for its reward."
    if replaced is not None:
        text += f" The moon it replaces ({replaced}) is discarded without reward."
    if slot_vp:
        game = gain_vp(game, colour, slot_vp)
        text += f" The slot scores {slot_vp} VP once."
    yield Step("Insert a moon", text, INSERT, game)
    return game


def tactical_operation(game: Game, colour: str, choice: str, rng=None) -> tuple[Game, str]:
    """After losing a battle (战斗 · 战术行动, A-R12): draw 1 tactics card (``"draw"``) or gain the
    resources of the moon in the tactical-operations slot (``"moon"``)."""
    if choice == "draw":
        game, drawn = draw_tactics(game, colour, 1, rng)
        return game, f"{colour} draws {len(drawn)} tactics card."
    if choice != "moon":
        raise InvalidInput("choice", choice, "'draw' (1 tactics card) or 'moon' (the slotted moon's resources)")
    moon = game.player(colour).tactical_ops
    if moon is None:
        raise IllegalAction("andromeda.moons.no_tactical_moon", f"{colour} has no moon in the tactical-operations slot",
                            "战斗 · 战术行动")
    return gain(game, colour, moon.goods.resources), f"{colour} gains {moon.goods.resources} from the slotted moon."
