"""Star Trek: Ascendancy: the pure-Python rules engine (digest: shared/rules/ascendancy.md).

geometry.py: the table's constants and shape tests; galaxy.py: discs and lanes as geometry and as a graph.
"""
