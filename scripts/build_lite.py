"""Build the no-install workshop: a JupyterLite site that runs the notebooks in the browser.

    make lite                                  # what to run; installs .venv-lite first
    .venv-lite/bin/python scripts/build_lite.py [--force] [--output build/lite]
    .venv-lite/bin/python scripts/build_lite.py --rehash    # after changing a pin in lite/

The site is static files only (JupyterLab, the Pyodide kernel, ipywidgets, the notebooks, and every
Python package as a wheel); at run time it asks no host but the one serving it. At build time only the
package registries are used: npm for Pyodide's runtime (``lite/site.toml``), PyPI for the wheels
(``lite/browser-requirements.txt``, pinned with hashes) and the build environment (``lite/requirements.txt``).

Steps:
1. Pyodide's runtime from the npm package, checked against the pinned integrity.
2. The wheels: downloaded from PyPI, tabletoolkit's built from this checkout, the kernel's own wheels taken
   from jupyterlite-pyodide-kernel; then precompiled by Pyodide's CPython run under Node
   (``lite/pycompile.py``), so no kernel start spends seconds compiling sympy.
3. A ``pyodide-lock.json`` listing exactly those wheels, with dependencies read from each wheel's metadata
   under Pyodide's environment markers; a missing or mismatched dependency stops the build. The npm package's
   own lock points at packages it does not ship, so it is not used.
4. Site copies of the notebooks: the Pyodide kernel, no widget views without their saved state, and in place
   of any cell that needs a module the browser does not have, a plain note with its code and saved pictures.
5. ``jupyter lite build``, then the site's front page opens the course map.

A build whose inputs have not changed since the last one is skipped (``--force`` builds anyway).
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
CONFIG = tomllib.loads((LITE / "site.toml").read_text())
BROWSER_REQUIREMENTS = LITE / "browser-requirements.txt"
DEFAULT_OUTPUT = ROOT / "build" / "lite"
CACHE = ROOT / "build" / "lite-cache"
STAMP = ".tabletoolkit-lite.json"
LABEXTENSIONS = Path(sys.prefix) / "share/jupyter/labextensions"
KERNEL_WHEELS = LABEXTENSIONS / "@jupyterlite/pyodide-kernel-extension/static/pypi"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# standard-library modules Pyodide does not provide (no terminal, no windows, no subprocesses)
NOT_IN_PYODIDE_STDLIB = {"tkinter", "turtle", "turtledemo", "curses", "readline", "idlelib", "venv", "ensurepip"}


def browser_environment() -> dict[str, str]:
    """The environment markers of CPython under Pyodide, for deciding which Requires-Dist lines apply."""
    pyodide = CONFIG["pyodide"]
    return {
        "implementation_name": "cpython",
        "implementation_version": pyodide["python_full_version"],
        "os_name": "posix",
        "platform_machine": "wasm32",
        "platform_release": "",
        "platform_system": "Emscripten",
        "platform_version": "",
        "platform_python_implementation": "CPython",
        "python_full_version": pyodide["python_full_version"],
        "python_version": pyodide["python_version"],
        "sys_platform": "emscripten",
        "extra": "",
    }


def run(command: list[str], **kwargs) -> None:
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run(command, check=True, **kwargs)


# 1. Pyodide's runtime ------------------------------------------------------------------------------------

def fetch_pyodide() -> Path:
    """Unpack the pinned npm package ``pyodide`` into the cache (once) and return its folder."""
    spec = CONFIG["pyodide"]["package"]
    unpacked = CACHE / spec.replace("@", "-")
    if (unpacked / "package" / "pyodide.mjs").exists():
        return unpacked / "package"
    if not shutil.which("npm"):
        sys.exit("build_lite: npm is needed to fetch Pyodide's runtime from the npm registry (apt-get install npm)")
    CACHE.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        run(["npm", "pack", spec, "--pack-destination", tmp, "--silent"], stdout=subprocess.DEVNULL)
        (tarball,) = Path(tmp).glob("*.tgz")
        algorithm, expected = CONFIG["pyodide"]["integrity"].split("-", 1)
        digest = base64.b64encode(hashlib.new(algorithm, tarball.read_bytes()).digest()).decode()
        if digest != expected:
            sys.exit(f"build_lite: {tarball.name} does not match the integrity pinned in lite/site.toml")
        staging = Path(tmp) / "unpacked"
        with tarfile.open(tarball) as archive:
            archive.extractall(staging, filter="data")
        shutil.rmtree(unpacked, ignore_errors=True)
        staging.rename(unpacked)
    return unpacked / "package"


# 2. The wheels -------------------------------------------------------------------------------------------

def pip_download(requirements: Path, target: Path, *, hashes: bool) -> None:
    """Pure-Python wheels for CPython 3.14, exactly as pinned (pip skips files it already has)."""
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--python-version", CONFIG["pyodide"]["python_version"], "--implementation", "py",
        "--abi", "none", "--platform", "any", "-d", str(target), "-r", str(requirements),
    ]
    run(command + (["--require-hashes"] if hashes else []))


def pinned() -> dict[str, tuple[str, set[str]]]:
    """``{canonical name: (version, sha256 hashes)}`` from lite/browser-requirements.txt."""
    pins = {}
    for line in BROWSER_REQUIREMENTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("--"):
            hashes = set(re.findall(r"--hash=sha256:([0-9a-f]{64})", line))
            requirement = Requirement(re.sub(r"\s*--hash=\S+", "", line))
            (specifier,) = requirement.specifier
            pins[canonicalize_name(requirement.name)] = (specifier.version, hashes)
    return pins


def downloaded_wheels() -> list[Path]:
    """The pinned wheels, from the cache when it holds them with a pinned hash, else from PyPI."""
    target = CACHE / "wheels"
    pins = pinned()

    def cached() -> dict[str, Path]:
        found = {}
        for path in target.glob("*.whl"):
            name, version = canonicalize_name(path.name.split("-")[0]), path.name.split("-")[1]
            if name in pins and pins[name][0] == version and hashlib.sha256(path.read_bytes()).hexdigest() in pins[name][1]:
                found[name] = path
        return found

    if set(cached()) != set(pins):
        pip_download(BROWSER_REQUIREMENTS, target, hashes=True)
    found = cached()
    missing = sorted(set(pins) - set(found))
    if missing:
        sys.exit(f"build_lite: no wheel with a pinned hash in {target} for {missing}")
    return [found[name] for name in pins]


def tabletoolkit_wheel(work: Path) -> Path:
    """tabletoolkit's wheel, built from a copy of this checkout (no stale files from an earlier build)."""
    source = work / "tabletoolkit-source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    shutil.copytree(ROOT / "tabletoolkit", source / "tabletoolkit", ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(work / "dist"), str(source)])
    (wheel,) = (work / "dist").glob("tabletoolkit-*.whl")
    return wheel


