"""A seeded playthrough on one game state: set-up, launches (activate, raid, battle) and returns, turn after
turn, checking the invariants the rules keep (the TAG/OpenSpiel idea: play whole turns, check the state)."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.activate import activate_region
from tabletoolkit.andromeda.catalog import load_catalog
from tabletoolkit.andromeda.develop import development_options
from tabletoolkit.andromeda.effects import end_of_turn_hand
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.repair import repair_options
from tabletoolkit.andromeda.ships import buildable
from tabletoolkit.andromeda.state import hand_limit
from tabletoolkit.andromeda.battle import Pirate, battle
from tabletoolkit.andromeda.pirates import PirateCard
from tabletoolkit.andromeda.return_turn import Activate, activation_options, must_return, return_turn
from tabletoolkit.andromeda.scoring import end_turn
from tabletoolkit.andromeda.setup import set_up
from tabletoolkit.andromeda.table import apply_battle, battle_setup, launch_in_game, launch_options, pirate_placer, raid_in_game
from tabletoolkit.engine import Rng, run

CARDS = {"S": PirateCard("Vorticon Strikers", "S", range=1), "A": PirateCard("Sample class A", "A", range=1),
         "B": PirateCard("Saucerian Abductor", "B", range=2), "C": PirateCard("Sample class C", "C", range=1),
         "D": PirateCard("Mortality Sphere", "D", range=1, start="development_office")}


def pay_two(player):
    """Any 2 resources from the station, the most plentiful first."""
    paid = {}
    for kind, count in sorted(player.resources, key=lambda kv: -kv[1]):
        take = min(count, 2 - sum(paid.values()))
        if take:
            paid[kind] = take
    return Goods.of(paid)


def first_repair(game, colour):
    """The scripted player's repair: the first legal option, on its first candidate (named: it is a choice)."""
    options = repair_options(game, colour)
    option = next(o for o in ("scrapyard", "module", "shield", "nothing") if options[o] == "legal")
    player = game.player(colour)
    targets = {"scrapyard": [s.id for s in player.ships_at("scrapyard")], "module": [m.name for m in player.modules if m.damaged],
               "shield": [s.id for s in player.ships if s.damage and s.where not in ("scrapyard", "supply")], "nothing": [""]}
    return f"{option}:{targets[option][0]}"


def base_action(game, colour, region, rng):
    player = game.player(colour)
    catalog = load_catalog()
    if region in ("Monolith of Ancients", "Trade Hub"):
        if player.resources.total >= 2:
            return dict(payment=pay_two(player))
        moons = tuple(range(len(player.moons)))                     # discarded as part of the payment (A-F4)
        pooled = replace(player, resources=player.resources + sum((m.goods.resources for m in player.moons), Goods()))
        short = max(0, 2 - pooled.resources.total)
        return dict(moons=moons, payment=pay_two(pooled), tactics=player.tactics[:short])
    if region in ("Maximus Field", "Odessa Field"):
        rows = catalog.alliance_bases[region].buy_modules
        shown = [m for row in rows for m in game.display(row)]
        affordable = [m for m in shown if player.resources.can_pay(catalog.module_cost[catalog.module(m).row])]
        return dict(modules=affordable[:1], field_discard=next((m for m in shown if m != affordable[0]), None))
    if region == "Shipyard":
        kinds = [k for k, verdict in buildable(game, colour).items() if verdict == "legal"]
        return dict(choice="build_ship", target=kinds[0]) if kinds else dict(choice="repair", target=first_repair(game, colour))
    legal = [name for name, verdict in development_options(game, colour).items() if verdict == "legal"]
    return dict(target=legal[0])


def play_turn(game, rng):
    colour = game.active
    player = game.player(colour)
    if must_return(game, colour) or rng.roll(6) == 1:
        plan, used = [], set()
        for ship in [s.id for s in player.ships if s.on_board or s.where == "barge"]:
            options = activation_options(game, colour, ship, frozenset(used))
            name = next((m for m, verdict in options.items() if verdict == "legal"), None)
            if name is None:
                continue
            used.add(name)
            choice = {"Shipwright": "repair", "Architect": "draw_tactics"}.get(name)
            plan.append(Activate(name, ship, choice, first_repair(game, colour) if choice == "repair" else None))
        game = run(return_turn(game, colour, plan, rng=rng)).result
    else:
        ship = player.ships_at("bay")[0].id
        names = {rid: name for name, rid in game.region_ids}
        legal = [names[v.region] for v in launch_options(game, colour, ship).verdicts if v.rule == "legal" and not v.jump]
        if not legal:
            return run(end_turn(game, rng, place_pirate=pirate_placer(CARDS))).result
        region = legal[rng.roll(len(legal)) - 1]
        game, _ = launch_in_game(game, colour, ship, region)
        if len(game.player(colour).moons) >= 4:
            game = game.with_player(replace(game.player(colour), moons=game.player(colour).moons[1:]))
        extra = base_action(game, colour, region, rng) if game.region(region).kind == "alliance_base" else {}
        game = run(activate_region(game, colour, region, rng=rng, **extra)).result
        game, _ = raid_in_game(game, region, CARDS, choice=None if _one_choice(game, region) else "S")
        owners = {p.colour for p in game.players if any(s.where == f"region:{region}" for s in p.ships)}
        figures = [c for c, where in game.pirates if where == region]
        if len(owners) + (1 if figures else 0) >= 2:
            pirate = Pirate(CARDS[figures[0]].name, weapons=2, s_class=figures[0] == "S") if figures else None
            fought = run(battle(battle_setup(game, region, pirate), rng=rng)).result
            from tabletoolkit.andromeda.table import barrage_owed

            game, _ = apply_battle(game, region, fought, barrage={c: m[0] for c, m in barrage_owed(game, fought).items()})
    game = end_of_turn_hand(game, colour, game.player(colour).tactics[hand_limit(game.player(colour)):])
    return run(end_turn(game, rng, place_pirate=pirate_placer(CARDS))).result


def _one_choice(game, region):
    from tabletoolkit.andromeda.pirates import raid_options
    from tabletoolkit.andromeda.table import board_and_pieces

    board, pieces = board_and_pieces(game)
    return len(raid_options(board, pieces, dict(game.region_ids)[region], CARDS).choices) <= 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seeded_playthrough_keeps_the_invariants(seed):
    rng = Rng(seed)
    game = run(set_up(("yellow", "blue", "green"), rng)).result
    before = game
    for _ in range(40):
        game = play_turn(game, rng)
        for player in game.players:
            assert len(player.ships) == 9
            assert len(player.moons) <= 4
            assert all(count >= 0 for _, count in player.resources)
            assert all(m.occupant is None for m in player.modules)
        assert 0 <= game.event_position <= 8 and game.event_pending is None
        assert len({letter for letter, _ in game.pirates}) <= 5
        for region in {where for _, where in game.pirates}:
            classes = {c for c, where in game.pirates if where == region}
            assert len(classes) == 1                                   # one pirate class per region
    assert before == run(set_up(("yellow", "blue", "green"), Rng(seed))).result   # the start state is untouched
