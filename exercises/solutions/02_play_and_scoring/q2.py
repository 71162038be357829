answer = "A♦"
check("q2", answer)
