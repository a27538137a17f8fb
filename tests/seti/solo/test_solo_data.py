"""The solo material as data: the shipped files load; a bad entry raises a DataError naming the file and the entry."""

import pytest

from tabletoolkit.engine import InvalidInput
from tabletoolkit.seti.solo import material
from tabletoolkit.seti.solo.data import load_action_cards, load_boards, load_objectives

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


CARD = '[[card]]\nid = "S.9"\nlevel = "basic"\narrow = "left"\nactions = [{ kind = "launch" }]\n'
BOARD = '[[board]]\nid = "X"\ntrack = ["", "PT1"]\nplus_before = [1]\ncomputer = [{}, {}, {}, {}, {}, {}]\n'
DIFFICULTIES = "".join(f'[[difficulty]]\nstars = {n}\nboard = "X"\nadvanced_cards_at_start = 0\nobjectives = [0, 0, 0]\n'
                       for n in range(1, 6))


@pytest.mark.parametrize(
    "text, field",
    [
        (CARD.replace('"left"', '"up"'), "card[0].arrow"),
        (CARD.replace('{ kind = "launch" }', '{ kind = "orbit_land", moves = 0, planets = ["Mars"] }'), "card[0].actions[0].moves"),
        (CARD.replace('{ kind = "launch" }', '{ kind = "telescope", signals = ["moon"] }'), "card[0].actions[0].signals[0]"),
        (CARD.replace('{ kind = "launch" }', '{ kind = "launch", rewards = { gold = 1 } }'), "card[0].actions[0].rewards.gold"),
        (CARD.replace('{ kind = "launch" }', '{ kind = "launch", moves = 2 }'), "card[0].actions[0].moves"),
        (CARD + CARD, "card[1].id"),
        (CARD + "prcie = 3\n", "card[0].prcie"),
    ],
)
def test_a_bad_action_card_names_the_file_and_the_entry(text, field):
    with pytest.raises(InvalidInput) as error:
        load_action_cards(text, "cards.toml")
    assert error.value.field == f"cards.toml: {field}"


@pytest.mark.parametrize(
    "text, field",
    [
        (DIFFICULTIES + BOARD.replace('"PT1"', '"XX9"'), "board[0].track[1]"),
        (DIFFICULTIES + BOARD.replace("{}, {}, {}, {}, {}, {}", "{}, {}, {}, {}, {}"), "board[0].computer"),
        (DIFFICULTIES.replace("stars = 5", "stars = 6") + BOARD, "difficulty[4].stars"),
        (DIFFICULTIES.replace('board = "X"', 'board = "nowhere"', 1) + BOARD, "difficulty[0].board"),
        (DIFFICULTIES + BOARD + BOARD, "board[1].id"),
        (DIFFICULTIES.replace("objectives = [0, 0, 0]", "objectives = [1000000000, 0, 0]", 1) + BOARD, "difficulty[0].objectives[0]"),
    ],
)
def test_bad_boards_and_difficulties_name_the_file_and_the_entry(text, field):
    with pytest.raises(InvalidInput) as error:
        load_boards(text, "boards.toml")
    assert error.value.field == f"boards.toml: {field}"


def test_a_bad_objective_names_the_file_and_the_entry():
    with pytest.raises(InvalidInput) as error:
        load_objectives('[[objective]]\nid = "Z"\nlevel = 2\ntasks = ["visit:moon"]\n', "objectives.toml")
    assert error.value.field == "objectives.toml: objective[0].tasks[0]"


def test_the_material_is_read_only_all_the_way_down():
    from tabletoolkit.engine.decode import walk

    assert not [part for part in walk(material()) if isinstance(part, (list, dict, set))]
