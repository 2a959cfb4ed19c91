"""Official rating lists, read as streams of `ListedPlayer` (no Django).

- FIDE's XML list (`players_list_xml.zip` or the bare .xml) and its fixed-width TXT
  list (`players_list.zip` / .txt), from ratings.fide.com's download page;
- the European Go Database's list (`allworld_lp.html`, text), from europeangodatabase.eu.

Each reader yields players one at a time and never holds the whole file; a line or
element it cannot read raises `RatingListError` naming where.
"""

from pairing.formats.ratinglists.common import ListedPlayer, RatingListError, normalise_name
from pairing.formats.ratinglists.egd import read_egd
from pairing.formats.ratinglists.fide import read_fide, read_fide_txt, read_fide_xml, sniff_source

__all__ = [
    "ListedPlayer",
    "RatingListError",
    "normalise_name",
    "read_egd",
    "read_fide",
    "read_fide_txt",
    "read_fide_xml",
    "sniff_source",
]
