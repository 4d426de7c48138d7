"""The rules: thresholds.yaml, the verdict, the display of numbers that never contradicts it,
the comparison with a baseline as data, and loosened rules."""
