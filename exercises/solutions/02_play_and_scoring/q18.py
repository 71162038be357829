answer = "NS"
check("q18", answer)
