answer = 1
check("q15", answer)
