answer = 4
check("q14", answer)
