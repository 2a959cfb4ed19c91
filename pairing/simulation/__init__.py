"""Simulation of Swiss tournaments: outcome models and the simulation lab.

    from pairing.simulation.config import SimulationConfig
    from pairing.simulation.runner import run_simulation
    from pairing.simulation.summary import summarise
    result = run_simulation(SimulationConfig(players=32, rounds=7, events=1000))
    report = summarise(result)           # the JSON document blossom-simulate writes

milvang.py             Milvang's outcome model (results from strengths and colours)
strengths.py           true strengths, Elo ratings around them, the ranking
tournament.py          one event's state, kept incrementally round by round
event.py               one event played once per system, and its measures
metrics.py             Kendall tau, Spearman rho, NDCG, paradoxical results, acd
strength_difference.py the normalised strength difference (maximum by matching)
external.py            an external engine on the bbpPairings command line
runner.py              many events over the cores, reproducible by seed
summary.py, plot.py    the JSON report and its figures (SVG)
recommend.py           the report in plain language for organisers
cli.py                 blossom-simulate

The package imports nothing itself: a command that needs only the outcome model
(`blossom-pairing -g`) does not load the runner, the tiebreaks or SciPy.
"""
