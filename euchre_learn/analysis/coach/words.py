"""The coach's words: why one option beats another, in Euchre words first and numbers second.

The reasons come from the position (:mod:`.reasons`: engine facts the seat can see, the trumps it
holds and those still out, the boss card of a suit, the voids shown, who is winning the trick and
whether a seat still to play can beat it, next and green in round 2); this module adds the numbers
in one short clause, the game score where it decides, and the rules of thumb. The Hint and the
review say the same thing because both call :func:`explain`.

The rules the words keep (``tests/analysis/coach/test_words.py`` checks them on 200 decisions):

* a choice graded 'best' is never told another choice was better, and 'best' or 'better' never
  stands beside a larger number for the other choice: where the numbers favour another choice by
  less than they can tell, the words say "the numbers can't separate" the two, and why good
  players choose as they do;
* a card "wins" or "takes" the trick only when no seat still to play can beat it ("winning so far"
  otherwise), and partner's card is "already winning" on the same terms;
* every reason names a card, a rule or the score: never only a count of trumps, never "it gives
  your side more";
* a rule of thumb stands beside a choice only when it points the way to that choice
  (:func:`supports`), never against the reason beside it;
* the score is named where it decides: "going alone adds nothing" when a march with partner
  already wins the game, and where the chance to win the game ranks two choices the other way
  from the points;
* a close call says so in one plain sentence (:data:`CLOSE`); a forced choice says only that it
  was forced.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from euchre_learn.analysis.coach.reasons import and_words, reasons, why_better
from euchre_learn.analysis.convention_book import Convention, book, broken
from euchre_learn.analysis.table_facts import Facts
from euchre_learn.engine import act
from euchre_learn.engine.actions import Action
from euchre_learn.engine.cards import Card
from euchre_learn.engine.core import PLAY_PHASE
from euchre_learn.engine.explain import action_words

if TYPE_CHECKING:
    from euchre_learn.engine.hand import Hand

__all__ = ["CLOSE", "FORCED", "explain", "hint_rule", "name", "reasons", "supports", "table_note"]

CLOSE = "Close: it depends on cards you can't see."
FORCED = "Forced: every legal card does the same here (the cards touch: nothing still out lies between them)."


_KIND = {
    **dict.fromkeys(
        (
            "maker-leads-trump",
            "maker-leads-high-trump",
            "three-trumps-lead-trump",
            "lead-trump-to-maker",
            "lead-bower-to-maker",
            "keep-leading-trump-to-maker",
            "defence-cashes-boss-trump",
        ),
        "trump lead",
    ),
    **dict.fromkeys(
        (
            "no-trump-to-stuck-dealer",
            "stop-leading-trump-when-they-are-out",
            "no-trump-on-defence",
            "no-trump-into-loner",
            "lead-next-through-loner",
            "lead-partners-void-suit",
        ),
        "side lead",
    ),
    **dict.fromkeys(("no-order-two-small", "eldest-needs-strength", "third-needs-strength", "no-thin-assist"), "pass"),
    **dict.fromkeys(
        (
            "order-up-strong",
            "assist-with-two-tricks",
            "dealer-takes-the-bower",
            "at-the-bridge",
            "call-next",
            "reverse-next",
        ),
        "bid",
    ),
}
"""What a rule of thumb (by its id in :func:`~euchre_learn.analysis.convention_book.book`) tells the
seat to do, where keeping it is not enough to follow it: a side-card lead keeps "lead a big trump,
not a small one", and that rule still does not say to lead it."""
_EPS = 1e-9


class _Option(Protocol):
    @property
    def action(self) -> Action: ...
    @property
    def table_points(self) -> float: ...
    @property
    def dd_points(self) -> float: ...
    @property
    def win(self) -> float | None: ...
    @property
    def p_euchred(self) -> float: ...
    @property
    def p_set(self) -> float: ...
    @property
    def tricks(self) -> float: ...
    @property
    def riskier(self) -> bool: ...


