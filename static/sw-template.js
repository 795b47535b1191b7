// Hermitage service worker: precache every file of the site, then serve it cache-first.
// sw.js is GENERATED from static/sw-template.js by scripts/precache.py: edit the template.
//
// - install: fetch every listed file (from the HTTP cache when fresh; again from the
//   network when its content hash does not match the list), and store them all in one
//   cache named after the combined hash. Any failure aborts the install, so a half-
//   published site never replaces a working cache.
// - activate (first visit at once; an update once no tab runs the old version): delete
//   this site's caches of other versions (only ours: a GitHub Pages origin is shared with
//   the owner's other sites), then take control of open pages.
// - fetch: same-origin GETs are answered from the cache, navigations with index.html
//   (any query: ?game=...&seed=... is a deal, not a file); anything not precached goes to
//   the network untouched. Other origins are never touched (the page makes no such
//   requests anyway).
"use strict";

const PRECACHE = __PRECACHE__;

const SCOPE = self.registration ? self.registration.scope : new URL("./", self.location.href).href;
const PREFIX = "hermitage " + SCOPE + " ";
const CACHE = PREFIX + PRECACHE.version;
const INDEX = new URL("index.html", SCOPE).href;

async function sha16(response) {
  const bytes = await response.clone().arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchChecked(name, hash) {
  const url = new URL(name, SCOPE).href;
  for (const mode of ["default", "reload"]) {
    const response = await fetch(new Request(url, {cache: mode, credentials: "same-origin"}));
    if (!response.ok) throw new Error(`precache: ${name}: HTTP ${response.status}`);
    if ((await sha16(response)) === hash) return [url, response];
  }
  throw new Error(`precache: ${name}: content does not match this version (publish in progress?)`);
}

async function install() {
  const entries = await Promise.all(
    Object.entries(PRECACHE.files).map(([name, hash]) => fetchChecked(name, hash)));
  const cache = await caches.open(CACHE);
  await Promise.all(entries.map(([url, response]) => cache.put(url, response)));
}

async function activate() {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
  await self.clients.claim();
}

async function respond(request) {
  const cache = await caches.open(CACHE);
  let hit;
  if (request.mode === "navigate") {
    const url = new URL(request.url);
    const path = url.origin + url.pathname;
    hit = await cache.match(path === SCOPE ? INDEX : path);
  } else {
    hit = await cache.match(request);
  }
  return hit || fetch(request);
}

self.addEventListener("install", (event) => {
  // No skipWaiting: a new version waits until every tab of the old one is closed, so a
  // running game never mixes files of two versions.
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(activate());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !request.url.startsWith(SCOPE)) return;
  event.respondWith(respond(request));
});
