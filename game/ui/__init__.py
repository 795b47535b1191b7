"""The page: everything that draws the table or talks to the browser.

Only :mod:`game.ui.app` (and the tiny :mod:`game.ui.boot` that PyScript runs)
import ``js`` / ``pyodide``; every other module here is pure Python that turns
views into SVG/HTML text, so it runs (and is tested) under plain CPython too.

* :mod:`svg` small markup helpers; :mod:`cards` draws every card (one module
  for all games) and the suit symbols;
* ``render_<game>`` one small module per game; :mod:`render_generic` draws
  any game that has no renderer of its own yet;
* :mod:`params` reads the share link; :mod:`saves` the localStorage envelope;
* :mod:`session` the turn loop's logic (whose turn, summaries, pacing);
* :mod:`ai_glue` the AI's time-sliced search (or a random stand-in).
"""
