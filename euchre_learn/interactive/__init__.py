"""The interactive floor: the table (:mod:`.table`, ``el.table``: its model, words, coach and
saver with no widgets, then its widget and felt), the stepper through recorded hands
(:mod:`.stepper_model`, :mod:`.stepper`), the review panel at the table (:mod:`.review_panel`)
and the lessons' views (:mod:`.views`).

Built on every floor below: bots and reviews for the other seats and the panel, the display floor
for the pictures, the teaching floor's widget look, the learner's store for saved games.
"""
