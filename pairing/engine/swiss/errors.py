"""Errors the Swiss engine raises for people (arbiters, command-line users)."""

from __future__ import annotations


class PairingError(Exception):
    """No legal pairing exists for the round.

    `players` are the pairing numbers of the players who cannot be paired and
    `reasons` says, per player, why. No partial pairing is ever returned.
    """

    def __init__(
        self, message: str, *, players: tuple[int, ...] = (), reasons: dict[int, str] | None = None
    ) -> None:
        self.players = tuple(players)
        self.reasons = dict(reasons or {})
        lines = [message]
        lines.extend(
            f"  player {pid}: {self.reasons[pid]}" for pid in self.players if pid in self.reasons
        )
        super().__init__("\n".join(lines))


class RequestError(ValueError):
    """The request itself is inconsistent (duplicate ids, unknown system, ...)."""


class WeightRangeError(ValueError):
    """The round's exact integer weights would not fit the supported range.

    Edge weights must stay within +-2**60 so that every backend can hold them,
    and the sums and doublings a blossom algorithm performs on them, in int64.
    """
