"""The house in layers: the contracts of pyproject.toml, no import cycle, one source for each list.

The layers (CONTRIBUTING.md draws them) are checked by import-linter's contracts; the cycles
inside a layer, which a layers contract does not see, by the strongly connected components of
grimp's import graph (the graph import-linter itself builds).
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import gate
from conftest import EXAMPLES, ROOT
from gate.model.measures import MEASURES
from gate.scoring.checks import CHECKS

SCHEMAS = ROOT / "gate" / "schemas"


def _cycles() -> list[list[str]]:
    """The import cycles among the gate's modules (Tarjan's strongly connected components)."""
    import grimp

    graph = grimp.build_graph("gate", include_external_packages=False)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in sorted(graph.modules)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in edges:
        if node not in index:
            visit(node)
    return found


def test_the_layers_contracts_are_kept():
    done = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout and "BROKEN" not in done.stdout


def test_no_module_imports_another_that_imports_it_back():
    assert _cycles() == []


def test_the_cycle_finder_finds_a_cycle(tmp_path, monkeypatch):
    package = tmp_path / "gate_cycle_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from gate_cycle_probe import b\n")
    (package / "b.py").write_text("from gate_cycle_probe import a\n")
    import grimp

    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("gate_cycle_probe", include_external_packages=False)
    assert "gate_cycle_probe.a" in graph.find_modules_directly_imported_by("gate_cycle_probe.b")
    assert "gate_cycle_probe.b" in graph.find_modules_directly_imported_by("gate_cycle_probe.a")


def test_at_most_twenty_modules_and_packages_at_the_top_of_gate():
    top = [p for p in (ROOT / "gate").iterdir() if (p.suffix == ".py") or (p.is_dir() and (p / "__init__.py").exists())]
    assert len(top) <= 20, sorted(p.name for p in top)


def test_no_module_over_900_lines_and_no_function_over_80():
    sizes = {}
    for path in sorted((ROOT / "gate").rglob("*.py")):
        text = path.read_text("utf-8")
        sizes[path.relative_to(ROOT).as_posix()] = text.count("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno - node.lineno + 1 <= 80, f"{path}:{node.lineno} {node.name}"
    assert max(sizes.values()) <= 900, max(sizes, key=sizes.get)


def test_every_module_imports_and_then_check_runs_in_the_same_process(workdir, capsys):
    """A tool that imports every module of the package (documentation builders, coverage with
    --source) must not replace a public name with a submodule of the same name."""
    names = [m.name for m in pkgutil.walk_packages(gate.__path__, "gate.")]
    for name in names:
        importlib.import_module(name)
    from gate import figures

    for name in figures.__all__:
        assert not isinstance(getattr(figures, name), type(sys)), f"gate.figures.{name} is a module"
    from gate.cli.main import main

    code = main(["check", str(EXAMPLES / "answers_run_assistant-1.3_set-1.2.jsonl"),
                 "--questions", str(EXAMPLES / "question_set-1.2.jsonl"), "--no-baseline"])
    assert code == 1
    assert "answer-gate failed" in capsys.readouterr().out


def test_no_public_name_of_a_package_is_also_one_of_its_submodules():
    for info in pkgutil.walk_packages(gate.__path__, "gate."):
        if not info.ispkg:
            continue
        package = importlib.import_module(info.name)
        subs = {m.name for m in pkgutil.iter_modules(package.__path__)}
        public = set(getattr(package, "__all__", ())) | set(getattr(package, "_EXPORTS", {}))
        assert not public & subs, f"{info.name}: {sorted(public & subs)}"


def test_the_documented_import_paths_still_work():
    from gate.checks import rubric_outcomes
    from gate.distributed import Scored, blocks_of, carried_context, count_lines, first_lines, log_parts, numbered_lines
    from gate.figures import MatchSettings, check_figure, explain, extract_figures
    from gate.pipeline import check_run
    from gate.scores import to_frame
    from gate.stream import Context, LineResult, Tally, score_lines

    from gate.engine import stream

    from gate.engine import lines

    from gate.engine import tallies
    from gate.judged import code_agreement
    from gate.run import check, distributed

    assert check_run is check.check_run and score_lines is lines.score_lines and rubric_outcomes is code_agreement.rubric_outcomes
    assert (Scored, blocks_of, carried_context, count_lines, first_lines, log_parts, numbered_lines) == (
        distributed.Scored, distributed.blocks_of, distributed.carried_context, distributed.count_lines,
        distributed.first_lines, distributed.log_parts, distributed.numbered_lines)
    assert (Context, LineResult, Tally) == (lines.Context, lines.LineResult, tallies.Tally)
    assert callable(explain) and callable(to_frame) and callable(extract_figures) and callable(check_figure) and MatchSettings
    assert gate.check_run is check_run and gate.MEASURES is MEASURES


def _schema(name: str) -> dict:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text("utf-8"))


def _measure_lists() -> dict[str, list[str]]:
    """Every list of measure names the shipped schemas hold, by where it stands."""
    thresholds = _schema("thresholds")
    baseline = _schema("baseline")
    rules = thresholds["$defs"]["measure_rules"]["properties"]
    lists = {"thresholds: measure_rules": list(rules)}

    def walk(node, path):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "enum" and isinstance(value, list) and "numeric_accuracy" in value:
                    lists[f"baseline: {path}"] = value
                if key == "patternProperties":
                    for pattern in value:
                        if "numeric_accuracy" in pattern:
                            lists[f"baseline: {path} pattern"] = re.fullmatch(r"\^\((.*)\)\$", pattern).group(1).split("|")
                walk(value, f"{path}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{path}/{i}")

    walk(baseline, "")
    return lists


def test_every_measure_list_of_the_schemas_is_measures_in_order():
    names = [m.name for m in MEASURES]
    lists = _measure_lists()
    assert len(lists) >= 3, lists  # the thresholds' rules, the baseline's enum and its pattern
    for where, listed in lists.items():
        assert listed == names, f"{where} differs from gate.model.measures.MEASURES: " \
                                f"missing {sorted(set(names) - set(listed))}, extra {sorted(set(listed) - set(names))}"


def test_each_measure_s_rule_in_the_thresholds_schema_follows_its_direction():
    rules = _schema("thresholds")["$defs"]["measure_rules"]["properties"]
    for m in MEASURES:
        assert rules[m.name] == {"$ref": "#/$defs/higher_rule" if m.higher_is_better else "#/$defs/lower_rule"}, m.name


def test_the_schema_writer_finds_the_schemas_as_measures_has_them(tmp_path):
    """scripts/schema_measures.py writes the lists from MEASURES; on the shipped schemas it
    changes nothing, and it restores a measure taken out of a list."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("schema_measures", ROOT / "scripts" / "schema_measures.py")
    writer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(writer)
    for name, write in (("thresholds", writer.thresholds_text), ("baseline", writer.baseline_text)):
        text = (SCHEMAS / f"{name}.schema.json").read_text("utf-8")
        assert write(text) == text
    text = (SCHEMAS / "thresholds.schema.json").read_text("utf-8")
    line = next(ln for ln in text.splitlines(keepends=True) if '"unsupported_numbers": {"$ref"' in ln)
    assert writer.thresholds_text(text.replace(line, "")) == text


