"""The rival agency's own board: progress track, action deck, computer, publicity, VP and stored techs.

Everything here changes the rival only; what it does on the shared board goes through the table
(``solo.table``). Resources are never kept: each credit, energy, card or alien card is one progress
step, the chart icon four (单人游戏 · 对手资源).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from ...engine.frozen import replace
from typing import Any, Mapping

from ...engine import svg as draw
from ...engine.errors import IllegalAction, InvalidInput
from ...engine.rng import Rng
from ..variant import RULEBOOK, SetiVariant
from .data import TECH_TYPES, RivalBoard, SoloMaterial, material

RIVAL_RESOURCES = ("credits", "energy", "card", "alien_card")


@dataclass(frozen=True)
class Rival:
    """The rival's holdings. ``progress`` counts every step taken (its space is ``progress % len(track)``).

    ``deck`` lists action cards top first; ``advanced_pool`` is the shuffled stack of advanced cards it
    may still gain; ``computer`` how many of its 6 slots hold data; ``pool`` its unlimited data pool;
    ``techs`` the tech tiles stored on its board; ``gold`` the gold tiles whose first space it claimed.
    """

    stars: int
    board: RivalBoard
    deck: tuple[str, ...]
    advanced_pool: tuple[str, ...]
    discard: tuple[str, ...] = ()
    revealed: str | None = None
    removed: tuple[str, ...] = ()
    progress: int = 0
    publicity: int = 4
    score: int = 2
    computer: int = 0
    pool: int = 0
    techs: tuple[str, ...] = ()
    gold: tuple[str, ...] = ()
    colour: str = "white"

    @property
    def space(self) -> int:
        """The progress space the marker stands on."""
        return self.progress % len(self.board.track)

    @property
    def cards(self) -> tuple[str, ...]:
        """Every action card it owns (deck, the revealed card, discard)."""
        return self.deck + ((self.revealed,) if self.revealed else ()) + self.discard

    @property
    def computer_full(self) -> bool:
        return self.computer == len(self.board.computer)

    def techs_of(self, kind: str) -> tuple[str, ...]:
        """Stored techs of one type: ``"probe"``, ``"telescope"`` or ``"computer"``."""
        return tuple(t for t in self.techs if TECH_TYPES[t[:2]] == kind)

    def _repr_svg_(self) -> str:
        return rival_svg(self)


def setup_rival(stars: int, rng: Rng, *, start_score: int = 2, source: SoloMaterial | None = None) -> Rival:
    """The rival for a difficulty: its board, the 4 basic cards shuffled (plus one random advanced card
    from 3 stars) and the other advanced cards shuffled aside (单人游戏 · 设置 / 对手行动牌库)."""
    source = source or material()
    if stars not in source.difficulties:
        raise InvalidInput("stars", stars, "difficulty is 1 to 5 stars")
    if start_score not in (1, 2):
        raise InvalidInput("start_score", start_score, "the start player scores 1, the other 2 (S-F21)")
    difficulty = source.difficulties[stars]
    advanced = rng.shuffled(source.advanced_cards())
    extra, pool = advanced[: difficulty.advanced_cards_at_start], advanced[difficulty.advanced_cards_at_start:]
    deck = rng.shuffled(source.basic_cards() + extra)
    return Rival(stars, source.boards[difficulty.board], deck, pool, score=start_score)


def advance(rival: Rival, steps: int) -> tuple[Rival, list[str]]:
    """Move the progress marker ``steps`` spaces clockwise; each "+" crossed puts the top advanced card
    on top of the deck for good (单人游戏 · 对手资源 · 进度轨道)."""
    if not isinstance(steps, int) or steps < 0:
        raise InvalidInput("steps", steps, "progress steps are a whole number, 0 or more")
    notes = []
    deck, pool = rival.deck, rival.advanced_pool
    size = len(rival.board.track)
    for step in range(rival.progress + 1, rival.progress + steps + 1):
        if step % size in rival.board.plus_before:
            if pool:
                deck, pool = (pool[0],) + deck, pool[1:]
                notes.append(f"The marker crosses a \"+\": advanced card {deck[0]} goes on top of the rival's deck for good.")
            else:
                notes.append("The marker crosses a \"+\", but no advanced card is left.")
    moved = replace(rival, progress=rival.progress + steps, deck=deck, advanced_pool=pool)
    if steps:
        notes.insert(0, f"Progress +{steps}: space {rival.space} → {moved.space}.")
    return moved, notes


def gain(rival: Rival, rewards: Mapping[str, Any], variant: SetiVariant = RULEBOOK) -> tuple[Rival, list[str], list[tuple[str, Any]]]:
    """Give the rival ``rewards``. Returns the rival, what happened in words, and what the table must
    resolve (``trace``, ``signal``) which the rival's own board cannot."""
    notes: list[str] = []
    table_items: list[tuple[str, Any]] = []
    steps = 0
    for key, amount in rewards.items():
        if key == "vp":
            rival = replace(rival, score=rival.score + amount)
            notes.append(f"+{amount} VP (now {rival.score}).")
        elif key == "publicity":
            new = min(variant.publicity_cap, rival.publicity + amount)
            notes.append(f"+{new - rival.publicity} publicity (now {new}" + (", capped" if new - rival.publicity < amount else "") + ").")
            rival = replace(rival, publicity=new)
        elif key in RIVAL_RESOURCES:
            steps += amount
            notes.append(f"{amount} {key.replace('_', ' ')} become{'s' if amount == 1 else ''} {amount} progress.")
        elif key == "chart":
            steps += variant.solo_chart_steps * amount
            notes.append(f"The chart icon{'s' if amount > 1 else ''}: {variant.solo_chart_steps * amount} progress.")
        elif key == "progress":
            steps += amount
        elif key == "data":
            rival, data_notes = add_data(rival, amount, variant)
            notes.extend(data_notes)
        else:
            table_items.append((key, amount))
    if steps:
        rival, moved = advance(rival, steps)
        notes.extend(moved)
    return rival, notes, table_items


