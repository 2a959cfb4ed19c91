"""One McMahon round for a large field: time per phase and quality figures.

A synthetic event: ranks spread like a large European open (about 5k
average, 30k..7d), ~12 players per club, a host country with half the field.
Earlier rounds are paired by the engine itself with results drawn from the
rank difference (minus the handicap); then one round is timed.

    .venv/bin/python bench/mcmahon.py [--players 1000] [--before 3] [--repeat 3]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.engine.mcmahon import (
    ABSENT,
    BYE,
    GAME,
    McMahonConfig,
    McMahonPlayer,
    McMahonRequest,
    RoundRecord,
    pair_round,
)


def make_field(n: int, rng: random.Random) -> tuple[McMahonPlayer, ...]:
    countries = ["FR"] * 10 + ["DE", "CZ", "PL", "NL", "GB", "IT", "AT", "HU", "RO", "UA"]
    players = []
    for k in range(n):
        rank = max(-30, min(6, round(rng.gauss(-5, 7))))
        country = rng.choice(countries)
        players.append(
            McMahonPlayer(
                id=k + 1,
                rank=rank,
                name=f"P{k + 1}",
                rating=2100 + 100 * rank + rng.randint(-49, 49),
                country=country,
                club=f"{country}{rng.randint(1, max(1, n // 24))}",
            )
        )
    return tuple(players)


def white_wins(white: McMahonPlayer, black: McMahonPlayer, stones: int, rng) -> bool:
    edge = (white.rank - black.rank) - stones
    return rng.random() < 1 / (1 + math.exp(-0.45 * edge))


def play(players, pairing, rng):
    records = {}
    for g in pairing.games:
        w, b = players[g.white - 1], players[g.black - 1]
        won = white_wins(w, b, g.handicap, rng)
        records[g.white] = RoundRecord(GAME, g.black, 1, 1.0 if won else 0.0, g.handicap)
        records[g.black] = RoundRecord(GAME, g.white, -1, 0.0 if won else 1.0, g.handicap)
    for b in pairing.byes:
        records[b.player] = RoundRecord(BYE if b.reason == "pairing" else ABSENT)
    return tuple(
        McMahonPlayer(
            p.id,
            p.rank,
            name=p.name,
            rating=p.rating,
            club=p.club,
            country=p.country,
            rounds=(*p.rounds, records[p.id]),
        )
        for p in players
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--before", type=int, default=3, help="rounds paired before the timed one")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of the same round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--backend", default="auto")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    config = McMahonConfig(bar=2, floor=-25)  # bar 3d, floor 25k
    players = make_field(args.players, rng)
    print(f"McMahon, {args.players} players, bar 3d, floor 25k")
    for r in range(1, args.before + 1):
        start = time.perf_counter()
        pairing = pair_round(McMahonRequest(players, r, config, backend=args.backend))
        print(f"  round {r}: {time.perf_counter() - start:6.2f} s (history)")
        players = play(players, pairing, rng)

    round_number = args.before + 1
    request = McMahonRequest(players, round_number, config, backend=args.backend)
    times, cpu, pairing = [], [], None
    for _ in range(args.repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        pairing = pair_round(request)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    assert pairing is not None
    q = pairing.quality
    print(f"\nround {round_number} (timed, {args.repeat} runs)")
    print(f"  wall time: median {statistics.median(times):.2f} s, best {min(times):.2f} s")
    print(f"  CPU time: median {statistics.median(cpu):.2f} s (other work on the machine aside)")
    print(
        "  phases of the last run: "
        + ", ".join(f"{k} {v:.2f} s" for k, v in pairing.timings.items())
    )
    print(f"  matching backend: {pairing.backend}, edges solved: {pairing.edges}")
    print(f"  games {q.games}, byes {len(pairing.byes)}")
    print(
        f"  unequal MMS games {q.unequal_mms_games} (expected {q.expected_unequal_mms_games}),"
        f" same country {q.same_country_games}, same club {q.same_club_games},"
        f" handicap games {q.handicap_games} (max {q.max_handicap} stones)"
    )
    print(f"  players with |W - B| >= 2: {q.colour_imbalanced_players}")
    print(f"  Q_mms {q.q_mms:.3f}  Q_area {q.q_area:.3f}  Q_colour {q.q_colour:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
