"""Citations read by people: every heading glossed in English and findable in its transcription."""

import os
import re
from pathlib import Path

import pytest

import tabletoolkit
from tabletoolkit.engine.citations import (
    citation_html, citation_text, clauses, gloss, is_rulebook_heading, missing_headings, tables,
)
from tabletoolkit.engine.errors import InvalidInput

#: The rulebook transcriptions (not shipped with the package); the transcription checks skip without them.
RULES = Path(os.environ.get("TT_RULES", "/work/shared/rules"))
BOX_NOTE = re.compile(r"（[^（）]*框）$")
#: Phases whose section names a heading the transcription does not have; the wing's owner fixes the citation.
NOT_A_HEADING = {
}


def test_a_citation_reads_in_english_beside_its_own_words():
    assert gloss("战斗 · 步骤 4 投掷骰子") == "Battle · Step 4: Roll the dice"
    assert citation_text("ベルト") == "ベルト — The Belt"
    assert gloss("单人游戏 · 任务; RULINGS S-F25") == "The solo game · Missions; RULINGS S-F25"
    assert gloss("战斗 · 步骤 4 投掷骰子 (S 级海盗; ruling A-R3)") == "Battle · Step 4: Roll the dice (S-class pirates; ruling A-R3)"
    assert gloss("游戏概述 · 回合结构") == "Game overview · The structure of a turn", "the table holding both"
    assert gloss("游戏概述", wing="andromeda") == "Game overview"
    assert gloss("RULINGS S-R3") == "RULINGS S-R3" and citation_text("RULINGS S-R3") == "RULINGS S-R3"
    assert citation_html("ドック") == ("<span class='tt-citation'><span class='tt-citation-heading' lang='ja'>ドック</span>"
                                       " — <span class='tt-citation-gloss'>The Dock</span></span>")


def test_a_heading_without_a_gloss_is_named_and_a_blank_citation_refused():
    assert gloss("ベルト · 未知の見出し") is None and missing_headings("ベルト · 未知の見出し") == ["未知の見出し"]
    with pytest.raises(InvalidInput):
        clauses("  ")


def test_every_wing_has_a_heading_table():
    assert {table.wing for table in tables()} == {"andromeda", "seti", "merchants"}


@pytest.mark.parametrize("phase", tabletoolkit.phases(), ids=lambda phase: phase.id)
def test_every_phase_citation_has_an_english_gloss(phase):
    assert missing_headings(phase.section, _wing(phase)) == [], "add the headings to the wing's data/sections.toml"
    assert gloss(phase.section, _wing(phase))


def _wing(phase) -> str | None:
    """The wing a phase id names (``odds.*`` phases name none: their table is found from the headings)."""
    first = phase.id.split(".")[0]
    return first if first in {table.wing for table in tables()} else None


def _transcription_lines(table) -> list[str]:
    path = RULES / table.transcription
    if not path.exists():
        pytest.skip(f"the transcription {path} is not here (set TT_RULES to its folder)")
    # a heading printed in a box carries the transcriber's note of the box: 旋转太阳系（蓝底说明框）
    return [BOX_NOTE.sub("", line.strip()) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("phase", [
    pytest.param(phase, marks=pytest.mark.xfail(strict=True, reason=NOT_A_HEADING[phase.id])) if phase.id in NOT_A_HEADING
    else phase for phase in tabletoolkit.phases()], ids=lambda phase: phase.id)
def test_every_section_a_phase_cites_is_a_heading_of_its_transcription(phase):
    from tabletoolkit.engine.citations import table_for

    table = table_for(phase.section, _wing(phase))
    lines = _transcription_lines(table)
    text = "\n".join(lines)
    for parts in clauses(phase.section):
        for heading, note in parts:
            if is_rulebook_heading(heading):
                assert heading in lines, f"{heading!r} is not a heading of {table.transcription}"
            if note and is_rulebook_heading(note):
                assert note in text, f"the note {note!r} is nowhere in {table.transcription}"


@pytest.mark.parametrize("table", tables(), ids=lambda table: table.wing)
def test_every_glossed_heading_occurs_in_its_transcription(table):
    text = "\n".join(_transcription_lines(table))
    # a compound such as "最终计分 步骤 2" (a step inside a heading) is found piece by piece
    absent = [heading for heading in table.glosses
              if heading not in text and not all(piece in text for piece in heading.replace("/", " ").split())]
    assert not absent, f"{table.wing}/data/sections.toml glosses words its transcription lacks: {absent}"
