"""Game id -> its renderer module ``game.ui.render_<module>``, named after its
rules module (as pgx names drawing and rules the same): ``render(view, ctx)``
and ``HEIGHT``, the table's height in table units (or ``height(view, ctx)``
where it varies).

>>> renderer("hermit-stones").__name__
'game.ui.render_hermit_stones'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .. import module_name


def renderer(game: str) -> ModuleType:
    """The game's renderer (every registered game has one)."""
    return importlib.import_module(f"{__package__}.render_{module_name(game)}")
