answer = 'W'  # West, eldest, leads: with partner, who made trump does not matter (R6.1)
check("q1", answer)
