"""Andromeda's Edge as a whole game on the game contract: decisions when the rules give them, exact chance."""

import random
from dataclasses import replace
from fractions import Fraction

import pytest

import tabletoolkit as tt
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.andromeda.variant import RULEBOOK
from tabletoolkit.andromeda.whole_game import Activating, FieldDiscard, Fighting, TrackChoice, make
from tabletoolkit.engine import CHANCE, IllegalAction, InvalidInput, Rng
from tabletoolkit.engine.policies import RandomPolicy
from tabletoolkit.engine.tester import CheckReport, _check_one


def test_bad_settings_are_typed_errors():
    for settings in (dict(players=5), dict(players=True), dict(variant="rulebook"), dict(players=2, teams=True)):
        with pytest.raises(InvalidInput):
            make(**settings)


@pytest.mark.parametrize("name, value", [("players", 3.0), ("players", "3"), ("teams", 1), ("special", "nebula"),
                                         ("special", []), ("destiny", "yes"), ("length", "endless"), ("length", 60)])
def test_every_setting_of_the_wrong_type_or_value_is_refused_by_its_name(name, value):
    settings = dict(players=4) if name == "teams" else {}
    with pytest.raises(InvalidInput) as refused:
        make(**{**settings, name: value})
    assert refused.value.field == name


def dealt(game, seed=0):
    """The game at its first turn: every player keeps the first faction dealt, then the cards drawn into the
    decks by chance."""
    rng = Rng(seed)
    while game.to_move is CHANCE or game.pending:
        game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else game.options().legal[0].choice)
    return game


def test_a_turn_offers_every_launch_with_refused_regions_and_the_return():
    game = dealt(make(seed=1))
    options = game.options()
    assert game.to_move == "yellow" and ("return",) in options
    assert any(o.choice[0] == "launch" for o in options.legal)
    refused = [o for o in options.refused if o.choice[0] == "launch"]
    assert refused and all(o.rule.startswith("andromeda.launch.") and o.section for o in refused)
    with pytest.raises(IllegalAction) as wrong:
        game.apply(refused[0].choice)
    assert wrong.value.rule == refused[0].rule


def first(game, frame_type, seed=0, limit=3000):
    """Seeded random play until the top pending frame is ``frame_type``."""
    policy, rng = RandomPolicy(seed), Rng(seed)
    for _ in range(limit):
        if game.pending and isinstance(game.pending[-1], frame_type):
            return game
        game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else policy(game))
    raise AssertionError(f"no {frame_type.__name__} within {limit} applies")


@pytest.mark.phase("andromeda.battle.roll")
def test_a_battle_is_one_chance_event_with_the_exact_odds_before_its_dice():
    game = first(make(seed=3, players=3), Fighting)
    frame = game.pending[-1]
    odds = frame.battle.odds(RULEBOOK)
    expected = {("wins", i): p for i, p in enumerate(odds.wins) if p} | ({("no winner",): odds.no_winner} if odds.no_winner else {})
    assert game.to_move is CHANCE and game.chance() == expected and sum(game.chance().values()) == 1
    assert all(isinstance(p, Fraction) for p in game.chance().values())
    outcome = next(iter(expected))
    after = game.apply(outcome)
    assert any(s.title == "Result" for s in after.steps) and not any(isinstance(f, Fighting) for f in after.pending)


@pytest.mark.phase("andromeda.tracks")
def test_an_upgrade_space_reached_by_a_purchase_is_a_decision_of_its_own():
    game = dealt(make(seed=1))
    table = game.table
    yellow = table.player("yellow")
    tracks = dict(yellow.tracks.items) | {"industry": 3}
    yellow = replace(yellow.with_ship(replace(yellow.ship("transport-1"), where="region:Maximus Field")),
                     resources=Goods.of(titanium=4), tracks=Goods.of(tracks))
    game = replace(game, table=table.with_player(yellow), pending=(Activating("Maximus Field"),))
    industry = [o for o in game.options().legal if o.group == "activate" and dict(o.choice).get("modules", ("",))[0] in table.display("industry")
                and len(dict(o.choice)["modules"]) == 1]
    assert industry
    after = game.apply(industry[0].choice)
    assert isinstance(after.pending[-1], FieldDiscard)                          # which other module goes under its deck
    after = after.apply(after.options().legal[0].choice)
    assert isinstance(after.pending[-1], TrackChoice) and after.to_move == "yellow"
    labels = [o.text for o in after.options().legal]
    assert "place the fighter tile" in labels and "place the fighter tile, without the free ship" in labels   # A-F10
    built = after.apply(("upgrade", "fighter", False))
    assert "fighter" in built.table.player("yellow").upgrades
    assert built.table.player("yellow").ship("fighter").where == "supply"                                       # declined


