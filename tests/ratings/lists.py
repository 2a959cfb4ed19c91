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

# The layout of today's list: a legend, a header, and the P&D column (a suggested
# promotion or demotion) between the grade and the GoR; `_` joins the words of a name
# part, XX is an unknown country and xxx no club; invented players.
EGD_TODAY = """<html><body><pre>
PIN     - player identification number
Grade   - rank professed by the player at last tournament;
P&D     - suggested promotion or demotion
GoR     - current Go Rating of a given player
                                                                                    Last
   PIN          Name                              Club     Grade P&D    GoR    NT appearance
 17000001  Aabel Kari                            NO  Osl     6k   --   1484     1  T040529C
 17000002  Berg Jan_Willem_van_den               NL  Amst   17k  16k    356     4  T160516A
 17000003  Cotte                                 XX  xxx    20k   --    100     1  T130209I
 17000004  Dufour Anne                           FR  75Pa    2d   3k   1786     7  G061014
 17000005  Erdmann Nils                          0+  8+      8d   --   2800     1  T190216K
</pre></body></html>
"""

EGD = """<html><body><pre>
  Pin      Name                                 Country Club Grade  GoR
  10726007 Aaen Morten                          DK  Cope  6k   1515  T101215B
  12345678 van der Berg Jan                     NL  Amst  2d   2230  T240101A
  19999999 Nobody Noclub                        FR  xxxx  12k  1000  T200101A
</pre></body></html>
"""
