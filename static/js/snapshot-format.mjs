// The stored form of a start-up snapshot (static/js/pyodide-boot.mjs), and where: the snapshot's
// non-zero pages, then gzip-compressed by the maker.  A snapshot is Pyodide's header and a
// copy of the whole heap (30 MiB), most of it zeros; leaving those out leaves less to
// decompress on every start:
//   "HSNP" | version | raw length | page size | page count | bitmap (a bit a page) | the pages
import * as BOOT from "../vendor/boot.mjs";
import { COMPILE_OPTIONS, SNAPSHOT_CACHE } from "./snapshot-names.mjs";

export { COMPILE_OPTIONS, SNAPSHOT_CACHE };

const MAGIC = 0x504e5348, FORMAT = 1, PAGE = 4096;
const ROOT = new URL("../../", import.meta.url);
/** Where it is stored: in Cache Storage's SNAPSHOT_CACHE, the snapshot for BOOT.key and
 * nothing else (other entries are stale). */
export const SNAPSHOT_URL = new URL("__snapshot__/" + BOOT.key, ROOT).href;


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
