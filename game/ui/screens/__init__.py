"""Every screen's markup as plain Python (text in, HTML text out; no browser).

* :mod:`.start`  the start screen: settings and one card per game;
* :mod:`.play`   the table screen: the board, the status line, scores, the log;
* :mod:`.result` the round summary and the game-over dialog.

:mod:`game.ui.app` puts these strings into the page; ``tests/`` checks them.
"""
