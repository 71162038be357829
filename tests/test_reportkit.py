"""The end-of-run banners survive pytest-xdist (tests/reportkit.py): what the workers noted, handed
to the controller, is what the controller writes."""

from __future__ import annotations

from typing import Any

import pytest
import reportkit


class Terminal:
    """What pytest's terminal reporter was asked to write."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def write_line(self, line: str, **markup: Any) -> None:
        self.lines.append(line)

    def write_sep(self, sep: str, title: str, **markup: Any) -> None:
        self.lines.append(f"{sep * 3} {title} {sep * 3}")


@pytest.fixture()
def notes(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process's notes, emptied for the test and put back after it."""
    for name, empty in (("SKIPPED", {}), ("BROWSER_TIMES", {}), ("SCREENSHOTS", []), ("POSTGRES", {})):
        monkeypatch.setattr(reportkit, name, empty)


def _worker(**notes: Any) -> dict[str, Any]:
    """A worker's dump, as it reaches the controller."""
    return {"skipped": {}, "browser_times": {}, "screenshots": [], "postgres": {}, **notes}


def test_a_skip_noted_on_one_worker_is_the_controllers_banner(notes: None) -> None:
    reportkit.merge(_worker(postgres={"version": "15.2", "port": 5555, "start": 1.5}))
    reportkit.merge(_worker(skipped={"browser": "no Chromium here"}, browser_times={"JupyterLab start": 9.0}))
    tr = Terminal()
    reportkit.write_summary(tr)
    text = "\n".join(tr.lines)
    assert "REAL-BROWSER TESTS SKIPPED: no Chromium here" in text
    assert "NOT checked in a browser" in text
    assert "real-browser suite" not in text  # a skipped suite has no times to show
    assert "PostgreSQL 15.2 (a private cluster on 127.0.0.1:5555, started in 1.5 s)" in text
    assert "POSTGRESQL TESTS SKIPPED" not in text


def test_the_times_of_every_worker_are_listed_slowest_first(notes: None) -> None:
    reportkit.merge(_worker(browser_times={"JupyterLab start": 9.0, "test_a": 2.0}, screenshots=["shots"]))
    reportkit.merge(_worker(browser_times={"test_b": 30.0}, screenshots=["shots"]))
    tr = Terminal()
    reportkit.write_summary(tr)
    assert tr.lines[0] == "--- real-browser suite: 41 s in fixtures and tests ---"
    assert [line.split()[-1] for line in tr.lines[1:4]] == ["test_b", "start", "test_a"]
    assert tr.lines[4:] == ["  screenshots: shots/"]


def test_a_worker_dump_is_plain_data_and_round_trips(notes: None) -> None:
    reportkit.skipped("postgres", "no initdb")
    reportkit.skipped("postgres", "a later reason")  # the first one stays
    dumped = reportkit.dump()
    assert dumped["skipped"] == {"postgres": "no initdb"}
    reportkit.SKIPPED.clear()
    reportkit.merge(dumped)
    assert reportkit.SKIPPED == {"postgres": "no initdb"}
    with pytest.raises(ValueError, match="kind must be one of"):
        reportkit.skipped("gpu", "none")
