"""The class's tables while the server runs: who sits where, the game, the bots, the reviews.

The server is the only authority. A table's game is the replay of its actions: each action
is checked by the engine (``Game.apply``), written to the database's append-only log under its
number, and only then applied in memory and sent to every seat (each through
:func:`.view.seat_view`). A number already taken is refused by the database, so no action is
ever applied twice, and a restarted server rebuilds every table from the log.

Empty seats are played by the table's bot. A learner's seat left without a connection for
``seat_timeout`` seconds is played by the bot too, and handed back the moment the learner
returns. After each hand, every learner at the table gets the coach's review of their own
decisions (``el.review(record, seat=...)``), computed off the event loop.

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
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Protocol

import euchre_learn as el
from euchre_learn import Game, IllegalActionError, Rules, Seat
from euchre_learn.classroom.server.db import Database
from euchre_learn.classroom.server.protocol import ProtocolError
from euchre_learn.classroom.server.review_message import review_hand
from euchre_learn.classroom.server.view import keepsake, seat_view
from euchre_learn.engine.errors import quote

__all__ = ["ClassServer", "Connection", "Room", "ServerConfig", "review_hand"]

SLOW_BOTS = frozenset({"expert"})
"""Bots that think long enough to be run in a thread rather than on the event loop."""

MAX_SEED = 80
"""The longest seed a table may have, in characters (the database keeps 80)."""

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table codes: no 0/O or 1/I to misread on a whiteboard."""


class Connection(Protocol):
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

    def bot_to_act(self) -> Seat | None:
        if self.status != "playing" or self.game.winner is not None:
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
            "status": "over" if game.winner is not None else self.status,
            "score": {t.name: v for t, v in game.score.items()},
            "hand": len(game.hands) + (0 if game.winner is not None else 1),
            "actions": self.n,
            "players": self.players(),
        }


def _rules_of(preset: str, points: int | None) -> Rules:
    rules = Rules.preset(preset)
    if points is not None:
        rules = replace(rules, points_to_win=points)
        Rules.from_value(rules)  # a clear ValueError for an impossible number
    return rules


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
        rules = _rules_of(row["preset"], row["points_to_win"])
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
        """Start the background work: the seat sweeper, and the bots of tables in play."""
        self._sweeper = asyncio.create_task(self._sweep_forever())
        for room in self.rooms.values():
            self._wake(room)

    async def stop(self) -> None:
        tasks = [t for t in (self._sweeper, *self._tasks, *(r.driver for r in self.rooms.values())) if t]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
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
        rules = _rules_of(preset, points_to_win)
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

    # --- a learner ---------------------------------------------------------------------------
    async def join(self, student: dict[str, Any], code: str, want: str | None, conn: Connection) -> tuple[Room, Seat]:
        """Seat ``student`` at table ``code`` (their seat again if they hold one; else ``want``
        or the first free seat) and attach ``conn`` to it."""
        room = self.rooms.get(code)
        if room is None or room.class_id != student["class_id"]:
            raise ProtocolError("no_table", f"there is no table {quote(code)} in your class: check the code")
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
            if room.status == "waiting":
                raise ProtocolError("not_started", "the table has not started: wait for your teacher")
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
            self._commit(room, seat, str(action), after, by_bot=False, student_id=student_id)
            await conn.send({"type": "ack", "n": room.n - 1, "action": str(action)})
            await self._after_action(room, game)
        self._wake(room)

    def _commit(
        self, room: Room, seat: Seat, action: str, after: Game, *, by_bot: bool, student_id: int | None
    ) -> None:
        self.db.append_action(room.id, room.n, str(seat), action, by_bot=by_bot, student_id=student_id)
        if by_bot:
            room.bot_acts.add(room.n)
        room.game = after
        room.log.append((str(seat), action))
        room.n += 1

    async def _after_action(self, room: Room, before: Game) -> None:
        game = room.game
        if len(game.hands) > len(before.hands):
            await self._send_records(room, len(game.hands) - 1)
            self._reviews(room, len(game.hands) - 1)
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
                self._commit(room, seat, str(action), game.apply(action), by_bot=True, student_id=None)
                await self._after_action(room, game)
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

    # --- reviews -----------------------------------------------------------------------------
    def _reviews(self, room: Room, index: int) -> None:
        if not self.config.review:
            return
        hand = room.game.hands[index]
        if hand.thrown_in:
            return
        record = hand.to_record()
        start = room.hand_start(index)
        for seat, sid in room.seated.items():
            by_bot = [i for i, (s, _a) in enumerate(hand.history) if s == seat and start + i in room.bot_acts]
            self._spawn(self._review(room, index, seat, sid, record, by_bot))

    async def _review(
        self, room: Room, index: int, seat: Seat, sid: int, record: dict[str, Any], by_bot: list[int]
    ) -> None:
        loop = asyncio.get_running_loop()
        body = await loop.run_in_executor(
            self.executor,
            review_hand,
            record,
            str(seat),
            f"{room.seed}/review {index}/{seat}",
            self.config.review_worlds,
            by_bot,
        )
        body = {**body, "table": room.code, "hand": index + 1, "game": room.game_id}
        self.db.save_review(room.id, index + 1, str(seat), sid, body["accuracy"], body["flagged"], json.dumps(body))
        for conn in list(room.conns.get(seat, ())):
            with contextlib.suppress(Exception):
                await conn.send(body)


def _same_action(room: Room, n: int, text: str) -> bool:
    try:
        return str(el.Action.parse(text)) == room.log[n][1]
    except ValueError:
        return False
