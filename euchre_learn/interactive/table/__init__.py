"""The table in a notebook (``el.table``): play a game against bots, or hot-seat several
learners, or take a seat at a class table (:func:`join`).

>>> import euchre_learn as el
>>> w = el.table.play(humans='S', seed=3, delay=0)     # the table widget, South to play
>>> sorted(w.table.humans)
[<Seat.S: 2>]

The rooms of the table, none of them importing ipywidgets but the widgets (:mod:`.widget`,
:mod:`.setup_form`, :mod:`.guide_widget`) and the felt:

- :mod:`.model`: :class:`Table`, the table's state machine (whose turn, acting, undo);
- :mod:`.words`: the actions in words (button labels, tooltips, the log's lines);
- :mod:`.coach`: the Hint and Why? buttons (the coach's suggestion and numbers, its word on the
  learner's last decision, the rulings);
- :mod:`.saver`: each finished hand saved to the learner's store, and the saved games listed;
- :mod:`.matching`: ``opponents='match'``, the level closest to the learner's recent accuracy;
- :mod:`.training`: training mode, the coach stopping a costly decision and asking again;
- :mod:`.guide`: the guided first game, each rule introduced the first time it matters (shown by
  :mod:`.guide_widget`);
- :mod:`.widget` lays the table out with ipywidgets, :mod:`.felt` draws the felt whose cards play,
  and :mod:`.setup_form` sets a table up (``el.table.setup()``);
- a seat at a class table (``euchre-learn class serve``, :func:`join`) is its own subpackage,
  :mod:`euchre_learn.interactive.seat`: the same felt and choices, driven by the server.

This package joins them for a lesson's cell; it imports the widget (and ipywidgets) only when a
table is put on screen, so ``el.table.Table`` stays light.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from euchre_learn.analysis.bots import Bot
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.errors import type_error
from euchre_learn.engine.rules import Rules
from euchre_learn.interactive.table.coach import Hint
from euchre_learn.interactive.table.model import CardChoice, Choice, LogEntry, Table
from euchre_learn.interactive.table.saver import load_game, saved_games
from euchre_learn.interactive.table.words import action_label, describe_action

if TYPE_CHECKING:
    from euchre_learn.interactive.seat.widget import SeatWidget
    from euchre_learn.interactive.table.setup_form import SetupForm
    from euchre_learn.interactive.table.widget import TableWidget
    from euchre_learn.learner.progress import Progress

__all__ = [
    "CardChoice",
    "Choice",
    "Hint",
    "LogEntry",
    "Table",
    "action_label",
    "describe_action",
    "join",
    "load_game",
    "play",
    "saved_games",
    "setup",
]


def play(
    rules: Rules | str | None = None,
    *,
    humans: Iterable[Seat | str] | Seat | str | None = "S",
    bots: str | Mapping[Seat | str, str | Bot] = "standard",
    seed: Any = None,
    dealer: Seat | str | None = None,
    open_hands: bool = False,
    delay: float = 0.6,
    review: bool = True,
    partner: str | Bot | None = None,
    opponents: str | Bot | None = None,
    training: bool = False,
    guided: bool = False,
) -> TableWidget:
    """A table to play at in a notebook: a :class:`Table` shown by the widget.

    ``delay``: seconds between bot moves (0: instant). The kernel never waits: paced moves
    are scheduled on its event loop. ``partner='expert', opponents='beginner'``: a strong
    partner against beatable opponents (see :class:`Table`); ``opponents='match'``: the opponent
    level closest to the learner's recent review accuracy, said above the table
    ('Opponents: club (your recent accuracy 91 on 40 decisions)'). ``review``: after each hand, the
    learner's decisions are reviewed in the background and the costly ones listed below the
    table (:mod:`~euchre_learn.interactive.review_panel`). Every hand is saved as it ends (:func:`saved_games`).
    ``training=True``: training mode (:mod:`.training`): the coach judges each of your decisions as
    you make it; a costly one is not played, the table says what it gives up and asks you to choose
    again, then plays your second choice and says the coach's choice and why. Both tries go to your
    store, so the situation comes back in Today's practice as other deals.

    ``guided=True``: a guided first game, for someone who has never played (:mod:`.guide`): the
    table introduces each rule the first time it matters (the deal, the first bid, trump and the
    bowers, following suit, the first trick, a loner, scoring, the end of the game), once, in a
    note between the felt and the buttons, each with a one-line *why*, its rule id and a link to
    the lesson that teaches it in depth. It needs one learner (``humans='S'``, the default).

    >>> w = play(guided=True, seed=1, dealer='N', delay=0)
    >>> [n.key for n in w.guide.current]
    ['deal', 'first-bid']
    """
    from euchre_learn.interactive.table.widget import TableWidget

    if not isinstance(guided, bool):
        raise type_error("guided", guided, "True (a guided first game: the rules introduced as they come) or False")
    table = Table(
        rules,
        humans=humans,
        bots=bots,
        seed=seed,
        dealer=dealer,
        open_hands=open_hands,
        partner=partner,
        opponents=opponents,
        training=training,
    )
    if guided:
        from euchre_learn.interactive.table.guide_widget import GuidedTableWidget

        return GuidedTableWidget(table, delay=delay, review=review)
    return TableWidget(table, delay=delay, review=review)


def setup() -> SetupForm:
    """A small form to choose the rules, the human seats, the bots and the pace, then play."""
    from euchre_learn.interactive.table.setup_form import SetupForm

    return SetupForm()


SERVER_VARIABLE = "EUCHRE_LEARN_CLASS_SERVER"
"""Where :func:`join` finds the class server's address when not given (a hub can set it for everyone)."""
TOKEN_VARIABLE = "EUCHRE_LEARN_CLASS_TOKEN"
"""Where :func:`join` finds the learner's token when not given."""