class _Judged(Protocol):
    """What the words need of a :class:`~euchre_learn.analysis.coach.Judgement`."""

    @property
    def position(self) -> Hand: ...
    @property
    def options(self) -> Sequence[_Option]: ...
    @property
    def best(self) -> Action: ...
    @property
    def decided_by(self) -> str: ...
    @property
    def forced(self) -> bool: ...
    @property
    def close(self) -> bool: ...
    @property
    def worlds(self) -> int: ...
    @property
    def score(self) -> tuple[int, int] | None: ...

    def option(self, action: Action | str) -> _Option: ...
    def grade_of(self, action: Action | str) -> str: ...
    def close_for(self, action: Action | str) -> bool: ...
    def same_as_best(self, action: Action | str) -> bool: ...


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def name(hand: Hand, a: Action) -> str:
    """An action as the coach says it: 'the K♣' for a card, 'to order it up alone' for a bid."""
    if a.id >= act.PLAY:
        return f"the {Card(a.id - act.PLAY)}"
    s = hand.core
    return f"to {action_words(s, s.to_act, a.id)}"


def explain(j: _Judged, chosen: Action, convention: str | None = None, *, both_break: bool = False) -> str:
    """Why ``chosen`` earned its grade in judgement ``j``: the reason in Euchre words, the numbers
    in one clause, whether it was close, and the convention it breaks (``convention``: its
    sentence) or, where the numbers say the convention is wrong in this deal, that said plainly
    (``both_break``: the better choice breaks it too, so it does not decide this one).

    Where the numbers favour another choice than the one the words recommend (a rule of thumb
    decided a near tie), the words never call it 'best' or 'better': they say the numbers can't
    separate the two, and why good players make the choice they make."""
    hand = j.position
    if j.forced:
        if len(j.options) == 1:
            return f"{_cap(name(hand, chosen))} was the only legal choice."
        return FORCED
    gated = _gate_words(j, chosen)
    if gated:
        return gated
    grade = j.grade_of(chosen)
    rec = chosen if grade == "best" else j.best  # the choice the words recommend
    parts: list[str] = []
    level = _level_with(j, rec, chosen)
    all_best = False  # every option graded best: the words say the numbers can't separate them
    plain = _needless_loner(j, rec)
    if plain is not None and chosen in (rec, plain):
        level = plain
        parts.append(_loner_words(j, rec, plain))
    elif level is not None:
        parts.append(_tie_words(j, rec, level, convention))
    elif (
        grade != "best"
        and not j.option(chosen).riskier
        and j.same_as_best(chosen)
        and broken(hand, chosen, j.score)
    ):
        level = rec  # a rule of thumb alone sets them apart: said as a tie, never 'better'
        parts.append(
            f"{_cap(name(hand, rec))} and {name(hand, chosen)} come to the same in every deal here: "
            "only the rule of thumb tells them apart."
        )
    elif grade == "best":
        other = next((o for o in j.options if j.grade_of(o.action) != "best"), None)
        all_best = other is None
        if other is None and all(j.same_as_best(o.action) for o in j.options):  # the same in every deal
            parts.append(f"{_cap(_names(hand, [o.action for o in j.options]))} all come to the same here.")
        elif other is None:  # every option graded best: within the noise of each other
            either = "either" if len(j.options) == 2 else "any of them"
            parts.append(f"The numbers can't separate {_names(hand, [o.action for o in j.options])}: {either} is sound here.")
        else:
            # the reason against the best-ranked option the position has a specific word for
            why = ""
            for o in j.options:
                if j.grade_of(o.action) != "best":
                    why = why_better(hand, chosen, o.action, j, generic=False)
                    if why:
                        break
            # tied on the game: name the loner the call ties with, where there is one
            tied = [o for o in j.options if j.grade_of(o.action) != "best" and _game_tie(j, chosen, o.action)]
            loner = next((o for o in tied if o.action.alone and not chosen.alone), None)
            other = loner or (tied[0] if tied else other)
            why = why or why_better(hand, chosen, other.action, j)
            tie = _game_tie(j, chosen, other.action)
            parts.append(f"{_cap(name(hand, chosen))} is best: {tie or why}.")
            if tie and why:
                parts.append(_cap(why) + ".")
            parts.append(_score_words(j, chosen, other.action, said=tie))
            parts.append(_numbers(j, chosen, other.action, "the next best"))
    else:
        best = j.best
        why = why_better(hand, best, chosen, j)
        tie = _game_tie(j, best, chosen)
        than = "a little better than" if grade == "good" else "better than"
        parts.append(f"{_cap(name(hand, best))} was {than} {name(hand, chosen)}: {tie or why}.")
        if tie and why:
            parts.append(_cap(why) + ".")
        parts.append(_score_words(j, best, chosen, said=tie))
        parts.append(_numbers(j, best, chosen, ""))
        parts.append(table_note(j, chosen))
    if level is None and j.close_for(chosen) and not all_best:
        parts.append(CLOSE)
    if level is None and j.decided_by == "convention" and chosen == j.best:
        rule = _supporting_rule(hand, j.best, j.options[1].action, j.score)
        if rule is not None:
            parts.append(f"Between choices this close, the rule of thumb decides: {rule.sentence}")
    parts.append(_convention_words(j, chosen, rec, grade, convention, both_break, parts[0] if level else ""))
    return " ".join(p for p in parts if p)


