"""Tiebreak methods: pure Python and numpy, no Django.

table.py          the results table (players, rounds, kinds of unplayed rounds)
unplayed.py       unplayed-round rules: FIDE C.07 2024, the 2026 caps, legacy C.02
cuts.py           Cut-k / Median-k modifiers with the VUR exception
buchholz.py       BH, FB, SB, AOB              counts.py    WIN, WON, BPG, BWG, REP, PS
performance.py    ARO, TPR, PTP, APRO, APPO    encounter.py DE, KS
go.py             MMS, SOS, SOS-1, SOS-2, SOSOS, SODOS, CUSS
graph.py, linear.py, indirect.py, relative_elo.py   RB, LS, GRS, RELO
registry.py       acronym -> method            presets.py   named rule sets
standings.py      ranking with values, shared places and reasons
record.py         pairing.record (e.g. a TRF) -> results table
chessresults.py   chess-results crosstable CSV reader
synthetic.py      random sections for benchmarks and property tests

from tiebreaks.methods.standings import standings
result = standings(table, preset="FIDE Swiss 2026", after_round=5)
"""
