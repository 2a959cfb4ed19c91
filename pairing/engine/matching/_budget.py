"""How much work this process may still do in the plain kernels (see `kernels`)."""

from __future__ import annotations

# Work units (adjacency entries and nodes the plain runs look at, about 0.15 us
# of CPU each) a process may spend in the plain kernels: about 0.4 s.
PLAIN_BUDGET = 2_500_000

preferred = 0  # how many `kernels.plain_preferred` blocks are open
spent = 0


def budgeted() -> bool:
    """Whether plain runs count against PLAIN_BUDGET (within `plain_preferred`)."""
    return bool(preferred)


def left() -> int:
    return PLAIN_BUDGET - spent


def spend(work: int) -> None:
    global spent
    spent += work
