"""Public pages: no login, only public events and published rounds, cached whole.

The views are imported on first use, so `fastpath` (the WSGI front door) can be
imported before Django is set up."""

from __future__ import annotations

import importlib

_VIEWS = {
    "crosstable": "section",
    "event_find": "event",
    "event_home": "event",
    "event_live": "event",
    "find": "section",
    "home": "event",
    "live": "section",
    "player_detail": "section",
    "poster": "event",
    "round_detail": "section",
    "section_home": "section",
    "standings": "section",
}

__all__ = sorted(_VIEWS)


def __getattr__(name: str):
    if name not in _VIEWS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    view = getattr(importlib.import_module(f"{__name__}.{_VIEWS[name]}"), name)
    globals()[name] = view
    return view
