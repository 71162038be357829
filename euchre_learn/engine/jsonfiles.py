"""Reading and writing the package's JSON files safely (standard library only, no engine).

Two helpers, shared by every module that keeps JSON on disk (quiz banks, hand records):

- :func:`write_text_atomic` writes a file all at once or not at all: the text goes to a
  temporary file beside the target, then ``os.replace`` puts it in place. If anything fails,
  the temporary file is removed and the target is as it was.
- :func:`parse_json` reads JSON text, turning every way it can fail (bad syntax, nesting too
  deep for Python's parser) into the caller's own error, with the place named.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["parse_json", "temp_name", "write_text_atomic"]


def temp_name(path: Path) -> Path:
    """The temporary file :func:`write_text_atomic` uses for ``path``: hidden, beside it,
    named after the process so that two processes never share one.

    >>> temp_name(Path('/x/bank.json')).name.startswith('.bank.json.')
    True
    """
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def write_text_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically; create the folder if needed; return the path.

    On any failure (the folder cannot be made, the disk is full, ``path`` is a folder) the
    temporary file is removed and the error raised: the old file, if any, is untouched and
    nothing is left behind.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_text_atomic(folder / 'a.json', '{}').read_text(), sorted(p.name for p in folder.iterdir())
    ('{}', ['a.json'])
    """
    target = Path(path)
    tmp = temp_name(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:  # pragma: no cover - the folder itself went away
            pass
        raise
    return target


def parse_json(text: str, where: str, error: type[Exception]) -> Any:
    """JSON text as data, or ``error`` saying what is wrong with the ``where`` (e.g. 'record').
    JSON nested too deep for Python to read (``'[' * 100000``) is an ``error`` too, never a
    ``RecursionError``.

    >>> parse_json('[' * 100000, 'record', ValueError)
    Traceback (most recent call last):
    ...
    ValueError: the record is nested too deeply to read: records and quiz banks are only a few levels deep
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise error(f"the {where} is not valid JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    except RecursionError:
        raise error(
            f"the {where} is nested too deeply to read: records and quiz banks are only a few levels deep"
        ) from None
