"""This machine's address on the venue network (for the poster page and `make run`)."""

from __future__ import annotations

import socket


def lan_address() -> str | None:
    """This machine's address on the local network, found without sending anything."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # a documentation address; UDP connect sends nothing
            return s.getsockname()[0]
        except OSError:
            return None
