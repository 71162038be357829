answer = "A♠ K♠ Q♠ 10♠ 9♠"  # the J♠ is the left bower, a club

check("q6", answer)
