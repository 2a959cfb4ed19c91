"""Public names of a package imported when first used (PEP 562).

    __getattr__, __dir__ = lazy.names(__name__, {"solve": "api", ...})

A package that re-exports its modules' names loads all of them, and everything
they import, as soon as any one of its modules is imported. With these two
functions a name is taken from its module when first asked for (and kept);
any other attribute is the submodule of that name, as after `import a.b`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def names(
    package: str, home: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """(`__getattr__`, `__dir__`) for `package`, whose public names live in the
    modules `home` gives (name -> module, relative to the package)."""
    namespace = importlib.import_module(package).__dict__

    def getattr_(name: str) -> Any:
        module = home.get(name)
        if module is not None:
            value = getattr(importlib.import_module(f"{package}.{module}"), name)
        else:
            try:
                value = importlib.import_module(f"{package}.{name}")
            except ModuleNotFoundError as error:
                if error.name != f"{package}.{name}":
                    raise
                raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *home})

    return getattr_, dir_
