answer = "J♦ J♥ A♦ K♦ Q♦ 10♦ 9♦"

check("q5", answer)
