answer = "assist"

check("q10", answer)
