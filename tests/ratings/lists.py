"""Small rating lists in the official formats, for the tests (and the shape the
benchmark's generated list follows)."""

from __future__ import annotations

FIELDS = (
    "fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title",
    "rating", "games", "k", "rapid_rating", "rapid_games", "rapid_k",
    "blitz_rating", "blitz_games", "blitz_k", "birthday", "flag",
)  # fmt: skip


def player_xml(**values) -> str:
    """One <player> element, every field of FIDE's list present (empty when not given)."""
    return "<player>" + "".join(f"<{f}>{values.get(f, '')}</{f}>" for f in FIELDS) + "</player>"


def fide_xml(*players: dict) -> str:
    body = "\n".join(player_xml(**p) for p in players)
    return f'<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n{body}\n</playerslist>\n'


CARLSEN = {
    "fideid": 1503014, "name": "Carlsen, Magnus", "country": "NOR", "sex": "M",
    "title": "GM", "rating": 2833, "games": 0, "k": 10, "rapid_rating": 2819,
    "blitz_rating": 2886, "birthday": 1990,
}  # fmt: skip
OVERGAARD = {
    "fideid": 4100018, "name": "Øvergaard, Åse", "country": "DEN", "sex": "F",
    "w_title": "WFM", "rating": 1950, "k": 20, "birthday": 2001, "flag": "wi",
}  # fmt: skip
XML = fide_xml(CARLSEN, OVERGAARD)

EGD = """<html><body><pre>
  Pin      Name                                 Country Club Grade  GoR
  10726007 Aaen Morten                          DK  Cope  6k   1515  T101215B
  12345678 van der Berg Jan                     NL  Amst  2d   2230  T240101A
  19999999 Nobody Noclub                        FR  xxxx  12k  1000  T200101A
</pre></body></html>
"""
