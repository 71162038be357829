answer = 800  # a quarter of the error needs 4² = 16 times the worlds: 50 × 16
check("q8", answer)
