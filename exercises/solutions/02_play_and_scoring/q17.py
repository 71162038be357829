answer = "EW"
check("q17", answer)
