"""The learner's own data: progress on quizzes and the house rules, kept in the user's data folder.

Built on the engine only; the teaching, table and classroom floors read and write through it.
"""
