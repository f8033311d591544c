"""The training models: exercises, the answers given to them, the review queue, exams."""

from .answers import Attempt, Review
from .exam import Exam, ExamQuestion, ExamTemplate
from .exercise import Exercise

__all__ = ["Attempt", "Exam", "ExamQuestion", "ExamTemplate", "Exercise", "Review"]
