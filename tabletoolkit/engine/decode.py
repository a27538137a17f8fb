"""Data files into frozen dataclasses: one decoder, driven by the dataclasses themselves.

A data file (TOML a workshop edits) is decoded into the dataclasses a wing already defines. The field
annotations say what each key holds; a field's default makes its key optional; a rule written with the
helpers below in ``Annotated[...]`` adds bounds, ids and references (type checkers read the fields as
plain ``int``, ``str``, ``tuple``)::

    @dataclass(frozen=True)
    class Ship:
        id: Annotated[str, identifier("ship")]
        name: str
        mark: Annotated[int, whole(1, 4)]
        price: Annotated[int, whole(1)]
        kind: Literal["scout", "tug"] = "scout"
        upgrades: Annotated[tuple[str, ...], items(most=8, ref="card")] = ()

    @dataclass(frozen=True)
    class Catalog:
        ships: Annotated[tuple[Ship, ...], items(most=100)]
        tokens: Annotated[Mapping[str, Token], items(keys="token")] = FrozenMap()

    catalog, _ = decode_text(Catalog, text, "ships.toml")

Every refusal is a ``DataError`` (an ``InvalidInput``) naming the file, the key path
(``ships[2].price``) and the value; its ``field`` reads ``"ships.toml: ships[2].price"``. Refused:

- a key the dataclass has no field for (a misspelt ``prcie``), with the known fields listed;
- a required key missing; a value of the wrong type (``bool`` is never an ``int``; ``int`` is a
  ``float``; a ``Fraction`` is a whole number or a text ``"p/q"``; NaN and infinities are no numbers);
- numbers outside their bounds: whole numbers default to ``0 ≤ n ≤ MOST`` (10,000) unless ``whole``
  says otherwise, so an absurd count (``copies = 100000000``) never reaches a set-up; every array and
  table holds at most ``MOST`` entries (``items(most=...)`` for less); texts are non-empty (``text(
  empty=True)`` allows ``""``) and at most ``LONGEST`` characters;
- a second entry with an id already used by an entry of the same kind (``identifier("card")`` shares
  one name space between every array whose entries carry it);
- a reference (``ref="token"``) to no id of its kind: the ids come from the same file's identifiers
  and from ``known`` (the caller's hook: ``known={"board": board_ids}`` or a callable giving them).
  References are checked when the whole file is decoded, so an entry may name one written after it.
- a text that is not one of those a rule lists (``text(one_of=...)``, ``items(one_of=...)`` for the texts
  of an array, ``identifier(kind, one_of=...)``): a ``Literal`` says the same where every caller builds
  the value from literals.

Entries of an array may take fields from their place in the file (``items(fixed={"type": "pilot"})``: the
file never writes them) or defaults written once for all of them (``items(defaults={"copies": 3})``, a
deck's ``copies = 3`` at the top of the file).

Annotations understood: ``str``, ``int``, ``float``, ``bool``, ``Fraction``, ``Literal[...]``,
``X | None``, ``tuple[X, ...]``, ``tuple[X, Y]``, ``frozenset[X]``, ``Mapping[str, X]`` (decoded into a
read-only, hashable ``FrozenMap``), ``Enum`` subclasses (by value) and nested dataclasses. Decoded
values hold no list, dict or set: a decoded object shares no mutable part with anything.

Files: ``read_packaged(package, name)`` reads a data file shipped in ``package/data/`` by its *name*
(``"sample.toml"``; a path, ``..``, a folder or a missing name is refused, never opened);
``read_path(path)`` reads a file a user names by an explicit ``str`` or ``Path`` (missing, a folder,
not UTF-8 or larger than ``LARGEST`` bytes are refused); ``parse_text(text, file)`` parses TOML
(a syntax error is refused naming the file).

Why a decoder of our own: the shapes needed are few, the messages must name the file and the key path in
the toolkit's ``InvalidInput`` form, references and id name spaces span a whole file, and the package must
run unchanged in Pyodide (the JupyterLite site). pydantic brings a compiled core and its own error type
for one job; msgspec is compiled too and has no reference checks. About 300 lines of pure Python carry
no install and no version drift.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import re
import sys
import tomllib
import types
import typing
from collections.abc import Callable, Collection, Iterator, Mapping
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, Union

from .errors import InvalidInput
from .frozen import FrozenMap

__all__ = [
    "LARGEST", "LONGEST", "MOST", "DataError", "Decoder", "FrozenMap", "Key", "decode", "decode_text", "identifier", "items",
    "key_text", "not_in_file", "number", "parse_text", "read_packaged", "read_path", "text", "walk", "whole",
]

MOST = 10_000
"""The default upper bound of a whole number and of the entries of an array or table."""
LONGEST = 10_000
"""The longest text a data file may hold in one value."""
LARGEST = 5_000_000
"""The largest data file read, in bytes."""

T = TypeVar("T")
Key = tuple[Union[str, int], ...]
Known = Mapping[str, Union[Collection[str], Callable[[], Collection[str]]]]
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")


def key_text(key: Key) -> str:
    """``("ships", 2, "price")`` as ``"ships[2].price"``."""
    out = ""
    for part in key:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class DataError(InvalidInput):
    """A data file entry that cannot mean anything: ``file``, ``key`` (the key path as text), the value and
    why. Its ``field`` is ``"file: key"`` (only the key when no file is known)."""

    def __init__(self, file: str | None, key: str, value: Any, reason: str):
        self.file = file
        self.key = key
        super().__init__(f"{file}: {key}" if file else key, value, reason)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.file, self.key, self.value, self.reason))


# ----------------------------------------------------------------------------------------------------------
# Field rules


@dataclasses.dataclass(frozen=True)
class Rule:
    """What an ``Annotated`` rule adds to an annotation (the helpers below write it)."""

    low: float | None = None
    high: float | None = None
    most: int | None = None
    empty: bool = False
    identifier: str | None = None
    ref: str | None = None
    fixed: Mapping[str, Any] | None = None
    keys: str | None = None
    in_file: bool = True
    defaults: Mapping[str, Any] | None = None
    one_of: tuple[str, ...] | None = None


_DEFAULT = Rule()


def whole(low: int = 0, high: int = MOST) -> Rule:
    """A whole number from ``low`` to ``high`` (a ``bool`` is refused)."""
    return Rule(low=low, high=high)


def number(low: float, high: float) -> Rule:
    """A finite number (or ``Fraction``) from ``low`` to ``high``."""
    return Rule(low=low, high=high)


def text(*, empty: bool = False, ref: str | None = None, one_of: tuple[str, ...] | None = None) -> Rule:
    """A text; ``empty=True`` allows ``""``; ``ref`` names the kind of id it must be; ``one_of`` lists the
    texts allowed (a ``Literal`` a type checker would insist on at every call that builds the value)."""
    return Rule(empty=empty, ref=ref, one_of=one_of)


def identifier(kind: str, *, one_of: tuple[str, ...] | None = None) -> Rule:
    """The id of an entry: a non-empty text, unique among every ``kind`` id of the file (``one_of`` the ids
    allowed, when the rules name them all)."""
    return Rule(identifier=kind, one_of=one_of)


def items(*, most: int = MOST, ref: str | None = None, low: int | None = None, high: int | None = None,
          fixed: Mapping[str, Any] | None = None, keys: str | None = None,
          defaults: Mapping[str, Any] | None = None, one_of: tuple[str, ...] | None = None,
          empty: bool = False) -> Rule:
    """An array or table of at most ``most`` entries. ``ref`` makes each text in it a reference of that kind;
    ``low``/``high`` bound each number in it; ``fixed`` gives fields of each dataclass entry that its place
    in the file decides (``fixed={"type": "pilot"}`` for the entries of ``[[pilots]]``); ``defaults`` gives
    fields of each dataclass entry that leaves them out (a deck's ``copies = 3`` written once at the top);
    ``keys`` makes the keys of a table ids of that kind (``[tokens]`` whose keys the cards name); ``one_of``
    lists the texts each entry may be; ``empty=True`` allows ``""`` entries."""
    return Rule(most=most, ref=ref, low=low, high=high, fixed=fixed, keys=keys, defaults=defaults, one_of=one_of,
                empty=empty)


def not_in_file() -> Rule:
    """A field the file never writes (``fixed`` or its default gives it)."""
    return Rule(in_file=False)


# ----------------------------------------------------------------------------------------------------------
# Files


def parse_text(text: str, file: str) -> dict[str, Any]:
    """TOML ``text`` parsed; a syntax error is a ``DataError`` naming ``file`` and the line."""
    if not isinstance(text, str):
        raise InvalidInput("text", text, "the text of a TOML file")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput(file, str(error), "not valid TOML") from None


def read_packaged(package: str, name: Any, folder: str = "data") -> str:
    """The text of the data file ``name`` shipped in ``package``'s ``folder``. Only a plain file name is
    accepted (letters, digits, ``_ . -``), so nothing outside the folder is ever opened."""
    if not isinstance(name, str) or not _NAME.fullmatch(name) or ".." in name:
        raise InvalidInput("name", name, f"the name of a data file in {package}/{folder} (a name, not a path)")
    entry = resources.files(package).joinpath(folder, name)
    if not entry.is_file():
        shipped = sorted(e.name for e in resources.files(package).joinpath(folder).iterdir() if e.is_file())
        raise InvalidInput("name", name, f"no such data file; shipped: {', '.join(shipped) or 'none'}")
    try:
        return entry.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidInput("name", name, "not a UTF-8 text file") from None


def read_path(path: Any, field: str = "path") -> str:
    """The text of the file at ``path`` (a ``str`` or ``Path`` the caller was given explicitly as a path)."""
    if not isinstance(path, (str, Path)) or not str(path):
        raise InvalidInput(field, path, "the path of a TOML data file")
    target = Path(path)
    try:
        if target.stat().st_size > LARGEST:
            raise InvalidInput(field, str(path), f"larger than {LARGEST:,} bytes")
        return target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, InvalidInput):
            raise
        raise InvalidInput(field, str(path), f"cannot be read as a UTF-8 text file ({type(error).__name__})") from None


# ----------------------------------------------------------------------------------------------------------
# Decoding

_HINTS: dict[type, tuple[tuple[dataclasses.Field[Any], Any, Rule], ...]] = {}


def _schema(cls: type) -> tuple[tuple[dataclasses.Field[Any], Any, Rule], ...]:
    found = _HINTS.get(cls)
    if found is None:
        names = vars(sys.modules[cls.__module__])  # as locals too: a field named ``text`` must not hide the rule
        hints = typing.get_type_hints(cls, names, names, include_extras=True)
        found = _HINTS[cls] = tuple((f, *_split(hints[f.name])) for f in dataclasses.fields(cls) if f.init)
    return found


def _split(hint: Any) -> tuple[Any, Rule]:
    """An annotation without its ``Annotated`` rule, and the rule (the default rule if none)."""
    if typing.get_origin(hint) is Annotated:
        rules = [m for m in hint.__metadata__ if isinstance(m, Rule)]
        return hint.__origin__, rules[0] if rules else _DEFAULT
    return hint, _DEFAULT


def _kind(value: Any) -> str:
    return {dict: "a table", list: "an array", str: "a text", bool: "true/false", int: "a whole number",
            float: "a number"}.get(type(value), type(value).__name__)


class Decoder:
    """One file being decoded: its name, the ids its entries declared and the references still to check.

    ``decode`` below is the one-call form. Use a ``Decoder`` to decode a file in parts: ``value(cls, raw,
    key)`` for each part, ``refuse(key, value, reason)`` for a check the dataclasses cannot state, and
    ``check()`` once at the end for the references.
    """

    def __init__(self, file: str | None = None, known: Known | None = None):
        self.file = file
        self.known = dict(known or {})
        self.ids: dict[str, dict[str, str]] = {}
        self._refs: list[tuple[str, str, Key]] = []

    def refuse(self, key: Key, value: Any, reason: str) -> DataError:
        """The ``DataError`` for ``value`` at ``key`` (raise it)."""
        return DataError(self.file, key_text(key), value, reason)

    def value(self, cls: Any, raw: Any, key: Key = (), rule: Rule = _DEFAULT) -> Any:
        """``raw`` (parsed TOML at ``key``) as the annotation ``cls``."""
        if typing.get_origin(cls) is Annotated:
            cls, rule = _split(cls)
        origin = typing.get_origin(cls)
        if dataclasses.is_dataclass(cls) and isinstance(cls, type):
            return self._dataclass(cls, raw, key, rule.fixed or {}, rule.defaults or {})
        if origin is Literal:
            choices = typing.get_args(cls)
            if not any(raw == c and type(raw) is type(c) for c in choices):
                raise self.refuse(key, raw, f"one of {', '.join(map(repr, choices))}")
            return raw
        if origin in (Union, types.UnionType):
            options = [a for a in typing.get_args(cls) if a is not type(None)]
            if len(options) == 1:
                return self.value(options[0], raw, key, rule)
            for option in options:
                try:
                    return self.value(option, raw, key, rule)
                except DataError:
                    continue
            raise self.refuse(key, raw, f"one of: {', '.join(map(_name, options))}")
        if origin is tuple or cls is tuple:
            args = typing.get_args(cls)
            if not isinstance(raw, list):
                raise self.refuse(key, raw, f"an array, not {_kind(raw)}")
            if len(args) == 2 and args[1] is Ellipsis or not args:
                self._count(raw, key, rule)
                element = args[0] if args else Any
                return tuple(self.value(element, v, key + (i,), rule) for i, v in enumerate(raw))
            if len(raw) != len(args):
                raise self.refuse(key, raw, f"an array of {len(args)} values")
            return tuple(self.value(a, v, key + (i,), rule) for i, (a, v) in enumerate(zip(args, raw)))
        if origin in (frozenset, set) or cls in (frozenset, set):
            if not isinstance(raw, list):
                raise self.refuse(key, raw, f"an array, not {_kind(raw)}")
            self._count(raw, key, rule)
            (element,) = typing.get_args(cls) or (Any,)
            values = [self.value(element, v, key + (i,), rule) for i, v in enumerate(raw)]
            for i, v in enumerate(values):
                if v in values[:i]:
                    raise self.refuse(key + (i,), raw[i], "listed twice")
            return frozenset(values)
        if origin in (Mapping, dict, typing.Mapping) or cls in (Mapping, dict, FrozenMap) or origin is FrozenMap:
            if not isinstance(raw, dict):
                raise self.refuse(key, raw, f"a table, not {_kind(raw)}")
            self._count(raw, key, rule)
            args = typing.get_args(cls)
            element = args[1] if len(args) == 2 else Any
            if rule.keys:
                for k in raw:
                    self._declare(rule.keys, k, key + (k,))
            return FrozenMap((k, self.value(element, v, key + (k,), rule)) for k, v in raw.items())
        if cls is Any:
            return _frozen(raw)
        if cls is bool:
            if not isinstance(raw, bool):
                raise self.refuse(key, raw, f"true or false, not {_kind(raw)}")
            return raw
        if cls is int:
            if not isinstance(raw, int) or isinstance(raw, bool):
                raise self.refuse(key, raw, f"a whole number, not {_kind(raw)}")
            return self._bounded(raw, key, rule, 0, MOST)
        if cls is float:
            if not isinstance(raw, (int, float)) or isinstance(raw, bool) or not math.isfinite(raw):
                raise self.refuse(key, raw, "a finite number")
            return float(self._bounded(raw, key, rule, -math.inf, math.inf))
        if cls is Fraction:
            return self._bounded(self._fraction(raw, key), key, rule, -math.inf, math.inf)
        if cls is str:
            return self._text(raw, key, rule)
        if isinstance(cls, type) and issubclass(cls, enum.Enum):
            for member in cls:
                if member.value == raw and type(member.value) is type(raw):
                    return member
            raise self.refuse(key, raw, f"one of {', '.join(repr(m.value) for m in cls)}")
        raise TypeError(f"decode cannot read the annotation {cls!r} (at {key_text(key) or 'the top'})")

    def check(self) -> None:
        """Refuse the first reference to an id its kind does not have (in the file or in ``known``)."""
        cache: dict[str, Collection[str]] = {}
        for kind, value, key in self._refs:
            if kind not in cache:
                given = self.known.get(kind, ())
                cache[kind] = set(given() if callable(given) else given) | set(self.ids.get(kind, {}))
            if value not in cache[kind]:
                valid = sorted(cache[kind])
                shown = ", ".join(valid[:20]) + (", …" if len(valid) > 20 else "")
                raise self.refuse(key, value, f"no {kind} has this id; the {kind} ids are: {shown or 'none'}")
        self._refs.clear()

    # -- parts --------------------------------------------------------------------------------------------

    def _dataclass(self, cls: type, raw: Any, key: Key, fixed: Mapping[str, Any], defaults: Mapping[str, Any]) -> Any:
        if not isinstance(raw, dict):
            raise self.refuse(key, raw, f"a table ({cls.__name__}), not {_kind(raw)}")
        schema = _schema(cls)
        readable = {f.name for f, _, rule in schema if rule.in_file and f.name not in fixed}
        for name, value in raw.items():
            if name not in readable:
                raise self.refuse(key + (name,), value, f"no such field; the fields are {', '.join(sorted(readable))}")
        values: dict[str, Any] = dict(fixed)
        for f, hint, rule in schema:
            if f.name not in readable:
                continue
            where = key + (f.name,)
            if f.name not in raw:
                if f.name in defaults:
                    values[f.name] = defaults[f.name]
                elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                    raise self.refuse(where, None, f"required ({_name(hint)})")
                continue
            value = self.value(hint, raw[f.name], where, rule)
            if rule.identifier:
                self._declare(rule.identifier, value, where)
            values[f.name] = value
        try:
            return cls(**values)
        except InvalidInput as error:
            raise self.refuse(key + (error.field,), error.value, error.reason) from None

    def _declare(self, kind: str, value: str, key: Key) -> None:
        seen = self.ids.setdefault(kind, {})
        if value in seen:
            raise self.refuse(key, value, f"a second {kind} with this id (first at {seen[value]})")
        seen[value] = key_text(key)

    def _count(self, raw: list[Any] | dict[str, Any], key: Key, rule: Rule) -> None:
        most = rule.most if rule.most is not None else MOST
        if len(raw) > most:
            raise self.refuse(key, f"{len(raw)} entries", f"at most {most} entries")

    def _bounded(self, value: Any, key: Key, rule: Rule, low: float, high: float) -> Any:
        low = rule.low if rule.low is not None else low
        high = rule.high if rule.high is not None else high
        if not low <= value <= high:
            raise self.refuse(key, value, f"from {low} to {high}")
        return value

    def _fraction(self, raw: Any, key: Key) -> Fraction:
        if isinstance(raw, int) and not isinstance(raw, bool):
            return Fraction(raw)
        if isinstance(raw, str) and re.fullmatch(r"\s*-?\d{1,12}\s*(/\s*\d{1,12}\s*)?", raw):
            numerator, _, denominator = raw.partition("/")
            if denominator and int(denominator) == 0:
                raise self.refuse(key, raw, "a fraction with a denominator of 0")
            return Fraction(int(numerator), int(denominator or 1))
        raise self.refuse(key, raw, "a whole number or a fraction text such as \"1/6\"")

    def _text(self, raw: Any, key: Key, rule: Rule) -> str:
        if not isinstance(raw, str):
            raise self.refuse(key, raw, f"a text, not {_kind(raw)}")
        if not raw and not rule.empty:
            raise self.refuse(key, raw, "a non-empty text")
        if len(raw) > LONGEST:
            raise self.refuse(key, f"{raw[:40]}… ({len(raw)} characters)", f"at most {LONGEST} characters")
        if rule.one_of is not None and raw not in rule.one_of:
            raise self.refuse(key, raw, f"one of {', '.join(map(repr, rule.one_of))}")
        if rule.ref:
            self._refs.append((rule.ref, raw, key))
        return raw


def decode(cls: type[T], raw: Any, *, file: str | None = None, key: Key = (), known: Known | None = None) -> T:
    """``raw`` (a parsed TOML document, or a part of one at ``key``) decoded into the dataclass ``cls``, its
    references checked against its own ids and ``known``; refusals are ``DataError``s naming ``file``."""
    decoder = Decoder(file, known)
    result = decoder.value(cls, raw, key)
    decoder.check()
    return typing.cast(T, result)


def decode_text(cls: type[T], text: str, file: str | None = None, *, label: str = "TOML text",
                known: Known | None = None) -> tuple[T, Decoder]:
    """The TOML ``text`` decoded into the dataclass ``cls`` with its references checked, and the ``Decoder``,
    whose ``refuse`` names ``file`` for the checks a loader makes next. A syntax error names ``file`` (or
    ``label`` for a text that has none)."""
    decoder = Decoder(file, known)
    result = decoder.value(cls, parse_text(text, file or label))
    decoder.check()
    return typing.cast(T, result), decoder


def _frozen(raw: Any) -> Any:
    if isinstance(raw, dict):
        return FrozenMap((k, _frozen(v)) for k, v in raw.items())
    if isinstance(raw, list):
        return tuple(_frozen(v) for v in raw)
    return raw


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")


def walk(value: Any) -> Iterator[Any]:
    """Every value inside ``value`` (dataclass fields, tuple and mapping entries), ``value`` first."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from walk(getattr(value, f.name))
    elif isinstance(value, (tuple, frozenset)):
        for v in value:
            yield from walk(v)
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from walk(v)
