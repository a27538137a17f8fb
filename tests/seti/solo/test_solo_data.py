"""The solo material as data: the shipped files load; a bad entry raises InvalidInput naming it."""

import pytest

from tabletoolkit.engine import InvalidInput
from tabletoolkit.seti.solo import material
from tabletoolkit.seti.solo.data import parse_boards, parse_cards, parse_difficulties, parse_objectives

GOOD_BOARD = {"id": "X", "track": ["", "PT1"], "plus_before": [1], "computer": [{}] * 6}


def test_the_shipped_material_labels_what_the_rulebook_does_not_print():
    source = material()
    assert source.cards["S.1"].sample is False  # the card printed on p.24
    assert [a.kind for a in source.cards["S.1"].actions] == ["analyze", "launch", "tech", "orbit_land"]
    assert source.cards["S.1"].actions[3].planets == ("Saturn", "Mars", "Jupiter", "Venus")
    assert all(card.sample for card_id, card in source.cards.items() if card_id != "S.1")
    assert len(source.advanced_cards()) == 11  # S.5-S.15
    assert source.difficulties[4].sample is False and source.difficulties[3].sample is True
    assert source.boards["IV"].computer[1] == {"publicity": 1} and source.boards["IV"].computer[3] == {"progress": 4}
    assert sum(1 for tile in source.objectives.values() if not tile.sample) == 3  # the three pictured tiles


@pytest.mark.parametrize(
    "raw, field",
    [
        ({"card": [{"id": "S.9", "level": "basic", "arrow": "up", "actions": [{"kind": "launch"}]}]}, "card[S.9].arrow"),
        ({"card": [{"id": "S.9", "level": "basic", "arrow": "left", "actions": [{"kind": "orbit_land", "moves": 0,
                                                                                   "planets": ["Mars"]}]}]},
         "card[S.9].actions[0].moves"),
        ({"card": [{"id": "S.9", "level": "basic", "arrow": "left", "actions": [{"kind": "telescope",
                                                                                   "signals": ["moon"]}]}]},
         "card[S.9].actions[0].signals"),
        ({"card": [{"id": "S.9", "level": "basic", "arrow": "left", "actions": [{"kind": "launch",
                                                                                   "rewards": {"gold": 1}}]}]},
         "card[S.9].actions[0].rewards.gold"),
    ],
)
def test_a_bad_action_card_names_the_entry(raw, field):
    with pytest.raises(InvalidInput) as error:
        parse_cards(raw)
    assert error.value.field == field


def test_bad_boards_objectives_and_difficulties_name_the_entry():
    with pytest.raises(InvalidInput) as error:
        parse_boards({"board": [dict(GOOD_BOARD, track=["", "XX9"])]})
    assert error.value.field == "board[X].track"
    with pytest.raises(InvalidInput) as error:
        parse_boards({"board": [dict(GOOD_BOARD, computer=[{}] * 5)]})
    assert error.value.field == "board[X].computer"
    with pytest.raises(InvalidInput) as error:
        parse_objectives({"objective": [{"id": "Z", "level": 2, "tasks": ["visit:moon"]}]})
    assert error.value.field == "objective[Z].tasks[0]"
    with pytest.raises(InvalidInput) as error:
        parse_difficulties({"difficulty": [{"stars": 6, "board": "X", "advanced_cards_at_start": 0, "objectives": [0, 0, 0]}]})
    assert error.value.field == "difficulty[6]"