def _convention_words(
    j: _Judged, chosen: Action, rec: Action, grade: str, convention: str | None, both_break: bool, lead: str
) -> str:
    """The rule of thumb ``chosen`` breaks (its sentence ``convention``), said as it bears on
    ``rec``, the choice the words recommend: as the reason only when ``rec`` keeps it and is of
    the kind it asks for (a rule that says lead trump never stands beside a side-card lead).
    ``lead``: the words of a near tie the numbers can't separate ('' when there is none)."""
    if not convention:
        return ""
    hand = j.position
    level = bool(lead)
    if convention in lead:
        return ""  # the tie's words quote it already
    if level and grade in ("best", "good"):
        return f'The rule of thumb says: "{convention}" Here the numbers can\'t tell keeping it from breaking it.'
    if both_break and grade not in ("best", "good"):
        return (
            f'The rule of thumb says: "{convention}" Here the better choice breaks it too: it does not decide this one.'
        )
    if grade in ("best", "good"):
        verdict = "otherwise: it is best here" if grade == "best" else "breaking it costs little here"
        return f'The rule of thumb says: "{convention}" In this deal the numbers say {verdict}.'
    rule = next((c for c in book() if c.sentence == convention), None)
    if rule is None or supports(hand, rule, rec, j.score):
        return f"Rule of thumb: {convention}"
    return f'The rule of thumb says: "{convention}" It does not point the way here: {name(hand, rec)} does better.'


def supports(hand: Hand, rule: Convention, action: Action, score: tuple[int, int] | None = None) -> bool:
    """Whether ``rule`` points the way to ``action`` in ``hand``: ``action`` keeps it, and is of the
    kind it asks for: a rule that says lead trump supports only a trump lead, one that says lead a
    side card only a side-card lead, one that says pass only a pass, one that says bid only a bid.

    >>> import euchre_learn as el
    >>> from euchre_learn.analysis.convention_book import convention
    >>> hand = el.examples.hand('left-bower-trap', after=2)
    >>> big = convention('maker-leads-trump')
    >>> supports(hand, big, el.Action.parse('play J♥')), supports(hand, big, el.Action.parse('play A♣'))
    (True, False)
    """
    if rule.breaks(hand, action, score):
        return False
    kind = _KIND.get(rule.id)
    if kind in ("pass", "bid"):
        return (action.id == act.PASS) == (kind == "pass")
    if kind is not None:
        card, trick = action.card, hand.current_trick
        leading = hand.core.phase == PLAY_PHASE and (trick is None or not trick.cards)
        trump_lead = leading and card is not None and Facts(hand).is_trump(card.index)
        return trump_lead == (kind == "trump lead")
    return True


