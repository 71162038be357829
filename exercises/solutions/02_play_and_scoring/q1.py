answer = "J♦"
check("q1", answer)
