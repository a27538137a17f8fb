"""Andromeda's Edge as a whole game, through tt.new_game: the choices the rules give are options when they
arise (set-up, free actions at any time of your turn and the two allowed on others', development abilities,
2v2 transfers, the module a single field purchase discards), and every deck's next card is a chance event."""

from dataclasses import replace
from fractions import Fraction

import pytest

import tabletoolkit as tt
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.state import DevelopmentCard, Moon
from tabletoolkit.andromeda.whole_game import (Activating, Agreeing, Detailing, Drawing, Escalating, FieldDiscard,
                                               SettingUp)
from tabletoolkit.engine import CHANCE, Rng
from tabletoolkit.engine.game import game_info


def first_turn(game, seed=0):
    """Every set-up choice answered with the first option, the decks' first cards drawn by chance."""
    rng = Rng(seed)
    while game.to_move is CHANCE or game.pending:
        game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else game.options().legal[0].choice)
    return game


def free(options):
    return [o for o in options if isinstance(o.choice, tuple) and o.choice[:1] == ("free",)]


def action(option):
    return dict(option.choice[1:])["action"]


def test_each_player_keeps_one_of_the_three_factions_dealt():
    game = tt.new_game("andromeda", players=2, seed=4)
    assert isinstance(game.pending[-1], SettingUp) and game.to_move == "yellow"
    offered = game.options()
    assert [o.choice for o in offered] == [("faction", 0), ("faction", 1), ("faction", 2)]
    dealt = dict(game.pending[-1].factions)
    assert len(set(dealt["yellow"])) == 3 and all(name in o.text for name, o in zip(dealt["yellow"], offered))
    game = game.apply(("faction", 2)).apply(("faction", 1))
    assert game.table.player("yellow").faction == dealt["yellow"][2]
    assert game.table.player("blue").faction == dealt["blue"][1]


def test_destiny_cards_are_kept_by_choice_with_the_optional_rule():
    game = tt.new_game("andromeda", players=2, seed=4, destiny=True)
    game = game.apply(("faction", 0)).apply(("faction", 0))
    assert game.to_move == "yellow" and [o.choice for o in game.options()] == [("destiny", 0), ("destiny", 1)]
    cards = dict(game.pending[-1].destinies)["yellow"]
    game = game.apply(("destiny", 1)).apply(("destiny", 0))
    assert game.table.player("yellow").destiny == cards[1]


def test_optional_rules_and_teams_are_settings():
    assert dict(game_info("andromeda").settings)["teams"] == (False, True)
    vortex = first_turn(tt.new_game("andromeda", players=2, seed=1, special="vortex"))
    assert sum(1 for r in vortex.table.regions if r.kind == "vortex") == 2
    with pytest.raises(tt.InvalidInput):
        tt.new_game("andromeda", players=2, special="wormhole")


def test_every_next_card_of_a_deck_is_a_chance_event_with_exact_odds():
    game = tt.new_game("andromeda", players=2, seed=1)
    game = game.apply(("faction", 0)).apply(("faction", 0))
    assert game.to_move is CHANCE and isinstance(game.pending[-1], Drawing)
    deck = game.pending[-1].deck
    odds = game.chance()
    assert deck == ("events",) and sum(odds.values()) == 1
    assert set(odds.values()) == {Fraction(1, len(game.table.event_deck))}          # every event card alike
    card = sorted(odds)[3][2]
    after = game.apply(("next", deck, card))
    assert after.table.event_deck[0] == card and after.table.event_deck.count(card) == 1


