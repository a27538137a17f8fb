"""Findings from playing whole games through the public API, each reproduced here: an orbit reward that
names an action (Jupiter's signal, 绕行星运行), a card action no phase carries out (打出卡牌), the scan
listed as legal and then refused (扫描附近的恒星), moves given as plain tuples (移动), a tuck that never
lapses (玩家设置 · 增加收入), placeholder holdings at final scoring, and the variant a phase reads."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, InvalidInput, run
from tabletoolkit.seti import Decisions, final_scoring, new_game, take_turn
from tabletoolkit.seti.cards import Card, game_cards, load_cards
from tabletoolkit.seti.free_actions import Move, Tuck, take_free_action
from tabletoolkit.seti.main_actions import Scan, sky_sector
from tabletoolkit.seti.probes import launch_probe
from tabletoolkit.seti.rewards import Reward
from tabletoolkit.seti.scoring import with_holdings
from tabletoolkit.seti.solar import Probe
from tabletoolkit.seti.turns import Orbit, Pass, PlayCard, legal_main_actions
from tabletoolkit.seti.variant import RULEBOOK

COLOURS = ("green", "orange")


def at_planet(game, planet, colour="green", **board):
    """``game`` with one probe of ``colour`` on ``planet``'s space (and board overrides)."""
    space, probe = game.solar.planet_space(planet), game.solar.next_probe
    solar = replace(game.solar, probes=game.solar.probes + (Probe(probe, colour, space),), next_probe=probe + 1)
    game = replace(game, solar=solar)
    return game.with_player(replace(game.player(colour), **board)), probe


@pytest.mark.phase("seti.orbit")
def test_jupiters_orbit_signal_is_marked_in_jupiters_sector():
    game, probe = at_planet(new_game(COLOURS, seed=4), "Jupiter")
    number = sky_sector(game, "Jupiter")
    before = game.sectors.sector(number).markers.count("green")
    after = run(take_turn(game, Orbit(probe))).result
    assert after.sectors.sector(number).markers.count("green") == before + 1
    assert not [item for item in after.pending if item[1] == "action"]


@pytest.mark.phase("seti.cards")
def test_a_card_action_no_phase_carries_out_is_refused_before_it_is_paid_for():
    scan_card = Card("Scan card", "Scan card", "red", 1, "credits", "publicity", effect=Reward(actions=("scan",)))
    game = new_game(COLOURS, seed=4, cards=tuple(game_cards().values()) + (scan_card,))
    green = game.player("green")
    game = game.with_player(replace(green, hand=green.hand + ("Scan card",)))
    listed = next(o for o in legal_main_actions(game) if o.choice == PlayCard("Scan card"))
    assert not listed.legal and listed.rule == "seti.cards.unhandled_action"
    with pytest.raises(IllegalAction) as refused:
        run(take_turn(game, PlayCard("Scan card")))
    assert refused.value.rule == "seti.cards.unhandled_action" and "scan" in refused.value.reason


def test_card_colours_are_checked_when_cards_are_loaded():
    text = ('[[card]]\nid = "x"\nname = "x"\ncolour = "purple"\nprice = 1\nincome = "credits"\n'
            'corner = "publicity"\n')
    with pytest.raises(InvalidInput) as refused:
        load_cards(text)
    assert "colour" in refused.value.field


@pytest.mark.phase("seti.scan")
@pytest.mark.parametrize("seed", range(20))
def test_every_scan_listed_legal_is_carried_out(seed):
    game = new_game(COLOURS, seed=seed)
    unknown = next(card.id for card in game.cards.values() if card.colour == "unknown" and not card.alien)
    game = replace(game, card_row=(unknown,) + game.card_row[1:])
    for option in legal_main_actions(game):
        if isinstance(option.choice, Scan) and option.legal:
            run(take_turn(game, option.choice))


