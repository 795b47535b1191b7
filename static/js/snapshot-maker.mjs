// Makes the memory snapshot that pyodide-boot.mjs restores on the next visit, off the main
// thread.  A throwaway Pyodide with the page's own options and files imports the modules
// BOOT.preload names (the game modules that touch no JavaScript, and the standard library
// the game and PyScript import), is checked to hold no JavaScript module, snapshotted,
// packed (its all-zero pages left out: snapshot-format.mjs) and gzip-compressed
// (CompressionStream), and stored in Cache Storage under BOOT.key.  The page
// then terminates this worker: the interpreter that made the snapshot is never used.
//
// Pyodide restores a snapshot into a heap of its default size (it ignores the larger one a
// snapshot asks for: pyodide issue 6254), so one made after the heap grew is not stored.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import createPyodideModule from "../vendor/pyodide/pyodide.asm.mjs";
import * as BOOT from "../vendor/boot.mjs";
import { baseOptions, fetchGameZip, installGame, SNAPSHOT_CACHE, SNAPSHOT_URL } from "./pyodide-boot.mjs";
import { COMPILE_OPTIONS, pack } from "./snapshot-format.mjs";

const PRELOAD = `
import gc, importlib, sys
from pyodide.ffi import JsProxy

def _js_modules():
    return sorted(k for k, m in list(sys.modules.items()) if isinstance(m, JsProxy))

_before = _js_modules()
for _name in PRELOAD:
    importlib.import_module(_name)
if _js_modules() != _before:
    raise RuntimeError(f"a preloaded module imported JavaScript: {sorted(set(_js_modules()) - set(_before))}")
del _name, _before, _js_modules
gc.collect()
len(sys.modules)
`;

/** A snapshot of a fresh interpreter that has imported BOOT.preload (``python`` runs after). */
export async function makeSnapshot(zip, python = "") {
  const t0 = performance.now();
  let defaultHeap = 0;
  const py = await loadPyodide({
    ...baseOptions(),
    _makeSnapshot: true,
    stdout: () => {},
    stderr: (line) => console.warn("snapshot worker:", line),
    async createPyodideModule(settings) {  // the heap a restore will have: before Python runs
      settings.preRun.push((Module) => { defaultHeap = Module.HEAP8.length; });
      // compiled as the reader will compile it (snapshot-format.mjs: COMPILE_OPTIONS), through
      // Pyodide's one call of instantiateStreaming
      const streaming = WebAssembly.instantiateStreaming;
      WebAssembly.instantiateStreaming = (source, imports) => streaming(source, imports, COMPILE_OPTIONS);
      try {
        return await createPyodideModule(settings);
      } finally {
        WebAssembly.instantiateStreaming = streaming;
      }
    },
  });
  installGame(py, await zip);
  py.globals.set("PRELOAD", py.toPy(BOOT.preload));
  const modules = py.runPython(PRELOAD);
  py.globals.delete("PRELOAD");
  if (python) py.runPython(python);
  const heap = py._module.HEAP8.length;
  if (heap > defaultHeap) {
    throw new Error(`the heap grew to ${heap} bytes; a restore has ${defaultHeap}`);
  }
  const raw = py.makeMemorySnapshot();
  return {raw, modules, heap, makeMs: performance.now() - t0};
}

async function build() {
  const t0 = performance.now();
  const {raw, modules, heap, makeMs} = await makeSnapshot(fetchGameZip());
  const compressed = await new Response(
    pack(raw).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const request of await cache.keys()) await cache.delete(request);
  await cache.put(SNAPSHOT_URL, new Response(compressed, {
    headers: {"Content-Type": "application/octet-stream", "X-Raw-Size": String(raw.length)}}));
  return {state: "stored", key: BOOT.key, modules, heap, raw: raw.length, compressed: compressed.byteLength,
          makeMs, totalMs: performance.now() - t0};
}

globalThis.onmessage = async () => {
  try {
    postMessage(await build());
  } catch (e) {
    postMessage({state: "failed", error: String(e && e.message || e)});
  }
};
