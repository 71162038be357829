advice = advise(advisor_hand(), worlds=100, seed=1)
answer = advice.best.action  # passing: ordering up gives the J♣ to East
check("q6", answer)
