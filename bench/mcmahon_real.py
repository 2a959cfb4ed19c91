"""Re-pair every round of the real OpenGotha tournaments and compare quality.

For each file in data/go/opengotha and each round with games, the round is
paired again by Blossom's McMahon engine from the real history of the rounds
before it, with the same players (those who played or had a bye in that
round). The quality figures of section 10 of the weights paper and plain
counts are printed for our pairing next to the pairing the organisers used.

    .venv/bin/python bench/mcmahon_real.py [--data DIR] [--detail]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pairing.engine.mcmahon import (
    PlayedGame,
    cumulative_quality,
    pair_round,
    player_states,
    round_quality,
)
from pairing.formats.opengotha import read_opengotha
from pairing.gorecord import GoTournament, mcmahon_config, mcmahon_request

DEFAULT_DATA = Path("/work/shared/data/go/opengotha")


def real_field(t: GoTournament, round_number: int) -> set[int]:
    field = {b.player for b in t.byes_in(round_number)}
    for g in t.games_in(round_number):
        field |= {g.white, g.black}
    return field


def compare_round(t: GoTournament, round_number: int, config, seed: int = 0):
    field = real_field(t, round_number)
    request = mcmahon_request(t, round_number, config, field=field, seed=seed)
    states = player_states(request)
    theirs = [
        PlayedGame(g.white, g.black, g.handicap)
        for g in t.games_in(round_number)
        if not g.by_default
    ]
    their_q = round_quality(states, theirs, config)
    start = time.perf_counter()
    ours = pair_round(request)
    elapsed = time.perf_counter() - start
    return ours, their_q, elapsed


def row(label: str, q) -> str:
    unequal = f"{q.unequal_mms_games}/{q.expected_unequal_mms_games}"
    handicap = f"{q.handicap_games}/{q.max_handicap}"
    return (
        f"{label:>6} {q.games:>5} {unequal:>7} {q.same_country_games:>4} {q.same_club_games:>4}"
        f" {handicap:>6} {q.colour_imbalanced_players:>4}"
        f"  {q.q_mms:6.3f} {q.q_area:6.3f} {q.q_colour:6.3f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--detail", action="store_true", help="one line per round")
    args = parser.parse_args(argv)
    header = (
        f"{'':>6} {'games':>5} {'M/E':>7} {'cntr':>4} {'club':>4} {'hd/max':>6} {'col2':>4}"
        f"  {'Q_mms':>6} {'Q_area':>6} {'Q_col':>6}"
    )
    for path in sorted(args.data.glob("*.xml")):
        t = read_opengotha(path)
        config = mcmahon_config(t.settings)
        rounds = [r for r in t.rounds_with_games() if t.games_in(r)]
        print(f"\n== {path.name}: {len(t.players)} players, rounds with games {rounds}")
        if not rounds:
            print("   (no games recorded: nothing to compare)")
            continue
        ours_all, theirs_all, times = [], [], []
        if args.detail:
            print(header)
        for r in rounds:
            ours, theirs, elapsed = compare_round(t, r, config)
            ours_all.append(ours.quality)
            theirs_all.append(theirs)
            times.append(elapsed)
            if args.detail:
                print(f"round {r}")
                print(row("ours", ours.quality))
                print(row("theirs", theirs))
        total = {"ours": cumulative_quality(ours_all), "theirs": cumulative_quality(theirs_all)}
        print(
            f"{'':>6} {'games':>5} {'unequal':>9} {'cntry':>5} {'club':>5} {'hdcp':>5}"
            f" {'col>=2':>6}  {'Q_mms':>6} {'Q_area':>6} {'Q_col':>6}"
        )
        for label, qs in (("ours", ours_all), ("theirs", theirs_all)):
            tq = total[label]
            unequal = sum(q.unequal_mms_games for q in qs)
            expected = sum(q.expected_unequal_mms_games for q in qs)
            print(
                f"{label:>6} {sum(q.games for q in qs):>5} {f'{unequal}/{expected}':>9}"
                f" {sum(q.same_country_games for q in qs):>5}"
                f" {sum(q.same_club_games for q in qs):>5}"
                f" {sum(q.handicap_games for q in qs):>5} {qs[-1].colour_imbalanced_players:>6}"
                f"  {tq.q_mms:6.3f} {tq.q_area:6.3f} {tq.q_colour:6.3f}"
            )
        print(f"   pairing time per round: max {max(times) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
