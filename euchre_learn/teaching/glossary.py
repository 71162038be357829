"""The glossary's terms and their links: ``docs/glossary.md`` has an anchor per term
(``<a id="maker">``), so a term's link is ``glossary.md#maker``, as :func:`~euchre_learn.teaching.quiz.rule_link`
links a rule id. Quiz feedback links the terms it uses (:func:`terms_in`), found in the text
itself, so the same question always gives the same links.

>>> term_link('left bower', base='docs/glossary.md')
'docs/glossary.md#left-bower'
>>> terms_in('The J♦ is the left bower: it follows trump, so West must follow suit.')
('left bower', 'trump', 'follow suit')
>>> terms_in('The next seat clockwise deals next.'), terms_in('Diamonds are next to hearts.')
((), ('next',))
>>> terms_in('With clubs trump you hold 3 trumps; clubs is green (the other colour from the turned-down hearts).')
('trump', 'green', 'turned down')
"""

from __future__ import annotations

import os
import re

__all__ = ["GLOSSARY_URL", "TERMS", "term_link", "terms_in"]

GLOSSARY_URL = os.environ.get("EUCHRE_LEARN_GLOSSARY_URL", "../docs/glossary.md")
"""Where the glossary is, as seen from the notebooks (``EUCHRE_LEARN_GLOSSARY_URL`` to move it)."""

TERMS: dict[str, tuple[str, ...]] = {
    # term (its anchor is the term with hyphens): the words that name it in a sentence
    "assist": ("assist", "assists", "assisting", "assisted"),
    "barn": ("in the barn",),
    "benny": ("benny",),
    "bidding": ("bidding", "bid"),
    "bower": ("bower", "bowers"),
    "call": ("call", "calls", "called", "name a suit", "names a suit"),
    "canadian loner": ("canadian loner",),
    "dealer": ("dealer", "dealer's"),
    "defend alone": ("defend alone", "defends alone", "defending alone", "lone defender"),
    "defenders": ("defenders", "defender"),
    "eldest": ("eldest",),
    "euchre": ("euchre", "euchred", "euchres"),
    "follow suit": ("follow suit", "follows suit", "following suit", "must follow", "follow the effective suit"),
    "going alone": ("going alone", "goes alone", "go alone", "alone"),
    "green": ("green", "reverse next"),
    "hand": ("hand",),
    "house rules": ("house rule", "house rules"),
    "kitty": ("kitty",),
    "lead": ("lead", "leads", "led", "leader"),
    "left bower": ("left bower",),
    "loner": ("loner", "loner's"),
    "maker": ("maker", "makers", "make", "made"),
    "march": ("march", "marches"),
    "next": ("next suit", "call next", "calls next", "is next", "are next", "suit of the same colour"),
    "off suit": ("off suit", "off suits", "off-suit"),
    "order up": ("order up", "order it up", "orders it up", "ordered up", "orders up", "ordering it up"),
    "partner": ("partner", "partners", "partner's"),
    "railroad": ("railroad",),
    "renege": ("renege", "reneging", "reneged"),
    "right bower": ("right bower",),
    "sit out": ("sits out", "sit out", "sitting out"),
    "stick the dealer": ("stick the dealer",),
    "super euchre": ("super euchre",),
    "take it up": ("take it up", "takes it up", "took it up", "taken up"),
    "throw off": ("throw off", "throws off", "thrown off", "slough"),
    "throw-in": ("thrown in", "throw-in", "throw in"),
    "trick": ("trick", "tricks"),
    "trump": ("trump", "trumps", "trumping", "trumped"),
    "turned down": ("turned down", "turned-down"),
    "upcard": ("upcard",),
    "void": ("void",),
}
"""Every glossary term, with the words that name it; the tests check each has its anchor."""


def anchor(term: str) -> str:
    """The term's anchor in docs/glossary.md.

    >>> anchor("stick the dealer"), anchor("throw-in")
    ('stick-the-dealer', 'throw-in')
    """
    if term not in TERMS:
        raise ValueError(f"{term[:40]!r} is not in the glossary: choose one of {', '.join(sorted(TERMS))}")
    return term.replace(" ", "-")


def term_link(term: str, base: str | None = None) -> str:
    """The link to a term in the glossary."""
    return f"{GLOSSARY_URL if base is None else base}#{anchor(term)}"


def _pattern() -> re.Pattern[str]:
    words = sorted(((w, t) for t, ws in TERMS.items() for w in ws), key=lambda x: -len(x[0]))
    return re.compile(r"\b(" + "|".join(re.escape(w) for w, _ in words) + r")\b", re.IGNORECASE)


_PATTERN = _pattern()
_TERM_OF = {w.casefold(): t for t, ws in TERMS.items() for w in ws}
_TOO_COMMON = frozenset({"hand", "lead", "trick", "maker", "bidding", "call", "dealer", "partner", "going alone"})
"""Words so common in feedback that linking them every time would bury the rarer ones: linked
only when asked for (``common=True``)."""


def terms_in(text: str, *, common: bool = False) -> tuple[str, ...]:
    """The glossary terms ``text`` uses, in the order they first appear, each once (the longest
    name wins: "left bower" before "bower"). The commonest words (hand, trick, lead, …) only
    with ``common=True``."""
    found: list[str] = []
    for m in _PATTERN.finditer(text):
        term = _TERM_OF[m.group(1).casefold()]
        if term not in found and (common or term not in _TOO_COMMON):
            found.append(term)
    return tuple(found)
