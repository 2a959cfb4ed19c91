"""Print where Blossom can be reached (used by `make run`)."""

from __future__ import annotations

import socket
import sys

from tournaments.network import lan_address


def main(host: str, port: str) -> None:
    print()
    print(
        f"Blossom is starting on http://127.0.0.1:{port}/ (admin at /admin/, arbiters at /arbiter/)"
    )
    if host in ("0.0.0.0", "::"):
        addr = lan_address() or socket.gethostname()
        print(f"Players on the venue network can open: http://{addr}:{port}/")
    print()


if __name__ == "__main__":
    main(*(sys.argv[1:3] if len(sys.argv) >= 3 else ("127.0.0.1", "8000")))
