answer = 'J♥'  # solve(hand): the J♥ lead takes 5 tricks, every other lead only 3
check("q2", answer)
