"""Reads, by entity: what pages, print sheets, exports and the API show.

    events.py     permissions, event lists, an event's sections and arbiters
    sections.py   a section's rounds at a glance and what to do next
    players.py    players as lists show them, a player's card
    rounds.py     boards and byes of a round (draft or published), audit log
    standings.py  standings with tiebreaks, the crosstable
    exports.py    TRF, OpenGotha XML and EGF h9 files of a section

Everything about a section's history is read from one `SectionSnapshot`
(tournaments/snapshot.py); functions take an optional `snapshot` so a page
loads it once. Public readers get published rounds only (`published_only`).
"""
