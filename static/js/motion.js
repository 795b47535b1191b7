// The table's redraw and motion (called from game/ui/app.py once per draw).
// The new markup is morphed into #board by morphdom (vendored from npm, pinned in
// package.json): an element with the same data-key (a card) keeps its DOM node, so
// it is animated from where it was (FLIP with the Web Animations API): a card slides
// from a hand to a trick; a card that was nowhere (a computer's hidden hand) comes
// from its player's plate (the cards the last move named, ``fresh``); a card that leaves the table (a taken trick) flies to
// the taker's plate and fades.  Returns how long the motion lasts, in seconds
// (0 with reduced motion or when the page asks for none).
"use strict";
(function () {
  var DURATION = 380;
  function reduced() {
    return window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches;
  }
  function rects(root) {
    var out = {};
    root.querySelectorAll("[data-key]").forEach(function (el) {
      out[el.getAttribute("data-key")] = el.getBoundingClientRect();
    });
    return out;
  }
  function plateRect(root, seat) {
    if (seat === null || seat === undefined || seat < 0) return null;
    var p = root.querySelector('.plate[data-seat="' + seat + '"]');
    return p ? p.getBoundingClientRect() : null;
  }
  // Move a card's inner group (class mv) so it appears at `from` and glides home.
  function glide(el, from, to) {
    var mv = el.querySelector(".mv");
    if (!mv || !to.width) return false;
    var unit = to.width / 64;                   // screen px per card unit (cards are 64 units wide)
    var dx = (from.left - to.left) / unit, dy = (from.top - to.top) / unit;
    var s = from.width && from.width / to.width;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && Math.abs(s - 1) < 0.02) return false;
    mv.animate([
      {transform: "translate(" + dx + "px," + dy + "px) scale(" + (s || 0.4) + ")", opacity: s ? 1 : 0.2},
      {transform: "none", opacity: 1}
    ], {duration: DURATION, easing: "cubic-bezier(.2,.7,.2,1)"});
    return true;
  }
  // A card leaving the table: a copy flies from where it was towards `to` and fades.
  function leave(el, from, to, layer) {
    var box = layer.getBoundingClientRect();
    var ghost = document.createElement("div");
    ghost.className = "ghost";
    ghost.style.left = (from.left - box.left) + "px";
    ghost.style.top = (from.top - box.top) + "px";
    ghost.style.width = from.width + "px";
    ghost.style.height = from.height + "px";
    var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 64 92");
    var g = el.cloneNode(true);
    g.removeAttribute("transform");
    svg.appendChild(g);
    ghost.appendChild(svg);
    layer.appendChild(ghost);
    var dx = to.left + to.width / 2 - (from.left + from.width / 2);
    var dy = to.top + to.height / 2 - (from.top + from.height / 2);
    ghost.animate([{transform: "none", opacity: 1},
                   {transform: "translate(" + dx + "px," + dy + "px) scale(.35)", opacity: 0}],
                  {duration: DURATION + 120, easing: "ease-in"}).onfinish = function () { ghost.remove(); };
  }
  window.hermitageDraw = function (board, html, moverSeat, animate, fresh) {
    fresh = fresh ? String(fresh).split(" ") : [];
    var move = animate && !reduced();
    var before = move ? rects(board) : null;
    var leaving = [];
    window.morphdom(board, '<div id="board">' + html + "</div>", {
      childrenOnly: true,
      getNodeKey: function (n) { return n.getAttribute ? (n.getAttribute("data-key") || n.id) : null; },
      onBeforeNodeDiscarded: function (n) {
        if (move && n.getAttribute && n.getAttribute("data-key") && before[n.getAttribute("data-key")]) {
          leaving.push([n.cloneNode(true), before[n.getAttribute("data-key")], n.getAttribute("data-to")]);
        }
        return true;
      }
    });
    if (!move) return 0;
    var moved = 0, layer = document.getElementById("ghosts");
    board.querySelectorAll("[data-key]").forEach(function (el) {
      var key = el.getAttribute("data-key"), to = el.getBoundingClientRect();
      var from = before[key] || (fresh.indexOf(key) >= 0 ? plateRect(board, moverSeat) : null);
      if (from && glide(el, from, to)) moved++;
    });
    leaving.forEach(function (l) {
      var to = plateRect(board, l[2] === null ? null : Number(l[2]));
      if (to && layer) { leave(l[0], l[1], to, layer); moved++; }
    });
    return moved ? (DURATION + 120) / 1000 : 0;
  };
})();
