"""What the fuzz suite and ``benchmarks/fuzz_large.py`` share: hostile values, the entry points they are
given to (one argument at a time), the one-step mutations of every shipped data file with its public
loader, and the checks of the typed-error promise and of immutability.

The promise: an entry point returns, or raises a ``RulesError`` (``InvalidInput``, ``IllegalAction``, both
``ValueError``s); nothing else escapes, nothing hangs. A data file mutated one step (a key deleted, a value
of the wrong type, an unknown field, a duplicate id, an absurd count, a dangling reference) is refused with a typed error; an
unknown field, a duplicate, a dangling reference, a wrong type or an absurd count is never accepted silently. A refused apply
leaves the state equal; a state and the state its apply made share no mutable part.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import math
import operator
import pickle
import re
import signal
import tomllib
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import tabletoolkit as tt
from tabletoolkit import RulesError

# ----------------------------------------------------------------------------------------------------------
# Outcomes of one call


class Hang(Exception):
    """A call ran past its time."""


OK, TYPED, UNTYPED, HANG = "ok", "typed", "untyped", "hang"


def outcome(call: Callable[[], Any], seconds: float = 10.0) -> tuple[str, Any]:
    """(``ok``/``typed``/``untyped``/``hang``, the result or the exception) of ``call()``."""

    def alarm(*_: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return OK, call()
    except Hang as error:
        return HANG, error
    except RulesError as error:
        return TYPED, error
    except Exception as error:  # noqa: BLE001 - an untyped exception is what the fuzz looks for
        return UNTYPED, error
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def describe(kind: str, value: Any) -> str:
    return f"{kind}: {type(value).__name__}: {str(value)[:200]}"


# ----------------------------------------------------------------------------------------------------------
# Hostile values


class Opaque:
    """A library object passed where another is expected."""

    def __repr__(self) -> str:
        return "Opaque()"


HOSTILE_CONSTANTS = [
    None, True, False, 0, -1, 1.5, 6.0, float("nan"), float("inf"), 10**9, 10**12, -10**12, 2**64, "", "x", "red",
    "../../../pyproject.toml", "/etc/hostname", "<script>alert(1)</script>", "1/0", b"ab", [], [[]], [None], {},
    {"a": None}, (), (1,), (300, 1), [(300, 1), (1, 1)], [[7], [-3]], {k: 1 for k in range(30)}, Opaque(),
    Fraction(1, 3), Fraction(-1, 2), object,
]


def hostile() -> st.SearchStrategy[Any]:
    """Plain bad values of every shape: wrong types, out of range, huge, empty, nested, library objects."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-10**13, 10**13), st.integers(-3, 40),
        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12), st.binary(max_size=6),
        st.fractions(max_denominator=7),
    )
    return st.one_of(
        st.sampled_from(HOSTILE_CONSTANTS),
        scalars,
        st.lists(scalars, max_size=5),
        st.lists(st.tuples(st.integers(-2, 30), st.integers(-2, 8)), max_size=7),
        st.lists(st.lists(st.integers(-2, 8), max_size=4), max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=3), st.integers(-3, 30)), st.one_of(st.integers(-3, 10**6), st.none()),
                        max_size=5),
        st.tuples(scalars, scalars),
    )


# ----------------------------------------------------------------------------------------------------------
# Entry points, one argument at a time


@dataclasses.dataclass(frozen=True)
class EntryPoint:
    """A public entry point and good arguments for it: the fuzz replaces one argument at a time."""

    name: str
    call: Callable[..., Any]
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()

    def slots(self) -> tuple[Any, ...]:
        return tuple(range(len(self.args))) + tuple(k for k, _ in self.kwargs)

    def with_value(self, slot: Any, value: Any) -> Callable[[], Any]:
        args, kwargs = list(self.args), dict(self.kwargs)
        if isinstance(slot, int):
            args[slot] = value
        else:
            kwargs[slot] = value
        return lambda: self.call(*copy.deepcopy(args), **kwargs)


def _run(procedure: Any) -> Any:
    def good() -> Any:
        yield tt.Step("Roll", "A 6.", "nowhere")
        return 6

    return tt.run(good() if procedure == "good" else procedure)


