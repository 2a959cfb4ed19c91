"""What every method receives: the table, the unplayed-round rules and a cache.

Methods share intermediate results (adjusted scores, Buchholz values for AOB,
TPR for APRO, the game graph for the indirect methods) through `Context.memo`,
and report problems that are not errors (a results graph that is not strongly
connected, say) through `Context.warn`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tiebreaks.methods.table import ResultsTable
from tiebreaks.methods.unplayed import Rules


class TiebreakWarning(UserWarning):
    """A tiebreak was computed, but under a stated assumption."""


@dataclass
class Context:
    table: ResultsTable
    rules: Rules = Rules.FIDE_2024
    round_robin: bool = False
    warnings: list[str] = field(default_factory=list)
    _memo: dict[Any, Any] = field(default_factory=dict, repr=False)

    @property
    def n(self) -> int:
        return self.table.n

    @property
    def arrays(self):
        return self.table.arrays

    @property
    def scores(self) -> np.ndarray:
        return self.table.scores

    def memo(self, key: Any, compute: Callable[[], Any]) -> Any:
        """Compute once per context."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)
            warnings.warn(message, TiebreakWarning, stacklevel=3)
