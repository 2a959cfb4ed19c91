"""Go ranks in the data model: the validator pattern, and the engine's numbering.

The integers are the McMahon engine's (pairing/engine/mcmahon/ranks.py):
30k = -30, ..., 1k = -1, 1d = 0, ..., 9d = 8, 1p = 9, ..., 9p = 17.
"""

from __future__ import annotations

from pairing.engine.mcmahon.ranks import RankError, format_rank, parse_rank

GO_RANK_RE = r"^(?:[1-9]|[12][0-9]|30)[kK]$|^[1-9][dDpP]$"


def rank_to_grade(rank: str) -> int:
    return parse_rank(rank)


def grade_to_rank(grade: int) -> str:
    return format_rank(grade)


__all__ = ["GO_RANK_RE", "RankError", "grade_to_rank", "rank_to_grade"]
