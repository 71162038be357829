"""The games played at the table, kept in the learner's store so that none is lost.

As soon as a hand ends at the table (:class:`euchre_learn.interactive.table.model.Table`), it is
written to the store's ``hands`` table as a hand record (API.md, "Records") with two more
fields: ``"score"``, the game score before the hand (``{"NS": 4, "EW": 6}``, which
:func:`euchre_learn.review` reads to grade by the chance to win the game), and ``"game"``, who
sat where (the learners' seats, the bots). A crash or a closed tab loses at most the hand in
play. Each hand is one row, keyed by the game and the hand's number, so a hand played again
after an undo replaces the first one.

:func:`saved_games` lists them (newest first, with the date and the result so far);
:func:`load_game` gives one back, each hand replayed, ready for ``el.review(game.records,
seat=game.learner)``. A game whose rows are damaged (a hand that no longer replays) raises
:class:`SavedGameError` saying which hand and why; the other games still load.

>>> import tempfile, os
>>> from euchre_learn.learner.store import Store
>>> from euchre_learn.engine.game import Game
>>> store = Store(os.path.join(tempfile.mkdtemp(), 'learner.sqlite3'))
>>> game = Game(seed=4, dealer='N')
>>> while not game.hands:
...     game = game.apply(game.legal_actions()[0])
>>> save_hand(game, 'g1', humans='S', store=store, at=0.0)
>>> [(g.id, g.hands_played, g.learner) for g in saved_games(store)]
[('g1', 1, <Seat.S: 2>)]
>>> load_game('g1', store).hands[0] == game.hands[0]
True
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from euchre_learn.engine.cards import Seat, Team
from euchre_learn.engine.errors import EuchreError, quote
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.records import replay
from euchre_learn.learner.store import SaveHand, Store

if TYPE_CHECKING:
    from euchre_learn.engine.game import Game

__all__ = ["SavedGame", "SavedGameError", "hand_record", "load_game", "save_hand", "saved_games"]


class SavedGameError(EuchreError):
    """A saved game that cannot be loaded: the message names the game, the hand and why."""


def hand_record(
    game: Game, number: int | None = None, *, humans: Iterable[Seat | str] = (), **info: Any
) -> dict[str, Any]:
    """The record of finished hand ``number`` of ``game`` (default the last one), with the
    game score before it (``"score"``) and ``"game"``: the learners' seats and any ``info``.

    >>> from euchre_learn.engine.game import Game
    >>> g = Game(seed=4, dealer='N')
    >>> while not g.hands:
    ...     g = g.apply(g.legal_actions()[0])
    >>> r = hand_record(g, humans='S')
    >>> r['score'], r['game']['humans'], r['actions'][0]
    ({'NS': 0, 'EW': 0}, ['S'], 'E pass')
    """
    hands = game.hands
    if not hands:
        raise ValueError("this game has no finished hand yet")
    n = len(hands) - 1 if number is None else number
    if not 0 <= n < len(hands):
        raise ValueError(f"this game has {len(hands)} finished hands, not a number {quote(number)}")
    before = {Team.NS: 0, Team.EW: 0}
    for h in hands[:n]:
        for team, pts in h.points.items():
            before[team] += pts
    record = hands[n].to_record()
    record["score"] = {"NS": before[Team.NS], "EW": before[Team.EW]}
    learners = sorted({Seat.parse(s) for s in ([humans] if isinstance(humans, Seat) else humans)})  # 'NS': N and S
    record["game"] = {"number": n, "humans": [str(s) for s in learners], **info}
    return record


def save_hand(
    game: Game,
    game_id: str,
    *,
    humans: Iterable[Seat | str] = (),
    store: Store | None = None,
    at: float | None = None,
    **info: Any,
) -> None:
    """Write the last finished hand of ``game`` to the store (the learner's own by default)
    under ``game_id``, at once, in one transaction. ``info`` goes into the record's ``"game"``
    (e.g. the bots' names)."""
    record = hand_record(game, humans=humans, **info)
    target = Store.shared() if store is None else store
    number = record["game"]["number"]
    target.write(SaveHand(game_id, number, record, time.time() if at is None else at))


@dataclass(frozen=True)
class SavedGame:
    """A game from the store: ``records`` (one hand record each, in order, with the score
    before the hand), ``started`` (when its first hand ended) and what the records say.
    ``problem`` is ``None`` for a game that loads, else why it does not."""

    id: str
    records: tuple[dict[str, Any], ...]
    started: datetime
    problem: str | None = None

    @property
    def hands_played(self) -> int:
        return len(self.records)

    @property
    def learner(self) -> Seat | None:
        """The learner's seat (the first human seat), ``None`` when bots played every seat."""
        humans = self._game_info().get("humans") or []
        try:
            return Seat.parse(humans[0]) if humans else None
        except (ValueError, TypeError):
            return None

    @property
    def humans(self) -> tuple[Seat, ...]:
        try:
            return tuple(Seat.parse(s) for s in self._game_info().get("humans") or [])
        except (ValueError, TypeError):
            return ()

    @property
    def source(self) -> str:
        """Where the game comes from: ``'table'`` (played here) or ``'egn'`` (imported from a file)."""
        return str(self._game_info().get("source") or "table")

    def _game_info(self) -> Mapping[str, Any]:
        info = self.records[0].get("game") if self.records else None
        return info if isinstance(info, Mapping) else {}

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The hands, replayed (raises :class:`SavedGameError` for a damaged game)."""
        return tuple(_replay(self.id, r) for r in self.records)

    @property
    def score(self) -> dict[Team, int]:
        """The score after the last saved hand."""
        hands = self.hands
        sc = self.records[-1]["score"]
        out = {Team.NS: int(sc["NS"]), Team.EW: int(sc["EW"])}
        for team, pts in hands[-1].points.items():
            out[team] += pts
        return out

    @property
    def result(self) -> str:
        """In words: 'North-South won 10 to 6' (a finished game) or '4 to 6 after 3 hands'."""
        if self.problem is not None:
            return f"damaged: {self.problem}"
        sc = self.score
        target = self.hands[-1].rules.points_to_win
        ns, ew = sc[Team.NS], sc[Team.EW]
        if max(ns, ew) >= target:
            winner = Team.NS if ns > ew else Team.EW
            return f"{winner.word} won {sc[winner]} to {sc[winner.other]}"
        n = len(self.records)
        return f"North-South {ns}, East-West {ew} after {n} hand{'s' if n != 1 else ''} (unfinished)"

    def __str__(self) -> str:
        return f"{self.started:%Y-%m-%d %H:%M}  {self.id}  {self.result}"


def _replay(game_id: str, record: Any) -> Hand:
    number = record.get("game", {}).get("number", "?") if isinstance(record, dict) else "?"
    try:
        if not isinstance(record, dict):
            raise ValueError(f"a hand is stored as {type(record).__name__}, not a record")
        sc = record.get("score")
        if not (isinstance(sc, dict) and set(sc) == {"NS", "EW"} and all(isinstance(v, int) for v in sc.values())):
            raise ValueError(f"its 'score' is {quote(sc)}, not the score before the hand")
        hand = replay(record)
        if not hand.is_over:
            raise ValueError("the hand stops before its end")
        return hand
    except (EuchreError, ValueError) as err:
        raise SavedGameError(f"saved game {quote(game_id)}, hand {number}: {err}") from None


def _rows(store: Store) -> dict[str, list[tuple[int, Any, float]]]:
    """Every saved hand by game, oldest first, the JSON of a damaged row read as far as it goes."""
    out: dict[str, list[tuple[int, Any, float]]] = {}
    # the raw rows (Store.hands() parses them all at once, and one bad row would hide every game)
    for game, number, text, at in store.hand_rows():
        try:
            record = json.loads(text)
        except ValueError as err:
            record = f"unreadable JSON ({err})"
        out.setdefault(game, []).append((number, record, at))
    return out


def _game(game_id: str, rows: list[tuple[int, Any, float]]) -> SavedGame:
    rows = sorted(rows, key=lambda r: r[0])
    records = tuple(r[1] if isinstance(r[1], dict) else {"damaged": r[1], "game": {"number": r[0]}} for r in rows)
    problem = None
    numbers = [r[0] for r in rows]
    if numbers != list(range(len(rows))):
        missing = sorted(set(range(max(numbers) + 1)) - set(numbers))
        problem = f"saved game {quote(game_id)}: hand {missing[0]} is missing"
    else:
        for r in rows:
            if not isinstance(r[1], dict):
                problem = f"saved game {quote(game_id)}, hand {r[0]}: {r[1]}"
                break
            try:
                _replay(game_id, r[1])
            except SavedGameError as err:
                problem = str(err)
                break
    return SavedGame(game_id, records, datetime.fromtimestamp(min(r[2] for r in rows)), problem)


def saved_games(store: Store | None = None, *, demos: bool = False) -> list[SavedGame]:
    """The learner's games, newest first: those with a human seat, and those imported from EGN
    (:mod:`euchre_learn.learner.saved_egn`). A damaged one is listed too,
    with its ``problem``. ``demos=True`` lists games of bots only too (the table no longer saves
    them, but an older version did; they are kept, and :func:`load_game` loads them by id)."""
    rows = _rows(Store.shared() if store is None else store)
    games = [_game(g, r) for g, r in rows.items()]
    if not demos:
        games = [g for g in games if g.humans or g.problem is not None or g.source == "egn"]
    return sorted(games, key=lambda g: (g.started, g.id), reverse=True)


def load_game(game_id: str, store: Store | None = None) -> SavedGame:
    """One saved game, every hand checked: a damaged one raises :class:`SavedGameError`
    naming the hand and what is wrong; an unknown id says which games there are."""
    rows = _rows(Store.shared() if store is None else store)
    if game_id not in rows:
        known = ", ".join(sorted(rows)[:5]) or "none yet"
        raise SavedGameError(f"no saved game {quote(game_id)} (saved games: {known})")
    game = _game(game_id, rows[game_id])
    if game.problem is not None:
        raise SavedGameError(game.problem)
    return game
