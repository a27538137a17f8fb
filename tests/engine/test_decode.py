"""The data decoder: dataclasses decoded from TOML, every refusal a DataError naming file, key path and value."""

import enum
import pickle
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Literal

import pytest

from tabletoolkit import InvalidInput
from tabletoolkit.engine.decode import (
    LARGEST, MOST, DataError, Decoder, FrozenMap, decode, identifier, items, key_text, not_in_file, number,
    parse_text, read_packaged, read_path, text, walk, whole,
)


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Token:
    value: Annotated[int, whole(0, 20)]
    count: Annotated[int, whole(1, 50)] = 1


@dataclass(frozen=True)
class Card:
    id: Annotated[str, identifier("card")]
    name: str
    type: Annotated[str, not_in_file()] = "?"
    cost: int = 0
    token: Annotated[str | None, text(ref="token")] = None
    colour: Colour = Colour.RED
    odds: Annotated[Fraction, number(0, 1)] = Fraction(1, 2)
    weight: Annotated[float, number(0, 10)] = 1.0
    rare: bool = False
    tags: frozenset[str] = frozenset()
    after: Annotated[tuple[str, ...], items(most=3, ref="card")] = ()


@dataclass(frozen=True)
class Ship:
    id: Annotated[str, identifier("ship")]
    kind: Literal["scout", "tug"] = "scout"
    spot: tuple[int, int] = (0, 0)
    note: Annotated[str, text(empty=True)] = ""


@dataclass(frozen=True)
class Catalog:
    tokens: Annotated[Mapping[str, Token], items(keys="token")]
    pilots: Annotated[tuple[Card, ...], items(fixed={"type": "pilot"})] = ()
    gear: Annotated[tuple[Card, ...], items(fixed={"type": "gear"})] = ()
    ships: Annotated[tuple[Ship, ...], items(most=4)] = ()
    board: Annotated[str | None, text(ref="board")] = None


GOOD = """
board = "small"
[tokens]
ice = { value = 1, count = 5 }
gold = { value = 5 }

[[pilots]]
id = "ace"
name = "Ace"
cost = 6
token = "gold"
colour = "blue"
odds = "1/6"
weight = 2
tags = ["fast", "old"]
after = ["pod"]

[[gear]]
id = "pod"
name = "Pod"

[[ships]]
id = "mule"
kind = "tug"
spot = [2, 3]
"""


def good() -> dict:
    return parse_text(GOOD, "cards.toml")


def refusal(raw, known=None) -> DataError:
    with pytest.raises(DataError) as caught:
        decode(Catalog, raw, file="cards.toml", known=known if known is not None else {"board": ["small"]})
    assert isinstance(caught.value, InvalidInput) and isinstance(caught.value, ValueError)
    return caught.value


def test_a_good_file_decodes_into_the_dataclasses_frozen_all_the_way_down():
    catalog = decode(Catalog, good(), file="cards.toml", known={"board": ["small"]})
    ace, pod = catalog.pilots[0], catalog.gear[0]
    assert ace == Card("ace", "Ace", "pilot", 6, "gold", Colour.BLUE, Fraction(1, 6), 2.0, False,
                       frozenset({"fast", "old"}), ("pod",))
    assert pod == Card("pod", "Pod", "gear")
    assert catalog.tokens == {"ice": Token(1, 5), "gold": Token(5, 1)} and isinstance(catalog.tokens, FrozenMap)
    assert catalog.ships == (Ship("mule", "tug", (2, 3)),)
    assert not any(isinstance(v, (list, dict, set)) for v in walk(catalog))
    hash(catalog)


