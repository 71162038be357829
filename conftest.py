"""Test-session setup shared by the unit tests, the doctests and nbval's notebook kernels.

Lessons and widgets save progress and house rules in the learner's store (learner.sqlite3 in
the user's Jupyter data folder); tests point it at a private temporary folder instead (the kernels nbval starts inherit this
environment), so a test run never reads or changes a learner's files and always starts clean.
"""

from __future__ import annotations

import os
import tempfile

_home = tempfile.mkdtemp(prefix="euchre-learn-test-home-")
os.environ["EUCHRE_LEARN_HOME"] = _home
os.environ.pop("EUCHRE_LEARN_PROGRESS", None)  # the store is then learner.sqlite3 in that folder
os.environ.setdefault("MPLBACKEND", "Agg")
# No stored output may depend on the machine's speed: the advisor's and tournaments' automatic
# progress bars (shown after 2 s) stay off in tests and in nbval's kernels (progressbar.py).
os.environ.setdefault("EUCHRE_LEARN_PROGRESS_BARS", "off")
# EUCHRE_LEARN_FAST_CLOCK=<factor>: nbval's kernels run with a clock that many times fast, as on a
# slow machine (tools/fastclock/sitecustomize.py), to show that no stored output depends on speed.
if os.environ.get("EUCHRE_LEARN_FAST_CLOCK"):
    _clock = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tools", "fastclock")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (_clock, os.environ.get("PYTHONPATH", "")) if p)
