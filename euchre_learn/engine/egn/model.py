"""What :func:`euchre_learn.engine.egn.read` gives: a :class:`Match` of :class:`EgnDeal`, its
:class:`Metadata`, what the reader had to infer (:class:`Inference`), the annotations' labels,
and :class:`EgnError`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from euchre_learn.engine.cards import Card, Cards, Seat, Team
from euchre_learn.engine.errors import PATH_LIMIT, EuchreError, quote
from euchre_learn.engine.hand import Hand
from euchre_learn.engine.rules import Rules

__all__ = ["LABELS", "EgnDeal", "EgnError", "Inference", "Match", "Metadata", "split_label"]

LABELS = ("??", "?", "?!", "!?", "!", "!!")
"""EGN's annotation labels (chess's): blunder, mistake, dubious, interesting, great, brilliant."""

LABEL_WORDS = {
    "??": "blunder",
    "?": "mistake",
    "?!": "dubious",
    "!?": "interesting",
    "!": "great play",
    "!!": "brilliant",
}
"""Each label in words, as EGN's docs/annotations.md names it."""

_BY_LENGTH = sorted(LABELS, key=len, reverse=True)  # '[??]' before '[?]', as the spec says


def split_label(text: str) -> tuple[str | None, str]:
    """An annotation's label and its words: ``'[?!]Risky call'`` → ``('?!', 'Risky call')``.

    >>> split_label('[!!]Perfect duck.'), split_label('Dealer had no choice.')
    (('!!', 'Perfect duck.'), (None, 'Dealer had no choice.'))
    """
    for label in _BY_LENGTH:
        tag = f"[{label}]"
        if text.startswith(tag):
            return label, text[len(tag) :].lstrip()
    return None, text


def join_label(label: str | None, text: str) -> str:
    """The annotation text EGN stores: the label in brackets, then the words."""
    return text if label is None else f"[{label}]{text}"


class EgnError(EuchreError):
    """An EGN file that cannot be read: the message names the file, the deal and the field
    (``deals[3].phases[1].tricks[2]``), says what was found and what was expected.

    ``file``, ``deal`` (the deal's position, 0 first, or ``None``) and ``field`` are kept as
    attributes too. It is a ``ValueError``.

    >>> err = EgnError('a card seen twice', file='final.egn', deal=2, field='deals[2].phases[1].tricks[0]')
    >>> print(err)
    'final.egn', deal 3 (deals[2].phases[1].tricks[0]): a card seen twice
    """

    def __init__(self, problem: str, *, file: str | None = None, deal: int | None = None, field: str = "") -> None:
        self.file = file
        self.deal = deal
        self.field = field
        self.problem = problem
        where = quote(file, PATH_LIMIT) if file and not file.startswith("<") else (file or "EGN")
        if deal is not None:
            where += f", deal {deal + 1}"
        if field:
            where += f" ({field})"
        super().__init__(f"{where}: {problem}" if file or deal is not None or field else problem)


@dataclass(frozen=True)
class Metadata:
    """A match's metadata: ``title``, ``players`` (a name for each of N, E, S, W: EGN's seats
    0-3), ``date`` (as written), ``initial_score`` (``{Team: points}``), ``description``,
    ``final_score`` (when the file states it) and ``game_id``."""

    title: str = ""
    players: tuple[str, str, str, str] = ("", "", "", "")
    date: str = ""
    initial_score: dict[Team, int] = field(default_factory=lambda: {Team.NS: 0, Team.EW: 0})
    description: str = ""
    final_score: dict[Team, int] | None = None
    game_id: str = ""

    def player(self, seat: Seat | str) -> str:
        """The name at ``seat`` (or the seat's word when the file gives none)."""
        s = Seat.parse(seat)
        return self.players[s] or s.word


@dataclass(frozen=True)
class Inference:
    """One thing the file does not state: ``what`` (``'discard'``, ``'hand'`` or ``'kitty'``),
    the ``seat`` it concerns, the ``cards`` and whether the plays determined them (``known``) or
    they are stand-ins, placeholders that only make the deal whole (``known=False``: nothing may
    depend on them)."""

    what: str
    seat: Seat | None
    cards: Cards
    known: bool

    def __str__(self) -> str:
        who = f" ({self.seat.word})" if self.seat is not None else ""
        name = {"discard": "the dealer's discard", "hand": "cards never played", "kitty": "the kitty"}[self.what]
        n = len(self.cards)
        if self.known:
            return f"{name}{who}: {self.cards}, inferred from the plays"
        return f"{name}{who}: unknown ({n} card{'s' if n != 1 else ''})"


