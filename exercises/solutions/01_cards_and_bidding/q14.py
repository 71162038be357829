answer = 3  # clubs, hearts or spades: not diamonds, and no passing

check("q14", answer)
