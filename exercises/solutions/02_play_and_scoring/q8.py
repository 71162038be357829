answer = "N"
check("q8", answer)
