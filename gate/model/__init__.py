"""The types every layer shares: the input records, the measures, outcomes and findings,
settings, SDMX periods, the words of the code checks, scores and agreement."""
