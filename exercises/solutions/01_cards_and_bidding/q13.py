answer = "diamonds"  # the turned-down J♦'s suit

check("q13", answer)
