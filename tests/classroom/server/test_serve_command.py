"""``euchre-learn class serve``: starts the server on loopback and prints the teacher's link,
which works; a database that cannot be opened ends in one line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from euchre_learn.classroom.cli import main

ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_class_serve_prints_a_working_teacher_link(tmp_path: Path) -> None:
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "euchre_learn.classroom.cli",
            "class",
            "serve",
            "--db",
            str(tmp_path / "c.sqlite3"),
            "--port",
            str(port),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline(), proc.stdout.readline()]
        link = lines[1].rsplit(" ", 1)[-1].strip()
        assert link.startswith(f"http://127.0.0.1:{port}/teacher?token="), lines
        deadline = time.monotonic() + 15
        while True:
            try:
                r = httpx.get(link, timeout=5)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert r.status_code == 303 and "euchre_teacher" in r.headers["set-cookie"]
        assert httpx.get(f"http://127.0.0.1:{port}/teacher?token=wrong", timeout=5).status_code == 401
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        for f in (proc.stdout, proc.stderr):
            if f is not None:
                f.close()
    assert (tmp_path / "c.sqlite3").exists()


def test_a_database_that_cannot_be_opened_ends_in_one_line(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "file").write_text("not a folder")
    assert main(["class", "serve", "--db", str(tmp_path / "file" / "c.sqlite3"), "--port", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("euchre-learn: ")
