"""Running a kernel file of this package as plain Python.

The numba kernel files `_blossom.py` and `_start.py` import numba's `njit`
and numpy only when their module has none yet. `load_plain` executes such a
file as a new module whose `njit` returns functions unchanged: the same
functions, interpreted, without importing numba, and whose `np` imports numpy
when first used (the FIDE engine's exact solver never uses it: a process
pairing one round with it does not load numpy). The file's bytecode is
compiled once and cached like any module's (`__pycache__`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType


def _njit(*args, **kwargs):
    if args and callable(args[0]):
        return args[0]
    return lambda function: function


class _Numpy:
    """numpy, imported at the first attribute asked for."""

    __slots__ = ()

    def __getattr__(self, name: str):
        import numpy

        return getattr(numpy, name)


def load_plain(filename: str, name: str) -> ModuleType:
    """A new module `name` (not registered in sys.modules) from this package's `filename`."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name(filename))
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {filename}")
    module = importlib.util.module_from_spec(spec)
    module.njit = _njit  # type: ignore[attr-defined]
    module.np = _Numpy()  # type: ignore[attr-defined]
    spec.loader.exec_module(module)
    return module
