"""Free actions (自由行动): any number, at any time of your own turn; on other players' turns only
inserting moons and playing tactics cards (A-F18); during an event nothing unless stated (A-F19).

The actions: insert a moon, play a tactics card (five kinds, each with its moment), flip a development
card, spend an exploration or supremacy token, recruit leaders from regions where you have a ship,
discard a moon for its reward, collect bonus resources where you have a ship, use a faction power
(sample data: the text gives no power's content). The tactics hand limit
(5 plus the civilization track) is checked at the end of your turn.
"""

from __future__ import annotations

from typing import Any

from ..engine import IllegalAction, InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .effects import advance_event, gain
from .catalog import Catalog, load_catalog
from .goods import Goods
from .develop import use_development_card
from .moons import moon_action
from .state import Game
from .variant import RULEBOOK, AndromedaVariant

SECTION = "自由行动"
TACTICS = "自由行动 · 战术卡类型"
ACTIONS = ("insert_moon", "play_tactics", "flip_development", "spend_exploration", "spend_supremacy",
           "recruit", "discard_moon", "collect_bonus", "faction_power")
ANY_TURN = ("insert_moon", "play_tactics")
#: The details each action takes; any other is refused rather than ignored.
DETAILS = {
    "insert_moon": ("index", "target"), "discard_moon": ("index", "repair"), "play_tactics": ("card",),
    "flip_development": ("kind", "archive_pick", "payment", "tactics", "gain", "module", "repairs", "first_to"),
    "spend_exploration": ("index",), "spend_supremacy": ("index",), "recruit": ("region", "count"),
    "collect_bonus": ("region",), "faction_power": (),
}
MOMENTS = ("own_turn", "other_turn", "battle", "diplomacy", "event", "return")

#: When each tactics kind may be played (自由行动 · 战术卡类型). ``return`` is your own return turn: still
#: your turn, so event and persistent cards may be played then (a persistent one is discarded at its step 3).
KIND_MOMENTS = {
    "action": ("own_turn", "other_turn", "return"),
    "event": ("own_turn", "return"),
    "persistent": ("own_turn", "return"),
    "diplomacy": ("diplomacy",),
    "battle": ("battle", "diplomacy"),
}


def tactics_verdict(kind: str, moment: str) -> str:
    """"legal" or the rule refusing a tactics card of ``kind`` at ``moment``."""
    if moment not in MOMENTS:
        raise InvalidInput("moment", moment, f"one of {MOMENTS}")
    if moment == "event":
        return "andromeda.free_actions.during_event: nothing may be played during an event unless a card says so (A-F19)"
    if moment not in KIND_MOMENTS[kind]:
        reasons = {
            "action": "action cards are never played in a battle",
            "event": "event cards are played on your own turn",
            "persistent": "persistent cards are played on your own turn",
            "diplomacy": "diplomacy cards are played only in the diplomacy step of a battle you take part in",
            "battle": "battle cards are played during a battle",
        }
        return f"andromeda.free_actions.tactics_timing: {reasons[kind]}"
    return "legal"