def kernel_wheels() -> list[Path]:
    """The wheels jupyterlite-pyodide-kernel ships in its lab extension (for widgetsnbextension: the 4.x one)."""
    wheels = []
    for name in CONFIG["kernel"]["wheels"]:
        found = sorted(path for path in KERNEL_WHEELS.glob("*.whl") if canonicalize_name(path.name.split("-")[0]) == name)
        if not found:
            sys.exit(f"build_lite: no {name} wheel in {KERNEL_WHEELS}; is .venv-lite installed from lite/requirements.txt?")
        wheels.append(max(found, key=lambda path: Version(path.name.split("-")[1])))
    return wheels


def precompile(wheels: list[Path], runtime: Path) -> list[Path]:
    """The wheels with their modules compiled by Pyodide's own CPython (lite/pycompile.py, under Node).

    Compiled wheels are cached under build/lite-cache/compiled by the digest of the wheel, the compiler
    and Pyodide's version, so only a new or changed wheel is compiled again.
    """
    options = CONFIG["compile"]
    keep = {canonicalize_name(name) for name in options["keep_source"]}
    drop = {canonicalize_name(name) for name in options["drop_tests"]}
    tool = hashlib.sha256(CONFIG["pyodide"]["package"].encode())
    for part in ("pycompile.py", "pycompile.mjs"):
        tool.update((LITE / part).read_bytes())
    jobs, compiled = [], []
    for wheel in wheels:
        name = canonicalize_name(wheel.name.split("-")[0])
        flags = {"keep_source": name in keep, "drop_tests": name in drop}
        key = hashlib.sha256(tool.digest() + wheel.read_bytes() + json.dumps(flags).encode()).hexdigest()[:20]
        target = CACHE / "compiled" / key / wheel.name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            jobs.append({"source": str(wheel), "target": str(target) + ".partial", **flags})
        compiled.append(target)
    if jobs:
        if not shutil.which("node"):
            sys.exit("build_lite: Node.js is needed to precompile the wheels with Pyodide (apt-get install nodejs)")
        listing = CACHE / "compile-jobs.json"
        listing.write_text(json.dumps(jobs, indent=1))
        run(["node", str(LITE / "pycompile.mjs"), str(runtime), str(listing)])
        for job in jobs:
            Path(job["target"]).rename(job["target"].removesuffix(".partial"))
    return compiled


