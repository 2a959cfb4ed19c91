"""The command lines: `blossom-pairing` (pair.py, with mcmahon.py for Go),
`blossom-standings` (standings.py) and `blossom-simulate` (simulate.py).

Each imports only what its command needs, so a command starts quickly.
"""