def join(
    code: str,
    server: str | None = None,
    token: str | None = None,
    *,
    seat: Seat | str | None = None,
    timeout: float = 10.0,
    progress: Progress | str | None = None,
) -> SeatWidget:
    """Take a seat at the class table ``code`` (the short code your teacher shows), in the
    table widget: your cards are the controls, the server deals and checks every action, and
    after each hand the coach's review of your own decisions shows below the table.

    ``server``: the class server's address, like ``'http://192.168.1.20:8765'`` (default:
    ``$EUCHRE_LEARN_CLASS_SERVER``); ``token``: your token from your teacher (default:
    ``$EUCHRE_LEARN_CLASS_TOKEN``); ``seat``: the seat you want ('N', 'E', 'S', 'W'; default:
    your seat if you sat here before, else the first free one). Running the cell again
    resumes your seat, and a dropped connection is opened again by itself.

    In a notebook on a JupyterHub whose class server runs as the hub's service, the code is
    enough: the hub says where the server is (:func:`euchre_learn.interactive.seat.remote.hub_class_server`) and your
    notebook server's own token (``$JUPYTERHUB_API_TOKEN``) signs you in as your hub user.

    What you play here is yours: as each hand ends it is saved to your games
    (:func:`saved_games` lists the game, with the cards you never saw as stand-ins: the server
    never sends another seat's hidden cards), each decision the coach reviewed is filed with its
    situation, so a flagged one comes back in Today's practice, and each flagged decision has a
    "Try it again" button, filed like the bot table's retries. ``progress``: where all that
    goes (a :class:`~euchre_learn.learner.progress.Progress` or a path; default your own store).

    Joining the table joins the class too: that store is linked to the class server
    (:func:`euchre_learn.learner.class_link.join_class`, with the same address and token), so
    your answers (quizzes, puzzles, these decisions) go to your teacher's page as they happen,
    in the background, and stay in your store. ``class_link.leave_class()`` (or
    ``euchre-learn progress leave-class``) stops that.
    """
    from euchre_learn.interactive.seat.model import SeatTable
    from euchre_learn.interactive.seat.remote import SeatConnection, hub_class_server
    from euchre_learn.interactive.seat.widget import SeatWidget

    server = server or os.environ.get(SERVER_VARIABLE, "").strip() or None
    token = token or os.environ.get(TOKEN_VARIABLE, "").strip() or None
    on_hub = bool(os.environ.get("JUPYTERHUB_API_TOKEN", "").strip())
    if server is None and on_hub:
        server = hub_class_server()
    if token is None and on_hub:
        token = os.environ["JUPYTERHUB_API_TOKEN"].strip()
    if server is None:
        raise ValueError(
            f"server= is needed: the class server's address your teacher gave you, like "
            f"'http://192.168.1.20:8765' (or set ${SERVER_VARIABLE})"
        )
    if token is None:
        raise ValueError(f"token= is needed: the token your teacher gave you (or set ${TOKEN_VARIABLE})")
    want = None if seat is None else str(Seat.parse(seat))
    conn = SeatConnection(server, token, code, want, timeout=timeout)  # a refusal raises here
    table = SeatTable(conn, timeout=timeout, progress=progress)
    if table.keeper is not None:  # one step: the seat's store sends its answers to the class too
        from euchre_learn.learner import class_link

        hub_token = on_hub and token == os.environ.get("JUPYTERHUB_API_TOKEN", "").strip()
        store = table.keeper.store
        try:
            class_link.join_class(server, None if hub_token else token, store=store, send=False)
        except ValueError as err:  # an address the seat could use but the link cannot: play goes on
            warnings.warn(f"your answers are not sent to the class: {err}", class_link.ClassLinkWarning, stacklevel=2)
        else:
            class_link.flush_soon(store)
    return SeatWidget(table)
