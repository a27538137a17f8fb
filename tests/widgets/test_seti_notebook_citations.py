"""The SETI lessons cite the rulebook by headings a reader finds in the transcription, each with its gloss."""

import re
import tomllib
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("seti_*.ipynb"))
HEADINGS = tomllib.loads((ROOT / "tabletoolkit" / "seti" / "data" / "sections.toml").read_text(encoding="utf-8"))
#: Not headings of the transcription: the play-a-card text sits under a misprinted second 分析数据 (p. 15), and
#: the multiplayer game end under the page-21 heading 发现外星物种; 游戏结束 is a heading of the solo rules only.
NOT_HEADINGS = ("打出卡牌",)
CJK = "\u3400-\u9fff"
#: A cited heading (parts joined by " · ", a set-up item number allowed) followed by its *gloss*; a quotation
#: of the text ("p. 15: …", or after a heading's gloss: "主行动 *Main actions*: 打出一张卡…") is not a heading.
GLOSSED = re.compile(rf"(?<![{CJK}0-9])(?<!p\. 15: )(?<!p\. 21: )(?<!\*: )(?<!\*:\n)((?:[0-9]+ )?[{CJK}][{CJK}0-9 /（）]*) \*([^*]+)\*")


def markdown(path: Path) -> str:
    return "\n".join(cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_every_glossed_citation_is_a_heading_of_the_transcription(path):
    cited = [heading.strip() for heading, _ in GLOSSED.findall(markdown(path))]
    assert cited, f"{path.name} cites no rulebook heading"
    unknown = sorted({heading for heading in cited if heading not in HEADINGS["headings"]})
    assert not unknown, f"{path.name}: not headings of {HEADINGS['transcription']}: {unknown}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_no_lesson_cites_a_heading_the_transcription_lacks(path):
    text = markdown(path)
    assert not [heading for heading in NOT_HEADINGS if heading in text]
    if path.name != "seti_solo_rival.ipynb":  # 游戏结束 is the solo rules' heading
        assert "(游戏结束" not in text and "游戏结束)" not in text


def test_the_glossary_headings_are_lines_of_the_transcription_where_it_is_at_hand():
    transcription = ROOT.parent / "shared" / "rules" / HEADINGS["transcription"]
    if not transcription.exists():
        pytest.skip("the rulebook transcription is not beside this checkout")
    lines = [line.strip() for line in transcription.read_text(encoding="utf-8").splitlines()]
    cited = {heading.strip() for path in NOTEBOOKS for heading, _ in GLOSSED.findall(markdown(path))}
    # a heading line may carry the transcriber's note in brackets: 旋转太阳系（蓝底说明框）
    missing = [heading for heading in cited if not any(line == heading or line.startswith(heading + "（") for line in lines)]
    assert not missing, sorted(missing)
