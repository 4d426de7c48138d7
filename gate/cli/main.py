"""The command line: ``answer-gate`` and ``python -m gate``.

Only this module prints and chooses the exit code. Commands import what they need when
they run, so that ``answer-gate --help`` starts quickly.

Exit codes:
    0  the gate passed (warnings allowed)
    1  the gate failed: a rule with severity error broke
    2  bad input or configuration (every problem named, with file and line)
    3  internal error (a bug in answer-gate: please report it)
    130  interrupted (Ctrl-C); nothing was written
    143  terminated (SIGTERM); nothing was written
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

from gate import TYPE_CHECKING  # typing is not imported at start (``answer-gate --version`` stays quick)
from gate.cli.parser import CommandLineError, _names_a_command, _Parser, _parser, _usage_problems

if TYPE_CHECKING:  # for annotations only: each command imports what it needs when it runs
    from typing import Any, TextIO

    from rich.console import Console, JustifyMethod

    from gate.baseline.storage import Baseline
    from gate.ci.actions import ActionSettings
    from gate.core.errors import Problem
    from gate.report.model import Report
    from gate.report.renderers import RenderOptions

EXIT_PASS = 0
EXIT_FAIL = 1
EXIT_INPUT = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT; after SIGTERM, 143 (gate.core.interrupts.exit_code)



def _baselines_dir(value: str | None, thresholds: str | None = None, say: bool = False) -> str:
    """The baselines folder: ``--baselines`` (which must exist), else ``baselines/`` beside the
    thresholds file, else ``baselines`` in the working directory (which may be absent: no
    baseline). With ``say``, a notice on standard error names the folder used when it is not the
    one beside the thresholds file."""
    from gate.core.errors import InputError, Problem

    if value is None:
        beside = os.path.join(os.path.dirname(thresholds) or ".", "baselines") if thresholds else "baselines"
        if os.path.isdir(beside):
            return os.path.normpath(beside)
        if say and thresholds and os.path.realpath(beside) != os.path.realpath("baselines"):
            found = "found" if os.path.isdir("baselines") else "no such folder either"
            _error(f"notice: no baselines/ beside {thresholds}; using {os.path.join('.', 'baselines')} in the working directory ({found})")
        return "baselines"
    if not os.path.isdir(value):
        why = "found a file" if os.path.exists(value) else "found nothing there"
        raise InputError([Problem(value, None, "--baselines", f"expected a folder of baselines, {why}")])
    return value


def _stored_folders(args: argparse.Namespace) -> list[str]:
    """The folders whose files a report must never replace: the baselines folder (the
    stored baselines and their logs) and the folder of a baseline named by path."""
    folders = [_baselines_dir(args.baselines, getattr(args, "thresholds", None)) if not args.baselines else args.baselines]
    if args.baseline and (args.baseline.endswith(".json") or os.path.isfile(args.baseline)):
        folders.append(os.path.dirname(args.baseline) or ".")
    return [os.path.realpath(f) for f in folders]


def _outputs_problems(args: argparse.Namespace, inputs: list[str | None]) -> list[Problem]:
    """Every reason the requested report paths cannot be written, before anything runs.

    A report path must not be an input, another report, a file under the baselines folder
    (a report there would destroy a stored baseline or its log), or a symbolic link (a
    report is written where it says, never through a link to a file elsewhere).
    """
    from gate.core.errors import Problem
    from gate.core.files import output_problem

    problems = []
    seen: dict[str, str] = {}
    taken = {os.path.realpath(p): p for p in inputs if p}
    stored = _stored_folders(args)
    for flag, path in (("--json", args.json_path), ("--markdown", args.markdown_path), ("--junit", args.junit_path)):
        if path is None:
            continue
        why = output_problem(path, taken, stored)
        if why:
            problems.append(Problem(path or flag, None, flag if path.strip() else None, why))
            continue
        real = os.path.realpath(path)
        if real in seen:
            problems.append(Problem(path, None, flag, f"expected a path of its own, found the path of {seen[real]} too"))
        seen[real] = flag
    return problems


def _given_twice(flag: str, paths: Sequence[str]) -> list[Problem]:
    """A file named twice under one flag (its judgements would count twice)."""
    from gate.core.errors import Problem

    seen: dict[str, str] = {}
    problems = []
    for path in paths:
        real = os.path.realpath(path)
        if real in seen:
            problems.append(Problem(path, None, flag, f"expected each file once, found it given twice (also as {seen[real]!r}): its lines would count twice"))
        seen.setdefault(real, path)
    return problems


def _error(message: str) -> None:
    print(f"answer-gate: {message}", file=sys.stderr)


def _console(file: TextIO | None = None) -> Console:
    from rich.console import Console

    stream = file or sys.stdout
    is_tty = hasattr(stream, "isatty") and stream.isatty()
    console = Console(file=stream, width=None if is_tty else 120, no_color=bool(os.environ.get("NO_COLOR")), highlight=False, soft_wrap=True)
    console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]  # rich would exit 1, whatever the verdict
    return console


def _broken_pipe() -> None:
    raise BrokenPipeError("the reader of standard output went away")


#: Findings a report lists by default (``check --max-findings``).
def _jobs(text: str | None, problems: list[Problem]) -> int:
    """``--jobs``: a whole number from 1 to :func:`_most_jobs`; the cores available when not
    given."""
    from gate.core.errors import Problem
    from gate.engine.workers import default_jobs

    if text is None:
        return default_jobs()
    cores = default_jobs()
    most = _most_jobs(cores)
    if not _is_whole(text) or not 1 <= int(text) <= most:
        problems.append(Problem("--jobs", None, None, f"expected a whole number of processes from 1 to {most} "
                                f"({JOBS_PER_CORE} times the {cores} cores this process may use), found {text!r}"))
        return 1
    return int(text)


#: ``--jobs`` at most this many worker processes a core: more only slow the run (each one a
#: process forked, with its share of memory), and thousands would fill the machine.
JOBS_PER_CORE = 4


def _most_jobs(cores: int) -> int:
    """The largest ``--jobs`` accepted on ``cores`` cores."""
    return JOBS_PER_CORE * cores


def _is_whole(text: str) -> bool:
    """Whether ``text`` is a whole number from 0 in ASCII digits, spaces around allowed
    (not "²", which ``str.isdigit`` accepts and ``int`` refuses, nor "1_000")."""
    digits = text.strip()
    return digits.isascii() and digits.isdigit()


def _max_findings(text: str, problems: list[Problem]) -> int | None:
    """``--max-findings``: a whole number from 0, or ``all`` (None: every finding)."""
    from gate.core.errors import Problem

    if text.strip().lower() == "all":
        return None
    if not _is_whole(text):
        problems.append(Problem("--max-findings", None, None, f"expected a whole number from 0 or all, found {text!r}"))
        return 0
    return int(text)


def _gate_problems(args: argparse.Namespace, inputs: Sequence[str | None]) -> list[Problem]:
    """What is wrong with the options check and merge share, before anything runs: the report
    paths (:func:`_outputs_problems`), an option without the one it goes with, a bad comment
    key, a judgements or calibration file given twice."""
    from gate.core.errors import Problem

    problems = _outputs_problems(args, [*inputs, args.rubric, *args.judgements, *args.calibration,
                                        args.base_thresholds, args.base_questions, args.base_rubric])
    if args.calibration and not args.judgements:
        problems.append(Problem("--calibration", None, None, "goes with --judgements (it validates the graders among them)"))
    if args.comment and not args.github:
        problems.append(Problem("--comment", None, None, "goes with --github (it posts from GitHub Actions)"))
    return problems + _comment_key_problems(args.comment_key) + _given_twice("--judgements", args.judgements) + _given_twice("--calibration", args.calibration)


def _gate_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`gate.run.check.check_run` that check and merge share:
    the baseline comparison, the judgements and their rubric, the base branch's files."""
    from gate.baseline import BaselineComparer

    directory = _baselines_dir(args.baselines, getattr(args, "thresholds", None), say=True) if not args.no_baseline else "baselines"
    comparer = BaselineComparer(directory=directory, choice=args.baseline, skip=args.no_baseline,
                                rubric=args.rubric if args.judgements else None)
    return {"compare": comparer, "judgements": args.judgements, "rubric": args.rubric, "calibration": args.calibration,
            "stored_judgements": None if args.no_baseline else directory, "base_thresholds": args.base_thresholds,
            "base_questions": args.base_questions, "base_rubric": args.base_rubric}


