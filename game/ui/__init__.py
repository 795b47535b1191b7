"""The page: everything that draws the table or talks to the browser.

Only :mod:`game.ui.app` (and the tiny :mod:`game.ui.boot` that PyScript runs)
import ``js`` / ``pyodide``; every other module here is pure Python that turns
views into SVG/HTML text, so it runs (and is tested) under plain CPython too.

* :mod:`svg` small markup helpers; :mod:`cards` draws every card (one module
  for all games) and the suit symbols;
* ``render_<module>`` one small module per game, named after its rules
  module (:mod:`renderers` finds it);
* :mod:`params` reads the share link; :mod:`saves` the localStorage envelope;
* :mod:`session` the turn loop's logic (whose turn, summaries, pacing);
* :mod:`gamelog` the log in words, read from the engine's events.
"""
