"""Fuzzing the importers (FIDE TRF, CSV player lists, OpenGotha XML): what a corrupt
file from another program may look like, and what Blossom must do with it.

Inputs are real files (OpenGotha tournaments from the shared data, TRF and CSV files
exported or written here) cut, spliced, re-numbered and sprinkled with stray
characters by hypothesis, plus plain random text. Each goes through the import
function the arbiter's upload calls, into an empty section, and must end in one of
two ways (bench/fuzz.py also counts an import that takes `TIME_LIMIT` seconds as a
hang; the tests bound the work by the size of their inputs, never by the clock):

- imported: an ImportReport (or a player count for CSV);
- refused: a ServiceError whose message says where (line, and column or field, or
  the player), and not one row more in the database than before.

Anything else (another exception, a hang, rows left by a refused file) is a failure.
Used by tests/reliability/test_fuzz_importers.py (seeded, quick) and bench/fuzz.py
(minutes).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field

from hypothesis import strategies as st

from tournaments.selectors.exports import opengotha_export, trf_export
from tournaments.services.imports import csv_import, opengotha_import, trf_import
from tournaments.services.players import player_withdraw
from tournaments.services.results import result_record

FORMATS = ("trf", "csv", "opengotha")
TIME_LIMIT = 10.0  # seconds one import may take before it counts as a hang
ALPHABET = st.sampled_from(
    list("0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    + list(";,\t\n\r\"'<>&=/+-.:()[]{}#*%!?|\\")
    + ["é", "ß", "\u00a0", "\ufeff", "\x00", "½", "\u202e", "𝄞"]
)
WHERE = {
    # TRF: the line and column, or the player (its 001 line) and the field
    "trf": re.compile(r"^TRF (line \d+, column \d+: |player \d+ \(.*\): )\S"),
    # CSV: the line, and the field when one is to blame
    "csv": re.compile(r"^CSV line \d+(, [\w ]+)?: \S"),
    # OpenGotha: the line of the element, or the player or round the problem is about
    "opengotha": re.compile(
        r"^OpenGotha(: the file:\d+(:\d+)?: | player \d+ \(.*\): |: .*(player|round) "
        r"|: the file's settings: )"
    ),
}


# Mutations ------------------------------------------------------------------------------


def _position(draw, text: str) -> int:
    return draw(st.integers(0, len(text)))


def _lines(text: str) -> list[str]:
    return text.split("\n")


@st.composite
def mutation(draw, text: str) -> str:
    kind = draw(st.sampled_from([
        "delete", "insert", "replace", "number", "dup-line", "drop-line", "swap-lines",
        "truncate", "attribute", "field", "repeat-line",
    ]))  # fmt: skip
    if kind == "delete" and text:
        i = _position(draw, text)
        return text[:i] + text[i + draw(st.integers(1, 40)) :]
    if kind == "insert":
        i = _position(draw, text)
        return text[:i] + draw(st.text(ALPHABET, min_size=1, max_size=30)) + text[i:]
    if kind == "replace" and text:
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + draw(ALPHABET) + text[i + 1 :]
    if kind == "number":
        numbers = list(re.finditer(r"-?\d+", text))
        if numbers:
            m = draw(st.sampled_from(numbers))
            new = draw(
                st.sampled_from(
                    [
                        "0",
                        "-1",
                        "99999999999999999999",
                        "3000",
                        "4001",
                        "1e9",
                        "",
                        "007",
                        "2147483648",
                        "12.5",
                    ]
                )
            )
            return text[: m.start()] + new + text[m.end() :]
    lines = _lines(text)
    if kind == "dup-line" and lines:
        i = draw(st.integers(0, len(lines) - 1))
        return "\n".join([*lines[: i + 1], lines[i], *lines[i + 1 :]])
    if kind == "drop-line" and lines:
        i = draw(st.integers(0, len(lines) - 1))
        return "\n".join(lines[:i] + lines[i + 1 :])
    if kind == "swap-lines" and len(lines) > 1:
        i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if kind == "repeat-line" and lines:
        i = draw(st.integers(0, len(lines) - 1))
        return "\n".join(lines[: i + 1] + [lines[i]] * draw(st.integers(2, 3000)) + lines[i + 1 :])
    if kind == "truncate" and text:
        return text[: _position(draw, text)]
    if kind == "attribute":
        values = list(re.finditer(r'="[^"]*"', text))
        if values:
            m = draw(st.sampled_from(values))
            new = draw(st.text(ALPHABET, max_size=12)).replace('"', "")
            return text[: m.start()] + f'="{new}"' + text[m.end() :]
    if kind == "field" and lines:
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        start = draw(st.integers(0, max(0, len(line))))
        width = draw(st.integers(1, 12))
        filler = draw(st.text(ALPHABET, min_size=width, max_size=width)).replace("\n", " ")
        lines[i] = line[:start] + filler + line[start + width :]
        return "\n".join(lines)
    return text


@st.composite
def damaged(draw, seeds: list[str]) -> str:
    """A seed file with up to eight mutations, or (one time in ten) random text."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.text(ALPHABET, max_size=400))
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 8))):
        text = draw(mutation(text))
    return text


