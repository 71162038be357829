"""The class's tables while the server runs: who sits where, the game, the bots, the reviews.

The server is the only authority. A table's game is the replay of its actions: each action
is checked by the engine (``Game.apply``), written to the database's append-only log under its
number, and only then applied in memory and sent to every seat (each through
:func:`.view.seat_view`). A number already taken is refused by the database, so no action is
ever applied twice, and a restarted server rebuilds every table from the log.

Empty seats are played by the table's bot. A learner's seat left without a connection for
``seat_timeout`` seconds is played by the bot too, and handed back the moment the learner
returns. A table with no learner connected stands still (the bots never play it out alone)
until one comes back; the teacher may pause it too (status ``paused``), and close it
(``closed``: nothing more is played). After each hand, every learner at the table gets the
coach's review of their own decisions (``el.review(record, seat=...)``): owed in the database
with the action that ends the hand, and computed off the event loop (:mod:`.reviewer`).

This module knows nothing of HTTP: a connection is anything with ``async send(message)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any, Protocol

import euchre_learn as el
from euchre_learn import Game, IllegalActionError, Rules, Seat
from euchre_learn.classroom.server.db import Database
from euchre_learn.classroom.server.protocol import ProtocolError
from euchre_learn.classroom.server.review_message import review_hand
from euchre_learn.classroom.server.reviewer import Reviewer, owed_reviews
from euchre_learn.classroom.server.room import Room, rules_of
from euchre_learn.classroom.server.view import keepsake
from euchre_learn.engine.errors import quote

__all__ = ["ClassServer", "Connection", "Room", "ServerConfig", "review_hand"]

SLOW_BOTS = frozenset({"expert"})
"""Bots that think long enough to be run in a thread rather than on the event loop."""

MAX_SEED = 80
"""The longest seed a table may have, in characters (the database keeps 80)."""

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table codes: no 0/O or 1/I to misread on a whiteboard."""


class Connection(Protocol):
    """A learner's connection (``close()``, when it has one, ends it)."""

    async def send(self, message: dict[str, Any]) -> None: ...


@dataclass
class ServerConfig:
    """How the server behaves; the defaults are for a class, tests shorten the times."""

    seat_timeout: float = 60.0
    """Seconds a learner's seat waits for them after their connection drops, before the bot plays it."""
    bot_delay: float = 0.8
    """Seconds a bot waits before it acts, so the learners can follow the play."""
    sweep_every: float = 1.0
    review: bool = True
    """Send each learner the coach's review after every hand."""
    review_worlds: int | None = None
    """Deals of the hidden cards per decision in the reviews (``None``: the reviewer's default)."""
    rate: float = 20.0
    """Messages a second a connection may send on average ..."""
    burst: float = 40.0
    """... and in a burst."""
    flood_limit: int = 200
    """Messages refused for the rate in a row before the connection is closed."""


def _rules_record(rules: Rules) -> dict[str, Any]:
    return asdict(rules)


