// The names the snapshot's reader needs before anything else, in a module that imports
// nothing, so the reader (static/js/snapshot-reader.mjs) can start compiling Pyodide's wasm
// after one module load instead of three (snapshot-format.mjs, which imports boot.mjs, is
// loaded meanwhile).  snapshot-format.mjs re-exports both.

/** The Cache Storage cache that holds the start-up snapshot (only this site's: a GitHub Pages
 * origin is shared with the owner's other sites). */
export const SNAPSHOT_CACHE = "hermitage-snapshot " + new URL("../../", import.meta.url).href;

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
