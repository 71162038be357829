"""A class roster: a CSV of names in, a CSV of links out.

:func:`read_roster` reads the teacher's CSV (one student a line: the first column, or the
column headed ``name``; a header line is optional; blank lines are skipped) and refuses a bad
one whole, naming the line: nothing is added then. :func:`links_csv` writes what the teacher
hands out: each student's name, token and link (the server's ``/join`` page for that student,
which shows the tables open and the one line that joins one).

>>> read_roster("name\\nAnn Lee\\n\\nBob\\n")
['Ann Lee', 'Bob']
>>> read_roster("Ann\\nBob\\nann\\n")
Traceback (most recent call last):
...
ValueError: line 3: 'ann' is on line 1 already (names are told apart without case)
>>> print(links_csv([("Ann", "t0k")], "http://10.0.0.5:8765"), end="")
name,token,link
Ann,t0k,http://10.0.0.5:8765/join?token=t0k
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Iterable
from urllib.parse import quote

__all__ = ["MAX_NAME", "MAX_STUDENTS", "links_csv", "read_roster"]

MAX_NAME = 100
"""The longest name a student may have, in characters."""
MAX_STUDENTS = 500
"""The most students one roster adds."""


def read_roster(text: str, taken: Collection[str] = ()) -> list[str]:
    """The names of a roster CSV, in order, each with its spaces tidied; a ``ValueError``
    naming the line for a line with no name, a name too long, a name twice, or a name already in
    the class (``taken``)."""
    if "\x00" in text:
        raise ValueError("the roster is not a text CSV file (it holds NUL bytes): save it as CSV, UTF-8")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    column = 0
    start = 0
    if rows and [c.strip().lower() for c in rows[0]].count("name") == 1:
        column = [c.strip().lower() for c in rows[0]].index("name")
        start = 1
    taken_at = {t.casefold(): 0 for t in taken}
    names: list[str] = []
    for number, row in enumerate(rows[start:], start=start + 1):
        if not any(c.strip() for c in row):
            continue
        where = f"line {number}"
        if column >= len(row) or not row[column].strip():
            raise ValueError(f"{where}: no name in the {'name' if start else 'first'} column ({','.join(row)[:40]!r})")
        name = " ".join(row[column].split())
        if len(name) > MAX_NAME:
            raise ValueError(f"{where}: the name has {len(name)} characters; at most {MAX_NAME} ({name[:30]!r}...)")
        seen = taken_at.get(name.casefold())
        if seen == 0:
            raise ValueError(f"{where}: there is already a student called {name!r} in this class")
        if seen is not None:
            raise ValueError(f"{where}: {name!r} is on line {seen} already (names are told apart without case)")
        taken_at[name.casefold()] = number
        names.append(name)
    if not names:
        raise ValueError("the roster has no names: one student a line, in the first column (or under 'name')")
    if len(names) > MAX_STUDENTS:
        raise ValueError(f"the roster has {len(names)} names; at most {MAX_STUDENTS} at once")
    return names


def links_csv(students: Iterable[tuple[str, str]], base_url: str) -> str:
    """The CSV the teacher hands out: ``name``, ``token``, ``link`` (``base_url``: the server's
    address as the learners reach it)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["name", "token", "link"])
    base = base_url.rstrip("/")
    for name, token in students:
        w.writerow([name, token, f"{base}/join?token={quote(token)}"])
    return buf.getvalue()
