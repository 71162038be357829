"""A seat at a class table over the network: the learner's side of the class server's
websocket (``euchre-learn class serve``; the protocol is in docs/class-server.md), with no
widgets, so it stays testable and light.

- :class:`SeatConnection`: the connection the notebook widget uses. It says hello (the
  learner's token and the table's code), then a **background thread** reads every message
  the server sends into :attr:`SeatConnection.inbox`, a queue the seat model
  (:class:`~euchre_learn.interactive.seat.model.SeatTable`) drains on the kernel's thread. A
  dropped connection is opened again by that thread, a few times with growing pauses: the
  server gives the learner the same seat back, with the table as it is.
- :class:`TableClient`: the same seat without a thread, for scripts and tests: ``act()``
  sends and waits for the server's answer.
- :func:`hub_class_server`: on a JupyterHub, where the class server runs as the hub's service.

Neither imports anything of the classroom floor: the server stays in
:mod:`euchre_learn.classroom.server`; here is only what a learner's notebook runs.

>>> ws_url('http://127.0.0.1:8765'), ws_url('https://class.school.org/euchre/')
('ws://127.0.0.1:8765/ws', 'wss://class.school.org/euchre/ws')
"""

from __future__ import annotations

import json
import os
import queue
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import quote, urlsplit

from euchre_learn.engine.hand import IllegalActionError

__all__ = ["DEFAULT_SERVICE", "SERVICE_VARIABLE", "SeatConnection", "TableClient", "hub_class_server", "ws_url"]

SERVICE_VARIABLE = "EUCHRE_LEARN_CLASS_SERVICE"
"""The class server's service name on the hub, when not :data:`DEFAULT_SERVICE`."""
DEFAULT_SERVICE = "euchre-class"


def ws_url(server: str) -> str:
    """The websocket address of the class server at ``server`` (``http://host:port``, or a
    ``ws://`` address as it is)."""
    base = server.rstrip("/")
    if base.startswith("https://"):
        return "wss://" + base[len("https://") :] + "/ws"
    if base.startswith("http://"):
        return "ws://" + base[len("http://") :] + "/ws"
    return base if base.endswith("/ws") else base + "/ws"


