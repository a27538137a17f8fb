"""Rules that must hold when the phases are joined into a game (the table layer): pirate placement by
events, battles fought on a game, and the checks that let a launch happen agreeing with what follows."""

from dataclasses import replace

import pytest

from tabletoolkit.andromeda.catalog import load_catalog
from tabletoolkit.andromeda.events import resolve_event
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.state import Game, Player, Region, core_station, fleet
from tabletoolkit.engine import Rng, run

CATALOG = load_catalog()


def event_game(card: str, pirates=(), **extra) -> Game:
    """Two players, two nebulae, the Development Office, an event pending on red's station."""
    players = tuple(Player(c, ships=fleet(c), modules=core_station()) for c in ("red", "blue"))
    regions = (Region("Nebula 1", "nebula", die=1), Region("Nebula 2", "nebula", die=2),
               Region("Development Office", "alliance_base"), Region("Slot A", "slot"))
    links = (("Nebula 1", "Development Office"), ("Development Office", "Nebula 2"))
    return Game(players, regions=regions, links=links, active="red", pirates=tuple(pirates), event_deck=(card,),
                event_pending="red", event_position=CATALOG.event_track_length,
                tactics_deck=("Assume Command", "Automation", "Dark Alliance", "Costly Mistake"), **extra)


# -- events place pirates by the pirate-placement rules (海盗 · 放置新海盗, A-F6) -----------------

@pytest.mark.phase("andromeda.event")
def test_an_event_whose_class_is_already_out_brings_two_s_class_figures_instead():
    start = event_game("Call of the Obelisk", pirates=(("B", "Nebula 1"),))      # the card brings class B
    after = run(resolve_event(start, Rng.forced([2]))).final_state
    assert sorted(after.pirates) == [("B", "Nebula 1"), ("S", "Nebula 2"), ("S", "Nebula 2")]


@pytest.mark.phase("andromeda.event")
def test_the_mortality_sphere_lands_on_the_region_its_card_names():
    start = event_game("Sample: Council of Worlds")                              # brings class D
    assert CATALOG.pirate("D").name == "Mortality Sphere" and CATALOG.pirate("D").start == "development_office"
    placed = run(resolve_event(start, Rng.forced([2])))
    assert ("D", "Development Office") in placed.final_state.pirates
    assert ("D", "Nebula 2") not in placed.final_state.pirates
    assert any(step.section == "海盗 · 放置新海盗" for step in placed.steps)          # the placement's own steps are shown


@pytest.mark.phase("andromeda.event")
def test_a_named_start_region_holding_another_class_falls_back_to_a_pirate_free_nebula():
    start = event_game("Sample: Council of Worlds", pirates=(("A", "Development Office"), ("S", "Nebula 1")))
    after = run(resolve_event(start, Rng.forced([1, 2]))).final_state            # 1: Nebula 1 holds S-class, roll again
    assert ("D", "Nebula 2") in after.pirates and len(after.pirates) == 3


# -- battles fought on a game (战斗) ------------------------------------------------------------

from tabletoolkit.andromeda.battle import BattleState, DiplomacyPlay, battle, diplomacy, energy_options  # noqa: E402
from tabletoolkit.andromeda.setup import set_up  # noqa: E402
from tabletoolkit.andromeda.table import apply_battle, battle_setup  # noqa: E402
from tabletoolkit.andromeda.variant import RULEBOOK  # noqa: E402
from tabletoolkit.engine import IllegalAction, InvalidInput  # noqa: E402

MONOLITH = "Monolith of Ancients"


def at_monolith(letters="", yellow=("transport-1",), blue=(), **yellow_fields):
    """Yellow (active) and blue ships in the Monolith of Ancients with pirate figures of ``letters``."""
    game = replace(run(set_up(("yellow", "blue"), Rng(5))).result, active="yellow")
    for colour, ids in (("yellow", yellow), ("blue", blue)):
        player = game.player(colour)
        for ship_id in ids:
            player = player.with_ship(replace(player.ship(ship_id), where=f"region:{MONOLITH}"))
        game = game.with_player(replace(player, **yellow_fields) if colour == "yellow" else player)
    return replace(game, pirates=tuple((letter, MONOLITH) for letter in letters))


