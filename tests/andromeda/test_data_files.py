"""The wing's shipped data files, each corrupted one step, are refused with a DataError naming the file and
the key (engine.decode); the files as shipped still read."""

from importlib import resources

import pytest

from tabletoolkit.andromeda.battle import load_battle_example, parse_battle_example
from tabletoolkit.engine.decode import DataError, parse_text


def shipped(name: str) -> str:
    return resources.files("tabletoolkit.andromeda").joinpath("data", name).read_text("utf-8")


def battle(text: str):
    return parse_battle_example(parse_text(text, "battle_example.toml"), "battle_example.toml")


def test_the_shipped_battle_example_reads():
    example = load_battle_example()
    assert [p.name for p in example.setup.participants] == ["yellow", "blue"] and example.energy == {"blue": 2}


@pytest.mark.parametrize("old, new, key", [
    ("name = \"blue\"\nenergy = 2", "name = \"blue\"\nenergy = -1", "participant[1].energy"),
    ("[battle]\n", "[fight]\n", "fight"),                                          # [battle] gone, an unknown table
    ("weapons = 3                 # INVENTED", "weapons = 100000000 # INVENTED", "pirate.weapons"),
    ("name = \"blue\"\nenergy = 2", "name = \"yellow\"\nenergy = 2", "participant[1].name"),   # a second yellow
    ("active = \"yellow\"", "active = \"green\"", "battle.active"),                # no such participant
    ("by = \"blue\"", "by = \"blue\"\nprcie = 1", "play[0].prcie"),
    ("[energy]\nblue = 2", "[energy]\npurple = 2", "energy.purple"),
    ("{ kind = \"fighter\", weapons = 2 }", "{ kind = \"fighter\", weapons = true }", "participant[1].ship[1].weapons"),
])
def test_a_corrupted_battle_example_names_file_and_key(old, new, key):
    text = shipped("battle_example.toml")
    assert old in text
    with pytest.raises(DataError) as refused:
        battle(text.replace(old, new, 1))
    assert refused.value.file == "battle_example.toml" and refused.value.key == key


def test_a_missing_table_is_named():
    text = shipped("battle_example.toml")
    start, end = text.index("[roll]"), len(text)
    with pytest.raises(DataError) as refused:
        battle(text[:start] + text[end:])
    assert refused.value.key == "roll"


# --- the default board ----------------------------------------------------------------------------

def board(text: str):
    from tabletoolkit.andromeda.board import Board
    return Board.from_toml(text, "default_board.toml")


def test_the_shipped_board_reads():
    from tabletoolkit.andromeda.board import Board
    shipped_board = board(shipped("default_board.toml"))
    assert len(shipped_board) == len(Board.default()) and shipped_board.planets_by_players == {2: 4, 3: 6, 4: 8}


@pytest.mark.parametrize("old, new, key", [
    ('[[tile]]\nid = "observatory-1"\nkind = "planet"', '[[tile]]\nid = "observatory-1"\nkind = "moon"', "tile[0].kind"),
    ('id = "observatory-2"', 'id = "observatory-1"', "tile[1].id"),                    # a second tile of one id
    ('tile = "spaceport-1"', 'tile = { x = 1 }', "region[1].tile"),
    ('tile = "spaceport-1"', 'tile = "spaceport-99"', "region[1].tile"),                # no such tile
    ('dice = [1]\nxy = [0.0, 0.0]', 'dice = [1]\nxy = [0.0, 0.0]\nprcie = 3', "region[0].prcie"),
    ('planets_by_players = { "2" = 4', 'planets_by_players = { "2" = 100000000', "setup.planets_by_players.2"),
    ('["N1", "T01"]', '["N1", "T99"]', "adjacency.links[0][1]"),
    ('title = "Illustrative board', 'title = 3 # "Illustrative board', "board.title"),
])
def test_a_corrupted_board_names_file_and_key(old, new, key):
    text = shipped("default_board.toml")
    assert old in text
    with pytest.raises(DataError) as refused:
        board(text.replace(old, new, 1))
    assert refused.value.file == "default_board.toml" and refused.value.key == key


# --- the track board (tracks.toml) ----------------------------------------------------------------

def catalog_with(name: str, text: str):
    from tabletoolkit.andromeda.catalog import Catalog
    files = {n: shipped(n) for n in ("rulebook.toml", "tracks.toml", "sample_cards.toml")}
    files[name] = text
    return Catalog.from_toml(files["rulebook.toml"], files["tracks.toml"], files["sample_cards.toml"])


@pytest.mark.parametrize("old, new, key", [
    ('[source]\nlabel = "sample: calibrated to the scoring example (A-F9)"\n', "", "source"),     # [source] deleted
    ('label = "sample: calibrated', 'label = 3 # "sample: calibrated', "source.label"),
    ("[track.science]\nvp = [0, 0, 1,", "[track.science]\nvp = [100000000, 0, 1,", "track.science.vp[0]"),
    ("exploration = [4, 8]", "exploration = [4, 80]", "track.science.exploration"),               # off the track
    ("[event_track]\nlength = 8", "[event_track]\nlength = 8\nprcie = 1", "event_track.prcie"),
    ("short = 50", "short = -1", "game_length.short"),
    ("observatory = [3, 7, 10]", "observatory = [3, 7]", "development_vp.observatory"),
])
def test_a_corrupted_track_board_names_file_and_key(old, new, key):
    text = shipped("tracks.toml")
    assert old in text
    with pytest.raises(DataError) as refused:
        catalog_with("tracks.toml", text.replace(old, new, 1))
    assert refused.value.file == "tracks.toml" and refused.value.key == key
