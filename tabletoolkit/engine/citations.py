"""Rulebook citations for people: each heading with an English gloss, and where to find it.

A citation is the rulebook's own headings, outer to inner, joined by ``" · "`` (``"战斗 · 步骤 4 投掷骰子"``),
optionally with a note in brackets (``"(ruling A-R3)"``) or a second source after ``"; "``. Each wing owns,
as data, a table of its transcription's headings with their glosses: ``<wing>/data/sections.toml``::

    transcription = "004_e29154ca7270391c.txt"   # the transcription the headings come from
    language = "ja"                              # for the lang attribute (CJK fonts)
    [headings]
    "ベルト" = "The Belt"

This module knows no game: it reads every ``tabletoolkit/*/data/sections.toml`` there is. Pass ``wing=`` where
the caller knows it; otherwise the table holding most of the citation's headings is used.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated
from functools import lru_cache
from pathlib import Path

from . import decode
from .errors import InvalidInput

SEPARATOR = " · "
_PACKAGE = Path(__file__).resolve().parent.parent
_NOTE = re.compile(r"^(?P<heading>.*?)\s*\((?P<note>[^()]*)\)$")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


@dataclass(frozen=True)
class Headings:
    """One wing's transcription headings and their English glosses."""

    wing: str
    transcription: str
    language: str
    glosses: Mapping[str, str]


@dataclass(frozen=True)
class _SectionsFile:
    """The shape of a ``sections.toml``: its transcription's file name, language and heading glosses."""

    transcription: Annotated[str, decode.text()]
    headings: Mapping[str, str]
    language: str = ""


@lru_cache(maxsize=None)
def tables() -> tuple[Headings, ...]:
    """Every wing's heading table (``tabletoolkit/<wing>/data/sections.toml``), by wing name."""
    found = []
    for path in sorted(_PACKAGE.glob("*/data/sections.toml")):
        name = f"{path.parent.parent.name}/data/sections.toml"
        data, _ = decode.decode_text(_SectionsFile, path.read_text(encoding="utf-8"), name)
        found.append(Headings(path.parent.parent.name, data.transcription, data.language, data.headings))
    return tuple(found)


def clauses(section: str) -> list[list[tuple[str, str]]]:
    """A citation split into its sources (``"; "``), each into (heading, note) parts outer to inner."""
    if not isinstance(section, str) or not section.strip():
        raise InvalidInput("section", section, "a rulebook citation: headings joined by ' · '")
    result = []
    for clause in _split_outside_brackets(section, "; "):
        parts = []
        for part in clause.split(SEPARATOR):
            found = _NOTE.match(part.strip())
            parts.append((found["heading"], found["note"]) if found else (part.strip(), ""))
        result.append(parts)
    return result


def _split_outside_brackets(text: str, separator: str) -> list[str]:
    pieces, depth, start, index = [], 0, 0, 0
    while index < len(text):
        char = text[index]
        depth += char == "("
        depth -= char == ")"
        if depth == 0 and text.startswith(separator, index):
            pieces.append(text[start:index])
            start = index = index + len(separator)
            continue
        index += 1
    pieces.append(text[start:])
    return [piece.strip() for piece in pieces if piece.strip()]


def table_for(section: str, wing: str | None = None) -> Headings | None:
    """The table of ``wing``, or else the one that holds most of the citation's headings (None if none does)."""
    if wing is not None:
        return next((table for table in tables() if table.wing == wing), None)
    headings = [heading for parts in clauses(section) for heading, _ in parts]
    scored = [(sum(heading in table.glosses for heading in headings), -index, table)
              for index, table in enumerate(tables())]
    best = max(scored, key=lambda score: score[:2], default=None)
    return best[2] if best and best[0] else None


def is_rulebook_heading(heading: str) -> bool:
    """A heading in the rulebook's own (CJK) words, as opposed to a ruling id such as ``RULINGS S-R3``."""
    return bool(_CJK.search(heading))


def _gloss_words(text: str, glosses: Mapping[str, str]) -> str:
    """A note's rulebook words glossed where the table knows them (``"S 级海盗; ruling A-R3"``)."""
    return "; ".join(glosses.get(piece, piece) for piece in _split_outside_brackets(text, "; "))


def gloss(section: str, wing: str | None = None) -> str | None:
    """The citation in English (``"Battle · Step 4: Roll the dice"``); None if a heading has no gloss."""
    table = table_for(section, wing)
    glosses = table.glosses if table else {}
    sources = []
    for parts in clauses(section):
        words = []
        for heading, note in parts:
            if is_rulebook_heading(heading):
                if heading not in glosses:
                    return None
                heading = glosses[heading]
            words.append(heading + (f" ({_gloss_words(note, glosses)})" if note else ""))
        sources.append(SEPARATOR.join(words))
    return "; ".join(sources)


def missing_headings(section: str, wing: str | None = None) -> list[str]:
    """The citation's rulebook headings that its wing's table does not hold."""
    table = table_for(section, wing)
    glosses = table.glosses if table else {}
    return [heading for parts in clauses(section) for heading, _ in parts
            if is_rulebook_heading(heading) and heading not in glosses]


def citation_text(section: str, wing: str | None = None) -> str:
    """``"战斗 · 步骤 4 投掷骰子 — Battle · Step 4: Roll the dice"``, or the section alone without a gloss."""
    english = gloss(section, wing)
    return f"{section} — {english}" if english and english != section else section


def citation_html(section: str, wing: str | None = None) -> str:
    """The citation in its own script (``lang`` set, for CJK fonts) with its English gloss beside it.

    Hooks: ``tt-citation`` (the whole), ``tt-citation-heading`` (the rulebook's words), ``tt-citation-gloss``.
    """
    table = table_for(section, wing)
    english = gloss(section, wing)
    lang = f" lang='{table.language}'" if table and table.language else ""
    shown = f"<span class='tt-citation-heading'{lang}>{html.escape(section)}</span>"
    if english and english != section:
        shown += f" — <span class='tt-citation-gloss'>{html.escape(english)}</span>"
    return f"<span class='tt-citation'>{shown}</span>"
