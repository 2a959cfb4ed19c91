"""blossom-pairing --mcmahon: Blossom's McMahon engine on an OpenGotha file.

  blossom-pairing --mcmahon TOURNAMENT.xml -p [OUTPUT]
      Pair the round after the last one recorded in the file. Output (to
      OUTPUT, or standard output): the number of pairs, then one
      "white black" line per board, the bye as "id 0" last. Players are
      numbered 1..N in the order of the file's Players list.
  --round K          pair round K from the rounds before it (re-pair a real event)
  --explain          after the pairs, why each board and bye
  --quality          the quality figures (section 10 of the weights paper) of
                     every recorded round, and of the new pairing
  -o OUT.xml         write the tournament with the new round added (OpenGotha)
  --h9 OUT.h9        write the EGF results table of the recorded rounds
  --tou OUT.tou      write the FFG results table of the recorded rounds
  --config FILE      JSON of engine parameters over those the file sets
  --prohibit A,B     players A and B (numbers as above) must not meet; repeatable
  --no-same-club     never pair two players of the same club (a blank club is no club)
  --seed S           seed of the random shuffles (default 0)
  --backend NAME     maximum-weight matching implementation (default auto)

Who plays round K: finally registered players whose participation flag for
round K is set. What reading the file changed or cannot follow (a rank out of
range, a setting Blossom ignores; docs/opengotha-settings.md) is said on
standard error. Exit codes: 0 done; 1 no valid pairing exists; 2 unexpected
error; 3 invalid input (malformed file, bad parameters or arguments); 5 file
error (cannot read or write a file). Messages go to standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from pairing.cli.support import Parser, UsageError, guarded
from pairing.engine.mcmahon import (
    ConfigError,
    McMahonConfig,
    McMahonInputError,
    McMahonPairing,
    NoValidPairing,
    PlayedGame,
    RankError,
    RoundQuality,
    pair_round,
    player_states,
    round_quality,
)
from pairing.formats.h9 import H9Error, dumps_h9
from pairing.formats.opengotha import OpenGothaError, read_opengotha, write_opengotha
from pairing.formats.tou import dumps_tou
from pairing.gorecord import GoBye, GoGame, GoTournament, mcmahon_config, mcmahon_request

EXIT_OK, EXIT_NO_PAIRING, EXIT_UNEXPECTED, EXIT_INVALID, EXIT_SIZE, EXIT_FILE = range(6)
PROG = "blossom-pairing --mcmahon"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG, description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mcmahon", dest="input", metavar="TOURNAMENT.xml", required=True)
    parser.add_argument("-p", dest="pair", nargs="?", const="-", metavar="OUTPUT")
    parser.add_argument("--round", dest="round", type=int, metavar="K")
    parser.add_argument("--explain", action="store_true")
    parser.add_argument("--quality", action="store_true")
    parser.add_argument("-o", dest="output", metavar="OUT.xml")
    parser.add_argument("--h9", metavar="OUT.h9")
    parser.add_argument("--tou", metavar="OUT.tou")
    parser.add_argument("--config", metavar="FILE")
    parser.add_argument("--prohibit", action="append", default=[], metavar="A,B")
    parser.add_argument("--no-same-club", dest="no_same_club", action="store_true")
    parser.add_argument("-s", "--seed", type=int, default=0)
    parser.add_argument("--backend", default="auto")
    return parser


def load_config(t: GoTournament, path: str | None) -> McMahonConfig:
    base = mcmahon_config(t.settings)
    if not path:
        return base
    try:
        overrides = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}:{exc.lineno}:{exc.colno}: {exc.msg}") from None
    if not isinstance(overrides, dict):
        raise ConfigError(f"{path}: the parameters must be a JSON object")
    return McMahonConfig.from_dict({**base.to_dict(), **overrides})


def prohibited_pairs(texts: list[str], players: int) -> tuple[tuple[int, int], ...]:
    pairs = []
    for text in texts:
        parts = text.replace(" ", "").split(",")
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise UsageError(f"--prohibit {text!r}: give two player numbers, e.g. 3,17")
        a, b = int(parts[0]), int(parts[1])
        if not (1 <= a <= players and 1 <= b <= players) or a == b:
            raise UsageError(f"--prohibit {text!r}: players are numbered 1 to {players}")
        pairs.append((a, b))
    return tuple(pairs)


def pairs_text(pairing: McMahonPairing) -> str:
    lines = [f"{g.white} {g.black}" for g in pairing.games]
    lines += [f"{b.player} 0" for b in pairing.byes if b.reason == "pairing"]
    return "\n".join([str(len(lines)), *lines]) + "\n"


def explanation_text(pairing: McMahonPairing) -> str:
    lines = [f"Board {g.board}: {g.explanation.text()}" for g in pairing.games]
    lines += [f"Bye: {b.player}: {b.text()}" for b in pairing.byes]
    return "\n".join(lines) + "\n"


def quality_line(label: str, q: RoundQuality) -> str:
    return (
        f"{label}: games {q.games}, unequal MMS {q.unequal_mms_games} "
        f"(expected {q.expected_unequal_mms_games}), same country {q.same_country_games}, "
        f"same club {q.same_club_games}, handicap games {q.handicap_games} "
        f"(max {q.max_handicap}), colour |W-B|>=2: {q.colour_imbalanced_players}; "
        f"Q_mms {q.q_mms:.3f} Q_area {q.q_area:.3f} Q_colour {q.q_colour:.3f}"
    )


def recorded_quality(t: GoTournament, round_number: int, config: McMahonConfig) -> RoundQuality:
    request = mcmahon_request(t, round_number, config)
    states = player_states(request)
    games = [
        PlayedGame(g.white, g.black, g.handicap)
        for g in t.games_in(round_number)
        if not g.by_default
    ]
    return round_quality(states, games, config)


def _write(path: str, text: str, out: TextIO) -> None:
    if path == "-":
        out.write(text)
    else:
        Path(path).write_text(text, encoding="utf-8")


def with_round(t: GoTournament, pairing: McMahonPairing) -> GoTournament:
    games = [
        GoGame(
            pairing.round_number, g.white - 1, g.black - 1, "RESULT_UNKNOWN", g.handicap, g.board
        )
        for g in pairing.games
    ]
    byes = [
        GoBye(pairing.round_number, b.player - 1) for b in pairing.byes if b.reason == "pairing"
    ]
    return replace(t, games=[*t.games, *games], byes=[*t.byes, *byes])


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.pair is None and not args.quality and not args.h9 and not args.tou:
        raise UsageError("nothing to do: give -p, --quality, --h9 or --tou")
    t = read_opengotha(args.input)
    for warning in t.warnings:
        err.write(f"{PROG}: {args.input}: {warning}\n")
    config = load_config(t, args.config)
    recorded = [r for r in t.rounds_with_games() if t.games_in(r)]
    target = args.round if args.round is not None else t.next_round()
    if target < 1:
        raise UsageError(f"--round must be at least 1, not {target}")
    if args.output and target <= (recorded[-1] if recorded else 0):
        raise UsageError(f"-o adds a new round; round {target} is already recorded")
    for r in range(1, target):
        unknown = [g for g in t.games_in(r) if g.points() is None]
        if unknown:
            err.write(
                f"{PROG}: round {r}: {len(unknown)} game(s) without a result count as "
                "no points for either player\n"
            )
    if target > t.settings.number_of_rounds and args.pair is not None:
        err.write(
            f"{PROG}: the tournament has {t.settings.number_of_rounds} rounds; "
            f"pairing round {target} anyway\n"
        )
    pairing = None
    if args.pair is not None:
        request = mcmahon_request(
            t, target, config, seed=args.seed, detailed_explanations=args.explain,
            backend=args.backend, prohibited_pairs=prohibited_pairs(args.prohibit, len(t.players)),
            forbid_same_club=args.no_same_club,
        )  # fmt: skip
        pairing = pair_round(request)
        _write(args.pair, pairs_text(pairing), out)
        if args.explain:
            out.write(("\n" if args.pair == "-" else "") + explanation_text(pairing))
    if args.quality:
        if args.pair == "-":
            out.write("\n")
        for r in recorded:
            out.write(quality_line(f"Round {r} (recorded)", recorded_quality(t, r, config)) + "\n")
        if pairing is not None:
            out.write(quality_line(f"Round {target} (Blossom)", pairing.quality) + "\n")
    if args.output and pairing is not None:
        write_opengotha(with_round(t, pairing), args.output)
    if args.h9:
        Path(args.h9).write_text(dumps_h9(t, config=config), encoding="utf-8")
    if args.tou:
        Path(args.tou).write_text(dumps_tou(t, config=config), encoding="utf-8")
    return EXIT_OK


def main(
    argv: list[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    err = err or sys.stderr
    return guarded(
        PROG,
        lambda: run(build_parser().parse_args(argv), out, err),
        err,
        [
            (NoValidPairing, EXIT_NO_PAIRING, ""),
            (
                (OpenGothaError, McMahonInputError, ConfigError, RankError, H9Error),
                EXIT_INVALID,
                "",
            ),
        ],
        file_message=_file_message,
    )


def _file_message(exc: OSError) -> str:
    name = exc.filename or ""
    return f"{name}{': ' if name else ''}{exc.strerror or exc}"


if __name__ == "__main__":
    sys.exit(main())
