"""The wing's shipped data files, read once, and the read-only mapping frozen states hold."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, Iterator


@cache
def read_data(name: str) -> str:
    """The text of a data file shipped in ``tabletoolkit/seti/data``."""
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")


class ReadOnlyMap(Mapping):
    """A read-only mapping (a frozen state's table of cards, a tile's sides, the solo material) that, unlike
    ``types.MappingProxyType``, pickles: whole-game states holding it are copied and compared."""

    __slots__ = ("_data",)
    _data: dict[Any, Any]

    def __init__(self, data: Any = ()):
        object.__setattr__(self, "_data", dict(data))

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"mappingproxy({self._data!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __or__(self, other: Mapping) -> "ReadOnlyMap":
        """A new read-only mapping with ``other``'s entries added (``cards | {"X": card}``)."""
        return ReadOnlyMap({**self._data, **other})

    def __reduce__(self) -> Any:
        return (ReadOnlyMap, (self._data,))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a read-only mapping")