def test_the_tactics_discard_becomes_a_new_deck_drawn_card_by_card():
    game = first_turn(tt.new_game("andromeda", players=2, seed=1))
    table = game.table
    deck = table.tactics_deck
    kept = deck[:3]
    game = replace(game, table=replace(table, tactics_deck=kept, tactics_discard=deck[3:]),
                   unshuffled=tuple((d, () if d == ("tactics",) else b) for d, b in game.unshuffled))
    game = game.apply(game.options().legal[0].choice)                           # any decision: the decks are checked
    while game.to_move is not CHANCE:
        game = game.apply(game.options().legal[0].choice)
    assert game.table.tactics_deck[:3] == kept and not game.table.tactics_discard
    assert any(s.title == "Shuffle the tactics discard" for s in game.steps) or isinstance(game.pending[-1], Drawing)


def at_activation(game, region):
    """The first turn's player with a ship just launched to ``region``, about to activate it."""
    table = game.table
    player = table.player(table.active)
    ship = player.ships_at("bay")[0]
    table = table.with_player(player.with_ship(replace(ship, where=f"region:{region}")))
    return replace(game, table=table, pending=(Activating(region),))


def test_free_actions_are_offered_in_the_middle_of_a_turn():
    game = first_turn(tt.new_game("andromeda", players=2, seed=1))
    colour = game.table.active
    player = game.table.player(colour)
    game = replace(game, table=game.table.with_player(replace(player, moons=(Moon(Goods.of(ice=1)),))))
    planet = next(r.name for r in game.table.regions if r.kind == "planet" and r.moons)
    activation = at_activation(game, planet)
    kinds = {action(o) for o in free(activation.options())}
    assert {"discard_moon", "insert_moon"} <= kinds                               # before activating the planet
    discarded = activation.apply(next(o.choice for o in free(activation.options().legal) if action(o) == "discard_moon"))
    assert discarded.table.player(colour).resources["ice"] == player.resources["ice"] + 1
    titles = [s.title for s in discarded.steps]                                   # then the lone activation is taken
    assert titles.index("Take the moon") > 0 and discarded.table.player(colour).moons[-1] is not None


def test_a_full_area_of_repair_moons_is_no_dead_end():
    """Making room at a planet discards a moon whose repair the activation cannot choose; a free action can."""
    game = first_turn(tt.new_game("andromeda", players=2, seed=1))
    colour = game.table.active
    player = game.table.player(colour)
    moons = tuple(Moon(Goods.of(credit=1, repair=1)) for _ in range(4))
    damaged = (replace(player.modules[0], damage=1),) + player.modules[1:]
    game = replace(game, table=game.table.with_player(replace(player, moons=moons, modules=damaged)))
    planet = next(r.name for r in game.table.regions if r.kind == "planet" and r.moons)
    activation = at_activation(game, planet)
    legal = activation.options().legal
    assert legal and all(o.choice[:1] == ("free",) for o in legal)
    discard = next(o.choice for o in legal if action(o) == "discard_moon")
    assert dict(discard[1:])["repair"] == ("module", damaged[0].name)            # the repair is the player's choice
    picked = activation.apply(discard)
    assert picked.table.player(colour).module(damaged[0].name).damage == 0


def test_on_another_players_turn_only_moons_and_tactics_cards():
    game = first_turn(tt.new_game("andromeda", players=2, seed=1))
    other = next(c for c in game.seats if c != game.table.active)
    player = game.table.player(other)
    game = replace(game, table=game.table.with_player(replace(player, moons=(Moon(Goods.of(ice=1)),))),
                   pending=(Escalating("Mercator", (other,)),))
    assert game.to_move == other
    assert {action(o) for o in free(game.options())} <= {"insert_moon", "play_tactics"}
    assert free(game.options())


def test_a_development_card_ability_is_a_free_action():
    game = first_turn(tt.new_game("andromeda", players=2, seed=1))
    colour = game.table.active
    player = game.table.player(colour)
    card = DevelopmentCard("obelisk")
    game = replace(game, table=game.table.with_player(replace(player, development_cards=(card,))))
    flip = next(o for o in free(game.options()) if action(o) == "flip_development")
    assert flip.legal and "obelisk" in flip.text
    after = game.apply(flip.choice)
    assert after.table.player(colour).resources["energy"] == player.resources["energy"] + 4
    assert after.table.player(colour).development_cards[0].used