@pytest.mark.phase("seti.move")
def test_a_move_takes_plain_ring_sector_pairs_and_refuses_garbage_with_a_typed_error():
    game = new_game(COLOURS, seed=4)
    game = run(launch_probe(game, "green")).result
    probe = game.solar.probes_of("green")[0]
    step = game.solar.neighbours(probe.space)[0]
    moved, _ = take_free_action(game, "green", Move(probe.id, (tuple(step),)))
    assert moved.solar.probe(probe.id).space == step
    with pytest.raises(InvalidInput):
        take_free_action(game, "green", Move(probe.id, ("north",)))


@pytest.mark.phase("seti.turn")
def test_a_tuck_owed_for_an_income_icon_lapses_with_the_turn():
    game, probe = at_planet(new_game(COLOURS, seed=4), "Venus")
    after = run(take_turn(game, Orbit(probe))).result
    assert not after.owed("green", "tuck")
    after = replace(after, active=0)
    with pytest.raises(IllegalAction) as refused:
        take_free_action(after, "green", Tuck(after.player("green").hand[0]))
    assert refused.value.rule == "seti.free_actions.no_tuck"


@pytest.mark.phase("seti.end")
def test_placeholder_end_game_cards_from_with_holdings_score_nothing_and_do_not_raise():
    game = with_holdings(new_game(COLOURS, seed=1), "green", endgame_cards=2, completed_missions=1)
    result = run(final_scoring(game)).result
    lines = [line for line in result.lines if line.colour == "green"]
    assert not [line for line in lines if line.source.startswith("end-game card")]
    assert result.totals["green"] == game.player("green").score + sum(line.vp for line in lines)


@pytest.mark.phase("seti.launch")
def test_the_launch_phase_charges_the_price_of_the_games_variant():
    game = new_game(COLOURS, seed=4, variant=replace(RULEBOOK, launch_credits=4))
    game = game.with_player(replace(game.player("green"), credits=6))
    after = run(launch_probe(game, "green")).result
    assert after.player("green").credits == 2


@pytest.mark.phase("seti.launch")
def test_the_probe_phases_take_their_variant_from_the_state_only():
    import tabletoolkit as tt

    game = new_game(COLOURS, seed=4, variant=replace(RULEBOOK, launch_credits=4))
    game = game.with_player(replace(game.player("green"), credits=6))
    assert tt.phase("seti.launch").run(game, "green").result.player("green").credits == 2
    with pytest.raises(TypeError):
        launch_probe(game, "green", variant=RULEBOOK)  # a second variant beside the state's is no argument


@pytest.mark.phase("seti.turn")
def test_a_reshuffle_inside_a_turn_uses_the_rng_the_caller_gives():
    from tabletoolkit import Rng
    from tabletoolkit.seti.free_actions import BuyCard
    from tabletoolkit.seti.turns import Pass

    game = new_game(COLOURS, seed=4)
    pile = game.deck[:3]
    game = replace(game, deck=(), discard=pile)
    game = game.with_player(replace(game.player("green"), publicity=5))
    order = (pile[2], pile[0], pile[1])
    after = run(take_turn(game, Pass(), free=[BuyCard(None)], rng=Rng.forced([order]))).result
    assert order[0] in after.player("green").hand and after.deck == order[1:]


@pytest.mark.parametrize("main, free, field", [
    (None, (), "main"), ("pass", (), "main"), (Pass(), "BuyCard", "free"), (Pass(), (None,), "free"),
])
def test_a_turn_of_no_actions_is_refused_naming_what_is_wrong(main, free, field):
    game = new_game(COLOURS, seed=4)
    with pytest.raises(InvalidInput) as refused:
        run(take_turn(game, main, free))
    assert refused.value.field == field


def test_a_free_action_that_is_none_is_refused_with_invalid_input():
    from tabletoolkit.seti.free_actions import take_free_action

    with pytest.raises(InvalidInput):
        take_free_action(new_game(COLOURS, seed=4), "green", None)


def test_one_string_is_no_list_of_player_colours():
    with pytest.raises(InvalidInput) as refused:
        new_game("red")
    assert refused.value.field == "colours"
