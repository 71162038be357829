answer = 24  # 9, 10, J, Q, K, A in four suits

check("q1", answer)
