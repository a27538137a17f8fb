"""Precompile wheels for the browser's Python, run inside Pyodide itself (lite/pycompile.mjs).

Pyodide compiles every module it imports from source, which for sympy alone costs seconds at each kernel
start. Like Pyodide's own distribution, the site serves wheels whose modules are already compiled, by the
very interpreter that will run them (CPython 3.14 in WebAssembly), as unchecked hash-based .pyc files:

- ``keep_source``: the .py stays and the bytecode goes to ``__pycache__`` (tabletoolkit: tracebacks in a
  notebook still show the library's lines);
- otherwise the .pyc replaces the .py (third-party packages: smaller, and how Pyodide ships them);
- ``drop_tests``: the package's ``tests`` folders are left out (as Pyodide unvendors them).

The wheel's RECORD is rewritten to list what it now holds. Jobs come as JSON: a list of
``{"source", "target", "keep_source", "drop_tests"}`` with host paths (the host's / is mounted at /host).
"""

import base64
import csv
import hashlib
import importlib._bootstrap_external as bootstrap
import importlib.util
import io
import json
import sys
import warnings
import zipfile

HOST = "/host"


def record_row(name: str, data: bytes) -> tuple[str, str, str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return name, f"sha256={digest}", str(len(data))


def compiled(name: str, source: bytes) -> bytes:
    code = compile(source, name, "exec", dont_inherit=True)
    return bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)


def compile_wheel(source: str, target: str, keep_source: bool, drop_tests: bool) -> None:
    with zipfile.ZipFile(HOST + source) as wheel, zipfile.ZipFile(HOST + target, "w", zipfile.ZIP_DEFLATED) as out:
        record = next(name for name in wheel.namelist() if name.endswith(".dist-info/RECORD"))
        rows = []
        for info in wheel.infolist():
            name = info.filename
            if name == record or (drop_tests and "/tests/" in name) or name.endswith("/"):
                continue
            data = wheel.read(info)
            files = [(name, data)]
            if name.endswith(".py") and ".dist-info/" not in name:
                pyc = compiled(name, data)
                if keep_source:
                    folder, _, module = name.rpartition("/")
                    cached = f"{folder}/__pycache__/" if folder else "__pycache__/"
                    files.append((f"{cached}{module[:-3]}.{sys.implementation.cache_tag}.pyc", pyc))
                else:
                    files = [(name[:-3] + ".pyc", pyc)]
            for path, content in files:
                out.writestr(path, content)
                rows.append(record_row(path, content))
        rows.append((record, "", ""))
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(rows)
        out.writestr(record, text.getvalue())


def main(jobs_path: str) -> None:
    warnings.simplefilter("ignore", SyntaxWarning)
    with open(HOST + jobs_path) as jobs:
        for job in json.load(jobs):
            compile_wheel(job["source"], job["target"], job["keep_source"], job["drop_tests"])
            print("compiled", job["target"].rsplit("/", 1)[-1], flush=True)


main(sys.argv[1])
