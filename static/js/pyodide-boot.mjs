// How the page's Python starts: PyScript's "interpreter" (pyscript.json).  PyScript 0.7
// imports the module its config names and calls its loadPyodide({stdout, stderr, indexURL});
// this one wraps Pyodide's and adds what makes Hermitage start fast:
//
// - it starts at once: index.html loads this module before PyScript, so Python boots
//   while PyScript's own modules load; PyScript's call gets the same interpreter;
// - the trimmed standard library (static/vendor/stdlib.zip, bytecode: scripts/boot_files.py)
//   and an inline lock file with no packages, so pyodide-lock.json is never fetched; its
//   _hermitage_stdlib guard names any module the zip lacks (window.hermitageMissingModule);
// - the game as one zip (lean source and bytecode: scripts/game_zip.py) imported in place
//   (static/game.zip -> /lib/game.zip on sys.path), fetched while Python starts;
// - on a returning visit, a memory snapshot of an interpreter that has already imported the
//   game, its rules and AI and the standard library they use: made in the background by
//   snapshot-maker.mjs (a worker) after a visit that started without one has shown its
//   table, kept compressed in Cache Storage under BOOT.key (snapshot-format.mjs; Pyodide's
//   build id and the hashes of every file it depends on: a new deploy never restores an old
//   snapshot).  snapshot-reader.mjs (a worker started by start.js as the page starts) looks
//   it up, compiles Pyodide's wasm and decompresses the snapshot while the page parses and
//   Pyodide's code loads: the main thread only instantiates and restores.  Any failure
//   drops it and Python starts normally: a bad snapshot costs one slower start, never the
//   game.  localStorage "hermitage.snapshot" = "off" turns snapshots off.
//
// window.hermitageBoot says how the page started (tests read it: mode "fresh" or
// "snapshot"; wasm "worker" when the reader's compiled wasm was used, else "page"), and the
// performance marks hermitage:start, hermitage:python-ready (the game on its path) and
// hermitage:pyscript-asks when; from a snapshot also hermitage:snapshot-found (the reader
// has answered), hermitage:wasm-compiled (its compiled wasm in hand), hermitage:wasm-ready
// (Pyodide's wasm instantiated) and hermitage:snapshot-read (its bytes in hand, the restore
// begins).
import * as pyodide from "../vendor/pyodide/pyodide.mjs";
import * as BOOT from "../vendor/boot.mjs";
import { SNAPSHOT_CACHE, SNAPSHOT_URL } from "./snapshot-format.mjs";

export { SNAPSHOT_CACHE, SNAPSHOT_URL };

export const version = pyodide.version;

const ROOT = new URL("../../", import.meta.url);
// (a path when this runs in Node, from a file: URL: e2e/snapshot_node.mjs)
const where = (url) => (url.protocol === "file:" ? decodeURIComponent(url.pathname) : url.href);
const INDEX_URL = where(new URL("../vendor/pyodide/", import.meta.url));
/** Where the game's zip goes in Pyodide's file system (zipimport reads it there). */
export const GAME_ZIP_PATH = "/lib/game.zip";
const SWITCH = "hermitage.snapshot";           // "off": no snapshots in this browser
const PENDING = "hermitage.snapshot.pending";  // a start from this key has not reached the table
const UNFINISHED = "hermitage.snapshot.unfinished";  // ... and one before it had not either
const BAD = "hermitage.snapshot.bad";          // the key whose snapshot failed: never again

/** What every interpreter of this page gets: the page's and the snapshot worker's. */
export function baseOptions() {
  return {
    indexURL: INDEX_URL,
    stdLibURL: where(new URL(BOOT.stdlib, ROOT)),
    lockFileContents: {info: BOOT.lockInfo, packages: {}},
    packageBaseUrl: INDEX_URL,
  };
}

