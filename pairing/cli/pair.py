"""blossom-pairing: Blossom's Swiss pairing engine on the command line.

Called the way bbpPairings and JaVaFo are called, so that tools which run
those engines can run Blossom instead:

  blossom-pairing --dutch INPUT.trf -p [OUTPUT]
      Pair the round after the last one recorded in INPUT.trf. Output (to
      OUTPUT, or to standard output): the number of pairs, then one
      "white black" line per board, the pairing-allocated bye as "id 0" last.
  blossom-pairing --dutch INPUT.trf -c
      Check a whole tournament: re-pair every recorded round from the rounds
      before it and report, round by round, where the recorded pairing differs
      from Blossom's, and any absolute rule a recorded round breaks.
  blossom-pairing --dutch -g [CONFIG] -o OUT.trf [-s SEED]
      Generate a random tournament (configuration keys as bbpPairings'
      generator: PlayersNumber, RoundsNumber, ForfeitRate, HalfPointByeRate,
      RetiredRate, HighestRating, LowestRating, PointsForWin, ...), results
      drawn from Milvang's model, every round paired by Blossom.

Systems: --dutch (FIDE's Dutch, C.04.3 2025, paired exactly as bbpPairings and
JaVaFo pair it), and the MWM paper's systems: --mwm-dutch --burstein (= --mwm-burstein,
the paper's Burstein until a FIDE-exact Burstein exists) --monrad --random --random2
--adjacent.
Options: --beta B (largest colour difference, default 2), --seed S (random
systems, first-round colour, generator), --explain (why each board and bye),
--json (pairing with explanations, or the check report, as JSON), --backend
(the maximum-weight matching implementation: auto, or one of the matching
package's backends; networkx is the slow reference).
With --mcmahon the arguments go to the McMahon engine's command line.

Exit codes: 0 done; 1 no valid pairing exists (with -c: a recorded round
breaks an absolute rule); 2 unexpected error; 3 invalid input (malformed TRF
or configuration, bad arguments); 4 size limit (weights beyond the supported
range); 5 file error (cannot read or write a file). Messages go to standard
error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from pairing.cli.support import Parser, UsageError, guarded
from pairing.engine.matching import kernels
from pairing.engine.swiss.errors import PairingError, RequestError, WeightRangeError
from pairing.engine.swiss.from_record import request_from_record
from pairing.engine.swiss.request import BACKEND_CHOICES, SYSTEM_SUMMARIES
from pairing.engine.swiss.result import SwissPairing
from pairing.formats.trf import TRFError, read_trf, write_trf

if TYPE_CHECKING:
    from pairing.engine.swiss.checker import RoundCheck

# -c and -g import the checker and the generator when they run: pairing a round
# (-p) needs neither, and a command line pays for every module it imports.

EXIT_OK, EXIT_NO_PAIRING, EXIT_UNEXPECTED, EXIT_INVALID, EXIT_SIZE, EXIT_FILE = range(6)
SYSTEM_ORDER = ("dutch", "burstein", "monrad", "random", "random2", "adjacent")


class SizeLimitError(Exception):
    pass


class ConfigError(Exception):
    """A bad generator configuration (exit code 3, like malformed input)."""


TRF_MAX_PLAYERS = 9999  # pairing numbers have four columns
# The paper's systems under names that say so (the section settings use the same).
PAPER_NAMES = {"dutch": "mwm-dutch", "burstein": "mwm-burstein"}
FIDE_DUTCH = "fide-dutch"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="blossom-pairing",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        add_help=True,
    )
    systems = parser.add_mutually_exclusive_group(required=True)
    systems.add_argument(
        "--dutch",
        "--fide-dutch",
        dest="system",
        action="store_const",
        const=FIDE_DUTCH,
        help="FIDE's Dutch system (C.04.3, rules of 1 July 2025), exactly as the "
        "FIDE-endorsed engines pair it",
    )
    for name in SYSTEM_ORDER:
        summary = SYSTEM_SUMMARIES[name]
        if name == "dutch":  # the paper's Dutch keeps its explicit name only
            flags = [f"--{PAPER_NAMES[name]}"]
            summary += " (the MWM paper's Dutch: not FIDE's C.04.3 rules to the letter)"
        elif name in PAPER_NAMES:
            flags = [f"--{name}", f"--{PAPER_NAMES[name]}"]
            summary += (
                f" (the MWM paper's {name.capitalize()}, also --{PAPER_NAMES[name]}; "
                "not FIDE's C.04.3 rules to the letter: --burstein keeps meaning the paper's "
                "Burstein until a FIDE-exact Burstein exists)"
            )
        else:
            flags = [f"--{name}"]
        systems.add_argument(*flags, dest="system", action="store_const", const=name, help=summary)
    parser.add_argument("input", nargs="?", help="tournament in FIDE TRF")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "-p",
        dest="pair",
        nargs="?",
        const="-",
        metavar="OUTPUT",
        help="pair the next round (to OUTPUT or standard output)",
    )
    mode.add_argument("-c", dest="check", action="store_true", help="check every round")
    mode.add_argument(
        "-g",
        dest="generate",
        nargs="?",
        const="",
        metavar="CONFIG",
        help="generate a random tournament",
    )
    parser.add_argument("-o", dest="output", metavar="OUT.trf", help="generated tournament")
    parser.add_argument("-s", "--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--beta", type=float, default=2.0, help="colour difference limit")
    parser.add_argument("--explain", action="store_true", help="explain every board and bye")
    parser.add_argument(
        "-l",
        dest="checklist",
        nargs="?",
        const="-",
        metavar="FILE",
        help="with -p: write the check-list (each player's score, colours, preference, "
        "floats, bye eligibility) to FILE, or after the pairs",
    )
    parser.add_argument("--json", action="store_true", help="JSON explanations and reports")
    parser.add_argument(
        "--backend", choices=BACKEND_CHOICES, default="auto", help="maximum-weight matching backend"
    )
    return parser


def pairs_text(pairing: SwissPairing) -> str:
    lines = [f"{g.white} {g.black}" for g in pairing.games]
    bye = pairing.pairing_allocated_bye
    if bye is not None:
        lines.append(f"{bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def explanation_text(pairing: SwissPairing) -> str:
    lines = [g.explanation.text for g in pairing.games]
    lines += [f"Bye: {b.reason}" for b in pairing.byes]
    return "\n".join(lines) + "\n"


def _write(path: str, text: str, out: TextIO) -> None:
    if path == "-":
        out.write(text)
    else:
        Path(path).write_text(text, encoding="utf-8")


def _engine(system: str):
    """(request builder, pairing function) of a system: FIDE's Dutch has its own (it
    reads floats and ranks the FIDE way), the paper's systems share the Swiss engine's."""
    if system == FIDE_DUTCH:
        from pairing.engine.fide_dutch import fide_request_from_record, pair_round_fide

        return fide_request_from_record, pair_round_fide
    from pairing.engine.swiss.engine import pair_round  # numpy and the matching backends

    return request_from_record, pair_round


def _options(args: argparse.Namespace) -> dict:
    system = "dutch" if args.system == FIDE_DUTCH else args.system  # FIDE's ignores it
    return {"system": system, "beta": args.beta, "seed": args.seed, "backend": args.backend}


def run_pair(args: argparse.Namespace, out: TextIO) -> int:
    record = read_trf(args.input)
    build, pair = _engine(args.system)
    request = build(record, **_options(args))
    pairing = pair(request)
    if args.json:
        document = pairing.to_dict()
        if args.pair == "-":
            document["pairs"] = pairs_text(pairing).splitlines()
        else:
            _write(args.pair, pairs_text(pairing), out)
        out.write(json.dumps(document, indent=2) + "\n")
        return EXIT_OK
    _write(args.pair, pairs_text(pairing), out)
    if args.explain:
        out.write(("\n" if args.pair == "-" else "") + explanation_text(pairing))
    if args.checklist:
        from pairing.cli.checklist import checklist_text  # only when asked for

        text = checklist_text(request, record)
        if args.checklist == "-":
            out.write("\n" + text)
        else:
            _write(args.checklist, text, out)
    return EXIT_OK


def check_text(checks: list[RoundCheck]) -> str:
    lines = []
    for c in checks:
        if c.broken:
            lines += [f"Round {c.round_number}: rule broken: {b}" for b in c.broken]
        if c.blossom_error:
            lines.append(
                f"Round {c.round_number}: Blossom finds no pairing: "
                + c.blossom_error.splitlines()[0]
            )
        lines += [f"Round {c.round_number}: differs: {d}" for d in c.differences]
        if not (c.broken or c.differences or c.blossom_error):
            lines.append(f"Round {c.round_number}: same as Blossom's pairing")
    broken = sum(len(c.broken) for c in checks)
    differing = sum(1 for c in checks if c.differences)
    lines.append(
        f"{len(checks)} rounds checked: {broken} absolute rule(s) broken, "
        f"{differing} round(s) differ from Blossom's pairing"
    )
    return "\n".join(lines) + "\n"


def run_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    record = read_trf(args.input)
    note = record.infer_total_rounds()
    if note:
        err.write(f"blossom-pairing: {note}\n")
    from pairing.engine.swiss.checker import check_tournament

    build, pair = _engine(args.system)
    checks = check_tournament(record, build=build, pair=pair, **_options(args))
    if args.json:
        out.write(
            json.dumps(
                [
                    {
                        "round": c.round_number,
                        "broken": list(c.broken),
                        "differences": list(c.differences),
                        "blossom_error": c.blossom_error,
                    }
                    for c in checks
                ],
                indent=2,
            )
            + "\n"
        )
    else:
        out.write(check_text(checks))
    return EXIT_NO_PAIRING if any(c.broken for c in checks) else EXIT_OK


def run_generate(args: argparse.Namespace, err: TextIO) -> int:
    from pairing.generate import (
        GeneratorConfig,
        GeneratorConfigError,
        generate_tournament,
        read_config,
    )

    if not args.output:
        raise UsageError("-g needs -o OUT.trf")
    try:
        config = read_config(args.generate) if args.generate else GeneratorConfig()
    except GeneratorConfigError as exc:
        raise ConfigError(str(exc)) from None
    if config.players > TRF_MAX_PLAYERS:
        raise SizeLimitError(f"a TRF holds at most {TRF_MAX_PLAYERS} players, not {config.players}")
    for key in config.ignored:
        err.write(f"blossom-pairing: {key} is ignored: results follow Milvang's model\n")
    build, pair = _engine(args.system)
    record = generate_tournament(
        config,
        system=args.system,
        seed=args.seed,
        beta=args.beta,
        backend=args.backend,
        build=build,
        pair=pair,
    )
    try:
        write_trf(record, args.output)
    except ValueError as exc:
        raise UsageError(f"the generated tournament cannot be written as a TRF: {exc}") from None
    return EXIT_OK


def main(
    argv: list[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    err = err or sys.stderr
    if "--mcmahon" in argv:
        from pairing.cli.mcmahon import main as mcmahon_main

        return mcmahon_main(argv)

    def body() -> int:
        args = build_parser().parse_args(argv)
        if args.generate is None and not args.input:
            raise UsageError("an input TRF is needed with -p and -c")
        if args.generate is not None:
            return run_generate(args, err)
        if args.check:
            return run_check(args, out, err)
        # One round, then the process ends: up to a size, the matching runs its
        # kernels as plain Python rather than loading numba (`kernels`), for the
        # same pairing at a fraction of the start-up. (-c and -g pair every
        # round: numba's load pays for itself there.)
        with kernels.plain_preferred():
            return run_pair(args, out)

    return guarded(
        "blossom-pairing",
        body,
        err,
        [
            (PairingError, EXIT_NO_PAIRING, ""),
            ((TRFError, ConfigError, RequestError), EXIT_INVALID, ""),
            ((WeightRangeError, SizeLimitError), EXIT_SIZE, ""),
        ],
        file_message=lambda e: f"cannot access {e.filename or ''}: {e.strerror or e}",
    )


if __name__ == "__main__":
    sys.exit(main())
