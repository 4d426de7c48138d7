"""Benchmark: the whole ``answer-gate check`` command beside the floor and the recipe's sketch.

Generates reproducible, realistic runs (a run log with its header, the matching question set,
and the same answers in the merged form the recipe's sketch reads) of 10,000, 100,000 and
1,000,000 answers in five languages (en, fr, de, es, it): two to four figures an answer,
French and German number formats (``1 234 567``, ``1.234.567``, ``7,6``), hedges ("about",
"environ", "rund", "alrededor de", "circa"), about 10% of questions to decline, some
figures no evidence supports and some citations of series never retrieved.

Then, for each size, runs three commands as child processes, interleaved, and measures the
wall time and the peak memory of each child's process tree (the resident set of the child
and every descendant, sampled every 20 ms, and the maximum resident set ``wait4`` reports,
whichever is larger):

* floor: read and parse every line with a fast JSON parser (orjson when installed, else the
  standard library), and one regular expression over each answer;
* sketch: the recipe's ``answer_scores.py`` (the project's source documents, measurement-of-generated-answers,
  recipe 4.2) re-implemented here, its logic as written: pandas reads the merged log, each
  answer is scored with the plain number pattern, ``math.isclose`` and the year filter, the
  checks become one row each in a DataFrame grouped per slice, the table and every finding
  are printed;
* check: ``answer-gate check RUN --questions SET --json OUT`` with the shipped thresholds,
  in an empty working directory (no baselines folder), stdout to /dev/null; extra arguments
  with ``--check-args``.

Prints a table (median of ``--repeat`` runs) and writes every measurement as JSON.

Usage:
    python benchmarks/bench_check.py [--sizes 10000,100000] [--repeat 3] [--json out.json]
                                     [--workdir DIR] [--check-args "--jobs 2"] [--startup]
                                     [--compiled VENV/bin/python]

``--compiled`` times the compiled core's ``answer-gate`` (the console script of that virtual
environment, without PYTHONPATH) beside the pure one, interleaved, after checking what each
says with ``--version``, and compares their JSON reports byte for byte.

The 1,000,000-answer size takes minutes per command (and the sketch several GB): give it
with ``--sizes 1000000`` once, on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SIZES = (10_000, 100_000, 1_000_000)

# --- the generated runs ----------------------------------------------------------------

LANGUAGES = ("en", "fr", "de", "es", "it")
LANGUAGE_WEIGHTS = (40, 20, 15, 15, 10)

HEDGES = {
    "en": ("", "", "about ", "nearly ", "around ", "almost "),
    "fr": ("", "", "environ ", "près de ", "presque "),
    "de": ("", "", "rund ", "etwa ", "fast "),
    "es": ("", "", "alrededor de ", "casi ", "cerca de "),
    "it": ("", "", "circa ", "quasi ", "oltre "),
}

# One clause per figure: {h} a hedge, {v} the figure as written, {y} a year.
CLAUSES = {
    "en": (
        "{h}{v}% of households had access to electricity in {y}",
        "the population reached {h}{v} in {y}",
        "the under-five mortality rate was {h}{v} per 1,000 live births in {y}",
        "exports rose to {h}{v} million dollars in {y}",
        "unemployment stood at {h}{v}% in the second quarter of {y}",
    ),
    "fr": (
        "{h}{v} % des ménages avaient accès à l'électricité en {y}",
        "la population atteignait {h}{v} habitants en {y}",
        "le taux de chômage était de {h}{v} % au deuxième trimestre {y}",
        "les exportations ont atteint {h}{v} millions d'euros en {y}",
    ),
    "de": (
        "die Arbeitslosenquote lag {y} bei {h}{v} %",
        "die Bevölkerung erreichte {y} {h}{v} Einwohner",
        "die Exporte stiegen {y} auf {h}{v} Millionen Euro",
        "{h}{v} % der Haushalte hatten {y} einen Internetanschluss",
    ),
    "es": (
        "la tasa de paro fue del {h}{v} % en {y}",
        "la población alcanzó {h}{v} habitantes en {y}",
        "las exportaciones sumaron {h}{v} millones de euros en {y}",
        "el {h}{v} % de los hogares tenía acceso a internet en {y}",
    ),
    "it": (
        "il tasso di disoccupazione era del {h}{v}% nel {y}",
        "la popolazione ha raggiunto {h}{v} abitanti nel {y}",
        "le esportazioni sono salite a {h}{v} milioni di euro nel {y}",
        "il {h}{v}% delle famiglie aveva accesso a internet nel {y}",
    ),
}
# Which clauses state a whole count (the others a rate with one decimal).
COUNT_CLAUSES = {"the population reached {h}{v} in {y}", "la population atteignait {h}{v} habitants en {y}",
                 "die Bevölkerung erreichte {y} {h}{v} Einwohner", "la población alcanzó {h}{v} habitantes en {y}",
                 "la popolazione ha raggiunto {h}{v} abitanti nel {y}"}
DECLINES = {
    "en": "The statistics office does not publish this figure at district level, so I cannot give one.",
    "fr": "L'institut ne publie pas ce chiffre au niveau du district ; je ne peux pas le donner.",
    "de": "Das Amt veröffentlicht diese Zahl nicht auf Kreisebene; ich kann sie nicht angeben.",
    "es": "La oficina no publica esta cifra a nivel de distrito, así que no puedo darla.",
    "it": "L'istituto non pubblica questo dato a livello di distretto, quindi non posso fornirlo.",
}
SERIES = ("LAB_UNEMP_RATE", "POP_TOTAL", "HLTH_U5_MORT_RATE", "TRD_EXPORTS_EUR", "ENR_ELEC_ACCESS",
          "ICT_HH_INTERNET", "EDU_PRIM_ENRL", "FS_UNDERNOURISH_PCT")


def _written(value: float | int, language: str) -> str:
    """A figure in the language's number format: 1,234,567 / 1 234 567 / 1.234.567; 7.6 / 7,6."""
    if isinstance(value, int):
        text = f"{value:,}"
        return {"en": text, "fr": text.replace(",", "\u202f")}.get(language, text.replace(",", "."))
    text = f"{value:.1f}"
    return text if language == "en" else text.replace(".", ",")


