"""The run pass: lines scored in batches on every core, tallies that add, findings kept or
spilled to disk, compact rows, and batch scoring for baselines."""
