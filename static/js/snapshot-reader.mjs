// Reads the start-up snapshot off the main thread.  static/js/start.js starts this worker
// as the page starts, so the snapshot is looked up in Cache Storage at once, and when there
// is one, Pyodide's wasm is compiled here meanwhile (the page then only instantiates it).
// When static/js/pyodide-boot.mjs asks ("read"), it answers {found, size} (the raw size the
// maker stored beside it: 0 if unknown), then {module} (the compiled wasm, or null: the page
// compiles it itself), then decompresses and unpacks the snapshot and hands the raw bytes
// over ({raw}, transferred, not copied), or {error}.  When there is none, it deletes what
// the cache holds (snapshots of older deploys).
import { COMPILE_OPTIONS, inflate, SNAPSHOT_CACHE, SNAPSHOT_URL } from "./snapshot-format.mjs";

const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url);

// (looked up without creating the cache: this runs even where snapshots are turned off)
const lookup = caches.has(SNAPSHOT_CACHE).then(async (kept) => {
  const store = kept ? await caches.open(SNAPSHOT_CACHE) : null;
  return {store, hit: store && await store.match(SNAPSHOT_URL)};
});
const compiled = lookup.then(({hit}) => (hit ? WebAssembly.compileStreaming(fetch(WASM), COMPILE_OPTIONS) : null))
  .catch(() => null);
// The answer to "is there one?", at once: the page decides what to do with it.
lookup.then(({hit}) => postMessage({found: !!hit, size: hit ? Number(hit.headers.get("X-Raw-Size")) || 0 : 0}),
            (e) => postMessage({error: String(e && e.message || e)}));

function sendModule(module) {
  try {
    postMessage({module});
  } catch {
    postMessage({module: null});     // (a browser that cannot pass compiled wasm to the page)
  }
}

globalThis.onmessage = async () => {
  try {
    const {store, hit} = await lookup;
    if (!hit) {
      for (const request of store ? await store.keys() : []) await store.delete(request);
      close();
      return;
    }
    const raw = inflate(hit);
    raw.catch(() => {});             // (its failure is answered below, after the module)
    sendModule(await compiled);
    const bytes = await raw;
    postMessage({raw: bytes}, [bytes.buffer]);
  } catch (e) {
    postMessage({error: String(e && e.message || e)});
  }
};
