answer = 6  # call ♦, ♥ or ♠ (not the turned-down ♣), each alone or not; no pass (R4.3)
check("q10", answer)
