"""The bridge between a ``Game`` and the board rules (``board``, ``launch``, ``pirates``).

A game set up with ``setup.set_up`` keeps the laid ``Board``; ``board_and_pieces`` reads what stands
on it (ships with their current specs, pirates, developments, leaders) as ``Pieces``, so launch step 1
(``launch``), the raid (``pirates``) and pirate placement run on the game, and their results come back.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Mapping, Sequence

from ..engine import IllegalAction, InvalidInput, Rng, run
from ..engine.frozen import replace, replace_valid
from .board import ALLIANCE_BASES, Board, Pieces
from .catalog import Catalog, PirateSpec, load_catalog
from .escalation import ShipVerdict, escalation_options
from .launch import BaseAccess, LaunchOptions, LaunchResult, _carry_out, launch, legal_launches
from .pirates import PirateCard, RaidOptions, carry_out_raid, raid, raid_options
from .placing import _ids, board_of, pirate_cards, place_pirate_in_game
from .ships import spec_of
from .battle import BattleSetup, Participant, Pirate
from .develop import check_development
from .effects import gain, gain_vp
from .goods import Goods
from .repair import damage_module
from .tracks import advance_track
from .state import Game, Player, Ship
from .variant import RULEBOOK, AndromedaVariant

SECTION = "发射回合"


def board_ship(game: Game, colour: str, ship_id: str, catalog: Catalog | None = None) -> Ship:
    """``colour``'s ship ``ship_id`` with its type's current specs (basic or upgraded), as the board rules
    and the battle read it."""
    player = game.player(colour)
    return _as_read(player, player.ship(ship_id), catalog or load_catalog())


def _as_read(player: Player, ship: Ship, catalog: Catalog) -> Ship:
    """``player``'s ``ship`` as the board rules read it: owned by the player, with its type's current specs."""
    owned = ship if ship.owner == player.colour else replace(ship, owner=player.colour)
    return owned.fitted(catalog.ship(ship.kind, ship.kind in player.upgrades))


def board_and_pieces(game: Game, catalog: Catalog | None = None) -> tuple[Board, Pieces]:
    """The board (``board_of``) and the pieces standing on it now (read once per state, with the shipped catalog)."""
    if catalog is None:
        return game.kept("board_and_pieces", lambda g: _since(("pieces",), _piece_inputs(g), lambda: _board_and_pieces(g, load_catalog())))
    return _board_and_pieces(game, catalog)


def _board_and_pieces(game: Game, catalog: Catalog) -> tuple[Board, Pieces]:
    ids = _ids(game)
    ships: list[tuple[str, Ship]] = []
    for player in game.players:
        for ship in player.ships:
            if ship.on_board:
                ships.append((ids[str(ship.region)], _as_read(player, ship, catalog)))
    pirates = [(ids[where], letter) for letter, where in game.pirates]
    developments = [(ids[r.name], r.development.owner) for r in game.regions if r.development]
    leaders = [(ids[r.name], colour) for r in game.regions if r.leaders for colour, count in r.leaders.as_dict().items()
               for _ in range(count)]
    return board_of(game, catalog), Pieces.standing(ships, pirates, developments, leaders)


def _piece_inputs(game: Game) -> tuple:
    """What the pieces on the board are read from: the laid board, each player's ships and upgrades, the pirates,
    each region's development and leaders (without a laid board, the regions themselves)."""
    # the players' and the regions' parts each in one tuple: comparing them compares their items at once
    return (game.board, game.region_ids, game.pirates, game.regions if game.board is None else None,
            tuple((player.colour, player.ships, player.upgrades) for player in game.players),
            tuple((region.development, region.leaders) for region in game.regions))


