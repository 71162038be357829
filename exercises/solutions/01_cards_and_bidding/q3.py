answer = "E"  # the 10th card, the J♠, goes to East (the J♥ before it is red)

check("q3", answer)