@dataclass(frozen=True, eq=False)
class EgnDeal:
    """One deal of a match: ``hand`` (the :class:`~euchre_learn.Hand` replayed as far as the
    record goes), ``points`` scored in it, ``score_before``, ``annotations`` (``{action index:
    [(label or None, text)]}``, the index into ``hand.history``), ``inferred`` (what the reader
    inferred or left unknown) and ``number`` (0 first, EGN's ``dealNumber``)."""

    number: int
    hand: Hand
    points: dict[Team, int]
    score_before: dict[Team, int]
    annotations: dict[int, list[tuple[str | None, str]]]
    inferred: tuple[Inference, ...] = ()
    alternative_lines: tuple[Any, ...] = ()
    """EGN's ``alternativeLines`` (analysis of other lines), kept as written, not replayed."""
    stated_discard: bool = False
    """Whether the file states the dealer's discard (EGN's ``discard``)."""
    stated_seats: frozenset[Seat] = frozenset()
    """The seats whose cards dealt the file states (``playerCards``)."""

    @property
    def complete(self) -> bool:
        """Whether the record goes to the end of the deal (five tricks, or a throw-in)."""
        return bool(self.hand.is_over)

    @property
    def stand_ins(self) -> frozenset[Card]:
        """The cards placed only to make the deal whole: no decision may depend on them."""
        return frozenset(c for i in self.inferred if not i.known for c in i.cards)

    @property
    def score_after(self) -> dict[Team, int]:
        return {t: self.score_before[t] + self.points[t] for t in Team}

    def depends_on_unknown(self, index: int) -> str | None:
        """Why the decision ``hand.history[index]`` cannot be judged, or ``None``: its seat held a
        card the file does not name (a stand-in), or the dealer had discarded the upcard (R3.2's
        option: the coach's worlds keep the upcard with the dealer)."""
        history = self.hand.history
        seat = history[index][0]
        held = set(self.hand.dealt(seat))
        up = self.hand.upcard
        for j, (s, a) in enumerate(history):
            if a.kind == "discard" and s == self.hand.dealer and j <= index and s == seat:
                held.add(up)  # the dealer took the upcard up before discarding
            if j >= index:
                break
            if a.kind == "discard" and a.card == up and s == self.hand.dealer:
                return "the dealer discarded the upcard (R3.2's house rule): the coach's worlds keep it with the dealer"
            if s == seat and a.card is not None:
                held.discard(a.card)
        unknown = held & self.stand_ins
        if unknown:
            n = len(unknown)
            return f"{seat.word} held {n} card{'s' if n != 1 else ''} the file does not name"
        return None


@dataclass(frozen=True, eq=False)
class Match:
    """A game as read from EGN: ``metadata``, ``rules`` (an :class:`~euchre_learn.Rules`),
    ``deals`` (:class:`EgnDeal`, in order), ``file`` (the path, or ``None``) and ``inferred``
    (what the reader chose that the file does not say, e.g. a house rule one deal needs)."""

    metadata: Metadata
    rules: Rules
    deals: tuple[EgnDeal, ...]
    file: str | None = None
    inferred: tuple[str, ...] = ()
    extras: dict[str, Any] = field(default_factory=dict)
    """Top-level fields outside EGN 1.4 (an older converter's ``timings``, ``videoUrl``), kept as read."""

    @property
    def score(self) -> dict[Team, int]:
        """The score after the last deal."""
        return self.deals[-1].score_after if self.deals else dict(self.metadata.initial_score)

    @property
    def hands(self) -> tuple[Hand, ...]:
        return tuple(d.hand for d in self.deals)

    def __len__(self) -> int:
        return len(self.deals)

    def __repr__(self) -> str:
        title = self.metadata.title or (self.file or "EGN")
        sc = self.score
        return f"<Match {title!r}: {len(self.deals)} deals, North-South {sc[Team.NS]}, East-West {sc[Team.EW]}>"