def generate_answer(rng: random.Random, index: int) -> tuple[dict, dict]:
    """One logged answer and its question (the set's line), from a seeded generator."""
    language = rng.choices(LANGUAGES, LANGUAGE_WEIGHTS)[0]
    qid = f"q{index:07d}"
    series = rng.sample(SERIES, rng.choice((1, 1, 2)))
    decline = rng.random() < 0.10
    question = {"question_id": qid, "language": language, "question": f"question {index} on {', '.join(series)}",
                "expected_behaviour": "decline" if decline else "answer"}
    declined = (rng.random() < 0.85) if decline else (rng.random() < 0.03)
    if declined:
        answer = {"question_id": qid, "language": language, "question": question["question"],
                  "retrieved_ids": [], "retrieved_values": [], "answer": DECLINES[language],
                  "cited_ids": [], "declined": True}
        return answer, question
    clauses, values, stated = [], [], []
    for template in rng.sample(CLAUSES[language], rng.randint(2, 4)):
        value: float | int = rng.randint(10_000, 9_999_999) if template in COUNT_CLAUSES else round(rng.uniform(1, 95), 1)
        values.append(value)
        shown = value
        if rng.random() < 0.06:  # a figure the evidence does not hold
            shown = value + 7 if isinstance(value, int) else round(value + 2.3, 1)
        stated.append(shown)
        clauses.append(template.format(h=rng.choice(HEDGES[language]), v=_written(shown, language), y=rng.randint(2005, 2025)))
    cited = list(series)
    if rng.random() < 0.05:  # a series cited from memory
        cited.append(f"{rng.choice(SERIES)}_{rng.randint(2000, 2024)}")
    text = "; ".join(clauses)
    text = text[0].upper() + text[1:] + f" ({', '.join(cited)})."
    if not decline:
        question["expected_values"] = [values[0]]
        question["expected_ids"] = series
    answer = {"question_id": qid, "language": language, "question": question["question"], "retrieved_ids": series,
              "retrieved_values": values, "answer": text, "cited_ids": cited, "declined": False}
    return answer, question


