answer = '10♦'  # South holds a diamond, so South must follow diamonds (R6.2)
check("q4", answer)
