// The start page before Python: the game list is in the HTML (scripts/start_page.py writes
// it from the games' declarations), and this small script makes it usable at once.
//
// - It starts Python (static/js/pyodide-boot.mjs) and, before that, the start-up snapshot's
//   reader, and on a first visit the download of Pyodide's wasm.
// - Run in <head>, before the body paints: a bare address shows the list; an address with
//   a query (a deal, a statistics page, or a bad link) shows the loading bar until Python
//   decides (html[data-open] = "list" | "link"; hermitage.css hides the other).
// - A saved game's Continue button shows from its save in localStorage (the save's own
//   move count; Python checks that it replays and hides it if not).
// - A button pressed before Python is ready is remembered (the last one wins): its card
//   shows progress, and game/ui/app.py takes it with hermitageStart.take() and carries it
//   out the moment it starts. Afterwards this script steps aside ("hermitage:ready").
"use strict";
(function () {
  var root = document.documentElement;
  root.setAttribute("data-open", location.search.length > 1 ? "link" : "list");
  // The start-up snapshot's reader, started before anything else: by the time
  // static/js/pyodide-boot.mjs asks it (and takes it, or stops it), it has looked up the
  // snapshot (static/js/snapshot-reader.mjs).  Its first answer, whether there is one, may
  // come before that module asks: it is kept here.
  try {
    var reader = {worker: new Worker("static/js/snapshot-reader.mjs", {type: "module"}), answers: []};
    reader.worker.onmessage = function (e) { reader.answers.push(e.data); };
    window.hermitageSnapshotReader = reader;
  } catch (e) { /* no module workers: pyodide-boot.mjs starts Python without a snapshot */ }
  // Pyodide's wasm (9.6 MB), on a first visit: its download starts now.  Not once the
  // service worker serves the site: a preloaded response loses the browser's cache of the
  // compiled wasm (measured: a start without the snapshot took 1.74 s with it, 1.27 s without),
  // and with a snapshot the reader compiles it and the page never needs its bytes.
  if (!(navigator.serviceWorker && navigator.serviceWorker.controller)) {
    var wasm = document.createElement("link");
    wasm.rel = "preload";
    wasm.as = "fetch";
    wasm.setAttribute("crossorigin", "");
    wasm.href = "static/vendor/pyodide/pyodide.asm.wasm";
    document.head.appendChild(wasm);
  }
  // Python's start (static/js/pyodide-boot.mjs) at once, not after the first paint as the
  // browser may hold an async module script.
  import("./pyodide-boot.mjs").catch(function (e) { console.error("Hermitage: Python did not start:", e); });

  var ready = false, pending = null;
  var STAGES = {downloading: "Downloading the game…", starting: "Starting Python…", ready: "Starting…"};

  function showSaves() {
    document.querySelectorAll("#games section.game").forEach(function (card) {
      var gid = card.getAttribute("data-game"), moves = null;
      try {
        var save = JSON.parse(localStorage.getItem("hermitage.save." + gid) || "null");
        if (save && save.game === gid && Array.isArray(save.moves)) moves = save.moves.length;
      } catch (e) { moves = null; }           // unreadable: Python keeps it aside and says so
      if (moves === null) return;
      var cont = card.querySelector('[data-action="continue"]');
      // (worded as game/ui/screens/start.py's continue_label, which replaces it once Python is up)
      cont.textContent = "Continue saved game (" + (moves ? moves + " move" + (moves === 1 ? "" : "s") : "not started") + ")";
      cont.hidden = false;
      var play = card.querySelector('[data-action="new-deal"]');
      play.textContent = "New game";
      play.classList.remove("primary");
    });
  }

  function stageText() {
    var box = document.getElementById("loading");
    return STAGES[box && box.getAttribute("data-stage")] || STAGES.downloading;
  }

  function unmark() {
    document.querySelectorAll("#games [data-pending]").forEach(function (card) {
      card.removeAttribute("data-pending");
      card.querySelector(".starting").hidden = true;
      card.querySelectorAll("[aria-busy]").forEach(function (b) { b.removeAttribute("aria-busy"); });
    });
  }

  function mark(button, game) {
    var card = document.getElementById("game-" + game);
    if (!card) return;
    card.setAttribute("data-pending", button.getAttribute("data-action"));
    button.setAttribute("aria-busy", "true");
    var box = card.querySelector(".starting");
    box.querySelector(".starting-text").textContent = stageText() + " " + button.textContent.trim()
      + " as soon as it is ready.";
    box.hidden = false;
  }

  document.addEventListener("click", function (e) {
    if (ready || !e.target.closest) return;
    var button = e.target.closest("#start [data-action]");
    if (!button) return;
    e.preventDefault();
    e.stopPropagation();
    unmark();
    pending = [button.getAttribute("data-action"), button.getAttribute("data-game") || ""];
    if (pending[1]) mark(button, pending[1]);
  }, true);

  // The settings panel is a popover over the list: a press outside it, or Escape, closes it.
  function settings() {
    var s = document.getElementById("settings");
    return s && s.open ? s : null;
  }
  document.addEventListener("pointerdown", function (e) {
    var s = settings();
    if (s && !s.contains(e.target)) s.open = false;
  });
  document.addEventListener("keydown", function (e) {
    var s = settings();
    if (s && e.key === "Escape") {
      s.open = false;
      s.querySelector("summary").focus();
    }
  });

  // The named stage of the loading bar (static/js/shell.js) shown on the waiting card.
  function follow() {
    var box = document.getElementById("loading");
    if (!box || !window.MutationObserver) return;
    new MutationObserver(function () {
      document.querySelectorAll("#games [data-pending] .starting-text").forEach(function (t) {
        t.textContent = stageText() + t.textContent.replace(/^[^…]*…/, "");
      });
    }).observe(box, {attributes: true, attributeFilter: ["data-stage"]});
  }

  document.addEventListener("DOMContentLoaded", function () {
    showSaves();
    follow();
  });

  addEventListener("hermitage:ready", function () {
    ready = true;
    unmark();
  });

  window.hermitageStart = {
    // The button pressed before Python was ready, as "action game", once; "" if none.
    take: function () {
      var p = pending;
      pending = null;
      return p ? p.join(" ") : "";
    }
  };
})();
