answer = "NS"
check("q17", answer)
