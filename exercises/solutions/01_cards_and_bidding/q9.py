def effective_suit_of(card, trump):
    """The left bower plays as trump; every other card as the suit printed on it."""
    if card.rank == Rank.JACK and card.suit == trump.next:
        return trump
    return card.suit


check("q9", effective_suit_of)