def ship_moved(before: Game, after: Game, colour: str, ship_id: str) -> None:
    """``after`` is ``before`` with ``colour``'s ship ``ship_id`` launched or moved to another region, nothing else on the
    board changed: its pieces are ``before``'s with that ship taken from where it stood and put where it stands now, in
    the pieces' order, and are kept for ``board_and_pieces`` to read rather than rebuilt from the whole board."""
    board, pieces = board_and_pieces(before)
    ids = _ids(after)
    old = before.player(colour).ship(ship_id)
    if old.on_board:
        pieces = pieces.without_ship(ids[str(old.region)], board_ship(before, colour, ship_id))
    moved = board_ship(after, colour, ship_id)
    _SINCE[("pieces",)] = (_piece_inputs(after), (board, pieces.with_standing_ship(ids[str(moved.region)], moved)))


_SINCE: dict[tuple, tuple[tuple, object]] = {}


def _since(key: tuple, inputs: tuple, work):
    """``work()`` again only when one of ``inputs`` differs from last time for ``key``: states are immutable and a
    change copies only what changes, so the same inputs (mostly the very same objects) mean the same result (the
    board and its pieces, what an alliance base offers) from one state of a game to the next."""
    seen = _SINCE.get(key)
    if seen is not None and seen[0] == inputs:      # item by item, each the same object or equal
        return seen[1]
    result = work()
    _SINCE[key] = (inputs, result)
    return result


def base_access(game: Game, colour: str, catalog: Catalog | None = None, *, variant: AndromedaVariant = RULEBOOK,
                jump: bool = True) -> BaseAccess:
    """What ``colour`` could do at each alliance base now (A-F4), read from the game; ``jumped``: the same
    once the energy of a Jump is paid (a launch by Jump must still be able to activate the base)."""
    if catalog is None:
        return game.kept(("base_access", colour, variant, jump),
                         lambda g: _since(("base_access", colour, variant, jump), (g.player(colour), g.regions, g.module_display),
                                          lambda: _base_access(g, colour, load_catalog(), variant, jump)))
    return _base_access(game, colour, catalog, variant, jump)


def _base_access(game: Game, colour: str, catalog: Catalog, variant: AndromedaVariant, jump: bool) -> BaseAccess:
    player = game.player(colour)
    # 2 resources of any kind: resource tokens, tactics cards, and the resources claimed moons give when
    # discarded as part of the payment (a moon showing only VP pays nothing; A-F4)
    payable = player.resources.total + len(player.tactics) + sum(m.goods.resources.total for m in player.moons)

    def can_buy(rows: tuple[str, ...]) -> bool:
        return any(player.resources.can_pay(catalog.module_cost[row]) for row in rows if game.display(row))

    kinds = _developable(game, colour, catalog)
    jumped = None
    if jump and variant.jump_energy and player.resources["energy"] >= variant.jump_energy:
        poorer = game.with_player(replace(player, resources=player.resources.minus(_energy(variant.jump_energy))))
        jumped = base_access(poorer, colour, catalog, variant=variant, jump=False)
    return BaseAccess(payable, can_buy(("science", "industry")), can_buy(("commerce", "civilization")), frozenset(kinds), jumped)


def _developable(game: Game, colour: str, catalog: Catalog) -> set[str]:
    """The planet types ``colour`` could develop now (A-F4: the Development Office's verdict). A development needs
    one of the player's transports on the planet, so only those planets are checked (``check_development``)."""
    kinds: set[str] = set()
    if game.player(colour).leaders < min(kind.leaders for kind in catalog.developments.values()):
        return kinds                            # every development needs more recruited leaders than are on the station
    for name in sorted({str(ship.region) for ship in game.player(colour).ships if ship.kind == "transport" and ship.on_board}):
        try:
            check_development(game, colour, name, catalog)
        except IllegalAction:
            continue
        kinds.add(catalog.planet(str(game.region(name).planet)).type)
    return kinds


def launch_options(game: Game, colour: str, ship_id: str, catalog: Catalog | None = None, *,
                   variant: AndromedaVariant = RULEBOOK) -> LaunchOptions:
    """Every region with its verdict for launching ``ship_id`` (launch step 1, on this game, under ``variant``)."""
    board, pieces = board_and_pieces(game, catalog)
    bay = [board_ship(game, colour, s.id, catalog) for s in game.player(colour).ships_at("bay")]
    return legal_launches(board, pieces, board_ship(game, colour, ship_id, catalog), energy=game.player(colour).resources["energy"],
                          access=base_access(game, colour, catalog, variant=variant), bay=bay, variant=variant)


