answer = "S"  # the deal passes left, from East to South

check("q15", answer)
