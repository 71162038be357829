"""Each student's own questions on a graded sheet: a renaming (:mod:`.relabel`) chosen from the
course id and the student's id.

The student's copy and nbgrader's grader pick the same renaming from the same two names: in the
student's kernel, the course id written into the sheet and the student's id as nbgrader's
``submit`` records it (:func:`student_id`); in ``autograde``, the course id of the course's
``nbgrader_config.py`` and the id nbgrader filed the submission under (never anything the
notebook says). A student who pretends to be someone else in their kernel sees that student's
questions, and is graded on their own.

>>> student_variant("euchre-101", "ada"), student_variant("euchre-101", "bob")
('black-red', 'red')
>>> student_variant("euchre-101", "ada") == student_variant("euchre-101", "ada")
True
"""

from __future__ import annotations

import getpass
import hashlib
import os

from euchre_learn.classroom.exercises.relabel import VARIANTS

__all__ = ["STUDENT_ENV", "student_id", "student_variant"]

STUDENT_ENV = "EUCHRE_LEARN_STUDENT"
"""The environment variable that names the student to a kernel: set by nbgrader's grader while it
runs a submission (:class:`~euchre_learn.classroom.nbgrader_hooks.NameTheStudent`)."""


def student_id() -> str:
    """The id nbgrader files this user's submissions under: :data:`STUDENT_ENV` when the grader
    runs a submission, else nbgrader's own rule (the hub's user name in a ``jovyan`` container,
    the account's name elsewhere)."""
    named = os.environ.get(STUDENT_ENV, "").strip()
    if named:
        return named
    try:  # nbgrader.utils.get_username's rule: the process's account, or the hub's user in jovyan's
        import pwd

        user = pwd.getpwuid(os.getuid())[0]
    except (ImportError, KeyError):  # no account database (Windows, a container without the uid)
        user = getpass.getuser()
    return os.environ.get("JUPYTERHUB_USER", "jovyan") if user == "jovyan" else user


def student_variant(course_id: str, student: str) -> str:
    """The renaming of a course's graded sheets that ``student`` answers: one of the seven of
    :data:`~euchre_learn.classroom.exercises.relabel.VARIANTS`, the same every time for the same
    course and student, spread evenly over a class (two students share one in seven times)."""
    if not student:
        raise ValueError("no student id: nbgrader names every submission's student")
    digest = hashlib.sha256(f"{course_id}\n{student}".encode()).digest()
    return VARIANTS[int.from_bytes(digest[:8], "big") % len(VARIANTS)]
