"""The wing's shipped data files, read once by name from ``tabletoolkit/seti/data`` (never a path)."""

from __future__ import annotations

from functools import cache

from ..engine.decode import read_packaged


@cache
def read_data(name: str) -> str:
    """The text of a data file shipped in ``tabletoolkit/seti/data``; any other name is an ``InvalidInput``."""
    return read_packaged(__package__, name)
