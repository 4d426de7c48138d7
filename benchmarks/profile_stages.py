"""Where the whole command's time goes, by stage, in microseconds an answer: the same
measure for the pure-Python core and the compiled one.

cProfile sees no function of a compiled module, so this script samples instead: it runs
``answer-gate check`` under py-spy (``pip install py-spy``; ``--native`` names the compiled
functions, ``--subprocesses`` follows the workers), reads py-spy's raw stacks and puts each
sample in one stage by the outermost function of the stack that names one:

* aggregate: ``feed`` (the main process adding an answer's counts to its slices);
* parse: ``parse_line`` (msgspec and the compiled schema);
* the answer's record: ``read_answer``;
* join: ``join_reading`` (the question read back from the set by its index);
* inside ``score_answer``: read figures (``extract_figures`` on the answer), match
  (``_unsupported_numbers``, ``_numeric_accuracy``, ``_citation_validity``), code checks
  (``code_checks``), and the rest of ``score_answer`` (findings and outcome);
* read: the rest of ``score_lines`` and ``scored_batches`` (the batches of lines);
* the rest (imports, the set's index, the rules, the report; idle workers' waits excluded).

The microseconds an answer are each stage's share of the samples times the command's CPU
time (user + system of the process tree, from ``wait4``) over the answers. Run::

    python benchmarks/profile_stages.py RUN --questions SET --answers 100000 [--python PY] [-- CHECK ARGUMENTS]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: (function name, stage) for the frames outside score_answer, outermost first wins.
OUTER = {"feed": "aggregate", "parse_line": "parse", "read_answer": "the answer's record",
         "join_reading": "join", "score_answer": None}
#: the stages inside score_answer, by the first of these functions on the stack below it.
INNER = {"extract_figures": "read figures", "_unsupported_numbers": "match", "_numeric_accuracy": "match",
         "_citation_validity": "match", "code_checks": "code checks"}
READ = {"score_lines", "scored_batches"}
IDLE = {"poll", "select", "recv", "_recv", "_recv_bytes", "wait", "read", "__libc_recv", "epoll_wait"}
KNOWN = set(OUTER) | set(INNER) | READ
STAGES = ["read", "parse", "the answer's record", "join", "read figures", "match", "code checks",
          "findings and outcome", "aggregate", "the rest (imports, set index, rules, report)"]


def function_name(frame: str) -> str:
    """The function of one py-spy frame, ``name (file:line)`` for Python code or a native
    symbol such as ``CPyDef_answer___score_answer`` for a compiled function."""
    name = frame.split(" (", 1)[0].strip()
    if name.startswith("CPy"):  # mypyc: CPyDef_<module>___<function>, CPyPy_... for the wrapper
        known = [k for k in KNOWN if name.endswith("___" + k)]
        return max(known, key=len) if known else name.rsplit("___", 1)[-1]
    return name


def stage_of(frames: list[str]) -> str | None:
    """The stage of one sampled stack (outermost frame first), or None for an idle wait."""
    names = [function_name(f) for f in frames]
    for i, name in enumerate(names):
        if name in OUTER:
            if OUTER[name] is not None:
                return OUTER[name]
            for inner in names[i + 1:]:
                if inner in INNER:
                    return INNER[inner]
            return "findings and outcome"
    if any(n in READ for n in names):
        return "read"
    if names and names[-1] in IDLE:
        return None
    return STAGES[-1]


def stages(raw: Path) -> Counter[str]:
    """Samples per stage from py-spy's raw output (``stack;frames count`` a line)."""
    counts: Counter[str] = Counter()
    for line in raw.read_text("utf-8", "replace").splitlines():
        stack, _, n = line.rpartition(" ")
        if not stack or not n.isdigit():
            continue
        frames = [f for f in stack.split(";") if f and not f.startswith("process ")]
        stage = stage_of(frames)
        if stage is not None:
            counts[stage] += int(n)
    return counts


