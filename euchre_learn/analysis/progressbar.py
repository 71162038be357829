"""Progress bars for the long runs (the advisor, tournaments), and the one switch that turns
the automatic ones off.

``progress=True`` always shows a bar, ``progress=False`` never does, and ``progress=None``
(the default) shows one only when a run takes more than a couple of seconds: so whether it
appears depends on how fast the machine is. Nothing stored may depend on that (a lesson's
saved output, a test's expected output), so the environment variable
``EUCHRE_LEARN_PROGRESS_BARS=off`` turns the automatic bars off; the test suite (conftest.py)
and ``tools/notebooks.py run``, which stores the lessons' outputs, set it. A learner's own
session keeps them.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["ENV", "automatic_bars", "progress_bar"]

ENV = "EUCHRE_LEARN_PROGRESS_BARS"
_OFF = ("0", "off", "no", "false", "never")


def automatic_bars() -> bool:
    """Whether ``progress=None`` may show a bar: yes, unless ``EUCHRE_LEARN_PROGRESS_BARS`` says off.

    >>> import os
    >>> os.environ.get(ENV), automatic_bars()   # as the test suite sets it
    ('off', False)
    """
    return os.environ.get(ENV, "").strip().lower() not in _OFF


def progress_bar(total: int, desc: str, progress: bool | None) -> Any:
    """A tqdm bar over ``total`` deals, or ``None`` when none is to be shown (see the module docs).

    >>> progress_bar(10, 'advise', False) is None
    True
    """
    if progress is False or (progress is None and not automatic_bars()):
        return None
    from tqdm.auto import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, desc=desc, unit="deal", delay=0 if progress else 2.0, leave=False)