def test_a_measure_missing_from_a_schema_s_list_is_found(monkeypatch):
    from gate.model.measures import Measure

    extra = Measure("made_up_rate", "made-up rate", True, "answers", "a measure no schema lists", "automatic")
    monkeypatch.setattr(sys.modules[__name__], "MEASURES", (*MEASURES, extra))
    with pytest.raises(AssertionError, match="missing \\['made_up_rate'\\]"):
        test_every_measure_list_of_the_schemas_is_measures_in_order()


def test_the_checks_table_counts_exactly_the_code_check_measures():
    counted = [name for measures, _ in CHECKS for name in measures]
    assert counted == [m.name for m in MEASURES if m.family == "code_checks"]


def test_the_contract_lists_every_language_file():
    """The independence contract of the languages names each language module."""
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    from gate.figures.languages import CODES

    for code in CODES:
        assert f'"gate.figures.languages.{code}"' in text, code


def test_the_wheel_lists_every_package():
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    listed = set(re.search(r"^packages = \[(.*?)\]", text, re.M | re.S).group(1).replace('"', "").replace(" ", "").split(","))
    packages = {".".join(p.relative_to(ROOT).parent.parts) for p in (ROOT / "gate").rglob("__init__.py")}
    assert packages == listed - {""}


def test_the_layers_drawn_in_contributing_are_the_contract_s():
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    layers = re.search(r"layers = \[(.*?)\]", text, re.S).group(1).replace('"', "").split()
    layers = [name.strip(",") for name in layers if name.strip(",")]
    drawn = (ROOT / "CONTRIBUTING.md").read_text("utf-8")
    positions = [drawn.find(f"gate/{name}/") for name in layers]
    assert all(p >= 0 for p in positions), dict(zip(layers, positions))
    assert positions == sorted(positions), "CONTRIBUTING.md draws the layers top down, in the contract's order"


def test_the_wheel_built_without_the_sources_runs_check_on_the_example(tmp_path):
    """pyproject.toml lists its packages by hand and the Action installs a build: a forgotten
    package would break only the Action. Build the wheel, install it into a fresh virtual
    environment whose dependencies are this environment's (a ``.pth`` file naming its
    site-packages, whose own ``.pth`` files, the editable install's among them, are not read
    from there), and run the example from another folder."""
    import sysconfig

    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(wheels), str(ROOT)],
                   check=True, capture_output=True)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    wheel = next(wheels.glob("answer_gate-*.whl"))
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # pip must not see this checkout
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
                   check=True, capture_output=True, env=plain)
    (purelib / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")  # after: pip saw no answer-gate
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run([str(python), "-I", "-c", "import gate; print(gate.__file__)"], cwd=elsewhere,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(purelib)), where
    done = subprocess.run([str(python), "-I", "-m", "gate", "check", str(EXAMPLES / "answers_run_assistant-1.3_set-1.2.jsonl"),
                           "--questions", str(EXAMPLES / "question_set-1.2.jsonl"), "--no-baseline",
                           "--thresholds", str(ROOT / "thresholds.yaml")],
                          cwd=elsewhere, capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert "answer-gate failed" in done.stdout
