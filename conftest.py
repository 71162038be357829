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
