// Run lite/pycompile.py in Pyodide under Node: node lite/pycompile.mjs PYODIDE_DIR JOBS_JSON
// PYODIDE_DIR holds the npm package `pyodide`; the host's / is mounted at /host.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, jobs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "pycompile.py"), "utf8");
pyodide.runPython(`import sys; sys.argv = ["pycompile.py", ${JSON.stringify(jobs)}]`);
pyodide.runPython(script);
