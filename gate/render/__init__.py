"""Renderers: each formats a finished :class:`gate.report.Report`; none computes."""