@pytest.mark.parametrize("edit, key, value, reason", [
    (lambda r: r["pilots"][0].update(prcie=3), "pilots[0].prcie", 3, "no such field"),
    (lambda r: r["pilots"][0].update(type="gear"), "pilots[0].type", "gear", "no such field"),
    (lambda r: r.update(extra={}), "extra", {}, "no such field"),
    (lambda r: r["pilots"][0].pop("name"), "pilots[0].name", None, "required"),
    (lambda r: r.pop("tokens"), "tokens", None, "required"),
    (lambda r: r["pilots"][0].update(cost="6"), "pilots[0].cost", "6", "a whole number, not a text"),
    (lambda r: r["pilots"][0].update(cost=True), "pilots[0].cost", True, "a whole number, not true/false"),
    (lambda r: r["pilots"][0].update(cost=6.0), "pilots[0].cost", 6.0, "a whole number, not a number"),
    (lambda r: r["pilots"][0].update(cost=-1), "pilots[0].cost", -1, f"from 0 to {MOST}"),
    (lambda r: r["pilots"][0].update(cost=10**9), "pilots[0].cost", 10**9, f"from 0 to {MOST}"),
    (lambda r: r["tokens"]["ice"].update(count=1_000_000_000), "tokens.ice.count", 1_000_000_000, "from 1 to 50"),
    (lambda r: r["tokens"].update(ice=3), "tokens.ice", 3, "a table (Token), not a whole number"),
    (lambda r: r.update(pilots={"id": "x"}), "pilots", {"id": "x"}, "an array, not a table"),
    (lambda r: r["pilots"].append(5), "pilots[1]", 5, "a table (Card)"),
    (lambda r: r["pilots"][0].update(name=""), "pilots[0].name", "", "a non-empty text"),
    (lambda r: r["pilots"][0].update(name=["Ace"]), "pilots[0].name", ["Ace"], "a text, not an array"),
    (lambda r: r["pilots"][0].update(colour="octarine"), "pilots[0].colour", "octarine", "one of 'red', 'blue'"),
    (lambda r: r["ships"][0].update(kind="freighter"), "ships[0].kind", "freighter", "one of 'scout', 'tug'"),
    (lambda r: r["ships"][0].update(spot=[1]), "ships[0].spot", [1], "an array of 2 values"),
    (lambda r: r["ships"][0].update(spot=[1, "a"]), "ships[0].spot[1]", "a", "a whole number"),
    (lambda r: r["pilots"][0].update(odds="1/0"), "pilots[0].odds", "1/0", "denominator of 0"),
    (lambda r: r["pilots"][0].update(odds="3/2"), "pilots[0].odds", Fraction(3, 2), "from 0 to 1"),
    (lambda r: r["pilots"][0].update(odds="lots"), "pilots[0].odds", "lots", "fraction text"),
    (lambda r: r["pilots"][0].update(weight=float("nan")), "pilots[0].weight", "nan", "a finite number"),
    (lambda r: r["pilots"][0].update(weight=11), "pilots[0].weight", 11, "from 0 to 10"),
    (lambda r: r["pilots"][0].update(rare=1), "pilots[0].rare", 1, "true or false"),
    (lambda r: r["pilots"][0].update(tags=["a", "a"]), "pilots[0].tags[1]", "a", "listed twice"),
    (lambda r: r["pilots"][0].update(after=["pod"] * 4), "pilots[0].after", "4 entries", "at most 3 entries"),
    (lambda r: r.update(ships=[{"id": f"s{i}"} for i in range(5)]), "ships", "5 entries", "at most 4 entries"),
    (lambda r: r["gear"].append({"id": "ace", "name": "Again"}), "gear[1].id", "ace", "a second card with this id (first at pilots[0].id)"),
    (lambda r: r["pilots"][0].update(token="unobtainium"), "pilots[0].token", "unobtainium", "no token has this id"),
    (lambda r: r["pilots"][0].update(after=["nothing"]), "pilots[0].after[0]", "nothing", "the card ids are: ace, pod"),
    (lambda r: r.update(board="huge"), "board", "huge", "the board ids are: small"),
])
def test_every_refusal_names_the_file_the_key_path_and_the_value(edit, key, value, reason):
    raw = good()
    edit(raw)
    error = refusal(raw, known={"board": lambda: ["small"]})
    assert error.file == "cards.toml" and error.key == key and error.field == f"cards.toml: {key}"
    assert str(error.value) == str(value) and reason in error.reason, error


