answer = 'Benny J♥ J♦'  # the Benny, then the right and the left bower
check("q11", answer)
