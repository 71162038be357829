answer = 3  # one point for each of South's own actions: order it up, lead the J♣, lead the K♣
check("q5", answer)
