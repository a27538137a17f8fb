"""Free actions (seti.free_actions): 资源转换 (S-F4, S-R9, FAQ), 购买卡牌, tucking (S-F18), corners."""

from dataclasses import replace

import pytest

from tabletoolkit import IllegalAction, InvalidInput, run
from tabletoolkit.engine.frozen import FrozenMap
from tabletoolkit.seti import new_game
from tabletoolkit.seti.free_actions import BuyCard, Convert, Corner, Tuck, free_actions, legal_conversions, take_free_action
from tabletoolkit.seti.cards import game_cards
from tabletoolkit.seti.rewards import Reward


def fresh(**board):
    game = new_game(("green", "orange"), seed=7)
    return game.with_player(replace(game.player("green"), **board))


@pytest.mark.phase("seti.free_actions")
def test_two_of_one_kind_for_one_of_any_kind():
    game = fresh(credits=4, energy=1)
    result = run(free_actions(game, "green", [Convert("credits", "energy")])).result
    assert (result.player("green").credits, result.player("green").energy) == (2, 2)
    hand = game.player("green").hand
    row = game.card_row
    result = run(free_actions(game, "green", [Convert("cards", "cards", cards=hand[:2], row=1)])).result
    assert result.player("green").hand == hand[2:] + (row[1],)
    assert result.card_row[1] == game.deck[0] and result.discard == hand[:2]  # the row refills at once


def test_an_alien_card_counts_as_a_card_unless_it_cannot_be_discarded():
    cards = game_cards()
    alien = replace(cards["S01"], id="Alien A", name="Alien A", alien=True)
    stuck = replace(alien, id="Alien B", name="Alien B", undiscardable=True)
    game = replace(fresh(alien_cards=("Alien A", "Alien B")), cards=FrozenMap({**cards, "Alien A": alien, "Alien B": stuck}))
    card = game.player("green").hand[0]
    result, _ = take_free_action(game, "green", Convert("cards", "credits", cards=(card, "Alien A")))
    assert result.player("green").credits == 5 and result.player("green").alien_cards == ("Alien B",)
    with pytest.raises(IllegalAction) as refused:
        take_free_action(game, "green", Convert("cards", "credits", cards=(card, "Alien B")))
    assert "cannot be discarded" in refused.value.reason and game.player("green").alien_cards == ("Alien A", "Alien B")


def test_conversion_refusals():
    game = fresh(energy=1)
    options = {o.choice: o for o in legal_conversions(game, "green")}
    assert options[("energy", "credits")].rule == "seti.free_actions.convert_short"
    with pytest.raises(IllegalAction) as refused:
        take_free_action(game, "green", Convert("energy", "credits"))
    assert refused.value.rule == "seti.free_actions.convert_short" and game.player("green").energy == 1
    with pytest.raises(InvalidInput):
        take_free_action(game, "green", Convert("publicity", "credits"))


@pytest.mark.phase("seti.free_actions")
def test_buying_a_card_costs_3_publicity_from_the_row_or_the_deck():
    game = fresh(publicity=4)
    result = run(free_actions(game, "green", [BuyCard(row=0)])).result
    assert result.player("green").publicity == 1 and result.player("green").hand[-1] == game.card_row[0]
    with pytest.raises(IllegalAction) as refused:
        take_free_action(result, "green", BuyCard())
    assert refused.value.rule == "seti.free_actions.buy_publicity"


def test_tucking_needs_an_income_icon_pays_at_once_and_counts_for_income():
    game = fresh()
    card = next(c for c in game.player("green").hand if game.card(c).income == "energy")
    with pytest.raises(IllegalAction) as refused:
        take_free_action(game, "green", Tuck(card))
    assert refused.value.rule == "seti.free_actions.no_tuck"
    owed, _ = game.grant("green", Reward(tuck=1))
    result, _ = take_free_action(owed, "green", Tuck(card))
    assert result.player("green").tucked == ("energy",) and result.pending == ()
    assert result.player("green").energy == 3 + 1 and card not in result.player("green").hand
    unknown = game.with_player(replace(game.player("green"), hand=("SHERLOC",)))  # its income icon is not legible
    owed, _ = unknown.grant("green", Reward(tuck=1))
    with pytest.raises(IllegalAction) as refused:
        take_free_action(owed, "green", Tuck("SHERLOC"))
    assert refused.value.rule == "seti.free_actions.no_income" and owed.player("green").hand == ("SHERLOC",)


def test_a_corner_is_a_card_discarded_for_its_reward_and_only_on_your_turn():
    game = fresh()
    card = next(c for c in game.player("green").hand if game.card(c).corner == "publicity")
    result, _ = take_free_action(game, "green", Corner(card))
    assert result.player("green").publicity == 5 and result.discard[-1] == card
    moving = next(c for c in game.player("green").hand if game.card(c).corner == "move")
    result, _ = take_free_action(game, "green", Corner(moving))
    assert result.pending == (("green", "action", "move"),)  # a move owed: the next Move uses it instead of energy
    herschel = game.with_player(replace(game.player("green"), hand=("Herschel Space Observatory",)))
    with pytest.raises(IllegalAction) as refused:
        take_free_action(herschel, "green", Corner("Herschel Space Observatory"))
    assert refused.value.rule == "seti.free_actions.no_corner" and herschel.discard == game.discard
    with pytest.raises(IllegalAction) as refused:
        take_free_action(game, "orange", Corner(game.player("orange").hand[0]))
    assert refused.value.rule == "seti.free_actions.not_your_turn"


def test_conversion_is_always_two_of_one_kind_faq():
    """FAQ: a card and an energy cannot buy a credit — only two of one kind pay (an alien card is a card)."""
    options = legal_conversions(fresh(credits=9, energy=9), "green")
    assert [o.choice for o in options] == [(give, get) for give in ("credits", "energy", "cards")
                                           for get in ("credits", "energy", "cards")]
    game = fresh()
    with pytest.raises(InvalidInput) as bad:
        take_free_action(game, "green", Convert("cards", "credits", cards=game.player("green").hand[:1]))
    assert bad.value.field == "cards"
