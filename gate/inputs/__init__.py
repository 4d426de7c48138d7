"""Reading the inputs: the question set, the run log, the join, the question index, the rubric
and judgements, and the strict YAML reader."""
