"""Alien species as pluggable data: the rulebook hides their rules until discovery.

A ``Species`` names the reward each discovery-space marker earns when it is discovered and the trace
spaces its own board offers afterwards (发现外星物种, 深入研究). The shipped ``species_sample.toml`` is
invented and labelled so; real species data goes in a file of the same format.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from ..engine.frozen import replace

from ..engine.errors import InvalidInput
from ..engine.data import parse_toml
from .cards import Card, parse_card
from .data_files import read_data
from .rewards import TRACE_COLOURS, Reward


@dataclass(frozen=True)
class SpeciesSpace:
    """A trace space on a species board: the trace colours it takes and its reward."""

    colours: tuple[str, ...]
    reward: Reward

    @property
    def label(self) -> str:
        return "/".join(self.colours)


@dataclass(frozen=True)
class Species:
    id: str
    name: str
    sample: bool
    rules: str
    discovery_reward: Reward
    spaces: tuple[SpeciesSpace, ...]
    final_vp_per_trace: int = 0  # a species' own final-scoring step (游戏结束): VP per trace marked for it
    cards: tuple[Card, ...] = ()  # its alien-card deck, top first (the same card model, ``alien`` set)


def load_species(text: str | None = None) -> tuple[Species, ...]:
    """Species from TOML text (default: the labelled sample); bad entries raise ``InvalidInput``."""
    if text is None:
        return _shipped_species()
    raw = parse_toml(text, "species file")
    found = []
    for index, entry in enumerate(raw.get("species", [])):
        where = f"species[{index}]"
        for key in ("id", "name", "rules"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise InvalidInput(f"{where}.{key}", entry.get(key), "a non-empty text")
        if not isinstance(entry.get("sample", False), bool):
            raise InvalidInput(f"{where}.sample", entry["sample"], "true or false")
        spaces = []
        for number, space in enumerate(entry.get("spaces", [])):
            colours = tuple(str(space.get("colour", "")).split("|"))
            if not colours or any(colour not in TRACE_COLOURS for colour in colours):
                raise InvalidInput(f"{where}.spaces[{number}].colour", space.get("colour"),
                                   f"trace colours {TRACE_COLOURS}, several joined with '|'")
            spaces.append(SpeciesSpace(colours, Reward.parse(space.get("reward"), f"{where}.spaces[{number}].reward")))
        final = entry.get("final_vp_per_trace", 0)
        if not isinstance(final, int) or isinstance(final, bool) or final < 0:
            raise InvalidInput(f"{where}.final_vp_per_trace", final, "a whole number of VP, 0 or more")
        raw_cards = entry.get("card", [])
        if not isinstance(raw_cards, list):
            raise InvalidInput(f"{where}.card", raw_cards, "[[species.card]] entries: the species' alien cards")
        cards = tuple(replace(parse_card(card, f"{where}.card[{n}]", entry.get("sample", False), 1), alien=True)
                      for n, card in enumerate(raw_cards))
        found.append(Species(entry["id"], entry["name"], entry.get("sample", False), entry["rules"],
                             Reward.parse(entry.get("discovery_reward"), f"{where}.discovery_reward"), tuple(spaces),
                             final, cards))
    if len(found) < 2:
        raise InvalidInput("species", len(found), "a game hides two species: the file needs at least two")
    return tuple(found)


@cache
def _shipped_species() -> tuple[Species, ...]:
    return load_species(read_data("species_sample.toml"))
