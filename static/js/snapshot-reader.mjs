// Reads the start-up snapshot off the main thread (static/js/pyodide-boot.mjs starts it as
// the page loads): looks it up in Cache Storage, answers {found, size} (the raw size the
// maker stored beside it: 0 if unknown), then decompresses and
// unpacks it and hands the raw snapshot over ({raw}, transferred, not copied) or {error}.
// When there is none, it deletes what the cache holds (snapshots of older deploys).
import { inflate } from "./snapshot-format.mjs";

globalThis.onmessage = async ({data: {cache, url}}) => {
  try {
    const store = await caches.open(cache);
    const hit = await store.match(url);
    postMessage({found: !!hit, size: hit ? Number(hit.headers.get("X-Raw-Size")) || 0 : 0});
    if (!hit) {
      for (const request of await store.keys()) await store.delete(request);
      return;
    }
    const raw = await inflate(hit);
    postMessage({raw}, [raw.buffer]);
  } catch (e) {
    postMessage({error: String(e && e.message || e)});
  }
};
