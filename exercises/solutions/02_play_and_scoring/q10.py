answer = "S"
check("q10", answer)
