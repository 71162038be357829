"""Write the positions of the lessons' strategy quizzes (euchre_learn/teaching/data/strategy_positions.json).

    python tools/strategy_positions.py            # every box
    python tools/strategy_positions.py tricks     # one box, the others kept

Each position is judged by the coach, so re-run this when the coach or the standard bot changes
(tests/teaching/quiz/test_strategy.py judges a sample again and fails when the file is stale).
"""

import sys

from euchre_learn.teaching.quiz.strategy import BOXES, write

if __name__ == "__main__":
    write(boxes=tuple(sys.argv[1:]) or tuple(BOXES))
