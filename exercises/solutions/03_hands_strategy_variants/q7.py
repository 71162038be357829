answer = 34  # alone: p × 4 + (1 − p) × 1 > 2 when p > 1/3
check("q7", answer)