def add_data(rival: Rival, amount: int, variant: SetiVariant = RULEBOOK) -> tuple[Rival, list[str]]:
    """Data goes straight into the computer, left to right, each covered slot paying its reward; once
    full, into the unlimited pool (单人游戏 · 对手的计算机)."""
    notes = []
    for _ in range(amount):
        if rival.computer_full:
            rival = replace(rival, pool=rival.pool + 1)
            notes.append(f"The computer is full: 1 data to the pool (now {rival.pool}).")
            continue
        slot = rival.computer
        rival = replace(rival, computer=slot + 1)
        reward = rival.board.computer[slot]
        if reward:
            rival, gained, _ = gain(rival, reward, variant)
            notes.append(f"Data covers computer slot {slot + 1}: " + " ".join(gained))
        else:
            notes.append(f"Data fills computer slot {slot + 1}.")
    return rival, notes


def reveal(rival: Rival) -> Rival:
    """Turn the top action card face up (the previous one goes to the discard, S-R8)."""
    if not rival.deck:
        raise InvalidInput("deck", rival.deck, "the rival's deck is empty: it passes instead")
    discard = rival.discard + ((rival.revealed,) if rival.revealed else ())
    return replace(rival, deck=rival.deck[1:], revealed=rival.deck[0], discard=discard)


def new_round_deck(rival: Rival, rng: Rng, variant: SetiVariant = RULEBOOK) -> Rival:
    """All its action cards shuffled into a new deck at the start of a round (S-R8); with the
    alternative flag only the discard is shuffled, under what is left of the deck."""
    if variant.solo_reshuffle_each_round:
        return replace(rival, deck=rng.shuffled(rival.cards), discard=(), revealed=None)
    used = rival.discard + ((rival.revealed,) if rival.revealed else ())
    return replace(rival, deck=rival.deck + rng.shuffled(used), discard=(), revealed=None)


def replace_revealed(rival: Rival, card_id: str) -> Rival:
    """A species-discovery card leaves the game; the species' special card takes its place (物种发现)."""
    return replace(rival, revealed=card_id, removed=rival.removed + ((rival.revealed,) if rival.revealed else ()))


TECH_INK = {"PT": "orange", "TT": "pink", "CT": "blue"}
"""The colour of each tech type's icons on the rival's progress ring (names of the one palette, ``engine.svg``)."""


def _reward_words(reward: Mapping[str, int]) -> str:
    return ", ".join(f"{value} {name}" for name, value in reward.items())


