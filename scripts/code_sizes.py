"""Module sizes and the longest functions of the package, at a commit or in the working tree.

Not a test: evidence for a restructure that anyone can run. It parses each Python module
under a folder (``gate`` by default) with the standard library's ``ast``, counts its lines,
and lists the functions and methods whose span (first line of the ``def``, decorators left
out, to the last line of its body, docstring included) is at least ``--over`` lines. From
the repository root::

    python scripts/code_sizes.py                    # the working tree, functions of 80 lines or more
    python scripts/code_sizes.py --rev e993d89      # the same, as committed at e993d89 (read with git)
    python scripts/code_sizes.py --over 60 --top 5  # a lower bar; only the 5 largest modules

A nested function counts on its own and within the function that holds it. The output is
two plain tables (module, lines, longest function) and (function, lines), sorted by size,
and is the same for the same tree.
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Function:
    """One function or method: its module, dotted name inside the module, and span in lines."""

    module: str
    name: str
    lines: int


@dataclass(frozen=True)
class Module:
    """One module: its path (relative to the repository), line count and functions."""

    path: str
    lines: int
    functions: tuple[Function, ...]

    @property
    def longest(self) -> Function | None:
        """The module's longest function, or None when it has none."""
        return max(self.functions, key=lambda f: (f.lines, f.name), default=None)


def functions_of(tree: ast.Module, module: str) -> Iterator[Function]:
    """Every function and method in a parsed module, with names such as ``Class.method``."""

    def walk(node: ast.AST, prefix: str) -> Iterator[Function]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = prefix + child.name
                yield Function(module, name, (child.end_lineno or child.lineno) - child.lineno + 1)
                yield from walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                yield from walk(child, prefix + child.name + ".")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def measure(path: str, text: str) -> Module:
    """Parse one module's text and measure it."""
    tree = ast.parse(text, filename=path)
    return Module(path, len(text.splitlines()), tuple(functions_of(tree, path)))


def sources_in_tree(folder: str) -> Iterator[tuple[str, str]]:
    """(path, text) of every ``.py`` file under a folder of the working tree."""
    for path in sorted((ROOT / folder).rglob("*.py")):
        yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def sources_at(rev: str, folder: str) -> Iterator[tuple[str, str]]:
    """(path, text) of every ``.py`` file under a folder as committed at ``rev`` (read with git)."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True, text=True).stdout

    for path in sorted(git("ls-tree", "-r", "--name-only", rev, "--", folder).splitlines()):
        if path.endswith(".py"):
            yield path, git("show", f"{rev}:{path}")


def report(modules: list[Module], over: int, top: int | None) -> str:
    """The two tables as text: modules by size, then the functions of ``over`` lines or more."""
    out = [f"{'module':<44} {'lines':>6}  longest function"]
    by_size = sorted(modules, key=lambda m: (-m.lines, m.path))
    for m in by_size[:top] if top else by_size:
        longest = m.longest
        out.append(f"{m.path:<44} {m.lines:>6}  " + (f"{longest.name} ({longest.lines})" if longest else "-"))
    out.append(f"{'total':<44} {sum(m.lines for m in modules):>6}  ({len(modules)} modules)")
    long = sorted((f for m in modules for f in m.functions if f.lines >= over), key=lambda f: (-f.lines, f.module, f.name))
    out.append("")
    out.append(f"functions of {over} lines or more: {len(long)}")
    out.extend(f"{f.lines:>6}  {f.module}::{f.name}" for f in long)
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("folder", nargs="?", default="gate", help="folder to measure, relative to the repository root (default: gate)")
    parser.add_argument("--rev", help="measure the folder as committed at this git revision instead of the working tree")
    parser.add_argument("--over", type=int, default=80, help="list functions of at least this many lines (default: 80)")
    parser.add_argument("--top", type=int, help="list only this many of the largest modules")
    args = parser.parse_args(argv)
    sources = sources_at(args.rev, args.folder) if args.rev else sources_in_tree(args.folder)
    modules = [measure(path, text) for path, text in sources]
    if not modules:
        print(f"no Python modules under {args.folder}" + (f" at {args.rev}" if args.rev else ""), file=sys.stderr)
        return 2
    sys.stdout.write(report(modules, args.over, args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
