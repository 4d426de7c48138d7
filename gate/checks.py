"""The code checks' answers to the rubric's questions, under the import path the README documents.

The checks live in :mod:`gate.scoring.checks`; the comparison of the code with readers in
:mod:`gate.judged.code_agreement`, which this module re-exports.
"""

from gate.judged.code_agreement import RUBRIC_QUESTIONS, code_labels, rubric_outcomes

__all__ = ["RUBRIC_QUESTIONS", "code_labels", "rubric_outcomes"]
