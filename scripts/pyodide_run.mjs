// Runs a Python script inside the pinned Pyodide, in Node: the page's own interpreter
// (CPython 3.14 compiled to WebAssembly) with the npm package's FULL standard library.
// The repository is mounted at its own path and the working folder is Node's (or the
// repository's, when Node's is outside it), so paths mean what they mean in the shell.
// Used by the set-up scripts that must see exactly what the page's Python sees
// (scripts/game_zip.py and scripts/boot_files.py).
//
//   node scripts/pyodide_run.mjs [--env NAME=VALUE ...] SCRIPT.py [ARGS...]
//
// --env sets environment variables before the interpreter starts (e.g.
// PYTHONNODEBUGRANGES=1).  The script's stdout and stderr go to Node's; an uncaught
// exception exits with status 1, sys.exit(n) with n.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const indexURL = join(root, "node_modules", "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);

const argv = process.argv.slice(2);
const env = {};
while (argv[0] === "--env") {
  const [name, ...value] = argv[1].split("=");
  env[name] = value.join("=");
  argv.splice(0, 2);
}
if (!argv.length) {
  process.stderr.write("usage: node scripts/pyodide_run.mjs [--env NAME=VALUE ...] SCRIPT.py [ARGS...]\n");
  process.exit(2);
}
const py = await loadPyodide({
  indexURL,
  env,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
py.FS.mkdirTree(root);
py.mountNodeFS(root, root);
const cwd = process.cwd() === root || process.cwd().startsWith(root + "/") ? process.cwd() : root;
py.globals.set("ARGV", py.toPy(argv));
py.globals.set("CWD", cwd);
let status = 1;
try {
  status = py.runPython(`
import sys
sys._pyodide_boot_modules = sorted(sys.modules)   # what Pyodide imported by itself
import os, runpy
os.chdir(CWD)
sys.path.insert(0, os.path.dirname(os.path.abspath(ARGV[0])))
sys.argv = list(ARGV)
try:
    runpy.run_path(ARGV[0], run_name="__main__")
    status = 0
except SystemExit as e:
    status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    if not isinstance(e.code, int) and e.code is not None:
        print(e.code, file=sys.stderr)
status
`);
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
}
process.exitCode = status;     // (not process.exit: it would cut stdout short)