def bay_launch_options(game: Game, colour: str, catalog: Catalog | None = None, *,
                       variant: AndromedaVariant = RULEBOOK, explain: bool = True) -> dict[str, LaunchOptions]:
    """Launch step 1 for every ship in ``colour``'s launch bay, by ship id: the board, its pieces and what each
    alliance base offers are read once for all of them, and ships alike (type, specs, damage) share one reading.
    ``explain=False``: the verdicts without their reasons (``legal_launches``)."""
    if catalog is None:
        return game.kept(("bay_launches", colour, variant, explain), lambda g: _bay_launch_options(g, colour, None, variant, explain))
    return _bay_launch_options(game, colour, catalog, variant, explain)


def _bay_launch_options(game: Game, colour: str, catalog: Catalog | None, variant: AndromedaVariant,
                        explain: bool = True) -> dict[str, LaunchOptions]:
    board, pieces = board_and_pieces(game, catalog)
    player = game.player(colour)
    bay = [_as_read(player, s, catalog or load_catalog()) for s in player.ships if s.where == "bay"]
    # what a base offers once a Jump is paid matters only when a ship in the bay can Jump
    access = base_access(game, colour, catalog, variant=variant, jump=any(ship.jump for ship in bay))
    energy = player.resources["energy"]
    alike: dict[tuple, LaunchOptions] = {}
    found = {}
    for ship in bay:
        twin = tuple(getattr(ship, name) for name in _ALIKE)
        if twin not in alike:
            alike[twin] = found[ship.id] = legal_launches(board, pieces, ship, energy=energy, access=access, bay=bay, variant=variant,
                                                          explain=explain)
        else:
            found[ship.id] = replace(alike[twin], ship=ship)
    return found


#: A ship's fields but its id: ships equal in all of them are interchangeable (``Ship``).
_ALIKE = tuple(f.name for f in fields(Ship) if f.name != "id")


def launch_in_game(game: Game, colour: str, ship_id: str, region: str, catalog: Catalog | None = None, *,
                   variant: AndromedaVariant = RULEBOOK) -> tuple[Game, LaunchResult]:
    """Launch step 1 on the game: the ship leaves the bay for ``region`` (energy paid for a Jump), under ``variant``."""
    ids = _ids(game)
    if not isinstance(region, str) or region not in ids:
        raise InvalidInput("region", region, f"regions: {sorted(ids)}")
    player = game.player(colour)
    listed = bay_launch_options(game, colour, variant=variant, explain=False).get(ship_id) if catalog is None else None
    if listed is not None and listed[ids[region]].legal:     # the verdict listed for this state (a refusal gets its words below)
        result = _carry_out(listed, ids[region])
    else:
        board, pieces = board_and_pieces(game, catalog)
        bay = [board_ship(game, colour, s.id, catalog) for s in player.ships_at("bay")]
        result = launch(board, pieces, board_ship(game, colour, ship_id, catalog), ids[region], energy=player.resources["energy"],
                        access=base_access(game, colour, catalog, variant=variant), bay=bay, variant=variant)
    ship = player.ship(ship_id)
    player = replace(player.with_ship(replace_valid(ship, where=f"region:{region}")),
                     resources=player.resources.minus(_energy(result.energy_spent)))
    launched = replace(game.with_player(player), active=colour)
    if catalog is None:
        ship_moved(game, launched, colour, ship_id)
    return launched, result


ESCALATION = "战斗 · 步骤 1 战事升级"


