"""A learner's seat at a class table: the model the seat widget draws, with no widgets.

The class server is the only authority (docs/class-server.md): it deals, checks every action
with the engine, and sends each seat its **view**, its own cards and the public play, never
another seat's hidden cards. :class:`SeatTable` keeps the last view (:attr:`SeatTable.state`)
and what the widget needs from it: whose turn, the legal choices the server sent (bids as
buttons, cards as the felt's controls), the score, the table drawn from the view
(:func:`~euchre_learn.interactive.seat.html.seat_html`), and after each hand the coach's
review of this seat's own decisions, which the server computes and sends. What the table
leaves in the learner's own store (each finished hand as one of their games, each reviewed
decision with its situation, each retry of a flagged one: :meth:`SeatTable.retries`,
:meth:`SeatTable.retry`) is :attr:`SeatTable.keeper`'s work (:mod:`.keeper`).

:meth:`SeatTable.act` sends a choice and waits (bounded) for the server's answer: taken, the
view moves on; refused (not legal, not your turn), the server's words land in
:attr:`SeatTable.error` and nothing changes. The messages come in through a
:class:`~euchre_learn.interactive.seat.remote.SeatConnection` (a background thread and a queue);
:meth:`SeatTable.update` takes them in on the caller's thread, so the model is only ever
changed by one thread.

>>> class Offline:                      # a connection stand-in: one state message waiting
...     seat, name = 'S', 'Ann'
...     def __init__(self, msgs): import queue; self.inbox = queue.Queue(); [self.inbox.put(m) for m in msgs]
>>> hand = {'number': 1, 'dealer': 'E', 'phase': 'ROUND_1', 'to_act': 'S', 'upcard': 'J♠',
...         'trump': None, 'maker': None, 'alone': False, 'lone_defender': None, 'sitting_out': [],
...         'holding': ['9♥', 'A♥', 'K♣', 'Q♠', '10♦'], 'held': {'N': 5, 'E': 5, 'S': 5, 'W': 5},
...         'events': [], 'trick': None, 'tricks': [], 'tricks_won': {'NS': 0, 'EW': 0},
...         'legal': ['pass', 'order up', 'order up alone']}
>>> t = SeatTable(Offline([{'type': 'state', 'n': 0, 'seat': 'S', 'status': 'playing', 'hand': hand,
...                         'score': {'NS': 0, 'EW': 0}, 'points_to_win': 10, 'winner': None,
...                         'players': {}, 'last_hand': None}]))
>>> t.update(), t.my_turn, [c.label for c in t.choices()]
(1, True, ['Pass', 'Order it up', 'Order it up alone'])
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from euchre_learn.engine import explain
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card, Seat, Suit
from euchre_learn.engine.rules import HandScore, Rules
from euchre_learn.interactive.seat.html import seat_html, seat_names, seat_scoreboard_html
from euchre_learn.interactive.seat.keeper import SeatKeeper, retryable
from euchre_learn.interactive.table.model import CardChoice, Choice
from euchre_learn.interactive.table.words import THROWN_IN, result_words

if TYPE_CHECKING:
    from euchre_learn.analysis.review.drill import Retry
    from euchre_learn.learner.progress import Progress

__all__ = ["SeatTable", "choice_label"]

CARD_KINDS = ("play", "discard", "give")
"""The actions that lay a card: the felt's cards, not buttons."""


def choice_label(action: Action, dealer: Seat, seat: Seat) -> str:
    """A bid's button label in the seeds' words (the dealer *takes it up*, the partner *assists*, R3.1)."""
    kind = action.kind
    alone = " alone" if action.alone else ""
    if kind == "order up":
        word = explain.make_word(dealer, seat)
        return word[0].upper() + word[1:] + alone
    if kind in ("call", "name") and action.suit is not None:
        return f"{kind.capitalize()} {action.suit.symbol} {action.suit.plural}{alone}"
    if kind == "take":
        return "Take the card"
    text = str(action)
    return text[0].upper() + text[1:]


