"""Optional rules (可选规则): special regions (Quasars, Vortices), destiny cards, the 2v2 mode.

Special regions score at the end for each adjacent development (a step after development scoring,
in ``scoring.score_player``); a Vortex pays its reward when you arrive and at the start of each of your
turns while you have a ship there, once per Vortex (A-F21). Destiny cards: 2 dealt, 1 kept; each of its
2 goals scores when your marker is highest or tied highest on its track (a step after leaders). 2v2:
teammates never battle each other, may transfer one item per turn, may hand the first module of a turn
to the teammate, and score as a team (the sum); battles pool a team's dice (the battle phases).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..engine import IllegalAction, InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .effects import vortex_rewards
from .catalog import Catalog, load_catalog
from .goods import Goods
from .scoring import final_scoring
from .state import Game
from .variant import RULEBOOK, AndromedaVariant

SPECIAL = "可选规则 · 特殊地区"
VORTEX = "可选规则 · 特殊地区 · Vortex 漩涡"
DESTINY = "可选规则 · 命运卡"
TEAMS = "可选规则 · 2v2 模式"
TRANSFERABLE = ("resource", "tactics", "moon", "supremacy", "exploration")



def deal_destiny(cards: Sequence[tuple[str, tuple[tuple[str, int], ...]]], colours: Sequence[str], keep: Mapping[str, int],
                 rng: Rng) -> dict[str, tuple[tuple[str, str, int], ...]]:
    """Deal 2 destiny cards to each player; each keeps one (``keep``: 0 or 1). A card is (name, goals),
    goals being (track, VP) pairs. Returns each player's kept goals as (card, track, VP)."""
    if len(cards) < 2 * len(colours):
        raise InvalidInput("cards", len(cards), f"2 destiny cards for each of {len(colours)} players")
    deck = rng.shuffled(list(cards))
    kept = {}
    for i, colour in enumerate(colours):
        choice = keep.get(colour, 0)
        if choice not in (0, 1):
            raise InvalidInput(f"keep.{colour}", choice, "0 or 1: which of the 2 dealt destiny cards is kept")
        name, goals = deck[2 * i + choice]
        kept[colour] = tuple((name, track, vp) for track, vp in goals)
    return kept


def battle_needed(owners: Sequence[str], teams: Mapping[str, str], pirates: int = 0) -> bool:
    """2v2: a region holding only one team's ships (and no pirate) sees no battle."""
    factions = {teams.get(owner, owner) for owner in owners}
    return len(factions) + (1 if pirates else 0) >= 2


def transfer(game: Game, giver: str, receiver: str, kind: str, item: str | int, teams: Mapping[str, str],
             used_this_turn: bool = False, variant: AndromedaVariant = RULEBOOK) -> Game:
    """2v2: once per turn, as a free action of the active player, one item passes between teammates:
    1 resource (``item`` a kind), 1 tactics card (its name), 1 claimed moon not inserted, 1 supremacy or
    exploration token (``item`` the index)."""
    if teams.get(giver) is None or teams.get(giver) != teams.get(receiver) or giver == receiver:
        raise IllegalAction("andromeda.optional.not_teammates", f"{giver} and {receiver} are not teammates", TEAMS)
    if used_this_turn:
        raise IllegalAction("andromeda.optional.transfer_used", "one transfer per turn", TEAMS)
    if game.active not in (giver, receiver):
        raise IllegalAction("andromeda.optional.not_active", "only the active player transfers, to or from a teammate", TEAMS)
    if kind not in TRANSFERABLE:
        raise InvalidInput("kind", kind, f"one of {TRANSFERABLE}")
    source, target = game.player(giver), game.player(receiver)
    if kind == "resource":
        if not isinstance(item, str):
            raise InvalidInput("item", item, "the resource kind passed, e.g. 'energy'")
        one = Goods.of({item: 1})
        if not source.resources.has(one):
            raise IllegalAction("andromeda.optional.nothing_to_give", f"{giver} has no {item}", TEAMS)
        source, target = replace(source, resources=source.resources.minus(one)), replace(target, resources=target.resources + one)
    elif kind == "tactics":
        if item not in source.tactics:
            raise IllegalAction("andromeda.optional.nothing_to_give", f"{giver} holds no {item!r}", TEAMS)
        hand = list(source.tactics)
        hand.remove(item)
        source, target = replace(source, tactics=tuple(hand)), replace(target, tactics=target.tactics + (item,))
    else:
        field = {"moon": "moons", "supremacy": "supremacy_tokens", "exploration": "exploration"}[kind]
        items = getattr(source, field)
        if not isinstance(item, int) or not 0 <= item < len(items):
            raise IllegalAction("andromeda.optional.nothing_to_give", f"{giver} has no {kind} number {item}", TEAMS)
        if kind == "moon" and len(target.moons) >= variant.claimed_moon_limit:
            raise IllegalAction("andromeda.moons.full", f"{receiver}'s claimed-moon area is full", "发射回合 · 拿取卫星")
        moved = items[item]
        source = replace(source, **{field: items[:item] + items[item + 1:]})
        target = replace(target, **{field: getattr(target, field) + (moved,)})
    return game.with_player(source).with_player(target)


