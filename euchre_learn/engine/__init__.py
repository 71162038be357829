"""The ground floor: the rules engine (cards, trump, rules, actions, the core state machine,
hands, games, records, errors, and the plain-words rulings its errors and every floor use).

It imports nothing of ours above it and nothing from ipywidgets, matplotlib or IPython; the one
allowed climb is a lazy import of the display floor (``euchre_learn.display``) inside ``_repr_html_``.
"""
