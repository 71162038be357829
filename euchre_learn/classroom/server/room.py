"""One class table while the server runs (:class:`Room`): its row in the database, its game
(the replay of its log), who sits where and who is connected, and what each seat and the
teacher may see of it. :mod:`.tables` holds the rooms and does the work.

>>> import euchre_learn as el
>>> room = Room(1, 'K7QBX', 1, 'standard', el.Rules.preset('standard'), 'standard', 's', 'N', 'playing',
...             el.Game(el.Rules.preset('standard'), seed='s', dealer='N'))
>>> room.seated[el.Seat.S] = 7
>>> room.paused(), room.bot_to_act()                 # a learner seated, none connected: it waits
('nobody at the table', None)
>>> room.conns[el.Seat.S] = {object()}
>>> room.paused(), room.bot_to_act() is not None
(None, True)
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace
from typing import Any

from euchre_learn import Game, Rules, Seat
from euchre_learn.classroom.server.view import seat_view

__all__ = ["Room", "rules_of"]


@dataclass
class Room:
    """One table: its row in the database, its game, and the learners connected to it."""

    id: int
    code: str
    class_id: int
    preset: str
    rules: Rules
    bot_name: str
    seed: str
    dealer: str
    status: str
    game: Game
    n: int = 0
    seated: dict[Seat, int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)
    conns: dict[Seat, set[Any]] = field(default_factory=dict)
    absent_since: dict[Seat, float] = field(default_factory=dict)
    bot_playing: set[Seat] = field(default_factory=set)
    bots: dict[Seat, Any] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    driver: asyncio.Task[None] | None = None
    log: list[tuple[str, str]] = field(default_factory=list)
    bot_acts: set[int] = field(default_factory=set)
    """The numbers of the actions a bot took (for an empty seat, or a learner away)."""

    @property
    def game_id(self) -> str:
        """The id the learners keep this table's game under: its code and its number in the
        class's database (stable across restarts; nothing of the seed, which deals every card)."""
        return f"class-{self.code}-{self.id}"

    def hand_start(self, index: int) -> int:
        """The number of the first action of finished hand ``index`` (0 for the first hand)."""
        return sum(len(h.history) for h in self.game.hands[:index])

    def controller(self, seat: Seat) -> str:
        """'learner' when a learner plays ``seat`` now, else 'bot'."""
        if seat in self.seated and seat not in self.bot_playing:
            return "learner"
        return "bot"

    def anyone_here(self) -> bool:
        """Whether a learner at this table is connected now."""
        return any(self.conns.get(seat) for seat in self.seated)

    def paused(self) -> str | None:
        """Why nothing moves at a table in play: ``'by the teacher'``, ``'nobody at the table'``
        (no learner connected: the bots wait for one), or ``None``."""
        if self.status == "paused":
            return "by the teacher"
        if self.status == "playing" and self.game.winner is None and not self.anyone_here():
            return "nobody at the table"
        return None

    def bot_to_act(self) -> Seat | None:
        if self.status != "playing" or self.game.winner is not None or not self.anyone_here():
            return None
        seat = self.game.to_act
        return seat if seat is not None and self.controller(seat) == "bot" else None

    def players(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for seat in Seat:
            sid = self.seated.get(seat)
            if sid is None:
                out[str(seat)] = {"kind": "bot", "name": self.bot_name}
            else:
                out[str(seat)] = {
                    "kind": "learner",
                    "name": self.names.get(sid, "?"),
                    "present": bool(self.conns.get(seat)),
                    "bot_playing": seat in self.bot_playing,
                }
        return out

    def view(self, seat: Seat) -> dict[str, Any]:
        return seat_view(self.game, seat, table=self.code, n=self.n, status=self.status, players=self.players())

    def summary(self) -> dict[str, Any]:
        """The table for the teacher: no cards at all."""
        game = self.game
        return {
            "code": self.code,
            "preset": self.preset,
            "points_to_win": self.rules.points_to_win,
            "bot": self.bot_name,
            "status": "over" if game.winner is not None and self.status != "closed" else self.status,
            "paused": self.paused(),
            "score": {t.name: v for t, v in game.score.items()},
            "hand": len(game.hands) + (0 if game.winner is not None else 1),
            "actions": self.n,
            "players": self.players(),
        }


def rules_of(preset: str, points: int | None) -> Rules:
    """The rules of a table: ``preset``, to ``points`` when given (a clear ``ValueError`` for an
    impossible number)."""
    rules = Rules.preset(preset)
    if points is not None:
        rules = replace(rules, points_to_win=points)
        Rules.from_value(rules)  # a clear ValueError for an impossible number
    return rules
