"""``python -m gate``: the same as the ``answer-gate`` command."""

import sys

from gate.cli.main import main

if __name__ == "__main__":  # not when a worker process of ``check --dask local`` re-imports the main module
    sys.exit(main())
