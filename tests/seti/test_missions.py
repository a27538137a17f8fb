"""Playing cards (seti.cards): cost and effect, missions (任务卡, S-F19, the Mariner 10 example),
end-game cards, the rulebook's example cards as data."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, InvalidInput, run
from tabletoolkit.engine.frozen import FrozenMap
from tabletoolkit.seti import Decisions, new_game
from tabletoolkit.seti.cards import game_cards, load_cards
from tabletoolkit.seti.missions import (complete_mission, cover_circle, example_cards, play_card, report_event,
                                        trigger_options)

MARINER = "Mariner 10 Mission"
ENTRY = '[[card]]\nid="X"\nname="X"\ncolour="red"\nprice=1\nincome="energy"\ncorner="data"\n'


def holding(*cards, **board):
    game = new_game(("green", "orange"), seed=6)
    green = game.player("green")
    return game.with_player(replace(green, hand=green.hand + cards, **board))


def test_the_rulebooks_example_cards_are_data_with_sections():
    cards = example_cards()
    assert set(cards) == {"Herschel Space Observatory", "Beta Pictoris Observation", MARINER, "SHERLOC",
                          "Large Hadron Collider"}
    assert {c.kind for c in cards.values()} == {"conditional", "triggered", "end-game", "action"}
    assert [c.price for c in cards.values()] == [1, 1, 0, 3, 3]  # the gold price badges
    assert cards[MARINER].section == "任务卡 · 可触发任务"
    assert [t.event for t in cards[MARINER].triggers] == ["visit:Mercury", "visit:Venus"]
    assert all(card.reading for card in cards.values())
    assert not any(c.sample for c in cards.values()) and all(c.sample for c in load_cards())
    dealt = new_game(("green", "orange")).cards
    assert sum(1 for c in dealt.values() if not c.alien) == 25  # one deck: the 5 examples and the 20 sample cards
    assert sum(1 for c in dealt.values() if c.alien) == 6  # and the two hidden species' alien cards


def test_bad_card_files_name_the_entry():
    with pytest.raises(InvalidInput) as bad:
        load_cards(ENTRY + 'kind="triggered"\n')
    assert bad.value.field == "card[0].triggers"
    with pytest.raises(InvalidInput) as bad:
        load_cards(ENTRY + 'effect={ gold = 1 }\n')
    assert bad.value.field == "card[0].effect.gold"


@pytest.mark.phase("seti.cards")
def test_an_effect_card_is_paid_resolved_and_discarded_actions_inside_cost_nothing():
    game = holding("Large Hadron Collider", credits=5, publicity=0)
    steps = run(play_card(game, "green", "Large Hadron Collider", Decisions({"tech": ["CT1"]})))
    green = steps.result.player("green")
    assert (green.credits, green.data, green.publicity) == (2, 1, 0)  # 3 credits; research from a card is free
    assert green.techs == frozenset({"CT1"}) and steps.result.rotations == 1
    assert "Large Hadron Collider" not in green.hand and steps.result.discard[-1] == "Large Hadron Collider"


def test_refusals_cost_and_hand_leave_the_state_unchanged():
    game = holding("SHERLOC", credits=2)
    with pytest.raises(IllegalAction) as refused:
        run(play_card(game, "green", "SHERLOC"))
    assert refused.value.rule == "seti.cards.cost" and "SHERLOC" in game.player("green").hand
    with pytest.raises(IllegalAction) as refused:
        run(play_card(holding(), "green", "SHERLOC"))
    assert refused.value.rule == "seti.cards.not_in_hand"


@pytest.mark.phase("seti.cards")
def test_the_mariner_10_example():
    game = run(play_card(holding(MARINER), "green", MARINER)).result
    assert game.missions[-1].covered == (False, False)  # already at Mercury when played: nothing happens
    # Visiting Venus with 10 publicity: covering is optional, the circle can wait for a later visit.
    full = game.with_player(replace(game.player("green"), publicity=10))
    kept = run(report_event(full, "green", "visit:Venus", Decisions({"circle": [None]}))).result
    assert kept.missions[-1].covered == (False, False)
    wasted = run(report_event(full, "green", "visit:Venus", Decisions({"circle": [(MARINER, 1)]})))
    assert wasted.result.missions[-1].covered == (False, True) and wasted.result.player("green").publicity == 10
    assert "over the cap of 10 lost" in wasted[-1].text  # "or waste the publicity to mark the circle"
    game = run(report_event(game, "green", "visit:Venus")).result
    assert game.missions[-1].covered == (False, True) and not game.missions[-1].completed
    with pytest.raises(IllegalAction) as refused:
        cover_circle(game, "green", "visit:Venus", MARINER, 1)
    assert refused.value.rule == "seti.cards.circle_covered"
    game = run(report_event(game, "green", "visit:Mercury")).result
    assert game.missions[-1].completed  # both circles covered: complete


def test_one_trigger_covers_one_circle_across_cards():
    cards = FrozenMap({**game_cards(), "Mariner copy": replace(game_cards()[MARINER], id="Mariner copy", name="Mariner copy")})
    game = replace(holding(MARINER, "Mariner copy"), cards=cards)
    game = run(play_card(game, "green", MARINER)).result
    game = run(play_card(game, "green", "Mariner copy")).result
    legal = [o.choice for o in trigger_options(game, "green", "visit:Venus") if o.legal]
    assert legal == [(MARINER, 1), ("Mariner copy", 1), None]
    game = run(report_event(game, "green", "visit:Venus")).result
    assert [m.covered for m in game.missions] == [(False, True), (False, False)]


def signal_at_beta_pictoris(game, colour):
    sector = next(s for s in game.sectors.sectors if s.star == "Beta Pictoris")
    marked, _ = sector.mark(colour)
    return replace(game, sectors=game.sectors.with_sector(marked))


@pytest.mark.phase("seti.cards")
def test_a_conditional_mission_completes_when_its_condition_holds():
    card = "Beta Pictoris Observation"
    game = run(play_card(holding(card), "green", card)).result
    before = game
    with pytest.raises(IllegalAction) as refused:
        complete_mission(game, "green", card)
    assert refused.value.rule == "seti.cards.condition_unmet" and game == before
    game = signal_at_beta_pictoris(game, "green")  # the sector module counts the signal
    done, _ = complete_mission(game, "green", card)
    assert done.missions[-1].completed
    assert done.player("green").publicity == game.player("green").publicity + 1
    met = signal_at_beta_pictoris(holding(card), "green")
    assert run(play_card(met, "green", card)).result.missions[-1].completed  # met when played: at once
    later = run(play_card(met, "green", card, Decisions({"complete_now": [False]}))).result
    assert not later.missions[-1].completed


def test_herschel_counts_sectors_with_a_signal():
    card = "Herschel Space Observatory"
    game = run(play_card(holding(card), "green", card)).result
    assert game.pending == (("green", "action", "signal in a sector with one of your probes"),)
    for sector in game.sectors.sectors[:4]:
        marked, _ = sector.mark("green")
        game = replace(game, sectors=game.sectors.with_sector(marked))
    done, text = complete_mission(game, "green", card)
    assert done.missions[-1].completed and "Herschel" in text


@pytest.mark.phase("seti.cards")
def test_an_end_game_card_stays_in_front():
    game = run(play_card(holding("SHERLOC"), "green", "SHERLOC")).result
    assert game.missions[-1].kind == "end-game" and "SHERLOC" not in game.discard
    assert game.pending == (("green", "action", "land"),)