def _supporting_rule(hand: Hand, rec: Action, other: Action, score: tuple[int, int] | None) -> Convention | None:
    """The first rule of thumb ``other`` breaks that points the way to ``rec``, or ``None``."""
    for rule in broken(hand, other, score):
        if supports(hand, rule, rec, score):
            return rule
    return None


def _value(o: _Option) -> float:
    """The grading value: the chance to win the game where there is a score, else the points."""
    return o.win if o.win is not None else o.table_points


def _level_with(j: _Judged, rec: Action, chosen: Action) -> Action | None:
    """The choice the numbers favour over ``rec``, the choice the words recommend, where the grades
    still put ``rec`` first (a near tie a rule of thumb or the smaller risk decided): for a choice
    graded 'best', the option with the largest number above it; for another, ``chosen`` itself
    when its number is above the best's. ``None`` when the numbers side with ``rec``."""
    top = _value(j.option(rec))
    if chosen != rec:
        return chosen if _value(j.option(chosen)) > top + _EPS else None
    above = [o for o in j.options if o.action != rec and _value(o) > top + _EPS]
    return max(above, key=_value).action if above else None


def _tie_words(j: _Judged, rec: Action, other: Action, convention: str | None) -> str:
    """The numbers favour ``other`` by less than they can tell: say so, and why good players
    choose ``rec`` (the rule of thumb ``other`` breaks, or the position's reason), or, where a rule
    points the other way (``rec`` is one of several choices tied for best, the suggestion another),
    that either is sound and what good players choose."""
    hand = j.position
    rule = _supporting_rule(hand, rec, other, j.score)
    head = f"The numbers can't separate {name(hand, rec)} and {name(hand, other)}"
    verb = f"play {name(hand, rec)}" if rec.id >= act.PLAY else name(hand, rec).removeprefix("to ")
    numbers = _numbers(j, rec, other, "")
    why = why_better(hand, rec, other, j, generic=False)
    if rule is not None:
        if why:
            rule_words = f"{why}. Between choices this close, the rule of thumb decides: {rule.sentence}"
        else:
            rule_words = f"the rule of thumb decides between choices this close: {rule.sentence}"
        return f"{head}; good players {verb} because {rule_words} {numbers}"
    against = _supporting_rule(hand, other, rec, j.score)
    if against is not None:  # a choice tied with the suggestion: the rule points to the other one
        verb = f"play {name(hand, other)}" if other.id >= act.PLAY else name(hand, other).removeprefix("to ")
        return f"{head}: either is sound here, and good players {verb}: {against.sentence} {numbers}"
    if why:
        return f"{head}: either is sound here. For {name(hand, rec)}: {why}. {numbers}"
    return f"{head}: either is sound here. {numbers}"


def _needless_loner(j: _Judged, rec: Action) -> Action | None:
    """The same bid with partner, where ``rec`` makes trump alone and a march with partner (2
    points) already wins the game; else ``None``."""
    if j.score is None or not rec.alone or rec.id == act.DEFEND_ALONE:
        return None
    s = j.position.core
    if j.score[s.to_act & 1] + 2 < s.rules.points_to_win:
        return None
    return next(
        (o.action for o in j.options if not o.action.alone and o.action.kind == rec.kind and o.action.suit == rec.suit),
        None,
    )


def _loner_words(j: _Judged, alone: Action, plain: Action) -> str:
    """A loner when a march with partner already wins the game: the score said, the numbers beside
    it, never 'best'."""
    hand = j.position
    team = hand.core.to_act & 1
    assert j.score is not None
    at = f"{j.score[team]}\u2013{j.score[1 - team]}"
    return (
        f"At {at} a march with your partner (2 points) wins the game: going alone adds nothing that counts, "
        f"and partner's cards can only help. {_numbers(j, alone, plain, '')}"
    )


