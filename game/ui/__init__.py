"""The page: everything that draws the table or talks to the browser.

Only :mod:`game.ui.app` (and the tiny :mod:`game.ui.boot` that PyScript runs)
import ``js`` / ``pyodide``; every other module here is pure Python that turns
views into SVG/HTML text, so it runs (and is tested) under plain CPython too.

* :mod:`controller` the turn loop (``draw``, ``sleep`` and ``think`` passed in;
  cancelled by asyncio task cancellation): pacing, the held trick, whose turn;
* :mod:`screens` every screen's markup: ``start`` (the start screen),
  ``play`` (the table screen: board, status, scores, log, captured cards),
  ``result`` (round summaries and the game-over dialog);
* :mod:`urls` what the address bar opens and shows; :mod:`settings` the
  person's settings; :mod:`saves` the localStorage envelope; :mod:`params`
  the share link's codec;
* :mod:`session` one game at the table (phase, summaries, undo);
  :mod:`gamelog` the log in words, read from the engine's events;
* :mod:`svg` small markup helpers; :mod:`cards` draws every card; :mod:`table`
  the layout and pieces every renderer shares; ``render_<module>`` one small
  module per game, named after its rules module (:mod:`renderers` finds it).

The browser side of the motion (morphing #board with morphdom, FLIP with the
Web Animations API) is ``static/js/motion.js``.
"""
