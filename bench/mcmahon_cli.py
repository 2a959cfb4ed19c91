"""A large McMahon round paired as a command: `blossom-pairing --mcmahon FILE -p`.

Builds an OpenGotha file of a large open (default 985 players, ranks spread
like a European open, ~12 players per club, a host country with half the
field, and one player in ten without a club), pairs its first rounds with
the engine and random results drawn from the rank difference, writes the
file, then runs the command line on it as a separate process and reports
that process's CPU time (reading the file, pairing, writing the pairs),
the median over the runs, with its peak memory.

    .venv/bin/python bench/mcmahon_cli.py [--players 985] [--before 1] [--repeat 5]
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.engine.mcmahon import McMahonConfig, pair_round
from pairing.engine.mcmahon.ranks import format_rank
from pairing.formats.opengotha import write_opengotha
from pairing.gorecord import (
    GoBye,
    GoGame,
    GoPlayer,
    GoSettings,
    GoTournament,
    mcmahon_config,
    mcmahon_request,
)


def make_tournament(n: int, rng: random.Random) -> GoTournament:
    countries = ["FR"] * 10 + ["DE", "CZ", "PL", "NL", "GB", "IT", "AT", "HU", "RO", "UA"]
    players = []
    for k in range(n):
        rank = max(-30, min(6, round(rng.gauss(-5, 7))))
        country = rng.choice(countries)
        club = "" if rng.random() < 0.1 else f"{country}{rng.randint(1, max(1, n // 24))}"
        players.append(
            GoPlayer(
                name=f"Player{k + 1:04d}",
                first_name="X",
                rank=format_rank(rank).upper(),
                rating=2100 + 100 * rank + rng.randint(-49, 49),
                club=club,
                country=country,
            )
        )
    settings = GoSettings(name="Large open", number_of_rounds=6, mm_bar="3D", mm_floor="25K")
    return GoTournament(players=players, settings=settings)


def play_rounds(t: GoTournament, rounds: int, rng: random.Random) -> McMahonConfig:
    config = mcmahon_config(t.settings)
    for r in range(1, rounds + 1):
        pairing = pair_round(mcmahon_request(t, r, config))
        for g in pairing.games:
            w, b = t.players[g.white - 1], t.players[g.black - 1]
            edge = (w.rank_value - b.rank_value) - g.handicap
            won = rng.random() < 1 / (1 + math.exp(-0.45 * edge))
            result = "RESULT_WHITEWINS" if won else "RESULT_BLACKWINS"
            t.games.append(GoGame(r, g.white - 1, g.black - 1, result, g.handicap, g.board))
        t.byes += [GoBye(r, b.player - 1) for b in pairing.byes if b.reason == "pairing"]
    return config


def run_command(path: Path) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, peak memory in MB) of one run of the command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pairing.cli.pair", "--mcmahon", str(path), "-p", "-"],
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"the command failed ({done.returncode}):\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, after.ru_maxrss // 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=985)
    parser.add_argument("--before", type=int, default=1, help="rounds played before the timed one")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    t = make_tournament(args.players, rng)
    play_rounds(t, args.before, rng)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "large-open.xml"
        write_opengotha(t, path)
        runs = [run_command(path) for _ in range(args.repeat)]
    cpu = [r[0] for r in runs]
    wall = [r[1] for r in runs]
    print(
        f"blossom-pairing --mcmahon, {args.players} players, round {args.before + 1} "
        f"({args.repeat} runs)"
    )
    print(
        f"  CPU time of the command: median {statistics.median(cpu):.2f} s, best {min(cpu):.2f} s"
    )
    print(f"  wall time: median {statistics.median(wall):.2f} s")
    print(f"  peak memory of a run: {max(r[2] for r in runs)} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
