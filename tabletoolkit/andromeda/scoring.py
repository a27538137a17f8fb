"""Game end and final scoring (游戏结束): the trigger, one more turn each, the seven scoring steps, ties.

``effects.gain_vp`` triggers the end when a VP marker reaches or passes the end marker (A-F22);
``end_turn`` ends a turn (the limits, a pending event, the next player, the final turns);
``final_scoring`` is the phase ``andromeda.end``: every player scored step by step, then ranked with
the rulebook's tie-breakers. Optional rules add a special-region step after developments and a destiny
step after leaders (可选规则).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from ..engine import IllegalAction, InvalidInput, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .catalog import TRACKS, Catalog, load_catalog
from .state import Game, Player
from .effects import CAPS, LIMIT, end_of_turn_hand, end_of_turn_resources, track_vp, vortex_rewards
from .events import resolve_event
from .variant import RULEBOOK, AndromedaVariant

END = "游戏结束 · 游戏结束"
SCORING = "游戏结束 · 最终计分"
TIES = "游戏结束 · 决出平局的胜者"
SPECIAL = "可选规则 · 特殊地区 · 计分"
DESTINY = "可选规则 · 命运卡 · 最后计分"


@dataclass(frozen=True)
class ScoreLine:
    step: str
    delta: int
    total: int
    detail: str
    section: str


@dataclass(frozen=True)
class ScoreSheet:
    """One player's final scoring: the start VP and one line per step with the running total."""

    colour: str
    start: int
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return self.lines[-1].total if self.lines else self.start

    @property
    def chain(self) -> tuple[int, ...]:
        """The running totals: start, then after each step."""
        return (self.start,) + tuple(line.total for line in self.lines)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(line.step)}</td><td>{line.delta:+d}</td><td><b>{line.total}</b></td>"
            f"<td>{html.escape(line.detail)}</td></tr>" for line in self.lines
        )
        return (f"<table class='tt-score-sheet'><caption>{html.escape(self.colour)}: final scoring</caption>"
                f"<tr><th>step</th><th>VP</th><th>total</th><th>why</th></tr>"
                f"<tr><td>at the end of play</td><td></td><td><b>{self.start}</b></td><td></td></tr>{rows}</table>")



def vp_marker(vp: int, catalog: Catalog | None = None) -> tuple[int, int]:
    """Where a VP total stands on the wrapping VP track: (space, laps completed) (A-F22)."""
    catalog = catalog or load_catalog()
    return vp % catalog.vp_track, vp // catalog.vp_track


def end_turn(game: Game, rng=None, *, hand_discards: tuple[str, ...] = (), catalog: Catalog | None = None,
             variant: AndromedaVariant = RULEBOOK, place_pirate=None, recruits=None) -> Procedure:
    """The end of the active player's turn: they discard down to their limits — ``hand_discards``, exactly
    the tactics cards over the hand limit (5 + civilization), and every resource over its cap (sample caps,
    A-R13) — then a pending event card resolves (never after the end was triggered), then the next player
    clockwise becomes active (``place_pirate``, ``recruits``: see ``events.resolve_event``); once the end is triggered each player takes exactly one more turn, and the
    game is over when the last of them has played."""
    catalog = catalog or load_catalog()
    finished = game.active
    game = end_of_turn_hand(game, finished, tuple(hand_discards), catalog, variant)
    game, excess = end_of_turn_resources(game, finished, catalog)
    if hand_discards or excess:
        said = [f"discards {', '.join(hand_discards)} down to the hand limit" if hand_discards else "",
                f"discards {excess} over the resource caps ({catalog.resource_caps}; sample, A-R13)" if excess else ""]
        yield Step("Limits at the end of the turn", f"{finished} " + " and ".join(s for s in said if s) + ".",
                   LIMIT if hand_discards and not excess else CAPS, game,
                   {"hand discards": tuple(hand_discards), "resources discarded": excess})
    if game.event_pending is not None and game.ended_by is None:
        game = yield from resolve_event(game, rng, catalog=catalog, variant=variant, place_pirate=place_pirate, recruits=recruits)
    if game.player(finished).power_used:
        game = game.with_player(replace(game.player(finished), power_used=False))
    if game.ended_by is not None and game.final_turns and game.final_turns[0] == finished:
        game = replace(game, final_turns=game.final_turns[1:])
    order = game.turn_order_from(finished)
    nxt = order[1] if len(order) > 1 else finished
    if game.ended_by is not None and not game.final_turns:
        yield Step("The game is over", f"{finished} took the last turn: final scoring follows.", END, game)
        return game
    game = replace(game, active=nxt)
    left = f" Final turns left: {', '.join(game.final_turns)}." if game.ended_by else ""
    yield Step("Next turn", f"{finished}'s turn ends; {nxt} is the active player.{left}", "游戏概述与边境的地区 · 游戏概述", game)
    if any(r.kind == "vortex" for r in game.regions):
        game, paid = vortex_rewards(game, nxt)
        if paid:
            yield Step("Vortex rewards", f"At the start of {nxt}'s turn each Vortex holding one of their ships pays its reward "
                       f"once: {', '.join(paid)} (A-F21).", "可选规则 · 特殊地区 · Vortex 漩涡", game, {"paid": paid})
    return game


