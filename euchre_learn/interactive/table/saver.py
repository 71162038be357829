"""Every game a learner plays at the table, saved as each hand ends (see :mod:`euchre_learn.learner.saved_games`).

:class:`GameSaver` is what a :class:`~euchre_learn.interactive.table.model.Table` calls when a hand
ends (it is in ``Table.on_hand_end`` from the start): it writes the hand, with the score before
it and who sat where, to the learner's store at once. ``el.table.saved_games()`` lists the
learner's games, newest first, and ``el.table.load_game(id)`` gives one back for ``el.review``.

**Your games are the games with a human seat.** A table of bots only (``humans=()``: a lesson's
demonstration, lesson 15's stand-in game, a study) is not saved: its hands are in the table's
``game`` for as long as it is wanted, and it never crowds the learner's list at each Run All.

>>> from euchre_learn.interactive.table.model import Table
>>> t = Table(humans='S', seed=2, dealer='S')
>>> while not t.hand_over:
...     _ = t.run_bots()
...     if t.is_human_turn: t.act(t.legal_actions()[0])
>>> g = saved_games()[0]                 # the hand ended: it is in the store already
>>> g.hands_played, g.hands[0] == t.hand, g.records[0]['score'], g.learner
(1, True, {'NS': 0, 'EW': 0}, <Seat.S: 2>)
>>> demo = Table(humans=[], seed=2, dealer='S'); _ = demo.run_bots()
>>> demo.hand_over, demo.on_hand_end[0].last_id   # a demonstration: not saved
(True, None)
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

import euchre_learn.learner.class_link  # noqa: F401  (decisions kept here go to a joined class)
from euchre_learn.analysis.situation import situation
from euchre_learn.learner.saved_games import SavedGame, SavedGameError, load_game, save_hand, saved_games
from euchre_learn.learner.store import AddDecision, Store

if TYPE_CHECKING:
    from euchre_learn.analysis.bots import Bot
    from euchre_learn.analysis.review import Decision, Review
    from euchre_learn.engine.cards import Seat
    from euchre_learn.engine.game import Game

__all__ = [
    "GameSaver",
    "SavedGame",
    "SavedGameError",
    "Seated",
    "decision_op",
    "game_name",
    "load_game",
    "save_decisions",
    "saved_games",
    "table_saver",
    "table_store",
]


class Seated(Protocol):
    """What the saver reads of a table as a hand ends (a
    :class:`~euchre_learn.interactive.table.model.Table` is one): the game, which game of the
    table it is, and who sat where."""

    @property
    def game(self) -> Game: ...

    @property
    def game_number(self) -> int: ...

    @property
    def humans(self) -> Collection[Seat]: ...

    @property
    def bots(self) -> Mapping[Seat, Bot]: ...


class GameSaver:
    """Saves each finished hand of a table's games to ``store`` (the learner's own by default).

    Each game at the table gets its own id (the time it started and a few random letters);
    :attr:`ids` maps the table's game number to it, :attr:`last_id` is the current game's.
    Called with the table as a hand ends, it reads only what it saves (:class:`Seated`);
    :meth:`save` takes those pieces themselves.
    """

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.ids: dict[int, str] = {}

    def game_id(self, game_number: int) -> str:
        """The id of the table's game ``game_number`` (0 for the first), made on first use."""
        if game_number not in self.ids:
            self.ids[game_number] = f"{datetime.now():%Y-%m-%d-%H%M%S}-{secrets.token_hex(3)}"
        return self.ids[game_number]

    @property
    def last_id(self) -> str | None:
        return self.ids[max(self.ids)] if self.ids else None

    def save(self, game: Game, game_number: int, humans: Collection[Seat], bots: Mapping[Seat, Bot]) -> None:
        """Save the hand of ``game`` that just ended, as part of the table's game ``game_number``
        (nothing, for a table of bots only: see the module docs)."""
        if not humans:
            return
        names = {str(s): b.name for s, b in sorted(bots.items())}
        save_hand(game, self.game_id(game_number), humans=humans, store=self.store, bots=names)

    def __call__(self, table: Seated) -> None:
        self.save(table.game, table.game_number, table.humans, table.bots)

    def __repr__(self) -> str:
        return f"<GameSaver {len(self.ids)} games>"


def game_name(table: object, game_number: int) -> str:
    """The id a decision of the table's game ``game_number`` is kept under: the table's
    :class:`GameSaver` id, as its saved hands are (``'table-<seed>/<n>'`` for a table without one)."""
    saver = table_saver(table)
    return saver.game_id(game_number) if saver is not None else f"table-{getattr(table, 'seed', '')}/{game_number}"


def table_saver(table: object) -> GameSaver | None:
    """The :class:`GameSaver` among a table's ``on_hand_end`` listeners (``None`` if it has none)."""
    return next((f for f in getattr(table, "on_hand_end", ()) if isinstance(f, GameSaver)), None)


def table_store(table: object) -> Store:
    """The store a table saves to: its :class:`GameSaver`'s, else the learner's own."""
    saver = table_saver(table)
    return saver.store if saver is not None and saver.store is not None else Store.shared()


def decision_op(game: str, hand: int, d: Decision) -> AddDecision:
    """The store change that keeps one reviewed decision ``d`` of hand ``hand`` of ``game``: its
    situation's key and family, grade, loss and the convention it breaks (``''`` for none)."""
    sit = d.situation or situation(d.position)
    return AddDecision(
        game,
        hand,
        d.index,
        str(d.seat),
        sit.key,
        sit.family,
        str(d.action),
        str(d.best),
        d.grade,
        d.loss,
        convention=d.convention or "",
    )


def save_decisions(table: Seated, game_number: int, hand: int, review: Review, store: Store) -> None:
    """Keep each decision of ``review`` (the learners' in hand ``hand`` of the table's game
    ``game_number``) in ``store``, once, with its situation's key and family
    (:func:`~euchre_learn.analysis.situation.situation`), grade, loss and the sentence of the
    convention it breaks, so that a schedule can bring the situation back. A forced move (every
    option worth the same) is no decision and is not kept. The game is named by the table's
    :class:`GameSaver` id, as its saved hands are (:func:`game_name`). Saving a review twice keeps
    each decision once; a decision training mode kept already (:mod:`.training`) stays as it was."""
    game = game_name(table, game_number)
    ops = [decision_op(game, hand, d) for d in review.decisions if not d.forced]
    if ops:
        store.write(*ops)
