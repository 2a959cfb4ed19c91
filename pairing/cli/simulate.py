"""blossom-simulate: compare pairing systems on simulated Swiss events.

  blossom-simulate --players 32 --rounds 7 --events 1000
                   --systems dutch,burstein,monrad,random,random2[,external]
                   [--engine-cmd "/path/to/engine --dutch"]
                   [--strength uniform:1400:2200] [--seed 1] [--beta 2]
                   [--forfeit-rate P] [--half-bye-rate P] [--tiebreaks DE,WIN,...]
                   [--workers N] [--json OUT.json] [--plot OUT.svg] [--quiet]

Every event draws true strengths (uniform, normal, exponential-top,
exponential-bottom or a list; see `pairing.simulation.strengths`), Elo ratings
around them, and plays the same event once per system: each round paired by
Blossom's engine, or with "external" by a program that speaks the
bbpPairings command line (ENGINE_CMD INPUT.trf -p OUTPUT), results drawn from
Milvang's model on true strengths and colours. The table printed at the end
holds the mean of each measure; --json writes every value, --plot the
figures (SVG).

Exit codes: 0 done; 1 the external engine failed; 2 unexpected error;
3 invalid arguments; 5 a file could not be written. Messages and the
progress bar go to standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from pairing.cli.support import Parser, UsageError, guarded
from pairing.simulation.config import (
    DEFAULT_TIEBREAKS,
    PAPER_SYSTEMS,
    SimulationConfig,
    SimulationConfigError,
    parse_systems,
)
from pairing.simulation.external import ExternalEngineError
from pairing.simulation.progress import ProgressBar
from pairing.simulation.runner import run_simulation
from pairing.simulation.strengths import StrengthError, parse_strength
from pairing.simulation.summary import summarise

EXIT_OK, EXIT_ENGINE, EXIT_UNEXPECTED, EXIT_INVALID, EXIT_FILE = 0, 1, 2, 3, 5


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="blossom-simulate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--players", type=int, default=32, help="players per event (32)")
    parser.add_argument("--rounds", type=int, default=7, help="rounds per event (7)")
    parser.add_argument("--events", type=int, default=1000, help="events per system (1000)")
    parser.add_argument(
        "--systems", default=",".join(PAPER_SYSTEMS), help="comma-separated systems to compare"
    )
    parser.add_argument("--engine-cmd", help='external engine, e.g. "/opt/bbpPairings --dutch"')
    parser.add_argument("--strength", default="uniform:1400:2200", help="strength model")
    parser.add_argument("--seed", type=int, default=1, help="random seed (1)")
    parser.add_argument("--beta", type=float, default=2.0, help="colour difference limit (2)")
    parser.add_argument("--forfeit-rate", type=float, default=0.0, help="P(game forfeited)")
    parser.add_argument(
        "--half-bye-rate", type=float, default=0.0, help="P(player takes one half-point bye)"
    )
    parser.add_argument(
        "--tiebreaks", default=",".join(DEFAULT_TIEBREAKS), help="final-ranking tiebreak order"
    )
    parser.add_argument("--workers", type=int, help="processes (default: every core)")
    parser.add_argument("--json", dest="json_out", metavar="OUT.json", help="write the report")
    parser.add_argument("--plot", metavar="OUT.svg", help="write the figures as SVG")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def config_from_args(args: argparse.Namespace) -> SimulationConfig:
    try:
        return SimulationConfig(
            players=args.players,
            rounds=args.rounds,
            events=args.events,
            systems=parse_systems(args.systems),
            strength=parse_strength(args.strength),
            beta=args.beta,
            seed=args.seed,
            forfeit_rate=args.forfeit_rate,
            half_bye_rate=args.half_bye_rate,
            tiebreaks=tuple(t.strip() for t in args.tiebreaks.split(",") if t.strip()),
            engine_cmd=args.engine_cmd,
        )
    except (SimulationConfigError, StrengthError) as exc:
        raise UsageError(str(exc)) from None


COLUMNS = (
    ("kendall_tau", "tau", "{:.4f}"),
    ("spearman", "rho", "{:.4f}"),
    ("ndcg", "NDCG", "{:.4f}"),
    ("float_pairs", "floats", "{:.2f}"),
    ("acd_final", "acd", "{:.2f}"),
    ("nsd", "NSD", "{:.4f}"),
    ("paradoxical", "paradox", "{:.2f}"),
)


def table_text(document: dict[str, Any]) -> str:
    """The means per system as an aligned text table."""
    header = ["system", *(title for _, title, _ in COLUMNS), "rule breaks", "failed"]
    rows = [header]
    for system, data in document["systems"].items():
        row = [system]
        for key, _, fmt in COLUMNS:
            mean = data[key]["mean"]
            row.append("-" if mean is None else fmt.format(mean))
        row += [str(data["violations"]), str(data["failures"])]
        rows.append(row)
    widths = [max(len(r[k]) for r in rows) for k in range(len(header))]
    lines = [
        "  ".join(
            cell.ljust(w) if k == 0 else cell.rjust(w)
            for k, (cell, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    return "\n".join(lines) + "\n"


def _write(path: str, text: str) -> None:
    Path(path).write_text(text, encoding="utf-8")


def main(
    argv: list[str] | None = None, *, out: TextIO | None = None, err: TextIO | None = None
) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    out = out or sys.stdout
    err = err or sys.stderr

    def body() -> int:
        args = build_parser().parse_args(argv)
        config = config_from_args(args)
        if args.workers is not None and args.workers < 1:
            raise UsageError("--workers must be at least 1")
        for path in (args.json_out, args.plot):
            if path and not Path(path).resolve().parent.is_dir():
                raise OSError(2, "no such folder", path)
        bar = None if args.quiet else ProgressBar(err)
        try:
            result = run_simulation(config, workers=args.workers, progress=bar)
        finally:
            if bar:
                bar.close()
        document = summarise(result)
        out.write(table_text(document))
        rate = config.events * len(config.systems) / result.seconds if result.seconds else 0.0
        out.write(
            f"{config.events} events x {len(config.systems)} systems in {result.seconds:.1f} s "
            f"on {result.workers} process(es): {config.events / result.seconds:.2f} events/s, "
            f"{rate:.2f} system-events/s\n"
        )
        if args.json_out:
            _write(args.json_out, json.dumps(document) + "\n")
        if args.plot:
            from pairing.simulation.plot import write_svg  # matplotlib: only for --plot

            write_svg(document, args.plot)
        return EXIT_OK

    return guarded(
        "blossom-simulate",
        body,
        err,
        [(ExternalEngineError, EXIT_ENGINE, "external engine: ")],
        file_message=lambda e: f"cannot write {e.filename or ''}: {e.strerror or e}",
    )


if __name__ == "__main__":
    sys.exit(main())
