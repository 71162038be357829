def leader(dealer, maker, alone, loner_lead):
    """The seat that leads the first trick."""
    if alone and loner_lead == "left_of_loner":
        return maker.left  # the loner's left is always an opponent (R6.1)
    first = dealer.left  # eldest leads...
    if alone and first == maker.partner:
        first = first.left  # ...unless eldest sits out as the loner's partner (R5.1)
    return first


check("q14", leader)
