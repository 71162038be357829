answer = "N"  # the seat on West's left

check("q2", answer)
