"""Run a simulation: every event, every system, over the machine's cores.

    result = run_simulation(config, workers=2, progress=lambda done, total: ...)

Events are independent and each is reproducible from (seed, index) alone
(see `event.py`), so they are spread over worker processes and gathered back
in index order: the result is the same, bit for bit, for any number of
workers. `progress(done, total)` is called in the calling process after each
finished event.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from pairing.simulation.config import EXTERNAL, SimulationConfig
from pairing.simulation.event import EventMetrics, simulate_event
from pairing.simulation.external import ExternalEngine

Progress = Callable[[int, int], None]

_ENGINE: ExternalEngine | None = None


@dataclass(frozen=True)
class SimulationResult:
    """The configuration and, per system, one EventMetrics per event (index order)."""

    config: SimulationConfig
    events: dict[str, tuple[EventMetrics, ...]]
    seconds: float = 0.0
    workers: int = 1
    extra: dict = field(default_factory=dict)

    def completed(self, system: str) -> list[EventMetrics]:
        return [m for m in self.events[system] if m.failed is None]

    def failures(self, system: str) -> list[str]:
        return [m.failed for m in self.events[system] if m.failed is not None]


def default_workers() -> int:
    """All cores this process may use; 1 inside a daemonic process (a Celery
    prefork worker), which may not start processes of its own."""
    if multiprocessing.current_process().daemon:
        return 1
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _engine_for(config: SimulationConfig) -> ExternalEngine | None:
    return ExternalEngine(config.engine_cmd or "") if EXTERNAL in config.systems else None


def _init_worker(config: SimulationConfig) -> None:
    global _ENGINE
    _ENGINE = _engine_for(config)


def _one(args: tuple[SimulationConfig, int]) -> tuple[int, dict[str, EventMetrics]]:
    config, index = args
    return index, simulate_event(config, index, engine=_ENGINE)


def run_simulation(
    config: SimulationConfig,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
    start_method: str | None = None,
) -> SimulationResult:
    """Simulate `config.events` events with every system of the configuration."""
    workers = default_workers() if workers is None else max(1, workers)
    workers = min(workers, config.events)
    started = time.perf_counter()
    total = config.events
    by_index: dict[int, dict[str, EventMetrics]] = {}
    if workers == 1:
        engine = _engine_for(config)
        for index in range(total):
            by_index[index] = simulate_event(config, index, engine=engine)
            if progress:
                progress(len(by_index), total)
    else:
        context = multiprocessing.get_context(start_method or _start_method())
        chunk = max(1, min(8, total // (workers * 8)))
        with context.Pool(workers, initializer=_init_worker, initargs=(config,)) as pool:
            jobs = ((config, index) for index in range(total))
            for index, metrics in pool.imap_unordered(_one, jobs, chunksize=chunk):
                by_index[index] = metrics
                if progress:
                    progress(len(by_index), total)
    events = {system: tuple(by_index[i][system] for i in range(total)) for system in config.systems}
    return SimulationResult(
        config=config, events=events, seconds=time.perf_counter() - started, workers=workers
    )


def _start_method() -> str:
    # fork is quick and shares what is already imported; elsewhere use spawn.
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
