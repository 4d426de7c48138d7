"""Choosing the baseline: the version named with ``--baseline``, or the previous one; the history.

The previous version is the highest stored version below the run's (PEP 440 order, see
:mod:`gate.baseline.versions`). Without a baseline the gate runs on thresholds alone and
says why in one notice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from packaging.version import Version

from gate.baseline.storage import JUDGED_MEASURES, STORED_MEASURES, Baseline, read_baseline
from gate.baseline.versions import VERSION_HINT, parse_version, previous_version
from gate.core.errors import InputError, Problem
from gate.model.inputs import Run
from gate.model.scores import ALL
from gate.rules.comparison import HistoryPoint


def no_baseline_notice(reason: str) -> str:
    """The one line the report shows when there is no baseline."""
    return f"no baseline compared ({reason}); the gate ran on thresholds alone"


def history_of(baselines: Iterable[Baseline], below: Version | None) -> tuple[HistoryPoint, ...]:
    """The stored ``all`` scores of the baselines below a version (all of them when None), oldest first."""
    points = [b for b in baselines if below is None or b.version < below]
    points.sort(key=lambda b: b.version)
    # A measure the baseline does not store (added after it was saved) is left out: "not stored".
    return tuple(HistoryPoint(b.assistant_version, b.set_version,
                              tuple((m.name, b.score(ALL, m.name)) for m in STORED_MEASURES + JUDGED_MEASURES if b.stores(m.name)))
                 for b in points)


def named_baseline(choice: str, directory: str, stored: Sequence[Baseline]) -> Baseline:
    """The baseline ``--baseline`` names: a baseline JSON file, or a stored version.

    Raises:
        InputError: the file is not found; the text is neither a file nor a version; no
            baseline of that version is stored (naming the versions that are).
    """
    path = Path(choice)
    if choice.endswith(".json") or path.is_file():
        if not path.is_file():
            raise InputError([Problem(choice, None, "--baseline", "baseline file not found")])
        return read_baseline(path)
    wanted = parse_version(choice)
    if wanted is None:
        raise InputError([Problem(choice, None, "--baseline", f"expected {VERSION_HINT}, or a baseline file assistant-<version>.json")])
    for b in stored:
        if b.version == wanted:
            return read_baseline(b.path)
    have = ", ".join(b.assistant_version for b in stored) or "none"
    folder = f"{directory.rstrip('/')}/"
    raise InputError([Problem(folder, None, "--baseline", f"expected a stored baseline for assistant {choice}, found {have}")])


def previous_baseline(run: Run, directory: str, stored: Sequence[Baseline]) -> Baseline | str:
    """The baseline of the highest stored version below the run's, read and verified, or why there is none.

    Raises:
        InputError: the previous baseline is corrupt, truncated or altered.
    """
    folder = f"{directory.rstrip('/')}/"
    run_version = parse_version(run.assistant_version)
    if run_version is None:
        found = "no assistant version" if run.assistant_version is None else f"assistant version {run.assistant_version!r}, which is not PEP 440"
        return f"the run names {found}, so no previous version can be found"
    if not Path(directory).is_dir():
        return f"no folder {folder}"
    previous = previous_version((b.version for b in stored), run_version)
    if previous is None:
        return f"no stored baseline below assistant {run.assistant_version} in {folder}"
    return read_baseline(next(b.path for b in stored if b.version == previous))


def choose_baseline(run: Run, directory: str, choice: str | None, stored: Sequence[Baseline]) -> Baseline | str:
    """The baseline to compare the run with (see :func:`named_baseline`, :func:`previous_baseline`),
    or the reason there is none, for :func:`no_baseline_notice`."""
    if choice is not None:
        return named_baseline(choice, directory, stored)
    return previous_baseline(run, directory, stored)