def hub_class_server(env: Mapping[str, str] | None = None, *, timeout: float = 5.0) -> str | None:
    """On a JupyterHub, the address of the class server running as the hub's service named
    ``$EUCHRE_LEARN_CLASS_SERVICE`` (default ``euchre-class``); None when this is not a
    notebook on a hub (no ``$JUPYTERHUB_API_URL`` and ``$JUPYTERHUB_API_TOKEN``).

    With the hub's public address known (``$JUPYTERHUB_PUBLIC_HUB_URL``), the service is there,
    behind the hub's proxy, at ``/services/<name>/``. Otherwise the hub is asked for the service
    (``GET /hub/api/services/<name>``, which needs the scope ``read:services!service=<name>``
    on this server's token) and its own address is used. A hub that does not say raises
    ``ValueError`` with what to set.

    >>> hub_class_server({})
    >>> env = {"JUPYTERHUB_API_URL": "http://hub:8081/hub/api", "JUPYTERHUB_API_TOKEN": "t",
    ...        "JUPYTERHUB_PUBLIC_HUB_URL": "https://hub.school.edu/hub/", "JUPYTERHUB_BASE_URL": "/"}
    >>> hub_class_server(env)
    'https://hub.school.edu/services/euchre-class'
    """
    import urllib.error
    import urllib.request

    env = os.environ if env is None else env
    api, token = env.get("JUPYTERHUB_API_URL", "").strip(), env.get("JUPYTERHUB_API_TOKEN", "").strip()
    if not api or not token:
        return None
    name = env.get(SERVICE_VARIABLE, "").strip() or DEFAULT_SERVICE
    public = urlsplit(env.get("JUPYTERHUB_PUBLIC_HUB_URL", "").strip())
    if public.scheme and public.netloc:
        base = "/" + env.get("JUPYTERHUB_BASE_URL", "/").strip("/")
        return f"{public.scheme}://{public.netloc}{base.rstrip('/')}/services/{name}"
    request = urllib.request.Request(
        f"{api.rstrip('/')}/services/{quote(name)}", headers={"Authorization": f"token {token}"}
    )
    advice = (
        "give server= (the class server's address) or set $EUCHRE_LEARN_CLASS_SERVER, or give this server's token the scope "
        f"read:services!service={name} (c.Spawner.server_token_scopes; docs/teaching.md)"
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            model = json.loads(reply.read())
    except urllib.error.HTTPError as err:
        raise ValueError(f"the hub did not say where its service {name!r} is (HTTP {err.code}): {advice}") from None
    except (OSError, ValueError) as err:
        raise ConnectionError(f"cannot ask the hub at {api} where the class server is: {err}") from None
    url, prefix = model.get("url"), model.get("prefix")
    if not isinstance(url, str) or not url or not isinstance(prefix, str):
        raise ValueError(f"the hub's service {name!r} has no address this notebook may read: {advice}")
    return url.rstrip("/") + "/" + prefix.strip("/")


class SeatConnection:
    """A learner's seat at table ``code`` on ``server``, its messages read by a background thread.

    Opening it says hello and waits (up to ``timeout`` seconds) for the server's welcome: a
    refusal (an unknown token, no such table, the seat taken) raises ``ValueError`` with the
    server's words; a server that cannot be reached raises ``ConnectionError``. Then every
    message the server sends (``state``, ``ack``, ``error``, ``review``...) goes into
    :attr:`inbox` as a dict, and ``on_message`` (if given) is called from the reading thread,
    to wake whoever drains the inbox. The thread adds its own messages
    ``{"type": "connection", "state": "lost" | "back" | "closed", "message": ...}``. Each
    time it is opened it asks for the reviews of the hands finished so far (``reviews``), so
    none is missed while the learner was away.

    A connection that drops is opened again up to ``retries`` times (pauses of 0.1 s doubling
    to 2 s): the server seats the learner where they sat, and sends the table as it is now.
    """

    def __init__(
        self,
        server: str,
        token: str,
        code: str,
        seat: str | None = None,
        *,
        timeout: float = 10.0,
        retries: int = 8,
        on_message: Callable[[], None] | None = None,
    ) -> None:
        if not isinstance(token, str) or not token.strip():
            raise ValueError("token must be your class token (a text your teacher gave you)")
        if not isinstance(code, str) or not code.strip():
            raise ValueError("code must be the table's code (a short text like 'K7QBX')")
        self.server = server
        self.url = ws_url(server)
        self.token = token.strip()
        self.code = code.strip().upper()
        self.want = seat
        self.timeout = float(timeout)
        self.retries = int(retries)
        self.on_message = on_message
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.seat: str | None = None
        """The seat the server gave: 'N', 'E', 'S' or 'W'."""
        self.name: str | None = None
        """The learner's name, as the class knows it."""
        self.drops = 0
        """How many times the connection dropped and was opened again."""
        self.connected = threading.Event()
        self._closing = False
        self._lock = threading.Lock()
        self._ws: Any = None
        self._open()
        self._thread = threading.Thread(target=self._read, name=f"euchre-seat-{self.code}", daemon=True)
        self._thread.start()

    # --- opening -----------------------------------------------------------------------------------
    def _open(self) -> None:
        """Connect and say hello; the messages before the welcome go to the inbox."""
        from websockets.exceptions import InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        try:
            ws = connect(self.url, open_timeout=self.timeout, close_timeout=2).__enter__()
        except InvalidURI:
            raise ValueError(
                f"server={self.server!r} is not a class server's address (like http://host:8765)"
            ) from None
        except (OSError, TimeoutError, InvalidHandshake) as err:
            raise ConnectionError(f"cannot reach the class server at {self.server}: {err}") from None
        hello: dict[str, Any] = {"type": "hello", "token": self.token, "table": self.code}
        if self.seat or self.want:
            hello["seat"] = self.seat or self.want
        refused: str | None = None
        try:
            ws.send(json.dumps(hello, ensure_ascii=False))
            deadline = time.monotonic() + self.timeout
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("no answer")
                msg = json.loads(ws.recv(timeout=left))
                if msg.get("type") == "error":
                    refused = str(msg.get("message"))
                    break
                if msg.get("type") == "welcome":
                    break
                self.inbox.put(msg)
        except Exception as err:
            ws.close()
            raise ConnectionError(f"the class server at {self.server} did not seat you: {err or 'no answer'}") from None
        if refused is not None:
            ws.close()
            raise ValueError(f"the class server refused to seat you: {refused}")
        self.seat = str(msg["seat"])
        self.name = str(msg.get("name", ""))
        try:  # the reviews of the hands finished so far: one may have come while the seat was away
            ws.send(json.dumps({"type": "reviews"}))
        except Exception:  # gone already: the reading thread will open it again
            pass
        with self._lock:
            self._ws = ws
        self.connected.set()

    # --- reading -----------------------------------------------------------------------------------
    def _post(self, msg: dict[str, Any]) -> None:
        self.inbox.put(msg)
        if self.on_message is not None:
            try:
                self.on_message()
            except Exception:  # a widget gone: the messages wait in the inbox
                pass

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        while not self._closing:
            with self._lock:
                ws = self._ws
            try:
                raw = ws.recv()
            except (ConnectionClosed, OSError, RuntimeError):
                if self._closing:
                    break
                self.connected.clear()
                self._post({"type": "connection", "state": "lost", "message": "The connection dropped: joining again…"})
                why = self._reopen()
                if why is not None:
                    self._post({"type": "connection", "state": "closed", "message": why})
                    break
                self.drops += 1
                self._post({"type": "connection", "state": "back", "message": "Back at the table."})
                continue
            try:
                msg = json.loads(raw)
            except ValueError:
                continue
            if isinstance(msg, dict):
                self._post(msg)

    def _reopen(self) -> str | None:
        """Open the connection again; ``None`` when it worked, else why not."""
        pause = 0.1
        last = "no answer"
        for _ in range(max(1, self.retries)):
            if self._closing:
                return "closed"
            try:
                self._open()
                return None
            except ValueError as err:  # refused: a new token was made, the table is gone
                return str(err)
            except ConnectionError as err:
                last = str(err)
            time.sleep(pause)
            pause = min(2.0, pause * 2)
        return f"{last}. Run the cell again to join once the server is back."

    # --- sending -----------------------------------------------------------------------------------
    def send(self, message: dict[str, Any]) -> None:
        """Send one message; while the connection is being opened again, wait for it (up to
        ``timeout`` seconds) and send then. ``ConnectionError`` when it does not come back."""
        from websockets.exceptions import ConnectionClosed

        text = json.dumps(message, ensure_ascii=False)
        for _ in range(2):
            if not self.connected.wait(self.timeout):
                raise ConnectionError(f"no connection to the class server at {self.server}")
            with self._lock:
                ws = self._ws
            try:
                ws.send(text)
                return
            except (ConnectionClosed, OSError, RuntimeError):
                self.connected.clear()  # the reading thread sees it too and opens it again
                time.sleep(0.05)
        raise ConnectionError(f"no connection to the class server at {self.server}")

    def drop(self) -> None:
        """Cut the connection as a network would (for tests): the reading thread opens it again."""
        with self._lock:
            ws = self._ws
        if ws is not None:
            ws.close()

    def close(self) -> None:
        """Leave the table (the server keeps the seat; joining again resumes it)."""
        self._closing = True
        with self._lock:
            ws = self._ws
        if ws is not None:
            try:
                ws.close()
            except Exception:  # already gone
                pass
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(self.timeout)
        self.connected.clear()

    @property
    def closed(self) -> bool:
        return self._closing or not self._thread.is_alive()

    def __repr__(self) -> str:
        return f"<SeatConnection {self.code} seat={self.seat} {'closed' if self.closed else 'open'}>"


class TableClient:
    """A learner's seat at table ``code`` on ``server`` (``http://host:port``).

    :attr:`state` is the last view the server sent (see :func:`.view.seat_view`), and
    :attr:`reviews` the coach's reviews received. :meth:`act` sends an action and waits for the
    table to take it; an illegal one raises :class:`~euchre_learn.IllegalActionError` with the
    engine's explanation. A dropped connection is opened again and the action sent again with
    the same number: the server applies it once.
    """

    def __init__(self, server: str, token: str, code: str, seat: str | None = None, *, timeout: float = 10.0) -> None:
        self.url = ws_url(server)
        self.token = token
        self.code = code.upper()
        self.want = seat
        self.timeout = timeout
        self.state: dict[str, Any] | None = None
        self.reviews: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.seat: str | None = None
        self._cm: Any = None
        self._ws: Any = None
        self.connect()

    # --- the connection --------------------------------------------------------------------
    def connect(self) -> None:
        from websockets.sync.client import connect

        self.close()
        self._cm = connect(self.url, open_timeout=self.timeout, close_timeout=2)
        self._ws = self._cm.__enter__()
        hello: dict[str, Any] = {"type": "hello", "token": self.token, "table": self.code}
        if self.seat or self.want:
            hello["seat"] = self.seat or self.want
        self._send(hello)
        welcome = self._until(lambda m: m["type"] in ("welcome", "error"))
        if welcome["type"] == "error":
            self.close()
            raise ValueError(f"the class server refused to seat you: {welcome['message']}")
        self.seat = welcome["seat"]
        self._until(lambda m: m["type"] == "state")

    def close(self) -> None:
        if self._cm is not None:
            try:
                self._cm.__exit__(None, None, None)
            except Exception:  # already gone
                pass
        self._cm = self._ws = None

    def _send(self, message: dict[str, Any]) -> None:
        self._ws.send(json.dumps(message, ensure_ascii=False))

    def _take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "state":
            self.state = msg
        elif kind == "review":
            self.reviews.append(msg)
        elif kind == "error":
            self.errors.append(msg)

    def _until(self, pred: Any, timeout: float | None = None) -> dict[str, Any]:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the class server did not answer in time")
            msg = json.loads(self._ws.recv(timeout=left))
            self._take(msg)
            if pred(msg):
                return dict(msg)

    def poll(self, wait: float = 0.0) -> int:
        """Take in the messages that have come (waiting up to ``wait`` seconds for the first);
        returns how many."""
        count = 0
        try:
            while True:
                msg = json.loads(self._ws.recv(timeout=wait if count == 0 else 0))
                self._take(msg)
                count += 1
        except TimeoutError:
            return count

    # --- reading -----------------------------------------------------------------------------
    @property
    def my_turn(self) -> bool:
        return bool(self.state and self.state["hand"].get("legal"))

    def legal(self) -> list[str]:
        return list(self.state["hand"].get("legal", [])) if self.state else []

    # --- acting ------------------------------------------------------------------------------
    def act(self, action: str) -> None:
        """Send ``action`` (text, like ``"play J♠"``) for this seat and wait until the table took it."""
        from websockets.exceptions import ConnectionClosed

        if self.state is None:
            raise ValueError("not seated")
        n = self.state["n"]
        message = {"type": "act", "action": str(action), "n": n}
        for attempt in range(2):
            try:
                self._send(message)
                reply = self._until(lambda m: m["type"] in ("ack", "error"))
                break
            except (ConnectionClosed, OSError):
                if attempt:
                    raise
                self.connect()  # the same seat; the action goes again with the same number
        if reply["type"] == "error":
            if reply["code"] == "illegal":
                raise IllegalActionError(reply["message"])
            raise ValueError(reply["message"])
        if self.state["n"] <= reply["n"]:
            self._until(lambda m: m["type"] == "state" and m["n"] > reply["n"])
