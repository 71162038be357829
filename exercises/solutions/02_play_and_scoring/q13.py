answer = 4
check("q13", answer)