def ground_floor() -> list[EntryPoint]:
    """The public entry points of ``engine/`` and ``prob/`` (and the Merchants data loader)."""
    from tabletoolkit.andromeda.variant import RULEBOOK as ANDROMEDA
    from tabletoolkit.engine import svg
    from tabletoolkit.engine.decode import read_packaged, read_path
    from tabletoolkit.engine.frozen import FrozenMap, replace
    from tabletoolkit.engine.tester import check_game
    from tabletoolkit.merchants import load_data
    from tabletoolkit.merchants.data import parse_data
    from tabletoolkit.prob import (
        Distribution, compare, contest_odds, count_of, deciding_die, draw, latex_fraction, pooled_dice, rational,
        rerolled_die, top_tie_sizes,
    )

    die = Distribution.die(6)
    sample = tomllib.loads(resources.files("tabletoolkit.merchants").joinpath("data", "sample.toml").read_text("utf-8"))
    start = tt.new_game("merchants", players=2, seed=1)
    two_sides = [[(6, 1)], [(5, 2)]]
    return [
        EntryPoint("prob.contest_odds", contest_odds, (two_sides,), (("faces", 6),)),
        EntryPoint("prob.deciding_die", deciding_die, (two_sides,), (("faces", 6),)),
        EntryPoint("prob.top_tie_sizes", top_tie_sizes, ((6, 1), 2), (("faces", 6),)),
        EntryPoint("prob.pooled_dice", pooled_dice, ((3, 2),), (("faces", 6),)),
        EntryPoint("prob.rerolled_die", rerolled_die, (3,), (("faces", 6), ("rerolls", None))),
        EntryPoint("prob.compare", compare, ([[6, 5], [6, 4]],), (("faces", 6),)),
        EntryPoint("prob.Distribution", Distribution, ({1: 1, 2: 3},)),
        EntryPoint("prob.Distribution.die", Distribution.die, (6,)),
        EntryPoint("prob.Distribution.uniform", Distribution.uniform, ([1, 2, 2],)),
        EntryPoint("prob.Distribution.repeat", die.repeat, (3,), (("function", operator.add),)),
        EntryPoint("prob.Distribution.combine", die.combine, (die, max)),
        EntryPoint("prob.Distribution.map", die.map, (abs,)),
        EntryPoint("prob.Distribution.probability", die.probability, (3,)),
        EntryPoint("prob.Distribution.add", die.__add__, (die,)),
        EntryPoint("prob.draw", draw, ({"a": 3, "b": 2}, 2)),
        EntryPoint("prob.count_of", count_of, ({"a": 3, "b": 2}, 2, {"a"})),
        EntryPoint("prob.latex_fraction", latex_fraction, (Fraction(1, 6),)),
        EntryPoint("prob.rational", rational, (Fraction(1, 6),)),
        EntryPoint("engine.Rng", tt.Rng, (1,), (("forced", ()),)),
        EntryPoint("engine.Rng.roll", lambda sides: tt.Rng(1).roll(sides), (6,)),
        EntryPoint("engine.Rng.rolls", lambda count, sides: tt.Rng(1).rolls(count, sides), (3, 6)),
        EntryPoint("engine.Rng.choice", lambda options: tt.Rng(1).choice(options), ([1, 2],)),
        EntryPoint("engine.Rng.pick", lambda outcomes: tt.Rng(1).pick(outcomes), ({"a": Fraction(1)},)),
        EntryPoint("engine.Rng.shuffled", lambda items: tt.Rng(1).shuffled(items), ([1, 2, 3],)),
        EntryPoint("engine.Rng.forced.roll", lambda value: tt.Rng.forced([value]).roll(6), (3,)),
        EntryPoint("engine.Rng.forced.shuffled", lambda value: tt.Rng.forced([value]).shuffled([1, 2]), ([2, 1],)),
        EntryPoint("engine.Variant.but", lambda value: ANDROMEDA.but(dice_cap=value), (8,)),
        EntryPoint("engine.run", _run, ("good",)),
        EntryPoint("engine.replay", lambda choices: tt.replay(start, choices), ([],)),
        EntryPoint("engine.play", lambda policies, max_steps: tt.play(start, policies, max_steps=max_steps), ({}, 2)),
        EntryPoint("engine.check_game", lambda seeds, probe: check_game("merchants", seeds, probe=probe, max_steps=3),
                   (range(1), 0.0)),
        EntryPoint("engine.Options", tt.Options, ((tt.Option("a"),),)),
        EntryPoint("engine.replace", lambda value: replace(tt.Option("a"), label=value) and replace(value, label="x"),
                   (tt.Option("a"),)),
        EntryPoint("engine.FrozenMap", FrozenMap, ({"a": 1},)),
        EntryPoint("engine.decode.read_packaged", lambda name: read_packaged("tabletoolkit.merchants", name),
                   ("sample.toml",)),
        EntryPoint("engine.decode.read_path", read_path, (str(Path(__file__)),)),
        EntryPoint("engine.svg.text", lambda x, content, fill: svg.text(x, 0, content, fill=fill).render(), (1, "Ada", "ink")),
        EntryPoint("engine.svg.rect", lambda width, stroke: svg.rect(0, 0, width, 1, stroke=stroke).render(), (3, "line")),
        EntryPoint("engine.svg.svg", lambda width, child: svg.svg(width, 10, child).render(), (10, "x")),
        EntryPoint("merchants.parse_data", parse_data, (sample,)),
        EntryPoint("merchants.load_data", load_data, (None,)),
    ]


