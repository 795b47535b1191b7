// Compiles the given Python sources with the vendored Pyodide (its CPython 3.14, so the
// bytecode is what the page's interpreter would produce) and prints, as JSON,
// {"path/of/__pycache__/x.cpython-314.pyc": base64 bytes}.  Hash-based, unchecked pycs
// (PEP 552): no timestamps inside, and the importer uses them without reading the source.
// Used by scripts/game_zip.py:  node scripts/pyodide_compile.mjs game/core.py game/ui/app.py ...
// (paths relative to the current folder; the runtime is this repo's static/vendor/pyodide).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const indexURL = join(root, "static", "vendor", "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });
const names = process.argv.slice(2);
py.FS.mkdirTree("/src");
for (const name of names) {
  py.FS.mkdirTree("/src/" + dirname(name));
  py.FS.writeFile("/src/" + name, readFileSync(resolve(name)));
}
py.globals.set("names", py.toPy(names));
const out = py.runPython(`
import base64, importlib.util, json, os, py_compile
os.chdir("/src")
pycs = {}
for name in names:
    target = importlib.util.cache_from_source(name)
    py_compile.compile(name, cfile=target, dfile=name, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(target, "rb") as f:
        pycs[target] = base64.b64encode(f.read()).decode()
json.dumps(pycs, sort_keys=True)
`);
process.stdout.write(out + "\n");