def hint_rule(j: _Judged) -> str:
    """The Hint's rule of thumb after the judgement's reason, honest about the suggestion
    ``j.best``: a rule the suggestion breaks, said plainly (another choice keeps it and does nearly
    as well, or the numbers say otherwise here); else a rule the next choices break that points the
    way to the suggestion (:func:`supports`: never "lead a big trump" beside a side-card lead);
    '' where the reason already names the rule, or none applies.

    >>> import euchre_learn as el
    >>> from euchre_learn.analysis.coach import judge
    >>> j = judge(el.examples.hand('left-bower-trap', after=2), seed=1, worlds=8)
    >>> rule = hint_rule(j)
    >>> rule.startswith("Good players' rule of thumb") or rule == ''
    True
    """
    hand = j.position
    if j.forced or j.decided_by == "convention":
        return ""
    against = broken(hand, j.best, j.score)
    if against:
        first = against[0]
        keeps = next((o.action for o in j.options if supports(hand, first, o.action, j.score)), None)
        said = f"Good players' rule of thumb says \u201c{first.sentence.rstrip('. ')}\u201d"
        if keeps is not None and (j.close or j.grade_of(keeps) in ("best", "good")):
            edge = "" if j.close else f"; the numbers favour {name(hand, j.best)} by a little"
            return f"{said}: here {name(hand, keeps)} does nearly as well{edge}."
        return f"{said}, but in this deal the numbers say otherwise."
    for o in j.options[1:3]:
        rule = _supporting_rule(hand, j.best, o.action, j.score)
        if rule is not None:
            return f"Good players' rule of thumb: {rule.sentence}"
    return ""


def _names(hand: Hand, actions: Sequence[Action]) -> str:
    """'the K♠, the 9♠ and the Q♦'."""
    return and_words(name(hand, a) for a in actions)


def _score_words(j: _Judged, better: Action, worse: Action, said: str = "") -> str:
    """Where the score decides between ``better`` and ``worse``, the sentence that names it ('' where
    it does not, or ``said`` already names it): a march that wins the game makes going alone add
    nothing; a euchre that gives the other side the game; the chance to win the game ranking the two
    the other way from the points."""
    if j.score is None or "going alone adds nothing" in said:
        return ""
    s = j.position.core
    team = s.to_act & 1
    us, them = j.score[team], j.score[1 - team]
    target = s.rules.points_to_win
    at = f"At {us}\u2013{them}"
    x, y = j.option(better), j.option(worse)
    if worse.alone and not better.alone and us + 2 >= target:
        return f"{at} a march with your partner (2 points) wins the game: going alone adds nothing."
    if x.win is None or y.win is None or x.win - y.win < _EPS:
        return ""
    if x.table_points >= y.table_points - _EPS:
        return ""
    if them + 2 >= target and y.p_euchred > x.p_euchred + _EPS:
        return (
            f"{at} a euchre gives the other side the game: {name(j.position, better)} wins the game more "
            f"often, though {name(j.position, worse)} scores more points on average."
        )
    return (
        f"{at} the game, not the points, decides: {name(j.position, better)} wins the game more often, "
        f"though {name(j.position, worse)} scores more points on average."
    )


def table_note(j: _Judged, chosen: Action) -> str:
    """Where double dummy would rate ``chosen`` as good as the best and the table does not, the
    sentence that says so ('' otherwise, and for a choice graded 'best')."""
    if j.forced or j.grade_of(chosen) == "best" or j.decided_by != "table":
        return ""
    b, c = j.option(j.best), j.option(chosen)
    if c.dd_points < b.dd_points - 1e-9:
        return ""
    return (
        f"With every card in view {name(j.position, chosen)} would look as good, but at the table, where "
        "nobody sees the hidden cards, it does worse."
    )


