def winner(trick, trump):
    """The position of the winning card in trick."""
    trumps = trump_order(trump)  # highest first
    suit_led = effective_suit(trick[0], trump)

    def strength(i):
        card = trick[i]
        if card in trumps:
            return 100 - trumps.index(card)  # any trump beats every other card
        if effective_suit(card, trump) == suit_led:
            return card.rank  # the suit led: 9 lowest, ace highest
        return -1  # a discard never wins

    return max(range(len(trick)), key=strength)


check("q7", winner)
