"""The size limits the gate writes within, each defined once.

GitHub's limits are its own and may change; every module that cuts or checks a body imports
them from here, so that the renderer and the client never disagree.
"""

from __future__ import annotations

#: GitHub refuses issue and pull-request comments longer than this many characters.
COMMENT_LIMIT = 65_536
#: GitHub keeps at most this many bytes of a step's job summary (``GITHUB_STEP_SUMMARY``).
SUMMARY_LIMIT_BYTES = 1_048_576
