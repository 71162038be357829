"""The suite on two processes (``make test``: ``pytest -n 2 --dist loadgroup``, pytest-xdist):
which tests must run one after another on the same worker, and the scheduler that sends them
there.

pytest-xdist runs each worker as a separate pytest session, so a worker builds its own copy of
every fixture wider than a test. Three are too costly to build twice, and their tests form a
**named group**, run whole by one worker:

- ``lite-site``: the JupyterLite build (the ``lite_site`` fixture, tests/conftest.py), and the
  other builds of tests/course/test_lite.py, which use lite/build.py's download cache in
  lite/.cache/offline (tests/litekit.py also locks that cache: two builds never run at once,
  however the tests are sent);
- ``course-site``: the course site's Sphinx build (the ``course_site`` fixture);
- ``jupyterlab``: the one JupyterLab server and page of the lesson and widget tests (the
  ``lab`` fixture, tests/browser/conftest.py).

Every other test runs with the rest of its file (as ``--dist loadfile`` would): a file's
module fixtures (a class server, a bank of quizzes) are built once. What the workers do NOT
share needs no group: each has its own learner folder (conftest.py), its own PostgreSQL
cluster on a free port (tests/classroom/server/pgkit.py), its own Chromium and temporary
folders, and the servers the tests start ask the system for a free port.

Why not xdist's own ``--dist loadgroup``: it groups by renaming ``item._nodeid`` after the
``xdist_group`` marks, which pytest 9.2 no longer reads (a node's id is ``item._id``), so the
marks were ignored and two workers built the JupyterLite site at once into lite/.cache. The
controller that sends the tests never collects them: it knows only their ids, so the groups
are written here by file, and every run checks them against the fixtures the tests really use
(:func:`misplaced`, called by tests/conftest.py at collection): a test that uses ``lab`` from a
file not listed below fails, saying which list to add it to.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

GROUPS: dict[str, tuple[str, ...]] = {
    "lite-site": ("tests/course/test_lite.py", "tests/browser/test_lite_offline.py"),
    "course-site": ("tests/course/test_course_site.py", "tests/browser/test_site.py"),
    "jupyterlab": (
        "tests/browser/test_class_four_browsers.py",
        "tests/browser/test_class_join_lab.py",
        "tests/browser/test_guided_game.py",
        "tests/browser/test_egn_real_game.py",
        "tests/browser/test_lab_widgets.py",
        "tests/browser/test_lesson_quizzes_feed_today.py",
        "tests/browser/test_lessons.py",
        "tests/browser/test_one_voice_lesson10.py",
        "tests/browser/test_review_panel.py",
    ),
}
"""A named group -> the test files (paths from the checkout's root) whose tests it holds."""

SHARED = {"lite_site": "lite-site", "course_site": "course-site", "lab": "jupyterlab"}
"""A fixture built once per worker that is too costly to build on both -> the group of its users."""

SLOW_FILES = (
    "tests/browser/",
    "tests/classroom/test_grading.py",
    "tests/course/test_wheel.py",
    "tests/classroom/server/test_leak.py",
)
"""Files (or folders) whose few tests take long (see ``--durations``): sent early, with the
named groups, so that no worker is left alone with one of them at the end of the run. A stale
entry costs only time."""

_GROUP_OF_FILE = {path: group for group, paths in GROUPS.items() for path in paths}


def group_of(nodeid: str) -> str:
    """The work unit of the test ``nodeid``: its named group, or else its file.

    >>> group_of("tests/browser/test_lessons.py::test_lesson_runs_clean_and_its_quizzes_answer[00_how_to_use]")
    'jupyterlab'
    >>> group_of("tests/engine/test_cards.py::TestDeck::test_24_cards")
    'tests/engine/test_cards.py'
    >>> group_of("euchre_learn/engine/trump.py::euchre_learn.engine.trump.effective_suit")
    'euchre_learn/engine/trump.py'
    """
    path = nodeid.split("::", 1)[0]
    return _GROUP_OF_FILE.get(path, path)


def misplaced(nodeid: str, fixturenames: Any) -> str | None:
    """Why the test ``nodeid``, which uses ``fixturenames``, is in the wrong group; None when right."""
    needed = sorted({SHARED[name] for name in fixturenames if name in SHARED})
    path = nodeid.split("::", 1)[0]
    if len(needed) > 1:
        return (
            f"{path} uses the fixtures of the groups {needed}, which run on different pytest-xdist workers: "
            "make them one group in tests/groupkit.py GROUPS"
        )
    if needed and group_of(nodeid) != needed[0]:
        fixture = next(name for name, group in SHARED.items() if group == needed[0])
        return (
            f"{path} uses the fixture {fixture!r}, built once for the group {needed[0]!r}: "
            f"add {path!r} to GROUPS[{needed[0]!r}] in tests/groupkit.py (or that fixture is built twice)"
        )
    return None


def rank(group: str, size: int) -> tuple[int, int]:
    """The order work units are sent in: the named groups, then the slow files, then the rest,
    each by the number of its tests, most first (so the long ones start early, the short ones
    fill in at the end)."""
    if group in GROUPS:
        first = 0
    elif group.startswith(SLOW_FILES):
        first = 1
    else:
        first = 2
    return (first, -size)


def make_scheduler(config: Any, log: Any) -> Any:
    """pytest-xdist's ``--dist loadscope`` scheduler, its scopes being :func:`group_of`'s work units."""
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def __init__(self, config: Any, log: Any) -> None:
            super().__init__(config, log)
            if log is not None:
                self.log = log.groupsched
            self._ranked = False

        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            # schedule() queues every work unit before it sends the first: put them in our order then
            if not self._ranked:
                units = sorted(self.workqueue.items(), key=lambda unit: rank(unit[0], len(unit[1])))
                self.workqueue = OrderedDict(units)
                self._ranked = True
            super()._assign_work_unit(node)

    return GroupScheduling(config, log)
