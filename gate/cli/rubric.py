"""The rubric's commands: ``sample``, ``grade`` and ``set add-failures``.

Kept beside :mod:`gate.cli`, which registers them (:func:`add_commands`) and runs them
(:func:`run`): only the command line prints and picks the exit code. Library errors are
:class:`gate.core.errors.InputError`, which :func:`gate.cli.main.main` reports with exit code 2.
"""

from __future__ import annotations

import argparse
import sys

from gate import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any

    from gate.core.errors import ProblemCollector
    from gate.figures.model import MatchSettings

EXIT_PASS, EXIT_FAIL, EXIT_INPUT = 0, 1, 2
#: The review sheet ``sample`` writes in its ``--out`` folder.
SHEET_FILES = ("review.csv", "review.jsonl", "review.html")


def add_commands(commands: argparse._SubParsersAction[Any]) -> None:
    """Add the rubric's commands to the ``answer-gate`` parser."""
    from gate.cli.values import count_value, number_value, path_value, text_value, whole_value

    sample = commands.add_parser("sample", help="draw a sample of a run for readers and write the review sheet",
                                 description="Draw a sample stratified by language (the same seed gives the same sample on any machine) and "
                                 "write review.csv, review.jsonl and review.html (a self-contained page that exports the judgements file).")
    sample.add_argument("run", type=path_value, help="the run log (JSON lines)")
    sample.add_argument("--questions", type=path_value, metavar="FILE", help="the question set; omit for a log in the merged form")
    sample.add_argument("--rubric", type=path_value, metavar="FILE", default="rubric.yaml", help="the rubric (default: rubric.yaml in the working directory)")
    sample.add_argument("--thresholds", type=path_value, metavar="FILE",
                        help="the rules whose matching settings mark the figures on the review page as check reads them "
                             "(default: thresholds.yaml in the working directory when there is one, else the shipped settings)")
    sample.add_argument("--size", type=count_value, default=30, help="how many answers (default 30)")
    sample.add_argument("--seed", type=whole_value, required=True, help="any whole number; the same seed gives the same sample")
    sample.add_argument("--out", type=path_value, metavar="DIR", required=True, help="the folder to write the review sheet in (created if missing)")
    sample.add_argument("--force", action="store_true", help="replace review.csv, review.jsonl and review.html when the folder holds them already "
                        "(without it the gate refuses: a filled-in sheet would be lost)")

    grade = commands.add_parser("grade", help="judge a run's answers with a model (an OpenAI-compatible endpoint)",
                                description="Ask a model to judge each answer against the rubric (temperature 0, structured JSON output) and write "
                                "judgements in the gate's format, or with --calibrate measure it against people's labels. The API key is read "
                                "from the environment variable named by --api-key-env. Exit 0: every answer judged; 1: more judgements failed "
                                "than --max-failures allows, answers left unjudged (--budget, an early stop), or below the floor with "
                                "--calibrate; 2: bad options or input, or nothing judged (then nothing is written).")
    grade.add_argument("run", type=path_value, help="the run log (JSON lines) whose answers are judged; with --calibrate, "
                       "the run the people's judgements are of")
    grade.add_argument("--questions", type=path_value, metavar="FILE", help="the question set; omit for a log in the merged form")
    grade.add_argument("--rubric", type=path_value, metavar="FILE", default="rubric.yaml", help="the rubric (default: rubric.yaml)")
    grade.add_argument("--endpoint", type=text_value, metavar="URL", required=True, help="base URL of the API, e.g. http://localhost:8000/v1")
    grade.add_argument("--model", type=text_value, metavar="NAME", required=True, help="the model to ask")
    grade.add_argument("--name", type=text_value, default="answer-gate-grader", help="the grader's name in its judgements")
    grade.add_argument("--api-key-env", type=text_value, metavar="VAR", default="ANSWER_GATE_API_KEY", help="environment variable holding the API key (default ANSWER_GATE_API_KEY; unset: no key sent)")
    grade.add_argument("--timeout", type=number_value, metavar="SECONDS", default=60.0, help="seconds to wait for a reply (default 60)")
    grade.add_argument("--connect-timeout", type=number_value, metavar="SECONDS", default=5.0,
                       help="seconds to wait for a connection (default 5); before the endpoint first answers, a failed connection is not "
                       "retried, and the run stops after 3 in a row")
    grade.add_argument("--retries", type=whole_value, default=3, help="retries on a timeout, a 429 or a 5xx (default 3)")
    grade.add_argument("--max-failures", type=whole_value, metavar="N", default=0,
                       help="judgements that may fail (no valid output after the retries) before the command exits 1 (default 0); "
                       "the good judgements are written either way")
    grade.add_argument("--cache", type=path_value, metavar="DIR", help="keep each valid reply under the SHA-256 of its exact request "
                       "(endpoint, model, request body) and never send that request again; failures are not kept (created if missing)")
    grade.add_argument("--dry-run", action="store_true", help="say how many requests the run would send and how many the cache "
                       "answers; send nothing, write nothing")
    grade.add_argument("--budget", type=whole_value, metavar="N", help="send at most N new requests (the cache's answers are free); "
                       "the answers beyond are left unjudged and the command exits 1")
    grade.add_argument("--concurrency", type=whole_value, metavar="N", default=4, help="requests in flight at once, 1 to 64 (default 4; "
                       "1 for a server that serves one at a time)")
    grade.add_argument("--out", type=path_value, metavar="FILE", help="write the judgements here (JSON lines; a new file, unless --force); "
                       "not with --calibrate")
    grade.add_argument("--force", action="store_true", help="replace the judgements file if it exists")
    grade.add_argument("--calibrate", type=path_value, metavar="FILE", help="human-labelled examples (people's judgements of the run's "
                       "answers): judge those answers, print kappa per rubric question and exit 1 below the floor; needs the run "
                       "(and --questions for a log not in the merged form)")
    grade.add_argument("--thresholds", type=path_value, metavar="FILE", default="thresholds.yaml", help="for the graders floor with --calibrate (default thresholds.yaml)")

    set_parser = commands.add_parser("set", help="work on the question set", description="Draft additions to the question set.")
    set_parser.set_defaults(print_set_help=set_parser.print_help)
    actions = set_parser.add_subparsers(dest="set_command", metavar="ACTION")
    failures = actions.add_parser("add-failures", help="draft set entries from a run's failures, for a person to review",
                                  description="Write draft entries for a person to review: each failed question with its findings or the reader's "
                                  "note, and the expected caveat added where a reader said it was missing. Never edits the set.")
    failures.add_argument("run", type=path_value, help="the run log (JSON lines)")
    failures.add_argument("--questions", type=path_value, metavar="FILE", required=True, help="the question set")
    failures.add_argument("--judgements", type=path_value, metavar="FILE", nargs="+", default=[], help="readers' judgements")
    failures.add_argument("--rubric", type=path_value, metavar="FILE", default="rubric.yaml", help="the rubric (default: rubric.yaml)")
    failures.add_argument("--thresholds", type=path_value, metavar="FILE", default="thresholds.yaml", help="the rules (default: thresholds.yaml)")
    failures.add_argument("--out", type=path_value, metavar="DRAFT.jsonl", required=True, help="the draft file to write (never the set itself)")
    failures.add_argument("--force", action="store_true", help="replace the draft file when it exists already (without it the gate refuses)")