def _gate_words(j: _Judged, chosen: Action) -> str:
    """Where the march gate decided (``decided_by == 'gate'``: a loner the numbers favour, which
    strong players refuse), the words for the suggestion and for the refused loner: the refusal in
    a player's words, then the numbers said for what they are, never 'best' beside them. ``''``
    for any other choice or judgement."""
    if j.decided_by != "gate":
        return ""
    from euchre_learn.analysis.coach.loners import refusal

    hand = j.position
    refused = next((o.action for o in j.options if refusal(hand, o.action, j.score)), None)
    if refused is None or chosen not in (j.best, refused):
        return ""
    why = refusal(hand, refused, j.score)
    numbers = _numbers(j, refused, j.best, "")[1:-2]  # without the brackets and the full stop
    head = (
        f"Strong players {_verb(hand, j.best)} here rather than go alone"
        if chosen == j.best
        else f"{_cap(name(hand, j.best))} was the sound choice, not {name(hand, chosen)}"
    )
    return (
        f"{head}: {why}. In these deals going alone came out ahead ({numbers}), but only against "
        "defenders who play as the coach's bots do: not a bet strong players make."
    )


def _verb(hand: Hand, a: Action) -> str:
    """A bid as a verb phrase for 'Strong players … here': 'assist', 'order it up', 'call ♥ hearts'."""
    text = name(hand, a)
    return text[3:] if text.startswith("to ") else text


def _numbers(j: _Judged, a: Action, b: Action, label: str) -> str:
    """The numbers, second and short: ``a`` against ``b`` at the table."""
    x, y = j.option(a), j.option(b)
    who = f" for {label}, {name(j.position, b)}" if label else ""
    if x.win is not None and y.win is not None:
        text = f"({x.win:.0%} to win the game against {y.win:.0%}{who}"
    else:
        text = f"({x.table_points:+.2f} points against {y.table_points:+.2f}{who}"
    if y.p_euchred - x.p_euchred >= 0.05:
        text += f"; euchred {y.p_euchred:.0%} of the time {_after(j.position, b)}, against {x.p_euchred:.0%}"
    return text + f", over {j.worlds} deals of the cards you can't see.)"


def _after(hand: Hand, a: Action) -> str:
    """'after the A♣' for a card, 'if you call ♦ diamonds' for a bid."""
    if a.id >= act.PLAY:
        return f"after the {Card(a.id - act.PLAY)}"
    s = hand.core
    return f"if you {action_words(s, s.to_act, a.id)}"


def _game_tie(j: _Judged, better: Action, worse: Action) -> str:
    """Both choices give the same chance to win the game: say so, and why ``better`` is the
    sounder where the numbers show it (``worse`` goes alone for nothing, or surely risks more
    euchres); else nothing more (a rule of thumb, said after, decided it). '' where the chances
    differ."""
    x, y = j.option(better), j.option(worse)
    if x.win is None or y.win is None or abs(x.win - y.win) >= 0.002 or j.score is None:
        return ""
    s = j.position.core
    team = s.to_act & 1
    target = s.rules.points_to_win
    one_point = j.score[team] + 1 >= target
    both = (
        "both win the game"
        if one_point and x.win >= 0.95
        else f"both give the same chance to win the game ({x.win:.0%})"
    )
    if y.action.alone and not x.action.alone:
        extra = "going alone adds nothing"
        at = f"at {j.score[team]}\u2013{j.score[1 - team]}"
        if one_point:
            extra += f" ({at} one point wins it, and partner's cards can only help)"
        elif j.score[team] + 2 >= target:
            extra += f" ({at} a march with your partner wins the game, and partner's cards can only help)"
        return f"{both}; {extra}"
    if y.riskier and not x.riskier and y.p_euchred > x.p_euchred:
        return f"{both}, and {name(j.position, better)} risks fewer euchres"
    return both
