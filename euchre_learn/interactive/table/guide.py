"""A guided first game (``el.table.play(guided=True)``): the table introduces each rule the first
time it matters in the game being played, once, in a short note.

A newcomer who has never played sits down at once and learns while playing, the way app
tutorials teach: the first deal says what was dealt and who partners whom, the first bid what
round 1 decides, the first trump the trump order and the two bowers, the first card to follow
what following suit means, the first trick who took it and why, the first loner what going alone
is, the first finished hand how it scores, and the end of the game who won. Each note is one or
two sentences on *this* deal, a one-line *why*, the rule's id in ``docs/rules.md`` and the lesson
that teaches it in depth.

:class:`Guide` is a model with no widgets: it watches a table (:class:`Guided`, which a
:class:`~euchre_learn.interactive.table.model.Table` is) and :meth:`Guide.update` adds the notes
the table's state now calls for; the view (:mod:`.guide_widget`) only shows them. The rules it
introduces, in the order they usually come (:data:`TOPICS`):

=========== ======================================================= ======= ============================
key         introduced                                              rule    lesson
=========== ======================================================= ======= ============================
deal        at the first deal                                       R2.2    01 The cards and the table
first-bid   at the learner's first bid                              R3.1    03 Bidding, round 1
round-2     at the learner's first bid in round 2                   R4.1    04 Bidding, round 2
trump       when trump is first made (by anyone)                    R1.3    02 Trump and the bowers
discard     at the learner's first discard as the dealer            R3.2    03 Bidding, round 1
lead        at the learner's first lead                             R6.1    05 Following suit
follow      at the learner's first card played to a suit led       R6.2    05 Following suit
trick       when the first trick is won                             R6.3    06 Winning tricks
loner       when someone first goes alone; failing that, at the     R5.1    07 Going alone
            learner's first bid from the second hand on
scoring     when the first hand ends (or is thrown in)              R7.1    08 Scoring
game        when the game ends                                      R8.2    08 Scoring
=========== ======================================================= ======= ============================

Each is introduced at most once a game; ``round-2``, ``discard`` and ``lead`` only when they
arise. A newcomer's whole game meets the other eight (``tests/interactive/table/test_guide.py``
plays whole games as a scripted newcomer and checks when each note comes).

>>> from euchre_learn.interactive.table.model import Table
>>> t = Table(humans='S', seed=1, dealer='N')
>>> g = Guide()
>>> _ = t.run_bots(); [n.key for n in g.update(t)]
['deal', 'first-bid']
>>> print(g.current[1].text)
Round 1 decides whether the upcard's suit, ♣ clubs, becomes trump. From the dealer's left, each player passes or accepts it; if anyone accepts, North, the dealer, picks up the K♣ and discards a card. You may: Pass, Assist, Assist alone.
>>> g.current[1].rule, g.current[1].lesson
('R3.1', '03_bidding_round_1.ipynb')
>>> t.act('order up'); g.turn_over(); _ = t.run_bots(); [n.key for n in g.update(t)]
['trump', 'follow']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from euchre_learn.engine import explain
from euchre_learn.engine.cards import Seat
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand, Phase, Trick
from euchre_learn.engine.rulings import suit_words
from euchre_learn.engine.trump import effective_suit, is_trump, left_bower, legal_plays, right_bower, trump_order
from euchre_learn.interactive.table.words import action_label, hand_result

__all__ = ["TOPICS", "Guide", "Guided", "Note", "Topic"]


@dataclass(frozen=True)
class Topic:
    """A rule the guided game introduces: its key, its title, the one-line *why*, its rule id in
    ``docs/rules.md`` and the lesson that teaches it in depth (a notebook of ``notebooks/``)."""

    key: str
    title: str
    why: str
    rule: str
    lesson: str
    lesson_title: str


TOPICS: dict[str, Topic] = {
    t.key: t
    for t in (
        Topic(
            "deal",
            "The deal",
            "Only 24 cards, five each: every hand is a short puzzle of five tricks.",
            "R2.2",
            "01_cards_and_table.ipynb",
            "01 The cards and the table",
        ),
        Topic(
            "first-bid",
            "Your first bid",
            "Accept only with the trumps to win three of the five tricks: failing costs 2 points.",
            "R3.1",
            "03_bidding_round_1.ipynb",
            "03 Bidding, round 1",
        ),
        Topic(
            "round-2",
            "Round 2 of the bidding",
            "A second chance: a hand strong in another suit can make that suit trump.",
            "R4.1",
            "04_bidding_round_2.ipynb",
            "04 Bidding, round 2",
        ),
        Topic(
            "trump",
            "Trump and the bowers",
            "Trumps win most tricks, and the two jacks are the strongest trumps: count them before you bid.",
            "R1.3",
            "02_trump_and_bowers.ipynb",
            "02 Trump and the bowers",
        ),
        Topic(
            "discard",
            "The dealer's discard",
            "Throw away a weak card of another suit; with none of a suit left, you can trump it.",
            "R3.2",
            "03_bidding_round_1.ipynb",
            "03 Bidding, round 1",
        ),
        Topic(
            "lead",
            "Leading a trick",
            "The leader chooses the suit everyone must follow: lead trump to draw the others' trumps.",
            "R6.1",
            "05_following_suit.ipynb",
            "05 Following suit",
        ),
        Topic(
            "follow",
            "Following suit",
            "The rule people break most: the table greys out every card you may not play.",
            "R6.2",
            "05_following_suit.ipynb",
            "05 Following suit",
        ),
        Topic(
            "trick",
            "Who wins a trick",
            "Three tricks of five win the hand, so every trick counts.",
            "R6.3",
            "06_winning_tricks.ipynb",
            "06 Winning tricks",
        ),
        Topic(
            "loner",
            "Going alone",
            "A hand that should take all five tricks scores twice as much alone.",
            "R5.1",
            "07_going_alone.ipynb",
            "07 Going alone",
        ),
        Topic(
            "scoring",
            "Scoring a hand",
            "Bid when you expect three tricks: a euchre costs twice what a made hand earns.",
            "R7.1",
            "08_scoring.ipynb",
            "08 Scoring",
        ),
        Topic(
            "game",
            "The end of the game",
            "A game is many hands: a side one point short is in the barn, and every bid counts there.",
            "R8.2",
            "08_scoring.ipynb",
            "08 Scoring",
        ),
    )
}
"""The rules the guided game introduces, by key, in the order they usually come."""


@dataclass(frozen=True)
class Note:
    """One rule introduced: the topic, what it says of this deal (:attr:`text`), and when (the
    hand's number in the game and the actions of that hand so far)."""

    topic: Topic
    text: str
    hand: int
    position: int

    @property
    def key(self) -> str:
        return self.topic.key

    @property
    def title(self) -> str:
        return self.topic.title

    @property
    def why(self) -> str:
        return self.topic.why

    @property
    def rule(self) -> str:
        return self.topic.rule

    @property
    def lesson(self) -> str:
        return self.topic.lesson

    def __str__(self) -> str:
        t = self.topic
        return f"{t.title} ({t.rule}): {self.text}\nWhy it matters: {t.why}\nMore: lesson {t.lesson_title}."


class Guided(Protocol):
    """What the guide reads of a table (a :class:`~euchre_learn.interactive.table.model.Table` is
    one): the hand on the table, the game, the learner's seats, and whose turn it is."""

    @property
    def hand(self) -> Hand: ...

    @property
    def game(self) -> Game: ...

    @property
    def hand_over(self) -> bool: ...

    @property
    def is_human_turn(self) -> bool: ...

    @property
    def position(self) -> int: ...

    humans: frozenset[Seat]


class Guide:
    """The notes of a guided game: :meth:`update` after each change of the table adds the notes
    its state now calls for, each rule once (:attr:`introduced`). :attr:`current` holds the notes
    since the learner's last action (:meth:`turn_over`, which the view calls when the learner
    acts); :attr:`notes` all of them, in order.

    The guide speaks to one learner: ``learner`` is their seat (default the table's one human;
    a table with several humans, or none, needs it named)."""

    def __init__(self, learner: Seat | str | None = None) -> None:
        self.learner = None if learner is None else Seat.parse(learner)
        self.notes: list[Note] = []
        self.current: list[Note] = []
        self.introduced: set[str] = set()

    def seat(self, table: Guided) -> Seat:
        """The learner's seat at ``table``."""
        if self.learner is not None:
            return self.learner
        if len(table.humans) != 1:
            raise ValueError(
                f"guided: a guided game speaks to one learner, and this table has {len(table.humans)} humans: "
                "play with humans='S' (one seat), or name the learner: Guide(learner='S')"
            )
        return next(iter(table.humans))

    def turn_over(self) -> None:
        """The learner acted: the notes shown so far become earlier notes."""
        self.current = []

    def update(self, table: Guided) -> list[Note]:
        """The notes the table's state now calls for, each rule at most once; returns those added."""
        me = self.seat(table)
        hand = table.hand
        hands_done = len(table.game.hands) - (1 if table.hand_over else 0)
        added: list[Note] = []

        def add(key: str, text: str) -> None:
            if key not in self.introduced:
                self.introduced.add(key)
                note = Note(TOPICS[key], text, hands_done + 1, table.position)
                added.append(note)

        add("deal", _deal_text(hand, me))
        my_turn = table.is_human_turn and hand.to_act == me
        if my_turn and hand.phase in (Phase.ROUND_1, Phase.ROUND_2):
            if hand.phase == Phase.ROUND_1 or "first-bid" not in self.introduced:
                add("first-bid", _first_bid_text(hand))
            if hand.phase == Phase.ROUND_2:
                add("round-2", _round_2_text(hand))
            if hands_done >= 1 and "loner" not in self.introduced:
                add("loner", _loner_choice_text(hand))
        if hand.trump is not None:
            add("trump", _trump_text(hand, me))
        if hand.alone and hand.maker is not None:
            add("loner", _loner_text(hand, me))
        if my_turn and hand.phase == Phase.DISCARD:
            add("discard", _discard_text(hand))
        tricks = hand.tricks
        finished = [t for t in tricks if t.winner is not None]
        if finished:
            add("trick", _trick_text(hand, finished[0], me))
        if my_turn and hand.phase == Phase.PLAY:
            trick = hand.current_trick
            if trick is None or not trick.cards:
                add("lead", _lead_text(hand, me))
            else:
                add("follow", _follow_text(hand, me))
        if table.hand_over:
            add("scoring", _scoring_text(hand, table.game))
        if table.game.winner is not None:
            add("game", _game_text(table.game, me))
        self.notes += added
        self.current += added
        return added

    def __repr__(self) -> str:
        return f"<Guide {len(self.notes)} notes: {', '.join(n.key for n in self.notes) or 'none yet'}>"


# ---- the notes' words, from the engine's facts ---------------------------------------------------


def _deal_text(hand: Hand, me: Seat) -> str:
    dealer = "you" if hand.dealer == me else hand.dealer.word
    return (
        f"{dealer.capitalize()} dealt five cards each, in packets of three and two, and turned the top card "
        f"of the four left over face up: the {hand.upcard}, the upcard. You sit {me.word}; "
        f"{me.partner.word}, across the table, is your partner against {me.left.word} and {me.right.word}."
    )


def _first_bid_text(hand: Hand) -> str:
    labels = ", ".join(action_label(hand, a) for a in hand.legal_actions())
    if hand.phase == Phase.ROUND_2:
        return f"Nobody accepted the upcard's suit in round 1, so the {hand.upcard} is turned down. You may: {labels}."
    suit = hand.upcard.suit
    assert suit is not None
    dealer = f"{hand.dealer.word}, the dealer," if hand.dealer != hand.to_act else "you, the dealer,"
    return (
        f"Round 1 decides whether the upcard's suit, {suit_words(suit)}, becomes trump. From the dealer's "
        f"left, each player passes or accepts it; if anyone accepts, {dealer} picks up the {hand.upcard} "
        f"and discards a card. You may: {labels}."
    )


def _round_2_text(hand: Hand) -> str:
    down = hand.turned_down
    others = "any suit but " + suit_words(down) if down is not None else "a suit"
    stuck = (
        " The dealer may not pass in round 2 here (stick the dealer)."
        if hand.rules.stick_the_dealer
        else " If all four pass again, the hand is thrown in and the next dealer deals."
    )
    return f"All four passed in round 1. Now each player in turn may name {others} as trump, or pass.{stuck}"


def _trump_text(hand: Hand, me: Seat) -> str:
    trump = hand.trump
    maker = hand.maker
    assert trump is not None and maker is not None
    who = "You" if maker == me else "Your partner" if maker == me.partner else maker.word
    if hand.turned_down is not None:
        made = f"{who} named {suit_words(trump)} as trump"
    else:
        verb = "took it up" if maker == hand.dealer else "assisted" if maker == hand.dealer.partner else "ordered it up"
        made = f"{who} {verb}, so {suit_words(trump)} are trump"
    right, left = right_bower(trump), left_bower(trump)
    ranked = trump_order(trump, benny=hand.rules.benny is not None)
    mine = sorted((c for c in hand.holding(me) if is_trump(c, trump)), key=ranked.index)
    held = f"You hold {len(mine)}: {' '.join(str(c) for c in mine)}." if mine else "You hold none."
    other = left.suit.plural[:-1] if left.suit is not None else "jack"
    return (
        f"{made}: a trump beats any card of another suit. High to low: {' '.join(str(c) for c in ranked)}. "
        f"The {right} is the right bower; the {left}, the other jack of the same colour, is the left bower "
        f"and counts as a {trump.plural[:-1]} this hand, not a {other}. {held}"
    )


def _discard_text(hand: Hand) -> str:
    return (
        f"As the dealer you took the {hand.upcard} into your hand: now discard one card face down, "
        "to hold five again. Click the card to discard."
    )


def _lead_text(hand: Hand, me: Seat) -> str:
    if hand.tricks:
        why = "You lead: you won the last trick."
    else:
        why = explain.leader_reason(hand).replace(f"{me.word} leads", "You lead", 1)
        why = why.replace(" (R6.1)", "").replace(" (R5.1, R6.1)", "")
    return f"{why} Any card may be led; each other player must then follow its suit if they can."


def _follow_text(hand: Hand, me: Seat) -> str:
    trick = hand.current_trick
    trump = hand.trump
    assert trick is not None and trick.cards and trump is not None
    led = trick.cards[0]
    suit = effective_suit(led, trump)
    legal = legal_plays(hand.holding(me), trump, led)
    same = [c for c in hand.holding(me) if effective_suit(c, trump) == suit]
    note = ""
    lb = left_bower(trump)
    if suit == trump:
        note = f" Trump was led: the {lb} is a trump too."
    elif lb.suit == suit:
        note = f" The {lb} is not a {suit.plural[:-1]} here: it is the left bower, a trump."
    if same:
        may = f"You hold {suit.plural}, so you must play one: {' '.join(str(c) for c in legal)}."
    else:
        may = f"You hold no {suit.plural}, so any card will do: a trump to win the trick, or a card you can spare."
    return f"{trick.leader.word if trick.leader != me.partner else 'Your partner'} led the {led}. {may}{note}"


def _trick_text(hand: Hand, trick: Trick, me: Seat) -> str:
    assert trick.winner is not None and hand.trump is not None
    side = "your side" if trick.winner.team == me.team else "the other side"
    return f"Trick 1 goes to {trick.winner.word}, for {side}. " + explain.trick_reason(
        trick.cards, trick.seats, hand.trump
    )


def _loner_choice_text(hand: Hand) -> str:
    alone = [f"'{action_label(hand, a)}'" for a in hand.legal_actions() if a.alone]
    buttons = f"The button {alone[0]} goes" if len(alone) == 1 else "The buttons ending in 'alone' go"
    return (
        f"{buttons} alone: your partner puts their cards down and sits the hand out. Take all five "
        "tricks alone and you score 4 points, not 2; three or four score 1; fewer, and the other side scores 2."
    )


def _loner_text(hand: Hand, me: Seat) -> str:
    maker = hand.maker
    assert maker is not None
    who = "You go" if maker == me else "Your partner goes" if maker == me.partner else f"{maker.word} goes"
    out = "you sit" if maker.partner == me else f"{maker.partner.word} sits"
    return (
        f"{who} alone: {out} this hand out, cards face down. All five tricks alone score 4 points, "
        "three or four score 1; fewer, and the other side scores 2."
    )


def _scoring_text(hand: Hand, game: Game) -> str:
    target = game.rules.points_to_win
    if hand.thrown_in:
        head = "Nobody made trump: the hand is thrown in, nobody scores, and the next dealer deals."
    else:
        head = f"Hand over: {hand_result(hand)} {explain.score_reason(hand)}"
    return f"{head} The first side to {target} points wins the game (R8.1). Click Next hand to go on."


def _game_text(game: Game, me: Seat) -> str:
    winner = game.winner
    assert winner is not None
    us = "your side" if winner == me.team else "the other side"
    return (
        f"Game over: {us} ({winner.word}) won, {game.score[winner]} to {game.score[winner.other]}. "
        "You have played a whole game of Euchre by the rules. The lessons take each rule in depth, "
        "starting with lesson 01."
    )
