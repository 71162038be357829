"""The classroom on top: exercise sheets with checkers, printable worksheets and the
``euchre-learn`` command line (apps, worksheets, hub links). Nothing below imports it.
"""
