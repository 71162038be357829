def is_left_bower(card, trump):
    """The left bower is the jack of next, the other suit of trump's colour."""
    return card.rank == Rank.JACK and card.suit == trump.next


check("q8", is_left_bower)
