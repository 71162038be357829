answer = "J♠ 10♠ K♥ 9♦ Q♣"  # anything but the A♠, the upcard

check("q12", answer)