@pytest.mark.phase("andromeda.battle.preparation")
def test_players_pay_energy_from_their_station_for_dice_and_it_is_taken_off():
    game = at_monolith("B", resources=Goods.of(energy=3, credit=1))          # beating class B pays titanium and ice
    setup = battle_setup(game, MONOLITH)
    assert setup.participant("yellow").energy == 3
    legal = {o.choice[1] for o in energy_options(BattleState(setup)).legal if o.group == "yellow"}
    assert legal == {0, 1, 2, 3}
    fought = run(battle(setup, energy={"yellow": 2}, rng=Rng.forced([6, 5, 4, 3, 3, 3]))).result
    assert fought.contenders[0].dice == 3 and fought.verdict.winner == ("yellow",)
    after, said = apply_battle(game, MONOLITH, fought)
    assert after.player("yellow").resources == Goods.of(energy=1, credit=1, titanium=1, ice=1) and "pays 2 energy" in said


@pytest.mark.phase("andromeda.battle.diplomacy")
def test_a_diplomacy_card_must_be_held_and_is_discarded():
    game = at_monolith(yellow=("transport-1",), blue=("transport-1",))
    hailing = DiplomacyPlay("blue", "Hailing Frequencies", vp_per_opposing_ship=1)
    with pytest.raises(IllegalAction) as refused:
        run(diplomacy(BattleState(battle_setup(game, MONOLITH)), [hailing]))
    assert refused.value.rule == "andromeda.battle.diplomacy.not_held"
    game = game.with_player(replace(game.player("blue"), tactics=("Hailing Frequencies", "Automation")))
    fought = run(battle(battle_setup(game, MONOLITH), [hailing], rng=Rng.forced([6, 2]))).result
    after, _ = apply_battle(game, MONOLITH, fought)
    assert after.player("blue").tactics == ("Automation",) and after.tactics_discard[-1] == "Hailing Frequencies"


def test_2v2_teammates_in_a_game_fight_as_one_side_and_players_without_teams_each_fight_alone():
    game = at_monolith("A", yellow=("transport-1",), blue=("transport-1",))
    assert battle_setup(game, MONOLITH).factions == (("yellow",), ("blue",), ("Sample class A",))
    teamed = replace(game, teams=(("blue", "north"), ("yellow", "north")))
    assert battle_setup(teamed, MONOLITH).factions == (("yellow", "blue"), ("Sample class A",))


@pytest.mark.phase("andromeda.battle.damage")
def test_a_pirates_shield_damage_lasts_between_battles_until_it_returns_to_its_card():
    game = at_monolith("D", yellow=("transport-1", "transport-2", "transport-3"))
    for marks in (1, 2):                               # the Mortality Sphere has two shields (A-F3, A-R11)
        fought = run(battle(battle_setup(game, MONOLITH), rng=Rng.forced([6, 6, 6, 5, 5, 5, 5, 5]))).result
        assert fought.verdict.pirate_beaten
        game, _ = apply_battle(game, MONOLITH, fought)
        assert game.pirates == (("D", MONOLITH),) and game.pirate_figures(MONOLITH) == (marks,)
    assert battle_setup(game, MONOLITH).pirate.figures == (2,)
    fought = run(battle(battle_setup(game, MONOLITH), rng=Rng.forced([6, 6, 6, 5, 5, 5, 5, 5]))).result
    game, _ = apply_battle(game, MONOLITH, fought)
    assert game.pirates == () and game.pirate_damage == ()            # back on its card, its damage cleared


@pytest.mark.phase("andromeda.battle.result")
def test_a_pirate_that_wins_stays_undamaged():
    game = at_monolith("A")
    fought = run(battle(battle_setup(game, MONOLITH), rng=Rng.forced([2, 6, 5]))).result
    assert fought.verdict.winner == ("Sample class A",)
    after, _ = apply_battle(game, MONOLITH, fought)
    assert after.pirates == (("A", MONOLITH),) and after.pirate_figures(MONOLITH) == (0,) and after.pirate_damage == ()


