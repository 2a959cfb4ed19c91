"""blossom-standings: standings with every tiebreak value from a FIDE TRF.

    blossom-standings INPUT.trf [--tiebreaks BH-C1,BH,SB,RB,RELO] [--preset NAME]
                      [--rules 2024|2026|legacy] [--after-round K] [--round-robin] [--json]

Without --tiebreaks the preset's order is used (default preset: "FIDE Swiss
2026"); --rules overrides the preset's rules for unplayed rounds. INPUT may
be "-" for standard input.

Exit codes: 0 ok, 2 unexpected error, 3 invalid input (the message names the
line, or the player and round), 5 file error (cannot read). Messages go to
standard error.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from collections.abc import Sequence

from tiebreaks.methods.context import TiebreakWarning
from tiebreaks.methods.presets import PRESETS, get_preset
from tiebreaks.methods.registry import UnknownTiebreak, get_method
from tiebreaks.methods.standings import Standings, standings
from tiebreaks.methods.table import TableError
from tiebreaks.methods.unplayed import Rules

EXIT_OK = 0
EXIT_UNEXPECTED = 2
EXIT_INVALID_INPUT = 3
EXIT_FILE_ERROR = 5
DEFAULT_PRESET = "FIDE Swiss 2026"


class InvalidInput(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # usage errors are invalid input
        self.print_usage(sys.stderr)
        raise InvalidInput(message)


def _parser() -> argparse.ArgumentParser:
    presets = ", ".join(repr(p.name) for p in PRESETS)
    parser = _Parser(
        prog="blossom-standings",
        description="Standings with every tiebreak value from a FIDE TRF file.",
        epilog=f"Presets: {presets}. Exit codes: 0 ok, 2 unexpected error, "
        "3 invalid input, 5 file error.",
    )
    parser.add_argument("input", help="TRF file ('-' for standard input)")
    parser.add_argument(
        "--tiebreaks",
        help="comma-separated acronyms in order, e.g. BH-C1,BH,SB,RB,RELO",
    )
    parser.add_argument("--preset", help=f"named rule set (default {DEFAULT_PRESET!r})")
    parser.add_argument("--rules", choices=[r.value for r in Rules], help="unplayed rounds")
    parser.add_argument("--after-round", type=int, metavar="K", help="standings after round K")
    parser.add_argument("--round-robin", action="store_true", help="pairings were fixed in advance")
    parser.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _read_record(source: str):
    # Imports in the functions that need them keep `--help` and usage errors fast.
    from pairing.formats.trf import TRFError, parse_trf, read_trf

    try:
        if source == "-":
            return parse_trf(sys.stdin.read())
        return read_trf(source)
    except TRFError as exc:
        raise InvalidInput(f"{source}: {exc}") from exc


def compute(args: argparse.Namespace) -> Standings:
    from pairing.record_table import table_from_record

    record = _read_record(args.input)
    note = record.infer_total_rounds()
    if note:
        print(f"blossom-standings: {note}", file=sys.stderr)
    try:
        preset = get_preset(args.preset or DEFAULT_PRESET)
        names = (
            [n for n in args.tiebreaks.split(",") if n.strip()]
            if args.tiebreaks is not None
            else list(preset.tiebreaks)
        )
        for name in names:
            get_method(name)
        table = table_from_record(record, after_round=args.after_round)
    except (UnknownTiebreak, TableError, ValueError) as exc:
        raise InvalidInput(f"{args.input}: {exc}") from exc
    return standings(
        table,
        tiebreaks=names,
        preset=preset.name,
        rules=args.rules,
        round_robin=args.round_robin,
    )


def _cell(value: float | None, decimals: int) -> str:
    if value is None:
        return "-"
    if decimals == 0:
        return str(round(value))
    text = f"{value:.{decimals}f}"
    while text.endswith("0") and not text.endswith(".0"):
        text = text[:-1]
    return "0.0" if text == "-0.0" else text


def _reason(row, *, first: bool) -> str:
    if first:
        return ""
    return row.reason or "shared place"


def format_text(result: Standings) -> str:
    decimals = [get_method(a).decimals for a in result.tiebreaks]
    header = [
        "Place",
        "No",
        "Name",
        result.primary.capitalize(),
        *result.tiebreaks,
        "Tie broken by",
    ]
    lines = [header]
    for row in result.rows:
        lines.append(
            [
                row.place_label,
                str(row.id),
                row.name,
                _cell(row.score, 2),
                *(_cell(v, d) for v, d in zip(row.values, decimals, strict=True)),
                _reason(row, first=row is result.rows[0]),
            ]
        )
    widths = [max(len(line[k]) for line in lines) for k in range(len(header))]
    text_columns = {2, len(header) - 1}
    out = []
    for line in lines:
        cells = [
            cell.ljust(widths[k]) if k in text_columns else cell.rjust(widths[k])
            for k, cell in enumerate(line)
        ]
        out.append("  ".join(cells).rstrip())
    title = f"Standings after round {result.after_round} ({result.rules.value} rules)"
    return "\n".join([title, *out])


def main(argv: Sequence[str] | None = None) -> int:
    warnings.simplefilter("ignore", TiebreakWarning)  # reported below, once each
    try:
        args = _parser().parse_args(argv)
        result = compute(args)
    except InvalidInput as exc:
        print(f"blossom-standings: invalid input: {exc}", file=sys.stderr)
        return EXIT_INVALID_INPUT
    except OSError as exc:
        print(
            f"blossom-standings: cannot read {exc.filename or ''}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return EXIT_FILE_ERROR
    except Exception as exc:  # a bug, not a user error
        print(f"blossom-standings: unexpected error: {exc!r}", file=sys.stderr)
        return EXIT_UNEXPECTED
    for warning in result.warnings:
        print(f"blossom-standings: warning: {warning}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(format_text(result))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
