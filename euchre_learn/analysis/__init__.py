"""Players and analysis: the bots, the double-dummy search and solver, the one sampler of hidden
cards, the advisor, the review, tournaments, the curated example hands and the puzzles. Built on
the engine (and the display floor's HTML) only: no widgets, no learner data; the lessons' charts
are a floor above (:mod:`euchre_learn.charts`), drawn with :mod:`euchre_learn.analysis.drawing`.
"""