def game_entry_points() -> list[EntryPoint]:
    """The game contract of every registered game: ``tt.new_game`` with each setting and the seed."""
    from tabletoolkit.engine.game import game_info

    found = []
    for game_id in tt.games():
        settings = dict(game_info(game_id).settings)
        first = {name: values[0] for name, values in settings.items()}
        for name in (*settings, "seed"):
            others = tuple((k, v) for k, v in first.items() if k != name)
            good = first.get(name, 1)

            def make(value: Any, game_id: str = game_id, name: str = name, others: tuple = others) -> Any:
                return tt.new_game(game_id, **dict(others), **{name: value})

            found.append(EntryPoint(f"tt.new_game({game_id!r}, {name}=…)", make, (good,)))
    return found


# ----------------------------------------------------------------------------------------------------------
# Immutability


MUTABLE = (list, dict, set, bytearray)


def mutable_parts(value: Any, seen: set[int] | None = None, path: str = "state") -> Iterator[tuple[int, str, Any]]:
    """(id, where, object) of every list, dict, set or bytearray reachable through dataclass fields, tuples,
    frozen sets and mappings; read-only mappings are walked, not reported."""
    seen = set() if seen is None else seen
    stack = [(value, path)]
    while stack:
        item, where = stack.pop()
        if id(item) in seen or isinstance(item, (str, bytes, int, float, Fraction, type)) or item is None:
            continue
        seen.add(id(item))
        if isinstance(item, MUTABLE):
            yield id(item), where, item
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            for f in dataclasses.fields(item):
                if f.name != "steps":  # the explained steps of the last apply are the new state's own
                    stack.append((getattr(item, f.name, None), f"{where}.{f.name}"))
        elif isinstance(item, (Mapping, dict)):
            for k, v in list(item.items())[:2000]:
                stack.append((v, f"{where}[{k!r}]"))
        elif isinstance(item, (tuple, list, set, frozenset)):
            for i, v in enumerate(list(item)[:2000]):
                stack.append((v, f"{where}[{i}]"))


def offered(state: Any, choice: Any) -> bool:
    """Whether ``choice`` is a legal option of ``state``: a choice it lists, or the words of one (the contract's
    ``apply`` takes an option by its words too)."""
    option = state.options().get(choice)
    return option is not None and option.legal


def shared_mutable_parts(before: Any, after: Any) -> list[str]:
    """Where ``before`` and ``after`` hold the very same mutable object (a change to one changes both)."""
    mine = {key: where for key, where, _ in mutable_parts(before)}
    return sorted({f"{mine[key]} (also {where})" for key, where, _ in mutable_parts(after) if key in mine})


def frozen_bytes(state: Any) -> bytes:
    return pickle.dumps(state)


def hostile_choices() -> st.SearchStrategy[Any]:
    """Choices a game's apply must refuse: bad values and other games' choices."""
    return st.one_of(hostile(), st.sampled_from([tt.Option("x"), tt.CHANCE, "pass", ("pass",), {"choice": 1}]))


# ----------------------------------------------------------------------------------------------------------
# Shipped data files, mutated one step


