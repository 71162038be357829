"""Test-session setup shared by the unit tests, the doctests and nbval's notebook kernels.

Lessons and widgets save progress and house rules in the learner's store (learner.sqlite3 in
the user's Jupyter data folder); tests point it at a private temporary folder instead (the kernels nbval starts inherit this
environment), so a test run never reads or changes a learner's files and always starts clean.
"""

from __future__ import annotations

import os
import tempfile

import pytest

_home = tempfile.mkdtemp(prefix="euchre-learn-test-home-")
os.environ["EUCHRE_LEARN_HOME"] = _home
os.environ.pop("EUCHRE_LEARN_PROGRESS", None)  # the store is then learner.sqlite3 in that folder
os.environ.setdefault("MPLBACKEND", "Agg")
# No stored output may depend on the machine's speed: the advisor's and tournaments' automatic
# progress bars (shown after 2 s) stay off in tests and in nbval's kernels (progressbar.py).
os.environ.setdefault("EUCHRE_LEARN_PROGRESS_BARS", "off")


def pytest_configure(config: pytest.Config) -> None:
    # EUCHRE_LEARN_FAST_CLOCK=<factor>: nbval's kernels run with a clock that many times fast, as on
    # a slow machine (tools/fastclock/sitecustomize.py), to show that no stored output depends on
    # speed. Every Python this process starts from now on gets that clock, so not here when this
    # process is pytest-xdist's controller: its workers (which start the kernels and set the same
    # themselves) must keep a true clock for their own timeouts.
    if os.environ.get("EUCHRE_LEARN_FAST_CLOCK") and not _starts_xdist_workers(config):
        clock = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools", "fastclock")
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (clock, os.environ.get("PYTHONPATH", "")) if p)


def _starts_xdist_workers(config: pytest.Config) -> bool:
    """This process is pytest-xdist's controller, about to start its workers (``-n 2``...)."""
    return not hasattr(config, "workerinput") and bool(getattr(config.option, "tx", None))


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: called only where it is installed
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``pytest -n auto`` (``make test``): one worker per core this process may run on, and none
    at all (the plain serial run, with no worker to start) on a machine with one core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores if cores > 1 else 0
