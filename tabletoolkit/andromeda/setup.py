"""Game and player set-up (游戏设置, 玩家设置), step by step, into a ``Game``.

The board geometry (tile spaces in fill order, nebulae with their die numbers, links) comes from a
``board.Board`` (default: the illustrative default board); tiles, moons, tokens, factions and cards
from the catalog (rulebook data plus labelled sample data). All chance goes through the ``Rng``.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..engine import InvalidInput, Rng, Step, register_phase
from ..engine.steps import Procedure
from ..engine.frozen import replace
from .board import ALLIANCE_BASES, Board, Tile
from .catalog import MODULE_ROWS, SHIP_TYPES, TRACKS, Catalog, load_catalog
from .goods import Goods
from .optional import deal_destiny
from .state import Game, Moon, Player, Region, core_station, fleet
from .variant import RULEBOOK, AndromedaVariant

GAME = "游戏设置"
PLAYERS = "玩家设置"
COLOURS = ("yellow", "blue", "green", "purple")


def _key(roll: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(roll, reverse=True))


def roll_off(colours: Sequence[str], rng: Rng, *,
             variant: AndromedaVariant = RULEBOOK) -> tuple[str, list[tuple[str, tuple[int, ...]]]]:
    """Each player rolls ``variant.start_roll_dice`` dice (6); the highest single die wins, ties compare
    the next highest; a full tie for first rolls again among the tied players (A-R1; everyone with
    ``start_roll_full_tie="all"``). Returns the winner and every roll."""
    dice = variant.start_roll_dice
    contenders, history = list(colours), []
    while True:
        rolls = {c: rng.rolls(dice) for c in contenders}
        history += [(c, rolls[c]) for c in contenders]
        best = max(_key(r) for r in rolls.values())
        tied = [c for c in contenders if _key(rolls[c]) == best]
        if len(tied) == 1:
            return tied[0], history
        contenders = tied if variant.start_roll_full_tie == "tied" else list(colours)


def die_regions(game: Game) -> dict[int, str]:
    """The region a die number sends a randomly placed pirate to: the nebula showing it, or a Quasar or
    Vortex showing it when special regions are in play (可选规则 · 特殊地区 · 放置海盗)."""
    found = {r.die: r.name for r in game.regions if r.kind == "nebula" and r.die}
    found.update({r.die: r.name for r in game.regions if r.kind in ("quasar", "vortex") and r.die})
    return found


def team_roll_off(colours: Sequence[str], teams: Mapping[str, str], rng: Rng, *,
                  variant: AndromedaVariant = RULEBOOK) -> tuple[str, list[tuple[str, tuple[int, ...]]]]:
    """2v2 (可选规则 · 2v2 模式 · 设置): every player rolls ``variant.start_roll_dice`` dice (6), each team pools its two rolls and compares
    them with the other team's like a battle; a full tie rolls again (A-R1). The winning team's leftmost
    player (the first of the two in seating order) starts (A-F20). Returns the start player and every
    pooled roll, by team."""
    dice = variant.start_roll_dice
    members = _teams(colours, teams)
    contenders, history = list(members), []
    while True:
        rolls = {team: sum((rng.rolls(dice) for _ in members[team]), ()) for team in contenders}
        history += [(team, rolls[team]) for team in contenders]
        best = max(_key(r) for r in rolls.values())
        tied = [team for team in contenders if _key(rolls[team]) == best]
        if len(tied) == 1:
            return members[tied[0]][0], history
        contenders = tied if variant.start_roll_full_tie == "tied" else list(members)


def _teams(colours: Sequence[str], teams: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """The two teams of two, each in seating order; teammates must sit side by side."""
    members: dict[str, list[str]] = {}
    for colour in colours:
        if colour not in teams:
            raise InvalidInput("teams", dict(teams), f"2v2: every player needs a team; {colour} has none")
        members.setdefault(teams[colour], []).append(colour)
    if len(colours) != 4 or len(members) != 2 or any(len(m) != 2 for m in members.values()):
        raise InvalidInput("teams", dict(teams), "2v2: four players in two teams of two")
    for pair in members.values():
        gap = abs(colours.index(pair[0]) - colours.index(pair[1]))
        if gap not in (1, len(colours) - 1):
            raise InvalidInput("teams", dict(teams), f"teammates sit side by side; {pair[0]} and {pair[1]} do not")
        if gap == len(colours) - 1:
            pair.reverse()
    return {team: tuple(pair) for team, pair in members.items()}


@register_phase("andromeda.setup", title="Set up a game", section=GAME, notebook="andromeda_launch_turn.ipynb")
def set_up(colours: Sequence[str], rng: Rng, *, length: str = "medium", board: Board | None = None,
           faction_picks: Mapping[str, int] | None = None, special: str | None = None,
           teams: Mapping[str, str] | None = None, destiny: Mapping[str, int] | None = None,
           catalog: Catalog | None = None, variant: AndromedaVariant = RULEBOOK) -> Procedure:
    """Set up a game for 2–4 players seated in ``colours`` order. ``faction_picks`` gives the index
    (0–2) of the faction each player keeps from the 3 dealt (default 0); ``length`` is short, medium
    or long (the end marker, A-R13); ``special`` ("quasar" or "vortex", optional rule) lays the board's
    two tiles of that kind first, into the spaces marked for them (可选规则 · 特殊地区 · 设置); ``teams``
    (2v2: colour -> team, teammates seated side by side) makes the start-player roll-off a team one;
    ``destiny`` (colour -> 0 or 1, optional rule) deals 2 destiny cards to each player, who keeps that one;
    ``variant``: the start-player roll-off's dice and full-tie ruling (A-R1). The teams are kept in the game."""
    catalog = catalog or load_catalog()
    if not isinstance(variant, AndromedaVariant):
        raise InvalidInput("variant", variant, "an AndromedaVariant (andromeda.variant.RULEBOOK or RULEBOOK.but(...))")
    if isinstance(colours, str) or not isinstance(colours, (list, tuple)) or not all(isinstance(c, str) for c in colours):
        raise InvalidInput("colours", colours, "2 to 4 different player colours, in seating order")
    colours = tuple(colours)
    if not 2 <= len(colours) <= 4 or len(set(colours)) != len(colours):
        raise InvalidInput("colours", colours, "2 to 4 different player colours, in seating order")
    if not isinstance(length, str) or length not in catalog.game_length:
        raise InvalidInput("length", length, f"one of {sorted(catalog.game_length)}")
    picks = dict(faction_picks or {})
    for colour, pick in picks.items():
        if colour not in colours or pick not in (0, 1, 2):
            raise InvalidInput(f"faction_picks.{colour}", pick, "a player's colour -> 0, 1 or 2 (one of the 3 factions dealt)")
    board = (board or Board.default()).cleared()
    count = len(colours)
    planet_count = board.planets_for(count)
    if teams is not None:
        _teams(colours, teams)
    for colour, keep in (destiny or {}).items():
        if colour not in colours or keep not in (0, 1):
            raise InvalidInput(f"destiny.{colour}", keep, "a player's colour -> 0 or 1 (which of the 2 dealt destiny cards is kept)")
    if special not in (None, "quasar", "vortex"):
        raise InvalidInput("special", special, "None, 'quasar' or 'vortex': the optional rule uses 2 Quasars or 2 Vortices")
    special_tiles = sorted((t for t in board.tiles.values() if t.kind == special), key=lambda t: t.id) if special else []
    if special and len(special_tiles) != 2:
        raise InvalidInput("special", special, f"the board has {len(special_tiles)} {special} tiles; the rule uses 2")
    for tile in special_tiles:
        if tile.name not in catalog.special_regions:
            raise InvalidInput("special_region", tile.name, "no printed values (VP, reward) for this tile in the catalog")

    # 2 The event board.
    start = catalog.event_track_start.get(count, 0)
    events = rng.shuffled([card.name for card in catalog.events])
    game = Game(tuple(Player(c) for c in colours), event_position=start, event_deck=events,
                end_marker=catalog.game_length[length])
    yield Step("Event board", f"The event marker starts on space {start} for {count} players; the event deck "
               f"({len(events)} cards) is shuffled face down.", f"{GAME} · 2 事件版图", game)

    # 4 Planet tiles, shuffled with the 6 alliance bases, laid in fill order.
    planets = rng.shuffled([tile.name for tile in catalog.planets])
    drawn = planets[:planet_count]
    tiles = rng.shuffled([Tile(name, "planet", name, catalog.planet(name).type) for name in drawn]
                         + [Tile.base(key) for key in ALLIANCE_BASES])
    laid = board.lay_out(tiles, special=special_tiles)
    names = {r.id: (r.name if r.kind != "empty" else r.id) for r in laid.regions.values()}
    regions = []
    fill_order = [r.id for r in laid.tile_spaces()]
    for region in sorted(laid.regions.values(), key=lambda r: (r.slot is None, fill_order.index(r.id) if r.id in fill_order else 0)):
        kind = "slot" if region.kind == "empty" else region.kind
        planet = region.name if region.kind == "planet" else None
        printed, reward = (catalog.planet(planet).resources if planet else Goods()), Goods()
        if kind in ("quasar", "vortex"):
            printed, reward = Goods.of(vp=catalog.special_regions[region.name].vp), catalog.special_regions[region.name].reward
        regions.append(Region(names[region.id], kind, planet=planet, die=region.dice[0] if region.dice else None,
                              printed=printed, reward=reward))
    links = tuple((names[a], names[b]) for a, b in laid.links)
    game = replace(game, regions=tuple(regions), links=links, planet_stack=planets[len(drawn):], board=laid,
                   region_ids=tuple((name, rid) for rid, name in names.items()))
    yield Step("Planet tiles", f"{len(drawn)} planet tiles for {count} players (the board's data, A-R13), shuffled with the 6 alliance bases, are laid "
               "from the top left, left to right, top to bottom: " + ", ".join(t.name for t in tiles) + "."
               + (f" First, the {special} tiles {' and '.join(t.name for t in special_tiles)} go into the spaces marked for "
                  "special regions (可选规则 · 特殊地区)." if special else ""), f"{GAME} · 4 (A-F13)",
               game, {"order": tuple(t.name for t in tiles)})

    # 5 Moons.
    nebula_moons = rng.shuffled(list(catalog.moons["nebula"]))
    supply = {kind: list(rng.shuffled(list(catalog.moons[kind]))) for kind in catalog.developments}
    placed = []
    nebula_index = 0
    for place in game.regions:
        if place.kind == "nebula" and nebula_index < len(nebula_moons):
            place = replace(place, moons=(Moon(nebula_moons[nebula_index]),))
            nebula_index += 1
        elif place.kind == "planet" and place.planet is not None:
            kind = catalog.planet(place.planet).type
            place = replace(place, moons=tuple(Moon(face, kind) for face in supply[kind][:3]))
            supply[kind] = supply[kind][3:]
        placed.append(place)
    game = replace(game, regions=tuple(placed),
                   moon_supply=tuple((kind, tuple(Moon(face, kind) for face in faces)) for kind, faces in supply.items()))
    yield Step("Moons", "An abandoned moon face up on each nebula; 3 moons of the matching colour stacked on each planet.",
               f"{GAME} · 5 卫星指示物", game)

    # 6 Starting pirates: two S-class figures by two dice.
    dice = rng.rolls(2)
    by_die = die_regions(game)
    game = replace(game, pirates=tuple(("S", by_die[d]) for d in dice if d in by_die))
    caught = " (a special region showing that number catches it instead of the nebula, 可选规则 · 特殊地区 · 放置海盗)" if special else ""
    yield Step("Starting pirates", f"Two dice show {dice[0]} and {dice[1]}: an S-class figure goes onto each matching nebula "
               f"(possibly the same one){caught}: {', '.join(by_die[d] for d in dice if d in by_die)}.", f"{GAME} · 6 起始海盗",
               game, {"dice": dice})

    # 7 Game length, 8 modules, 9 tracks, 10 supply.
    decks = {row: list(rng.shuffled([n for n, m in catalog.modules.items() if m.row == row])) for row in MODULE_ROWS}
    exploration = list(rng.shuffled(list(catalog.exploration_tokens)))
    science = catalog.track("science")
    stacks = tuple((space, tuple(exploration[5 * i: 5 * i + 5])) for i, space in enumerate(science.exploration))
    archive = tuple(exploration[5 * len(stacks): 5 * len(stacks) + 5])
    supremacy = rng.shuffled(list(catalog.supremacy_tokens))
    game = replace(game, module_display=tuple((row, tuple(deck[:3])) for row, deck in decks.items()),
                   module_decks=tuple((row, tuple(deck[3:])) for row, deck in decks.items()),
                   exploration_stacks=stacks, observatory_archive=archive,
                   supremacy_spaces=tuple(zip(catalog.track("supremacy").supremacy_tokens, supremacy)),
                   tactics_deck=rng.shuffled(sorted(catalog.tactics_kinds)))
    yield Step("Length, modules, tracks, supply", f"The end marker goes on {game.end_marker} VP ({length} game); each module "
               "column shows 3 modules; 5 exploration tokens face down on each science stack and 5 in the observatory archive; "
               "a supremacy token on each token space; the tactics deck shuffled.", f"{GAME} · 7–10", game)

    # Players: fleet, factions, upgrades, tracks, leaders.
    factions = rng.shuffled(sorted(catalog.factions))
    if len(factions) < 3 * count:
        raise InvalidInput("catalog.factions", len(factions), f"dealing 3 factions to {count} players needs {3 * count}")
    dealt = {c: tuple(factions[3 * i: 3 * i + 3]) for i, c in enumerate(colours)}
    players = []
    leader_dice = {}
    for colour in colours:
        faction = catalog.factions[dealt[colour][picks.get(colour, 0)]]
        leader_dice[colour] = rng.roll(6)
        tracks = Goods.of({t: 1 if t == faction.track else 0 for t in TRACKS})
        players.append(Player(colour, faction=faction.name, resources=faction.resources, modules=core_station(catalog),
                              ships=fleet(colour, catalog), upgrade_tiles=SHIP_TYPES + ((f"faction:{faction.upgrade}",) if faction.upgrade else ()),
                              tracks=tracks, leaders=1))
    with_leaders = []
    for place in game.regions:
        leaders = place.leaders
        if place.kind == "alliance_base":
            leaders = leaders + Goods.of({c: 1 for c in colours})
        if place.kind == "nebula":
            leaders = leaders + Goods.of({c: 2 for c in colours if leader_dice[c] == place.die})
        with_leaders.append(replace(place, leaders=leaders))
    game = replace(game, players=tuple(players), regions=tuple(with_leaders))
    yield Step("Players", "; ".join(
        f"{p.colour}: {p.faction} (kept from {', '.join(dealt[p.colour])}), {p.resources}, +1 on {catalog.factions[p.faction].track}, "
        f"leaders: 1 on each alliance base, 2 on nebula {leader_dice[p.colour]}, 1 on the station" for p in players)
        + ". Every station holds 3 transports in its launch bay; the 4 neutral ship-upgrade tiles and the faction's own "
          "tile wait in the supply.", PLAYERS, game, {"leader dice": leader_dice})

    if destiny is not None:
        kept = deal_destiny(catalog.destiny_cards, colours, destiny, rng)
        game = replace(game, players=tuple(replace(p, destiny=kept[p.colour]) for p in game.players))
        yield Step("Destiny cards", "Each player is dealt 2 destiny cards and keeps 1 face down (sample cards): " + "; ".join(
            f"{c}: {goals[0][0]} ({', '.join(f'{t} {v} VP' for _, t, v in goals)})" for c, goals in kept.items()) + ".",
            "可选规则 · 命运卡 · 设置", game)

    # 7 Start player and VP markers.
    start_dice = variant.start_roll_dice
    if teams is None:
        first, rolls = roll_off(colours, rng, variant=variant)
        how, where = f"Each player rolls {start_dice} dice, compared like a battle: ", f"{PLAYERS} · 7 起始玩家"
    else:
        first, rolls = team_roll_off(colours, teams, rng, variant=variant)
        how, where = (f"2v2: each team pools its players' {2 * start_dice} dice and compares them like a battle: ",
                      "可选规则 · 2v2 模式 · 设置 (A-F20)")
        game = replace(game, teams=tuple(sorted(dict(teams).items())))
    order = game.turn_order_from(first)
    game = replace(game, active=first, players=tuple(replace(p, vp=order.index(p.colour) + 1) for p in game.players))
    yield Step("Start player", how + "; ".join(f"{c} {sorted(r, reverse=True)}" for c, r in rolls)
               + f". {first} starts{' (the winning team’s leftmost player)' if teams else ''}; VP markers on 1, 2, … "
               "clockwise from them.", where, game, {"start player": first})
    return game
