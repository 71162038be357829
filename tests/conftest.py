"""The static sites, each built once per test session: the JupyterLite site for
tests/course/test_lite.py (what the site holds) and tests/browser/test_lite_offline.py (the site run in
Chromium with no internet); the course site for tests/course/test_course_site.py and
tests/browser/test_site.py.

And the suite on several processes, ``pytest -n auto --dist loadgroup`` (pytest-xdist, one
worker per core). A worker builds its own copy of every fixture wider than a test, so the tests
that share an expensive one are marked as a group for one worker (see :func:`xdist_group`); and
what the end of the run must say (a skipped half of the suite, the browser suite's times) is
handed from the workers to the process that writes it (tests/reportkit.py). NOT YET IN
``make test``: pytest-xdist 3.8 groups by renaming ``item._nodeid``, which pytest 9.2 no longer
reads, so the groups are ignored and two workers built the JupyterLite site at once into
lite/.cache (a failed build). ``make test`` runs nbval on every core (no groups needed there).
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
import reportkit
from litekit import LITE_PYTHON, build_lite_site
from sitekit import build_course_site

SHARED = {
    "lab": "jupyterlab",  # tests/browser: one JupyterLab server and one page for the lessons and widgets
    "lite_site": "lite-site",  # the JupyterLite build (below), and lite/build.py's download cache
    "course_site": "course-site",  # the course site's Sphinx build (below)
}
"""A fixture built once per session that several test files share -> the name of their group."""

WIDE_SCOPES = ("package", "module", "class")


def xdist_group(item: pytest.Item) -> str | None:
    """The group of tests ``item`` must run with on one pytest-xdist worker, or None (any worker).

    The users of a fixture in :data:`SHARED` form its group; a test using a fixture of this suite
    that lives longer than a test (a module's server, a module's bank of quizzes, the browser)
    runs with the rest of its file. Pytest's own wide fixtures (``tmp_path_factory``...) are
    cheap and do not count.
    """
    names = set(getattr(item, "fixturenames", ()))
    for fixture, group in SHARED.items():
        if fixture in names:
            return group
    info = getattr(item, "_fixtureinfo", None)
    for defs in getattr(info, "name2fixturedefs", {}).values():
        if defs and defs[-1].scope in WIDE_SCOPES and defs[-1].baseid:
            return item.nodeid.split("::")[0]
    return None


def pytest_itemcollected(item: pytest.Item) -> None:
    # as each test is collected: pytest-xdist reads the groups in its pytest_collection_modifyitems
    if not item.config.pluginmanager.hasplugin("xdist"):
        return  # no workers, no groups (and no xdist_group marker to set)
    group = xdist_group(item)
    if group is not None:
        item.add_marker(pytest.mark.xdist_group(group))


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: the controller writes the summary
        workeroutput[reportkit.WORKER_KEY] = reportkit.dump()


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: called only where it is installed
def pytest_testnodedown(node: Any, error: Any) -> None:
    reportkit.merge(getattr(node, "workeroutput", {}).get(reportkit.WORKER_KEY, {}))


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    reportkit.write_summary(terminalreporter)


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
