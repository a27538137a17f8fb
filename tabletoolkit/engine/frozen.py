"""A fast ``replace`` for the frozen dataclasses that hold game states.

``dataclasses.replace`` goes through ``__init__`` field by field; whole games call it tens of thousands of
times. This ``replace`` copies the fields directly for classes without ``__post_init__`` (which have
nothing to check) and leaves out values cached on the instance (``functools.cached_property`` and
``cached``, its lock-free form), which belong to the old state; classes with ``__post_init__`` (or slots)
go through ``dataclasses.replace``.

``FrozenMap`` is the read-only, hashable mapping such states hold instead of a ``dict``.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property
from typing import Any, TypeVar

from .errors import InvalidInput

T = TypeVar("T")
# For each class: its field names, their count, and whether ``replace`` may copy them directly (no
# ``__post_init__``, no slots).
_CLASSES: dict[type, tuple[frozenset[str], int, bool]] = {}
# The classes copied directly: their field count, and what reads their fields alone out of an instance's ``__dict__``.
_DIRECT: dict[type, tuple[int, Callable[[dict[str, Any]], dict[str, Any]]]] = {}
_new = object.__new__
_set = object.__setattr__


def _class_info(cls: type) -> tuple[frozenset[str], int, bool]:
    found = _CLASSES.get(cls)
    if found is None:
        if not dataclasses.is_dataclass(cls):
            raise InvalidInput("obj", cls.__name__, "replace takes a frozen dataclass")
        names = frozenset(f.name for f in dataclasses.fields(cls))
        direct = not hasattr(cls, "__post_init__") and "__slots__" not in vars(cls)
        found = _CLASSES[cls] = (names, len(names), direct)
        if direct:
            _DIRECT[cls] = (len(names), _fields_reader(tuple(f.name for f in dataclasses.fields(cls))))
    return found


def _fields_reader(names: tuple[str, ...]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """A function reading the fields ``names`` alone out of an instance's ``__dict__`` into a new dict, written as
    one dict display (as ``dataclasses`` writes ``__init__``): several times faster than a loop over the names."""
    display = ", ".join(f"{name!r}: values[{name!r}]" for name in names)
    scope: dict[str, Any] = {}
    exec(f"def fields_of(values):\n    return {{{display}}}", scope)
    return typing.cast(Callable[[dict[str, Any]], dict[str, Any]], scope["fields_of"])


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` (an unknown name raises ``InvalidInput``)."""
    cls = type(obj)
    direct = _DIRECT.get(cls)
    if direct is not None:
        count = direct[0]
        old = obj.__dict__
        if len(old) == count:  # nothing cached on ``obj``: its values are its fields
            values = {**old, **changes}
        else:  # the fields alone: what ``obj`` has cached belongs to it
            values = direct[1](old)
            values.update(changes)
        if len(values) == count:  # an unknown name would have added a key
            new = _new(cls)
            _set(new, "__dict__", values)
            return new
    return _replaced(obj, changes)


def _replaced(obj: T, changes: dict[str, Any]) -> T:
    """``replace`` of a class met for the first time, with an unknown name, or of one that needs its ``__init__``
    (``__post_init__`` or slots)."""
    cls = type(obj)
    names, count, direct = _class_info(cls)
    if direct:
        old = obj.__dict__
        values = old.copy() if len(old) == count else {name: old[name] for name in names}
        values.update(changes)
        if len(values) == count:  # an unknown name would have added a key
            new = _new(cls)
            _set(new, "__dict__", values)
            return new
    if not names.issuperset(changes):
        unknown = sorted(set(changes) - names)[0]
        raise InvalidInput(unknown, changes[unknown], f"{cls.__name__} has no such field")
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


def replace_valid(obj: T, /, **changes: Any) -> T:
    """``replace`` for ``changes`` the caller keeps valid by construction (a marker of a player already checked, a
    part put back in its own place): the copy skips ``__post_init__``'s checks. Cached values are left out of the
    copy and an unknown name raises ``InvalidInput``, as in ``replace``."""
    cls = type(obj)
    names, count, _ = _CLASSES.get(cls) or _class_info(cls)
    old = obj.__dict__
    values = old.copy() if len(old) == count else {name: old[name] for name in names}
    values.update(changes)
    if len(values) != count:
        unknown = sorted(set(changes) - names)[0]
        raise InvalidInput(unknown, changes[unknown], f"{cls.__name__} has no such field")
    new = _new(cls)
    _set(new, "__dict__", values)
    return new


class cached(cached_property):
    """``functools.cached_property`` without the lock Python 3.11 takes on every first read: a state is an
    immutable value, so what is worked out of it is the same whoever works it out first. Like
    ``cached_property`` it stores the value on the instance (which ``replace`` leaves out of the copy)."""

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.attrname] = value
        return value


def last_asked(function: Callable[..., T]) -> Callable[..., T]:
    """``function`` of immutable values, remembering its last answer: asked again with the very same arguments
    (each the same object as last time), it answers without working it out again. Arguments are compared by
    identity, so an equal but other object only works the answer out afresh, never gets a wrong one."""
    last: list[Any] = [None, None]  # the last arguments and the answer to them

    @functools.wraps(function)
    def remembering(*arguments: Any) -> T:
        asked = last[0]
        if asked is None or len(asked) != len(arguments) or any(a is not b for a, b in zip(asked, arguments)):
            last[:] = [arguments, function(*arguments)]
        return last[1]

    return remembering


K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only, hashable mapping: a state or a catalog can hold it and no copy can change it.

    Equal to any mapping with the same items; ordered as given; ``FrozenMap(pairs)`` or ``FrozenMap(mapping)``.
    """

    __slots__ = ("_items", "_hash")
    _items: Mapping[K, V]
    _hash: int | None

    def __init__(self, items: Iterable[tuple[K, V]] | Mapping[K, V] = ()):
        try:
            mapping = dict(items)
        except InvalidInput:  # raised while making the items (a decoder's refusal)
            raise
        except (TypeError, ValueError):
            raise InvalidInput("items", items, "a mapping or (key, value) pairs with hashable keys") from None
        object.__setattr__(self, "_items", types.MappingProxyType(mapping))
        object.__setattr__(self, "_hash", None)

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash(frozenset(self._items.items())))
        return typing.cast(int, self._hash)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a FrozenMap cannot be changed")

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self._items)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (tuple(self._items.items()),))