@pytest.mark.phase("andromeda.battle.damage")
def test_barrage_each_player_who_fought_the_winning_mortality_sphere_damages_a_module_of_their_choice():
    game = at_monolith("D", yellow=("transport-1",), blue=("transport-1",))
    fought = run(battle(battle_setup(game, MONOLITH), rng=Rng.forced([1, 1, 6, 6, 6, 6, 6]))).result
    assert fought.verdict.winner == ("Mortality Sphere",)
    from tabletoolkit.andromeda.table import barrage_owed

    owed = barrage_owed(game, fought)
    assert sorted(owed) == ["blue", "yellow"] and set(owed["yellow"]) == {m.name for m in game.player("yellow").modules}
    with pytest.raises(InvalidInput) as missing:
        apply_battle(game, MONOLITH, fought)
    assert missing.value.field == "barrage"
    core = game.player("yellow").modules[0].name
    after, said = apply_battle(game, MONOLITH, fought, barrage={"yellow": core, "blue": core})
    assert after.player("yellow").module(core).damaged and after.player("blue").damaged_modules == 1
    assert "BARRAGE: yellow damages" in said
    with pytest.raises(IllegalAction) as wrong:          # a module that is not on the station (a NameError before)
        apply_battle(game, MONOLITH, fought, barrage={"yellow": "Nowhere Module", "blue": core})
    assert wrong.value.rule == "andromeda.battle.barrage.module"


def test_the_winners_supremacy_step_follows_the_games_variant():
    game = replace(at_monolith("A", yellow=("transport-1", "transport-2")), event_pending="blue")
    tracks = dict(game.player("yellow").tracks.items) | {"supremacy": 1}
    game = game.with_player(replace(game.player("yellow"), tracks=Goods.of(tracks)))
    assert game.player("yellow").track("supremacy") == 1                # the next step is an event space
    fought = run(battle(battle_setup(game, MONOLITH), rng=Rng.forced([6, 6, 2, 2]))).result
    carried = RULEBOOK.but(event_advance_while_pending="carried")
    assert apply_battle(game, MONOLITH, fought)[0].event_carried == 0
    assert apply_battle(game, MONOLITH, fought, variant=carried)[0].event_carried == 1


# -- "can activate" (A-F4) agrees with the activation that follows ------------------------------

from tabletoolkit.andromeda.activate import activate_region  # noqa: E402
from tabletoolkit.andromeda.state import Moon  # noqa: E402
from tabletoolkit.andromeda.table import base_access  # noqa: E402


@pytest.mark.phase("andromeda.activate")
def test_a_claimed_moon_counted_as_payment_at_the_monolith_can_pay_there():
    game = at_monolith(resources=Goods(), tactics=(), moons=(Moon(Goods.of(titanium=1, ice=1)),))
    assert base_access(game, "yellow").resources == 2
    hand = len(game.player("yellow").tactics)
    after = run(activate_region(game, "yellow", MONOLITH, moons=(0,), payment=Goods.of(titanium=1, ice=1),
                                rng=Rng(0))).final_state
    assert after.player("yellow").moons == () and len(after.player("yellow").tactics) == hand + 3
    only_vp = at_monolith(resources=Goods.of(energy=1), tactics=(), moons=(Moon(Goods.of(vp=3)),))
    assert base_access(only_vp, "yellow").resources == 1              # a VP-only moon pays no resource


@pytest.mark.phase("andromeda.modules")
def test_buying_the_only_module_offered_at_maximus_field_needs_no_discard():
    game = at_monolith(resources=Goods.of(titanium=2))
    game = replace(game, module_display=tuple((row, shown[:1] if row == "industry" else () if row == "science" else shown)
                                              for row, shown in game.module_display))
    field = game.with_player(game.player("yellow").with_ship(replace(game.player("yellow").ship("transport-1"),
                                                                      where="region:Maximus Field")))
    assert base_access(field, "yellow").maximus_module
    only = field.display("industry")[0]
    after = run(activate_region(field, "yellow", "Maximus Field", modules=[only])).final_state
    assert only in {m.name for m in after.player("yellow").modules}


# -- set-up follows the variant; the rulebook's [limits] table is the rulebook value -------------

from tabletoolkit.andromeda.setup import roll_off  # noqa: E402


