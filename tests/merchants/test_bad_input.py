"""Bad input to the Merchants wing gets a typed error naming what is wrong: no crash, no hang, nothing dropped."""

import tomllib
from importlib import resources

import pytest

from tabletoolkit import InvalidInput, Rng, run
from tabletoolkit.merchants import lease_cost, lease_formula, lease_ratio, load_data, new_game, turn
from tabletoolkit.merchants.data import parse_data


def sample() -> dict:
    return tomllib.loads(resources.files("tabletoolkit.merchants").joinpath("data", "sample.toml").read_text("utf-8"))


@pytest.mark.parametrize("price", [0, -1, 1.5, True, "10", None, 10**9])
def test_a_lease_of_an_impossible_price_is_refused(price):
    for call in (lease_cost, lease_ratio):
        with pytest.raises(InvalidInput) as caught:
            call(price)
        assert caught.value.field == "price"


def test_a_lease_needs_a_merchants_variant():
    with pytest.raises(InvalidInput) as caught:
        lease_formula("rulebook")
    assert caught.value.field == "variant"


@pytest.mark.parametrize("names", ["ab", b"ab", 2, None])
def test_player_names_are_a_tuple_never_split_from_a_string(names):
    with pytest.raises(InvalidInput) as caught:
        new_game(names, Rng(0))
    assert caught.value.field == "names"


def test_a_turn_needs_a_turn_choice_a_state_and_an_rng():
    state = new_game(("Ada", "Bea"), Rng(0))
    for args, field in (((state, None, Rng(0)), "choice"), ((None, None, Rng(0)), "state"),
                        ((state, __import__("tabletoolkit.merchants", fromlist=["move"]).move(), 7), "rng")):
        with pytest.raises(InvalidInput) as caught:
            run(turn(*args))
        assert caught.value.field == field


@pytest.mark.parametrize("edit, field", [
    (lambda raw: raw["tokens"]["ice"].update(count=1_000_000_000), "tokens.ice.count"),
    (lambda raw: raw["ships"][0].update(prcie=3), "ships[0].prcie"),
    (lambda raw: raw["setup"].update(colour="red"), "setup.colour"),
    (lambda raw: raw.update(extra={}), "extra"),
    (lambda raw: raw["destinations"][0].update(copies=10**8), "destinations[0].copies"),
])
def test_a_data_file_with_an_absurd_count_or_an_unknown_field_is_refused_by_name(edit, field):
    raw = sample()
    edit(raw)
    with pytest.raises(InvalidInput) as caught:
        parse_data(raw)
    assert caught.value.field == field


def test_a_data_file_that_cannot_be_read_or_is_malformed_names_the_file(tmp_path):
    latin = tmp_path / "latin.toml"
    latin.write_bytes("name = 'caf\xe9'".encode("latin-1"))
    for path in (tmp_path / "missing.toml", tmp_path, latin):
        with pytest.raises(InvalidInput) as caught:
            load_data(path)
        assert caught.value.field == "path" and caught.value.value == str(path)
    broken = tmp_path / "broken.toml"
    broken.write_text("[setup\n", encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        load_data(broken)
    assert caught.value.field == str(broken)
    edited = tmp_path / "edited.toml"
    edited.write_text(resources.files("tabletoolkit.merchants").joinpath("data", "sample.toml").read_text("utf-8")
                      .replace("price = 10", "prcie = 10", 1), encoding="utf-8")
    with pytest.raises(InvalidInput) as caught:
        load_data(edited)
    assert caught.value.field == f"{edited}: ships[0].prcie"


def test_rng_refuses_what_is_not_a_choice_or_too_many_dice():
    for call, field in ((lambda: Rng(1).choice(5), "options"), (lambda: Rng(1).choice("abc"), "options"),
                        (lambda: Rng(1).rolls(10**12), "count"), (lambda: Rng(1).roll(10**12), "sides"),
                        (lambda: Rng(1).pick({"a": 0.5, "b": 0.5}), "outcomes"), (lambda: Rng(1).pick([1]), "outcomes")):
        with pytest.raises(InvalidInput) as caught:
            call()
        assert caught.value.field == field


@pytest.mark.parametrize("edit, field, value", [
    (lambda raw: raw["ships"].append(dict(raw["ships"][0])), "ships[8].id", "kestrel"),
    (lambda raw: raw["gear"].append(dict(raw["pilots"][0])), "gear[3].id", "rookie"),
    (lambda raw: raw["destinations"].append(dict(raw["destinations"][0])), "destinations[4].id", "ceres"),
    (lambda raw: raw["pilots"][0].update(token="unobtainium"), "pilots[0].token", "unobtainium"),
    (lambda raw: raw["refineries"][0].pop("token"), "refineries[0].token", None),
    (lambda raw: raw.pop("setup"), "setup", None),
    (lambda raw: raw["setup"].pop("starting_location"), "setup.starting_location", None),
    (lambda raw: raw["ships"][0].pop("copies"), "ships[0].copies", None),
    (lambda raw: raw["ships"].insert(0, "kestrel"), "ships[0]", "kestrel"),
    (lambda raw: raw["tokens"].update(ice=5), "tokens.ice", 5),
    (lambda raw: raw["ships"][0].update(price=10.0), "ships[0].price", 10.0),
    (lambda raw: raw["ships"][0].update(copies=True), "ships[0].copies", True),
    (lambda raw: raw["ships"][0].update(name=""), "ships[0].name", ""),
    (lambda raw: raw["pilots"][0].update(type="gear"), "pilots[0].type", "gear"),
    (lambda raw: raw.update(source=7), "source", 7),
])
def test_a_duplicate_id_a_dangling_token_a_missing_key_or_a_wrong_type_is_refused_by_file_and_key(edit, field, value):
    raw = sample()
    edit(raw)
    with pytest.raises(InvalidInput) as caught:
        parse_data(raw, "mine.toml")
    assert caught.value.field == f"mine.toml: {field}" and caught.value.value == value, caught.value


def test_a_packaged_sample_is_read_by_name_and_the_loaded_data_holds_no_mutable_part():
    from tabletoolkit.engine.decode import walk

    data = load_data()
    assert not any(isinstance(v, (list, dict, set)) for v in walk(data))
    assert data == parse_data(sample())
