// The start-up snapshot's constraints, checked with the page's own code (static/js/
// pyodide-boot.mjs, snapshot-maker.mjs and snapshot-format.mjs) and runtime, in Node; prints JSON for
// e2e/test_snapshot.py:
//
// - made as the worker makes it, stored as the page stores it (packed, gzip) and read back
//   unchanged;
// - restored twice: both play every game with the same moves as a fresh interpreter, and
//   each has its own random state (pyodide-boot.mjs reseeds after a restore);
// - bound to Pyodide's build: a snapshot whose build id differs is refused;
// - a restore gets Pyodide's default heap whatever the snapshot asks (pyodide issue 6254):
//   one made after the heap grew fails to restore, and the worker refuses to make it.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const boot = await import(pathToFileURL(join(root, "static/js/pyodide-boot.mjs")).href);
const worker = await import(pathToFileURL(join(root, "static/js/snapshot-maker.mjs")).href);
const format = await import(pathToFileURL(join(root, "static/js/snapshot-format.mjs")).href);
const { loadPyodide } = await import(pathToFileURL(join(root, "static/vendor/pyodide/pyodide.mjs")).href);

const zip = new Uint8Array(readFileSync(join(root, "static/game.zip")));
const quiet = {stdout: () => {}, stderr: (line) => process.stderr.write(line + "\n")};
const config = {...boot.baseOptions(), ...quiet};
const out = {};

const PLAY = `
import json, random, sys
from game import GAMES, new_game
from game.ai import choose_move
games = []
for gid in sorted(GAMES):
    s = new_game(gid, seed=7)
    while not s.is_over():
        seat = s.to_move()[0]
        s.play(seat, choose_move(s, seat, level="easy", seed=len(s.history)))
    games.append({"game": gid, "moves": [m for _, m in s.history], "scores": [str(x) for x in s.scores()]})
json.dumps({"games": games, "random": random.random(), "modules": len(sys.modules)})
`;

// made and stored the way the page does it
let t = performance.now();
const made = await worker.makeSnapshot(zip);
out.make = {ms: performance.now() - t, raw: made.raw.length, heap: made.heap, modules: made.modules};
const packed = new Uint8Array(await format.pack(made.raw).arrayBuffer());
const stored = new Uint8Array(await new Response(
  new Blob([packed]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
const back = format.unpack(new Uint8Array(gunzipSync(stored)));
out.store = {packed: packed.length, compressed: stored.length,
             roundTrip: back.length === made.raw.length && back.every((b, i) => b === made.raw[i])};

// a fresh interpreter, then two restores of the same snapshot
t = performance.now();
const fresh = await loadPyodide(config);
boot.installGame(fresh, zip);
out.fresh = {ms: performance.now() - t, ...JSON.parse(fresh.runPython(PLAY))};
out.restored = [];
for (let i = 0; i < 2; i++) {
  t = performance.now();
  const py = await boot.fromSnapshot(config, back, zip);
  const ms = performance.now() - t;
  out.restored.push({ms, ...JSON.parse(py.runPython(PLAY))});
}

// another build's snapshot: Pyodide compares the build id in the header with its own
const other = made.raw.slice();
other[16] ^= 0xff;
try {
  await boot.fromSnapshot(config, other, zip);
  out.otherBuild = "restored";
} catch (e) {
  out.otherBuild = String(e.message || e).split("\n")[0];
}

// a snapshot made after the heap grew
const GROW = "_big = bytearray(48 * 1024 * 1024)\ndel _big";
try {
  await worker.makeSnapshot(zip, GROW);
  out.grownRefused = null;
} catch (e) {
  out.grownRefused = String(e.message || e);
}
const grown = await loadPyodide({...config, _makeSnapshot: true});
grown.runPython(GROW);
const big = grown.makeMemorySnapshot();
out.grown = {raw: big.length};
try {
  await loadPyodide({...config, _loadSnapshot: big});
  out.grown.restore = "restored";
} catch (e) {
  out.grown.restore = `${e.name}: ${String(e.message || e).split("\n")[0]}`;
}
process.stdout.write(JSON.stringify(out) + "\n");
