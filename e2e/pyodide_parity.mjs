// Loads the pinned Pyodide (node_modules/pyodide: the whole standard library, which
// the page's trimmed stdlib.zip need not carry for these checks) in Node, puts the game package into its file
// system and prints parity_games.run_all() (see test_pyodide_parity.py).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const indexURL = join(root, "node_modules", "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL, stdout: () => {}, stderr: (s) => process.stderr.write(s + "\n") });

function copyTree(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(path);
    } else if (name.endsWith(".py")) {
      const target = "/work/" + relative(root, path);
      py.FS.mkdirTree(dirname(target));
      py.FS.writeFile(target, readFileSync(path));
    }
  }
}
copyTree(join(root, "game"));
py.FS.mkdirTree("/work/e2e");
py.FS.writeFile("/work/e2e/parity_games.py", readFileSync(join(root, "e2e", "parity_games.py")));
const out = py.runPython(`
import sys
sys.path.insert(0, "/work/e2e"); sys.path.insert(0, "/work")
import parity_games
parity_games.run_all()
`);
process.stdout.write(out + "\n");