def test_a_single_purchase_at_a_field_then_chooses_the_module_discarded():
    game = first_turn(tt.new_game("andromeda", players=2, seed=1))
    colour = game.table.active
    player = game.table.player(colour)
    game = replace(game, table=game.table.with_player(replace(player, resources=Goods.of(titanium=6, ice=6, nanocarbon=6))))
    activation = at_activation(game, "Maximus Field")
    single = next(o for o in activation.options().legal if o.group == "activate" and len(dict(o.choice)["modules"]) == 1)
    chosen = activation.apply(single.choice)
    assert isinstance(chosen.pending[-1], FieldDiscard)
    discards = chosen.options().legal
    bought = dict(single.choice)["modules"][0]
    assert discards and all(dict(o.choice)["field_discard"] != bought for o in discards)
    done = chosen.apply(discards[0].choice)
    assert any(m.name == bought for m in done.table.player(colour).modules)


def test_a_2v2_transfer_waits_for_the_teammates_agreement():
    game = first_turn(tt.new_game("andromeda", players=4, teams=True, seed=2))
    colour = game.table.active
    transfer = next(o for o in free(game.options()) if action(o) == "transfer")
    ways = game.apply(transfer.choice)
    assert isinstance(ways.pending[-1], Detailing)
    way = next(o.choice for o in ways.options().legal if dict(o.choice[1:]).get("kind") == "resource"
               and dict(o.choice[1:])["giver"] == colour)
    asked = ways.apply(way)
    mate = dict(way[1:])["receiver"]
    assert isinstance(asked.pending[-1], Agreeing) and asked.to_move == mate
    refused = asked.apply(("refuse",))
    assert refused.table == game.table and not refused.transferred
    agreed = asked.apply(("agree",))
    item = dict(way[1:])["item"]
    assert agreed.table.player(mate).resources[item] == game.table.player(mate).resources[item] + 1
    again = next(o for o in free(agreed.options()) if action(o) == "transfer")                       # once per turn
    assert agreed.transferred and not again.legal and again.rule == "andromeda.optional.transfer_used"


def test_a_battles_odds_are_shown_as_fraction_and_percent_before_the_dice():
    policy, rng = tt.policies.random(3), Rng(3)
    game = tt.new_game("andromeda", players=3, seed=3)
    for _ in range(4000):
        if game.to_move is CHANCE and type(game.pending[-1]).__name__ == "Fighting":
            break
        game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else policy(game))
    shown = next(s for s in game.steps if s.title == "The odds before the dice")
    assert "≈" in shown.text and "%" in shown.text
    assert set(shown.data["odds"].values()) <= set(game.chance().values()) | {Fraction(0)}


def test_before_an_alliance_base_is_activated_nothing_that_could_pay_for_it_is_given_up():
    """A tactics card played before activating Trade Hub could leave nothing to pay with: refused, with the reason."""
    game = first_turn(tt.new_game("andromeda", players=2, seed=1))
    colour = game.table.active
    player = game.table.player(colour)
    game = replace(game, table=game.table.with_player(replace(player, tactics=("Assume Command",), resources=Goods.of(energy=1))))
    base = at_activation(game, "Trade Hub")
    play = next(o for o in free(base.options()) if action(o) == "play_tactics")
    assert not play.legal and play.rule == "andromeda.game.activate_first"
    assert any(o.legal and o.group == "activate" for o in base.options())        # the card pays for the base instead
    planet = next(r.name for r in game.table.regions if r.kind == "planet" and r.moons)
    assert next(o for o in free(at_activation(game, planet).options()) if action(o) == "play_tactics").legal


