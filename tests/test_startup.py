"""The quick start (issue 12, item 6): ``answer-gate --version`` and ``--help`` build only the
top level of the parser and import nothing a command needs.

The time itself is measured by ``benchmarks/bench_check.py --startup`` (a benchmark, not a
test: wall time on a shared machine is noise); these tests pin what makes it quick.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys

import pytest

from gate.cli import main as cli
from gate.core.build import compiled

#: What no start without a command may import: the libraries and the gate's own modules
#: that commands import when they run, and typing and pathlib (a few ms each at start).
NOT_AT_START = ("typing", "pathlib", "rich", "yaml", "jsonschema", "pandas", "babel", "httpx", "text_to_num",
                "dask", "distributed", "fsspec")
GATE_AT_START = {"gate", "gate.cli", "gate.cli.main", "gate.cli.parser", "gate.cli.values", "gate.cli.rubric",
                 "gate.core", "gate.core.build"}  # build: which core runs, for --version (a look at the files, no import)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def test_the_top_level_parser_says_what_the_full_one_says() -> None:
    full, top = cli._parser(commands_built=True), cli._parser(commands_built=False)
    assert top.format_help() == full.format_help()
    assert top.format_usage() == full.format_usage()
    assert re.search(r"\n    check +score a run and gate it\n", top.format_help())


@pytest.mark.parametrize("argv, code, first_line", [
    (["--version"], 0, f"answer-gate 0.1.0 ({'compiled core' if compiled() else 'pure-Python core'})"), (["--help"], 0, "usage: answer-gate [-h] [--version] COMMAND ..."),
    (["-h"], 0, "usage: answer-gate [-h] [--version] COMMAND ..."), ([], 2, "usage: answer-gate [-h] [--version] COMMAND ..."),
])  # --bogus: said in the project's words (tests/test_cli_options.py)
def test_no_command_gives_the_full_parsers_output(argv: list[str], code: int, first_line: str) -> None:
    got = _run(argv)
    full = cli._parser(commands_built=True)
    expected_out, expected_err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(expected_out), contextlib.redirect_stderr(expected_err):
        try:
            full.parse_args(argv)
            full.print_help(sys.stderr)  # no command: main prints the help to stderr
        except SystemExit:
            pass
    assert got == (code, expected_out.getvalue(), expected_err.getvalue())
    assert (got[1] or got[2]).splitlines()[0] == first_line


def test_a_command_still_gets_its_arguments() -> None:
    code, out, _ = _run(["check", "--help"])
    assert code == 0 and "--questions FILE" in out and "--baseline VERSION|PATH" in out
    code, out, _ = _run(["baseline", "save", "--help"])
    assert code == 0 and "--force" in out


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_the_start_imports_no_command_s_modules(argv: list[str]) -> None:
    probe = ("import json, sys\n"
             "before = set(sys.modules)\n"
             "import contextlib, io\n"
             "from gate.cli.main import main\n"
             "with contextlib.redirect_stdout(io.StringIO()):\n"
             f"    code = main({argv!r})\n"
             "print(json.dumps({'code': code, 'new': sorted(set(sys.modules) - before)}))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)
    assert result["code"] == 0
    new = set(result["new"])
    assert {m for m in new if m == "gate" or m.startswith("gate.")} == GATE_AT_START
    assert sorted(m for m in new if m.split(".")[0] in NOT_AT_START) == []


END_PROBE = """
import atexit, sys, threading, time
from gate.cli.main import main
atexit.register(lambda: print("atexit ran", flush=True))
sys.stdout.write("buffered, not flushed: ")
if sys.argv[1] == "thread":
    threading.Thread(target=time.sleep, args=(0.2,)).start()
sys.argv = ["answer-gate"] + sys.argv[2:]
code = main()
print("main returned", code, flush=True)
sys.exit(code)
"""


@pytest.mark.parametrize("thread", ["thread", "alone"])
@pytest.mark.parametrize("argv, code", [(["--version"], 0), (["check"], 2), (["nonsense"], 2)])
def test_the_command_line_ends_at_once_with_the_same_code_output_and_cleanup(thread: str, argv: list[str], code: int) -> None:
    """From the command line (no argv) the process ends without the interpreter's teardown:
    the same exit code, the buffered output flushed, atexit's functions run; with another
    thread running, main returns and the interpreter ends as usual."""
    done = subprocess.run([sys.executable, "-c", END_PROBE, thread, *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == code
    assert done.stdout.startswith("buffered, not flushed: ")
    assert done.stdout.rstrip().endswith("atexit ran")
    assert ("main returned" in done.stdout) == (thread == "thread")
    in_process = io.StringIO()
    with contextlib.redirect_stdout(in_process), contextlib.redirect_stderr(io.StringIO()):
        assert cli.main(argv) == code  # with argv: returns, as tests call it


def test_a_profiled_command_line_ends_as_usual_so_the_profile_is_written(tmp_path) -> None:
    """``python -m cProfile -m gate ...`` writes its profile after the command returns: with
    a profiler active the quick end is not taken, and the profile file is there."""
    profile = tmp_path / "check.prof"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "gate", "--version"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("answer-gate ")
    import pstats

    assert pstats.Stats(str(profile)).total_calls > 0


LAZY_PROBE = """
import json, re._compiler as rc
seen = []
original = rc.compile
def compile(p, flags=0):
    seen.append(p if isinstance(p, str) else "")
    return original(p, flags)
rc.compile = compile
from gate.figures import extract_figures, fall_reading
from gate.figures import readings
from gate.figures.languages import LANGUAGES
text = "Energy prices fell 1.9% in May; about 2 and a half million people, a dozen times."
figures = extract_figures(text, "en")
before_fall = list(seen)
fall = fall_reading(text, figures[0])
own = {code: [p for p in (lang.and_a_half, lang.dozens_after, lang.ordinal_words) if p] for code, lang in LANGUAGES.items()}
print(json.dumps({"figures": [str(f.value) for f in figures], "fall": str(fall.value) if fall else None,
                  "other_languages": sorted(c for c, ps in own.items() if c != "en" and any(p in before_fall for p in ps)),
                  "fall_before": readings._FALL in before_fall, "fall_after": readings._FALL in seen}))
"""


def test_reading_one_language_compiles_no_other_language_s_patterns_nor_unasked_readings():
    """The figure reader compiles a language's own patterns on the first text read in it, and
    the patterns of the fall reading on the first fall looked for: a run in English compiles
    none of the thirteen other languages' patterns; the figures read are the same."""
    done = subprocess.run([sys.executable, "-c", LAZY_PROBE], capture_output=True, text=True, check=True)
    got = json.loads(done.stdout)
    assert got["figures"] == ["1.9", "2500000", "12"] and got["fall"] == "-1.9"
    assert got["other_languages"] == []
    assert (got["fall_before"], got["fall_after"]) == (False, True)
