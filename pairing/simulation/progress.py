"""A progress bar on the terminal: done/total, percent, events per second, time left.

Redraws in place on a terminal (carriage return); when the stream is not a
terminal it writes a plain line at every tenth, so logs stay short.
"""

from __future__ import annotations

import time
from typing import TextIO

WIDTH = 30


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    minutes, s = divmod(seconds, 60)
    hours, m = divmod(minutes, 60)
    return f"{hours}:{m:02d}:{s:02d}" if hours else f"{m}:{s:02d}"


class ProgressBar:
    """Call with (done, total) after each event; `close()` ends the line."""

    def __init__(self, stream: TextIO, *, label: str = "events", clock=time.perf_counter) -> None:
        self.stream = stream
        self.label = label
        self.clock = clock
        self.started = clock()
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self._last_tenth = -1
        self._drawn = False

    def line(self, done: int, total: int) -> str:
        elapsed = self.clock() - self.started
        fraction = done / total if total else 1.0
        filled = int(WIDTH * fraction)
        bar = "#" * filled + "-" * (WIDTH - filled)
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (total - done) / rate if rate > 0 else 0.0
        return (
            f"[{bar}] {done}/{total} {self.label} {100 * fraction:3.0f}% "
            f"{rate:.1f}/s, {_duration(elapsed)} elapsed, {_duration(left)} left"
        )

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            self.stream.write("\r" + self.line(done, total))
            self.stream.flush()
            self._drawn = True
            return
        tenth = int(10 * done / total) if total else 10
        if tenth != self._last_tenth:
            self._last_tenth = tenth
            self.stream.write(self.line(done, total) + "\n")
            self.stream.flush()

    def close(self) -> None:
        if self.tty and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
