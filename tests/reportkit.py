"""What the end of a test run must say, kept so that it survives pytest-xdist.

Three parts of the suite skip, loudly, where this machine cannot run them: the real-browser tests
(no Chromium), the class server's tests on PostgreSQL (no PostgreSQL) and against a real
JupyterHub (no jupyterhub or configurable-http-proxy). The end of the run
then says so in a banner, never a silent pass; when they did run, it gives the browser suite's
times and the PostgreSQL cluster's version.

``make test`` runs the tests in worker processes (``pytest -n 2``, pytest-xdist), and there
the end-of-run summary is written by the controlling process, which collects nothing: it never
imports tests/browser/conftest.py nor tests/classroom/server/conftest.py. So those conftests
write what the summary must say here, each worker hands its notes to the controller
(tests/conftest.py: ``pytest_sessionfinish`` on the worker, ``pytest_testnodedown`` on the
controller), and the controller, or the single process of a run without workers, writes the
banners with :func:`write_summary`.
"""

from __future__ import annotations

from typing import Any

WORKER_KEY = "euchre_learn_notes"
"""The key of the notes in a worker's ``config.workeroutput``."""

SKIPPED: dict[str, str] = {}
"""A part of the suite that did not run ("browser", "postgres", "hub") -> why, the first reason given."""

BROWSER_TIMES: dict[str, float] = {}
"""The real-browser suite's fixtures and tests -> seconds."""

SCREENSHOTS: list[str] = []
"""Where the real-browser tests left their screenshots (a folder of the checkout)."""

POSTGRES: dict[str, Any] = {}
"""The private PostgreSQL cluster: version, port, seconds to start (of the first worker to report)."""

BANNERS = {
    "browser": (
        "REAL-BROWSER TESTS SKIPPED",
        "Widgets, lessons and Voilà apps were NOT checked in a browser on this run.",
    ),
    "postgres": (
        "POSTGRESQL TESTS SKIPPED",
        "The class server was checked on SQLite only on this run.",
    ),
    "hub": (
        "JUPYTERHUB TESTS SKIPPED",
        "The class server as a JupyterHub service was NOT checked against a real hub on this run.",
    ),
}


def skipped(kind: str, reason: str) -> None:
    """Note that the ``kind`` part of the suite ("browser", "postgres" or "hub") was skipped, and why."""
    if kind not in BANNERS:
        raise ValueError(f"skipped: kind must be one of {sorted(BANNERS)}, not {kind!r}")
    SKIPPED.setdefault(kind, reason)


def dump() -> dict[str, Any]:
    """This process's notes, as plain data a worker can send to the controller."""
    return {
        "skipped": dict(SKIPPED),
        "browser_times": dict(BROWSER_TIMES),
        "screenshots": list(SCREENSHOTS),
        "postgres": dict(POSTGRES),
    }


def merge(notes: dict[str, Any]) -> None:
    """Add a worker's notes (from :func:`dump`) to this process's."""
    for kind, reason in notes.get("skipped", {}).items():
        SKIPPED.setdefault(kind, reason)
    for name, seconds in notes.get("browser_times", {}).items():
        BROWSER_TIMES[name] = BROWSER_TIMES.get(name, 0.0) + seconds
    SCREENSHOTS.extend(folder for folder in notes.get("screenshots", []) if folder not in SCREENSHOTS)
    if notes.get("postgres") and not POSTGRES:
        POSTGRES.update(notes["postgres"])


def write_summary(tr: Any) -> None:
    """The banners and lines of the end of the run, on pytest's terminal reporter ``tr``."""
    bar = "!" * 78
    for kind, (title, meaning) in BANNERS.items():
        if kind in SKIPPED:
            tr.write_line(bar, red=True, bold=True)
            tr.write_line(f"{title}: {SKIPPED[kind]}", red=True, bold=True)
            tr.write_line(meaning, red=True, bold=True)
            tr.write_line(bar, red=True, bold=True)
    if BROWSER_TIMES and "browser" not in SKIPPED:
        total = sum(BROWSER_TIMES.values())
        tr.write_sep("-", f"real-browser suite: {total:.0f} s in fixtures and tests")
        for name, seconds in sorted(BROWSER_TIMES.items(), key=lambda kv: -kv[1])[:8]:
            tr.write_line(f"  {seconds:6.1f} s  {name}")
        for folder in SCREENSHOTS:
            tr.write_line(f"  screenshots: {folder}/")
    if POSTGRES and "postgres" not in SKIPPED:
        tr.write_sep(
            "-",
            f"class server tests on PostgreSQL {POSTGRES['version']} (a private cluster on 127.0.0.1:"
            f"{POSTGRES['port']}, started in {POSTGRES['start']:.1f} s)",
        )
