answer = 3  # a march alone, 4, against 1 for four tricks
check("q13", answer)
