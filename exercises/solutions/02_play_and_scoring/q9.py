answer = "N"
check("q9", answer)
