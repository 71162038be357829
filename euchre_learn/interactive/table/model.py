"""The card table, as a model: play a game against bots, or hot-seat several learners.

This module never imports ipywidgets (the widget, in :mod:`.widget`, only lays out
what this model says and calls it back), so every rule of the table is tested without a
browser. In a notebook, :mod:`euchre_learn.interactive.table` (``el.table``) opens it:

    el.table.setup()                    # a small form: rules, seats, bots, pace
    el.table.play(humans='S')           # or straight to the table

The model:

>>> from euchre_learn.interactive.table.model import Table
>>> t = Table(humans='S', seed=1, dealer='N')
>>> t.to_act, t.is_human_turn          # East, eldest, is a bot: it has not moved yet
(<Seat.E: 1>, False)
>>> t.run_bots()[0].text               # the bots move until a human must act
'East passes.'
>>> t.to_act, [c.label for c in t.choices()]     # South is the dealer's partner
(<Seat.S: 2>, ['Pass', 'Assist', 'Assist alone'])
>>> t.act('pass'); t.to_act            # the human passes; the bots wait for run_bots()
<Seat.W: 3>
>>> _ = t.run_bots()
>>> t.undo(); t.to_act, len(t.log)     # back to before South's pass
(<Seat.S: 2>, 1)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from euchre_learn.analysis.bots import Bot
from euchre_learn.analysis.bots import get as get_bot
from euchre_learn.analysis.coach import Judgement
from euchre_learn.engine import act, explain
from euchre_learn.engine.actions import Action, Actions
from euchre_learn.engine.cards import Card, Seat
from euchre_learn.engine.errors import quote, type_error
from euchre_learn.engine.game import Game
from euchre_learn.engine.hand import Hand, IllegalActionError, Phase, Trick
from euchre_learn.engine.rules import Rules
from euchre_learn.interactive.table import coach
from euchre_learn.interactive.table.coach import Hint
from euchre_learn.interactive.table.matching import MATCH, LevelMatch, match_level, spec_error
from euchre_learn.interactive.table.saver import GameSaver
from euchre_learn.interactive.table.training import Trainer, TrainingStop, trainer_for
from euchre_learn.interactive.table.words import (
    CARD_PHASES,
    THROWN_IN,
    action_label,
    action_tooltip,
    describe_action,
    hand_result,
)
from euchre_learn.learner.store import Store

__all__ = ["CardChoice", "Choice", "LogEntry", "Table"]


# ---- what the model hands the view ------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """A button: an action, its label in the seeds' words, and a tooltip."""

    action: Action
    label: str
    tooltip: str


@dataclass(frozen=True)
class CardChoice:
    """A card of the seat to act: the action it stands for, whether it is legal now, and why
    (or why not: the tooltip of a disabled card)."""

    card: Card
    action: Action
    legal: bool
    reason: str


@dataclass(frozen=True)
class LogEntry:
    """One action of the hand: who, what, the log line, and (for a bot) its reason."""

    index: int
    seat: Seat
    action: Action
    text: str
    reason: str | None
    by_bot: bool


# ---- the table ----------------------------------------------------------------------------


def _seats(value: Iterable[Seat | str] | Seat | str | None) -> frozenset[Seat]:
    if value is None:
        return frozenset()
    if isinstance(value, (Seat, int)):
        return frozenset((Seat.parse(value),))
    if isinstance(value, str):
        text = value.replace(",", " ").split()
        if len(text) == 1 and len(text[0]) > 1 and text[0].lower() not in ("north", "east", "south", "west"):
            text = list(text[0])  # 'NS'
        return frozenset(Seat.parse(s) for s in text)
    if not isinstance(value, Iterable) or isinstance(value, (bytes, bytearray)):
        raise type_error("humans", value, "the seats of the humans: 'S', 'NS', ['N', 'S'] or None")
    return frozenset(Seat.parse(s) for s in value)


