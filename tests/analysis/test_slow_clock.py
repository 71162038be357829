"""No stored output depends on the machine's speed (issue 16).

nbval once failed on a loaded machine: lesson 11's advisor shows a progress bar after 2 s, and
the cell took 2.2 s. The automatic bars are off in tests and stored lessons
(``EUCHRE_LEARN_PROGRESS_BARS=off``, euchre_learn/progressbar.py), and here the lesson runs
under nbval with its kernel's clock running 50 times fast (tools/fastclock/sitecustomize.py),
as on a machine 50 times slower: `make test` runs nbval over every lesson and exercise sheet
that way (EUCHRE_LEARN_FAST_CLOCK=50), and the stored outputs match. These tests prove the
mechanism: the fast clock does make a short wait look long, and a bar would then appear.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FAST = {"EUCHRE_LEARN_FAST_CLOCK": "50"}


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(extra)
    return env


def _python(code: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = _env(**extra)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tools" / "fastclock"), str(ROOT), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300, check=False)


ADVISE = (
    "import euchre_learn as el\n"
    "el.advise(el.examples.hand('assist-partner', after=1), worlds=300, seed=1)\n"  # about 0.3 s: many times the 40 ms a 2 s delay is on the fast clock
    "print('done')\n"
)


def test_the_fast_clock_makes_a_short_wait_look_long() -> None:
    done = _python("import time; a = time.monotonic(); b = time.perf_counter(); time.sleep(0.1); "
                   "print(time.monotonic() - a, time.perf_counter() - b)", **FAST)
    assert done.returncode == 0, done.stderr
    assert all(float(x) >= 4 for x in done.stdout.split())


def test_under_the_fast_clock_an_automatic_bar_would_appear() -> None:
    shown = _python(ADVISE, EUCHRE_LEARN_PROGRESS_BARS="on", **FAST)  # how the lesson ran before
    assert shown.returncode == 0, shown.stderr
    assert "advise:" in shown.stderr  # the 2 s delay passed: tqdm drew its bar
    hidden = _python(ADVISE, EUCHRE_LEARN_PROGRESS_BARS="off", **FAST)
    assert hidden.returncode == 0 and hidden.stdout.strip() == "done"
    assert "advise" not in hidden.stderr