def team_members(game: Game, teams: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """2v2: each team's two players; every player of the game needs a team, and no one else may have one."""
    colours = [p.colour for p in game.players]
    missing, strangers = [c for c in colours if c not in teams], [c for c in teams if c not in colours]
    if missing or strangers:
        raise InvalidInput("teams", dict(teams), f"a team for every player and nobody else; missing {missing}, unknown {strangers}")
    members: dict[str, tuple[str, ...]] = {}
    for colour in colours:
        members[teams[colour]] = members.get(teams[colour], ()) + (colour,)
    if len(members) != 2 or any(len(m) != 2 for m in members.values()):
        raise InvalidInput("teams", dict(teams), "2v2: two teams of two players")
    return members


def team_final_scoring(game: Game, teams: Mapping[str, str], *, catalog: Catalog | None = None,
                       variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Score everyone as usual (special regions and destiny cards included when in play), then add
    each team's two scores; the higher team wins."""
    catalog = catalog or load_catalog()
    members = team_members(game, teams)
    result = yield from final_scoring(game, catalog, variant)
    totals = {team: sum(result["sheets"][c].total for c in colours) for team, colours in members.items()}
    ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
    verdict = f"Team {ranked[0][0]} wins" if ranked[0][1] != ranked[1][1] else "The teams tie"
    yield Step("Team scores", "; ".join(f"team {t} ({' + '.join(members[t])}) {v} VP" for t, v in ranked) + f". {verdict}.",
               f"{TEAMS} · 最终得分", None, {"teams": totals})
    return {**result, "teams": totals}


@register_phase("andromeda.optional", title="Optional rules: Quasars and Vortices, destiny cards, 2v2", section="可选规则",
                notebook="andromeda_final_scoring.ipynb")
def optional_rules(game: Game, *, teams: Mapping[str, str] | None = None, catalog: Catalog | None = None,
                   variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """The optional rules in play on ``game``, each applied where it acts: special regions (set-up places
    them, Quasars are never entered nor crossed, a Vortex pays its reward at the start of the active
    player's turn), destiny goals (met or not now), 2v2 (teammates never battle, one transfer a turn,
    pooled team dice), and — once the game is over — final scoring with their extra steps and team totals."""
    catalog = catalog or load_catalog()
    specials = [r for r in game.regions if r.kind in ("quasar", "vortex")]
    members = team_members(game, teams) if teams is not None else {}
    in_play = [name for name, on in (("special regions", specials), ("destiny cards", any(p.destiny for p in game.players)),
                                     ("2v2", teams)) if on]
    yield Step("Optional rules in play", ", ".join(in_play) or "none", "可选规则", game, {"in play": tuple(in_play)})
    if specials:
        yield Step("Special regions", "; ".join(
            f"{r.name} ({r.kind}, die {r.die}): {r.printed['vp']} VP at the end per adjacent development"
            + (f", reward {r.reward}" if r.kind == "vortex" else "") for r in specials)
            + ". Pirates placed by a die showing a special region's number go there instead of a nebula.", SPECIAL, game,
            {"regions": tuple(r.name for r in specials)})
    for quasar in (r for r in specials if r.kind == "quasar"):
        text, detour = _quasar_detour(game, quasar.name)
        yield Step(f"{quasar.name}: no ship enters", text, f"{SPECIAL} · Quasars 类星体", game, detour)
    if any(r.kind == "vortex" for r in specials) and game.active:
        game, paid = vortex_rewards(game, game.active)
        yield Step("Vortex at the start of the turn", f"{game.active} has a ship on {', '.join(paid)}: each pays its reward once "
                   "(A-F21)." if paid else f"{game.active} has no ship on a Vortex: no reward this turn.", VORTEX, game,
                   {"paid": paid})
    holders = [p for p in game.players if p.destiny]
    if holders:
        lines = []
        for player in holders:
            for card, track, vp in player.destiny:
                best = max(p.track(track) for p in game.players)
                met = player.track(track) >= best
                lines.append(f"{player.colour}'s {card}: {track} {player.track(track)} (highest {best}) — "
                             + (f"met, {vp} VP" if met else "not met"))
        yield Step("Destiny goals now", "; ".join(lines) + ". A goal scores when your marker is highest or tied highest "
                   "on its track; both goals of a card may score.", DESTINY, game)
    if teams is not None:
        checks = []
        for region in game.regions:
            owners = [p.colour for p in game.players if any(s.where == f"region:{region.name}" for s in p.ships)]
            pirates = sum(1 for _, where in game.pirates if where == region.name)
            if len(owners) >= 2 or (owners and pirates):
                verdict = "battle" if battle_needed(owners, teams, pirates) else "no battle (teammates only)"
                checks.append(f"{region.name}: {' + '.join(owners)}{' + pirate' if pirates else ''} → {verdict}")
        yield Step("2v2: teammates are not opponents", ("; ".join(checks) or "no region holds two sides") + ". Teammates who "
                   f"fight together pool their dice (at most {variant.team_dice_cap}) and compare as one side; both winners "
                   "advance on supremacy and take the pirate reward (A-F20). Once a turn the active player may pass 1 resource, "
                   "tactics card, unslotted moon, supremacy or exploration token to or from a teammate (transfer), and may "
                   "hand the turn's first module to the teammate (acquire_modules with first_to).", TEAMS, game,
                   {"teams": {t: tuple(m) for t, m in members.items()}})
    if game.ended_by is None or game.final_turns:
        yield Step("Final scoring later", "The optional rules add their scoring steps once the game is over: special "
                   "regions after developments, destiny after leaders, team totals in 2v2.", "可选规则", game)
        return {"game": game}
    if teams is not None:
        result = yield from team_final_scoring(game, teams, catalog=catalog, variant=variant)
    else:
        result = yield from final_scoring(game, catalog, variant)
    return {"game": game, **result}


def _quasar_detour(game: Game, quasar: str) -> tuple[str, dict]:
    """How a Quasar bends distances: two of its neighbours, around it and (were it crossable) through it.
    Returns the sentence and, when the game has a board, {"from", "to", "around", "through"} (steps)."""
    refused = f"Launches to {quasar} are refused and no ship or raider passes through it"
    if game.board is None:
        return refused + " (the board rules).", {}
    ids = dict(game.region_ids)
    names = {rid: name for name, rid in ids.items()}
    around = sorted(names[n] for n in game.board.neighbours(ids[quasar]) if n in names and game.region(names[n]).kind != "slot")
    for a in around:
        for b in around:
            if a < b:
                real, through = game.board.distance(ids[a], ids[b]), game.board.distance(ids[a], ids[b], blocked=())
                if real != through:
                    return (f"{refused}: from {a} to {b} is {real} steps around it, not the {through} through it.",
                            {"from": a, "to": b, "around": real, "through": through})
    return refused + ".", {}
