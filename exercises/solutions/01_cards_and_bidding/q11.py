answer = True  # no trump is needed to order it up

check("q11", answer)
