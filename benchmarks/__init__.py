"""Speed measurements, printed as tables: ``make bench`` (or ``python -m benchmarks [name ...]``).

Each ``bench_<name>.py`` module here has ``run(rounds: int) -> Table`` (or a list of tables);
:mod:`benchmarks.__main__` finds and runs them. Timing and table helpers live in
:mod:`benchmarks._table`. Benchmarks measure; they never assert (tests never time).
"""
