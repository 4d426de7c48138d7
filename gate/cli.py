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
import os
import sys
from collections.abc import Sequence

from gate import TYPE_CHECKING  # typing is not imported at start (``answer-gate --version`` stays quick)

if TYPE_CHECKING:  # for annotations only: each command imports what it needs when it runs
    from typing import Any, NoReturn, TextIO

    from rich.console import Console, JustifyMethod

    from gate.actions import ActionSettings
    from gate.baseline.storage import Baseline
    from gate.errors import Problem
    from gate.report import Report

EXIT_PASS = 0
EXIT_FAIL = 1
EXIT_INPUT = 2
EXIT_INTERNAL = 3
EXIT_INTERRUPTED = 130  # 128 + SIGINT; after SIGTERM, 143 (gate.interrupts.exit_code)

#: What the GitHub Actions parts are for, said when the variables they need are missing.
COMMENT_PURPOSE = ("answer-gate comment posts the gate's sticky pull request comment from its JSON report, in a GitHub Actions "
                   "workflow started by workflow_run (the runner sets these variables, the token comes from the workflow); "
                   "outside GitHub Actions, answer-gate check --markdown FILE writes the comment's body")
GITHUB_PURPOSE = ("--github writes annotations, the job summary and step outputs in a GitHub Actions job (the runner sets these "
                  "variables); outside GitHub Actions, leave it out and use --markdown FILE or --json FILE")


class CommandLineError(Exception):
    """A command line argparse cannot read, said in the project's words: one
    :class:`gate.errors.Problem` per option at fault (see :meth:`_Parser.error`)."""

    def __init__(self, prog: str, problems: list[tuple[str, str]], message: str = "") -> None:
        self.prog = prog
        self.problems = problems  # (option or argument, what was expected and found)
        self.message = message  # argparse's own sentence
        super().__init__("; ".join(f"{where}: {what}" for where, what in problems))


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors are raised as :class:`CommandLineError` with
    the option, what it expects and what was found, never argparse's own sentence.

    An option is taken only as spelled in full (``allow_abbrev`` False, on every command, as
    ``add_subparsers`` makes its commands of this class): an abbreviation is an unknown
    option, with "did you mean", so that a script's abbreviation cannot change meaning the
    day a new option shares its start."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise CommandLineError(self.prog, _usage_problems(self, message), message)

    def command(self, argv: Sequence[str]) -> _Parser:
        """The parser of the command ``argv`` names (``baseline save``), or this one."""
        words = [a for a in argv if not a.startswith("-")]
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction) and words and words[0] in action.choices:
                chosen = action.choices[words[0]]
                return chosen.command(words[1:]) if isinstance(chosen, _Parser) else self
        return self

    def options(self) -> list[str]:
        """Every option string of this parser and of its commands (for "did you mean")."""
        out = [o for a in self._actions for o in a.option_strings]
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                for command in action.choices.values():
                    out += command.options() if isinstance(command, _Parser) else []
        return sorted(set(out))


def _value_words(action: argparse.Action | None) -> str:
    """What an option's value is, in the help's words: ``a value (FILE)``."""
    if action is None:
        return "a value"
    many = action.nargs in ("+", "*")
    metavar = action.metavar if isinstance(action.metavar, str) else action.dest.upper()
    return f"{'one value or more' if many else 'a value'} ({metavar}{' ...' if many else ''})"


def _positional_words(action: argparse.Action | None) -> str:
    """What a positional argument is: its help's first words (``the run log (JSON lines)``)."""
    return (action.help or "a value").split(", e.g.")[0] if action is not None else "a value"