def end_triggered(game: Game) -> bool:
    return game.ended_by is not None


def score_player(game: Game, colour: str, catalog: Catalog | None = None,
                 variant: AndromedaVariant = RULEBOOK) -> ScoreSheet:
    """The seven final-scoring steps for one player (plus the optional-rule steps when in play)."""
    catalog = catalog or load_catalog()
    player = game.player(colour)
    lines: list[ScoreLine] = []
    total = player.vp

    def add(step: str, delta: int, detail: str, section: str) -> None:
        nonlocal total
        laps_before = total // catalog.vp_track
        total += delta
        if total // catalog.vp_track > laps_before:
            detail += f"; the VP marker passes the 0 space of the {catalog.vp_track}-space track and flips (A-F22)"
        lines.append(ScoreLine(step, delta, total, detail, section))

    # 1. Progress tracks.
    parts = {t: track_vp(t, player.track(t), catalog, variant) for t in TRACKS}
    add("1 progress tracks", sum(parts.values()),
        ", ".join(f"{t} {v}" for t, v in parts.items()) + (f" ({'board data, A-F9' if variant.track_vp == 'board' else 'the text’s value lists'})"),
        f"{SCORING} 1 进度轨道")
    # 2. Developments by the level reached on their track.
    devs = game.developments_of(colour)
    dev_parts = []
    for region, dev in devs:
        track = catalog.track_for_development(dev.type)
        level = catalog.track(track).level_at(player.track(track))
        dev_parts.append((f"{dev.type} on {region} (level {level})", development_end_vp(dev.type, level, catalog, variant)))
    add("2 developments", sum(v for _, v in dev_parts), "; ".join(f"{d}: {v}" for d, v in dev_parts) or "no developments",
        f"{SCORING} 2 开发 ({'A-R9 card backs' if variant.development_vp == 'card_back' else 'the text’s ★1/★2/★4'})")
    # Optional: special regions, after development scoring.
    special = [(r.name, r.printed["vp"]) for r in game.regions if r.kind in ("quasar", "vortex")]
    if special:
        earned = [(name, region, vp) for name, vp in special for region, _ in devs if region in game.neighbours(name)]
        add("special regions", sum(vp for *_, vp in earned),
            "; ".join(f"{region} next to {name}: {vp}" for name, region, vp in earned) or "no development next to a Quasar or Vortex", SPECIAL)
    # 3. Damaged modules.
    damaged = player.damaged_modules
    add("3 damaged modules", -variant.damaged_module_penalty * damaged,
        f"{damaged} damaged module(s) × {variant.damaged_module_penalty} VP (damaged ships cost nothing)", f"{SCORING} 3 损坏模块")
    # 4. Vault.
    per = catalog.track("commerce").vault_at(player.track("commerce"))
    owned = unspent_resources(player)
    add("4 vault", per * owned, f"{owned} unspent resources (tactics cards included) × {per} VP (highest vault reached)",
        f"{SCORING} 4 金库奖励")
    # 5. End-game modules.
    module_parts = []
    for module in player.modules:
        card = catalog.module(module.name)
        if card.end_game and not module.damaged:
            module_parts.append((card.name, end_game_module_vp(card, game, player, variant)))
    add("5 end-game modules", sum(v for _, v in module_parts),
        "; ".join(f"{n}: {v}" for n, v in module_parts) or "no undamaged end-game modules", f"{SCORING} 5 文明模块 (A-R10)")
    # 6. Leaders.
    add("6 leaders", player.leaders, f"{player.leaders} leader(s) on the station × 1 VP", f"{SCORING} 6 领袖")
    # Optional: destiny cards, after leaders.
    if player.destiny:
        met = [(card, track, vp) for card, track, vp in player.destiny
               if player.track(track) >= max(p.track(track) for p in game.players)]
        add("destiny", sum(vp for *_, vp in met),
            "; ".join(f"{card}: highest on {track}, {vp} VP" for card, track, vp in met) or "no destiny goal met", DESTINY)
    # 7. Other: faction powers.
    faction = catalog.factions.get(player.faction)
    power_vp = faction_end_vp(faction, game, player) if faction else 0
    detail = f"{power_vp} VP from {faction.name}'s power ({faction.power})" if faction and faction.end_per else "no faction power scores"
    if player.extra_vp:
        detail += f"; {player.extra_vp} VP recorded from other effects"
    add("7 other", power_vp + player.extra_vp, detail, f"{SCORING} 7 其他")
    return ScoreSheet(colour, player.vp, tuple(lines))


