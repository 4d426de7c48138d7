"""scripts/code_sizes.py: the module sizes and function lengths a restructure note quotes."""

from __future__ import annotations

import importlib.util
import sys

from conftest import ROOT

_spec = importlib.util.spec_from_file_location("code_sizes", ROOT / "scripts" / "code_sizes.py")
assert _spec is not None and _spec.loader is not None
code_sizes = importlib.util.module_from_spec(_spec)
sys.modules["code_sizes"] = code_sizes
_spec.loader.exec_module(code_sizes)

SOURCE = '''\
"""A module."""


@decorated
def short():
    return 1


class Box:
    def method(self):
        """Four lines."""
        x = 1
        return x

    async def later(self):
        def inner():
            return 2
        return inner()
'''


def test_measure_counts_each_function_from_def_to_last_line_nested_and_methods_named():
    module = code_sizes.measure("pkg/mod.py", SOURCE)
    assert module.lines == 18
    assert [(f.name, f.lines) for f in module.functions] == [
        ("short", 2), ("Box.method", 4), ("Box.later", 4), ("Box.later.inner", 2),
    ]
    assert module.longest == code_sizes.Function("pkg/mod.py", "Box.method", 4)


def test_report_lists_modules_by_size_and_functions_at_or_over_the_bar():
    small = code_sizes.measure("pkg/a.py", "x = 1\n")
    big = code_sizes.measure("pkg/mod.py", SOURCE)
    text = code_sizes.report([small, big], over=4, top=None)
    lines = text.splitlines()
    assert lines[1].split() == ["pkg/mod.py", "18", "Box.method", "(4)"]
    assert lines[2].split() == ["pkg/a.py", "1", "-"]
    assert lines[3].split() == ["total", "19", "(2", "modules)"]
    assert lines[5:] == ["functions of 4 lines or more: 2", "     4  pkg/mod.py::Box.later", "     4  pkg/mod.py::Box.method"]


def test_main_on_the_package_names_every_module(capsys):
    assert code_sizes.main(["gate", "--over", "1000"]) == 0
    out = capsys.readouterr().out
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "gate").rglob("*.py"))
    listed = sorted(line.split()[0] for line in out.splitlines()[1:] if line.startswith("gate/"))
    assert listed == modules
    assert out.rstrip().endswith("functions of 1000 lines or more: 0")


def test_main_on_a_folder_without_modules_is_an_error(capsys):
    assert code_sizes.main(["tests/golden"]) == 2
    assert "no Python modules under tests/golden" in capsys.readouterr().err