def test_the_primary_reactor_activates_the_tech_modules_the_player_picks_one_at_a_time():
    """核心模块: a ship on the Primary Reactor activates any number of the other tech modules, each chosen in turn
    (the refused ones listed with their reason), until the player stops."""
    from tabletoolkit.andromeda.examples import activation_example
    from tabletoolkit.andromeda.return_turn import Activate
    from tabletoolkit.andromeda.whole_game import Returning

    game = first_turn(tt.new_game("andromeda", players=2, seed=1))
    colour = game.table.active
    player = game.table.player(colour)
    example = activation_example().player("yellow")
    station = replace(player, modules=example.modules, resources=Goods.of(energy=3, nanocarbon=1, titanium=1),
                      ships=tuple(replace(s, where="barge") if s.id == "transport-1" else s for s in player.ships))
    game = replace(game, table=game.table.with_player(station), pending=(Returning(),))
    reactor = Activate("Primary Reactor", "transport-1", tech=())
    assert reactor in [o.choice for o in game.options().legal]
    game = game.apply(reactor)
    assert game.table.player(colour).resources["energy"] == 5                    # the reactor's 2 energy, no tech module yet
    offered = {o.choice.module if o.choice != ("stop",) else "stop": o for o in game.options() if o.group == "tech modules"}
    assert set(offered) == {"Supplier", "Index Extractor", "Quantum Loom", "Deep Scanner", "Syndicate Interface", "stop"}
    assert offered["Supplier"].rule == "andromeda.return.input_slot_empty"
    assert offered["Index Extractor"].rule == "andromeda.return.damaged"
    assert all(offered[m].legal for m in ("Quantum Loom", "Deep Scanner", "Syndicate Interface", "stop"))
    game = game.apply(offered["Deep Scanner"].choice)
    after = {o.choice.module for o in game.options().legal if o.group == "tech modules" and o.choice != ("stop",)}
    assert after == {"Quantum Loom", "Syndicate Interface"}                       # Deep Scanner is done
    game = game.apply(("stop",))
    yellow = game.table.player(colour)
    assert yellow.resources == Goods.of(energy=6, nanocarbon=1, titanium=1) and yellow.vp == player.vp + 1
    assert ("done",) in [o.choice for o in game.options().legal]                  # back to the return turn's activations
    assert not any(o.group == "tech modules" for o in game.options())


def test_2v2_the_turns_first_module_from_a_city_card_may_go_to_the_teammate():
    """转移模块: the first module the active player gains in their turn may be gained by the teammate instead, who
    advances on its track; a city card's module (开发能力 · 城市) is such a module, and only the turn's first is."""
    game = first_turn(tt.new_game("andromeda", players=4, teams=True, seed=2))
    colour = game.table.active
    mate = next(c for c in game.seats if c != colour and game.table.team_of(c) == game.table.team_of(colour))
    player = game.table.player(colour)
    game = replace(game, table=game.table.with_player(replace(player, development_cards=(DevelopmentCard("city"),) * 2)))
    flip = next(o for o in free(game.options()) if action(o) == "flip_development")
    ways = game.apply(flip.choice)
    given = [o for o in ways.options().legal if dict(o.choice[1:]).get("first_to") == mate]
    module = dict(given[0].choice[1:])["module"]
    assert len(given) == len([o for o in ways.options().legal if "first_to" not in dict(o.choice[1:])])
    assert f"{mate} gains it instead" in given[0].label
    row = _catalog_row(module)
    done = ways.apply(given[0].choice)
    assert any(m.name == module for m in done.table.player(mate).modules)
    assert not any(m.name == module for m in done.table.player(colour).modules)
    assert done.table.player(mate).track(row) == game.table.player(mate).track(row) + 1
    assert done.table.player(colour).track(row) == player.track(row)
    assert done.module_gained
    again = done.apply(next(o for o in free(done.options()) if action(o) == "flip_development").choice)
    assert again.options().legal and not any("first_to" in dict(o.choice[1:]) for o in again.options())


def _catalog_row(module):
    from tabletoolkit.andromeda.catalog import load_catalog

    return load_catalog().module(module).row