class ClassServer:
    """The class's live tables over one :class:`~.db.Database`.

    ``executor`` runs the reviews (default: one thread; ``euchre-learn class serve`` gives a
    process pool, since a review takes seconds of CPU). ``clock`` is for tests."""

    def __init__(
        self,
        db: Database,
        config: ServerConfig | None = None,
        *,
        executor: Executor | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.db = db
        self.config = config or ServerConfig()
        self.executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="euchre-review")
        self._own_executor = executor is None
        self.clock = clock
        self.rooms: dict[str, Room] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self.reviewer = Reviewer(db, self.executor, self.config.review_worlds, self._deliver)
        self.load()

    # --- starting and stopping ---------------------------------------------------------------
    def load(self) -> None:
        """Rebuild every table from the database: its game is the replay of its actions."""
        now = self.clock()
        for row in self.db.tables():
            room = self._room(row)
            for a in self.db.actions(row["id"]):
                if a["n"] != room.n:
                    raise RuntimeError(f"table {row['code']}: the action log jumps from {room.n} to {a['n']}")
                room.game = room.game.apply(a["action"])
                room.log.append((a["seat"], a["action"]))
                if a["by_bot"]:
                    room.bot_acts.add(room.n)
                room.n += 1
            students = {s["id"]: s["name"] for s in self.db.students(row["class_id"])}
            for letter, sid in self.db.seats(row["id"]).items():
                seat = Seat.parse(letter)
                room.seated[seat] = sid
                room.names[sid] = students.get(sid, "?")
                room.absent_since[seat] = now
            self.rooms[room.code] = room

    def _room(self, row: dict[str, Any]) -> Room:
        rules = rules_of(row["preset"], row["points_to_win"])
        game = Game(rules, seed=row["seed"], dealer=row["dealer"])
        bots = {s: el.bots.get(row["bot"], seed=f"{row['seed']}/{s}") for s in Seat}
        return Room(
            id=row["id"],
            code=row["code"],
            class_id=row["class_id"],
            preset=row["preset"],
            rules=rules,
            bot_name=row["bot"],
            seed=row["seed"],
            dealer=row["dealer"],
            status=row["status"],
            game=game,
            bots=bots,
        )

    async def start(self) -> None:
        """Start the background work: the seat sweeper, the reviews still owed (a server stopped
        or killed mid-review), and the bots of tables in play."""
        self._sweeper = asyncio.create_task(self._sweep_forever())
        self.reviewer.resume()
        for room in self.rooms.values():
            self._wake(room)

    async def stop(self) -> None:
        tasks = [t for t in (self._sweeper, *self._tasks, *(r.driver for r in self.rooms.values())) if t]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        await self.reviewer.stop()
        if self._own_executor:
            self.executor.shutdown(wait=False, cancel_futures=True)

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # --- the teacher -------------------------------------------------------------------------
    def open_table(
        self,
        class_id: int,
        *,
        preset: str = "standard",
        points_to_win: int | None = None,
        bot: str = "standard",
        seed: str | None = None,
        dealer: str | None = None,
    ) -> Room:
        """A new table, waiting for its learners; ``ValueError`` for a bad preset, number or bot."""
        if preset not in Rules.presets():
            raise ValueError(f"{quote(preset)} is not a rules preset: choose one of {', '.join(Rules.presets())}")
        rules = rules_of(preset, points_to_win)
        if bot not in el.bots.names():
            raise ValueError(f"{quote(bot)} is not a bot: choose one of {', '.join(el.bots.names())}")
        seed = seed or secrets.token_hex(8)
        if len(seed) > MAX_SEED:
            raise ValueError(f"the seed has {len(seed)} characters; at most {MAX_SEED} (any text: it deals every card)")
        if dealer is None:
            dealer = str(Game(rules, seed=seed).hand.dealer)  # the first dealer by the black jack (R2.1)
        dealer = str(Seat.parse(dealer))
        for _ in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(5))
            if code not in self.rooms:
                break
        table_id = self.db.create_table(
            class_id,
            code,
            preset=preset,
            rules=_rules_record(rules),
            points_to_win=rules.points_to_win,
            bot=bot,
            seed=seed,
            dealer=dealer,
        )
        room = self._room(self.db.tables(statuses=None, class_id=class_id)[-1])
        assert room.id == table_id
        self.rooms[code] = room
        return room

    async def start_table(self, code: str) -> Room:
        """Play starts: the bots take the seats no learner holds."""
        room = self.rooms.get(code)
        if room is None:
            raise ValueError(f"no table {quote(code)}")
        async with room.lock:
            if room.status == "waiting":
                room.status = "playing"
                self.db.set_status(room.id, "playing")
                await self._broadcast(room)
        self._wake(room)
        return room

    async def pause_table(self, code: str, pause: bool = True) -> Room:
        """The teacher pauses a table in play (nothing moves, the learners are told) or resumes it;
        ``ValueError`` for a table that is not in play (or not paused, to resume)."""
        room = self.rooms[code]
        async with room.lock:
            if pause and room.status != "playing":
                raise ValueError(f"table {code} is {room.status}: only a table in play can be paused")
            if not pause and room.status != "paused":
                raise ValueError(f"table {code} is {room.status}, not paused")
            room.status = "paused" if pause else "playing"
            self.db.set_status(room.id, room.status)
            await self._broadcast(room)
        self._wake(room)
        return room

    async def close_table(self, code: str) -> Room:
        """The teacher closes a table: nothing more is played at it (the learners see it closed;
        their games and reviews so far stay theirs)."""
        room = self.rooms[code]
        async with room.lock:
            room.status = "closed"
            self.db.set_status(room.id, "closed")
            await self._broadcast(room)
        if room.driver is not None:
            room.driver.cancel()
        return room

    async def remove_student(self, student: dict[str, Any]) -> list[str]:
        """The teacher takes ``student`` out of the class: their token stops working, their
        connections close, and their seats go to the tables' bots. Returns the codes of the
        tables they sat at."""
        self.db.remove_student(student["id"])
        left = []
        for room in list(self.rooms.values()):
            seat = next((s for s, sid in room.seated.items() if sid == student["id"]), None)
            if seat is None:
                continue
            left.append(room.code)
            async with room.lock:
                del room.seated[seat]
                room.absent_since.pop(seat, None)
                room.bot_playing.discard(seat)
                for conn in room.conns.pop(seat, set()):
                    with contextlib.suppress(Exception):
                        await conn.send(
                            {"type": "error", "code": "removed", "message": "your teacher took you out of the class"}
                        )
                        close = getattr(conn, "close", None)
                        if close is not None:
                            await close()
                await self._broadcast(room)
            self._wake(room)
        return left

    # --- a learner ---------------------------------------------------------------------------
    async def join(self, student: dict[str, Any], code: str, want: str | None, conn: Connection) -> tuple[Room, Seat]:
        """Seat ``student`` at table ``code`` (their seat again if they hold one; else ``want``
        or the first free seat) and attach ``conn`` to it."""
        room = self.rooms.get(code)
        if room is None or room.class_id != student["class_id"]:
            raise ProtocolError("no_table", f"there is no table {quote(code)} in your class: check the code")
        if room.status == "closed":
            raise ProtocolError("closed", f"table {code} is closed: ask your teacher for another")
        async with room.lock:
            sid = student["id"]
            mine = next((s for s, x in room.seated.items() if x == sid), None)
            if mine is None:
                free = [s for s in Seat if s not in room.seated]
                if want is not None:
                    seat = Seat.parse(want)
                    if seat not in free:
                        raise ProtocolError(
                            "seat_taken",
                            f"{seat.word} is taken: the free seats are " + (", ".join(s.word for s in free) or "none"),
                        )
                elif free:
                    seat = free[0]
                else:
                    raise ProtocolError("table_full", f"table {code} is full: ask your teacher for another")
                self.db.take_seat(room.id, str(seat), sid)
                room.seated[seat] = sid
                mine = seat
            room.names[sid] = student["name"]
            room.conns.setdefault(mine, set()).add(conn)
            room.absent_since.pop(mine, None)
            room.bot_playing.discard(mine)  # handed back: the learner is here
            await conn.send({"type": "welcome", "table": room.code, "seat": str(mine), "name": student["name"]})
            await self._broadcast(room)
        self._wake(room)
        return room, mine

    async def leave(self, room: Room, seat: Seat, conn: Connection) -> None:
        async with room.lock:
            conns = room.conns.get(seat, set())
            conns.discard(conn)
            if not conns:
                room.absent_since[seat] = self.clock()
                await self._broadcast(room)

    async def act(self, room: Room, seat: Seat, student_id: int, text: str, n: int | None, conn: Connection) -> None:
        """A learner's action: checked, logged, applied and sent; or an error to ``conn`` alone."""
        async with room.lock:
            if n is not None and n < room.n:
                done = room.log[n] if n < len(room.log) else None
                if done is not None and done[0] == str(seat) and _same_action(room, n, text):
                    await conn.send({"type": "ack", "n": n, "action": done[1], "duplicate": True})
                    await conn.send(room.view(seat))
                    return
                raise ProtocolError(
                    "stale", f"the table has moved on (now at {room.n}, you acted at {n}): here is the table as it is"
                )
            if n is not None and n > room.n:
                raise ProtocolError("stale", f"there is no state {n} yet (the table is at {room.n})")
            if room.seated.get(seat) != student_id:
                raise ProtocolError("removed", "you are no longer at this table: ask your teacher")
            if room.status == "waiting":
                raise ProtocolError("not_started", "the table has not started: wait for your teacher")
            if room.status == "paused":
                raise ProtocolError("paused", "your teacher has paused this table: wait for them to resume it")
            if room.status == "closed":
                raise ProtocolError("closed", "your teacher has closed this table")
            game = room.game
            if game.winner is not None:
                raise ProtocolError("game_over", "the game is over")
            to_act = game.to_act
            if to_act != seat:
                who = "nobody" if to_act is None else to_act.word
                raise ProtocolError("not_your_turn", f"it is {who}'s turn, not {seat.word}'s")
            if room.controller(seat) != "learner":  # pragma: no cover - a connected learner plays their seat
                raise ProtocolError("not_your_turn", "the bot is playing this seat")
            try:
                action = el.Action.parse(text)
                after = game.apply(action)
            except IllegalActionError as err:
                raise ProtocolError("illegal", str(err)) from None
            except ValueError as err:
                raise ProtocolError("bad_action", str(err)) from None
            owed = self._commit(room, seat, str(action), after, by_bot=False, student_id=student_id)
            await conn.send({"type": "ack", "n": room.n - 1, "action": str(action)})
            await self._after_action(room, game, owed)
        self._wake(room)

    def _commit(
        self, room: Room, seat: Seat, action: str, after: Game, *, by_bot: bool, student_id: int | None
    ) -> list[dict[str, Any]]:
        """Log the action (with the reviews it owes, when it ends a hand) and apply it; returns
        those reviews, for :meth:`_after_action` to start."""
        owed: list[dict[str, Any]] = []
        if self.config.review and len(after.hands) > len(room.game.hands):
            index = len(after.hands) - 1
            start = sum(len(h.history) for h in after.hands[:index])
            bot_acts = room.bot_acts | ({room.n} if by_bot else set())
            hand = after.hands[index]
            owed = owed_reviews(hand, index, start, room.seated, bot_acts, room.code, room.game_id, room.seed)
        self.db.append_action(room.id, room.n, str(seat), action, by_bot=by_bot, student_id=student_id, owed=owed)
        if by_bot:
            room.bot_acts.add(room.n)
        room.game = after
        room.log.append((str(seat), action))
        room.n += 1
        return owed

    async def _after_action(self, room: Room, before: Game, owed: list[dict[str, Any]]) -> None:
        game = room.game
        if len(game.hands) > len(before.hands):
            await self._send_records(room, len(game.hands) - 1)
            for o in owed:
                self.reviewer.submit(room.id, o)
        if game.winner is not None and room.status != "over":
            room.status = "over"
            self.db.set_status(room.id, "over")
        await self._broadcast(room)

    async def _broadcast(self, room: Room) -> None:
        for seat, conns in list(room.conns.items()):
            if not conns:
                continue
            view = room.view(seat)
            for conn in list(conns):
                try:
                    await conn.send(view)
                except Exception:  # a connection that died: its handler will leave
                    conns.discard(conn)

    async def send_reviews(self, room: Room, seat: Seat, conn: Connection) -> None:
        """Every finished hand as this seat may keep it, then the reviews of its decisions."""
        for index in range(len(room.game.hands)):
            await conn.send(self.record_message(room, index, seat))
        for row in self.db.reviews(room.id, str(seat)):
            await conn.send(json.loads(row["body"]))

    # --- the learners' own copies of the hands ------------------------------------------------
    def record_message(self, room: Room, index: int, seat: Seat) -> dict[str, Any]:
        """What ``seat`` keeps of finished hand ``index`` in its learner's own games: the hand as
        the seat saw it (:func:`.view.keepsake`: nothing it did not see; the learner's side
        fills in the rest with stand-ins), the score before it, who sat where."""
        before = {"NS": 0, "EW": 0}
        for h in room.game.hands[:index]:
            for team, pts in h.points.items():
                before[team.name] += pts
        players = room.players()
        info = {
            "table": room.code,
            "players": {k: v.get("name") for k, v in players.items()},
            "bots": {k: room.bot_name for k, v in players.items() if v["kind"] == "bot"},
        }
        return {
            "type": "record",
            "table": room.code,
            "game": room.game_id,
            "hand": index + 1,
            "score": before,
            "preset": room.preset,
            "points_to_win": room.rules.points_to_win,
            "info": info,
            **keepsake(room.game.hands[index], seat, index + 1),
        }

    async def _send_records(self, room: Room, index: int) -> None:
        for seat, conns in list(room.conns.items()):
            if not conns or seat not in room.seated:
                continue
            msg = self.record_message(room, index, seat)
            for conn in list(conns):
                with contextlib.suppress(Exception):
                    await conn.send(msg)

    # --- bots --------------------------------------------------------------------------------
    def _wake(self, room: Room) -> None:
        if room.bot_to_act() is not None and (room.driver is None or room.driver.done()):
            room.driver = asyncio.ensure_future(self._drive(room))

    async def _drive(self, room: Room) -> None:
        """Play the bots' turns until a learner must act."""
        while True:
            seat = room.bot_to_act()
            if seat is None:
                return
            if self.config.bot_delay > 0:
                await asyncio.sleep(self.config.bot_delay)
            game, n = room.game, room.n
            if room.bot_to_act() != seat:
                continue
            bot = room.bots[seat]
            if room.bot_name in SLOW_BOTS:  # seconds of search: off the event loop
                action = await asyncio.to_thread(bot.act, game)
            else:  # a millisecond: a thread hop would cost more than it saves
                action = bot.act(game)
            async with room.lock:
                if room.n != n or room.bot_to_act() != seat:
                    continue  # a learner came back, or the table moved: think again
                owed = self._commit(room, seat, str(action), game.apply(action), by_bot=True, student_id=None)
                await self._after_action(room, game, owed)
            await asyncio.sleep(0)

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.config.sweep_every)
            await self.sweep()

    async def sweep(self) -> None:
        """Seats whose learner has been gone ``seat_timeout`` seconds are played by the bot."""
        now = self.clock()
        for room in list(self.rooms.values()):
            if room.status != "playing":
                continue
            changed = False
            async with room.lock:
                for seat, since in list(room.absent_since.items()):
                    if seat in room.seated and seat not in room.bot_playing and now - since >= self.config.seat_timeout:
                        if not room.conns.get(seat):
                            room.bot_playing.add(seat)
                            changed = True
                if changed:
                    await self._broadcast(room)
            if changed:
                self._wake(room)

    # --- reviews ------------------------------------------------------------------------------
    async def _deliver(self, table_id: int, seat: str, body: dict[str, Any]) -> None:
        """Send a finished review to the seat's connections (the :class:`.reviewer.Reviewer` saved it)."""
        room = next((r for r in self.rooms.values() if r.id == table_id), None)
        if room is None:
            return
        for conn in list(room.conns.get(Seat.parse(seat), ())):
            with contextlib.suppress(Exception):
                await conn.send(body)


def _same_action(room: Room, n: int, text: str) -> bool:
    try:
        return str(el.Action.parse(text)) == room.log[n][1]
    except ValueError:
        return False