def toml_text(document: Mapping[str, Any]) -> str:
    """A TOML text for a parsed document (every table inline: the loaders read the same values)."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, float):
            return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf") if math.isinf(v) else repr(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(str(k))} = {value(x)}" for k, x in v.items()) + "}"
        raise TypeError(f"no TOML for {type(v).__name__}")

    return "\n".join(f"{json.dumps(str(k))} = {value(v)}" for k, v in document.items()) + "\n"


def _catalog(slot: str) -> Callable[[str], Any]:
    def load(text: str) -> Any:
        from tabletoolkit.andromeda.catalog import Catalog

        folder = resources.files("tabletoolkit.andromeda").joinpath("data")
        texts = {n: folder.joinpath(f"{n}.toml").read_text("utf-8") for n in ("rulebook", "tracks", "sample_cards")}
        texts[slot] = text
        return Catalog.from_toml(texts["rulebook"], texts["tracks"], texts["sample_cards"])

    return load


def _loaders() -> dict[tuple[str, str], Callable[[str], Any]]:
    """(package, file name) -> the public loader that reads the file's text."""
    from tabletoolkit.andromeda.battle import parse_battle_example
    from tabletoolkit.andromeda.board import Board
    from tabletoolkit.merchants.data import parse_data
    from tabletoolkit.seti.cards import load_cards
    from tabletoolkit.seti.computer import load_computer
    from tabletoolkit.seti.gold_tiles import load_gold_tiles
    from tabletoolkit.seti.sector import load_sectors
    from tabletoolkit.seti.solar import Layout
    from tabletoolkit.seti.solo.data import load_action_cards, load_boards, load_objectives
    from tabletoolkit.seti.species import load_species
    from tabletoolkit.seti.tech_board import load_techs

    def named(loader: Callable[[str, str], Any], name: str) -> Callable[[str], Any]:
        return lambda text: loader(text, name)

    return {
        ("tabletoolkit.merchants", "sample.toml"): lambda text: parse_data(tomllib.loads(text), "sample.toml"),
        ("tabletoolkit.andromeda", "battle_example.toml"): lambda text: parse_battle_example(tomllib.loads(text),
                                                                                             "battle_example.toml"),
        ("tabletoolkit.andromeda", "default_board.toml"): named(Board.from_toml, "default_board.toml"),
        ("tabletoolkit.andromeda", "rulebook.toml"): _catalog("rulebook"),
        ("tabletoolkit.andromeda", "tracks.toml"): _catalog("tracks"),
        ("tabletoolkit.andromeda", "sample_cards.toml"): _catalog("sample_cards"),
        ("tabletoolkit.seti", "sample_cards.toml"): named(load_cards, "sample_cards.toml"),
        ("tabletoolkit.seti", "example_cards.toml"): named(load_cards, "example_cards.toml"),
        ("tabletoolkit.seti", "gold_tiles.toml"): named(load_gold_tiles, "gold_tiles.toml"),
        ("tabletoolkit.seti", "techs.toml"): named(load_techs, "techs.toml"),
        ("tabletoolkit.seti", "species_sample.toml"): named(load_species, "species_sample.toml"),
        ("tabletoolkit.seti", "computer.toml"): named(load_computer, "computer.toml"),
        ("tabletoolkit.seti", "sectors.toml"): named(load_sectors, "sectors.toml"),
        ("tabletoolkit.seti", "solar_system.toml"): named(Layout.from_toml, "solar_system.toml"),
        ("tabletoolkit.seti", "solo_boards.toml"): named(load_boards, "solo_boards.toml"),
        ("tabletoolkit.seti", "solo_actions.toml"): named(load_action_cards, "solo_actions.toml"),
        ("tabletoolkit.seti", "solo_objectives.toml"): named(load_objectives, "solo_objectives.toml"),
    }


def data_files() -> list[tuple[str, str]]:
    """Every shipped data file of every wing that has a public loader here, and any the loaders miss."""
    return sorted(_loaders())


def shipped_names() -> list[tuple[str, str]]:
    found = []
    for wing in ("merchants", "andromeda", "seti"):
        folder = resources.files(f"tabletoolkit.{wing}").joinpath("data")
        found += [(f"tabletoolkit.{wing}", entry.name) for entry in folder.iterdir() if entry.name.endswith(".toml")]
    return sorted(found)


def load(file: tuple[str, str], text: str) -> Any:
    return _loaders()[file](text)


def shipped(file: tuple[str, str]) -> dict[str, Any]:
    package, name = file
    return tomllib.loads(resources.files(package).joinpath("data", name).read_text("utf-8"))


KINDS = ("delete a key", "wrong type", "unknown field", "duplicate id", "absurd count", "dangling reference")
"""The one-step mutations; a dangling reference is a text naming an id of the same file set to "nowhere"."""
ID_KEYS = ("id", "name", "letter", "key", "code")


def _places(document: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """(path, value) of every value in the document, depth first, in file order."""
    yield path, document
    if isinstance(document, dict):
        for k, v in document.items():
            yield from _places(v, path + (k,))
    elif isinstance(document, list):
        for i, v in enumerate(document):
            yield from _places(v, path + (i,))


def _at(document: Any, path: tuple) -> Any:
    for key in path:
        document = document[key]
    return document


def _wrong(value: Any) -> Any:
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, (int, float)):
        return "seven"
    if isinstance(value, str):
        return 7
    if isinstance(value, list):
        return {"x": 1}
    return [1]