def escalation_in_game(game: Game, region: str, colour: str, *, variant: AndromedaVariant = RULEBOOK,
                       catalog: Catalog | None = None) -> tuple[tuple[Ship, ShipVerdict], ...]:
    """Battle step 1 on the game: each of ``colour``'s ships on the board outside ``region`` with its verdict
    for joining the battle there (range, Voyage, a Jump's energy under ``variant``: A-F7; 2v2 teams)."""
    ids = _ids(game)
    if not isinstance(region, str) or region not in ids:
        raise InvalidInput("region", region, f"regions: {sorted(ids)}")
    board, pieces = board_and_pieces(game, catalog)
    options = escalation_options(board, pieces, ids[region], [p.colour for p in game.players], game.active,
                                 {p.colour: p.resources["energy"] for p in game.players}, teams=dict(game.teams), variant=variant)
    names = {rid: name for name, rid in ids.items()}
    found = []
    for ship in game.player(colour).ships:
        if not ship.on_board or ship.region == region:
            continue
        seen = board_ship(game, colour, ship.id, catalog)
        verdict = next((v for v in options.of(colour) if names[v.region] == ship.region and v.ship == seen), None)
        if verdict is not None:
            found.append((ship, verdict))
    return tuple(found)


def escalate_in_game(game: Game, region: str, colour: str, ship_id: str, *, variant: AndromedaVariant = RULEBOOK,
                     catalog: Catalog | None = None) -> tuple[Game, str]:
    """One of ``colour``'s ships joins the battle in ``region`` (battle step 1), paying a Jump's energy when it
    needs one (A-F7); refused with the verdict's rule when it may not join."""
    verdicts = {ship.id: (ship, verdict) for ship, verdict in escalation_in_game(game, region, colour, variant=variant, catalog=catalog)}
    if ship_id not in verdicts:
        raise InvalidInput("ship", ship_id, f"{colour}'s ships on the board outside {region}: {sorted(verdicts)}")
    ship, verdict = verdicts[ship_id]
    if not verdict.legal:
        raise verdict.refusal()
    player = game.player(colour)
    player = replace(player.with_ship(replace_valid(ship, where=f"region:{region}")), resources=player.resources.minus(_energy(verdict.energy)))
    joined = game.with_player(player)
    if catalog is None:
        ship_moved(game, joined, colour, ship_id)
    text = (f"{colour}'s {ship.id} joins the battle in {region} from {ship.region}"
            + (f", paying {verdict.energy} energy for a Jump (A-F7)" if verdict.jump else "") + ".")
    return joined, text


def _energy(count: int):
    return Goods.of(energy=count)


def raid_options_in_game(game: Game, region: str) -> RaidOptions:
    """Which pirates (of the game's cards, ``pirate_cards``) may raid ``region`` now, worked out once per state:
    listing the raid's choices and carrying the raid out read the same."""
    ids = _ids(game)
    if not isinstance(region, str) or region not in ids:
        raise InvalidInput("region", region, f"regions: {sorted(ids)}")
    return game.kept(("raid options", region), lambda g: raid_options(*board_and_pieces(g), ids[region], pirate_cards()))


def raid_in_game(game: Game, region: str, cards: Mapping[str, PirateCard] | None = None, choice: str | None = None) -> tuple[Game, str]:
    """Launch step 3 on the game: the chosen pirate (and every S-class in range) raids ``region`` (``cards``: the
    pirate cards, by default the game's own)."""
    ids = _ids(game)
    if not isinstance(region, str) or region not in ids:
        raise InvalidInput("region", region, f"regions: {sorted(ids)}")
    names = {rid: name for name, rid in ids.items()}
    board, pieces = board_and_pieces(game)
    result = raid(board, pieces, ids[region], cards, choice) if cards is not None else carry_out_raid(raid_options_in_game(game, region), choice)
    moved = game
    for source, _, _ in result.raiders:            # shield damage travels with the figures (A-R11)
        marks = game.pirate_figures(names[source])
        moved = moved.with_pirate_damage(region, moved.pirate_figures(region) + marks).with_pirate_damage(names[source], ())
    pirates = tuple((letter, names[where]) for where, letter in result.pieces.pirates)
    said = ", ".join(f"{n}× {c} from {names[r]}" for r, c, n in result.raiders) or "no pirate raids"
    return replace(moved, pirates=pirates), said


