// Reads the start-up snapshot off the main thread.  static/js/start.js starts this worker
// as the page starts, so the snapshot is looked up in Cache Storage at once, and when there
// is one, Pyodide's wasm is compiled here meanwhile (the page then only instantiates it).
// When static/js/pyodide-boot.mjs asks ("read"), it answers {found, size} (the raw size the
// maker stored beside it: 0 if unknown), then {module} (the compiled wasm, or null: the page
// compiles it itself), then decompresses and unpacks the snapshot and hands the raw bytes
// over ({raw}, transferred, not copied), or {error}.  When there is none, it deletes what
// the cache holds (snapshots of older deploys).
import { COMPILE_OPTIONS, SNAPSHOT_CACHE } from "./snapshot-names.mjs";

const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url);

// The snapshot's cache exists (checked without creating it: this runs even where snapshots
// are turned off): start compiling at once, while the rest loads and the snapshot is looked
// up.  (After a deploy the cache may hold only a stale snapshot: this worker then deletes
// it and ends as soon as the page asks, compile and all, and the page starts Python normally.)
const kept = caches.has(SNAPSHOT_CACHE);
const compiled = kept.then((k) => (k ? WebAssembly.compileStreaming(fetch(WASM), COMPILE_OPTIONS) : null))
  .catch(() => null);
const format = import("./snapshot-format.mjs");
// (matched without opening the cache: caches.open would make it again if the page has
// just dropped it)
const lookup = Promise.all([kept, format]).then(async ([k, {SNAPSHOT_URL}]) =>
  ({kept: k, hit: k ? await caches.match(SNAPSHOT_URL, {cacheName: SNAPSHOT_CACHE}) : undefined}));
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
    const {kept: k, hit} = await lookup;
    if (!hit) {
      // (its entries only: a maker may have just opened the cache to store a new one)
      const store = k ? await caches.open(SNAPSHOT_CACHE) : null;
      for (const request of store ? await store.keys() : []) await store.delete(request);
      close();
      return;
    }
    const raw = format.then(({inflate}) => inflate(hit));
    raw.catch(() => {});             // (its failure is answered below, after the module)
    sendModule(await compiled);
    const bytes = await raw;
    postMessage({raw: bytes}, [bytes.buffer]);
  } catch (e) {
    postMessage({error: String(e && e.message || e)});
  }
};
