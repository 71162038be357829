"""The static sites, each built once per test session: the JupyterLite site for
tests/course/test_lite.py (what the site holds) and tests/browser/test_lite_offline.py (the site run in
Chromium with no internet); the course site for tests/course/test_course_site.py and
tests/browser/test_site.py."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from litekit import LITE_PYTHON, build_lite_site
from sitekit import build_course_site


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


@pytest.fixture(scope="session")
def course_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course site of this checkout, as ``make site`` builds it (tests/sitekit.py), in
    ``<tmp>/build/site``: served from ``<tmp>/build``, its JupyterLite links point at ``/lite/``."""
    work = tmp_path_factory.mktemp("site")
    out = work / "build" / "site"
    built = build_course_site(out, work / "work")
    assert built.done.returncode == 0, built.log
    if not built.offline:
        warnings.warn("the course site was built WITH network access (no `unshare --net` here)", stacklevel=1)
    return out