def pirate_placer(cards: Mapping[str, PirateCard] | None = None, s_figures: int | None = None,
                  variant: AndromedaVariant = RULEBOOK):
    """A ``place_pirate`` for ``events.resolve_event``: the pirate-placement phase run on the game (its
    steps folded into the returned text)."""

    def place(game: Game, letter: str, rng: Rng) -> tuple[Game, str]:
        placed = run(place_pirate_in_game(game, letter, rng, cards=cards, s_figures=s_figures, variant=variant))
        game, where = placed.result
        return game, " ".join(step.text for step in placed.steps)

    return place


def reward_text(card: PirateSpec) -> str:
    """A pirate card's reward in words: ``"2 credit"``, ``"1 supremacy step"``."""
    parts = [str(card.reward_goods)] if card.reward_goods else []
    parts += [f"{n} {track} step{'s' if n > 1 else ''}" for track, n in card.reward_steps]
    return " and ".join(parts) or "nothing"


def battle_pirate(card: PirateSpec):
    """A pirate card as the battle phases see it (``battle.Pirate``): weapons, aim bonus, shields, reward."""
    return Pirate(card.name, card.weapons, card.aim_bonus, card.shields, s_class=card.pirate_class == "S", reward=reward_text(card))


def battle_setup(game: Game, region: str, pirate=None, catalog: Catalog | None = None):
    """The battle in ``region`` as the battle phases see it: every player with ships there, in turn
    order from the active player (weapons, shields, damage and aim bonus from their current specs; +1
    die per own development in or next to the region; the energy on their station, which they may pay
    for dice; the diplomacy cards in their hand; their 2v2 team), and the pirate standing there: its
    catalog card (``battle_pirate``) unless a ``battle.Pirate`` is given, with the damage its figures
    carry from earlier battles (A-R11)."""
    catalog = catalog or load_catalog()
    nearby = {game.region(region).name, *game.neighbours(region)}
    participants = []
    for colour in game.turn_order_from(game.active):
        player = game.player(colour)
        here = [s for s in player.ships if s.where == f"region:{region}"]
        if not here:
            continue
        ships = [board_ship(game, colour, ship.id, catalog) for ship in here]
        developments = sum(1 for name, _ in game.developments_of(colour) if name in nearby)
        hand = tuple(card for card in player.tactics if catalog.tactics_kinds.get(card) == "diplomacy")
        participants.append(Participant(colour, tuple(ships), developments_nearby=developments,
                                        energy=player.resources["energy"], team=game.team_of(colour), hand=hand))
    standing = [letter for letter, where in game.pirates if where == region]
    if pirate is None and standing:
        pirate = battle_pirate(catalog.pirate(standing[0]))
    if pirate is not None:
        if not standing:
            raise InvalidInput("pirate", pirate.name, f"no pirate figure stands in {region}")
        pirate = replace(pirate, figures=game.pirate_figures(region))
    return BattleSetup(region, tuple(participants), pirate, game.active)