# 3. The lock ---------------------------------------------------------------------------------------------

def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """Name, version, Requires-Dist lines and top-level import names of a wheel."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dist_info = next(name.split("/")[0] for name in names if name.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(f"{dist_info}/METADATA").decode())
        top_level = f"{dist_info}/top_level.txt"
        if top_level in names:
            imports = [line.strip() for line in archive.read(top_level).decode().splitlines() if line.strip()]
        else:
            imports = sorted({
                name.split("/")[0].removesuffix(".pyc").removesuffix(".py") for name in names
                if not name.split("/")[0].endswith((".dist-info", ".data", "__pycache__"))
                and ("/" in name or name.endswith((".py", ".pyc")))
            })
    return metadata["Name"], metadata["Version"], metadata.get_all("Requires-Dist") or [], imports


def lock_packages(wheels: list[Path]) -> dict[str, dict]:
    """Pyodide lock entries for ``wheels``; every dependency that applies in the browser must be among them."""
    environment = browser_environment()
    left_out = {canonicalize_name(name) for name in CONFIG["kernel"]["not_in_browser"]}
    described = {}
    for wheel in wheels:
        name, version, requires, imports = wheel_metadata(wheel)
        described[canonicalize_name(name)] = (wheel, name, version, requires, imports)
    packages, problems = {}, []
    for key, (wheel, name, version, requires, imports) in sorted(described.items()):
        depends = []
        for line in requires:
            requirement = Requirement(line)
            if requirement.marker and not requirement.marker.evaluate(environment):
                continue
            dependency = canonicalize_name(requirement.name)
            if dependency in left_out:
                continue
            if dependency not in described:
                problems.append(f"{name} {version} needs {requirement}, which lite/browser-requirements.txt lacks")
                continue
            found = described[dependency][2]
            if not requirement.specifier.contains(found, prereleases=True):
                problems.append(f"{name} {version} needs {requirement}, but the site has {found}")
            depends.append(dependency)
        packages[key] = {
            "name": key,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": imports,
            "depends": sorted(set(depends)),
            "unvendored_tests": False,
        }
    missing_preload = [name for name in CONFIG["kernel"]["preload"] if canonicalize_name(name) not in packages]
    if missing_preload:
        problems.append(f"lite/site.toml preloads packages the site lacks: {missing_preload}")
    if problems:
        sys.exit("build_lite: the browser's packages do not fit together:\n  " + "\n  ".join(problems))
    return packages


def stage_pyodide(runtime: Path, wheels: list[Path], target: Path) -> dict[str, dict]:
    """Pyodide's runtime, every wheel and a lock naming only those wheels, in ``target``."""
    target.mkdir(parents=True)
    for name in CONFIG["pyodide"]["files"]:
        shutil.copy2(runtime / name, target / name)
    for wheel in wheels:
        shutil.copy2(wheel, target / wheel.name)
    packages = lock_packages(wheels)
    npm_lock = json.loads((runtime / "pyodide-lock.json").read_text())
    lock = {"info": npm_lock["info"], "packages": packages}
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return packages


# 4. The notebooks ----------------------------------------------------------------------------------------

def importable(packages: dict[str, dict]) -> set[str]:
    names = {name for entry in packages.values() for name in entry["imports"]}
    return names | (set(sys.stdlib_module_names) - NOT_IN_PYODIDE_STDLIB)


def missing_imports(source: str, available: set[str]) -> list[str]:
    """Top-level modules a cell imports that the browser does not have (IPython magics are skipped)."""
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module.split(".")[0])
    return sorted(modules - available)


def offline_cells(cell: dict, modules: list[str], available: set[str]) -> list[dict]:
    """What the site shows instead of a code cell that needs ``modules``, which the browser lacks.

    Run in the browser, the cell would stop with ``ModuleNotFoundError``, and *Run All* with it. So it becomes
    a note holding the cell's code and the pictures it saved in a full install, followed by a code cell with
    just its imports of what the browser does have, since later cells may use those names.
    """
    source = "".join(cell["source"])
    listed = ", ".join(f"`{name}`" for name in modules)
    attachments, pictures = {}, []
    for number, output in enumerate(cell.get("outputs", [])):
        if "image/png" in output.get("data", {}):
            attachments[f"saved-{number}.png"] = {"image/png": output["data"]["image/png"]}
            pictures.append(f"![saved from a full install](attachment:saved-{number}.png)")
    text = "\n\n".join([
        f"**Not in the browser version:** this cell needs {listed}, which this site does not serve (only pure-Python "
        "packages can be), so it does not run here" + (", and the picture is the one it drew in a full install "
        "(`make lab`):" if pictures else "."),
        *pictures,
        "```python\n" + source.rstrip() + "\n```",
    ])
    note = {"cell_type": "markdown", "metadata": {"tags": ["lite-note"]}, "source": text}
    if attachments:
        note["attachments"] = attachments
    imports = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if all(name.split(".")[0] in available for name in names):
                imports.append(ast.get_source_segment(source, node))
    if not imports:
        return [note]
    kept = {"cell_type": "code", "execution_count": None, "outputs": [], "metadata": {"tags": ["lite-note"]},
            "source": "# what the cell above imports besides " + ", ".join(modules) + ": later cells use it\n"
                      + "\n".join(imports)}
    return [note, kept]


