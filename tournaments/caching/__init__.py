"""Caching of public pages and API answers, never outliving the truth.

    versions.py   each section's version, kept in the database and bumped in the
                  same transaction as every change players can see
    responses.py  whole responses stored under the section's current version, with
                  ETag/Last-Modified and gzip copies
    frontdoor.py  a WSGI wrapper that replays what Django served for identical
                  public requests while the entry is current

Entries live in the Django cache (Redis when configured); the versions do not, so
a cache that restarts with old entries, or misses a write while it is down, can
never serve them as current.
"""
