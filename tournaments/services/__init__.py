"""Writes, by entity: every change to the data goes through a function here.

    events.py    events, arbiters and their roles
    sections.py  sections and their settings
    players.py   players, withdrawals, requested byes, prohibited pairs
    rounds.py    creating, pairing (as jobs), checking, publishing, closing rounds
    drafts.py    hand edits of a draft round
    results.py   results, with versions and an append-only audit
    imports.py   TRF, CSV and OpenGotha files into a section
    lab.py       simulation-lab runs

Functions are keyword-only and named `<entity>_<action>`. Each runs in one
transaction; rows another writer could change at the same time are locked with
`select_for_update()` first. Errors for people are `tournaments.errors.ServiceError`.
"""