def rival_svg(rival: Rival) -> str:
    """The progress ring (tech icons, "+" icons, the marker) and the computer, with the rival's score and
    cards beside them. Type 13 px and more, every label whole (engine.svg)."""
    centre, radius, left, size = 200, 150, 420, 14
    track = rival.board.track
    parts: list[draw.Element] = [draw.circle(centre, centre, radius, fill="none", stroke="muted", stroke_width=2)]
    for index, tech in enumerate(track):
        angle = 2 * math.pi * index / len(track) - math.pi / 2
        x, y = centre + radius * math.cos(angle), centre + radius * math.sin(angle)
        if tech:
            parts.append(draw.circle(x, y, 18, fill=TECH_INK.get(tech[:2], "grey"), stroke="ink"))
            parts.append(draw.text(x, y + 5, tech, anchor="middle", font_size=13, font_weight="bold", fill="white"))
        else:
            parts.append(draw.circle(x, y, 8, fill="faint", stroke="ink"))
        if index in rival.board.plus_before:
            before = 2 * math.pi * (index - 0.5) / len(track) - math.pi / 2
            px, py = centre + (radius + 30) * math.cos(before), centre + (radius + 30) * math.sin(before)
            parts.append(draw.text(px, py + 7, "+", anchor="middle", font_size=22, font_weight="bold"))
        if index == rival.space:
            parts.append(draw.circle(x, y, 23, fill="none", stroke="black", stroke_width=3))
    parts.append(draw.text(centre, centre - 16, f"{rival.stars}★ rival", anchor="middle", font_size=20, font_weight="bold"))
    parts.append(draw.text(centre, centre + 10, f"{rival.score} VP · {rival.publicity} publicity", anchor="middle", font_size=16))
    parts.append(draw.text(centre, centre + 32, f"progress {rival.progress}", anchor="middle", font_size=15))
    labels = [_reward_words(reward) for reward in rival.board.computer]
    column = max([56.0] + [draw.text_width(word, 13) + 10 for label in labels for word in label.split()])
    panel = max(len(labels) * column, 420.0)
    parts.append(draw.text(left, 30, f"Computer (pool: {rival.pool})", font_size=16, font_weight="bold"))
    lowest = 0.0
    for slot, label in enumerate(labels):
        x = left + column * (slot + 0.5)
        parts.append(draw.circle(x, 62, 16, fill="sky" if slot < rival.computer else "white", stroke="ink"))
        for n, line_text in enumerate(draw.wrapped(label, column - 6, 13) if label else ()):
            parts.append(draw.text(x, 96 + 17 * n, line_text, anchor="middle", font_size=13))
            lowest = max(lowest, 96 + 17 * n)
    y = max(lowest, 96) + 34
    for line_text in (f"Techs: {', '.join(rival.techs) or 'none'}",
                      f"Deck {len(rival.deck)} · discard {len(rival.discard)} · revealed {rival.revealed or '–'}",
                      f"Gold first spaces: {', '.join(rival.gold) or 'none'}"):
        for wrapped in draw.wrapped(line_text, panel, size):
            parts.append(draw.text(left, y, wrapped, font_size=size))
            y += 20
        y += 4
    height = max(2 * centre, y + 10)
    return draw.svg(left + panel + 10, height, *parts, class_="tt-seti-rival", font_family="sans-serif", font_size=size,
                    fill="ink").render()


SECTION_ANALYZE = "单人游戏 · 对手的行动 · 分析"


def analyze(rival: Rival, card_rewards: Mapping[str, Any], variant: SetiVariant = RULEBOOK) -> tuple[Rival, list[str], list[tuple[str, Any]]]:
    """Only with a full computer: clear it, gain the card's rewards and its board's icon, move pool
    data into the computer gaining the covered rewards, then discard at most one computer tech for
    3 VP and 1 progress (S-F23). Returns the rival, the notes and what the table must resolve."""
    if not rival.computer_full:
        raise IllegalAction("seti.solo.analyze_not_full",
                            f"its computer is not full ({rival.computer} of {len(rival.board.computer)} slots)", SECTION_ANALYZE)
    rival = replace(rival, computer=0)
    notes = ["The computer is cleared (the pool stays)."]
    table_items: list[tuple[str, Any]] = []
    for what, rewards in (("card", card_rewards), ("board icon", rival.board.analyze_icon)):
        if rewards:
            rival, gained, wanted = gain(rival, rewards, variant)
            owed = [f"a {'wildcard' if v == 'any' else v} life trace." for k, v in wanted if k == "trace"]
            notes.append(f"The {what}: " + " ".join(gained + owed))
            table_items.extend(wanted)
    moving = min(rival.pool, len(rival.board.computer))
    if moving:
        rival = replace(rival, pool=rival.pool - moving)
        notes.append(f"{moving} data move from the pool into the computer:")
        rival, placed = add_data(rival, moving, variant)
        notes.extend(placed)
    computer_techs = rival.techs_of("computer")
    if computer_techs:
        techs = list(rival.techs)
        techs.remove(computer_techs[0])
        rival = replace(rival, techs=tuple(techs))
        rival, gained, _ = gain(rival, {"vp": variant.solo_computer_tech_vp, "progress": 1}, variant)
        notes.append(f"It discards computer tech {computer_techs[0]} (only one): " + " ".join(gained))
    return rival, notes, table_items
