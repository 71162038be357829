"""Which code played a checkpoint: long benchmark runs save their chunks as they go, and a
checkpoint's match key names the bots, not their code, so a full run names its checkpoint after
the code (a bot changed since must not resume the old bot's chunks)."""

from __future__ import annotations

import hashlib
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_learn"


def code_digest(root: Path = PACKAGE) -> str:
    """A short digest of every file under ``root`` (the ``euchre_learn`` package), compiled files
    aside: the name of a checkpoint that the code played."""
    h = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:12]
