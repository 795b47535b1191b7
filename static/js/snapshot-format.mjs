// The stored form of a start-up snapshot (static/js/pyodide-boot.mjs), and where: the snapshot's
// non-zero pages, then gzip-compressed by the maker.  A snapshot is Pyodide's header and a
// copy of the whole heap (30 MiB), most of it zeros; leaving those out leaves less to
// decompress on every start:
//   "HSNP" | version | raw length | page size | page count | bitmap (a bit a page) | the pages
import * as BOOT from "../vendor/boot.mjs";

const MAGIC = 0x504e5348, FORMAT = 1, PAGE = 4096;
const ROOT = new URL("../../", import.meta.url);
/** Where it is stored: Cache Storage, the snapshot for BOOT.key and nothing else (other
 * entries are stale). */
export const SNAPSHOT_CACHE = "hermitage-snapshot " + ROOT.href;
export const SNAPSHOT_URL = new URL("__snapshot__/" + BOOT.key, ROOT).href;

/** How the maker and the reader compile Pyodide's wasm, so that a returning visit finds it
 * compiled.  Chromium keeps a compiled wasm beside its Cache Storage entry (its code cache)
 * once the module that a streaming compile of that response made has been optimised enough
 * (measured: the first visit's maker, then every warm start's reader, compile through the
 * service worker's Cache Storage).  But V8 keeps one compiled module per process for the
 * same bytes and options, so without a difference the maker's compile shares the module the
 * page already optimised, adds too little new code, and the cache is written in about one
 * visit in three or four (traces, 2026-11-25: a warm start then compiles some 1,700 functions on the
 * main thread as Python first calls them).  A compile option of its own gives the maker its
 * own module: the cache was written and used in 5 of 5 traced visits (1,700 lazily compiled
 * functions down to about 200; warm start median 941 against 995 ms, 12 profiles taking turns,
 * 3 warm starts each).
 * Pyodide imports no ``wasm:js-string`` function, so the option changes nothing else; a
 * browser without JS string builtins ignores it. */
export const COMPILE_OPTIONS = {builtins: ["js-string"]};

/** The stored form of a raw snapshot, before compression. */
export function pack(raw) {
  const count = Math.ceil(raw.length / PAGE);
  const bitmap = new Uint8Array(Math.ceil(count / 8));
  const pages = [];
  for (let i = 0; i < count; i++) {
    const page = raw.subarray(i * PAGE, (i + 1) * PAGE);
    if (page.some((b) => b !== 0)) {
      bitmap[i >> 3] |= 1 << (i & 7);
      pages.push(page);
    }
  }
  return new Blob([new Uint32Array([MAGIC, FORMAT, raw.length, PAGE, count]), bitmap, ...pages]);
}

/** The raw snapshot back from its stored form (decompressed). */
export function unpack(stored) {
  const head = new Uint32Array(stored.buffer.slice(stored.byteOffset, stored.byteOffset + 20));
  if (head[0] !== MAGIC || head[1] !== FORMAT || head[3] !== PAGE) throw new Error("not a stored snapshot");
  const [length, count] = [head[2], head[4]];
  const bitmap = stored.subarray(20, 20 + Math.ceil(count / 8));
  const raw = new Uint8Array(length);
  let at = 20 + bitmap.length;
  for (let i = 0; i < count; i++) {
    if (bitmap[i >> 3] & (1 << (i & 7))) {
      const size = Math.min(PAGE, length - i * PAGE);
      raw.set(stored.subarray(at, at + size), i * PAGE);
      at += size;
    }
  }
  if (at !== stored.length) throw new Error("a stored snapshot of the wrong length");
  return raw;
}

/** The raw snapshot stored in Cache Storage under ``url``, gzip-decompressed and unpacked. */
export async function inflate(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return unpack(new Uint8Array(await new Response(stream).arrayBuffer()));
}
