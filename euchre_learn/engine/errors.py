"""The base of euchre_learn's errors."""

from __future__ import annotations

__all__ = ["EuchreError"]


class EuchreError(ValueError):
    """A ``ValueError`` whose message teaches the rule.

    In a notebook only the message is shown, without the traceback through the engine's
    source: for a learner, the message *is* the lesson (IPython calls ``_render_traceback_``).

    >>> EuchreError("West must follow hearts")._render_traceback_()
    ['EuchreError: West must follow hearts']
    """

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]
