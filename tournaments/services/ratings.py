"""Rating lists: import an official list (FIDE XML/TXT, EGD) into its own table,
search it at registration, refresh registered players' ratings from it.

An import streams the file (never whole in memory), writes the new list in batches
and, in the same transaction, replaces the previous list of the same source: readers
see the old list or the new one, never half of one."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path

from django.db import connection, transaction
from django.utils.translation import gettext as _

from pairing.formats.ratinglists import (
    ListedPlayer,
    RatingListError,
    normalise_name,
    read_egd,
    read_fide,
)
from tournaments.caching.versions import section_changed
from tournaments.errors import ServiceError, StateError
from tournaments.models import Player, RatedPlayer, RatingList, RatingType, Section

BATCH = 5000
SEARCH_LIMIT = 8


def _batches(items: Iterator[ListedPlayer], size: int) -> Iterable[list[ListedPlayer]]:
    while chunk := list(islice(items, size)):
        yield chunk


COLUMNS = (
    "rating_list_id", "ident", "name", "search_name", "federation", "sex", "title",
    "standard", "rapid", "blitz", "birth_year", "inactive", "club", "grade",
)  # fmt: skip


def _row(list_id: int, p: ListedPlayer) -> tuple:
    return (
        list_id, p.ident, p.name, normalise_name(p.name)[:120], p.federation, p.sex,
        p.title, p.standard, p.rapid, p.blitz, p.birth_year, p.inactive, p.club, p.grade,
    )  # fmt: skip


def _insert(rows: list[tuple]) -> None:
    """A batch written without a model object per player: PostgreSQL's COPY, or one
    prepared statement run for every row elsewhere."""
    table = RatedPlayer._meta.db_table
    if connection.vendor == "postgresql":
        statement = f"COPY {table} ({', '.join(COLUMNS)}) FROM STDIN"
        with connection.cursor() as cursor, cursor.cursor.copy(statement) as copy:
            for row in rows:
                copy.write_row(row)
        return
    sql = f"INSERT INTO {table} ({', '.join(COLUMNS)}) VALUES ({', '.join(['%s'] * len(COLUMNS))})"
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def rating_list_import(
    *, source: str, path: str | Path, list_date: dt.date | None = None, batch: int = BATCH
) -> RatingList:
    """Import the list in `path` (FIDE: XML or TXT, zipped or not; EGD: its text list).
    RatingListError becomes a ServiceError naming the line; OSError propagates. The
    answer's `skipped_lines` are the EGD list's damaged player lines left out (line
    number, text), at most `egd.MAX_SKIPPED` of them."""
    if source not in RatingList.Source.values:
        raise ServiceError(f"Unknown rating list source {source!r}: fide or egd.")
    path = Path(path)
    skipped: list[tuple[int, str]] = []  # the EGD list's odd damaged lines, set aside
    players = (
        read_fide(path) if source == RatingList.Source.FIDE else read_egd(path, skipped=skipped)
    )
    with transaction.atomic():
        new = RatingList.objects.create(
            source=source, file_name=path.name[:255], list_date=list_date
        )
        count = 0
        try:
            for chunk in _batches(iter(players), batch):
                _insert([_row(new.pk, p) for p in chunk])
                count += len(chunk)
        except RatingListError as exc:
            raise ServiceError(f"{path.name}, {exc}. Nothing was imported.") from exc
        if count == 0:
            raise ServiceError(f"{path.name}: no player in the file. Nothing was imported.")
        old = list(RatingList.objects.filter(source=source).exclude(pk=new.pk))
        for previous in old:
            RatedPlayer.objects.filter(rating_list=previous).delete()  # one DELETE statement
            previous.delete()
        new.players, new.active = count, True
        new.save(update_fields=["players", "active"])
    new.skipped_lines = skipped  # not stored: the import's report
    return new


def rating_list_active(*, source: str) -> RatingList | None:
    return RatingList.objects.filter(source=source, active=True).first()


def rating_list_search(*, source: str, query: str, limit: int = SEARCH_LIMIT) -> list[RatedPlayer]:
    """Players of the active list whose id starts with the query (digits), or whose
    name starts with its words in either order ("carlsen mag", "magnus carlsen")."""
    query = query.strip()
    active = rating_list_active(source=source)
    if active is None or not query:
        return []
    rows = RatedPlayer.objects.filter(rating_list=active)
    if query.isdigit():
        following = query[:-1] + chr(ord(query[-1]) + 1)
        ids = rows.filter(ident__gte=query, ident__lt=following).order_by("ident")[:limit]
        return [r for r in ids if r.ident.startswith(query)]
    words = normalise_name(query).split()
    if not words or (len(words[0]) < 2 and len(words) == 1):
        return []
    found: list[RatedPlayer] = []
    orders = [words] if len(words) == 1 else [words, [*words[1:], words[0]]]
    for order in orders:
        candidates = rows.filter(**_starts_with(order[0]))
        for word in order[1:]:
            candidates = candidates.filter(search_name__contains=word)
        for row in candidates.order_by("search_name")[:limit]:
            # A linguistic collation may order "ca rl" inside the range of "car".
            if row.search_name.startswith(order[0]) and row not in found:
                found.append(row)
    return found[:limit]


def _starts_with(prefix: str) -> dict:
    """A prefix as a range of the normalised names (lower-case letters, digits and
    spaces), which the (list, name) index serves on every database; LIKE would not
    on SQLite (case-blind) nor, without a pattern index, on PostgreSQL."""
    following = prefix[:-1] + chr(ord(prefix[-1]) + 1)
    return {"search_name__gte": prefix, "search_name__lt": following}


def listed_player_fields(entry: RatedPlayer, *, section: Section) -> dict:
    """What registering `entry` fills in on the player form of `section`."""
    if entry.rating_list.source == RatingList.Source.EGD:
        family, _sep, given = entry.name.partition(" ")
        return {
            "name": f"{family}, {given}" if given else family,
            "rating": entry.standard,
            "go_rank": entry.grade,
            "federation": entry.federation,
            "club": entry.club,
            "egf_pin": entry.ident,
        }
    rating = {
        RatingType.STANDARD: entry.standard,
        RatingType.RAPID: entry.rapid,
        RatingType.BLITZ: entry.blitz,
    }[section.rating_type]
    return {
        "name": entry.name,
        "rating": rating,
        "title": entry.title,
        "federation": entry.federation,
        "fide_id": entry.ident,
        "sex": entry.sex.lower()[:1] if entry.sex else "",
        "birth": str(entry.birth_year or ""),
    }


def players_update_ratings(*, section: Section) -> list[tuple[Player, int | None, int | None]]:
    """Before round 1: each registered player found in the active list (by FIDE id, or
    EGD PIN in Go) gets the list's rating. Returns who changed, with old and new."""
    source = RatingList.Source.EGD if section.is_go else RatingList.Source.FIDE
    active = rating_list_active(source=source)
    if active is None:
        if source == RatingList.Source.EGD:
            raise StateError(_("No European Go Database list is imported yet."))
        raise StateError(_("No FIDE list is imported yet."))
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        if section.rounds.exists():
            raise StateError(
                _("%(section)s: round 1 is paired; ratings no longer change.")
                % {"section": section.name}
            )
        key = "egf_pin" if section.is_go else "fide_id"
        players = [p for p in section.players.all() if getattr(p, key)]
        listed = {
            r.ident: r
            for r in RatedPlayer.objects.filter(
                rating_list=active, ident__in=[getattr(p, key) for p in players]
            )
        }
        column = "standard" if section.is_go else section.rating_type
        changed = []
        for p in players:
            entry = listed.get(getattr(p, key))
            if entry is None:
                continue
            new = getattr(entry, column)
            if new is not None and new != p.rating:
                changed.append((p, p.rating, new))
                p.rating = new
        Player.objects.bulk_update([p for p, _old, _new in changed], ["rating"])
        if changed:
            section_changed(section.pk)
    return changed
