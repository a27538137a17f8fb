"""The wing's shipped data files, read once."""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def read_data(name: str) -> str:
    """The text of a data file shipped in ``tabletoolkit/seti/data``."""
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