def test_a_seeded_random_two_player_game_passes_the_whole_game_tester():
    report = CheckReport("andromeda")
    report.games = 1
    game = make(seed=1, players=2)
    policies = {seat: RandomPolicy(31 + i) for i, seat in enumerate(game.seats)}
    if _check_one(game, policies, Rng(1), 6000, random.Random(1), 0.02, "2 players seed 1", report):
        report.ended += 1
    report.assert_ok()
    assert report.applies > 500


@pytest.mark.parametrize("players, teams", [(3, False), (4, False), (4, True)])
def test_the_first_applies_of_larger_games_keep_the_contract(players, teams):
    """Every listed-legal option applies and every refused one is refused with its own rule (at probed
    states), apply leaves the state it was given unchanged, never a dead end, invariants hold."""
    import pickle

    from tabletoolkit.engine.tester import _probe

    game = make(seed=2, players=players, teams=teams)
    policy, rng, prober = RandomPolicy(2), Rng(2), random.Random(2)
    report = CheckReport("andromeda")
    for step in range(400):
        if game.over:
            break
        assert not game.invariants()
        if game.to_move is CHANCE:
            assert sum(game.chance().values()) == 1
            choice = rng.pick(game.chance())
        else:
            assert game.options().legal, f"dead end at step {step}"
            if prober.random() < 0.05:
                assert _probe(game, game.options(), f"step {step}", report), report.defects
            choice = policy(game)
        frozen = pickle.dumps(game)
        after = game.apply(choice)
        assert pickle.dumps(game) == frozen
        game = after


def test_the_steady_captain_always_has_a_legal_choice_and_finishes_a_game():
    from tabletoolkit.andromeda.scripted import steady_captain
    from tabletoolkit.engine.play import play

    game = make(seed=7, players=2)
    played = play(game, {seat: steady_captain for seat in game.seats})
    assert played.over and played.final.outcome().winners
    assert played.final.table.ended_by is not None and max(p.vp for p in played.final.table.players) >= 50


@pytest.mark.parametrize("players, teams", [(2, False), (4, True)])
def test_an_alliance_base_activation_settled_without_trial_is_one_the_activation_carries_out(players, teams):
    """Maximus / Odessa purchases and Monolith / Trade Hub payments listed legal by the direct check
    (``_settled_at_base``) are carried out by ``activate_region`` without a refusal."""
    from tabletoolkit.andromeda import whole_game as wg
    from tabletoolkit.andromeda.activate import activate_region
    from tabletoolkit.engine import run

    game = tt.new_game("andromeda", players=players, seed=3, teams=teams)
    policy, rng, settled = tt.policies.random(3), Rng(3), 0
    while not game.over:
        frame = game.pending[-1] if game.pending else None
        if isinstance(frame, wg.Activating) and game.table.region(frame.region).kind == "alliance_base":
            table, colour = game.table, game.table.active
            others = wg._field_others(table, frame.region)
            for choice in wg._activation_candidates(table, colour, frame.region, wg._mates(game)):
                kwargs = dict(wg._kwargs(choice), **({"field_discard": others(choice)[0]} if others(choice) else {}))
                if wg._settled_at_base(table, colour, frame.region, kwargs):
                    settled += 1
                    run(activate_region(table, colour, frame.region, variant=game.variant, **kwargs))
        game = game.apply(rng.pick(game.chance()) if game.to_move is CHANCE else policy(game))
    assert settled > 0
