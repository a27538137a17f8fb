import pytest

from tabletoolkit import InvalidInput
from tabletoolkit.engine import Step, register_phase
from tabletoolkit.engine import registry


@pytest.fixture
def empty_registry(monkeypatch):
    monkeypatch.setattr(registry, "_REGISTERED", {})


def test_registering_a_phase_records_it_and_runs_it(empty_registry):
    @register_phase("toy.count", title="Count to two", section="toy §2", notebook="toy.ipynb")
    def count_to_two():
        yield Step("One", "1", "toy §2")
        yield Step("Two", "2", "toy §2")
        return 2

    phase = registry.registered()["toy.count"]
    assert (phase.game, phase.title, phase.section, phase.notebook) == ("toy", "Count to two", "toy §2", "toy.ipynb")
    done = phase.run()
    assert done.result == 2 and done.phase == "toy.count" and len(done) == 2
    assert count_to_two.phase_id == "toy.count"


def test_one_procedure_per_id(empty_registry):
    register_phase("toy.a", title="A", section="s", notebook="a.ipynb")(lambda: iter(()))

    def other():
        yield Step("x", "y", "z")

    with pytest.raises(InvalidInput, match="already registered"):
        register_phase("toy.a", title="A", section="s", notebook="a.ipynb")(other)


def test_incomplete_registrations_are_refused(empty_registry):
    with pytest.raises(InvalidInput) as error:
        register_phase("toy.b", title="B", section="", notebook="b.ipynb")
    assert error.value.field == "section"
    with pytest.raises(InvalidInput) as error:
        register_phase("toy.b", title="B", section="s", notebook="b.md")
    assert error.value.field == "notebook"
