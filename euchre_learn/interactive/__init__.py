"""The interactive table (a model and its widget) and the stepper through recorded hands.

Built on every floor below: bots for the other seats, rendering and quizzes for the views.
"""
