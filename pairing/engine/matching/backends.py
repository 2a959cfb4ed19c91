"""The names of the matching backends (see `api`), importable without numpy."""

from __future__ import annotations

BACKENDS = ("networkx", "rustworkx", "blossom", "priced")
