answer = 2
check("q11", answer)
