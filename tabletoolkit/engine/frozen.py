"""A fast ``replace`` for the frozen dataclasses that hold game states.

``dataclasses.replace`` goes through ``__init__`` field by field; whole games call it tens of thousands of
times. This ``replace`` copies the fields directly for classes without ``__post_init__`` (which have
nothing to check) and leaves out values cached on the instance (``functools.cached_property``), which
belong to the old state; classes with ``__post_init__`` go through ``dataclasses.replace`` as before.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")
_FIELDS: dict[type, frozenset[str]] = {}


def _fields(cls: type) -> frozenset[str]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return found


def replace(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` (unknown names raise ``TypeError``, as
    ``dataclasses.replace`` does)."""
    cls = type(obj)
    if hasattr(cls, "__post_init__"):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    names = _fields(cls)
    if not names.issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(changes) - names)[0]!r}")
    old = obj.__dict__
    values = old.copy() if len(old) == len(names) else {name: old[name] for name in names}
    values.update(changes)
    new = object.__new__(cls)
    object.__setattr__(new, "__dict__", values)
    return new