class SeatTable:
    """One learner's seat at a class table, as the server shows it (see the module's doc).

    ``connection``: a :class:`~euchre_learn.interactive.seat.remote.SeatConnection` (anything
    with ``seat``, ``name``, an ``inbox`` queue and ``send(message)``). ``timeout``: seconds to
    wait for the server's answer to an action. ``rules``: how cards are written (the Benny).
    ``listeners`` are called after each update that took messages in. ``progress``: the learner's
    store the table's games, decisions and retries go to (a
    :class:`~euchre_learn.learner.progress.Progress`, a path, or ``None`` for the learner's own;
    ``keep=False`` keeps nothing): see :mod:`.keeper`.
    """

    def __init__(
        self,
        connection: Any,
        *,
        timeout: float = 10.0,
        rules: Rules | None = None,
        progress: Progress | str | None = None,
        keep: bool = True,
    ) -> None:
        self.connection = connection
        self.timeout = float(timeout)
        self.rules = rules
        self.state: dict[str, Any] | None = None
        """The last view the server sent this seat (a ``state`` message)."""
        self.reviews: list[dict[str, Any]] = []
        """The coach's reviews of this seat's decisions, one per finished hand, as they came."""
        self.error: str | None = None
        """The server's words on the last refused action (``None`` once an action is taken)."""
        self.notice: str | None = None
        """The connection's news: dropped, back, closed."""
        self.connection_state = "open"
        self.finished_hands: list[dict[str, Any]] = []
        """Each finished hand as this seat saw it (the view's ``last_hand``), in order."""
        self.listeners: list[Callable[[SeatTable], None]] = []
        self.keeper: SeatKeeper | None = SeatKeeper(progress) if keep else None
        """What the table leaves in the learner's store (``None`` with ``keep=False``)."""

    # --- taking messages in ---------------------------------------------------------------------
    def take(self, msg: dict[str, Any]) -> bool:
        """Take one message in; returns whether a hand ended with it."""
        kind = msg.get("type")
        ended = False
        if kind == "state":
            before = self.state
            self.state = msg
            last = msg.get("last_hand")
            over = msg["hand"] if msg.get("status") == "over" and msg["hand"].get("phase") == "OVER" else None
            for done in (last, over):
                if done is not None and all(h["number"] != done["number"] for h in self.finished_hands):
                    self.finished_hands.append(done)
                    ended = before is not None
        elif kind == "review":
            if all(r.get("hand") != msg.get("hand") for r in self.reviews):
                self.reviews.append(msg)
            self._keep("take_review", msg)  # again after a reconnect: the store keeps each decision once
        elif kind == "record":
            self._keep("take_record", msg)
        elif kind == "error" and msg.get("ref") != "act":
            self.error = str(msg.get("message"))
        elif kind == "connection":
            self.connection_state = str(msg.get("state"))
            self.notice = None if msg.get("state") == "back" else str(msg.get("message"))
        return ended

    def _keep(self, what: str, msg: dict[str, Any]) -> None:
        """Hand a message to the keeper; trouble there never stops the table (it is noted)."""
        if self.keeper is None:
            return
        try:
            getattr(self.keeper, what)(msg)
        except Exception as err:  # the learner's store, not the game: play goes on
            self.keeper.problems.append(f"{type(err).__name__}: {err}")

    def update(self, wait: float = 0.0) -> int:
        """Take in the messages that have come (waiting up to ``wait`` seconds for the first);
        returns how many. The listeners are told when there were some."""
        count = 0
        inbox = self.connection.inbox
        while True:
            try:
                msg = inbox.get(timeout=wait) if count == 0 and wait > 0 else inbox.get_nowait()
            except queue.Empty:
                break
            self.take(msg)
            count += 1
        if count:
            for listener in list(self.listeners):
                listener(self)
        return count

    def wait_for(self, predicate: Callable[[SeatTable], bool], what: str, timeout: float | None = None) -> None:
        """Take messages in until ``predicate(self)`` holds; ``TimeoutError`` naming ``what``
        after ``timeout`` seconds (default: the table's)."""
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while not predicate(self):
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"seat {self.seat_letter}: no {what} from the class server in {limit:g} s")
            self.update(wait=min(left, 0.2))

    # --- reading ----------------------------------------------------------------------------------
    @property
    def seat_letter(self) -> str:
        return str(self.connection.seat)

    @property
    def seat(self) -> Seat:
        return Seat.parse(self.seat_letter)

    @property
    def name(self) -> str:
        return str(self.connection.name or self.seat.word)

    @property
    def hand(self) -> dict[str, Any]:
        """The hand in the view (this seat's cards, the public play)."""
        if self.state is None:
            raise ValueError("the class server has not sent the table yet")
        return dict(self.state["hand"])

    @property
    def holding(self) -> list[Card]:
        return [] if self.state is None else [Card.parse(c) for c in self.state["hand"]["holding"]]

    @property
    def to_act(self) -> Seat | None:
        who = None if self.state is None else self.state["hand"].get("to_act")
        return None if who is None else Seat.parse(who)

    @property
    def my_turn(self) -> bool:
        return bool(self.state and self.state["hand"].get("legal")) and self.status == "playing"

    @property
    def status(self) -> str:
        """'waiting' (for the teacher to start), 'playing', 'paused' (by the teacher), 'over' or
        'closed' (by the teacher)."""
        return "waiting" if self.state is None else str(self.state.get("status", "waiting"))

    @property
    def game_over(self) -> bool:
        return self.status == "over"

    @property
    def score(self) -> dict[str, int]:
        return {} if self.state is None else dict(self.state["score"])

    def legal_actions(self) -> list[Action]:
        """The choices the server sent (only on this seat's turn)."""
        if not self.my_turn or self.state is None:
            return []
        return [Action.parse(a) for a in self.state["hand"]["legal"]]

    def choices(self) -> list[Choice]:
        """The bids and other choices that are buttons (not cards), labelled."""
        hand = self.hand if self.state is not None else None
        out = []
        for a in self.legal_actions():
            if a.kind in CARD_KINDS:
                continue
            assert hand is not None
            label = choice_label(a, Seat.parse(hand["dealer"]), self.seat)
            out.append(Choice(a, label, label))
        return out

    def card_choices(self) -> list[CardChoice]:
        """In a card phase of this seat's turn: every card it holds, legal or not, with why."""
        legal = [a for a in self.legal_actions() if a.kind in CARD_KINDS]
        if not legal:
            return []
        kind = legal[0].kind
        by_card = {a.card: a for a in legal}
        held = self.holding
        reasons: dict[Card, str] = {}
        hand = self.hand
        if kind == "play" and hand.get("trump"):
            trick = hand.get("trick")
            led = Card.parse(trick["cards"][0]["card"]) if trick and trick["cards"] else None
            reasons = explain.play_reasons(held, Suit.parse(hand["trump"]), led)
        verb = {"give": "Pass", "discard": "Discard", "play": "Play"}[kind]
        out = []
        for card in held:
            action = by_card.get(card) or Action.parse(f"{kind} {card}")
            ok = card in by_card
            reason = reasons.get(card) or (f"{verb} the {card}" if ok else f"The {card} may not be chosen now")
            out.append(CardChoice(card, action, ok, reason))
        return out

    def card_verb(self) -> str:
        legal = [a.kind for a in self.legal_actions() if a.kind in CARD_KINDS]
        return {"give": "Pass", "discard": "Discard"}.get(legal[0], "Play") if legal else "Play"

    def status_text(self) -> str:
        """One line: whose turn, the table waiting, the last hand's result, the winner."""
        if self.state is None:
            return "Waiting for the class server…"
        names = seat_names(self.state)
        if self.status == "waiting":
            return "Seated. Waiting for your teacher to start the table."
        if self.status == "paused":
            return "Your teacher has paused the table: it goes on when they resume it."
        if self.status == "closed":
            return "Your teacher has closed this table: your games and reviews so far are kept."
        if self.game_over:
            winner = self.state.get("winner")
            return f"The game is over: {winner} won." if winner else "The game is over."
        to_act = self.to_act
        line = "Your turn." if self.my_turn else f"{names[to_act]} to act." if to_act is not None else ""
        last = self.state.get("last_hand")
        if last is not None and not self.state["hand"]["events"] and not self.state["hand"]["tricks"]:
            line = f"Hand {last['number']}: {_result(last)} " + line
        return line

    # --- the review and its retries -----------------------------------------------------------
    def retries(self, review: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        """The decisions of a review (default the last) offered again: flagged, the learner's own,
        something better to find; worst first, as the review lists them."""
        if review is None:
            if not self.reviews:
                return []
            review = self.reviews[-1]
        found = [d for d in review.get("decisions", []) if retryable(d)]
        return sorted(found, key=lambda d: -float(d.get("loss") or 0))

    def retry(self, decision: dict[str, Any], review: dict[str, Any] | None = None) -> Retry:
        """Try ``decision`` (one of :meth:`retries`) again, at your own position, against the
        coach's values the review sent: no round trip to the server. The finished retry goes to
        your store, as at the bot table."""
        if self.keeper is None:
            raise ValueError("this seat keeps nothing (keep=False): there is nowhere to file a retry")
        if review is None:
            review = next((r for r in self.reviews if decision in r.get("decisions", [])), None)
            if review is None:
                raise ValueError("that decision is in none of this seat's reviews")
        return self.keeper.retry(review, decision)

    def html(self) -> str:
        """The table as this seat sees it."""
        if self.state is None:
            return "<p>Waiting for the class server…</p>"
        return seat_html(self.state, self.rules)

    def scoreboard_html(self) -> str:
        return "" if self.state is None else seat_scoreboard_html(self.state)

    # --- acting ------------------------------------------------------------------------------------
    def act(self, action: Action | str) -> bool:
        """Send ``action`` for this seat and wait for the server's answer: ``True`` when the
        table took it (the view is then past it); ``False`` when the server refused it (its
        words in :attr:`error`; nothing changed). ``TimeoutError`` when no answer comes."""
        if self.state is None:
            raise ValueError("the class server has not sent the table yet: wait a moment")
        text = str(Action.parse(action)) if isinstance(action, Action) else str(action)
        n = int(self.state["n"])
        message = {"type": "act", "action": text, "n": n}
        self.error = None
        self.connection.send(message)
        reply = self._reply(message)
        if reply.get("type") == "error":
            self.error = str(reply.get("message"))
            for listener in list(self.listeners):
                listener(self)
            return False
        done = int(reply["n"])
        self.wait_for(lambda t: t.state is not None and int(t.state["n"]) > done, "table after your action")
        return True

    def _reply(self, message: dict[str, Any]) -> dict[str, Any]:
        """The ``ack`` or ``error`` to ``message``, taking in what comes before it; sent again
        (with the same number: the server applies it once) if the connection came back meanwhile."""
        deadline = time.monotonic() + self.timeout
        inbox = self.connection.inbox
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"seat {self.seat_letter}: the class server did not answer {message['action']!r}")
            try:
                msg = inbox.get(timeout=min(left, 0.2))
            except queue.Empty:
                continue
            self.take(msg)
            kind = msg.get("type")
            if kind == "ack" or (kind == "error" and msg.get("ref") == "act"):
                return dict(msg)
            if kind == "connection" and msg.get("state") == "back":
                self.connection.send(message)
            elif kind == "connection" and msg.get("state") == "closed":
                raise ConnectionError(str(msg.get("message")))

    def close(self) -> None:
        close = getattr(self.connection, "close", None)
        if callable(close):
            close()

    def __repr__(self) -> str:
        where = "not seated" if self.connection.seat is None else f"seat {self.seat_letter}"
        return f"<SeatTable {where} {self.status}>"


def _result(last: dict[str, Any]) -> str:
    """A finished hand as the server sent it, in the bot table's sentence ('East-West made it and
    score 1.'), or that it was thrown in, as the bot table says it.

    >>> _result({'maker': 'E', 'outcome': 'made', 'points': {'NS': 0, 'EW': 1}})
    'East-West made it and score 1.'
    >>> _result({'maker': None, 'thrown_in': True, 'points': {'NS': 0, 'EW': 0}})
    'Thrown in: nobody made trump.'
    """
    if last.get("thrown_in") or last.get("maker") is None:
        return THROWN_IN
    team = Seat.parse(last["maker"]).team
    points = last.get("points") or {}
    makers, defenders = int(points.get(team.name, 0)), int(points.get(team.other.name, 0))
    return result_words(team, HandScore(makers, defenders, last.get("outcome") or "made"))
