"""What PyScript runs: start the page (see game.ui.app).

Python may have started from a memory snapshot (static/js/pyodide-boot.mjs): if the page
then fails to start, that snapshot is dropped and the page loads again without it.
"""

import js  # type: ignore[import-not-found]

try:
    from game.ui.app import main

    APP = main()
except Exception:
    _boot = getattr(js, "hermitageBoot", None)
    if _boot is not None and str(_boot.mode) == "snapshot":
        _boot.retry()
    raise
