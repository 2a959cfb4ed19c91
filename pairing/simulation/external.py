"""An external pairing engine that speaks the bbpPairings command line.

    ENGINE_CMD INPUT.trf -p OUTPUT

`ENGINE_CMD` is the command as the user gives it, system flag included
("/opt/bbpPairings.exe --dutch", "java -jar javafo.jar ..." with a wrapper),
split like a shell would split it but never run through a shell. Before each
round the simulation writes the event so far as a TRF (the rounds played,
the number of rounds, the first round's colour, half-point byes already
announced for the coming round) and reads back the engine's answer: the
number of pairs, then one "white black" line per board, the
pairing-allocated bye as "id 0".

Exit codes follow the convention those engines share: 0 paired, 1 no valid
pairing, anything else an error. Everything that goes wrong becomes an
`ExternalEngineError` naming the round and what was wrong.
"""

from __future__ import annotations

import shlex
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pairing.formats.trf import format_trf
from pairing.record import TournamentRecord

DEFAULT_TIMEOUT = 120.0


class ExternalEngineError(RuntimeError):
    """The external engine failed, timed out or answered something unusable.

    no_pairing: the engine reported (exit code 1) that no valid pairing exists,
    a fact about the event rather than a fault of the engine."""

    def __init__(self, message: str, *, no_pairing: bool = False) -> None:
        super().__init__(message)
        self.no_pairing = no_pairing


@dataclass(frozen=True, slots=True)
class ExternalPairing:
    games: tuple[tuple[int, int], ...]  # (white, black) per board
    pairing_bye: int | None


def split_command(command: str) -> tuple[str, ...]:
    """The command's words (shell quoting rules, no shell)."""
    try:
        words = tuple(shlex.split(command))
    except ValueError as exc:
        raise ExternalEngineError(f"engine command {command!r}: {exc}") from None
    if not words:
        raise ExternalEngineError("the engine command is empty")
    return words


def parse_pairs(text: str, *, round_number: int) -> ExternalPairing:
    """Read the engine's answer: a count, then "white black" lines ("id 0" = bye)."""
    where = f"round {round_number}: engine output"
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise ExternalEngineError(f"{where} is empty")
    try:
        count = int(lines[0])
    except ValueError:
        raise ExternalEngineError(
            f"{where} line 1: expected the number of pairs, found {lines[0]!r}"
        ) from None
    if count != len(lines) - 1:
        raise ExternalEngineError(
            f"{where} line 1: announces {count} pairs but {len(lines) - 1} follow"
        )
    games: list[tuple[int, int]] = []
    bye: int | None = None
    for number, line in enumerate(lines[1:], start=2):
        parts = line.split()
        try:
            a, b = (int(x) for x in parts)
        except ValueError:
            raise ExternalEngineError(
                f"{where} line {number}: expected two pairing numbers, found {line!r}"
            ) from None
        if a <= 0 or b < 0:
            raise ExternalEngineError(f"{where} line {number}: invalid pairing number in {line!r}")
        if b == 0:
            if bye is not None:
                raise ExternalEngineError(f"{where} line {number}: a second bye ({a})")
            bye = a
        else:
            games.append((a, b))
    return ExternalPairing(tuple(games), bye)


def check_pairing(pairing: ExternalPairing, *, expected: set[int], round_number: int) -> None:
    """Every player to be paired appears exactly once, nobody else appears."""
    seen: list[int] = [x for game in pairing.games for x in game]
    if pairing.pairing_bye is not None:
        seen.append(pairing.pairing_bye)
    where = f"round {round_number}: the engine"
    twice = sorted({x for x in seen if seen.count(x) > 1})
    if twice:
        raise ExternalEngineError(f"{where} pairs player(s) {twice} more than once")
    unknown = sorted(set(seen) - expected)
    if unknown:
        raise ExternalEngineError(f"{where} pairs player(s) {unknown} who should not be paired")
    missing = sorted(expected - set(seen))
    if missing:
        raise ExternalEngineError(f"{where} leaves player(s) {missing} unpaired")


class ExternalEngine:
    """Runs `command` on a TRF of the event so far and returns the next round."""

    def __init__(self, command: str | tuple[str, ...], *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.words = split_command(command) if isinstance(command, str) else tuple(command)
        if not self.words:
            raise ExternalEngineError("the engine command is empty")
        self.timeout = timeout

    @property
    def text(self) -> str:
        return shlex.join(self.words)

    def pair(
        self, record: TournamentRecord, *, round_number: int, expected: set[int]
    ) -> ExternalPairing:
        with tempfile.TemporaryDirectory(prefix="blossom-sim-") as folder:
            trf = Path(folder) / "event.trf"
            out = Path(folder) / "pairs.txt"
            trf.write_text(format_trf(record), encoding="utf-8")
            try:
                done = subprocess.run(
                    [*self.words, str(trf), "-p", str(out)],
                    capture_output=True,
                    text=True,
                    timeout=self.timeout,
                    check=False,
                )
            except FileNotFoundError:
                raise ExternalEngineError(f"engine {self.words[0]!r} was not found") from None
            except PermissionError:
                raise ExternalEngineError(f"engine {self.words[0]!r} cannot be run") from None
            except subprocess.TimeoutExpired:
                raise ExternalEngineError(
                    f"round {round_number}: the engine did not answer within {self.timeout:g} s"
                ) from None
            message = (done.stderr or done.stdout or "").strip().splitlines()
            detail = f": {message[-1]}" if message else ""
            if done.returncode == 1:
                raise ExternalEngineError(
                    f"round {round_number}: the engine found no valid pairing{detail}",
                    no_pairing=True,
                )
            if done.returncode != 0:
                raise ExternalEngineError(
                    f"round {round_number}: the engine stopped with exit code "
                    f"{done.returncode}{detail}"
                )
            if not out.exists():
                raise ExternalEngineError(f"round {round_number}: the engine wrote no pairing file")
            text = out.read_text(encoding="utf-8", errors="replace")
        pairing = parse_pairs(text, round_number=round_number)
        check_pairing(pairing, expected=expected, round_number=round_number)
        return pairing
