"""File formats other programs read and write: FIDE TRF, OpenGotha XML, EGF h9.

Pure Python: readers return the plain records of `pairing.record` and
`pairing.gorecord`; writers take them. Nothing here imports Django.
"""
