// Reads the start-up snapshot off the main thread.  static/js/start.js starts this worker
// as the page starts, so the snapshot is looked up in Cache Storage at once; when
// static/js/pyodide-boot.mjs asks ("read"), it answers {found, size} (the raw size the
// maker stored beside it: 0 if unknown), then decompresses and unpacks it and hands the raw
// snapshot over ({raw}, transferred, not copied) or {error}.  When there is none, it
// deletes what the cache holds (snapshots of older deploys).
import { inflate, SNAPSHOT_CACHE, SNAPSHOT_URL } from "./snapshot-format.mjs";

// (looked up without creating the cache: this runs even where snapshots are turned off)
const lookup = caches.has(SNAPSHOT_CACHE).then(async (kept) => {
  const store = kept ? await caches.open(SNAPSHOT_CACHE) : null;
  return {store, hit: store && await store.match(SNAPSHOT_URL)};
});
lookup.catch(() => {});              // (a failure is answered when asked)

globalThis.onmessage = async () => {
  try {
    const {store, hit} = await lookup;
    postMessage({found: !!hit, size: hit ? Number(hit.headers.get("X-Raw-Size")) || 0 : 0});
    if (!hit) {
      for (const request of store ? await store.keys() : []) await store.delete(request);
      return;
    }
    const raw = await inflate(hit);
    postMessage({raw}, [raw.buffer]);
  } catch (e) {
    postMessage({error: String(e && e.message || e)});
  }
};
