"""The command line: ``answer-gate`` and ``python -m gate``.

Only this module prints and chooses the exit code. Commands import what they need when
they run, so that ``answer-gate --help`` starts quickly.

Exit codes:
    0  the gate passed (warnings allowed)
    1  the gate failed: a rule with severity error broke
    2  bad input or configuration (every problem named, with file and line)
    3  internal error (a bug in answer-gate: please report it)
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

EXIT_PASS = 0
EXIT_FAIL = 1
EXIT_INPUT = 2
EXIT_INTERNAL = 3


def _parser() -> argparse.ArgumentParser:
    from gate import __version__

    parser = argparse.ArgumentParser(
        prog="answer-gate",
        description="Score a logged answer run per language, check it against thresholds.yaml "
        "and the previous version's baseline, and exit non-zero when a rule fails.",
        epilog="Exit codes: 0 passed, 1 a rule failed, 2 bad input or configuration, 3 internal error.",
    )
    parser.add_argument("--version", action="version", version=f"answer-gate {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser("check", help="score a run and gate it", description="Score a run log against a question set, check the rules, and report.")
    check.add_argument("run", help="the run log (JSON lines), e.g. answers_run_assistant-1.3_set-1.2.jsonl")
    check.add_argument("--questions", metavar="FILE", help="the question set (JSON lines); omit for a log in the merged form")
    check.add_argument("--thresholds", metavar="FILE", default="thresholds.yaml", help="the rules (default: thresholds.yaml in the working directory)")
    check.add_argument("--json", metavar="PATH", dest="json_path", help="write the JSON report here")
    return parser


def _error(message: str) -> None:
    print(f"answer-gate: {message}", file=sys.stderr)


def _console(file=None):
    from rich.console import Console

    stream = file or sys.stdout
    is_tty = hasattr(stream, "isatty") and stream.isatty()
    return Console(file=stream, width=None if is_tty else 120, no_color=bool(os.environ.get("NO_COLOR")), highlight=False, soft_wrap=True)


def _check(args: argparse.Namespace) -> int:
    from gate.errors import InputError, Problem
    from gate.files import atomic_write_text, check_writable
    from gate.pipeline import check_run
    from gate.render.json_report import render_json
    from gate.render.terminal import render_terminal

    outputs = {"--json": args.json_path}
    problems = [Problem(path, None, flag, why) for flag, path in outputs.items() if path and (why := check_writable(path))]
    if problems:
        raise InputError(problems)
    report = check_run(args.run, args.questions, args.thresholds)
    rendered = {}
    if args.json_path:
        rendered[args.json_path] = render_json(report)
    for path, text in rendered.items():
        atomic_write_text(path, text)
    render_terminal(report, _console())
    return EXIT_PASS if report.verdict.passed else EXIT_FAIL


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        return int(exc.code or 0) if isinstance(exc.code, int) else EXIT_INPUT
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_INPUT
    from gate.errors import GateError, InputError

    try:
        if args.command == "check":
            return _check(args)
        parser.error(f"unknown command {args.command}")
    except InputError as exc:
        count = exc.total
        _error(f"{count} problem{'s' if count != 1 else ''} with the input; nothing was written:")
        print(exc.render(), file=sys.stderr)
        return EXIT_INPUT
    except GateError as exc:
        _error(str(exc))
        return EXIT_INPUT
    except KeyboardInterrupt:
        _error("interrupted; nothing was written")
        return 130
    except Exception as exc:  # a bug: say so plainly, keep the traceback for debugging
        if os.environ.get("ANSWER_GATE_DEBUG"):
            raise
        _error(f"internal error: {type(exc).__name__}: {exc} (a bug in answer-gate; set ANSWER_GATE_DEBUG=1 for the traceback and please report it)")
        return EXIT_INTERNAL
    return EXIT_INPUT
