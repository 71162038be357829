answer = "Q♠"
check("q5", answer)
