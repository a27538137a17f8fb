"""Sample data (M-F7): loaded, labelled, checked; the game state's set-up, picture and immutability."""

import tomllib
from dataclasses import FrozenInstanceError
from importlib import resources

import pytest
from tabletoolkit.merchants.examples import sample_ship, seated, small_table

from tabletoolkit import InvalidInput, Rng
from tabletoolkit.merchants import RULEBOOK, load_data, new_game
from tabletoolkit.merchants.data import parse_data


def sample_document() -> dict:
    text = resources.files("tabletoolkit.merchants").joinpath("data", "sample.toml").read_text(encoding="utf-8")
    assert "SAMPLE DATA (ruling M-F7)" in text
    return tomllib.loads(text)


def test_the_sample_data_is_labelled_and_complete():
    data = load_data()
    assert data.source == "sample data (M-F7), not from the rulebook"
    assert data.marks == (1, 2, 3, 4) and data.starting_location == "Shipyard"
    assert sum(n for _, n in data.bag) == 15 and data.value("xenite") == 8
    assert {c.type for c in data.cards} == {"pilot", "gear", "refinery"}


@pytest.mark.parametrize(
    "path, bad, field",
    [
        (("ships", 0, "price"), -1, "ships[0].price"),
        (("ships", 2, "kind"), "freighter", "ships[2].kind"),
        (("refineries", 1, "token"), "unobtainium", "refineries[1].token"),
        (("setup", "starting_location"), "Moon", "setup.starting_location"),
        (("destinations", 0, "bonus"), "lots", "destinations[0].bonus"),
    ],
)
def test_a_bad_entry_is_named(path, bad, field):
    document = sample_document()
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = bad
    with pytest.raises(InvalidInput) as caught:
        parse_data(document)
    assert caught.value.field == field


def test_an_edited_file_loads_from_a_path(tmp_path):
    text = resources.files("tabletoolkit.merchants").joinpath("data", "sample.toml").read_text(encoding="utf-8")
    edited = tmp_path / "mine.toml"
    edited.write_text(text.replace("starting_credits = 30", "starting_credits = 45"), encoding="utf-8")
    assert load_data(edited).starting_credits == 45
    broken = tmp_path / "broken.toml"
    broken.write_text("[setup\n", encoding="utf-8")
    with pytest.raises(InvalidInput):
        load_data(broken)


def test_set_up_draws_the_set_up_tokens_and_known_space_from_the_bag():
    state = new_game(("Ada", "Bea", "Cy"), Rng(3))
    drawn = sum(len(p.setup_tokens) for p in state.players) + len(state.known)
    assert drawn == 3 * 2 + 2 and state.bag_size() == 15 - drawn
    assert len(state.market_row) == 4 and len(state.market_deck) == 13 - 4 and len(state.destination_deck) == 6
    assert new_game(("Ada", "Bea", "Cy"), Rng(3)) == state


def test_two_to_four_players_and_distinct_names():
    with pytest.raises(InvalidInput):
        new_game(("Ada",), Rng(0))
    with pytest.raises(InvalidInput):
        new_game(("Ada", "Ada"), Rng(0))
    assert len(new_game(("A", "B", "C", "D", "E"), Rng(0), variant=RULEBOOK.but(players=(2, 5))).players) == 5


def test_the_picture_is_deterministic_and_shows_every_player_and_ship():
    state = seated(small_table(), "Ada", ships=(sample_ship("mule", loans=2, hold=("gold",)),))
    svg = state._repr_svg_()
    assert svg == state._repr_svg_() and svg.startswith("<svg") and "id=" not in svg
    assert "Ada: 30 cr at the Shipyard" in svg and "Mule 1 (Mark 1 tug) loans 2; hold gold" in svg
    assert repr(state).startswith("<Starship Merchants · turn 1 · Mark 1 era · Ada 30 cr at the Shipyard (1 ship)")


def test_states_are_frozen():
    state = small_table()
    with pytest.raises(FrozenInstanceError):
        state.era = 2
    with pytest.raises(FrozenInstanceError):
        state.players[0].credits = 99
