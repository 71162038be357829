"""The suite's pytest-xdist groups (tests/groupkit.py): the lists name real files, a test that uses
a shared fixture from outside its group is caught, and the scheduler, driven as pytest-xdist's
controller drives it, sends each group and each other file whole to one worker, the named
groups first."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import groupkit
import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_lists_name_files_of_this_checkout() -> None:
    for group, paths in groupkit.GROUPS.items():
        for path in paths:
            assert (ROOT / path).is_file(), (group, path)
    assert set(groupkit.SHARED.values()) == set(groupkit.GROUPS)
    for path in groupkit.SLOW_FILES:
        assert (ROOT / path).exists(), path


def test_a_test_using_a_shared_fixture_outside_its_group_is_told_where_it_belongs() -> None:
    assert groupkit.misplaced("tests/browser/test_lessons.py::test_x", ["lab", "tmp_path"]) is None
    assert groupkit.misplaced("tests/engine/test_cards.py::test_x", ["tmp_path"]) is None
    why = groupkit.misplaced("tests/browser/test_new.py::test_x", ["lab_page", "lab", "browser"])
    assert why is not None and "GROUPS['jupyterlab']" in why and "'tests/browser/test_new.py'" in why
    why = groupkit.misplaced("tests/course/test_lite.py::test_x", ["lite_site", "course_site"])
    assert why is not None and "['course-site', 'lite-site']" in why and "one group" in why


class Worker:
    """What the scheduler sees of a pytest-xdist worker: it is sent test indices, and shut down."""

    def __init__(self, name: str) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.shutting_down = False
        self.queue: list[int] = []
        self.ran: list[int] = []

    def send_runtest_some(self, indices: list[int]) -> None:
        self.queue.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True


IDS = [
    "README.md::README.md",
    "euchre_learn/engine/trump.py::euchre_learn.engine.trump.effective_suit",
    "tests/browser/test_lessons.py::test_lesson[00]",
    "tests/browser/test_lessons.py::test_lesson[01]",
    "tests/browser/test_lite_offline.py::test_offline[00]",
    "tests/browser/test_review_panel.py::test_panel",
    "tests/browser/test_site.py::test_page",
    "tests/browser/test_voila_apps.py::test_practice",
    "tests/course/test_course_site.py::test_pages",
    "tests/course/test_lite.py::test_wheel",
    "tests/course/test_lite.py::test_rebuild",
    *(f"tests/engine/test_cards.py::test_{i}" for i in range(6)),
    *(f"tests/engine/test_play_rules.py::TestLead::test_{i}" for i in range(4)),
    "tests/engine/test_play_rules.py::test_follow",
]


def _run(workers: list[Worker]) -> None:
    """Run every test sent, one at a time, turn about, telling the scheduler of each as the
    controller does."""
    config = SimpleNamespace(
        getvalue=lambda name: {"tx": [f"{len(workers)}*popen"], "dist": "loadgroup"}[name],
        option=SimpleNamespace(loadscopereorder=True),
    )
    sched = groupkit.make_scheduler(config, None)
    for worker in workers:
        sched.add_node(worker)
    for worker in workers:
        sched.add_node_collection(worker, IDS)
    assert sched.collection_is_completed
    sched.schedule()
    while any(worker.queue for worker in workers):
        for worker in workers:
            if worker.queue:
                index = worker.queue.pop(0)
                worker.ran.append(index)
                sched.mark_test_complete(worker, index)
    assert sched.tests_finished
    assert all(worker.shutting_down for worker in workers)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_each_group_and_each_other_file_runs_whole_on_one_worker(count: int) -> None:
    workers = [Worker(f"gw{i}") for i in range(count)]
    _run(workers)
    ran = [IDS[i] for worker in workers for i in worker.ran]
    assert sorted(ran) == sorted(IDS)  # every test, once
    where: dict[str, set[str]] = {}
    for worker in workers:
        for i in worker.ran:
            where.setdefault(groupkit.group_of(IDS[i]), set()).add(worker.gateway.id)
    assert all(len(names) == 1 for names in where.values()), where
    assert where.keys() >= {"lite-site", "course-site", "jupyterlab", "tests/engine/test_play_rules.py"}
    firsts = [groupkit.group_of(IDS[worker.ran[0]]) for worker in workers]
    assert all(first in groupkit.GROUPS for first in firsts), firsts  # the costly groups start first