# Seeds -------------------------------------------------------------------------------------


CSV_SEEDS = [
    "name,rating,federation,club,fide_id,title\n"
    "Carlsen; Magnus,2830,NOR,Offerspill,1503014,GM\n"
    '"Caruana, Fabiano",2805,USA,Saint Louis,2020009,GM\n'
    "Ding Liren,2780,CHN,,8603677,GM\n",
    "Player;Elo;FED;Team\nAna Petrova;1850;BUL;Sofia\nBen Okafor;;NGR;\nCleo Diaz;2012;ESP;Sofia\n",
    "name\trating\tbirth\tsex\nDora\t1400\t2009\tf\nEmil\t1399\t2010/03/04\tm\n",
]


def seed_texts(data_dir) -> dict[str, list[str]]:
    """Real files to damage. TRF seeds are exported from sections built here (which
    needs the database); OpenGotha seeds are the two smallest shared files."""
    from tests.web.arbiter_helpers import make_round, make_setup

    trf = []
    for players in (7, 10):
        setup = make_setup(players=players)
        for _ in (1, 2):
            rnd = make_round(setup.section)
            for k, game in enumerate(rnd.games.order_by("board")):
                result_record(game=game, result=("1-0", "1/2-1/2", "0-1")[k % 3], by=None)
        player_withdraw(player=setup.section.players.get(pairing_number=2))
        trf.append(trf_export(section=setup.section).text)
    files = sorted((data_dir / "go" / "opengotha").glob("*.xml"), key=lambda p: p.stat().st_size)
    gotha = [p.read_text(encoding="utf-8") for p in files[:2]]
    go = make_setup(players=6, go=True)
    make_round(go.section)
    gotha.append(opengotha_export(section=go.section).text)
    return {"trf": trf, "csv": list(CSV_SEEDS), "opengotha": gotha}


# One import ---------------------------------------------------------------------------------


@dataclass
class Tally:
    examples: Counter = field(default_factory=Counter)
    imported: Counter = field(default_factory=Counter)
    refused: Counter = field(default_factory=Counter)
    slowest: dict[str, float] = field(default_factory=dict)
    messages: dict[str, set[str]] = field(default_factory=dict)


def _row_counts() -> tuple[int, ...]:
    from tournaments import models as m

    tables = (
        m.Event,
        m.Section,
        m.Player,
        m.Round,
        m.Game,
        m.Bye,
        m.ByeRequest,
        m.ProhibitedPair,
        m.ResultChange,
    )
    return tuple(t.objects.count() for t in tables)


def empty_section(fmt: str):
    from tests.factories import GoSectionFactory, SectionFactory

    return GoSectionFactory() if fmt == "opengotha" else SectionFactory()


def importer(fmt: str) -> Callable:

    return {"trf": trf_import, "csv": csv_import, "opengotha": opengotha_import}[fmt]


def import_once(fmt: str, text: str, tally: Tally, *, guard=None) -> str:
    """Import `text` into a new empty section; return "imported" or "refused", or raise
    AssertionError saying what went wrong. `guard`: a context manager around the import
    (the benchmark passes a time limit; tests bound work by input size only)."""
    import time

    from tournaments.errors import ServiceError

    section = empty_section(fmt)
    before = _row_counts()
    started = time.perf_counter()
    try:
        with guard if guard is not None else nullcontext():
            importer(fmt)(section=section, text=text)
    except ServiceError as exc:
        outcome = "refused"
        message = exc.message
        assert WHERE[fmt].search(message), f"{fmt}: the refusal does not say where: {message!r}"
        assert _row_counts() == before, f"{fmt}: a refused file left rows behind: {message!r}"
        tally.refused[fmt] += 1
        tally.messages.setdefault(fmt, set()).add(re.sub(r"\d+", "N", message)[:90])
    else:
        outcome = "imported"
        tally.imported[fmt] += 1
    seconds = time.perf_counter() - started
    tally.examples[fmt] += 1
    tally.slowest[fmt] = max(tally.slowest.get(fmt, 0.0), seconds)
    return outcome
