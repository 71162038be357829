def points(maker_tricks, alone):
    """(makers' points, defenders' points) for one hand."""
    if maker_tricks == 5:
        return (4 if alone else 2, 0)  # a march
    if maker_tricks >= 3:
        return (1, 0)  # made it
    return (0, 2)  # euchred


check("q16", points)