export async function fetchGameZip() {
  const response = await fetch(new URL(BOOT.gameZip, ROOT));
  if (!response.ok) throw new Error(`${BOOT.gameZip}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Put the game's zip where the interpreter imports it from, the stdlib guard last on
 * sys.meta_path and PyScript's package compiled where PyScript will write its sources
 * (scripts/stdlib_guard.py).  Also after a restore: the snapshot's zipimporter reads this
 * same file, and the file system is not part of a snapshot. */
export function installGame(py, zip) {
  py.FS.writeFile(GAME_ZIP_PATH, zip);
  py.runPython(`import sys, _hermitage_stdlib
if ${JSON.stringify(GAME_ZIP_PATH)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(GAME_ZIP_PATH)})
_hermitage_stdlib.install()
_hermitage_stdlib.unpack_pyscript_bytecode()`);
}

// ---- the page (main thread) ------------------------------------------------------------

const status = {mode: "starting", key: BOOT.key, problem: null, snapshot: null, wasm: "page"};

function store() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

function snapshotsAllowed() {
  const s = store();
  return !!(globalThis.caches && globalThis.DecompressionStream && globalThis.CompressionStream
            && globalThis.Worker && s && s.getItem(SWITCH) !== "off" && s.getItem(BAD) !== BOOT.key);
}

export async function dropSnapshot() {
  try { await caches.delete(SNAPSHOT_CACHE); } catch { /* nothing stored */ }
}

function giveUp(why, forGood = true) {
  status.problem = why;
  if (forGood) store()?.setItem(BAD, BOOT.key);
  store()?.removeItem(PENDING);
  return dropSnapshot();
}

/** Reading the stored snapshot, in a worker (snapshot-reader.mjs): {found, module, raw},
 * three promises ({found, size}: whether there is one for this build, and its raw size;
 * Pyodide's wasm compiled by the worker, or null; the raw snapshot), or null when snapshots
 * are off here or the last start from this one never reached the table. */
function readSnapshot() {
  // (static/js/start.js has started the reader already, as the page started)
  const early = globalThis.hermitageSnapshotReader;
  delete globalThis.hermitageSnapshotReader;
  if (!snapshotsAllowed()) {
    early?.worker.terminate();
    return null;
  }
  if (store().getItem(PENDING) === BOOT.key) {
    // (the tab may just have been closed early: one more snapshot gets a second chance)
    early?.worker.terminate();
    const twice = store().getItem(UNFINISHED) === BOOT.key;
    store().setItem(UNFINISHED, BOOT.key);
    giveUp("the last start from the snapshot did not reach the table", twice);
    return null;
  }
  const worker = early?.worker || new Worker(new URL("./snapshot-reader.mjs", import.meta.url), {type: "module"});
  const answer = {};
  const found = new Promise((resolve, reject) => Object.assign(answer, {found: resolve, fail: reject}));
  const raw = new Promise((resolve, reject) => Object.assign(answer, {raw: resolve, rawFail: reject}));
  const module = new Promise((resolve) => (answer.module = resolve));
  const stop = (error) => {
    worker.terminate();
    answer.fail(error);
    answer.rawFail(error);
    answer.module(null);
  };
  const hear = (data) => {
    if ("found" in data) {
      answer.found({found: data.found, size: data.size || 0});
      if (!data.found) {            // (the worker clears out older snapshots, then ends)
        answer.rawFail(new Error("no snapshot is stored for this build"));
        answer.module(null);
      }
    } else if ("module" in data) {
      if (data.module) performance.mark("hermitage:wasm-compiled");
      answer.module(data.module);
    } else if (data.raw) {
      worker.terminate();
      answer.raw(data.raw);
    } else {
      stop(new Error(data.error));
    }
  };
  for (const data of early?.answers || []) hear(data);
  worker.onmessage = ({data}) => hear(data);
  worker.onerror = (e) => stop(new Error(e.message || "the snapshot reader did not start"));
  worker.postMessage("read");
  found.catch(() => {});             // (failures surface where these are awaited)
  raw.catch(() => {});
  return {found, module, raw};
}

/** Python after a restore: its own random state, fresh directory caches, a quick check. */
const AFTER_RESTORE = `
import random, sys
random.seed()
for _finder in list(sys.path_importer_cache.values()):
    if type(_finder).__name__ == "FileFinder":
        _finder.invalidate_caches()
del _finder
assert "game.core" in sys.modules, "the snapshot lacks the game"
`;

/** An interpreter restored from a raw snapshot (or a promise of one), with the game's zip.
 * Given the raw ``size`` ahead, Pyodide's wasm is instantiated while the snapshot is still
 * being read: Pyodide needs the size to make the heap, and the bytes only when it restores
 * them, after instantiating (its createPyodideModule option waits for them at that point,
 * and its restore then reads them where they arrived, not from a copy).  ``compiled``
 * (a promise of Pyodide's wasm compiled elsewhere, or of null) spares the page compiling it. */
export async function fromSnapshot(config, raw, zip, size = 0, compiled = null) {
  let options = {...config, _loadSnapshot: raw};
  if (size > 0) {
    const create = (await import(INDEX_URL + "pyodide.asm.mjs")).default;
    options = {...options, _loadSnapshot: new Uint8Array(size), async createPyodideModule(settings) {
      const module = await withCompiled(compiled, () => create(settings));
      performance.mark("hermitage:wasm-ready");
      const got = await raw;
      if (got.length !== size) throw new Error(`the snapshot has ${got.length} bytes, not the ${size} stored`);
      const restore = module.API.restoreSnapshot;
      module.API.restoreSnapshot = () => restore(got);
      performance.mark("hermitage:snapshot-read");
      return module;
    }};
  }
  const py = await pyodide.loadPyodide(options);
  installGame(py, await zip);
  py.runPython(AFTER_RESTORE);
  return py;
}

/** ``create()`` with Pyodide's own WebAssembly.instantiateStreaming call (its only one)
 * answered from ``compiled`` (a promise of the compiled module, or of null: then as usual). */
async function withCompiled(compiled, create) {
  if (!compiled) return create();
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    WebAssembly.instantiateStreaming = streaming;
    const module = await compiled;
    status.wasm = module ? "worker" : "page";
    if (!module) return streaming(source, imports);
    return {module, instance: await WebAssembly.instantiate(module, imports)};
  };
  try {
    return await create();
  } finally {
    WebAssembly.instantiateStreaming = streaming;
  }
}

const MODULES = `import sys
sorted(n for n, m in list(sys.modules.items())
       if str(getattr(getattr(m, "__spec__", None), "origin", "")).startswith("/lib/python3"))`;

// Output before PyScript has asked for the interpreter is held, then handed to it.
const io = {stdout: null, stderr: null, held: []};
const output = (kind) => (line) => (io[kind] ? io[kind](line) : io.held.push([kind, line]));

async function boot() {
  const t0 = performance.now();
  const game = fetchGameZip();
  const config = {...baseOptions(), stdout: output("stdout"), stderr: output("stderr")};
  let snapshot = null;
  try {
    snapshot = readSnapshot();
  } catch (e) {
    status.problem = String(e && e.message || e);
  }
  if (snapshot) {
    // Pyodide's JS glue, loaded while the worker reads (Pyodide then finds it loaded).
    import(INDEX_URL + "pyodide.asm.mjs").catch(() => {});
    let found = false, size = 0;
    try {
      ({found, size} = await snapshot.found);
      performance.mark("hermitage:snapshot-found");
    } catch (e) {
      status.problem = String(e && e.message || e);
    }
    if (found) {
      try {
        store().setItem(PENDING, BOOT.key);
        return started(await fromSnapshot(config, snapshot.raw, game, size, snapshot.module), "snapshot", t0);
      } catch (e) {
        console.warn("Hermitage: the stored start-up snapshot did not load; starting Python normally.", e);
        await giveUp(String(e && e.message || e));
      }
    }
  }
  const py = await pyodide.loadPyodide(config);
  installGame(py, await game);
  return started(py, "fresh", t0);
}

function started(py, mode, t0) {
  performance.mark("hermitage:python-ready");
  status.mode = mode;
  status.pythonMs = performance.now() - t0;
  status.modules = () => py.runPython(MODULES).toJs();
  return py;
}

let booting = null;
const start = () => (booting ??= boot());

/** PyScript's entry point: the interpreter this module started, with PyScript's output. */
export async function loadPyodide(options = {}) {
  performance.mark("hermitage:pyscript-asks");
  const py = await start();
  io.stdout = options.stdout || console.log;
  io.stderr = options.stderr || console.error;
  for (const [kind, line] of io.held.splice(0)) io[kind](line);
  return py;
}

/** The shell calls this once the first table (or the start screen) is drawn. */
status.ready = function () {
  store()?.removeItem(PENDING);
  if (status.mode === "fresh" && snapshotsAllowed()) whenSettled().then(buildSnapshot);
};

/** A start from the snapshot that failed after Python was up (game/ui/boot.py calls this):
 * drop it and load the page again without it. */
status.retry = function () {
  giveUp("the page failed to start from the snapshot").then(() => location.reload());
};

/** Once the service worker serves the files (the worker's downloads then cost nothing) and
 * the page is idle. */
function whenSettled() {
  const sw = navigator.serviceWorker;
  const controlled = !sw || sw.controller ? Promise.resolve()
    : new Promise((resolve) => sw.addEventListener("controllerchange", resolve, {once: true}));
  return controlled.then(() => new Promise((resolve) =>
    (globalThis.requestIdleCallback || setTimeout)(resolve, {timeout: 2000})));
}

function buildSnapshot() {
  const snapshot = status.snapshot = {state: "building", started: performance.now()};
  const worker = new Worker(new URL("./snapshot-maker.mjs", import.meta.url), {type: "module"});
  const done = (result) => {
    worker.terminate();              // and with it the interpreter that made the snapshot
    Object.assign(snapshot, result, {finished: performance.now()});
    if (snapshot.state !== "stored") console.info("Hermitage: no start-up snapshot this time:", snapshot.error);
  };
  worker.onmessage = ({data}) => done(data);
  worker.onerror = (e) => done({state: "failed", error: e.message || "the worker did not start"});
  worker.postMessage("build");
}

if (globalThis.document) {
  performance.mark("hermitage:start");
  globalThis.hermitageBoot = status;
  start();
}