def development_end_vp(kind: str, level: int, catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> int:
    """End-game VP of one development at ``level`` (0 = no level reached scores 0)."""
    catalog = catalog or load_catalog()
    if not isinstance(kind, str) or kind not in catalog.development_vp:
        raise InvalidInput("kind", kind, f"a development type: {sorted(catalog.development_vp)}")
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 3:
        raise InvalidInput("level", level, "a development level 0..3 (0: no level reached)")
    if level == 0:
        return 0
    table = catalog.development_vp[kind] if variant.development_vp == "card_back" else catalog.development_vp_text
    return table[level - 1]


def unspent_resources(player: Player) -> int:
    """Resources left for the vault: the five kinds plus tactics cards (资源; 计分举例)."""
    return player.resources.resources.total + len(player.tactics)


def count_of(per: str, game: Game, player: Player) -> int:
    """How many of ``per`` a player has at the end (developments, tactics cards, modules, resources, leaders)."""
    return {
        "development": len(game.developments_of(player.colour)),
        "tactics_card": len(player.tactics),
        "module": len(player.modules),
        "resource": unspent_resources(player),
        "leader": player.leaders,
        "": 0,
    }[per]


def end_game_module_vp(card, game: Game, player: Player, variant: AndromedaVariant = RULEBOOK) -> int:
    """``base + each × count`` (A-R10); the literal reading uses the text's per-item value."""
    each = card.each if variant.civilization_modules == "ruling" else card.literal_each
    return card.base + each * count_of(card.per, game, player)


def faction_end_vp(faction, game: Game, player: Player) -> int:
    """A faction power's end-game VP (sample data): ``end_each`` per ``end_divisor`` of ``end_per``."""
    if not faction.end_per:
        return 0
    return faction.end_each * (count_of(faction.end_per, game, player) // faction.end_divisor)


def ranking(game: Game, sheets: dict[str, ScoreSheet]) -> tuple[tuple[str, ...], ...]:
    """Places, best first; players sharing a place share the victory (决出平局的胜者)."""
    def key(colour: str) -> tuple[int, int, int]:
        player = game.player(colour)
        return (sheets[colour].total, len(player.modules), unspent_resources(player))

    places: list[list[str]] = []
    for colour in sorted(sheets, key=key, reverse=True):
        if places and key(places[-1][0]) == key(colour):
            places[-1].append(colour)
        else:
            places.append([colour])
    return tuple(tuple(place) for place in places)


@register_phase("andromeda.end", title="Game end and final scoring", section=SCORING,
                notebook="andromeda_final_scoring.ipynb")
def final_scoring(game: Game, catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Score every player in the seven steps and rank them. Refused unless the end was triggered and
    every final turn has been played."""
    catalog = catalog or load_catalog()
    if game.ended_by is None:
        raise IllegalAction("andromeda.end.not_triggered",
                            f"no VP marker has reached the end marker ({game.end_marker} VP) yet", END)
    if game.final_turns:
        raise IllegalAction("andromeda.end.turns_left",
                            f"{', '.join(game.final_turns)} still take their last turn first", END)
    yield Step("The end was triggered",
               f"{game.ended_by}'s VP marker reached the end marker ({game.end_marker} VP). The event marker left the "
               "event track (no event in the final round), and every player took one more turn.", END, game,
               {"triggered by": game.ended_by})
    sheets = {}
    for player in game.players:
        sheet = score_player(game, player.colour, catalog, variant)
        sheets[player.colour] = sheet
        for line in sheet.lines:
            game = game.with_player(replace(game.player(player.colour), vp=line.total))
            yield Step(f"{player.colour}: {line.step}", f"{line.detail}: {line.delta:+d} VP, now {line.total} VP.",
                       line.section, game, {"colour": player.colour, "delta": line.delta, "total": line.total})
    places = ranking(game, sheets)
    winners = places[0]
    text = ("Winner: " + winners[0] if len(winners) == 1
            else "Shared victory: " + " and ".join(winners) + " (tied on VP, modules and resources)")
    order = "; ".join(f"{', '.join(place)} {sheets[place[0]].total} VP" for place in places)
    yield Step("Ranking", f"{text}. Order: {order}. Ties go to the most modules, then the most resources.", TIES, game,
               {"places": places})
    return {"sheets": sheets, "places": places}
