"""The project's set-up files: dependencies that cannot drift, and a light `import tabletoolkit`."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _name_and_bound(requirement: str) -> tuple[str, str]:
    match = re.fullmatch(r"\s*([A-Za-z0-9_.-]+)\s*(>=\s*[0-9.]+)?\s*", requirement)
    assert match, f"unexpected requirement {requirement!r}"
    return match.group(1).lower(), (match.group(2) or "").replace(" ", "")


def _environment_dependencies() -> tuple[set[tuple[str, str]], list[str]]:
    conda, pip = set(), []
    in_pip = in_dependencies = False
    for line in (ROOT / "environment.yml").read_text().splitlines():
        stripped = line.split("#", 1)[0].rstrip()
        if re.fullmatch(r"\w+:.*", stripped):
            in_dependencies = stripped == "dependencies:"
        elif not in_dependencies:
            continue
        elif re.fullmatch(r"\s+- pip:", stripped):
            in_pip = True
        elif in_pip and re.match(r"\s{6,}- ", stripped):
            pip.append(stripped.split("- ", 1)[1].strip())
        elif re.match(r"\s{2}- ", stripped):
            in_pip = False
            conda.add(_name_and_bound(stripped.split("- ", 1)[1]))
    return conda, pip


def test_environment_yml_names_the_same_dependencies_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name_and_bound(r) for r in project["dependencies"] + project["optional-dependencies"]["notebook"]}
    conda, pip = _environment_dependencies()
    assert conda - {("python", ">=3.11"), ("pip", ""), ("font-ttf-noto-cjk", "")} == wanted
    assert ("font-ttf-noto-cjk", "") in conda, "the CJK font the rulebook headings need"
    assert ("python", ">=3.11") in conda and project["requires-python"] == ">=3.11"
    assert pip == [], "repo2docker has no source tree while it installs environment.yml: postBuild installs the package"
    assert "pip install --no-cache-dir -e '.[notebook]'" in (ROOT / "postBuild").read_text()


def test_runtime_dependencies_are_sympy_and_networkx_only():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert {_name_and_bound(r)[0] for r in project["dependencies"]} == {"sympy", "networkx"}


def test_import_tabletoolkit_loads_no_heavy_library():
    code = (
        "import sys, tabletoolkit; "
        "print(sorted(m for m in ('sympy', 'networkx', 'ipywidgets', 'matplotlib', 'IPython') if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert loaded == "[]"


def test_wings_never_import_each_other_or_widgets():
    package = ROOT / "tabletoolkit"
    wings = ("andromeda", "seti", "merchants")
    for wing in wings:
        for path in (package / wing).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            others = [w for w in wings if w != wing]
            for other in others + ["widgets"]:
                assert not re.search(rf"^\s*(from|import)\s+(tabletoolkit)?\.*{other}\b", text, re.M), (
                    f"{path.relative_to(ROOT)} imports {other}"
                )
    for floor in ("engine", "prob"):
        for path in (package / floor).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for upper in wings + ("widgets",):
                assert not re.search(rf"^\s*(from|import)\s+(tabletoolkit)?\.*{upper}\b", text, re.M), (
                    f"{path.relative_to(ROOT)} imports {upper}"
                )


def test_every_data_file_is_shipped_in_the_package():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["*"]
    package = ROOT / "tabletoolkit"
    for path in package.rglob("*"):
        if path.is_file() and path.suffix in {".toml", ".json"}:
            folder = next(p for p in path.parents if (p / "__init__.py").exists())
            relative = path.relative_to(folder)
            assert any(relative.match(pattern) for pattern in patterns), f"{path.relative_to(ROOT)} is not package data"


def test_one_version_source_and_the_typed_marker():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in pyproject["project"] and pyproject["project"]["dynamic"] == ["version"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tabletoolkit.__version__"}
    assert re.search(r'^__version__ = "[0-9][0-9.]*"$', (ROOT / "tabletoolkit" / "__init__.py").read_text(), re.M)
    assert (ROOT / "tabletoolkit" / "py.typed").is_file()
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["tabletoolkit"]
    for field in ("license", "authors", "classifiers"):
        assert pyproject["project"][field], field