#: Where check reads more than one log, said when RUN names several without it.
DASK_HINT = "check --dask local (the extra answer-gate[dask]) reads a folder, a glob or a URL of logs"


def _many_logs_problems(run: str, dask: str | None) -> list[Problem]:
    """Without ``--dask``, a RUN that is a folder, a glob or a URL: one log is read, and the
    message says which option reads many."""
    from gate.core.errors import Problem

    if dask is not None or os.path.isfile(run):
        return []
    if os.path.isdir(run):
        return [Problem(run, None, None, f"expected a run log (a file), found a folder: {DASK_HINT}")]
    if not os.path.exists(run) and ("://" in run or any(c in run for c in "*?[")):
        what = "a URL" if "://" in run else "a glob"
        return [Problem(run, None, None, f"expected a run log (a file), found {what} naming no file here: {DASK_HINT}")]
    return []


def _check(args: argparse.Namespace) -> int:
    from gate.core.errors import InputError
    from gate.run.check import check_run

    problems = _gate_problems(args, [args.run, args.questions, args.thresholds]) + _many_logs_problems(args.run, args.dask)
    jobs, max_findings = _jobs(args.jobs, problems), _max_findings(args.max_findings, problems)
    if problems:
        raise InputError(problems)
    settings = _github_settings(args)
    options = _gate_options(args)
    if args.dask is not None:
        from functools import partial

        from gate.run.distributed import check_on_dask

        check_run = partial(check_on_dask, address=args.dask, workers=jobs)  # --jobs: the worker processes of --dask local
    else:
        options["meanwhile"] = lambda: _import_renderers(args)  # while the workers read the set
    report = check_run(args.run, args.questions, args.thresholds, jobs=jobs, max_findings=max_findings, **options)
    return _emit(_with_links(report), args, settings)


