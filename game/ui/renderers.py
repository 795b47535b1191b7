"""Game id -> its renderer module: ``render(view, ctx)`` and ``HEIGHT``, the
table's height in table units (or ``height(view, ctx)`` where it varies)."""

from __future__ import annotations

import importlib
from types import ModuleType

from . import render_generic

_MODULES = {
    "hermit": "render_hermit",
    "type-trump": "render_type_trump",
    "ferret": "render_ferret",
    "hermits-whist": "render_whist",
    "hermit-stones": "render_stones",
}


def renderer(game: str) -> ModuleType:
    """The game's own renderer, or the generic one while it has none."""
    name = _MODULES.get(game)
    if name is None:
        return render_generic
    try:
        return importlib.import_module(f"{__package__}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__package__}.{name}":
            raise
        return render_generic