def _suggestion(word: str, known: Sequence[str]) -> str:
    """``; did you mean X?``: the known words ``word`` abbreviates (an option is taken only in
    full), else the closest one; empty when none is close."""
    from difflib import get_close_matches

    longer = sorted(k for k in known if k.startswith(word) and k != word) if word.startswith("--") else []
    if len(longer) > 1:
        return f"; did you mean one of {', '.join(longer)}?"
    close = longer or get_close_matches(word, known, n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else ""


def _usage_problems(parser: _Parser, message: str) -> list[tuple[str, str]]:
    """argparse's usage error as ``(option, expected ..., found ...)`` pairs (argparse 3.11's
    sentences; one it does not know is kept whole, under "command line")."""
    import re

    actions = {o: a for a in parser._actions for o in a.option_strings} | {(a.metavar or a.dest): a for a in parser._actions if not a.option_strings}
    if message.startswith("the following arguments are required: "):
        names = message.split(": ", 1)[1].split(", ")
        return [(n, f"expected {_value_words(actions.get(n)) if n.startswith('-') else _positional_words(actions.get(n))}, found none (it is required)")
                for n in names]
    if message.startswith("unrecognized arguments: "):
        found = message.split(": ", 1)[1]
        first = found.split()[0] if found.split() else found
        return [("command line", f"expected no more arguments, found {found!r}" + (_suggestion(first.split("=")[0], parser.options()) if first.startswith("-") else ""))]
    if message.startswith("ambiguous option: "):
        m = re.match(r"ambiguous option: (\S+) could match (.*)$", message)
        if m:
            return [(m.group(1), f"expected one option, found an abbreviation of several: {m.group(2)}")]
    m = re.match(r"argument ([^:]+): (.*)$", message, re.DOTALL)
    if m is None:
        return [("command line", message)]
    name, said = m.group(1).split("/")[-1], m.group(2)
    action = actions.get(name)
    if said in ("expected one argument", "expected at least one argument"):
        return [(name, f"expected {_value_words(action)}, found none")]
    choice = re.match(r"invalid choice: '(.*)' \(choose from (.*)\)$", said)
    if choice:
        known = [c.strip("'") for c in choice.group(2).split(", ")]
        return [(name, f"expected one of {', '.join(known)}, found {choice.group(1)!r}{_suggestion(choice.group(1), known)}")]
    number = re.match(r"invalid (int|float) value: (.*)$", said)
    if number:
        return [(name, f"expected {'a whole number' if number.group(1) == 'int' else 'a number'}, found {number.group(2)}")]
    other = re.match(r"not allowed with argument (\S+)$", said)
    if other:
        return [(name, f"expected {other.group(1)} or {name}, not both")]
    explicit = re.match(r"ignored explicit argument (.*)$", said)
    if explicit:
        return [(name, f"expected no value (a switch), found {explicit.group(1)}")]
    return [(name, said)]


# The values of options, checked as argparse reads them (a ``type=``): each says what it
# expected and what it found, in the words of the other problems.


def _blank(text: str) -> str:
    return "an empty string" if not text else f"only spaces ({text!r})"


def path_value(text: str) -> str:
    """A file or folder path: not empty (an empty path would name the working directory)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected a path, found {_blank(text)}")
    return text


def text_value(text: str) -> str:
    """A name or address: not empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected a name, found {_blank(text)}")
    return text


def whole_value(text: str) -> int:
    """A whole number, negative or not."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {text!r}") from None


def count_value(text: str) -> int:
    """A whole number from 1."""
    value = whole_value(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1, found {text!r}")
    return value


def number_value(text: str) -> float:
    """A finite number (its range is the command's to check)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if value != value or value in (float("inf"), float("-inf")):
        raise argparse.ArgumentTypeError(f"expected a number, found {text!r}")
    return value


class _Unbuilt(_Parser):
    """A command's parser when the command line names no command (``--version``, ``--help``,
    nothing): it keeps the command's name and help for the list of commands and skips its
    arguments, which nothing reads then (building them all is most of the start's cost)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(prog=str(kwargs.get("prog")), add_help=False)

    def add_argument(self, *args: object, **kwargs: object) -> argparse.Action:
        return argparse.Action(option_strings=[], dest="")


def _names_a_command(argv: Sequence[str]) -> bool:
    """Whether the arguments name a command: the top level has no option that takes a value,
    so its first argument that is not an option is the command."""
    return any(not arg.startswith("-") for arg in argv)


def _parser(commands_built: bool = True) -> _Parser:
    """The command line's parser; with ``commands_built=False`` the commands' own arguments
    are left out (the top level's help, usage and version are the same)."""
    from gate import __version__

    parser = _Parser(
        prog="answer-gate",
        description="Score a logged answer run per language, check it against thresholds.yaml "
        "and the previous version's baseline, and exit non-zero when a rule fails.",
        epilog="Exit codes: 0 passed, 1 a rule failed, 2 bad input or configuration, 3 internal error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"answer-gate {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser if commands_built else _Unbuilt)
    _add_check(commands)
    _add_score_shard(commands)
    _add_merge(commands)
    actions = _add_baseline(commands)
    _add_comment(commands)
    from gate.cli_rubric import add_commands

    add_commands(commands)
    _add_baseline_list(actions)
    return parser


_Commands = argparse._SubParsersAction  # the type of ``add_subparsers()``: adds one command's parser


def _add_inputs(command: argparse.ArgumentParser, thresholds: str = "the rules") -> None:
    """The run log, its question set and the thresholds file (check, score-shard, baseline save)."""
    command.add_argument("--questions", type=path_value, metavar="FILE", help="the question set (JSON lines); omit for a log in the merged form")
    command.add_argument("--thresholds", type=path_value, metavar="FILE", default="thresholds.yaml", help=f"{thresholds} (default: thresholds.yaml in the working directory)")


def _add_reports(command: argparse.ArgumentParser, markdown: str) -> None:
    """The report files (check, merge)."""
    command.add_argument("--json", type=path_value, metavar="PATH", dest="json_path", help="write the JSON report here")
    command.add_argument("--markdown", type=path_value, metavar="PATH", dest="markdown_path", help=f"write the markdown report here{markdown}")
    command.add_argument("--junit", type=path_value, metavar="PATH", dest="junit_path", help="write a JUnit XML report here: one test case per rule and slice")


def _add_baseline_choice(command: argparse.ArgumentParser, baselines: str) -> None:
    """Where baselines are stored and which one a run is compared with (check, merge)."""
    command.add_argument("--baselines", type=path_value, metavar="DIR", default=None, help=f"where baselines are stored (default: baselines in the working directory{baselines})")
    which = command.add_mutually_exclusive_group()
    which.add_argument("--baseline", type=text_value, metavar="VERSION|PATH", help="compare with this stored version or baseline file (default: the highest stored version below the run's)")
    which.add_argument("--no-baseline", action="store_true", help="compare with no baseline: thresholds only")


def _add_github(command: argparse.ArgumentParser) -> None:
    """GitHub Actions' outputs (check, merge)."""
    command.add_argument("--github", action="store_true", help="in GitHub Actions: write the job summary, step outputs and annotations")
    command.add_argument("--comment", action="store_true", help="with --github: post or update the sticky pull request comment")
    command.add_argument("--comment-key", metavar="KEY", default="", help="with --comment: a key that gives this gate a comment of its own (one per job, matrix entry or question set)")


def _add_judged(command: argparse.ArgumentParser) -> None:
    """The judgements of the run's answers and their rubric (check, merge)."""
    command.add_argument("--judgements", type=path_value, metavar="FILE", nargs="+", default=[], help="readers' and graders' judgements (JSON lines or CSV): adds the rubric and quality measures")
    command.add_argument("--calibration", type=path_value, metavar="FILE", nargs="+", default=[], help="with --judgements: people's and graders' judgements of other runs' answers, used only to validate graders")
    command.add_argument("--rubric", type=path_value, metavar="FILE", default="rubric.yaml", help="the rubric the judgements were made under (default: rubric.yaml in the working directory)")


def _add_base(command: argparse.ArgumentParser) -> None:
    """The base branch's files, for what a pull request loosened (check, merge)."""
    command.add_argument("--base-thresholds", type=path_value, metavar="FILE", help="the base branch's thresholds file: every rule this branch loosened is listed first, "
                         "and fails the gate with fail_on_loosened: true")
    command.add_argument("--base-questions", type=path_value, metavar="FILE", help="the base branch's question set: questions dropped and expectations changed are listed the same way")
    command.add_argument("--base-rubric", type=path_value, metavar="FILE", help="the base branch's rubric: rubric questions and dimensions dropped, a lower pass score, listed the same way")


def _add_check(commands: _Commands[Any]) -> None:
    check = commands.add_parser("check", help="score a run and gate it", description="Score a run log against a question set, check the rules, and report.")
    check.add_argument("run", type=path_value, help="the run log (JSON lines), e.g. answers_run_assistant-1.3_set-1.2.jsonl")
    _add_inputs(check)
    _add_reports(check, " (the PR comment's body; for GitLab, Jenkins and others)")
    _add_github(check)
    _add_judged(check)
    _add_base(check)
    check.add_argument("--jobs", metavar="N", default=None, help="worker processes scoring the answers, from 1 to 4 times the cores available (default: the cores available; 1: this process only); "
                       "the report is the same whatever N")
    check.add_argument("--max-findings", metavar="N|all", default=str(DEFAULT_MAX_FINDINGS),
                       help=f"findings every report lists, the first in the set's order; the others are counted by code and language (default: {DEFAULT_MAX_FINDINGS}; "
                       "all: every one). The terminal prints the first few and says where the rest are")
    check.add_argument("--dask", type=text_value, metavar="ADDRESS|local", help="read and score the log on Dask's distributed scheduler (the extra answer-gate[dask]): "
                       "local for a cluster on this machine, else a scheduler's address; RUN may then be a folder, a glob or a URL fsspec reads")
    _add_baseline_choice(check, "; a folder named here must exist")


def _add_score_shard(commands: _Commands[Any]) -> None:
    shard = commands.add_parser("score-shard", help="score one shard of a log, for merge",
                                description="Score the lines that start in the K-th of N equal byte ranges of a run log and write their counts, "
                                "line records and first findings to a shard file; answer-gate merge makes the report of the whole log from the N files.")
    shard.add_argument("run", type=path_value, help="the run log (JSON lines)")
    _add_inputs(shard)
    shard.add_argument("--shard", metavar="K/N", required=True, help="which shard: K of N (1/4 to 4/4)")
    shard.add_argument("--out", type=path_value, metavar="FILE", required=True, help="the shard file to write (a new file, unless --force)")
    shard.add_argument("--force", action="store_true", help="replace the shard file if it exists")
    shard.add_argument("--max-findings", metavar="N|all", default=str(DEFAULT_MAX_FINDINGS),
                       help=f"findings the shard keeps, its first in the set's order (default: {DEFAULT_MAX_FINDINGS}); merge lists at most as many")


def _add_merge(commands: _Commands[Any]) -> None:
    merge = commands.add_parser("merge", help="the report of a log from its shard files",
                                description="Check that the files are the N shards of one log, scored with one set and thresholds file, "
                                "replay the run's checks and the join over them, check the rules and the baseline, and report as check does. "
                                "With --judgements the log itself is scored again (the rubric reads every answer and its findings, which shards "
                                "do not carry), once its SHA-256 is checked against the shards'.")
    merge.add_argument("shards", type=path_value, metavar="SHARD", nargs="+", help="the shard files written by score-shard, in any order")
    _add_reports(merge, " (the PR comment's body; for GitLab, Jenkins and others)")
    _add_github(merge)
    _add_judged(merge)
    _add_base(merge)
    merge.add_argument("--max-findings", metavar="N|all", default=str(DEFAULT_MAX_FINDINGS),
                       help=f"findings every report lists (default: {DEFAULT_MAX_FINDINGS}; at most the shards' own)")
    _add_baseline_choice(merge, "; a folder named here must exist")


def _add_baseline(commands: _Commands[Any]) -> _Commands[Any]:
    """``baseline`` and its ``save``; returns its actions, to which ``list`` is added."""
    baseline: argparse.ArgumentParser = commands.add_parser("baseline", help="store and list baselines", description="Store a run as the baseline of its assistant version, or list the stored ones.")
    baseline.set_defaults(print_baseline_help=baseline.print_help)
    actions = baseline.add_subparsers(dest="baseline_command", metavar="ACTION")
    save = actions.add_parser("save", help="store a run as the baseline of its assistant version",
                              description="Score a run and store its scores, per-question outcomes, versions, matching settings and the log itself (gzip) under the baselines folder.")
    save.add_argument("run", type=path_value, help="the run log (JSON lines) with an assistant version in its header or file name")
    _add_inputs(save, "the rules, for the matching settings")
    save.add_argument("--baselines", type=path_value, metavar="DIR", default="baselines", help="where baselines are stored (default: baselines in the working directory)")
    save.add_argument("--force", action="store_true", help="replace a baseline already stored for the same version")
    save.add_argument("--judgements", type=path_value, metavar="FILE", nargs="+", default=[], help="readers' and graders' judgements of the run (as check --judgements): "
                      "stored with the baseline, with the rubric and quality measures, so that the next version's are compared with them")
    save.add_argument("--rubric", type=path_value, metavar="FILE", default="rubric.yaml", help="the rubric the judgements were made under (default: rubric.yaml in the working directory)")
    return actions


def _add_baseline_list(actions: _Commands[Any]) -> None:
    listing = actions.add_parser("list", help="show the stored versions with their scores", description="Show the stored baselines, oldest version first, with their scores on the whole run.")
    listing.add_argument("--baselines", type=path_value, metavar="DIR", default=None, help="where baselines are stored (default: baselines in the working directory)")


def _add_comment(commands: _Commands[Any]) -> None:
    comment = commands.add_parser("comment", help="post the sticky PR comment from a JSON report, in a workflow_run workflow",
                                  description="The trusted half of the fork-safe pattern, in a workflow triggered by workflow_run: read the JSON report "
                                  "written by 'check --json' (validated; never a markdown body), find the open pull request whose head is the triggering run's "
                                  "head repository, branch and commit through the GitHub API (never from the artifact), and post or update the sticky comment "
                                  "rendered here. Reads GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL and GITHUB_TOKEN (or INPUT_TOKEN).")
    comment.add_argument("report", type=path_value, help="the JSON report (check --json)")
    comment.add_argument("--comment-key", metavar="KEY", default="", help="the key the gate's comment was posted with, if any")


def _baselines_dir(value: str | None) -> str:
    """The baselines folder: the default may be absent (no baseline), a named one must exist."""
    from gate.errors import InputError, Problem

    if value is None:
        return "baselines"
    if not os.path.isdir(value):
        why = "found a file" if os.path.exists(value) else "found nothing there"
        raise InputError([Problem(value, None, "--baselines", f"expected a folder of baselines, {why}")])
    return value


def _stored_folders(args: argparse.Namespace) -> list[str]:
    """The folders whose files a report must never replace: the baselines folder (the
    stored baselines and their logs) and the folder of a baseline named by path."""
    folders = [args.baselines or "baselines"]
    if args.baseline and (args.baseline.endswith(".json") or os.path.isfile(args.baseline)):
        folders.append(os.path.dirname(args.baseline) or ".")
    return [os.path.realpath(f) for f in folders]


def _outputs_problems(args: argparse.Namespace, inputs: list[str | None]) -> list[Problem]:
    """Every reason the requested report paths cannot be written, before anything runs.

    A report path must not be an input, another report, a file under the baselines folder
    (a report there would destroy a stored baseline or its log), or a symbolic link (a
    report is written where it says, never through a link to a file elsewhere).
    """
    from gate.errors import Problem
    from gate.files import output_problem

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
    from gate.errors import Problem

    seen: dict[str, str] = {}
    problems = []
    for path in paths:
        real = os.path.realpath(path)
        if real in seen:
            problems.append(Problem(path, None, flag, f"expected each file once, found it given twice (also as {seen[real]!r}): its lines would count twice"))
        seen.setdefault(real, path)
    return problems


def _comment_key_problems(key: str) -> list[Problem]:
    if not key:  # the default: nothing to check (and no HTTP client to import)
        return []
    from gate.errors import Problem
    from gate.github import comment_marker

    try:
        comment_marker(key)
    except ValueError as exc:
        expected, _, found = str(exc)[len("comment key must be "):].rpartition(", got ")
        return [Problem("--comment-key", None, None, f"expected {expected}, found {found}")]
    return []


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
DEFAULT_MAX_FINDINGS = 1000


def _jobs(text: str | None, problems: list[Problem]) -> int:
    """``--jobs``: a whole number from 1 to :func:`_most_jobs`; the cores available when not
    given."""
    from gate.errors import Problem
    from gate.stream import default_jobs

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
    from gate.errors import Problem

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
    from gate.errors import Problem

    problems = _outputs_problems(args, [*inputs, args.rubric, *args.judgements, *args.calibration,
                                        args.base_thresholds, args.base_questions, args.base_rubric])
    if args.calibration and not args.judgements:
        problems.append(Problem("--calibration", None, None, "goes with --judgements (it validates the graders among them)"))
    if args.comment and not args.github:
        problems.append(Problem("--comment", None, None, "goes with --github (it posts from GitHub Actions)"))
    return problems + _comment_key_problems(args.comment_key) + _given_twice("--judgements", args.judgements) + _given_twice("--calibration", args.calibration)


def _github_settings(args: argparse.Namespace) -> ActionSettings | None:
    """With ``--github``, the GitHub Actions settings (every missing one named at once); else None."""
    if not args.github:
        return None
    from gate.actions import ActionSettings, SettingsError

    try:
        return ActionSettings.from_env(os.environ, require=("summary", "output"))
    except SettingsError as exc:
        raise SettingsError(exc.missing, exc.problems, purpose=GITHUB_PURPOSE) from None


def _gate_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`gate.pipeline.check_run` that check and merge share:
    the baseline comparison, the judgements and their rubric, the base branch's files."""
    from gate.baseline import BaselineComparer

    directory = _baselines_dir(args.baselines) if not args.no_baseline else "baselines"
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
    from gate.errors import Problem

    if dask is not None or os.path.isfile(run):
        return []
    if os.path.isdir(run):
        return [Problem(run, None, None, f"expected a run log (a file), found a folder: {DASK_HINT}")]
    if not os.path.exists(run) and ("://" in run or any(c in run for c in "*?[")):
        what = "a URL" if "://" in run else "a glob"
        return [Problem(run, None, None, f"expected a run log (a file), found {what} naming no file here: {DASK_HINT}")]
    return []


def _check(args: argparse.Namespace) -> int:
    from gate.errors import InputError
    from gate.pipeline import check_run

    problems = _gate_problems(args, [args.run, args.questions, args.thresholds]) + _many_logs_problems(args.run, args.dask)
    jobs, max_findings = _jobs(args.jobs, problems), _max_findings(args.max_findings, problems)
    if problems:
        raise InputError(problems)
    settings = _github_settings(args)
    options = _gate_options(args)
    if args.dask is not None:
        from functools import partial

        from gate.distributed import check_on_dask

        check_run = partial(check_on_dask, address=args.dask, workers=jobs)  # --jobs: the worker processes of --dask local
    else:
        options["meanwhile"] = lambda: _import_renderers(args)  # while the workers read the set
    report = check_run(args.run, args.questions, args.thresholds, jobs=jobs, max_findings=max_findings, **options)
    return _emit(_with_links(report), args, settings)


def _import_renderers(args: argparse.Namespace) -> None:
    """Import the modules :func:`_emit` and :func:`_with_links` import for the reports asked for."""
    import gate.files
    import gate.render.terminal
    import gate.sources

    if args.json_path:
        import gate.render.json_report
    if args.markdown_path:
        import gate.render.markdown  # noqa: F401


def _emit(report: Report, args: argparse.Namespace, settings: ActionSettings | None = None) -> int:
    """Write the reports asked for, print the terminal report, publish to GitHub Actions
    (with ``settings``); the exit code of the verdict (``check`` and ``merge``)."""
    from gate.files import atomic_open, atomic_write_text
    from gate.render.terminal import render_terminal

    rendered = {}
    if args.markdown_path:
        from gate.render.markdown import render_markdown

        rendered[args.markdown_path] = render_markdown(report, full_report=args.json_path)
    if args.junit_path:
        from gate.render.junit import render_junit

        rendered[args.junit_path] = render_junit(report)
    if args.json_path:  # the findings written one by one (with --max-findings all, read from disk)
        from gate.render.json_report import write_json

        with atomic_open(args.json_path) as out:
            write_json(report, out)
        _PROGRESS.written.append(args.json_path)
    for path, text in rendered.items():
        atomic_write_text(path, text)
        _PROGRESS.written.append(path)
    # From here the verdict is decided and the reports are on disk: nothing that fails in
    # printing or publishing may change the exit code.
    _PROGRESS.code = EXIT_PASS if report.verdict.passed else EXIT_FAIL
    try:
        render_terminal(report, _console())
    except BrokenPipeError:
        _quiet_stdout()
    except OSError as exc:
        _error(f"cannot print the report to standard output ({exc.strerror or exc}); the verdict stands: {_verdict_words(report)}")
    if settings is not None:
        try:
            _publish(report, settings, args)
        except BrokenPipeError:
            _quiet_stdout()
        except OSError as exc:
            where = f" {exc.filename}" if exc.filename else ""
            _error(f"cannot publish to GitHub Actions{where} ({exc.strerror or exc}); the verdict stands: {_verdict_words(report)}")
    return _PROGRESS.code


def _score_shard(args: argparse.Namespace) -> int:
    from gate.errors import InputError, Problem
    from gate.files import output_problem
    from gate.shards import parse_shard, score_shard

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
    print(f"shard {shard[0]}/{shard[1]} of {args.run}: {lines:,} line(s) scored, written to {args.out}")
    return EXIT_PASS


def _merge(args: argparse.Namespace) -> int:
    from gate.errors import InputError
    from gate.shards import merge_shards

    problems = _gate_problems(args, list(args.shards))
    max_findings = _max_findings(args.max_findings, problems)
    if problems:
        raise InputError(problems)
    settings = _github_settings(args)
    jobs = _jobs(None, problems) if args.judgements else 1  # a judged log is scored again (see gate.shards.merge_shards)
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
    the markdown links each rule to its line (in GitHub Actions only; see gate.sources)."""
    from dataclasses import replace

    from gate.sources import thresholds_url

    return replace(report, thresholds_url=thresholds_url(os.environ, report.thresholds))


def _publish(report: Report, settings: ActionSettings, args: argparse.Namespace) -> None:
    """GitHub Actions: annotations, job summary, step outputs, sticky comment.

    Nothing here changes the verdict: a comment that cannot be posted is one warning.
    """
    from gate.actions import Annotation, SettingsError, annotations, write_output, write_summary
    from gate.github import GitHubClient, GitHubError, ReadOnlyToken, comment_body, comment_marker
    from gate.limits import SUMMARY_LIMIT_BYTES
    from gate.render.markdown import render_markdown
    from gate.verdict import FAIL, WARN

    assert settings.step_summary is not None and settings.output is not None  # required by from_env(require=("summary", "output"))
    items = [Annotation("error" if r.status == FAIL else "warning", text, title=f"answer-gate {r.slice} {r.rule.measure}")
             for r, text in zip(report.rules, report.rule_texts) if r.status in (FAIL, WARN)]
    for line in annotations(items):
        print(line)
    where = f"the job summary of {settings.run_url}" if settings.run_url else "the job summary"
    summary_limit = SUMMARY_LIMIT_BYTES - (settings.step_summary.stat().st_size if settings.step_summary and settings.step_summary.exists() else 0)
    summary = render_markdown(report, limit=summary_limit, full_report=args.json_path)
    while len(summary.encode("utf-8")) > summary_limit:
        summary = render_markdown(report, limit=len(summary) * summary_limit // len(summary.encode("utf-8")) - 1, full_report=args.json_path)
    write_summary(settings.step_summary, summary)
    comment_url = ""
    if args.comment:
        try:
            comment_settings = settings.from_env(os.environ, require=("comment",))
        except SettingsError as exc:
            print(f"::warning title=answer-gate::comment skipped: {exc}")
            comment_settings = None
        if comment_settings is not None and comment_settings.comment_skip_reason:
            print(f"comment skipped: {comment_settings.comment_skip_reason}")
        elif comment_settings is not None:
            # from_env(require=("comment",)) raised unless the token and the repository are set; the pull request is known here.
            assert comment_settings.token and comment_settings.repository and comment_settings.pr_number is not None
            marker = comment_marker(args.comment_key)
            body = comment_body(report, marker, full_report=where)
            try:
                with GitHubClient(comment_settings.token, comment_settings.repository, api_url=comment_settings.api_url) as client:
                    result = client.upsert_comment(comment_settings.pr_number, body, marker)
                comment_url = result.url
                print(f"comment {result.action}: {result.url}")
            except ReadOnlyToken:
                print("::warning title=answer-gate::comment skipped: the token cannot write to this pull request "
                      "(a fork or Dependabot pull request); the report is in the job summary"
                      + (f" and in {args.markdown_path}" if args.markdown_path else ""))
            except GitHubError as exc:
                print(f"::warning title=answer-gate::comment not posted: {exc}; the verdict stands and the report is in the job summary")
    outputs = {
        "passed": "true" if report.verdict.passed else "false",
        "report-json": os.path.abspath(args.json_path) if args.json_path else "",
        "report-markdown": os.path.abspath(args.markdown_path) if args.markdown_path else "",
        "comment-url": comment_url,
    }
    for name, value in outputs.items():
        write_output(settings.output, name, value)


def _comment(args: argparse.Namespace) -> int:
    """The workflow_run half: re-render the comment from a validated JSON report and post it
    on the pull request the triggering run belongs to, found through the API."""
    from gate.actions import PULL_REQUEST_EVENTS, ActionSettings, SettingsError, WorkflowRunHead
    from gate.errors import InputError, Problem
    from gate.github import GitHubClient, comment_body, comment_marker
    from gate.render.json_report import read_report

    problems = _comment_key_problems(args.comment_key)
    if problems:
        raise InputError(problems)
    try:
        report = read_report(args.report)
    except InputError as error:
        report_problems: list[Problem] | None = list(error.problems)
    else:
        report_problems = None
    env = dict(os.environ)
    missing = [name for name in ("GITHUB_REPOSITORY",) if not env.get(name)]
    if not (env.get("INPUT_TOKEN") or env.get("GITHUB_TOKEN")):
        missing.append("GITHUB_TOKEN (or INPUT_TOKEN)")
    missing += [name for name in ("GITHUB_EVENT_NAME", "GITHUB_EVENT_PATH") if not env.get(name)]
    unset: SettingsError | None = SettingsError(missing, purpose=COMMENT_PURPOSE) if missing else None
    head = None
    if unset is None:
        try:
            head = WorkflowRunHead.from_env(env)
        except SettingsError as exc:
            unset = exc
    if report_problems is not None:  # a bad report and the settings' problems at once: the report is checked outside Actions too
        raise InputError(report_problems + ([Problem("environment", None, None, str(unset))] if unset is not None else []))
    if unset is not None:
        raise unset
    assert head is not None
    if head.event not in PULL_REQUEST_EVENTS:
        print(f"no comment: the triggering run {head.run_id} ran on '{head.event}', not on a pull request")
        return EXIT_PASS
    settings = ActionSettings.from_env(env)
    assert settings.token is not None and settings.repository is not None  # both checked as missing above
    marker = comment_marker(args.comment_key)
    where = f"the job summary of {head.run_url}" if head.run_url else f"the job summary of run {head.run_id}"
    body = comment_body(report, marker, full_report=where)
    with GitHubClient(settings.token, settings.repository, api_url=settings.api_url) as client:
        numbers = client.pull_requests_for_head(head.head_repository, head.head_branch, head.head_sha)
        if not numbers:
            print(f"no comment: no open pull request of {settings.repository} has the head {head.head_repository}"
                  f"{':' + head.head_branch if head.head_branch else ''} at {head.head_sha[:12]} (closed, or pushed again since run {head.run_id})")
            return EXIT_PASS
        for number in numbers:
            result = client.upsert_comment(number, body, marker)
            print(f"comment {result.action} on pull request #{number}: {result.url}")
    return EXIT_PASS


def _baseline_save(args: argparse.Namespace) -> int:
    from gate.baseline import save_baseline
    from gate.baseline.storage import STORED_MEASURES as MEASURES
    from gate.report import display_rate
    from gate.scores import ALL

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
    from gate.report import display_rate
    from gate.scores import ALL

    if b.judgements is None:
        return "judgements: none stored (no --judgements): no rubric or quality measure stored"
    count = b.score(ALL, "rubric_pass")
    return (f"judgements: {len(b.judgements.records)} stored (rubric version {b.judgements.rubric_version}); "
            f"rubric pass {display_rate(count.rate)} (n={count.denominator})")


def _baseline_list(args: argparse.Namespace) -> int:
    from gate.baseline import list_baselines
    from gate.baseline.storage import JUDGED_MEASURES, STORED_MEASURES
    from gate.scores import ALL

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
    from gate.report import display_rate
    from gate.scores import ALL

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
    from gate.interrupts import terminated_as_interrupt

    _PROGRESS.written.clear()
    _PROGRESS.code = None
    with terminated_as_interrupt():  # SIGTERM stops a command as Ctrl-C does (exit 143)
        return _run_command(parser, args)


def _run_command(parser: _Parser, args: argparse.Namespace) -> int:
    """Run the parsed command; every error it raises becomes a message and an exit code."""
    from gate.errors import GateError, InputError
    from gate.interrupts import exit_code

    try:
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
        from gate.cli_rubric import run as run_rubric_command

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
    except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM (gate.interrupts.Terminated)
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
