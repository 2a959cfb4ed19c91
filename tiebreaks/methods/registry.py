"""The registry: tiebreak methods keyed by their acronym.

Acronyms follow FIDE C.07 (BH, BH-C1, SB, ARO-C1, ...), the EGF (SOS, SOSOS,
...) and the tiebreak proposals (RB, LS, RELO, GRS). Modifiers are written
with a hyphen; `get_method` also accepts the other spellings in use
("BH/C1", "BHC1", "AROC1") and "GE" for REP.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import numpy as np

from tiebreaks.methods import buchholz, counts, encounter, go, indirect, performance, relative_elo
from tiebreaks.methods.context import Context

Compute = Callable[[Context], np.ndarray]


@dataclass(frozen=True)
class Method:
    """One tiebreak: acronym, what it is, the rule it follows and how to compute it."""

    acronym: str
    title: str
    rule: str
    compute: Compute
    higher_is_better: bool = True
    decimals: int = 2
    uses_ties: bool = False  # needs the groups of players still tied (DE)
    doc: str = ""  # the computing function's docstring: the rule in words

    def values(self, ctx: Context) -> np.ndarray:
        """One value per player (NaN where the method has none), computed once."""
        if self.uses_ties:
            return self.compute(ctx)
        return ctx.memo(self.acronym, lambda: self.compute(ctx))


class UnknownTiebreak(ValueError):
    pass


_MODIFIERS = {"C1": (1, 0), "C2": (2, 0), "M1": (1, 1), "M2": (2, 2)}
_CUT_ONLY = ("C1", "C2")
_ALL = ("C1", "C2", "M1", "M2")

_METHODS: dict[str, Method] = {}


def _add(method: Method, *, documented_by: Callable | None = None) -> None:
    fn = documented_by or getattr(method.compute, "func", method.compute)
    if not method.doc:
        method = replace(method, doc=inspect.getdoc(fn) or "")
    _METHODS[method.acronym] = method


def _family(
    acronym: str,
    title: str,
    rule: str,
    fn: Callable[..., np.ndarray],
    modifiers: tuple[str, ...],
    **options,
) -> None:
    _add(Method(acronym, title, rule, fn, **options))
    for mod in modifiers:
        low, high = _MODIFIERS[mod]
        kind = "Cut" if mod[0] == "C" else "Median"
        _add(
            Method(
                f"{acronym}-{mod}",
                f"{title}, {kind}-{mod[1]}",
                f"{rule}; modifier per C.07 §14 and §16.5",
                partial(_with_cut, fn, low=low, high=high),
                **options,
            ),
            documented_by=fn,
        )


def _with_cut(fn, ctx: Context, *, low: int, high: int) -> np.ndarray:
    return fn(ctx, low=low, high=high) if high else fn(ctx, low=low)


_C07 = "FIDE C.07"
_family("BH", "Buchholz", f"{_C07} §8.1, unplayed rounds §16", buchholz.buchholz, _ALL)
_family("FB", "Fore Buchholz", f"{_C07} §8.3", buchholz.fore_buchholz, _ALL)
_family("SB", "Sonneborn-Berger", f"{_C07} §9.1", buchholz.sonneborn_berger, _CUT_ONLY)
_add(
    Method(
        "AOB",
        "Average of opponents' Buchholz",
        f"{_C07} §8.2",
        buchholz.average_of_opponents_buchholz,
    )
)
_add(
    Method(
        "DE",
        "Direct encounter (place among the tied)",
        f"{_C07} §6",
        lambda ctx, groups=None: encounter.direct_encounter(ctx, groups),
        higher_is_better=False,
        decimals=0,
        uses_ties=True,
    ),
    documented_by=encounter.direct_encounter,
)
_add(Method("WIN", "Rounds won (incl. unplayed)", f"{_C07} §7.1", counts.wins, decimals=0))
_add(Method("WON", "Games won over the board", f"{_C07} §7.2", counts.games_won, decimals=0))
_add(Method("BPG", "Games played with black", f"{_C07} §7.3", counts.black_games, decimals=0))
_add(Method("BWG", "Games won with black", f"{_C07} §7.4", counts.black_wins, decimals=0))
_add(
    Method(
        "REP",
        "Rounds elected to play",
        f"{_C07} §7.6 (formerly GE)",
        counts.rounds_elected_to_play,
        decimals=0,
    )
)
_family("PS", "Progressive score", f"{_C07} §7.5", counts.progressive_score, _CUT_ONLY)
_add(Method("KS", "Koya score (round robin)", f"{_C07} §9.2", encounter.koya))
_family(
    "ARO",
    "Average rating of opponents",
    f"{_C07} §10.1",
    performance.average_rating_of_opponents,
    _ALL,
    decimals=0,
)
_add(
    Method(
        "TPR",
        "Tournament performance rating",
        f"{_C07} §10.2",
        performance.tournament_performance_rating,
        decimals=0,
    )
)
_add(
    Method(
        "PTP",
        "Perfect tournament performance",
        f"{_C07} §10.3",
        performance.perfect_tournament_performance,
        decimals=0,
    )
)
_add(
    Method(
        "APRO",
        "Average performance rating of opponents",
        f"{_C07} §10.4",
        performance.average_performance_of_opponents,
        decimals=0,
    )
)
_add(
    Method(
        "APPO",
        "Average perfect performance of opponents",
        f"{_C07} §10.5",
        performance.average_perfect_performance_of_opponents,
        decimals=0,
    )
)

_EGF = "EGF (OpenGotha placement criteria)"
_add(Method("MMS", "McMahon score", _EGF, go.mcmahon_score))
_add(Method("SOS", "Sum of opponents' scores", _EGF, go.sum_of_opponents_scores))
for _drop in (1, 2):
    _add(
        Method(
            f"SOS-{_drop}",
            f"Sum of opponents' scores, lowest {_drop} dropped",
            _EGF,
            partial(go.sum_of_opponents_scores, drop=_drop),
        )
    )
_add(Method("SOSOS", "Sum of opponents' SOS", _EGF, go.sum_of_opponents_sos))
_add(
    Method("SODOS", "Sum of defeated opponents' scores", _EGF, go.sum_of_defeated_opponents_scores)
)
_add(Method("CUSS", "Cumulative sum of scores", _EGF, go.cumulative_sum_of_scores))

_PIPPEL = "Tiebreak proposals (Pippel 2020)"
_add(
    Method(
        "RB",
        "Recursive Buchholz",
        f"{_PIPPEL}; Gonzalez-Diaz et al. 2013",
        indirect.recursive_buchholz,
        decimals=4,
    )
)
_add(
    Method(
        "LS",
        "Least-squares rating",
        f"{_PIPPEL}; Gulliksen 1956",
        indirect.least_squares,
        decimals=4,
    )
)
_add(
    Method(
        "RELO",
        "Relative Elo rating",
        f"{_PIPPEL}; Elo 1978",
        relative_elo.relative_elo,
        decimals=2,
    )
)
_add(
    Method(
        "GRS",
        "Generalised row sum",
        f"{_PIPPEL}; Chebotarev 1989",
        indirect.generalised_row_sum,
        decimals=4,
    )
)

_ALIASES = {"GE": "REP", "SOS1": "SOS-1", "SOS2": "SOS-2", "GRSM": "GRS"}
_SPELLING = re.compile(r"^([A-Z]+?)\s*[-/#:]?\s*([CM][12])$")


def canonical(name: str) -> str:
    """The registry acronym for a spelling in use ("BH/C1", "AROC1" -> "BH-C1", "ARO-C1")."""
    key = name.strip().upper()
    key = _ALIASES.get(key, key)
    if key in _METHODS:
        return key
    match = _SPELLING.match(key)
    if match:
        base, mod = match.groups()
        base = _ALIASES.get(base, base)
        candidate = f"{base}-{mod}"
        if candidate in _METHODS:
            return candidate
    known = ", ".join(sorted(_METHODS))
    raise UnknownTiebreak(f"unknown tiebreak {name!r}; known: {known}")


def get_method(name: str) -> Method:
    return _METHODS[canonical(name)]


def all_methods() -> dict[str, Method]:
    return dict(_METHODS)
