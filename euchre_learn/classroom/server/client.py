"""A learner's side of the class server, with no widgets: :class:`TableClient`, a seat at a
table (it lives on the interactive floor, in :mod:`euchre_learn.interactive.seat.remote`,
beside the seat the notebook widget drives, and is re-exported here). A learner's answers go to
the class through their own store (:mod:`euchre_learn.learner.class_link`).
"""

from __future__ import annotations

from euchre_learn.interactive.seat.remote import TableClient

__all__ = ["TableClient"]
