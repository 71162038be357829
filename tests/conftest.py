"""The JupyterLite site, built once per test session for tests/test_lite.py (what the site
holds) and tests/browser/test_lite_offline.py (the site run in Chromium with no internet)."""

from __future__ import annotations

from pathlib import Path

import pytest
from litekit import LITE_PYTHON, build_lite_site


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The offline JupyterLite site of this checkout, as ``make lite`` builds it."""
    if not LITE_PYTHON.exists():
        pytest.skip(
            "NO .venv-lite: the JupyterLite build was NOT checked; `make test` (or `make lite`) creates it "
            "from lite/requirements.txt"
        )
    work = tmp_path_factory.mktemp("lite")
    out = work / "site"
    done = build_lite_site(out, work / "work")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out