def generate(n: int, folder: Path, seed: int = 12) -> dict[str, Path]:
    """Write the run log, the question set and the merged log of ``n`` answers under ``folder``.

    Returns the paths (``run``, ``set``, ``merged``). The same ``n`` and ``seed`` give the same
    bytes; files already there are reused."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {"run": folder / f"answers_run_assistant-9.0_set-{n}.jsonl", "set": folder / f"question_set-{n}.jsonl",
             "merged": folder / f"merged-{n}.jsonl"}
    if all(p.exists() for p in paths.values()):
        return paths
    rng = random.Random(seed)
    dump = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    with open(paths["run"], "w", encoding="utf-8") as run, open(paths["set"], "w", encoding="utf-8") as qset, \
            open(paths["merged"], "w", encoding="utf-8") as merged:
        run.write(dump({"run": {"assistant_version": "9.0", "set_version": str(n)}}) + "\n")
        qset.write(dump({"set": {"version": str(n)}}) + "\n")
        for i in range(n):
            answer, question = generate_answer(rng, i)
            run.write(dump(answer) + "\n")
            qset.write(dump(question) + "\n")
            expectations = {k: question[k] for k in ("expected_behaviour", "expected_values") if k in question}
            merged.write(dump({**answer, "expected_values": [], **expectations}) + "\n")
    return paths


# --- the floor and the sketch, each run as a child process -------------------------------

FLOOR = r'''
import re, sys
try:
    from orjson import loads
except ImportError:
    from json import loads
NUMBER = re.compile(r"\d+(?:[.,\u202f ]\d+)*")
count = 0
with open(sys.argv[1], "rb") as handle:
    for line in handle:
        value = loads(line)
        count += len(NUMBER.findall(value.get("answer") or ""))
print(count)
'''

SKETCH = r'''
"""The recipe's answer_scores.py (recipe 4.2), its logic re-implemented for the benchmark."""
import math, re, sys
import pandas as pd

NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:[ ,]\d{3})+|\d+)(?:[.,](\d+))?(?![\w])")
IGNORE = re.compile(r"\d{4}-\d{2}-\d{2}|per\s+[\d,. ]+\b|\b[A-Z][A-Z0-9_]{3,}\b")
MEASURES = [("numeric", "numeric accuracy"), ("citation", "citation validity"),
            ("declined_when_expected", "refusal accuracy"), ("answered_when_expected", "answer rate when expected"),
            ("unsupported", "unsupported numbers")]

def numbers(text):
    found = []
    for whole, frac in NUMBER.findall(IGNORE.sub(" ", text)):
        whole = re.sub(r"[ ,]", "", whole)
        found.append(float(whole + "." + frac) if frac else float(whole))
    return found

def is_year(v):
    return 1900 <= v <= 2100 and v.is_integer()

def score(r):
    checks, findings = [], []
    found = numbers(r["answer"])
    if r["expected_behaviour"] == "answer":
        hit = (not r["declined"]) and any(math.isclose(v, e) for e in r["expected_values"] for v in found)
        checks += [("numeric", float(hit)), ("answered_when_expected", float(not r["declined"]))]
        if not hit:
            findings.append(f"{r['question_id']}: expected {r['expected_values']}, answer gave {found}")
    else:
        checks.append(("declined_when_expected", float(r["declined"])))
        if not r["declined"]:
            findings.append(f"{r['question_id']}: should have declined, answered {r['answer'][:60]!r}")
    for cid in r["cited_ids"]:
        valid = cid in r["retrieved_ids"]
        checks.append(("citation", float(valid)))
        if not valid:
            findings.append(f"{r['question_id']}: cited {cid}, which was not retrieved")
    supported = set(r["retrieved_values"]) | set(r["expected_values"])
    for v in found:
        if is_year(v):
            continue
        ok = any(math.isclose(v, s) for s in supported)
        checks.append(("unsupported", float(not ok)))
        if not ok:
            findings.append(f"{r['question_id']}: number {v:g} is not a retrieved value")
    return checks, findings

answers = pd.read_json(sys.argv[1], lines=True).to_dict("records")
records, findings = [], []
for r in answers:
    checks, found = score(r)
    findings += found
    records += [{"language": r["language"], "measure": m, "value": v} for m, v in checks]