def sheet_problems(folder: str, inputs: list[str | None], force: bool) -> list[tuple[str, None, str, str]]:
    """Why the review sheet cannot be written in ``folder``: ``(path, None, "--out", why)``.

    The folder must be a folder (it is created when missing); each of its sheet files is an
    output path as every command checks one (:func:`gate.core.files.output_problem`: no symbolic
    link, no folder, no input), and without ``force`` a new file: one there may hold
    readers' work.
    """
    import os

    from gate.core.files import output_problem

    if os.path.islink(folder) or (os.path.exists(folder) and not os.path.isdir(folder)):
        what = f"a symbolic link to {os.readlink(folder)!r}" if os.path.islink(folder) else "a file"
        return [(folder, None, "--out", f"expected a folder for the review sheet, found {what}")]
    if not os.path.isdir(folder):
        return []  # created before the sheet is written; a folder that cannot be is said then
    taken = {os.path.realpath(p): p for p in inputs if p}
    out = []
    for name in SHEET_FILES:
        path = os.path.join(folder, name)
        why = output_problem(path, taken, force=force)
        if why and why.startswith("expected a new file, found an existing one"):
            why = ("expected a folder without a review sheet, found this file already: it may hold readers' work; "
                   "pass --force to replace it, or choose another --out")
        if why:
            out.append((path, None, "--out", why))
    return out