def mutations(document: dict[str, Any], kind: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every one-step mutation of ``kind`` of a parsed file: (where, mutated document)."""
    ids = {v for p, v in _places(document) if p and p[-1] in ID_KEYS and isinstance(v, str)}
    for path, value in _places(document):
        where = ".".join(map(str, path)) or "(top)"
        if kind == "delete a key" and path:
            mutated = copy.deepcopy(document)
            del _at(mutated, path[:-1])[path[-1]]
            yield where, mutated
        elif kind == "wrong type" and path and not isinstance(value, (dict, list)):
            mutated = copy.deepcopy(document)
            _at(mutated, path[:-1])[path[-1]] = _wrong(value)
            yield where, mutated
        elif kind == "unknown field" and isinstance(value, dict):
            mutated = copy.deepcopy(document)
            _at(mutated, path)["prcie"] = 3
            yield f"{where}.prcie", mutated
        elif kind == "duplicate id" and isinstance(value, list) and value and isinstance(value[0], dict) \
                and any(k in value[0] for k in ID_KEYS):
            mutated = copy.deepcopy(document)
            _at(mutated, path).append(copy.deepcopy(value[0]))
            yield f"{where}[{len(value)}]", mutated
        elif kind == "absurd count" and path and isinstance(value, int) and not isinstance(value, bool):
            mutated = copy.deepcopy(document)
            _at(mutated, path[:-1])[path[-1]] = 1_000_000_000
            yield where, mutated
        elif kind == "dangling reference" and path and isinstance(value, str) and path[-1] not in ID_KEYS \
                and value in ids:
            mutated = copy.deepcopy(document)
            _at(mutated, path[:-1])[path[-1]] = "nowhere"
            yield where, mutated


UNNAMED = "unnamed"


def mutant_verdict(file: tuple[str, str], kind: str, text: str, seconds: float = 10.0) -> tuple[str, str]:
    """(``typed``/``accepted``/``unnamed``/``untyped``/``hang``, detail) for one mutated text through the file's
    loader.

    A deleted key may be accepted (an optional key); any other kind accepted is a silent acceptance. A typed
    refusal must name a data file and the key (``InvalidInput.field`` reads ``"file.toml: key"``): else it is
    ``unnamed``. The file named is the mutated one, or one read with it where the missing entry may go (a
    leader count deleted from the Andromeda rulebook file belongs in it or in the sample cards)."""
    result, value = outcome(lambda: load(file, text), seconds)
    if result == OK:
        return ("ok" if kind == "delete a key" else "accepted"), ""
    if result == TYPED and not re.match(r"[\w.-]+\.toml: \S", str(getattr(value, "field", ""))):
        return UNNAMED, describe(result, value)
    return result, describe(result, value)


def shipped_content() -> dict[str, Any]:
    """Every cached catalog, deck and layout the wings load from their shipped files (shared by every game)."""
    from tabletoolkit.andromeda.battle import load_battle_example
    from tabletoolkit.andromeda.board import Board
    from tabletoolkit.andromeda.catalog import load_catalog
    from tabletoolkit.merchants import load_data
    from tabletoolkit.seti.cards import example_cards, load_cards
    from tabletoolkit.seti.computer import load_computer
    from tabletoolkit.seti.gold_tiles import load_gold_tiles
    from tabletoolkit.seti.sector import load_sectors
    from tabletoolkit.seti.solar import Layout
    from tabletoolkit.seti.solo import material
    from tabletoolkit.seti.species import load_species
    from tabletoolkit.seti.tech_board import load_techs

    return {"andromeda catalog": load_catalog(), "andromeda board": Board.default(),
            "andromeda battle example": load_battle_example(), "merchants data": load_data(),
            "seti cards": load_cards(), "seti example cards": example_cards(), "seti computer": load_computer(),
            "seti gold tiles": load_gold_tiles(), "seti sectors": load_sectors(), "seti layout": Layout.load(),
            "seti species": load_species(), "seti techs": load_techs(), "seti solo material": material()}


def content_mutable_parts() -> list[str]:
    """Where a list, dict, set or bytearray sits inside the shipped content (a what-if edit there would change
    every later game)."""
    return sorted(f"{name}: {where}" for name, value in shipped_content().items()
                  for _, where, _ in mutable_parts(value, path=name))