def apply_battle(game: Game, region: str, state, catalog: Catalog | None = None,
                 supremacy_order: Sequence[str] | None = None,
                 withdraw_to: Mapping[str, str | Sequence[str]] | None = None,
                 barrage: Mapping[str, str] | None = None, variant: AndromedaVariant = RULEBOOK) -> tuple[Game, str]:
    """Bring a finished battle back into the game: the diplomacy cards played leave their players' hands
    for the discard pile; VP gained in it (diplomacy cards) for every player, even when diplomacy ended
    it; ships a diplomacy card moved out of the battle put where their owner sends them; the energy each
    player paid for dice taken off their station; losing ships damaged (a spare shield takes a marker,
    otherwise the scrapyard's top); supremacy for the winners, then the beaten pirate card's reward for
    each winner it names (its catalog card: goods, VP and track steps; an S-class swarm rewards once, a
    full tie rewards nobody, A-R2); the pirate's figures: a beaten one returned to its card (its damage
    cleared), the damage on the others kept for later battles (A-R11); BARRAGE: when the Mortality
    Sphere wins, each player who fought damages 1 module of their choice (``barrage``: colour -> module;
    受损 & 修理: an undamaged one if possible, a core module too; ``repair.damage_module``). ``supremacy_order`` (2v2): the order
    the active player gives two winning teammates, deciding who takes a supremacy token both reach
    (A-F20). ``withdraw_to``: per player, the destination of each withdrawn ship in order (a region name,
    or a list) — any planet or Alliance Base, as the diplomacy card BARGAIN FOR SAFE PASSAGE says (战斗 ·
    步骤 2 外交); the battle records no destination, so the owner names it. Everything is checked before
    anything changes. Track steps follow ``variant``."""
    catalog = catalog or load_catalog()
    verdict = state.verdict
    order = tuple(verdict.supremacy if verdict else ())
    if supremacy_order is not None:
        if sorted(supremacy_order) != sorted(order):
            raise InvalidInput("supremacy_order", tuple(supremacy_order), f"an order of the winners {order}")
        order = tuple(supremacy_order)
    colours = {p.colour for p in game.players}
    barrage = dict(barrage or {})
    owed = barrage_owed(game, state, catalog)
    if set(barrage) != set(owed):
        raise InvalidInput("barrage", barrage, "BARRAGE: each player who fought and has an undamaged module names the module "
                           f"damaged: {', '.join(f'{c}: one of {sorted(m)}' for c, m in owed.items()) or 'nobody here'}")
    for colour, module in barrage.items():
        if module not in owed[colour]:
            raise IllegalAction("andromeda.battle.barrage.module", f"{module!r} is not a module BARRAGE may damage on {colour}'s station: "
                                f"BARRAGE damages one of {sorted(owed[colour])}", "海盗 · BARRAGE")
    said = []
    for play in state.plays:
        if play.by not in colours:
            continue
        player = game.player(play.by)
        hand = list(player.tactics)
        if play.card not in hand:
            raise IllegalAction("andromeda.battle.diplomacy.not_held", f"{play.by} holds no {play.card!r}", "战斗 · 步骤 2 外交")
        hand.remove(play.card)
        game = replace(game.with_player(replace(player, tactics=tuple(hand))), tactics_discard=game.tactics_discard + (play.card,))
        said.append(f"{play.by} discards {play.card}")
    for colour, vp in state.vp:
        if colour in colours and vp:
            game = gain_vp(game, colour, vp)
            said.append(f"{colour} +{vp} VP from the battle's diplomacy")
    game, moved_out = _withdraw(game, region, state, dict(withdraw_to or {}))
    said += moved_out
    if verdict is None:
        return game, "; ".join(said + ["the battle ended without a result"])
    for contender in state.contenders:
        if contender.energy and contender.name in colours:
            player = game.player(contender.name)
            game = game.with_player(replace(player, resources=player.resources.minus(_energy(contender.energy))))
            said.append(f"{contender.name} pays {contender.energy} energy for dice")
    for colour in verdict.losers:
        if colour not in colours:
            continue
        player = game.player(colour)
        for ship in player.ships:
            if ship.where != f"region:{region}":
                continue
            shields = spec_of(game, colour, ship.kind, catalog).shields
            player = player.with_ship(replace_valid(ship, damage=ship.damage + 1) if ship.damage < shields
                                      else replace_valid(ship, where="scrapyard"))
        game = game.with_player(player)
        said.append(f"{colour}'s ships are damaged")
    for colour in order:
        moved = run(advance_track(game, colour, "supremacy", catalog=catalog, variant=variant)).result
        said.append(f"{colour} +1 supremacy" if moved != game else f"{colour} is at the top of supremacy: the step is lost")
        game = moved
    if verdict.rewards:
        card = catalog.pirate(state.setup.pirate.name)
        for colour, _ in verdict.rewards:
            if colour not in colours:
                continue
            game = gain(game, colour, card.reward_goods)
            for track, spaces in card.reward_steps:
                game = run(advance_track(game, colour, track, spaces, catalog=catalog, variant=variant)).result
            said.append(f"{colour} takes {card.name}'s reward: {reward_text(card)}")
    if state.setup.pirate is not None:
        if state.pirate_returned:
            pirates = list(game.pirates)
            for _ in range(state.pirate_returned):
                pirates.remove(next(p for p in pirates if p[1] == region))
            game = replace(game, pirates=tuple(pirates))
            said.append(f"{state.pirate_returned} pirate figure(s) back to the card, its damage cleared (A-R11)")
        game = game.with_pirate_damage(region, tuple(state.pirate_figures or ()))
        if any(state.pirate_figures or ()):
            said.append(f"the pirate figures in {region} keep their shield damage {tuple(state.pirate_figures)} (A-R11)")
    for colour, module in barrage.items():
        game = damage_module(game, colour, module)
        said.append(f"BARRAGE: {colour} damages {module}")
    return game, "; ".join(said) or "nothing changes"