@register_phase("andromeda.free_actions", title="A free action", section=SECTION, notebook="andromeda_launch_turn.ipynb")
def free_action(game: Game, colour: str, action: str, *, moment: str | None = None, catalog: Catalog | None = None,
                variant: AndromedaVariant = RULEBOOK, rng: Rng | None = None, **details: Any) -> Procedure:
    """Carry out one free action. ``moment`` (for tactics cards) defaults to ``own_turn`` for the
    active player and ``other_turn`` otherwise. ``details`` are the action's arguments:
    ``insert_moon``: index, target; ``play_tactics``: card; ``flip_development``: kind (+ its ability's
    arguments); ``spend_exploration`` / ``spend_supremacy``: index; ``recruit``: region, count;
    ``discard_moon``: index (+ repair); ``collect_bonus``: region; ``faction_power``: nothing (sample powers
    that give resources once per turn)."""
    catalog = catalog or load_catalog()
    if action not in ACTIONS:
        raise InvalidInput("action", action, f"one of {ACTIONS}")
    unknown = sorted(set(details) - set(DETAILS[action]))
    if unknown:
        raise InvalidInput("details", unknown, f"{action} takes {DETAILS[action] or 'no details'}")
    own_turn = game.active == colour
    moment = moment or ("own_turn" if own_turn else "other_turn")
    if moment == "event" and action != "play_tactics":
        raise IllegalAction("andromeda.free_actions.during_event", "nothing may be done during an event unless stated (A-F19)", SECTION)
    if not own_turn and action not in ANY_TURN:
        raise IllegalAction("andromeda.free_actions.not_your_turn", f"on another player's turn only inserting moons and "
                            f"playing tactics cards are allowed, not {action.replace('_', ' ')}", SECTION)
    player = game.player(colour)
    if action == "insert_moon":
        game = yield from moon_action(game, colour, "insert", details.get("index", 0), target=details.get("target"), catalog=catalog)
    elif action == "discard_moon":
        game = yield from moon_action(game, colour, "discard", details.get("index", 0),
                                      repair=details.get("repair", ("nothing", None)), catalog=catalog)
    elif action == "play_tactics":
        card = details.get("card")
        if card not in player.tactics:
            raise IllegalAction("andromeda.free_actions.no_card", f"{colour} holds no {card!r}", TACTICS)
        kind = catalog.tactics_kinds.get(card)
        if kind is None:
            raise InvalidInput("card", card, f"a tactics card in the catalog: {sorted(catalog.tactics_kinds)}")
        verdict = tactics_verdict(kind, moment)
        if verdict != "legal":
            rule, reason = verdict.split(": ", 1)
            raise IllegalAction(rule, reason, TACTICS)
        hand = list(player.tactics)
        hand.remove(card)
        if kind == "persistent":
            game = game.with_player(replace(player, tactics=tuple(hand), persistent=player.persistent + (card,)))
            text = f"{colour} plays {card} (persistent): it stays in play until they return to their station."
        else:
            game = replace(game.with_player(replace(player, tactics=tuple(hand))), tactics_discard=game.tactics_discard + (card,))
            text = f"{colour} plays {card} ({kind}) and, once resolved, discards it face up."
        yield Step("Play a tactics card", text + " (The card's own effect is resolved as printed.)", TACTICS, game, {"kind": kind})
        if kind == "event":
            game = yield from advance_event(game, 1, catalog=catalog, variant=variant, reason=f"the event card {card}")
    elif action == "flip_development":
        args = {k: v for k, v in details.items() if k != "kind"}
        game = yield from use_development_card(game, colour, details.get("kind", ""), catalog=catalog, variant=variant, **args)
    elif action in ("spend_exploration", "spend_supremacy"):
        field = "exploration" if action == "spend_exploration" else "supremacy_tokens"
        tokens = getattr(player, field)
        index = details.get("index", 0)
        if not isinstance(index, int) or not 0 <= index < len(tokens):
            raise IllegalAction("andromeda.free_actions.no_token", f"{colour} has no unused token number {index}", SECTION)
        token = tokens[index]
        game = game.with_player(replace(player, **{field: tokens[:index] + tokens[index + 1:]}))
        game = gain(game, colour, token)
        yield Step("Spend a token", f"{colour} discards the token for its reward: {token}.", "自由行动 · 弃掉一个探索或霸权指示物", game)
    elif action == "recruit":
        region = game.region(details.get("region", ""))
        count = details.get("count", 1)
        if not any(s.where == f"region:{region.name}" for s in player.ships):
            raise IllegalAction("andromeda.free_actions.no_ship_there", f"{colour} has no ship on {region.name}", "自由行动 · 招募领袖")
        if not isinstance(count, int) or not 1 <= count <= region.leaders[colour]:
            raise IllegalAction("andromeda.free_actions.no_leader", f"{region.name} holds {region.leaders[colour]} {colour} "
                                f"leader(s), not {count}", "自由行动 · 招募领袖")
        game = game.with_region(replace(region, leaders=region.leaders.minus(Goods.of({colour: count}))))
        game = game.with_player(replace(game.player(colour), leaders=player.leaders + count))
        yield Step("Recruit leaders", f"{colour} recruits {count} leader(s) from {region.name} to the station.", "自由行动 · 招募领袖", game)
    elif action == "collect_bonus":
        region = game.region(details.get("region", ""))
        if not any(s.where == f"region:{region.name}" for s in player.ships):
            raise IllegalAction("andromeda.free_actions.no_ship_there", f"{colour} has no ship on {region.name}", "自由行动 · 收集奖励资源")
        if not region.bonus:
            raise IllegalAction("andromeda.free_actions.no_bonus", f"no bonus resources lie on {region.name}", "自由行动 · 收集奖励资源")
        game = gain(game.with_region(replace(region, bonus=Goods())), colour, region.bonus)
        yield Step("Collect bonus resources", f"{colour} collects {region.bonus} from {region.name}.", "自由行动 · 收集奖励资源", game)
    elif action == "faction_power":
        faction = catalog.factions.get(player.faction)
        if faction is None or not faction.turn_gain:
            raise IllegalAction("andromeda.free_actions.no_power", f"{colour}'s faction has no power to use as a free action "
                                "(faction powers are sample data)", "自由行动 · 使用派系能力")
        if player.power_used:
            raise IllegalAction("andromeda.free_actions.power_used", f"{faction.name}'s power works once per turn", "自由行动 · 使用派系能力")
        game = gain(game.with_player(replace(player, power_used=True)), colour, faction.turn_gain)
        yield Step("Faction power", f"{colour} uses {faction.name}'s power: {faction.power}", "自由行动 · 使用派系能力", game)
    return game