def test_references_are_checked_against_the_file_and_the_callers_ids_once_the_file_is_decoded():
    raw = good()
    assert decode(Catalog, raw, known={"board": ["small", "large"]}).board == "small"
    error = refusal(raw, known={})
    assert error.key == "board" and "the board ids are: none" in error.reason
    assert "the token ids are: gold, ice" in refusal({"tokens": {"ice": {"value": 1}, "gold": {"value": 2}},
                                                      "gear": [{"id": "a", "name": "A", "token": "tin"}]}).reason


def test_without_a_file_the_field_is_the_key_path_and_errors_pickle():
    with pytest.raises(DataError) as caught:
        decode(Token, {"value": 99})
    assert caught.value.field == "value" and caught.value.file is None
    again = pickle.loads(pickle.dumps(caught.value))
    assert (again.file, again.key, again.value, again.reason) == (None, "value", 99, caught.value.reason)


def test_a_decoder_decodes_a_file_in_parts_and_refuses_by_key():
    decoder = Decoder("mine.toml", known={"token": ["ice"]})
    card = decoder.value(Card, {"id": "a", "name": "A", "token": "ice"}, ("cards", 0))
    decoder.value(Card, {"id": "b", "name": "B", "after": ["a"]}, ("cards", 1))
    decoder.check()
    assert card.token == "ice" and decoder.ids["card"] == {"a": "cards[0].id", "b": "cards[1].id"}
    error = decoder.refuse(("setup", "marks"), [1, 3], "Marks have no gaps")
    assert error.field == "mine.toml: setup.marks" and key_text(("a", 0, "b", 2)) == "a[0].b[2]"


def test_an_unreadable_annotation_is_a_programming_error_not_a_data_error():
    @dataclass(frozen=True)
    class Odd:
        x: complex

    with pytest.raises(TypeError):
        decode(Odd, {"x": 1})


def test_toml_syntax_is_refused_naming_the_file():
    with pytest.raises(InvalidInput) as caught:
        parse_text("[setup\n", "mine.toml")
    assert caught.value.field == "mine.toml" and caught.value.reason == "not valid TOML"
    with pytest.raises(InvalidInput):
        parse_text(b"a = 1", "mine.toml")


@pytest.mark.parametrize("name", ["../../../pyproject.toml", "/etc/hostname", "data/sample.toml", "..", ".", "",
                                  "sample.toml\n", None, 3, "nothing.toml", "sub\\x.toml"])
def test_a_packaged_file_is_read_by_its_name_only(name):
    with pytest.raises(InvalidInput) as caught:
        read_packaged("tabletoolkit.merchants", name)
    assert caught.value.field == "name" and caught.value.value == name


def test_a_packaged_file_is_read_and_a_missing_name_lists_the_shipped_ones():
    assert "SAMPLE DATA" in read_packaged("tabletoolkit.merchants", "sample.toml")
    with pytest.raises(InvalidInput) as caught:
        read_packaged("tabletoolkit.merchants", "sampel.toml")
    assert "shipped: sample.toml" in caught.value.reason


def test_a_path_that_cannot_be_read_is_refused_by_name(tmp_path):
    latin = tmp_path / "latin.toml"
    latin.write_bytes("name = 'caf\xe9'".encode("latin-1"))
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (LARGEST + 1))
    for path in (tmp_path / "missing.toml", tmp_path, latin, big, str(tmp_path / "nul\0.toml")):
        with pytest.raises(InvalidInput) as caught:
            read_path(path)
        assert caught.value.field == "path" and caught.value.value == str(path)
    for path in (None, 3, ""):
        with pytest.raises(InvalidInput):
            read_path(path)
    good = tmp_path / "good.toml"
    good.write_text("a = 1", encoding="utf-8")
    assert read_path(good) == read_path(str(good)) == "a = 1"


def test_a_frozen_map_cannot_be_changed_and_is_hashable():
    m = FrozenMap({"a": 1})
    assert m == {"a": 1} and hash(m) == hash(FrozenMap([("a", 1)])) and pickle.loads(pickle.dumps(m)) == m
    with pytest.raises(TypeError):
        m["a"] = 2  # type: ignore[index]
    with pytest.raises(AttributeError):
        m.x = 1  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        m._items["b"] = 2  # type: ignore[attr-defined]
