"""Data files: TOML parsed with syntax errors turned into ``InvalidInput`` naming the file."""

from __future__ import annotations

import tomllib
from typing import Any

from .errors import InvalidInput


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML ``text``; a syntax error raises ``InvalidInput`` with ``source`` as its field."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise InvalidInput(source, str(error), "not valid TOML") from None
