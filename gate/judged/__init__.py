"""What readers and graders judge: the sample and review sheet, the review page, the grader,
the rubric scored from judgements, and the agreement of the code checks with readers."""