class Table:
    """A game to ``rules.points_to_win`` at one table: humans at ``humans`` (one learner, or
    several at one screen), bots at the other seats.

    ``bots``: a bot name (see :func:`euchre_learn.analysis.bots.names`) for every bot seat, or a
    mapping seat → name or :class:`~euchre_learn.analysis.bots.Bot`. ``partner`` and ``opponents``
    choose the bot across from the human (the first in N E S W order, when several play) and
    the two bots against them, so a learner can
    play with a strong partner against beatable opponents; a seat named in a ``bots`` mapping
    keeps its bot. Either may be ``'match'``: the opponent level (``el.bots.levels()``) closest
    to the learner's recent review accuracy, read from their store (:mod:`.matching`), with the
    reason in :attr:`seating_note` and :meth:`players_text`. ``seed`` fixes the deals and the
    bots' choices. ``open_hands`` shows every hand (for teaching). ``training``: training mode
    (:mod:`.training`): the coach judges each decision of a learner as it is made, and a costly one
    is not played but asked again (:attr:`training_stop`). ``store``: where the hands and the
    decisions are kept (default: the learner's own).

    >>> t = Table(humans=[], seed=2, dealer='S')     # four bots: a demonstration
    >>> _ = t.run_bots(); t.hand_over
    True
    >>> t = Table(humans='S', partner='expert', opponents='beginner', seed=1)
    >>> {str(seat): bot.name for seat, bot in t.bots.items()}
    {'N': 'expert', 'E': 'beginner', 'W': 'beginner'}
    >>> t = Table(humans='S', opponents='match', seed=1)     # the level closest to your recent accuracy
    >>> t.bots[Seat.E].name == t.bots[Seat.W].name == t.level_match.level, t.seating_note.startswith('Opponents: ')
    (True, True)
    """

    def __init__(
        self,
        rules: Rules | str | None = None,
        *,
        humans: Iterable[Seat | str] | Seat | str | None = "S",
        bots: str | Bot | Mapping[Seat | str, str | Bot] = "standard",
        seed: Any = None,
        dealer: Seat | str | None = None,
        open_hands: bool = False,
        hint_bot: str = "standard",
        partner: str | Bot | None = None,
        opponents: str | Bot | None = None,
        training: bool | Trainer = False,
        store: Store | None = None,
    ) -> None:
        self.rules = Rules.from_value(rules)
        self.humans = _seats(humans)
        self.seed = seed if seed is not None else random.SystemRandom().getrandbits(32)
        self.open_hands = bool(open_hands)
        self._bot_spec = bots
        self.bots: dict[Seat, Bot] = {}
        for role, value in (("partner", partner), ("opponents", opponents)):
            if value is not None and (err := spec_error(role, value)) is not None:
                raise err
        me = min(self.humans) if self.humans else None
        self.level_match: LevelMatch | None = None
        """The level ``'match'`` chose (:func:`~.matching.match_level`), ``None`` when not asked for."""
        self.seating_note = ""
        """Who was chosen for the learner and why ('Opponents: club (your recent accuracy 91 on 40
        decisions)'), shown after :meth:`players_text`; empty when nothing was matched."""
        matched: list[str] = []
        for seat in Seat:
            if seat in self.humans:
                continue
            spec = bots.get(seat, bots.get(str(seat), "standard")) if isinstance(bots, Mapping) else bots
            named = isinstance(bots, Mapping) and (seat in bots or str(seat) in bots)
            if me is not None and not named:
                role = "partner" if seat.team == me.team else "opponents"
                spec = (partner if role == "partner" else opponents) or spec
                if spec == MATCH:
                    self.level_match = self.level_match or match_level()
                    spec = self.level_match.level
                    matched += [role] if role not in matched else []
            self.bots[seat] = get_bot(spec, seed=f"{self.seed}/{seat}") if isinstance(spec, str) else spec
        if self.level_match is not None:
            who = " and ".join(matched).capitalize()
            self.seating_note = f"{who}: {self.level_match}"
        self.hint_bot = get_bot(hint_bot, seed=f"{self.seed}/hint")
        self._dealer = dealer
        self._games_played = 0
        self.on_hand_end: list[Callable[[Table], object]] = [GameSaver(store)]
        """Called with the table as each hand ends: the hand is saved at once (:mod:`.saver`)."""
        self.trainer = trainer_for(training)
        """Training mode's coach (:mod:`.training`), ``None`` outside training mode."""
        self._start(Game(self.rules, seed=self.seed, dealer=dealer))

    def _start(self, game: Game) -> None:
        if self.trainer is not None:
            self.trainer.cancel()
        self._history: list[Game] = [game]
        self._hinted: dict[int, int | None] = {}
        """The ``worlds`` of the last Hint at each position of this hand (Why? reads the same judgement)."""
        self.log: list[LogEntry] = []
        """The actions of the hand in progress (or just finished), as :class:`LogEntry` rows."""
        self.past_logs: list[list[LogEntry]] = []
        """The logs of the earlier hands of this game."""
        self.last_trick: Trick | None = None
        """The trick finished last, kept for the learner until they act (or the table's pause
        passes, :meth:`dismiss_last_trick`): at instant bot speed the bots lead the next trick
        at once, and the felt shows this one beside it (:attr:`last_trick_shown`)."""

    def new_game(self, seed: Any = None) -> None:
        """Start a new game at this table (the next seed unless one is given)."""
        self._games_played += 1
        if seed is None:
            seed = f"{self.seed}/game {self._games_played}"
        self._start(Game(self.rules, seed=seed, dealer=self._dealer))

    # --- reading ---------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game now (after a hand ends, the next hand is already dealt in it)."""
        return self._history[-1]

    @property
    def hand_over(self) -> bool:
        """The hand on the table is finished (waiting for :meth:`next_hand`)."""
        return len(self.game.hands) > len(self._history[0].hands)

    @property
    def game_number(self) -> int:
        """Which game at this table is being played: 0 for the first, 1 after :meth:`new_game`, ..."""
        return self._games_played

    @property
    def game_over(self) -> bool:
        return self.game.winner is not None

    @property
    def hand(self) -> Hand:
        """The hand on the table: the one in progress, or the one just finished."""
        return self.game.hands[-1] if self.hand_over else self.game.hand

    @property
    def to_act(self) -> Seat | None:
        return None if self.hand_over else self.hand.to_act

    @property
    def is_human_turn(self) -> bool:
        return self.to_act is not None and self.to_act in self.humans

    @property
    def is_bot_turn(self) -> bool:
        return self.to_act is not None and self.to_act not in self.humans

    @property
    def training(self) -> bool:
        """Training mode is on: the coach judges each decision of the learner as it is made (:mod:`.training`)."""
        return self.trainer is not None

    @property
    def training_stop(self) -> TrainingStop | None:
        """In training mode, the flagged decision the table stopped at, waiting for the learner to
        choose again (:attr:`TrainingStop.text <.training.TrainingStop.text>` says why); else ``None``."""
        return None if self.trainer is None else self.trainer.stop

    @property
    def training_note(self) -> str:
        """In training mode, the coach's word on the last retry: the coach's choice and why (else '')."""
        return "" if self.trainer is None else self.trainer.note

    @property
    def hot_seat(self) -> bool:
        """More than one human plays at this screen."""
        return len(self.humans) > 1

    def legal_actions(self) -> Actions:
        return Actions() if self.to_act is None else self.hand.legal_actions()

    def name(self, seat: Seat, long: bool = False) -> str:
        """How a seat is shown at the table: 'South (you)' for the one learner, else the seat;
        ``long`` adds the kind of player: 'North (standard bot)', 'South (learner)'."""
        if seat in self.humans:
            return f"{seat.word} (you)" if len(self.humans) == 1 else f"{seat.word} (learner)" if long else seat.word
        return f"{seat.word} ({self.bots[seat].name} bot)" if long else seat.word

    def players_text(self) -> str:
        """Who sits where: 'North: standard bot · East: standard bot · South: you · West: standard bot',
        then the :attr:`seating_note` when ``'match'`` chose a level."""
        seats = " · ".join(f"{s.word}: {self.name(s, long=True).split('(')[1].rstrip(')')}" for s in Seat)
        return f"{seats}. {self.seating_note}." if self.seating_note else seats

    def visible_seats(self) -> frozenset[Seat]:
        """The seats whose cards are face up: all with open hands, else the humans' own. At a
        hot seat, only the learner whose turn it is (or who acted last)."""
        if self.open_hands or not self.humans:
            return frozenset(Seat)
        if not self.hot_seat:
            return self.humans
        if self.is_human_turn:
            assert self.to_act is not None
            return frozenset((self.to_act,))
        for entry in reversed(self.log):
            if entry.seat in self.humans:
                return frozenset((entry.seat,))
        return frozenset()

    # --- the choices of the seat to act ---------------------------------------------------------
    def choices(self) -> list[Choice]:
        """Buttons for the seat to act, outside the card phases: exactly its legal actions,
        labelled as the seeds say them for that seat ('Assist', 'Take it up', 'Call ♥ alone')."""
        hand = self.hand
        if self.to_act is None or hand.phase in CARD_PHASES:
            return []
        return [Choice(a, action_label(hand, a), action_tooltip(hand, a)) for a in hand.legal_actions()]

    def card_choices(self) -> list[CardChoice]:
        """In the card phases (discard, railroad give/discard, play): every card the seat to act
        holds, legal or not, with the reason (a disabled card's tooltip says why)."""
        hand = self.hand
        seat = self.to_act
        if seat is None or hand.phase not in CARD_PHASES:
            return []
        held = hand.holding(seat)
        legal = {a.card: a for a in hand.legal_actions()}
        base = {Phase.PLAY: act.PLAY, Phase.RAILROAD_GIVE: act.GIVE}.get(hand.phase, act.DISCARD)
        if hand.phase == Phase.PLAY:
            trick = hand.current_trick
            led = trick.cards[0] if trick is not None and trick.cards else None
            assert hand.trump is not None
            reasons = explain.play_reasons(held, hand.trump, led)
        out = []
        for card in held:
            action = legal.get(card) or Action(base + card.index)
            ok = card in legal
            if hand.phase == Phase.PLAY:
                reason = reasons[card]
            elif ok:
                verb = {Phase.RAILROAD_GIVE: "pass", Phase.DISCARD: "discard"}.get(hand.phase, "discard")
                reason = f"{verb.capitalize()} the {card} face down" + (
                    " (R5.5)." if hand.phase != Phase.DISCARD else " (R3.2)."
                )
            else:
                reason = hand.explain_illegal(action)
            out.append(CardChoice(card, action, ok, reason))
        return out

    # --- acting --------------------------------------------------------------------------------
    def _apply(self, action: Action, reason: str | None, by_bot: bool) -> LogEntry:
        before = self.hand
        seat = before.to_act
        assert seat is not None
        game = self.game.apply(action)
        after = game.hands[-1] if len(game.hands) > len(self._history[0].hands) else game.hand
        reveal = self.open_hands or seat in self.humans
        entry = LogEntry(
            len(self.log), seat, action, describe_action(before, action, after, reveal=reveal), reason, by_bot
        )
        if len(after.tricks) > len(before.tricks):
            # a finished hand shows its last trick in the middle of the table anyway
            self.last_trick = None if after.is_over else after.tricks[-1]
        self._history.append(game)
        self.log.append(entry)
        if self.hand_over:
            for listener in list(self.on_hand_end):
                listener(self)
        return entry

    def act(self, action: Action | str) -> None:
        """A human's action. An illegal one raises :class:`~euchre_learn.IllegalActionError`
        explaining the rule, and changes nothing. It does not move the bots: call
        :meth:`run_bots` (or :meth:`bot_step`, for paced play)."""
        seat = self.to_act
        if seat is None:
            msg = "the game is over" if self.game_over else "the hand is over: deal the next hand first"
            raise IllegalActionError(f"Nobody can act now: {msg}.")
        if seat not in self.humans:
            raise IllegalActionError(
                f"It is {seat.word}'s turn, and {seat.word} is a bot: let the bots move.", seat=seat
            )
        hand = self.hand
        a = action if type(action) is Action else Action.parse(action)  # the edge: text is read here, once
        if not hand.is_legal(a):
            raise IllegalActionError(hand.explain_illegal(a), seat=seat, action=a)
        self.last_trick = None  # the learner has seen it: they acted
        if self.trainer is not None and not self.trainer.check(self, a):
            return  # training mode: a flagged first try is not played (see training_stop)
        self._apply(a, None, False)

    def bot_step(self) -> LogEntry | None:
        """One bot move, if a bot is to act (else ``None``)."""
        seat = self.to_act
        if seat is None or seat in self.humans:
            return None
        action, reason = self.bots[seat].choose(self.game)
        return self._apply(action, reason, True)

    def run_bots(self) -> list[LogEntry]:
        """The bots move until a human must act or the hand ends; returns their moves."""
        out = []
        while (entry := self.bot_step()) is not None:
            out.append(entry)
        return out

    def next_hand(self) -> None:
        """After a hand ends: the next hand (already dealt by the game) comes to the table."""
        if not self.hand_over:
            raise ValueError("the hand is still being played: finish it first")
        if self.game_over:
            raise ValueError("the game is over: start a new game")
        self.past_logs.append(self.log)
        self._history = [self.game]
        self._hinted = {}
        self.log = []
        self.last_trick = None

    # --- undo ----------------------------------------------------------------------------------
    @property
    def position(self) -> int:
        """How many actions of this hand have been taken."""
        return len(self._history) - 1

    def rewind(self, position: int) -> None:
        """Back to the point after ``position`` actions of this hand (0: the deal). Bots do not
        move by themselves afterwards: call :meth:`run_bots`."""
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= self.position:
            raise ValueError(f"position must be a whole number from 0 to {self.position}, not {quote(position)}")
        del self._history[position + 1 :]
        self._hinted = {k: w for k, w in self._hinted.items() if k <= position}
        del self.log[position:]
        self.last_trick = None
        if self.trainer is not None:
            self.trainer.cancel()

    def undo_points(self) -> list[tuple[int, str]]:
        """The earlier points of this hand where a human was to act: ``(position, label)``."""
        out = []
        for entry in self.log:
            if entry.seat in self.humans:
                out.append((entry.index, f"before {entry.text[:-1] if entry.text.endswith('.') else entry.text}"))
        return out

    @property
    def can_undo(self) -> bool:
        return bool(self.undo_points())

    def undo(self) -> None:
        """Take back the last human action of this hand, and the bots' moves after it."""
        points = self.undo_points()
        if not points:
            raise ValueError("nothing to undo: no human has acted in this hand yet")
        self.rewind(points[-1][0])

    @property
    def last_trick_shown(self) -> Trick | None:
        """The finished trick to show beside the trick in play: :attr:`last_trick`, while the
        next trick has cards on the table (before that, the middle of the table shows it)."""
        trick = self.hand.current_trick
        if self.last_trick is None or self.to_act is None or trick is None or not trick.cards:
            return None
        return self.last_trick

    def dismiss_last_trick(self) -> None:
        """The pause has passed: the felt stops showing the last trick."""
        self.last_trick = None

    # --- help --------------------------------------------------------------------------------
    def hint(self, odds: bool = True, worlds: int | None = None, *, first: bool = False) -> Hint:
        """The legal actions of the seat to act and the coach's suggestion with its reason
        (:func:`.coach.hint`): the coach's best choice in this position, graded by the chance to
        win the game from the score before the hand.

        ``odds`` (the default): also each choice's numbers from the same judgement, best first,
        so the suggestion is their top row. ``worlds``: exactly that many deals of the unseen cards
        for a card decision (a bid: three times as many); default: the coach's settled judgement.
        ``first``: the coach's quick first answer (the fewest deals), which the settled one refines.

        >>> t = Table(humans='S', seed=1, dealer='N'); _ = t.run_bots()
        >>> h = t.hint()
        >>> h.action in t.legal_actions() and h.odds.splitlines()[1].startswith(h.label + ':')
        True
        """
        if self.to_act is None:
            raise ValueError("there is nothing to decide: the hand is over")
        j = self._judgement(self.position, worlds, first=first)
        self._hinted[self.position] = worlds
        return coach.hint(self.game, odds=odds, judgement=j)

    def _judgement(self, position: int, worlds: int | None = None, *, first: bool = False) -> Judgement:
        """The coach's judgement of the decision after ``position`` actions of this hand: the
        position's one judgement (the coach keeps it), so the Hint, Why?, training mode and the
        review say one thing; with ``worlds``, exactly that many deals, seeded by the table."""
        game = self._history[position]
        seed = f"{self.seed}/hint/{position}" if worlds is not None else None
        return coach.judge_position(game, worlds=worlds, seed=seed, first=first)

    def why(self, coach_word: bool = True) -> str:
        """Why the last thing happened: the last trick's winner, the score of a finished hand,
        who leads, or what the bidding offers now (:func:`.coach.why`); then, with
        ``coach_word``, what the coach thinks of the learner's last decision in this hand, in
        the words of the Hint there (:func:`.coach.verdict`; the same judgement as that Hint)."""
        said = ""
        if coach_word:
            entry = next((e for e in reversed(self.log) if e.seat in self.humans), None)
            if entry is not None:
                who = "Your" if not self.hot_seat else f"{entry.seat.word}'s"
                said = coach.verdict(self._judgement(entry.index, self._hinted.get(entry.index)), entry.action, who)
        return coach.why(self.hand, self.game, said)

    def log_lines(self, reasons: bool | None = None) -> list[str]:
        """The hand in plain words. ``reasons`` adds each bot's reason (by default only with
        open hands: a reason may name cards the learner should not see)."""
        if reasons is None:
            reasons = self.open_hands
        out = []
        for e in self.log:
            line = e.text
            if reasons and e.reason:
                line += f"  ({e.reason})"
            out.append(line)
        return out

    # --- display -------------------------------------------------------------------------------
    def status(self) -> str:
        """One line: whose turn it is, or what happened."""
        if self.game_over:
            winner = self.game.winner
            assert winner is not None
            return f"Game over: {winner.word} won, {self.game.score[winner]} to {self.game.score[winner.other]}."
        if self.hand_over:
            hand = self.hand
            if hand.thrown_in:
                return f"{THROWN_IN} Deal the next hand."
            return f"Hand over: {hand_result(hand)} Deal the next hand."
        seat = self.to_act
        assert seat is not None
        hand = self.hand
        if seat in self.humans and self.training_stop is not None:
            return f"Choose again, {seat.word}: the coach stopped that choice (training mode)."
        if seat in self.humans:
            what = {
                Phase.BENNY: "name the suit the Benny proposes",
                Phase.ROUND_1: "bid (round 1)",
                Phase.ROUND_2: "bid (round 2)",
                Phase.DISCARD: "discard one card (not the upcard)",
                Phase.RAILROAD_GIVE: "pass a card to your partner",
                Phase.RAILROAD_TAKE: "take or decline the railroad card",
                Phase.RAILROAD_DISCARD: "discard one card",
                Phase.DEFEND: "defend alone or pass",
                Phase.PLAY: "lead a card" if not (hand.current_trick and hand.current_trick.cards) else "play a card",
            }[hand.phase]
            who = "your" if not self.hot_seat else f"{seat.word}'s"
            return f"{who.capitalize()} turn{'' if self.hot_seat else f', {seat.word}'}: {what}."
        return f"{self.name(seat, long=True)} is thinking…"

    def html(self) -> str:
        """The table drawn by :func:`euchre_learn.display.hand_html`, hidden hands face down."""
        from euchre_learn import display as render

        names = {s: self.name(s) for s in Seat}
        return render.hand_html(self.hand, show=self.visible_seats(), names=names, text=False)

    def scoreboard_html(self) -> str:
        """The scoreboard, in step with the board: while a finished hand is still on the table
        it says "hand 1 over · dealer East" (the score counting that hand), and "hand 2 ·
        dealer South" only once :meth:`next_hand` brings the next deal to the table."""
        from euchre_learn import display as render

        return render.game_html(self.game, show_hand=False, finished_hand=self.hand_over)

    def __repr__(self) -> str:
        humans = " ".join(str(s) for s in sorted(self.humans)) or "none"
        return f"<Table humans={humans} {self.game!r}>"
