"""The static sites, each built once per test session: the JupyterLite site for
tests/course/test_lite.py (what the site holds) and tests/browser/test_lite_offline.py (the site run in
Chromium with no internet); the course site for tests/course/test_course_site.py and
tests/browser/test_site.py.

And the suite on two processes, ``make test``'s ``pytest -n 2 --dist loadgroup`` (pytest-xdist):
the scheduler of tests/groupkit.py sends the tests that share an expensive fixture (these
sites, the JupyterLab of the browser tests) to one worker, and every other file whole to either;
what the end of the run must say (a skipped half of the suite, the browser suite's times) is
handed from the workers to the process that writes it (tests/reportkit.py). ``pytest path``
runs in one process, as before.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import groupkit
import pytest
import reportkit
from litekit import LITE_PYTHON, build_lite_site
from sitekit import build_course_site

MISPLACED = pytest.StashKey[str]()
"""Why a test sits in the wrong group of tests/groupkit.py (it then fails, saying so)."""


@pytest.hookimpl(optionalhook=True, tryfirst=True)  # a pytest-xdist hook; before xdist's own
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadgroup``: the groups of tests/groupkit.py (xdist's own reads ``xdist_group``
    marks, which it cannot apply under pytest 9.2). Any other ``--dist`` is xdist's."""
    if config.getvalue("dist") == "loadgroup":
        return groupkit.make_scheduler(config, log)
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # the groups are written by file (the controller sees only test ids): check them against the
    # fixtures each test really uses, in every run, so that a wrong list fails before `make test`
    for item in items:
        why = groupkit.misplaced(item.nodeid, getattr(item, "fixturenames", ()))
        if why is not None:
            item.stash[MISPLACED] = why


def pytest_runtest_setup(item: pytest.Item) -> None:
    if MISPLACED in item.stash:
        pytest.fail(item.stash[MISPLACED], pytrace=False)


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
