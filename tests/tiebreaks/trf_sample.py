"""Write a results table as TRF-16 text (test fixture for the command line)."""

from __future__ import annotations

from tiebreaks.methods.table import Kind, ResultsTable

_CODE = {
    Kind.WIN: "1",
    Kind.DRAW: "=",
    Kind.LOSS: "0",
    Kind.FORFEIT_WIN: "+",
    Kind.FORFEIT_LOSS: "-",
    Kind.PAB: "U",
    Kind.FULL_BYE: "F",
    Kind.HALF_BYE: "H",
    Kind.ZERO_BYE: "Z",
}


def _put(line: list[str], column: int, text: str) -> None:
    """Write text starting at a 1-based column."""
    for k, ch in enumerate(text):
        line[column - 1 + k] = ch


def table_to_trf(table: ResultsTable, *, name: str = "Test event") -> str:
    rounds = table.rounds_completed
    lines = [f"012 {name}", f"XXR {rounds}"]
    for i, player in enumerate(table.players):
        line = [" "] * (91 + 10 * rounds)
        _put(line, 1, "001")
        _put(line, 5, f"{player.id:>4}")
        _put(line, 15, player.name[:33].ljust(33))
        if player.rating:
            _put(line, 49, f"{player.rating:>4}")
        _put(line, 81, f"{table.scores[i]:>4.1f}")
        for r in range(rounds):
            res = table.result(i, r)
            col = 92 + 10 * r
            if res.kind is Kind.ABSENT:
                continue
            opp = "0000" if res.opponent is None else f"{table.players[res.opponent].id:>4}"
            colour = res.colour if res.kind.played else "-"
            _put(line, col, f"{opp} {colour} {_CODE[res.kind]}")
        lines.append("".join(line).rstrip())
    return "\n".join(lines) + "\n"
