"""Every game played at the table, saved as each hand ends (see :mod:`euchre_learn.learner.saved_games`).

:class:`GameSaver` is what a :class:`~euchre_learn.interactive.table.model.Table` calls when a hand
ends (it is in ``Table.on_hand_end`` from the start): it writes the hand, with the score before
it and who sat where, to the learner's store at once. ``el.table.saved_games()`` lists the
games kept, newest first, and ``el.table.load_game(id)`` gives one back for ``el.review``.

>>> from euchre_learn.interactive.table.model import Table
>>> t = Table(humans=[], seed=2, dealer='S')
>>> _ = t.run_bots()                     # the hand ends: it is in the store already
>>> g = saved_games()[0]
>>> g.hands_played, g.hands[0] == t.hand, g.records[0]['score']
(1, True, {'NS': 0, 'EW': 0})
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import TYPE_CHECKING

from euchre_learn.learner.saved_games import SavedGame, SavedGameError, load_game, save_hand, saved_games
from euchre_learn.learner.store import Store

if TYPE_CHECKING:
    from euchre_learn.interactive.table.model import Table

__all__ = ["GameSaver", "SavedGame", "SavedGameError", "load_game", "saved_games"]


class GameSaver:
    """Saves each finished hand of a table's games to ``store`` (the learner's own by default).

    Each game at the table gets its own id (the time it started and a few random letters);
    :attr:`ids` maps the table's game number to it, :attr:`last_id` is the current game's.
    """

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.ids: dict[int, str] = {}

    def game_id(self, table: Table) -> str:
        n = table._games_played
        if n not in self.ids:
            self.ids[n] = f"{datetime.now():%Y-%m-%d-%H%M%S}-{secrets.token_hex(3)}"
        return self.ids[n]

    @property
    def last_id(self) -> str | None:
        return self.ids[max(self.ids)] if self.ids else None

    def __call__(self, table: Table) -> None:
        bots = {str(s): b.name for s, b in sorted(table.bots.items())}
        save_hand(table.game, self.game_id(table), humans=table.humans, store=self.store, bots=bots)

    def __repr__(self) -> str:
        return f"<GameSaver {len(self.ids)} games>"
