"""Every shipped data file mutated one step, loaded through its public loader: a typed error naming the file
and the key, never an untyped one, a hang, or a silently accepted unknown field, duplicate, dangling
reference, wrong type or absurd count; and the content loaded from the shipped files holds no mutable part."""

import pytest
from fuzzing import KINDS, content_mutable_parts, data_files, mutant_verdict, mutations, shipped, shipped_names, toml_text

PER_KIND = 40  # the first mutations of each kind in file order (the large run takes them all)

# Defects found in a loader, expected to fail until its owner fixes them (strict: a fix flips the case).
KNOWN: dict[str, str] = {}


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


def test_the_content_every_game_shares_holds_no_list_dict_or_set():
    assert content_mutable_parts() == []