def _warn(message: str) -> None:
    print(f"answer-gate: warning: {message}", file=sys.stderr)


def run(args: argparse.Namespace) -> int | None:
    """Run a rubric command; None when the command is not one of these."""
    if args.command == "sample":
        return _sample(args)
    if args.command == "grade":
        from gate.cli.grade import grade_command

        return grade_command(args, _warn)
    if args.command == "set":
        if args.set_command == "add-failures":
            from gate.run.failures import add_failures_command

            return add_failures_command(args)
        args.print_set_help(sys.stderr)
        return EXIT_INPUT
    return None


def _matching_settings(path: str | None, problems: ProblemCollector) -> MatchSettings | None:
    """The matching settings of the thresholds file ``sample`` marks figures with: the one
    given, else thresholds.yaml in the working directory when there is one, else None (the
    shipped settings); a bad file is a problem of the input."""
    from pathlib import Path

    from gate.core.errors import InputError
    from gate.rules.thresholds import load_thresholds

    if path is None:
        if not Path("thresholds.yaml").is_file():
            return None
        path = "thresholds.yaml"
    try:
        return load_thresholds(path).matching
    except InputError as error:
        problems.absorb(error)
        return None


def _sample(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gate.core.errors import InputError, Problem, ProblemCollector, say_notices
    from gate.core.files import atomic_write_text
    from gate.inputs.join import join
    from gate.inputs.question_set import load_question_set
    from gate.inputs.rubric import load_rubric
    from gate.inputs.run_log import load_run
    from gate.judged.review_page import review_html
    from gate.judged.sample import draw_sample, review_csv, review_jsonl, sheet_items

    problems = ProblemCollector()
    rubric = None
    try:
        rubric = load_rubric(args.rubric)
    except InputError as error:
        problems.absorb(error)
    run_log = load_run(args.run, problems)
    question_set = load_question_set(args.questions, problems) if args.questions else None
    joined = join(run_log, question_set, problems)
    settings = _matching_settings(args.thresholds, problems)
    out = Path(args.out)
    for problem in sheet_problems(args.out, [args.run, args.questions, args.rubric], args.force):
        problems.add(*problem)
    problems.raise_if_any()
    assert rubric is not None
    say_notices((*run_log.notices, *joined.notices))
    sample = draw_sample(joined.pairs, args.size, args.seed)
    for warning in sample.warnings:
        _warn(warning)
    items = sheet_items(sample, rubric, settings)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError([Problem(args.out, None, "--out", f"cannot create the folder: {exc.strerror or exc}")]) from None
    title = f"answer-gate review: {Path(args.run).name}, seed {args.seed}"
    atomic_write_text(str(out / "review.csv"), review_csv(items, rubric))
    atomic_write_text(str(out / "review.jsonl"), review_jsonl(items))
    atomic_write_text(str(out / "review.html"), review_html(items, rubric, title))
    languages = sorted({i["language"] for i in items})
    answered = sum(1 for _, answer in joined.pairs if answer is not None)  # one a question: the last of repeated attempts
    print(f"sampled {len(items)} of {answered} answers (seed {args.seed}; languages {', '.join(languages)}): "
          f"{out / 'review.csv'}, {out / 'review.jsonl'}, {out / 'review.html'}")
    return EXIT_PASS
