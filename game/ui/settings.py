"""The person's settings (computer level, pacing, watch pace), kept in localStorage.

Stored values are untrusted: only well-formed ones are kept.

>>> from game.ui.saves import MemoryStorage
>>> st = MemoryStorage(); st.setItem(KEY, '{"level": "hard", "fast": "yes", "pace": 99}')
>>> load(st)
Settings(level='hard', fast=False, pace=1.0)
>>> s = load(st); s.fast = True; store(st, s); load(st).fast
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from . import params

KEY = "hermitage.settings"
WATCH_PACE = 1.0      # seconds per move in watch mode unless the link or settings say otherwise
#: the paces the start screen offers for watch mode
PACES = (0.3, 1.0, 2.0, 4.0)


@dataclass
class Settings:
    level: str = "easy"           # the computer players' level
    fast: bool = False            # skip the pacing of computer moves (and the motion)
    pace: float = WATCH_PACE      # seconds per move when watching


def from_json(data: Any) -> Settings:
    """Settings from stored JSON data, keeping only well-formed values."""
    out = Settings()
    if not isinstance(data, dict):
        return out
    if data.get("level") in params.LEVELS:
        out.level = data["level"]
    if isinstance(data.get("fast"), bool):
        out.fast = data["fast"]
    pace = data.get("pace")
    if (isinstance(pace, (int, float)) and not isinstance(pace, bool)
            and params.PACE_RANGE[0] <= pace <= params.PACE_RANGE[1]):
        out.pace = float(pace)
    return out


def load(storage: Any) -> Settings:
    try:
        return from_json(json.loads(storage.getItem(KEY) or "{}"))
    except ValueError:
        return Settings()


def store(storage: Any, settings: Settings) -> None:
    storage.setItem(KEY, json.dumps(asdict(settings)))


def change(settings: Settings, key: str, value: Any) -> bool:
    """Apply one control of the start screen (``data-setting`` = key); False if unknown.

    >>> s = Settings(); change(s, "pace", "2"), s.pace, change(s, "colour", "red")
    (True, 2.0, False)
    """
    if key == "level" and value in params.LEVELS:
        settings.level = value
    elif key == "fast":
        settings.fast = bool(value)
    elif key == "pace":
        settings.pace = float(value)
    else:
        return False
    return True
