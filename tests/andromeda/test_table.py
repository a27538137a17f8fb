"""The bridge from a Game to the board, launch, raid and battle rules."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.battle import BattleState, Pirate, battle
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.pirates import PirateCard
from tabletoolkit.andromeda.setup import set_up
from tabletoolkit.andromeda.table import (apply_battle, battle_setup, board_and_pieces, launch_in_game, launch_options,
                                          pirate_placer, raid_in_game)
from tabletoolkit.engine import IllegalAction, Rng, run

CARDS = {"S": PirateCard("Vorticon Strikers", "S", range=1), "B": PirateCard("Saucerian Abductor", "B", range=2)}


def table():
    return run(set_up(("yellow", "blue"), Rng(5))).result


def test_pieces_follow_the_game():
    game = table()
    board, pieces = board_and_pieces(game)
    ids = dict(game.region_ids)
    assert sorted(pieces.pirates) == sorted((ids[where], letter) for letter, where in game.pirates)
    assert len(pieces.leaders) == 2 * (6 + 2)         # each player: 1 leader per alliance base, 2 on a nebula


def test_launch_then_raid_then_battle_on_the_game():
    game = table()
    names = {rid: name for name, rid in game.region_ids}
    legal = {names[v.region] for v in launch_options(game, "yellow", "transport-1").verdicts if v.rule == "legal"}
    assert "Monolith of Ancients" in legal and "Nebula 4" not in legal        # a transport has no Voyage
    with pytest.raises(IllegalAction) as refused:
        launch_in_game(game, "yellow", "transport-1", "Nebula 4")
    assert refused.value.rule == "andromeda.launch.voyage"
    game, _ = launch_in_game(game, "yellow", "transport-1", "Monolith of Ancients")
    assert game.player("yellow").ship("transport-1").where == "region:Monolith of Ancients"
    game, said = raid_in_game(game, "Monolith of Ancients", CARDS)
    assert ("S", "Monolith of Ancients") in game.pirates and "from Nebula 4" in said
    setup = battle_setup(game, "Monolith of Ancients", Pirate("Vorticon Strikers", weapons=1, s_class=True))
    assert [p.name for p in setup.participants] == ["yellow"] and setup.pirate.figures == (0,)
    fought = run(battle(setup, rng=Rng.forced([2, 3]))).result
    after, _ = apply_battle(game, "Monolith of Ancients", fought)
    assert after.player("yellow").ship("transport-1").where == "scrapyard"


def test_event_pirates_placed_by_the_placement_rules():
    game = table()
    place = pirate_placer(CARDS)
    after, text = place(game, "B", Rng.forced([1]))
    assert ("B", "Nebula 1") in after.pirates


def test_apply_battle_gives_diplomacy_vp_and_lets_the_active_player_order_teammates():
    from types import SimpleNamespace

    from tabletoolkit.andromeda.battle import Verdict
    from tabletoolkit.engine import InvalidInput

    game = table()
    for colour in ("yellow", "blue"):
        game = game.with_player(replace(game.player(colour), tracks=Goods.of(supremacy=3)))
    game = replace(game, supremacy_spaces=((4, Goods.of(energy=2)),))
    won = Verdict(("yellow", "blue"), (), 1, ("yellow", "blue"), (), (), False)
    fields = dict(setup=SimpleNamespace(pirate=None), plays=(), contenders=(), pirate_figures=None, pirate_returned=0)
    state = SimpleNamespace(verdict=won, vp=(("blue", 4),), **fields)
    after, said = apply_battle(game, "Monolith of Ancients", state, supremacy_order=("blue", "yellow"))
    assert after.player("blue").supremacy_tokens == (Goods.of(energy=2),)          # blue first takes the token
    assert after.player("yellow").vp == game.player("yellow").vp + 2               # yellow arrives second: 2 VP
    assert after.player("blue").vp == game.player("blue").vp + 4                   # Hailing Frequencies-style VP
    with pytest.raises(InvalidInput):
        apply_battle(game, "Monolith of Ancients", state, supremacy_order=("blue",))
    ended = SimpleNamespace(verdict=None, vp=(("yellow", 3),), **fields)   # diplomacy ended the battle
    assert apply_battle(game, "Monolith of Ancients", ended)[0].player("yellow").vp == game.player("yellow").vp + 3


MONOLITH = "Monolith of Ancients"


def pirate_battle(letters, yellow_ships=("transport-1",), blue_ships=()):
    """Yellow (active) and blue ships in the Monolith of Ancients with pirate figures of ``letters``."""
    game = replace(table(), active="yellow")
    for colour, ids in (("yellow", yellow_ships), ("blue", blue_ships)):
        player = game.player(colour)
        for ship_id in ids:
            player = player.with_ship(replace(player.ship(ship_id), where=f"region:{MONOLITH}"))
        game = game.with_player(player)
    return replace(game, pirates=tuple((letter, MONOLITH) for letter in letters))


def test_the_printed_mortality_sphere_and_the_sample_pirates_are_catalog_data():
    from tabletoolkit.andromeda.catalog import load_catalog
    from tabletoolkit.andromeda.table import pirate_cards

    sphere = load_catalog().pirate("D")                       # 海盗 · 印页 11 card picture
    assert (sphere.name, sphere.range, sphere.start) == ("Mortality Sphere", 1, "development_office")
    assert (sphere.weapons, sphere.aim_bonus, sphere.shields) == (5, 2, 2)
    assert sphere.reward_steps == (("supremacy", 1),) and not sphere.reward_goods
    assert "印页 11" in sphere.section and load_catalog().pirate("B").range == 2          # 战斗举例: range 2
    assert pirate_cards()["D"] == PirateCard("Mortality Sphere", "D", 1, "development_office")
    assert sorted(pirate_cards()) == ["A", "B", "C", "D", "S"]


def test_bad_pirate_card_data_names_the_file_and_the_entry():
    from importlib import resources

    from tabletoolkit.andromeda.catalog import Catalog
    from tabletoolkit.engine import InvalidInput

    files = resources.files("tabletoolkit.andromeda.data")
    book, tracks = (files / "rulebook.toml").read_text("utf-8"), (files / "tracks.toml").read_text("utf-8")
    sample = (files / "sample_cards.toml").read_text("utf-8").replace("reward = { vp = 3 }", "reward = { gold = 3 }")
    with pytest.raises(InvalidInput) as bad:
        Catalog.from_toml(book, tracks, sample)
    assert bad.value.field == "sample_cards.toml: pirate_card[3].reward.gold"          # the 4th card: Sample class C


def test_battle_setup_takes_the_pirate_from_its_card():
    setup = battle_setup(pirate_battle("D"), MONOLITH)
    assert (setup.pirate.name, setup.pirate.weapons, setup.pirate.aim_bonus, setup.pirate.shields) == ("Mortality Sphere", 5, 2, 2)
    assert setup.pirate.reward == "1 supremacy step" and setup.pirate.figures == (0,)
    swarm = battle_setup(pirate_battle("SS"), MONOLITH).pirate
    assert swarm.s_class and swarm.figures == (0, 0) and swarm.reward == "2 credit"


def test_beating_the_mortality_sphere_gives_its_supremacy_step_on_top_of_the_winners():
    game = pirate_battle("D")
    fought = run(battle(battle_setup(game, MONOLITH), rng=Rng.forced([6, 5, 4, 3, 3, 3]))).result
    assert fought.verdict.rewards == (("yellow", "1 supremacy step"),)
    after, said = apply_battle(game, MONOLITH, fought)
    assert after.player("yellow").track("supremacy") == game.player("yellow").track("supremacy") + 2   # win + reward
    assert "Mortality Sphere's reward: 1 supremacy step" in said
    assert after.pirates == (("D", MONOLITH),)               # an undamaged shield: the figure stays (A-F3)


def test_each_winning_player_takes_goods_and_a_swarm_rewards_once():
    game = pirate_battle("SS")                                # two S figures: one participant, 1 × 2 dice, aim 2
    fought = run(battle(battle_setup(game, MONOLITH), rng=Rng.forced([6, 2, 2]))).result
    after, _ = apply_battle(game, MONOLITH, fought)
    assert after.player("yellow").resources == game.player("yellow").resources + Goods.of(credit=2)    # once, not per figure
    assert after.pirates == (("S", MONOLITH),)


def test_a_full_tie_rewards_nobody():
    game = pirate_battle("A", yellow_ships=("transport-1", "transport-2"))   # 2 dice each side
    fought = run(battle(battle_setup(game, MONOLITH), rng=Rng.forced([6, 3, 6, 3]))).result
    assert fought.verdict.winner is None and fought.verdict.pirate_beaten         # A-R2: a figure counts as beaten
    after, _ = apply_battle(game, MONOLITH, fought)
    assert after.player("yellow").resources == game.player("yellow").resources
    assert after.player("yellow").track("supremacy") == game.player("yellow").track("supremacy")
    assert after.pirates == ()


def test_ships_withdrawn_by_diplomacy_go_where_their_owner_sends_them():
    from tabletoolkit.andromeda.battle import DiplomacyPlay, diplomacy
    from tabletoolkit.engine import InvalidInput

    game = pirate_battle("", yellow_ships=("transport-1", "transport-2"), blue_ships=("transport-1",))
    game = game.with_player(replace(game.player("yellow"), tactics=("Bargain for Safe Passage",)))   # held, then discarded
    bargain = DiplomacyPlay("yellow", "Bargain for Safe Passage", ends_battle=True, withdraw=("transport",))
    ended = run(diplomacy(BattleState(battle_setup(game, MONOLITH)), [bargain])).result
    with pytest.raises(InvalidInput) as missing:
        apply_battle(game, MONOLITH, ended)
    assert missing.value.field == "withdraw_to.yellow"
    with pytest.raises(InvalidInput):
        apply_battle(game, MONOLITH, ended, withdraw_to={"yellow": "T21"})            # an empty slot is no planet
    after, said = apply_battle(game, MONOLITH, ended, withdraw_to={"yellow": "Halo"})
    wheres = sorted(s.where for s in after.player("yellow").ships if s.where.startswith("region:"))
    assert wheres == ["region:Halo", f"region:{MONOLITH}"]
    assert "yellow's transport leaves the battle for Halo" in said
    assert after.player("yellow").tactics == () and after.tactics_discard[-1] == "Bargain for Safe Passage"


def test_one_ship_class_for_the_game_the_board_and_the_battle():
    from tabletoolkit.andromeda import battle as battle_module, board as board_module
    from tabletoolkit.andromeda.catalog import load_catalog
    from tabletoolkit.andromeda.ships import apply_upgrade
    from tabletoolkit.andromeda.state import Game, Player, Ship, fleet
    from tabletoolkit.andromeda.table import board_ship

    assert board_module.Ship is battle_module.Ship is Ship
    catalog = load_catalog()
    basic, upgraded = catalog.ship("heavy_cruiser", False), catalog.ship("heavy_cruiser", True)
    game = Game((Player("red", ships=fleet("red"), upgrade_tiles=("heavy_cruiser",)),))
    cruiser = game.player("red").ship("heavy_cruiser")
    assert (cruiser.owner, cruiser.range, cruiser.weapons, cruiser.shields, cruiser.jump) == (
        "red", basic.range, basic.weapons, basic.shields, "jump" in basic.abilities)
    game, _ = apply_upgrade(game, "red", "heavy_cruiser", free_ship=False)
    refitted = game.player("red").ship("heavy_cruiser")
    assert (refitted.weapons, refitted.aim_bonus) == (upgraded.weapons, upgraded.aim) != (basic.weapons, basic.aim)
    assert board_ship(game, "red", "heavy_cruiser") == refitted


def test_launches_on_the_game_follow_the_variant():
    from tabletoolkit.andromeda.table import bay_launch_options
    from tabletoolkit.andromeda.variant import RULEBOOK
    game = table()
    names = {rid: name for name, rid in game.region_ids}
    game, _ = launch_in_game(game, "yellow", "transport-1", "Monolith of Ancients")
    game, _ = launch_in_game(game, "blue", "transport-1", "Halo")
    any_ship = replace(RULEBOOK, launch_range_from="any")     # within range of any ship on the board (ruling A-R6)
    for variant, expected in ((RULEBOOK, ["Halo", "Pillar"]), (any_ship, ["Halo", "Pillar", "Trade Hub"])):
        one = launch_options(game, "yellow", "transport-2", variant=variant)
        assert sorted(names[v.region] for v in one.verdicts if v.legal) == expected
        bay = bay_launch_options(game, "yellow", variant=variant)
        assert sorted(bay) == ["transport-2", "transport-3"]
        assert all(options.verdicts == one.verdicts for options in bay.values())
    with pytest.raises(IllegalAction):
        launch_in_game(game, "yellow", "transport-2", "Trade Hub")
    moved, _ = launch_in_game(game, "yellow", "transport-2", "Trade Hub", variant=any_ship)
    assert moved.player("yellow").ship("transport-2").where == "region:Trade Hub"
