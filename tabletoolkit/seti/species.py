"""Alien species as pluggable data: the rulebook hides their rules until discovery.

A ``Species`` names the reward each discovery-space marker earns when it is discovered and the trace
spaces its own board offers afterwards (发现外星物种, 深入研究). The shipped ``species_sample.toml`` is
invented and labelled so; real species data goes in a file of the same format.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated

from ..engine.decode import decode_text, identifier, items, whole
from ..engine.frozen import replace
from .cards import MOST_CARDS, Card
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


@dataclass(frozen=True)
class _SpaceEntry:
    colour: str  # a trace colour, or several joined with "|" ("pink|yellow": either)
    reward: Reward = Reward()


@dataclass(frozen=True)
class _SpeciesEntry:
    """A ``[[species]]`` of a species file; its ``[[species.card]]`` entries are its alien cards."""

    id: Annotated[str, identifier("species")]
    name: str
    rules: str
    sample: bool = False
    discovery_reward: Reward = Reward()
    spaces: Annotated[tuple[_SpaceEntry, ...], items(most=30)] = ()  # a stated limit: one species board's spaces
    final_vp_per_trace: Annotated[int, whole(0, 99)] = 0
    # alien cards: invented as their species is (set below)
    card: Annotated[tuple[Card, ...], items(most=MOST_CARDS, fixed={"alien": True, "sample": False})] = ()


@dataclass(frozen=True)
class _SpeciesFile:
    species: Annotated[tuple[_SpeciesEntry, ...], items(most=5)]  # the five species (发现外星物种)


def load_species(text: str | None = None, file: str | None = None) -> tuple[Species, ...]:
    """Species from TOML text (default: the labelled sample), decoded by ``engine.decode``: a bad entry
    raises a ``DataError`` naming ``file`` (when given), the key and the value."""
    if text is None:
        return _shipped_species()
    found, decoder = decode_text(_SpeciesFile, text, file, label="species")
    species = []
    for index, entry in enumerate(found.species):
        spaces = []
        for number, space in enumerate(entry.spaces):
            colours = tuple(space.colour.split("|"))
            if any(colour not in TRACE_COLOURS for colour in colours):
                raise decoder.refuse(("species", index, "spaces", number, "colour"), space.colour,
                                     f"trace colours {TRACE_COLOURS}, several joined with '|'")
            spaces.append(SpeciesSpace(colours, space.reward))
        cards = tuple(replace(card, sample=entry.sample) for card in entry.card)
        species.append(Species(entry.id, entry.name, entry.sample, entry.rules, entry.discovery_reward, tuple(spaces),
                               entry.final_vp_per_trace, cards))
    if len(species) < 2:
        raise decoder.refuse(("species",), len(species), "a game hides two species: the file needs at least two")
    return tuple(species)


@cache
def _shipped_species() -> tuple[Species, ...]:
    return load_species(read_data("species_sample.toml"), "species_sample.toml")
