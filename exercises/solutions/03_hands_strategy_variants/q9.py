def expected_points(p_march, p_made, p_euchred, alone):
    """The makers' average points per hand (standard rules)."""
    march = 4 if alone else 2  # a march scores 4 alone, 2 with partner (R7.1)
    return p_march * march + p_made * 1 - p_euchred * 2  # 3-4 tricks: 1; euchred: 2 to the other side


check("q9", expected_points)
