"""Building the JupyterLite site for the tests (tests/conftest.py builds it once per session)."""

from __future__ import annotations

import fcntl
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE_PYTHON = ROOT / ".venv-lite" / "bin" / "python"
CACHE_LOCK = ROOT / "lite" / ".cache" / "build.lock"
"""Held while a test builds a JupyterLite site: the builds share lite/build.py's download cache
(lite/.cache/offline), whose PyPI downloads go through one ``<name>.part`` folder per wheel, so
two builds at once (two pytest-xdist workers) could delete each other's half-done download."""


def build_lite_site(out: Path, work: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``lite/build.py`` from .venv-lite into ``out``; downloads come from lite/.cache/offline
    (fetched from npm and PyPI by the first build on a machine). One build at a time on this
    checkout (:data:`CACHE_LOCK`): a second waits for the first (tests/groupkit.py sends every
    build to one worker anyway, so in ``make test`` none waits)."""
    CACHE_LOCK.parent.mkdir(parents=True, exist_ok=True)
    with CACHE_LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        return subprocess.run(
            [str(LITE_PYTHON), str(ROOT / "lite" / "build.py"), "--out", str(out), "--work", str(work), *extra],
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
        )
