"""Players and analysis: the bots, the double-dummy solver, the advisor, tournaments, the
curated example hands and the charts. Built on the engine only (no widgets, no learner data).
"""
