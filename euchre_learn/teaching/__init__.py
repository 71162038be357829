"""Teaching: rendering, quizzes and their banks, the lessons' helpers and the quiz widgets.

Built on the engine, the analysis floor (bots and charts in lessons) and the learner's data.
"""
