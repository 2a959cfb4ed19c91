"""The two builds of the package's own backends' kernels, one algorithm.

- compiled (`_compiled`): numba; the fastest per call, but the first use in
  a process costs about half a second of CPU (importing numba, initialising
  its compiler, loading the cached machine code).
- plain (`_plain`): the same functions run as plain Python, with the same
  integer limits, so every run ends in the same state and every answer is
  the same; slower per call, free to start.

Code that pairs one round and ends, such as the command line's -p, asks for the
plain build (`plain_preferred`): "priced" then runs it for graphs of up to
`api.PLAIN_UP_TO` vertices, until the process has spent PLAIN_BUDGET units of
work in it (about what loading the compiled build costs) or has loaded the
compiled build anyway. A solve that runs out of budget is done again compiled,
with the same answer. Everything else (the server, workers, whole-event checks
and simulations) keeps the compiled build: once loaded, it is the faster one.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

from pairing.engine.matching import _budget

COMPILED = "pairing.engine.matching._compiled"
PLAIN_BUDGET = _budget.PLAIN_BUDGET


def get(plain: bool) -> ModuleType:
    if plain:
        from pairing.engine.matching import _plain

        return _plain
    from pairing.engine.matching import _compiled

    return _compiled


def compiled_loaded() -> bool:
    """Whether this process has imported the compiled build."""
    return COMPILED in sys.modules


@contextmanager
def plain_preferred() -> Iterator[None]:
    """Within: "priced" may run the plain build (see the module text)."""
    _budget.preferred += 1
    try:
        yield
    finally:
        _budget.preferred -= 1


def plain_wanted() -> bool:
    """Whether a solve should run the plain build (the size is `api`'s to check)."""
    return _budget.budgeted() and plain_left() > 0 and not compiled_loaded()


def plain_left() -> int:
    """Work the plain build may still do in this process."""
    return _budget.left()
