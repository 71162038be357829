"""Building the JupyterLite site for the tests (tests/conftest.py builds it once per session)."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LITE_PYTHON = ROOT / ".venv-lite" / "bin" / "python"


def build_lite_site(out: Path, work: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """``lite/build.py`` from .venv-lite into ``out``; downloads come from lite/.cache/offline
    (fetched from npm and PyPI by the first build on a machine)."""
    return subprocess.run(
        [str(LITE_PYTHON), str(ROOT / "lite" / "build.py"), "--out", str(out), "--work", str(work), *extra],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
