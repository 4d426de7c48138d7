"""The renderers behind one protocol, and the registry the command line finds them in.

Every renderer is a module of this package with a function ``render(report, options)`` that
formats a finished :class:`~gate.report.model.Report` and computes nothing; a renderer whose
output can be large also has ``write(report, options, out)``, which writes the same bytes
without holding them (the JSON report of ``--max-findings all``). A new format is its module
and one line of :data:`RENDERERS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import IO, TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from gate.report.model import Report


@dataclass(frozen=True)
class RenderOptions:
    """What the command line tells a renderer.

    Attributes:
        full_report: where the report holding everything is (the JSON report's path, or "the
            job summary of ..."), named where the markdown cuts what does not fit.
        limit: the most characters the output may take (markdown: GitHub's comment limit
            when None).
        width: the terminal's columns; None for the default of a report that is not shown
            on a terminal.
        color: whether the terminal report may use colour (never when ``NO_COLOR`` is set).
    """

    full_report: str | None = None
    limit: int | None = None
    width: int | None = None
    color: bool = False


class Renderer(Protocol):
    """A report format: ``render(report, options) -> text``."""

    def render(self, report: Report, options: RenderOptions) -> str:
        """The report in this format."""
        ...


#: Format name -> the module that renders it (imported when first asked for: a command that
#: writes no JSON report never imports the JSON renderer).
RENDERERS: dict[str, str] = {
    "terminal": "gate.report.terminal",
    "markdown": "gate.report.markdown",
    "json": "gate.report.json_report",
    "junit": "gate.report.junit",
}


def renderer(name: str) -> Renderer:
    """The renderer of a format.

    Raises:
        KeyError: a format no renderer is registered for.
    """
    return cast("Renderer", import_module(RENDERERS[name]))


def render(name: str, report: Report, options: RenderOptions | None = None) -> str:
    """The report in a format (:data:`RENDERERS`)."""
    return renderer(name).render(report, options or RenderOptions())


def streamed(name: str) -> bool:
    """Whether a format's renderer writes its output piece by piece (it has ``write``)."""
    return hasattr(renderer(name), "write")


def write(name: str, report: Report, out: IO[bytes], options: RenderOptions | None = None) -> None:
    """Write the report in a format to a binary file, UTF-8: the renderer's own ``write`` where
    it has one (written piece by piece), else its ``render``."""
    module = renderer(name)
    chosen = options or RenderOptions()
    streamed = getattr(module, "write", None)
    if streamed is not None:
        streamed(report, chosen, out)
    else:
        out.write(module.render(report, chosen).encode("utf-8"))
