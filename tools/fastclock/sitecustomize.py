"""Make this Python's clock run fast, as if the machine were slow (tests only).

With ``EUCHRE_LEARN_FAST_CLOCK=<factor>`` in the environment and this folder on
``PYTHONPATH``, ``time.time``, ``time.monotonic`` and ``time.perf_counter`` (and their ``_ns``
forms) run ``factor`` times fast from the moment Python starts: a cell that takes 0.1 s looks
to every timer like it took ``0.1 * factor`` s. conftest.py puts this folder on the path of
nbval's kernels when the variable is set, so the lessons run "on a slow machine" and any output
that depends on speed (a progress bar shown after 2 s) shows up as a difference.
"""

from __future__ import annotations

import os
import time

try:
    _FACTOR = float(os.environ.get("EUCHRE_LEARN_FAST_CLOCK", "1"))
except ValueError:
    _FACTOR = 1.0

if _FACTOR > 1:

    def _fast(real, scale):  # type: ignore[no-untyped-def]
        start = real()

        def clock():  # type: ignore[no-untyped-def]
            return start + (real() - start) * scale

        return clock

    for _name in ("time", "monotonic", "perf_counter"):
        setattr(time, _name, _fast(getattr(time, _name), _FACTOR))
    for _name in ("time_ns", "monotonic_ns", "perf_counter_ns"):
        _real_ns = _fast(getattr(time, _name), _FACTOR)
        setattr(time, _name, lambda _f=_real_ns: int(_f()))
