"""Saved games to and from Euchre Game Notation (:mod:`euchre_learn.engine.egn`).

:func:`export_egn` writes a saved game as EGN text; :func:`import_egn` reads an EGN file into the
learner's saved games, all its deals in one transaction (a file that does not read, or a deal
that stops before its end, imports nothing). An imported game is listed by
:func:`~euchre_learn.learner.saved_games.saved_games` with ``source`` ``'egn'``; the cards the
file did not name are kept as the record's ``"stand_ins"`` (the stepper keeps them face down, and
an export leaves them out again).

>>> import os, tempfile
>>> import euchre_learn as el
>>> from euchre_learn.learner.store import Store
>>> store = Store(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> game_id = import_egn(el.egn.example(), store=store)
>>> game_id, load_game(game_id, store).hands_played
('egn-vwec-finals-2026-05-29', 13)
>>> el.egn.read(export_egn(game_id, store)).score == el.egn.read(el.egn.example()).score
True
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Mapping
from typing import Any

from euchre_learn.engine.cards import Team
from euchre_learn.engine.egn import EgnError, read, write
from euchre_learn.engine.errors import quote
from euchre_learn.learner.saved_games import SavedGameError, load_game
from euchre_learn.learner.store import SaveHand, Store

__all__ = ["export_egn", "import_egn"]


def export_egn(game_id: str, store: Store | None = None) -> str:
    """The saved game ``game_id`` as EGN JSON text (a damaged game raises ``SavedGameError``)."""
    return write(load_game(game_id, store))


def import_egn(
    source: Mapping[str, Any] | str | bytes | os.PathLike[str],
    *,
    store: Store | None = None,
    game_id: str | None = None,
    at: float | None = None,
) -> str:
    """Read an EGN game into the saved games and return its id (by default ``egn-`` with the
    title and the date). All or nothing: an :class:`~euchre_learn.engine.egn.EgnError` (the file,
    the deal, the field), a deal that stops before its end, or an id already taken saves nothing."""
    match = read(source)
    target = Store.shared() if store is None else store
    if game_id is None:
        words = re.sub(r"[^a-z0-9]+", "-", f"{match.metadata.title} {match.metadata.date[:10]}".lower()).strip("-")
        game_id = f"egn-{words or 'game'}"
    if any(row[0] == game_id for row in target.hand_rows()):
        raise SavedGameError(f"a saved game is already called {quote(game_id)}: give another id to import it again")
    for k, deal in enumerate(match.deals):
        if not deal.complete:
            raise EgnError(
                "the deal stops before its end: a saved game keeps whole hands only",
                file=match.file,
                deal=k,
                field=f"deals[{k}]",
            )
    if not match.deals:
        raise EgnError("the file has no deal to save", file=match.file, field="deals")
    when = time.time() if at is None else at
    ops = []
    for k, deal in enumerate(match.deals):
        record = deal.hand.to_record()
        record["score"] = {"NS": deal.score_before[Team.NS], "EW": deal.score_before[Team.EW]}
        record["game"] = {
            "number": k,
            "humans": [],
            "source": "egn",
            "title": match.metadata.title,
            "players": list(match.metadata.players),
            "date": match.metadata.date,
        }
        if deal.stand_ins:
            record["stand_ins"] = " ".join(str(c) for c in sorted(deal.stand_ins))
        notes = {str(i): [[label, text] for label, text in found] for i, found in deal.annotations.items()}
        if notes:
            record["annotations"] = notes
        ops.append(SaveHand(game_id, k, record, when))
    target.write(*ops)
    return game_id
