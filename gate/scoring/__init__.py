"""Scoring one answer against its question, pure: the automatic measures (:mod:`.answer`) and
the code checks (:mod:`.checks`)."""
