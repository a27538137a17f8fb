"""The player's board shared by the multiplayer and solo games (seti.player): tucking a card for income."""

import pytest

from tabletoolkit.engine import InvalidInput
from tabletoolkit.seti.player import PlayerBoard, income_now
from tabletoolkit.seti.rewards import Reward


def test_tucking_moves_the_hand_card_under_the_start_card_as_its_income_kind():
    board = PlayerBoard("green", hand=("S01", "S02", "S01"))
    tucked = board.tucking("S01", "energy")
    assert tucked.hand == ("S02", "S01") and tucked.tucked == ("energy",) and tucked.energy == board.energy


def test_a_tuck_gives_its_income_resource_at_once_and_a_card_income_the_deck_top():
    assert income_now("credits") == Reward(credits=1) and income_now("energy") == Reward(energy=1)
    assert income_now("cards") == Reward(random_cards=1)  # the "?" card: from the deck, not the row


@pytest.mark.parametrize("card, income", [("S09", "energy"), ("S01", "unknown")])
def test_a_card_not_in_hand_or_of_illegible_income_is_refused(card, income):
    with pytest.raises(InvalidInput):
        PlayerBoard("green", hand=("S01",)).tucking(card, income)