def _outputs(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The reports written to files, ``(format, path)``, as the options asked for them."""
    asked = [("json", args.json_path), ("markdown", args.markdown_path), ("junit", getattr(args, "junit_path", None))]
    return [(name, path) for name, path in asked if path]


def _import_renderers(args: argparse.Namespace) -> None:
    """Import the renderers :func:`_emit` uses for the reports asked for (while the workers
    read the set), and what :func:`_with_links` reads."""
    from importlib import import_module

    from gate.report.renderers import RENDERERS

    for name in ["terminal", *(name for name, _ in _outputs(args))]:
        import_module(RENDERERS[name])


def _terminal_options() -> RenderOptions:
    """The terminal report's options for standard output: ``COLUMNS`` when set, else the
    terminal's width, else (a pipe, a CI log) None for the renderer's generous default; colour
    unless ``NO_COLOR`` is set or it is not a terminal."""
    from gate.report.renderers import RenderOptions

    is_tty = hasattr(sys.stdout, "isatty") and sys.stdout.isatty()
    width = None  # not a terminal, no COLUMNS: the renderer's generous default
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        width = int(columns)
    elif is_tty:
        import shutil

        width = shutil.get_terminal_size().columns
    return RenderOptions(width=width, color=is_tty and not os.environ.get("NO_COLOR"))


def _emit(report: Report, args: argparse.Namespace, settings: ActionSettings | None = None) -> int:
    """Write the reports asked for, print the terminal report, publish to GitHub Actions
    (with ``settings``); the exit code of the verdict (``check`` and ``merge``)."""
    from gate.core.files import staged_writes
    from gate.report import renderers

    options = renderers.RenderOptions(full_report=args.json_path)
    done: list[str] = []
    try:
        with staged_writes() as stage:  # every report, or none: renamed together, signals held
            done = stage.done  # filled by the renames, before a held interrupt is delivered
            for name, path in _outputs(args):
                if renderers.streamed(name):  # the JSON's findings written one by one (with --max-findings all, read from disk)
                    with stage.open(path) as out:
                        renderers.write(name, report, out, options)
                else:
                    stage.write_bytes(path, renderers.render(name, report, options).encode("utf-8"))
    finally:
        _PROGRESS.written.extend(done)
    # From here the verdict is decided and the reports are on disk: nothing that fails in
    # printing or publishing may change the exit code.
    _PROGRESS.code = EXIT_PASS if report.verdict.passed else EXIT_FAIL
    try:
        if sys.stdout is not None:  # a closed standard output is None: nothing to print to
            sys.stdout.write(_misspelt_first(report) + renderers.render("terminal", report, _terminal_options()))
            sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
    except OSError as exc:
        _error(f"cannot print the report to standard output ({exc.strerror or exc}); the verdict stands: {_verdict_words(report)}")
    if settings is not None:
        try:
            from gate.ci.publish import PublishOptions, publish

            for line in publish(report, settings, os.environ, PublishOptions(args.comment, args.comment_key, args.json_path, args.markdown_path)):
                print(line)
        except BrokenPipeError:
            _quiet_stdout()
        except OSError as exc:
            where = f" {exc.filename}" if exc.filename else ""
            _error(f"cannot publish to GitHub Actions{where} ({exc.strerror or exc}); the verdict stands: {_verdict_words(report)}")
    return _PROGRESS.code


def _misspelt_first(report: Report) -> str:
    """The fields one edit from a known one, said before the terminal report (their notices
    come at its end, while what they hold is lost)."""
    if not any("did you mean" in notice for notice in report.notices):
        return ""
    from gate.inputs.run_log import misspelt_fields

    return "".join(f"warning: {line}\n" for line in misspelt_fields(report.notices))


def _score_shard(args: argparse.Namespace) -> int:
    from gate.core.errors import InputError, Problem
    from gate.core.files import output_problem
    from gate.run.shards import parse_shard, score_shard

    problems: list[Problem] = []
    inputs = {os.path.realpath(p): p for p in (args.run, args.questions, args.thresholds) if p}
    why = output_problem(args.out, inputs, force=args.force)
    if why:
        problems.append(Problem(args.out, None, "--out", why))
    max_findings = _max_findings(args.max_findings, problems)
    try:
        shard = parse_shard(args.shard)
    except InputError as error:
        problems += error.problems
        shard = (1, 1)
    if problems:
        raise InputError(problems)
    lines = score_shard(args.run, args.questions, args.thresholds, shard, args.out, max_findings=max_findings)
    _PROGRESS.written.append(args.out)
    from gate.core.stdin import shown

    print(f"shard {shard[0]}/{shard[1]} of {shown(args.run)}: {lines:,} line(s) scored, written to {args.out}")
    return EXIT_PASS


def _merge(args: argparse.Namespace) -> int:
    from gate.core.errors import InputError
    from gate.run.shards import merge_shards

    problems = _gate_problems(args, list(args.shards))
    max_findings = _max_findings(args.max_findings, problems)
    if problems:
        raise InputError(problems)
    settings = _github_settings(args)
    jobs = _jobs(None, problems) if args.judgements else 1  # a judged log is scored again (see gate.run.shards.merge_shards)
    return _emit(_with_links(merge_shards(args.shards, max_findings=max_findings, jobs=jobs, **_gate_options(args))), args, settings)


def _verdict_words(report: Report) -> str:
    written = f"; written: {', '.join(_PROGRESS.written)}" if _PROGRESS.written else ""
    return ("passed" if report.verdict.passed else "failed") + written


class _Progress:
    """What a command has done so far, so that an interrupt or a closed pipe says what is on
    disk and a decided verdict keeps its exit code."""

    def __init__(self) -> None:
        self.written: list[str] = []
        self.code: int | None = None


_PROGRESS = _Progress()


def _quiet_stdout() -> None:
    """The reader went away (``| head``): send the rest of standard output nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _with_links(report: Report) -> Report:
    """The Report with the address of its thresholds file at the commit under review, so that
    the markdown links each rule to its line (in GitHub Actions only; see gate.core.sources)."""
    from dataclasses import replace

    from gate.core.sources import thresholds_url

    return replace(report, thresholds_url=thresholds_url(os.environ, report.thresholds))


def _comment_key_problems(key: str) -> list[Problem]:
    if not key:  # the default: nothing to check (and no HTTP client to import)
        return []
    from gate.ci.publish import comment_key_problems

    return comment_key_problems(key)


def _github_settings(args: argparse.Namespace) -> ActionSettings | None:
    """With ``--github``, the GitHub Actions settings (every missing one named at once); else None."""
    if not args.github:
        return None
    from gate.ci.publish import github_settings

    return github_settings(os.environ)


def _comment(args: argparse.Namespace) -> int:
    """``answer-gate comment``: the sticky comment posted from a JSON report (:mod:`gate.ci.publish`)."""
    from gate.ci.publish import comment_from_report

    for line in comment_from_report(args.report, args.comment_key, os.environ):
        print(line)
    return EXIT_PASS


def _baseline_save(args: argparse.Namespace) -> int:
    from gate.baseline import save_baseline
    from gate.baseline.storage import STORED_MEASURES as MEASURES
    from gate.model.scores import ALL
    from gate.report.model import display_rate

    saved = save_baseline(args.run, args.questions, args.thresholds, args.baselines, force=args.force,
                          judgements=args.judgements, rubric=args.rubric)
    b = saved.baseline
    for notice in saved.notices:
        _error(f"notice: {notice}")
    if saved.unchanged:
        print(f"unchanged: the baseline of assistant {b.assistant_version} is stored already from this log: {b.path}")
        return EXIT_PASS
    verb = "replaced" if saved.replaced else "saved"
    print(f"{verb} the baseline of assistant {b.assistant_version} (set {b.set_version or 'unversioned'}): {b.path}, log {b.log_path}")
    scores = ", ".join(f"{m.label} {display_rate(b.score(ALL, m.name).rate)} (n={b.score(ALL, m.name).denominator})" for m in MEASURES)
    print(f"  all: {scores}")
    print(f"  {_judgements_line(b)}")
    for path in saved.removed:
        print(f"  removed the old log {path}")
    return EXIT_PASS


def _judgements_line(b: Baseline) -> str:
    """What a saved baseline stores of judgements: how many, the rubric version and the
    rubric pass on the whole run, or that it stores none."""
    from gate.model.scores import ALL
    from gate.report.model import display_rate

    if b.judgements is None:
        return "judgements: none stored (no --judgements): no rubric or quality measure stored"
    count = b.score(ALL, "rubric_pass")
    return (f"judgements: {len(b.judgements.records)} stored (rubric version {b.judgements.rubric_version}); "
            f"rubric pass {display_rate(count.rate)} (n={count.denominator})")


def _baseline_list(args: argparse.Namespace) -> int:
    from gate.baseline import list_baselines
    from gate.baseline.storage import JUDGED_MEASURES, STORED_MEASURES
    from gate.model.scores import ALL

    # Of the judged measures, the two a reader of the list looks for (the rest: check's report).
    MEASURES = STORED_MEASURES + tuple(m for m in JUDGED_MEASURES if m.name in ("rubric_pass", "reviewed_share"))
    directory = _baselines_dir(args.baselines)
    stored = list_baselines(directory)
    console = _console()
    if not stored:
        console.print(f"no baselines stored in {directory}", highlight=False, markup=False)
        return EXIT_PASS
    # The automatic measures, and the others where some baseline counted something.
    shown = [m for m in MEASURES if m.family == "automatic" or any(b.score(ALL, m.name).denominator for b in stored)]
    title = f"baselines in {directory} (slice all)"
    rows = [(b.assistant_version, b.set_version or "-", str(b.answers), f"answer-gate {b.scorer_version}",
             [_stored_cell(b, m.name) for m in shown]) for b in stored]
    table = _baselines_table(title, [m.label for m in shown], rows)
    if console.measure(table, options=console.options.update_width(10_000)).maximum <= console.width:
        console.print(table)
    else:  # too wide to read: one block a version, a measure a line
        _baselines_blocks(console, title, [m.label for m in shown], rows)
    return EXIT_PASS


def _stored_cell(b: Baseline, measure: str) -> str:
    from gate.model.scores import ALL
    from gate.report.model import display_rate

    count = b.score(ALL, measure)
    return "-" if count.rate is None else f"{display_rate(count.rate)} (n={count.denominator})"


_BaselineRow = tuple[str, str, str, str, list[str]]  # assistant, set, answers, saved by, a cell per measure


def _baselines_table(title: str, labels: list[str], rows: list[_BaselineRow]) -> Any:
    """The stored baselines as one table: a row a version, a column a measure."""
    import textwrap

    from rich import box
    from rich.table import Table

    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, title=title, title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (("assistant", "left"), ("set", "left"), ("answers", "right"), ("saved by", "left"))
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    for i, label in enumerate(labels):  # a heading in lines no wider than its cells (each word whole)
        widest = max(len(row[4][i]) for row in rows)
        table.add_column(textwrap.fill(label, width=widest, break_long_words=False), justify="right", no_wrap=True)
    for version, set_version, answers, saved_by, cells in rows:
        table.add_row(version, set_version, answers, saved_by, *cells)
    return table


def _baselines_blocks(console: Console, title: str, labels: list[str], rows: list[_BaselineRow]) -> None:
    """The stored baselines where their table is wider than the terminal: a block a version
    (its set, answers and the answer-gate that saved it), then a measure a line."""
    width = max(len(label) for label in labels)
    console.print(title, highlight=False, markup=False)
    for version, set_version, answers, saved_by, cells in rows:
        console.print(highlight=False, markup=False)
        console.print(f"assistant {version} · set {set_version} · {answers} answers · saved by {saved_by}", highlight=False, markup=False)
        for label, cell in zip(labels, cells):
            console.print(f"  {label.ljust(width)}  {cell.rjust(11)}", highlight=False, markup=False)


def _command_line_problems(error: CommandLineError) -> None:
    """Say what is wrong with the command line, an option a line, and where the options are listed."""
    count = len(error.problems)
    _error(f"{count} problem{'s' if count != 1 else ''} with the command line; nothing was run:")
    for where, what in error.problems:
        print(f"{where}: {what}", file=sys.stderr)
    print(f"({error.prog} --help lists every option)", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring). From the
    command line itself (no ``argv``), the process then ends at once (:func:`_end_process`)."""
    if argv is None:
        return _end_process(_main(sys.argv[1:]))
    return _main(list(argv))


def _end_process(code: int) -> int:
    """End the process with ``code`` once the command is done, without the interpreter's
    teardown (freeing every object, tens of milliseconds that change nothing): the standard
    streams flushed, the functions registered with :mod:`atexit` run (the pools' and the
    temporary files' cleanup among them), then ``os._exit``. With another thread still
    running (a Dask client's), a profiler or tracer active (``python -m cProfile``,
    coverage, a debugger: they write what they found after the command returns), or a
    stream that cannot be flushed, the exit code is returned and the interpreter ends as usual."""
    import threading

    watched = sys.getprofile() is not None or sys.gettrace() is not None
    if watched or threading.active_count() > 1 or not _flushed():
        return code
    import atexit

    atexit._run_exitfuncs()
    if not _flushed():
        return code
    os._exit(code)


def _flushed() -> bool:
    """Whether the standard streams (those open: a closed one is None) could be flushed."""
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return False
    return True


def _main(argv: list[str]) -> int:
    """The command line parsed and its command run: the exit code."""
    parser = _parser(commands_built=_names_a_command(argv))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help, --version
        return int(exc.code or 0) if isinstance(exc.code, int) else EXIT_INPUT
    except CommandLineError as exc:
        command = parser.command(argv) if exc.prog == parser.prog else None
        if command is not None and command is not parser:  # an unknown argument: the command's words
            exc = CommandLineError(command.prog, _usage_problems(command, exc.message), exc.message)
        _command_line_problems(exc)
        return EXIT_INPUT
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_INPUT
    from gate.core.interrupts import terminated_as_interrupt
    from gate.core.limits import set_limit

    _PROGRESS.written.clear()
    _PROGRESS.code = None
    given = {"ANSWER_GATE_MAX_LOG_BYTES": getattr(args, "max_log_bytes", None),
             "ANSWER_GATE_MAX_SET_BYTES": getattr(args, "max_set_bytes", None)}
    try:
        for variable, size in given.items():  # the options over the variables, for this command only
            set_limit(variable, size)
        with terminated_as_interrupt(), _strict_fields(args):  # SIGTERM stops a command as Ctrl-C does (exit 143)
            return _run_command(parser, args)
    finally:
        for variable in given:
            set_limit(variable, None)


#: The commands whose RUN may be ``-`` (standard input) or a pipe.
PIPED_COMMANDS = frozenset({"check", "score-shard", "sample", "baseline"})


def _spool_piped_run(args: argparse.Namespace) -> None:
    """A run log given as ``-`` or a pipe, copied to a temporary file that every pass and
    worker can read (:mod:`gate.core.stdin`); messages and reports still name it ``-``."""
    run = getattr(args, "run", None)
    if args.command not in PIPED_COMMANDS or not isinstance(run, str) or getattr(args, "dask", None) is not None:
        return
    from gate.core.stdin import is_piped, spool

    if is_piped(run):
        args.run = spool(run)


def _strict_fields(args: argparse.Namespace) -> contextlib.AbstractContextManager[None]:
    """With ``--strict-fields``, an unknown field of the log is an input error while the command runs."""
    if not getattr(args, "strict_fields", False):
        return contextlib.nullcontext()
    from gate.inputs.run_log import strict_fields

    return strict_fields()


def _run_command(parser: _Parser, args: argparse.Namespace) -> int:
    """Run the parsed command; every error it raises becomes a message and an exit code."""
    from gate.core.errors import GateError, InputError
    from gate.core.interrupts import exit_code

    try:
        _spool_piped_run(args)
        if args.command == "check":
            return _check(args)
        if args.command == "comment":
            return _comment(args)
        if args.command == "score-shard":
            return _score_shard(args)
        if args.command == "merge":
            return _merge(args)
        if args.command == "baseline":
            if args.baseline_command == "save":
                return _baseline_save(args)
            if args.baseline_command == "list":
                return _baseline_list(args)
            args.print_baseline_help(sys.stderr)
            return EXIT_INPUT
        from gate.cli.rubric import run as run_rubric_command

        code = run_rubric_command(args)
        if code is not None:
            return code
        parser.error(f"unknown command {args.command}")
    except InputError as exc:
        count = exc.total
        tail = "; nothing was written" if args.command in ("check", "baseline", "score-shard", "merge") else ""
        _error(f"{count} problem{'s' if count != 1 else ''} with the input{tail}:")
        print(exc.render(), file=sys.stderr)
        return EXIT_INPUT
    except GateError as exc:
        _error(str(exc))
        return EXIT_INPUT
    except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM (gate.core.interrupts.Terminated)
        said = "interrupted" if exit_code(interrupt) == EXIT_INTERRUPTED else "terminated (SIGTERM)"
        if _PROGRESS.written:
            _error(f"{said}; written before the interrupt: {', '.join(_PROGRESS.written)}"
                   + ("" if _PROGRESS.code is None else f" (the gate {'passed' if _PROGRESS.code == EXIT_PASS else 'failed'})"))
        else:
            _error(f"{said}; nothing was written")
        return exit_code(interrupt)
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly; a decided verdict keeps its code,
        # a command that finished its work (a saved baseline) succeeded.
        _quiet_stdout()
        return _PROGRESS.code if _PROGRESS.code is not None else EXIT_PASS
    except OSError as exc:
        if exc.filename is None:
            _error(f"cannot write the report: {exc.strerror or exc}")
            return EXIT_INPUT
        _error(f"internal error: {type(exc).__name__}: {exc} (a bug in answer-gate; set ANSWER_GATE_DEBUG=1 for the traceback and please report it)")
        return EXIT_INTERNAL
    except Exception as exc:  # a bug: say so plainly; the traceback on request
        if os.environ.get("ANSWER_GATE_DEBUG", "") not in ("", "0"):
            import traceback

            traceback.print_exc()
        _error(f"internal error: {type(exc).__name__}: {exc} (a bug in answer-gate; set ANSWER_GATE_DEBUG=1 for the traceback and please report it)")
        return EXIT_INTERNAL
    return EXIT_INPUT
