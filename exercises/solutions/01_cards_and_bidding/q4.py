answer = "J♣"  # the jack of the other black suit

check("q4", answer)