def cpu_of(command: list[str], cwd: Path) -> tuple[float, int]:
    """The CPU time (user + system) of the command's process tree, in seconds, and its exit code."""
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def py_spy(python: str) -> str:
    """py-spy's executable: beside the profiled interpreter or this one, else on PATH.

    Raises:
        SystemExit: none is found (saying how to install it).
    """
    for folder in (Path(python).parent, Path(sys.executable).parent):
        if (folder / "py-spy").exists():
            return str(folder / "py-spy")
    found = shutil.which("py-spy")
    if found is None:
        raise SystemExit("py-spy not found (beside the interpreter or on PATH): `python -m pip install py-spy`")
    return found


def core_of(python: str, cwd: Path) -> str:
    """What ``python -m gate --version`` says there, e.g. ``answer-gate 0.1.0 (compiled core)``."""
    done = subprocess.run([python, "-m", "gate", "--version"], cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"--python {python}: `-m gate --version` failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
    return done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    own, extra = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     usage="%(prog)s RUN --questions SET --answers N [--python PY] [--rate HZ] [-- CHECK ARGUMENTS]")
    parser.add_argument("run")
    parser.add_argument("--questions", required=True)
    parser.add_argument("--answers", type=int, required=True, help="the run's answers (for µs an answer)")
    parser.add_argument("--python", default=sys.executable, help="the interpreter whose gate is profiled (a venv's bin/python)")
    parser.add_argument("--rate", type=int, default=250, help="samples a second (30 for the compiled core: py-spy unwinds native stacks slowly)")
    args = parser.parse_args(own)
    if args.answers < 1 or args.rate < 1:
        parser.error("--answers and --rate: expected a positive number")
    if not Path(args.python).exists():
        parser.error(f"--python: expected an interpreter, found no file at {args.python}")
    args.python = str(Path(args.python).absolute())  # the commands run in a folder of their own; a venv's link not resolved
    spy = py_spy(args.python)
    cwd = Path(tempfile.mkdtemp(prefix="profile-cwd-"))
    try:
        _profile(args, spy, extra, cwd)
    finally:  # the check's report and py-spy's stacks: nothing left behind
        shutil.rmtree(cwd, ignore_errors=True)
    return 0


def _profile(args: argparse.Namespace, spy: str, extra: list[str], cwd: Path) -> None:
    """Time the check, profile it, print the stages (:func:`main`'s work, in ``cwd``)."""
    shutil.copy(ROOT / "thresholds.yaml", cwd)
    core = core_of(args.python, cwd)
    check = [args.python, "-m", "gate", "check", os.path.abspath(args.run), "--questions", os.path.abspath(args.questions),
             "--thresholds", "thresholds.yaml", "--json", str(cwd / "report.json"), *extra]
    cpu, status = cpu_of(check, cwd)
    if status not in (0, 1):  # 2: bad input, 3: internal error: no profile of a command that did not run
        raise SystemExit(f"the check exited {status}; nothing profiled (its error is above)")
    raw = cwd / "stacks.txt"
    done = subprocess.run([spy, "record", "--native", "--subprocesses", "-r", str(args.rate), "-f", "raw",
                           "-o", str(raw), "--", *check], cwd=cwd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if not raw.exists():
        crashed = f"; py-spy itself crashed (signal {-done.returncode}): try again, or with a lower --rate" if done.returncode < 0 else ""
        raise SystemExit(f"py-spy wrote no samples (exit {done.returncode}){crashed}: {done.stderr.decode(errors='replace')[-2000:]}")
    counts = stages(raw)
    total = sum(counts.values()) or 1
    print(f"{core}, {args.python}")
    print(f"CPU {cpu:.2f} s for {args.answers:,} answers: {cpu / args.answers * 1e6:.0f} µs an answer; {total:,} samples")
    print("| stage | share | µs an answer |\n| --- | ---: | ---: |")
    for stage in STAGES:
        share = counts[stage] / total
        print(f"| {stage} | {share:.1%} | {share * cpu / args.answers * 1e6:.0f} |")


if __name__ == "__main__":
    sys.exit(main())
