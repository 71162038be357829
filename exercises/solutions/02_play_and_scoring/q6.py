answer = "J♦"
check("q6", answer)
