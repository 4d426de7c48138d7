"""The check as a library call, under the import path the README documents.

The pipeline lives in :mod:`gate.run.check`; this module re-exports its public entry point.
"""

from gate.run.check import check_run

__all__ = ["check_run"]
