"""``WS /ws``: a learner's seat at a table, as a module-level route reading ``ws.app.state``
(:mod:`.asking` lists what is there). The messages are :mod:`.protocol`'s: ``ping``, ``hello``
(a token and a table: the seat), then ``act``, ``answers`` and ``reviews``. Each connection is
rate-limited (a flood closes it), and five unknown tokens close it too.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from euchre_learn import Seat
from euchre_learn.classroom.server.asking import student_for, unknown_token
from euchre_learn.classroom.server.hub import HubError
from euchre_learn.classroom.server.protocol import MAX_MESSAGE, ProtocolError, TokenBucket, error, parse
from euchre_learn.classroom.server.tables import Room

__all__ = ["ROUTE", "WSConnection", "seat_socket"]


class WSConnection:
    """A websocket as the tables see it: ``send(message)``, one message at a time."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self._lock = asyncio.Lock()

    async def send(self, message: dict[str, Any]) -> None:
        """Send ``message`` as JSON, after any message being sent."""
        text = json.dumps(message, ensure_ascii=False)
        async with self._lock:
            await self.ws.send_text(text)

    async def close(self) -> None:
        """End the connection (the learner was taken out of the class)."""
        await self.ws.close(code=1008)


class _Seat:
    """One connection's learner and seat, and what each message does to them."""

    def __init__(self, ws: WebSocket, conn: WSConnection) -> None:
        self.ws = ws
        self.conn = conn
        self.server = ws.app.state.server
        self.bad_tokens = 0
        self.student: dict[str, Any] | None = None
        self.seat_of: tuple[Room, Seat] | None = None

    async def hello(self, msg: dict[str, Any]) -> bool:
        """Sit the token's student at the table; ``False`` when the connection was closed."""
        if self.student is not None:
            raise ProtocolError("already_joined", "this connection has said hello already")
        try:
            found = await student_for(self.ws, msg["token"])
        except HubError as err:
            raise ProtocolError("hub_unavailable", str(err)) from None
        if found is None:
            self.bad_tokens += 1
            if self.bad_tokens >= 5:
                await self.conn.send(error("bad_token", "too many unknown tokens: the connection is closed"))
                await self.ws.close(code=1008)
                return False
            raise ProtocolError("bad_token", unknown_token(self.ws))
        self.seat_of = await self.server.join(found, msg["table"], msg.get("seat"), self.conn)
        self.student = found
        return True

    async def handle(self, msg: dict[str, Any]) -> bool:
        """Do what ``msg`` asks; ``False`` when the connection was closed."""
        kind = msg["type"]
        if kind == "ping":
            await self.conn.send({"type": "pong"})
        elif kind == "hello":
            return await self.hello(msg)
        elif self.student is None or self.seat_of is None:
            raise ProtocolError("not_joined", 'say hello first: {"type": "hello", "token": ..., "table": ...}')
        elif kind == "act":
            room, seat = self.seat_of
            await self.server.act(room, seat, self.student["id"], msg["action"], msg.get("n"), self.conn)
        elif kind == "answers":
            events = msg["answers"]
            added, dups = self.ws.app.state.db.add_answers(self.student["id"], events)
            await self.conn.send(
                {"type": "answers_ack", "added": added, "duplicates": dups, "keys": [e["key"] for e in events]}
            )
        elif kind == "reviews":
            room, seat = self.seat_of
            await self.server.send_reviews(room, seat, self.conn)
        return True

    async def receive(self, data: str | bytes) -> bool:
        """Read one message and do it, answering a bad one with its error; ``False`` when closed."""
        kind = "?"
        try:
            if len(data) > MAX_MESSAGE * 4:
                raise ProtocolError("too_big", f"the message is too long; at most {MAX_MESSAGE} characters")
            msg = parse(data)
            kind = msg["type"]
            return await self.handle(msg)
        except ProtocolError as err:
            await self.conn.send(error(err.code, err.text, ref=kind))
            if err.code == "stale" and self.seat_of is not None:
                await self.conn.send(self.seat_of[0].view(self.seat_of[1]))
            return True


async def seat_socket(ws: WebSocket) -> None:
    """A learner's connection: its messages, rate-limited, until it closes (the seat is then left)."""
    await ws.accept()
    config = ws.app.state.config
    conn = WSConnection(ws)
    seat = _Seat(ws, conn)
    bucket = TokenBucket(config.rate, config.burst)
    refused = 0
    try:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                break
            data = raw.get("text")
            if data is None:
                data = raw.get("bytes") or b""
            if not bucket.take():
                refused += 1
                if refused >= config.flood_limit:
                    await conn.send(error("flood", "too many messages: the connection is closed"))
                    await ws.close(code=1008)
                    break
                if refused == 1 or refused % 25 == 0:
                    await conn.send(error("rate_limited", "too many messages: this one was ignored; slow down"))
                continue
            refused = 0
            if not await seat.receive(data):
                break
    except WebSocketDisconnect:
        pass
    finally:
        if seat.seat_of is not None:
            await seat.server.leave(seat.seat_of[0], seat.seat_of[1], conn)


ROUTE = WebSocketRoute("/ws", seat_socket)
"""The learners' websocket route."""
