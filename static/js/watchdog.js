// The boot watchdog: a start that cannot hang without saying so.
//
// Pyodide's loader only logs "wasm instantiation failed!" (console.warn) when the
// WebAssembly cannot be instantiated (say a damaged or evicted cached copy), and never
// settles, so the page would wait forever. This script watches the boot instead:
// progress is a file finishing its download, a stage of the loading bar, PyScript's
// py:ready; done is "hermitage:ready" (game/ui/app.py, once the page works). When nothing
// has progressed for LIMIT seconds, or Pyodide reports that failure, #watchdog says so
// and offers to clear this site's service worker and its Cache Storage and reload.
// Saves and statistics live in localStorage and are never touched.
// (window.hermitageWatchdog = {seconds: n} before this script sets the limit: tests.)
"use strict";
(function () {
  var LIMIT = ((window.hermitageWatchdog || {}).seconds || 45) * 1000;
  var last = Date.now(), done = false, shown = false, timer = null;
  var SCOPE = new URL("./", location.href).href;

  function progress() { last = Date.now(); }

  function box() { return document.getElementById("watchdog"); }

  function stuck(why) {
    if (done || shown || !box()) return;
    shown = true;
    var b = box();
    b.setAttribute("data-why", why);
    b.hidden = false;
    var loading = document.getElementById("loading");
    if (loading) loading.hidden = true;
    document.getElementById("watchdog-clear").focus();
  }

  async function clearAndReload() {
    var button = document.getElementById("watchdog-clear");
    button.disabled = true;
    button.textContent = "Clearing…";
    try {
      if ("serviceWorker" in navigator) {
        var reg = await navigator.serviceWorker.getRegistration();
        if (reg) await reg.unregister();
      }
      if (window.caches) {            // only this site's caches (an origin may hold other sites)
        var names = await caches.keys();
        await Promise.all(names.filter(function (n) { return n.indexOf("hermitage " + SCOPE) === 0; })
          .map(function (n) { return caches.delete(n); }));
      }
    } catch (e) {
      console.warn("Hermitage: clearing the cached copy:", e && e.message);
    }
    location.reload();
  }

  var warn = console.warn;
  console.warn = function () {
    if (String(arguments[0]).indexOf("wasm instantiation failed") >= 0) setTimeout(function () { stuck("wasm"); }, 0);
    return warn.apply(console, arguments);
  };

  if (window.PerformanceObserver) {
    try { new PerformanceObserver(progress).observe({type: "resource"}); } catch (e) { /* old browser */ }
  }
  addEventListener("py:ready", progress);
  addEventListener("hermitage:ready", function () {
    done = true;
    clearInterval(timer);
    console.warn = warn;
    if (box()) box().hidden = true;
  });
  document.addEventListener("DOMContentLoaded", function () {
    progress();
    var loading = document.getElementById("loading");
    if (loading && window.MutationObserver) {
      new MutationObserver(progress).observe(loading, {attributes: true, attributeFilter: ["data-stage"]});
    }
    document.getElementById("watchdog-clear").addEventListener("click", clearAndReload);
    timer = setInterval(function () {
      if (!done && Date.now() - last > LIMIT) stuck("quiet");
    }, 1000);
  });
})();
