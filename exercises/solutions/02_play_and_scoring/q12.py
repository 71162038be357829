answer = "E"
check("q12", answer)
