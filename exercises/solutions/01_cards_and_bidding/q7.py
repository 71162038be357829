answer = "J♦ K♥ 10♥"

check("q7", answer)