@pytest.mark.phase("andromeda.setup")
def test_set_up_takes_a_variant_for_the_start_player_roll_off():
    two_dice = RULEBOOK.but(start_roll_dice=2)
    assert roll_off(("red", "blue"), Rng.forced([6, 1, 5, 4]), variant=two_dice) == ("red", [("red", (6, 1)), ("blue", (5, 4))])
    steps = run(set_up(("red", "blue"), Rng(3), variant=two_dice)).steps
    start = next(s for s in steps if s.title == "Start player")
    assert start.text.startswith("Each player rolls 2 dice")
    rolled = [part for part in start.text.split(": ", 1)[1].split(". ")[0].split("; ")]
    assert all(len(part.split("[", 1)[1].split(",")) == 2 for part in rolled)
    everyone = RULEBOOK.but(start_roll_full_tie="all", start_roll_dice=1)
    # red and blue tie for first on [6]; with "all" the third player rolls again too (A-R1 alternative)
    first, history = roll_off(("red", "blue", "green"), Rng.forced([6, 6, 1, 2, 3, 4]), variant=everyone)
    assert first == "green" and [c for c, _ in history] == ["red", "blue", "green", "red", "blue", "green"]


@pytest.mark.phase("andromeda.setup")
def test_set_up_refuses_a_variant_that_is_not_one_with_a_typed_error():
    with pytest.raises(InvalidInput) as bad:
        run(set_up(("red", "blue"), Rng(0), variant={"start_roll_dice": 2}))
    assert bad.value.field == "variant"


@pytest.mark.phase("andromeda.setup")
def test_set_up_keeps_the_2v2_teams_in_the_game():
    teams = {"yellow": "sun", "blue": "sun", "green": "sea", "purple": "sea"}
    game = run(set_up(("yellow", "blue", "green", "purple"), Rng(1), teams=teams)).result
    assert game.team_of("yellow") == game.team_of("blue") == "sun" and game.team_of("green") == "sea"
    assert run(set_up(("yellow", "blue"), Rng(1))).result.teams == ()


def test_the_rulebook_limits_table_gives_the_rulebook_values_and_is_checked():
    from importlib import resources

    from tabletoolkit.andromeda.catalog import Catalog
    from tabletoolkit.andromeda.state import hand_limit

    limits = CATALOG.limits
    assert (RULEBOOK.hand_limit, RULEBOOK.claimed_moon_limit, RULEBOOK.development_vp_cap) == (
        limits["hand_limit"], limits["claimed_moons"], limits["development_vp_cap"])
    assert hand_limit(Player("red")) == limits["hand_limit"]
    files = resources.files("tabletoolkit.andromeda.data")
    book = (files / "rulebook.toml").read_text("utf-8").replace("planets_per_type = 3", "planets_per_type = 4")
    with pytest.raises(InvalidInput) as bad:                     # the sample planets are 3 per type (A-F17)
        Catalog.from_toml(book, (files / "tracks.toml").read_text("utf-8"), (files / "sample_cards.toml").read_text("utf-8"))
    assert bad.value.field == "sample_cards.toml: planet"


# -- boundaries --------------------------------------------------------------------------------

@pytest.mark.phase("andromeda.end")
def test_reaching_the_end_marker_exactly_triggers_the_end():
    from tabletoolkit.andromeda.effects import gain_vp

    game = replace(event_game("Call of the Obelisk"), event_pending=None, end_marker=60)
    game = game.with_player(replace(game.player("red"), vp=57))
    assert gain_vp(game, "red", 2).ended_by is None                   # 59: one short
    ended = gain_vp(game, "red", 3)                                   # 60 exactly (A-F22: reaches or passes)
    assert ended.ended_by == "red" and ended.final_turns == ("blue", "red")


@pytest.mark.phase("andromeda.event")
def test_an_event_scoring_2_or_more_loses_exactly_1_vp_for_one_damaged_module():
    from tabletoolkit.andromeda.state import StationModule
    from tabletoolkit.andromeda.effects import track_vp

    start = event_game("Call of the Obelisk")                          # scores supremacy
    red = start.player("red")
    start = start.with_player(replace(red, tracks=Goods.of(supremacy=8), modules=red.modules + (StationModule("Salvage Rig", damage=1),)))
    assert track_vp("supremacy", 8) >= 2
    after = run(resolve_event(start, Rng.forced([2]))).final_state
    assert after.player("red").vp == red.vp + track_vp("supremacy", 8) - 1        # A-R5: 1 VP per damaged module


