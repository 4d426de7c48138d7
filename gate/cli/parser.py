"""The command line's parser: every command and option, and its mistakes said as problems.

Commands are built only when the command line names one (``answer-gate --help`` stays quick);
a usage mistake becomes a :class:`CommandLineError` with the problems in the project's words.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from gate import TYPE_CHECKING
from gate.cli.values import path_value, size_value, text_value

if TYPE_CHECKING:
    from typing import Any, NoReturn

#: How many findings a report lists unless told (``--max-findings``).
DEFAULT_MAX_FINDINGS = 1000


class CommandLineError(Exception):
    """A command line argparse cannot read, said in the project's words: one
    :class:`gate.core.errors.Problem` per option at fault (see :meth:`_Parser.error`)."""

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
    from gate.core.build import core_name

    parser = _Parser(
        prog="answer-gate",
        description="Score a logged answer run per language, check it against thresholds.yaml "
        "and the previous version's baseline, and exit non-zero when a rule fails.",
        epilog="Exit codes: 0 passed, 1 a rule failed, 2 bad input or configuration, 3 internal error, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"answer-gate {__version__} ({core_name()})")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser if commands_built else _Unbuilt)
    _add_check(commands)
    _add_score_shard(commands)
    _add_merge(commands)
    actions = _add_baseline(commands)
    _add_comment(commands)
    from gate.cli.rubric import add_commands

    add_commands(commands)
    _add_baseline_list(actions)
    return parser


_Commands = argparse._SubParsersAction  # the type of ``add_subparsers()``: adds one command's parser


def _add_inputs(command: argparse.ArgumentParser, thresholds: str = "the rules") -> None:
    """The run log, its question set and the thresholds file (check, score-shard, baseline save)."""
    command.add_argument("--questions", type=path_value, metavar="FILE", help="the question set (JSON lines); omit for a log in the merged form")
    command.add_argument("--thresholds", type=path_value, metavar="FILE", default="thresholds.yaml", help=f"{thresholds} (default: thresholds.yaml in the working directory)")
    command.add_argument("--strict-fields", action="store_true", help="a field of the log the gate does not know is an input error, not a notice "
                         "(as strict_fields: true in the thresholds file)")
    _add_size_limits(command)


def _add_size_limits(command: argparse.ArgumentParser) -> None:
    """The whole-file bounds of the run log and the question set (over their variables)."""
    command.add_argument("--max-log-bytes", type=size_value, metavar="SIZE", default=None,
                         help="the largest run log read, such as 4GiB (default: ANSWER_GATE_MAX_LOG_BYTES, else 2 GiB)")
    command.add_argument("--max-set-bytes", type=size_value, metavar="SIZE", default=None,
                         help="the largest question set read, such as 2GiB (default: ANSWER_GATE_MAX_SET_BYTES, else 1 GiB)")


def _add_reports(command: argparse.ArgumentParser, markdown: str) -> None:
    """The report files (check, merge)."""
    command.add_argument("--json", type=path_value, metavar="PATH", dest="json_path", help="write the JSON report here")
    command.add_argument("--markdown", type=path_value, metavar="PATH", dest="markdown_path", help=f"write the markdown report here{markdown}")
    command.add_argument("--junit", type=path_value, metavar="PATH", dest="junit_path", help="write a JUnit XML report here: one test case per rule and slice")


def _add_baseline_choice(command: argparse.ArgumentParser, baselines: str) -> None:
    """Where baselines are stored and which one a run is compared with (check, merge)."""
    command.add_argument("--baselines", type=path_value, metavar="DIR", default=None, help=f"where baselines are stored (default: baselines/ beside the thresholds file, else baselines in the working directory{baselines})")
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
    _add_size_limits(merge)
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
