def makers_tricks(hand):
    """How many tricks the makers took in a finished hand."""
    makers = hand.maker.team
    return sum(1 for trick in hand.tricks if trick.winner.team == makers)  # partner's tricks count too


check("q3", makers_tricks)
