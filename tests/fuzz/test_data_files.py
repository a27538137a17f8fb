"""Every shipped data file mutated one step, loaded through its public loader: a typed error, never an
untyped one, a hang, or a silently accepted unknown field, duplicate, dangling reference, wrong type or absurd
count."""

import pytest
from fuzzing import KINDS, data_files, mutant_verdict, mutations, shipped, shipped_names, toml_text

PER_KIND = 40  # the first mutations of each kind in file order (the large run takes them all)

# Defects found in other wings' loaders, expected to fail until their owners fix them (strict: a fix flips it).
KNOWN = {
    'seti/solo_boards.toml: dangling reference': 'difficulty.0.board = "nowhere" (no board) accepted silently',
    'andromeda/rulebook.toml: delete a key': "source: KeyError: 'source'",
    'andromeda/rulebook.toml: wrong type': 'source.label of the wrong type accepted silently',
    'andromeda/rulebook.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'andromeda/rulebook.toml: duplicate id': 'core_module[4] (a duplicate entry) accepted silently',
    'andromeda/rulebook.toml: absurd count': 'core_module.0.gain.energy = 1000000000 accepted silently',
    'andromeda/sample_cards.toml: delete a key': "source: KeyError: 'source'",
    'andromeda/sample_cards.toml: wrong type': 'source.label of the wrong type accepted silently',
    'andromeda/sample_cards.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'andromeda/sample_cards.toml: duplicate id': 'module[18] (a duplicate entry) accepted silently',
    'andromeda/sample_cards.toml: absurd count': 'planet.0.cost.titanium = 1000000000 accepted silently',
    'seti/computer.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/computer.toml: absurd count': 'top.1.reward.publicity = 1000000000 accepted silently',
    'seti/example_cards.toml: wrong type': 'card.0.section of the wrong type accepted silently',
    'seti/example_cards.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/example_cards.toml: absurd count': 'card.0.price = 1000000000 accepted silently',
    'seti/gold_tiles.toml: wrong type': 'tile.0.id of the wrong type accepted silently',
    'seti/gold_tiles.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/gold_tiles.toml: duplicate id': 'tile[4] (a duplicate entry) accepted silently',
    'seti/gold_tiles.toml: absurd count': 'tile.0.a.values.0 = 1000000000 accepted silently',
    'seti/sample_cards.toml: wrong type': 'card.0.text of the wrong type accepted silently',
    'seti/sample_cards.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/sample_cards.toml: absurd count': 'copies = 1000000000 accepted silently',
    'seti/sectors.toml: wrong type': 'sector.0.source of the wrong type accepted silently',
    'seti/sectors.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/sectors.toml: absurd count': 'sector.0.slots = 1000000000 accepted silently',
    'seti/solar_system.toml: wrong type': 'layout.name of the wrong type accepted silently',
    'seti/solo_actions.toml: wrong type': 'card.0.sample of the wrong type accepted silently',
    'seti/solo_actions.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/solo_actions.toml: absurd count': 'card.0.actions.1.rewards.publicity = 1000000000 accepted silently',
    'seti/solo_boards.toml: delete a key': "difficulty.0.board: KeyError: 'board'",
    'seti/solo_boards.toml: wrong type': 'difficulty.0.board of the wrong type accepted silently',
    'seti/solo_boards.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/solo_boards.toml: duplicate id': 'board[4] (a duplicate entry) accepted silently',
    'seti/solo_boards.toml: absurd count': 'difficulty.0.objectives.0 = 1000000000 accepted silently',
    'seti/solo_objectives.toml: wrong type': 'objective.0.sample of the wrong type accepted silently',
    'seti/solo_objectives.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/species_sample.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/species_sample.toml: duplicate id': 'species[2] (a duplicate entry) accepted silently',
    'seti/species_sample.toml: absurd count': 'species.0.discovery_reward.vp = 1000000000 accepted silently',
    'seti/techs.toml: unknown field': '(top).prcie (an unknown field) accepted silently',
    'seti/techs.toml: absurd count': 'tech.4.bonus.data = 1000000000 accepted silently',

}


def cases() -> list:
    found = []
    for file in data_files():
        for kind in KINDS:
            label = f"{file[0].split('.')[1]}/{file[1]}: {kind}"
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN[label])] if label in KNOWN else []
            found.append(pytest.param(file, kind, id=label, marks=marks))
    return found


# engine/citations.py reads each wing's sections.toml from the package folder only: no loader takes a text.
WITHOUT_A_TEXT_LOADER = {(f"tabletoolkit.{wing}", "sections.toml") for wing in ("andromeda", "merchants", "seti")}


def test_every_shipped_data_file_has_a_loader_here():
    assert set(shipped_names()) - set(data_files()) == WITHOUT_A_TEXT_LOADER
    assert set(data_files()) <= set(shipped_names())


@pytest.mark.parametrize("file, kind", cases())
def test_a_data_file_mutated_one_step_is_refused_with_a_typed_error(file, kind):
    document = shipped(file)
    faults = []
    for index, (where, mutated) in enumerate(mutations(document, kind)):
        if index == PER_KIND:
            break
        verdict, detail = mutant_verdict(file, kind, toml_text(mutated))
        if verdict not in ("typed", "ok"):
            faults.append(f"{where}: {verdict} {detail}")
    assert not faults, f"{len(faults)} of the mutations: " + "; ".join(faults[:3])
