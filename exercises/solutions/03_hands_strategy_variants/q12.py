answer = 3  # West must go alone, so East sits out: three players (R5.3)
check("q12", answer)