def barrage_owed(game: Game, state, catalog: Catalog | None = None) -> dict[str, tuple[str, ...]]:
    """Who must damage a module after this battle, with the modules each may choose: when a pirate with
    BARRAGE (the Mortality Sphere) wins, every player who fought in the battle; an undamaged module if
    they have one (受损 & 修理), otherwise any (``repair.damage_module``)."""
    catalog = catalog or load_catalog()
    verdict, pirate = state.verdict, state.setup.pirate
    if verdict is None or pirate is None or not verdict.winner or pirate.name not in verdict.winner:
        return {}
    card = next((c for c in catalog.pirates.values() if c.name == pirate.name), None)
    if card is None or not card.barrage:
        return {}
    colours = {p.colour for p in game.players}
    owed = {}
    for colour in verdict.losers:
        if colour in colours:
            modules = game.player(colour).modules
            undamaged = tuple(m.name for m in modules if not m.damaged)
            owed[colour] = undamaged or tuple(m.name for m in modules)     # repair.damage_module: undamaged first
    return {colour: names for colour, names in owed.items() if names}


def _withdraw(game: Game, region: str, state, destinations: dict[str, str | Sequence[str]]) -> tuple[Game, list[str]]:
    """Move each ship a diplomacy card withdrew to the planet or Alliance Base its owner names."""
    withdrawn = {name: ships for name, ships in getattr(state, "withdrawn", ()) if ships}
    colours = {p.colour for p in game.players}
    for name in destinations:
        if name not in withdrawn:
            raise InvalidInput("withdraw_to", name, f"only players who withdrew ships name destinations: {sorted(withdrawn)}")
    said = []
    for colour, ships in withdrawn.items():
        if colour not in colours:
            continue
        places = destinations.get(colour)
        places = (places,) if isinstance(places, str) else tuple(places or ())
        if len(places) != len(ships):
            raise InvalidInput(f"withdraw_to.{colour}", places,
                               f"a planet or Alliance Base for each withdrawn ship ({', '.join(s.kind for s in ships)}): "
                               "BARGAIN FOR SAFE PASSAGE moves it \"to any planet or Alliance Base\" (战斗 · 步骤 2 外交)")
        for place in places:
            if place not in dict(game.region_ids) or game.region(place).kind not in ("planet", "alliance_base"):
                raise InvalidInput(f"withdraw_to.{colour}", place, "a withdrawn ship goes to a planet or Alliance Base (战斗 · 步骤 2 外交)")
        player = game.player(colour)
        for ship, place in zip(ships, places):
            moving = next(s for s in player.ships if s.where == f"region:{region}" and s.kind == ship.kind and s.damage == ship.damage)
            player = player.with_ship(replace(moving, where=f"region:{place}"))
            said.append(f"{colour}'s {ship.kind} leaves the battle for {place}")
        game = game.with_player(player)
    return game, said


__all__ = ["apply_battle", "barrage_owed", "board_of", "place_pirate_in_game", "battle_pirate", "battle_setup", "pirate_cards", "reward_text", "ALLIANCE_BASES", "base_access", "board_and_pieces", "board_ship", "bay_launch_options", "launch_in_game", "launch_options",
           "pirate_placer", "raid_in_game", "raid_options_in_game"]