def site_notebook(path: Path, available: set[str]) -> tuple[dict, list[str]]:
    """The site's copy of a notebook, and the modules it needs that the browser lacks."""
    notebook = json.loads(path.read_text())
    notebook["metadata"]["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    notebook["metadata"].pop("widgets", None)
    cells, lacking = [], []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            # a widget view without its saved state shows only an error until the cell runs again
            cell["outputs"] = [output for output in cell.get("outputs", []) if WIDGET_VIEW not in output.get("data", {})]
            missing = missing_imports("".join(cell["source"]), available)
            if missing:
                cells += offline_cells(cell, missing, available)
                lacking += missing
                continue
        cells.append(cell)
    notebook["cells"] = cells
    return notebook, sorted(set(lacking))


def course_map_note(lacking: dict[str, list[str]]) -> dict:
    if lacking:
        where = "; ".join(f"{', '.join(f'`{module}`' for module in modules)} in [{name}]({name})"
                          for name, modules in sorted(lacking.items()))
        exceptions = (f" The one exception: cells that need a module this site does not serve ({where}); in their "
                      "place a note shows their code and what they drew in a full install.")
    else:
        exceptions = ""
    text = ("> **You are in the browser version of the workshop.** Python runs inside this page (Pyodide): nothing "
            "to install, and nothing is sent anywhere. Run a notebook with *Run ▸ Run All Cells*; Python's first "
            "start in a page takes about half a minute. Every notebook and widget works here." + exceptions +
            " Your edits stay in this browser only: *File ▸ Download* keeps a copy.")
    return {"cell_type": "markdown", "metadata": {"tags": ["lite-note"]}, "source": text}


def stage_notebooks(packages: dict[str, dict], target: Path) -> dict[str, list[str]]:
    target.mkdir(parents=True)
    available = importable(packages)
    copies, lacking = {}, {}
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        copies[path.name], missing = site_notebook(path, available)
        if missing:
            lacking[path.name] = missing
    opens = CONFIG["site"]["opens"]
    copies[opens]["cells"].insert(1, course_map_note(lacking))
    for name, notebook in copies.items():
        for cell in notebook["cells"]:
            cell.setdefault("metadata", {})
            if cell["cell_type"] == "markdown":
                cell.pop("outputs", None)
                cell.pop("execution_count", None)
        (target / name).write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
    return lacking


# 5. The site ---------------------------------------------------------------------------------------------

def stage_config(stage: Path) -> None:
    """jupyter-lite.json, the settings, and only the lab extensions lite/site.toml names."""
    for name in CONFIG["site"]["extensions"]:
        shutil.copytree(LABEXTENSIONS / name, stage / "labextensions" / name)
    build_config = {
        "LiteBuildConfig": {"ignore_sys_prefix": ["federated_extensions"]},
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(stage / "labextensions")]},
    }
    (stage / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2) + "\n")
    config = json.loads((LITE / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    settings["loadPyodideOptions"] = {"packages": list(CONFIG["kernel"]["preload"])}
    (stage / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    shutil.copy2(LITE / "overrides.json", stage / "overrides.json")


def front_page(output: Path) -> None:
    """The site's front page opens JupyterLab on the course map (any static host, no server rewrite).

    It keeps the empty root configuration JupyterLite's pages read from it.
    """
    target = f"./lab/index.html?path={CONFIG['site']['opens']}"
    (output / "index.html").write_text(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<title>tabletoolkit workshop</title>\n"
        "<script id=\"jupyter-config-data\" type=\"application/json\" data-jupyter-lite-root=\".\">{}</script>\n"
        f"<meta http-equiv=\"refresh\" content=\"0; url={target}\">\n"
        f"<script>window.location.replace({json.dumps(target)} + window.location.hash);</script>\n"
        "</head>\n<body>\n"
        f"<p>Opening the workshop… <a href=\"{target}\">the course map</a></p>\n"
        "</body>\n</html>\n"
    )


def check_site(output: Path) -> None:
    """Fail the build if the site would ask any host but its own for something it needs."""
    config = json.loads((output / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs", settings
    assert settings["disablePyPIFallback"] is True, settings
    lock = json.loads((output / "static/pyodide/pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        wheel = output / "static/pyodide" / entry["file_name"]
        assert wheel.exists() and hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], entry
    assert (output / "files" / CONFIG["site"]["opens"]).exists()


def inputs_digest() -> str:
    """A digest of everything the site is built from, to skip a build that would change nothing."""
    paths = [Path(__file__), ROOT / "pyproject.toml", *LITE.rglob("*"), *(ROOT / "notebooks").glob("*.ipynb"),
             *(path for path in (ROOT / "tabletoolkit").rglob("*") if "__pycache__" not in path.parts)]
    digest = hashlib.sha256(sys.version.encode())
    for path in sorted(path for path in paths if path.is_file()):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def site_size(output: Path) -> tuple[int, int]:
    files = [path for path in output.rglob("*") if path.is_file()]
    return sum(path.stat().st_size for path in files), len(files)


def build(output: Path, force: bool) -> None:
    digest = inputs_digest()
    stamp = output / STAMP
    if not force and stamp.exists() and json.loads(stamp.read_text()).get("inputs") == digest:
        size, count = site_size(output)
        print(f"build_lite: {output.relative_to(ROOT)} is up to date ({size / 1e6:.1f} MB in {count} files)")
        return
    started = time.monotonic()
    runtime = fetch_pyodide()
    stage = ROOT / "build" / "lite-stage"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    wheels = precompile([*downloaded_wheels(), tabletoolkit_wheel(stage / "work"), *kernel_wheels()], runtime)
    packages = stage_pyodide(runtime, wheels, stage / "static" / "pyodide")
    lacking = stage_notebooks(packages, stage / "files")
    stage_config(stage)
    shutil.rmtree(output, ignore_errors=True)
    run([str(Path(sys.executable).parent / "jupyter-lite"), "build", "--lite-dir", str(stage), "--output-dir", str(output),
         "--contents", str(stage / "files"), "--no-sourcemaps", "--no-unused-shared-packages",
         *[f"--apps={app}" for app in CONFIG["site"]["apps"]]], cwd=stage)
    front_page(output)
    check_site(output)
    size, count = site_size(output)
    stamp.write_text(json.dumps({"inputs": digest, "bytes": size, "files": count, "lacking": lacking}, indent=1) + "\n")
    print(f"build_lite: built {output.relative_to(ROOT)}: {size / 1e6:.1f} MB in {count} files, "
          f"{time.monotonic() - started:.0f} s")
    for name, modules in sorted(lacking.items()):
        print(f"build_lite: {name} needs {', '.join(modules)}, not in the browser: its note says so")


def rehash() -> None:
    """Rewrite lite/browser-requirements.txt with the sha256 of each pinned wheel, fresh from PyPI."""
    lines = BROWSER_REQUIREMENTS.read_text().splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "requirements.txt"
        bare.write_text("\n".join(re.sub(r"\s*--hash=\S+", "", line) for line in lines) + "\n")
        pip_download(bare, Path(tmp) / "wheels", hashes=False)
        hashes = {}
        for wheel in (Path(tmp) / "wheels").glob("*.whl"):
            hashes[canonicalize_name(wheel.name.split("-")[0])] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    out = []
    for line in lines:
        code = re.sub(r"\s*--hash=\S+", "", line.split("#", 1)[0]).strip()
        if code and not code.startswith("--"):
            name = canonicalize_name(Requirement(code).name)
            line = f"{code} --hash=sha256:{hashes[name]}"
        out.append(line)
    BROWSER_REQUIREMENTS.write_text("\n".join(out) + "\n")
    print(f"build_lite: {len(hashes)} hashes written to {BROWSER_REQUIREMENTS.relative_to(ROOT)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the site's folder (default: build/lite)")
    parser.add_argument("--force", action="store_true", help="build even if nothing changed")
    parser.add_argument("--rehash", action="store_true", help="pin the hashes of lite/browser-requirements.txt")
    arguments = parser.parse_args()
    if arguments.rehash:
        rehash()
    else:
        build(arguments.output.resolve(), arguments.force)


if __name__ == "__main__":
    main()