df = pd.DataFrame(records)
by_slice = pd.concat([df.assign(slice="all"), df.assign(slice="language=" + df["language"])])
table = by_slice.groupby(["slice", "measure"], sort=False)["value"].agg(["mean", "size"])
print(f"{len(answers)} answers\n")
print(f"{'slice':<14}" + "".join(f"{label:>26}" for _, label in MEASURES))
for s in by_slice["slice"].unique():
    cells = [f"{table.loc[(s, k), 'mean']:.2f} (n={int(table.loc[(s, k), 'size'])})" if (s, k) in table.index else "-"
             for k, _ in MEASURES]
    print(f"{s:<14}" + "".join(f"{c:>26}" for c in cells))
if findings:
    print("\nfindings:")
    for f in findings:
        print(f"  {f}")
'''


def _tree_rss(pid: int) -> int:
    """Resident bytes of a process and all its descendants (Linux /proc)."""
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        try:
            with open(f"/proc/{current}/statm") as handle:
                total += int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as handle:
                    stack.extend(int(c) for c in handle.read().split())
        except (OSError, ValueError):
            continue
    return total


#: The children's environment: the gate's default input size limits (a 2 GiB log, a 1 GiB
#: set) fit the 1,000,000-answer log (about 440 MB) and its set (about 190 MB); a limit set in
#: the environment is kept.
LIMITS = dict(os.environ)


def measure(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> dict:
    """Run a command; its wall time (s), CPU time of its process tree (user + system, s), peak
    memory of its process tree (MB) and exit code."""
    peak = 0
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=LIMITS if env is None else env)
    done = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not done.wait(0.02):
            peak = max(peak, _tree_rss(child.pid))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    child.returncode = os.waitstatus_to_exitcode(status)
    stderr = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
    peak = max(peak, usage.ru_maxrss * 1024)
    cpu = usage.ru_utime + usage.ru_stime  # the child's and every descendant it waited for (the workers)
    return {"seconds": round(wall, 3), "cpu": round(cpu, 3), "peak_mb": round(peak / 2**20, 1), "exit": child.returncode, "stderr": stderr[-2000:]}


def compile_bytecode() -> None:
    """Compile the gate's modules to bytecode before timing, as ``pip install`` does: without it,
    every process of every run compiles them again (this machine sets PYTHONDONTWRITEBYTECODE)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "gate")], check=True, stdout=subprocess.DEVNULL)


def gate_command() -> list[str]:
    script = Path(sys.executable).with_name("answer-gate")
    return [str(script)] if script.exists() else [sys.executable, "-m", "gate"]


#: The compiled core's environment: no PYTHONPATH, which would bring back the sources.
COMPILED_ENV = {k: v for k, v in LIMITS.items() if k != "PYTHONPATH"}


def compiled_command(python: str) -> list[str]:
    """The ``answer-gate`` console script of the virtual environment whose interpreter is
    ``python`` (made absolute, as the commands run in a folder of their own, but not resolved:
    a venv's python is a link to the base interpreter)."""
    script = Path(python).absolute().with_name("answer-gate.exe" if os.name == "nt" else "answer-gate")
    if not script.is_file():
        raise SystemExit(f"--compiled {python}: no answer-gate beside it ({script}): install the compiled core in that environment")
    return [str(script)]


def core_of(command: list[str], env: dict[str, str], cwd: Path) -> str:
    """What ``COMMAND --version`` says, e.g. ``answer-gate 0.1.0 (compiled core)``."""
    said = subprocess.run(command + ["--version"], cwd=cwd, env=env, capture_output=True, text=True)
    if said.returncode != 0:
        raise SystemExit(f"{' '.join(command)} --version exited {said.returncode}: {said.stderr[-2000:]}")
    return said.stdout.strip()


def checked_cores(pure: list[str], compiled: list[str], cwd: Path) -> dict[str, str]:
    """The ``--version`` of the two commands timed, run as they will be timed: the pure one
    must run the pure-Python core and the compiled one the compiled core, or nothing is timed."""
    cores = {"check": core_of(pure, LIMITS, cwd), "compiled": core_of(compiled, COMPILED_ENV, cwd)}
    for name, core in (("check", "(pure-Python core)"), ("compiled", "(compiled core)")):
        if not cores[name].endswith(core):
            raise SystemExit(f"the {name} command would time {cores[name]!r}, not the {core[1:-1]}")
    return cores


def commands(paths: dict[str, Path], out: Path, check_args: list[str]) -> dict[str, list[str]]:
    return {
        "floor": [sys.executable, "-c", FLOOR, str(paths["run"])],
        "sketch": [sys.executable, "-c", SKETCH, str(paths["merged"])],
        "check": gate_command() + ["check", str(paths["run"]), "--questions", str(paths["set"]),
                                   "--thresholds", "thresholds.yaml", "--json", str(out)] + check_args,
    }


def report_counts(path: Path) -> dict:
    """What the check found, from its JSON report: figures read and findings (the proof that a
    faster reader changed no result)."""
    data = json.loads(path.read_text("utf-8"))
    cell = {(s["slice"], s["measure"]): s for s in data["scores"]}
    return {
        "figures": cell[("all", "unsupported_numbers")]["denominator"],
        "unsupported": cell[("all", "unsupported_numbers")]["numerator"],
        "findings": data.get("findings_total", len(data["findings"])),
        "verdict": "pass" if data["verdict"]["passed"] else "fail",
    }


def machine() -> dict:
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = 0
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    except (ValueError, OSError):
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "cores_available": len(os.sched_getaffinity(0)),
            "memory_mb": memory, "python": platform.python_version(), "system": platform.platform(),
            "load_average": os.getloadavg()}


def startup(repeat: int = 21) -> dict:
    """The start of ``answer-gate --version`` and ``--help`` (the console script beside this
    interpreter) against a bare interpreter start (``python -c pass``), interleaved: median
    wall time and median CPU time (user + sys of the child, from ``wait4``) of each, in
    seconds, and the differences. CPU time is the figure to read on a loaded machine."""
    commands = {"bare": [sys.executable, "-c", "pass"], "version": gate_command() + ["--version"],
                "help": gate_command() + ["--help"]}
    wall: dict[str, list[float]] = {k: [] for k in commands}
    cpu: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            start = time.perf_counter()
            child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, _, usage = os.wait4(child.pid, 0)
            wall[name].append(time.perf_counter() - start)
            cpu[name].append(usage.ru_utime + usage.ru_stime)
            child.returncode = 0  # reaped by wait4
    out: dict = {"repeat": repeat, "command": gate_command()}
    for kind, times in (("wall", wall), ("cpu", cpu)):
        medians = {k: round(statistics.median(v), 4) for k, v in times.items()}
        out[kind] = {**medians, "version_over_bare": round(medians["version"] - medians["bare"], 4),
                     "help_over_bare": round(medians["help"] - medians["bare"], 4)}
    return out


COMMANDS = ("floor", "sketch", "check")


def _counts(option: str, text: str, problems: list[str]) -> list[int]:
    """The answer counts of a comma-separated option (``10000,100_000``); an item that is not a
    positive whole number is a problem, named with the option and the item."""
    counts = []
    for item in (part.strip() for part in text.split(",")):
        try:
            count = int(item) if item else None
        except ValueError:
            count = 0
        if count is not None and count < 1:
            problems.append(f"{option}: expected answer counts, positive whole numbers such as 10000,100000; found {item!r}")
        elif count is not None:
            counts.append(count)
    return counts


def checked(args: argparse.Namespace) -> tuple[list[str], dict[str, Any]]:
    """The problems of the arguments, each naming its option, what it expects and what it
    found, and the values read from them (``sizes``, ``across``, ``only``, ``check_args``)."""
    problems: list[str] = []
    sizes = _counts("--sizes", args.sizes, problems)
    across = set(_counts("--across-jobs", args.across_jobs, problems))
    if not problems:  # each count read: are there sizes, and are --across-jobs among them
        if not sizes and not args.startup:
            problems.append("--sizes: expected at least one answer count (--sizes '' only with --startup); found none")
        if across - set(sizes):
            problems.append(f"--across-jobs: expected sizes among --sizes {args.sizes}; found {', '.join(map(str, sorted(across - set(sizes))))}")
    if args.repeat < 1:
        problems.append(f"--repeat: expected a positive number of runs; found {args.repeat}")
    only = [o.strip() for o in args.only.split(",") if o.strip()]
    if not only or set(only) - set(COMMANDS):
        problems.append(f"--only: expected one or more of {','.join(COMMANDS)}; found {args.only!r}")
    if across and "check" not in only and not args.compiled:
        problems.append(f"--across-jobs: compares the check's reports: expected check in --only or --compiled; found --only {args.only!r}")
    try:
        check_args = shlex.split(args.check_args)
    except ValueError as bad:
        check_args = []
        problems.append(f"--check-args: expected arguments as a shell splits them; found {args.check_args!r} ({str(bad).lower()})")
    if args.compiled:
        try:
            compiled_command(args.compiled)
        except SystemExit as missing:
            problems.append(str(missing))
    if args.json is not None and (args.json.is_dir() or not args.json.parent.is_dir()):
        problems.append(f"--json: expected a file in an existing folder; found {str(args.json)!r}"
                        + (" (a folder)" if args.json.is_dir() else f" (no folder {str(args.json.parent)!r})"))
    if args.workdir.exists() and not args.workdir.is_dir():
        problems.append(f"--workdir: expected a folder for the generated runs; found a file at {str(args.workdir)!r}")
    return problems, {"sizes": sizes, "across": across, "only": only, "check_args": check_args}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10000,100000", help="comma-separated answer counts (default 10000,100000; add 1000000 once)")
    parser.add_argument("--repeat", type=int, default=3, help="interleaved runs of each command; the median is shown")
    parser.add_argument("--only", default="floor,sketch,check", help="which commands to run (default all three)")
    parser.add_argument("--check-args", default="", help="extra arguments for answer-gate check, e.g. '--jobs 1'")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "answer-gate-bench", help="where the generated runs are kept")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--compiled", default="", metavar="PYTHON", help="also time the check run by this interpreter (a virtual environment "
                        "with the compiled core installed: scripts/test_compiled.py), interleaved, and compare its report with the pure core's; "
                        "its answer-gate must say (compiled core) and the pure one (pure-Python core), or nothing is timed")
    parser.add_argument("--across-jobs", default="", metavar="SIZES", help="at these sizes, also run each check with --jobs 1 (untimed) "
                        "and say whether its report is byte-identical with the timed one's (default --jobs)")
    parser.add_argument("--json", type=Path, default=None, help="write every measurement here")
    parser.add_argument("--startup", action="store_true", help="also time answer-gate --version and --help against a bare interpreter start "
                        "(with --sizes '' alone); run this script with the interpreter of a regular install to time that install")
    args = parser.parse_args(argv)
    problems, chosen = checked(args)
    if problems:  # every bad argument at once, before anything is generated or run
        parser.error("; ".join(problems))
    sizes, across, only = chosen["sizes"], chosen["across"], chosen["only"]
    args.workdir = args.workdir.absolute()  # the commands run in a folder of their own
    results = {"machine": machine(), "check_args": args.check_args, "repeat": args.repeat, "sizes": {}}
    compile_bytecode()
    for n in sizes:
        paths = generate(n, args.workdir, args.seed)
        cwd = Path(tempfile.mkdtemp(prefix="bench-cwd-"))  # no baselines folder here,
        shutil.copy(ROOT / "thresholds.yaml", cwd)  # nor beside the thresholds (the repo's baselines/ would be compared)
        out = cwd / "report.json"
        every = commands(paths, out, chosen["check_args"])
        todo = {k: v for k, v in every.items() if k in only}
        if args.compiled:  # the venv's answer-gate, with the same arguments and its own report
            todo["compiled"] = compiled_command(args.compiled) + every["check"][len(gate_command()):]
            todo["compiled"][todo["compiled"].index(str(out))] = str(cwd / "report-compiled.json")
            results["cores"] = checked_cores(gate_command(), compiled_command(args.compiled), cwd)
        elif "check" in todo:
            results["cores"] = {"check": core_of(gate_command(), LIMITS, cwd)}
            print(f"check: {results['cores']['check']}", file=sys.stderr)
        runs: dict[str, list[dict]] = {k: [] for k in todo}
        for _ in range(args.repeat):
            for name, command in todo.items():
                runs[name].append(measure(command, cwd, COMPILED_ENV if name == "compiled" else None))
                print(f"  {n:>9,} {name:<6} {runs[name][-1]['seconds']:8.2f} s {runs[name][-1]['peak_mb']:8.1f} MB", file=sys.stderr)
        entry = {"bytes": paths["run"].stat().st_size}
        for name, measured in runs.items():
            entry[name] = {"seconds": statistics.median(m["seconds"] for m in measured),
                           "peak_mb": statistics.median(m["peak_mb"] for m in measured),
                           "runs": measured}
            if name in ("check", "compiled") and measured[-1]["exit"] not in (0, 1):
                print(f"{name} exited {measured[-1]['exit']}: {measured[-1]['stderr']}", file=sys.stderr)
        if "check" in runs and out.exists():
            entry["check"]["counts"] = report_counts(out)
        if "compiled" in runs and out.exists() and (cwd / "report-compiled.json").exists():
            entry["compiled"]["same_report"] = (cwd / "report-compiled.json").read_bytes() == out.read_bytes()
        if n in across:
            for name in ("check", "compiled"):
                if name in runs:
                    entry[name]["same_across_jobs"] = same_with_one_job(todo[name], cwd, COMPILED_ENV if name == "compiled" else None)
        results["sizes"][str(n)] = entry
        shutil.rmtree(cwd, ignore_errors=True)  # the reports, read: none left behind in the temporary folder
    if args.startup:
        results["startup"] = st = startup()
        for kind in ("wall", "cpu"):
            t = st[kind]
            print(f"start ({kind}, median of {st['repeat']}): bare interpreter {t['bare']:.3f} s; --version {t['version']:.3f} s "
                  f"(+{t['version_over_bare']:.3f}); --help {t['help']:.3f} s (+{t['help_over_bare']:.3f})")
    if results["sizes"]:
        print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    failed = [n for n, e in results["sizes"].items() for k in ("check", "compiled") if k in e and any(r["exit"] not in (0, 1) for r in e[k]["runs"])]
    return 1 if failed else 0


def same_with_one_job(command: list[str], cwd: Path, env: dict[str, str] | None) -> bool:
    """Whether the check's report with ``--jobs 1`` is byte-identical with the one its timed
    run wrote (the last ``--json`` argument of ``command``)."""
    written = Path(command[command.index("--json") + 1])
    alone = written.with_name(written.stem + "-jobs1.json")
    one = [alone if part == str(written) else part for part in command] + ["--jobs", "1"]
    subprocess.run([str(part) for part in one], cwd=cwd, env=LIMITS if env is None else env, stdout=subprocess.DEVNULL, check=False)
    return alone.exists() and alone.read_bytes() == written.read_bytes()


def _core_said(results: dict) -> str:
    """`` (pure-Python core)`` or `` (compiled core)``: the core the check column timed."""
    said = results.get("cores", {}).get("check", "")
    return f" ({said.rsplit('(', 1)[-1]}" if "(" in said else ""


def table(results: dict) -> str:
    names = [n for n in ("floor", "sketch", "check", "compiled") if any(n in e for e in results["sizes"].values())]
    head = "| answers | " + " | ".join({"floor": "floor (parse + one regex)", "sketch": "the recipe's sketch",
                                          "check": "`answer-gate check`" + _core_said(results), "compiled": "check, compiled core"}[n] for n in names)
    lines = [head + " | check / sketch | check / floor |", "| ---: " * (len(names) + 3) + "|"]
    for n, entry in results["sizes"].items():
        ok = {k for k in names if k in entry and all(r["exit"] in ((0, 1) if k in ("check", "compiled") else (0,)) for r in entry[k]["runs"])}
        cells = [(f"{entry[k]['seconds']:.2f} s ({statistics.median(r['cpu'] for r in entry[k]['runs']):.2f} s CPU), {entry[k]['peak_mb']:.0f} MB" if k in ok else
                  f"failed (exit {entry[k]['runs'][-1]['exit']})") if k in entry else "-" for k in names]
        ratio = lambda a, b: f"{entry[a]['seconds'] / entry[b]['seconds']:.2f}x" if a in ok and b in ok else "-"  # noqa: E731
        lines.append(f"| {int(n):,} | " + " | ".join(cells) + f" | {ratio('check', 'sketch')} | {ratio('check', 'floor')} |")
        if "compiled" in entry:
            lines.append(f"|  | compiled core: {ratio('compiled', 'sketch')} of the sketch's time, {ratio('compiled', 'check')} of the pure core's; "
                         f"reports byte-identical: {entry['compiled'].get('same_report')} |")
        across = {k: entry[k]["same_across_jobs"] for k in ("check", "compiled") if "same_across_jobs" in entry.get(k, {})}
        if across:
            lines.append("|  | report with --jobs 1 byte-identical: " + ", ".join(f"{k} {v}" for k, v in across.items()) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
