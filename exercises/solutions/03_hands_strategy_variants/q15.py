answer = 'E'  # the dealer names the Benny's suit first (R3.5)
check("q15", answer)
