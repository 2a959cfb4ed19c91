"""Find me: type part of a name (or a pairing number), see board, colour and opponent.

The index of a section (every player and where they sit in the latest published
round) is built once per section version and searched in memory, so a search
costs no database query.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.translation import pgettext_lazy

from tournaments import collation
from tournaments.caching.versions import section_cache_key
from tournaments.models import Section
from tournaments.selectors.players import PlayerLine, section_player_lines
from tournaments.selectors.rounds import public_current_round, round_pairings

MAX_QUERY = 60
MAX_SHOWN = 20
INDEX_TIMEOUT = 6 * 3600


def name_key(text: str) -> str:
    """Lower case without accents, apostrophes or other punctuation, so "muller" finds
    "Müller, Jörg", "obrien" finds "O'Brien" and "overgaard" finds "Øvergaard"."""
    return collation.name_key(text)


@dataclass(frozen=True, slots=True)
class FindEntry:
    """One player and where they sit in the current round."""

    key: str
    player: PlayerLine
    round_number: int | None
    board: int | None
    colour: str  # "w", "b", or "" (bye, not paired, no round yet)
    opponent: PlayerLine | None
    result_text: str
    bye: str  # the bye's label, if any
    section_name: str = ""
    section_slug: str = ""
    outcome: str = ""  # "won", "lost", "draw" from this player's side, once there is a result


# (result, colour) -> the game's outcome for the player with that colour
OUTCOMES = {
    ("1-0", "w"): pgettext_lazy("outcome of a game", "won"),
    ("1-0", "b"): pgettext_lazy("outcome of a game", "lost"),
    ("0-1", "w"): pgettext_lazy("outcome of a game", "lost"),
    ("0-1", "b"): pgettext_lazy("outcome of a game", "won"),
    ("1/2-1/2", "w"): pgettext_lazy("outcome of a game", "draw"),
    ("1/2-1/2", "b"): pgettext_lazy("outcome of a game", "draw"),
    ("+/-", "w"): pgettext_lazy("outcome of a game", "won by forfeit"),
    ("+/-", "b"): pgettext_lazy("outcome of a game", "lost by forfeit"),
    ("-/+", "w"): pgettext_lazy("outcome of a game", "lost by forfeit"),
    ("-/+", "b"): pgettext_lazy("outcome of a game", "won by forfeit"),
    ("-/-", "w"): pgettext_lazy("outcome of a game", "double forfeit"),
    ("-/-", "b"): pgettext_lazy("outcome of a game", "double forfeit"),
}


def find_index(*, section: Section) -> list[FindEntry]:
    """Every player of the section with their board in the latest published round."""
    rnd = public_current_round(section=section)
    if rnd is None:
        return [
            FindEntry(name_key(p.name), p, None, None, "", None, "", "", section.name, section.slug)
            for p in section_player_lines(section=section)
        ]
    pairings = round_pairings(round=rnd)
    n = rnd.number
    entries: list[FindEntry] = []
    for b in pairings.boards:
        for me, them, colour in ((b.white, b.black, "w"), (b.black, b.white, "b")):
            entries.append(
                FindEntry(
                    name_key(me.name),
                    me,
                    n,
                    b.board,
                    colour,
                    them,
                    b.result_text,
                    "",
                    section.name,
                    section.slug,
                    str(OUTCOMES.get((b.result, colour), "")),
                )
            )
    for bye in pairings.byes:
        entries.append(
            FindEntry(
                name_key(bye.player.name),
                bye.player,
                n,
                None,
                "",
                None,
                "",
                bye.label,
                section.name,
                section.slug,
            )
        )
    for p in pairings.unpaired:
        entries.append(
            FindEntry(name_key(p.name), p, n, None, "", None, "", "", section.name, section.slug)
        )
    entries.sort(key=lambda e: e.player.pairing_number)
    return entries


def find_matches(
    entries: Iterable[FindEntry], query: str, *, limit: int = 20
) -> tuple[list[FindEntry], int]:
    """Entries whose name holds every word of the query (or whose pairing number it is).

    Returns the first `limit` matches and how many there are in all."""
    words = name_key(query).split()
    if not words:
        return [], 0
    number = int(words[0]) if len(words) == 1 and words[0].isdigit() else None
    found = [
        e
        for e in entries
        if (number is not None and e.player.pairing_number == number)
        or all(w in e.key for w in words)
    ]
    return found[:limit], len(found)


def find_index_cached(section) -> list[FindEntry]:
    """The section's find index at its current version."""
    key = section_cache_key(section.pk, "find-index")
    entries = cache.get(key)
    if entries is None:
        entries = find_index(section=section)
        cache.set(key, entries, INDEX_TIMEOUT)
    return entries


def clean_query(raw: str) -> str:
    return " ".join(raw.split())[:MAX_QUERY]


def query_token(query: str) -> str:
    """A cache-key-safe name for a query (the page shows the query as typed)."""
    if not query:
        return "-"
    return hashlib.blake2b(query.encode(), digest_size=8).hexdigest()
