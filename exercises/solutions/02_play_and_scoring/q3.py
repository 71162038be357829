answer = "spades"
check("q3", answer)
