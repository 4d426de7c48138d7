"""A run scored on Dask or any other engine, under the import path the README documents.

The code lives in :mod:`gate.run.distributed`; this module re-exports the plain functions
of picklable values that another engine (Spark, Ray) needs to score a log in parts.
"""

from gate.run.distributed import Scored, blocks_of, carried_context, count_lines, first_lines, log_parts, numbered_lines

__all__ = ["Scored", "blocks_of", "carried_context", "count_lines", "first_lines", "log_parts", "numbered_lines"]
