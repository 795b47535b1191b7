"""What PyScript runs: start the page (see game.ui.app)."""

from game.ui.app import main

APP = main()