@pytest.mark.phase("andromeda.launch")
def test_a_launch_by_jump_to_an_alliance_base_counts_the_jumps_energy_against_what_the_base_needs():
    from tabletoolkit.andromeda.launch import _base_verdict
    from tabletoolkit.andromeda.table import board_and_pieces, board_ship

    game = at_monolith()
    planet = next(r for r in game.regions if r.kind == "planet")
    same_type = next(p for p in CATALOG.planets if p.type == CATALOG.planet(planet.planet).type and p.cost["energy"])
    planet = replace(planet, planet=same_type.name)                     # a planet of that type whose cost includes energy
    game = game.with_region(planet)
    cost, needed = CATALOG.planet(planet.planet).cost, CATALOG.developments[CATALOG.planet(planet.planet).type].leaders
    yellow = game.player("yellow")
    yellow = replace(yellow.with_ship(replace(yellow.ship("transport-2"), where=f"region:{planet.name}")),
                     resources=cost, leaders=needed)
    game = game.with_player(yellow)
    access = base_access(game, "yellow")
    kind = CATALOG.planet(planet.planet).type
    assert kind in access.affordable_developments and kind not in access.jumped.affordable_developments
    board, pieces = board_and_pieces(game)
    office = dict(game.region_ids)["Development Office"]
    cruiser = board_ship(game, "yellow", "transport-1")
    assert _base_verdict(board, pieces, cruiser, office, access, 0)[0]                 # flown there within range
    assert not _base_verdict(board, pieces, cruiser, office, access, 1)[0]             # the Jump's energy is the planet's


def test_the_game_level_placement_gives_its_odds_by_region_and_places_the_chosen_outcome():
    from fractions import Fraction

    from tabletoolkit.andromeda.placing import place_pirate_at, placement_in_game, s_class_supply
    from tabletoolkit.andromeda.pirates import NOT_PLACED

    game = run(set_up(("yellow", "blue"), Rng(3))).result
    odds = placement_in_game(game, "S")
    assert sum(p for _, p in odds.items()) == 1 and all(r == NOT_PLACED or r in dict(game.region_ids) for r in odds.outcomes())
    region = sorted(odds.outcomes())[0]
    placed, said = place_pirate_at(game, "S", region)
    assert placed.pirates == game.pirates + (("S", region),) and region in said
    assert s_class_supply(placed) == s_class_supply(game) - 1
    with pytest.raises(InvalidInput):
        place_pirate_at(game, "S", "nowhere")
    assert odds[region] > Fraction(0)


def test_escalation_on_the_game_moves_the_ship_and_charges_the_jump_the_variant_prices():
    from tabletoolkit.andromeda.table import escalate_in_game, escalation_in_game
    from tabletoolkit.andromeda.variant import RULEBOOK

    game = at_monolith("B", yellow=("transport-1",), blue=("transport-1",))
    ids = dict(game.region_ids)
    far = next(r.name for r in game.regions if r.kind in ("planet", "nebula")
               and (game.board.distance(ids[r.name], ids[MONOLITH]) or 0) >= 2)
    blue = game.player("blue")
    game = game.with_player(replace(blue.with_ship(replace(blue.ship("heavy_cruiser"), where=f"region:{far}")),
                                    resources=Goods.of(energy=3)))
    for variant in (RULEBOOK, RULEBOOK.but(jump_energy=2)):          # the whole game's copy priced the rulebook's always
        verdict = dict((s.id, v) for s, v in escalation_in_game(game, MONOLITH, "blue", variant=variant))["heavy_cruiser"]
        assert verdict.legal and verdict.jump and verdict.energy == variant.jump_energy
        moved, said = escalate_in_game(game, MONOLITH, "blue", "heavy_cruiser", variant=variant)
        assert moved.player("blue").ship("heavy_cruiser").where == f"region:{MONOLITH}"
        assert moved.player("blue").resources["energy"] == 3 - variant.jump_energy and "Jump" in said
    poor = game.with_player(replace(game.player("blue"), resources=Goods()))
    with pytest.raises(IllegalAction):
        escalate_in_game(poor, MONOLITH, "blue", "heavy_cruiser")
    with pytest.raises(InvalidInput):
        escalate_in_game(game, MONOLITH, "blue", "transport-5")
