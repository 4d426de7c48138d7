"""Look at the PR comment before it ships: render it as GitHub does and take a screenshot.

Not a test: a tool for people changing the comment. It builds the Report of a run (or reads
a markdown report), renders the comment with answer-gate's markdown renderer, turns it into
HTML with cmark-gfm (GitHub's fork of CommonMark, with its table, strikethrough, autolink and
tag-filter extensions), wraps it in a page styled like a GitHub comment, draws the Mermaid
chart when the Mermaid library is installed, and takes a screenshot with headless Chromium.

Needs the Debian packages ``cmark-gfm`` and ``chromium``; for GitHub's own stylesheet and the
chart, ``npm ci --prefix .ci/node`` (without them a plain stylesheet is used and the chart
stays as its source). Examples, from the repository root::

    python scripts/screenshot_comment.py --out notes/comment.png        # run 1.3 against baseline 1.2
    python scripts/screenshot_comment.py --large --out notes/large.png  # 5,000 findings
    python scripts/screenshot_comment.py --markdown report.md --open --full --out all.png

``--open`` unfolds the collapsed sections; ``--full`` makes the window as tall as the page
(the default window is a first screen: 1280 by 900 pixels, the comment 900 wide).
"""

from __future__ import annotations

import argparse
import html
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = Path(os.environ.get("ANSWER_GATE_NODE_MODULES") or ROOT / ".ci" / "node" / "node_modules")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--hide-scrollbars"]

FALLBACK_CSS = """
.markdown-body { font-family: -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; font-size: 14px;
  line-height: 1.5; color: #1f2328; }
.markdown-body table { border-collapse: collapse; display: block; overflow: auto; margin: 0 0 16px; }
.markdown-body th, .markdown-body td { border: 1px solid #d1d9e0; padding: 6px 13px; }
.markdown-body tr:nth-child(2n) { background: #f6f8fa; }
.markdown-body code { background: rgba(129,139,152,.12); border-radius: 6px; padding: .2em .4em; font-size: 85%; }
.markdown-body h3, .markdown-body h4 { margin: 24px 0 16px; font-weight: 600; }
.markdown-body details summary { cursor: pointer; }
"""

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>answer-gate comment</title>
<style>{css}</style>
<style>
body {{ background: #fff; margin: 0; padding: 24px; }}
.comment {{ width: {width}px; border: 1px solid #d1d9e0; border-radius: 6px; }}
.comment-header {{ background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; font: 14px -apple-system,
  "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #59636e; border-radius: 6px 6px 0 0; }}
.comment-header b {{ color: #1f2328; }}
.markdown-body {{ padding: 16px; }}
</style></head>
<body><div class="comment"><div class="comment-header"><b>github-actions</b> <span>bot</span> commented</div>
<div class="markdown-body">{body}</div></div>
{script}
</body></html>
"""

MERMAID = """<script src="{src}"></script>
<script>
for (const pre of document.querySelectorAll('pre[lang="mermaid"]')) {{
  const div = document.createElement('div');
  div.className = 'mermaid';
  div.textContent = pre.textContent;
  pre.replaceWith(div);
}}
mermaid.initialize({{ startOnLoad: false, theme: 'default' }});
mermaid.run();
</script>
"""


def comment_markdown(args: argparse.Namespace) -> str:
    """The comment's markdown: read from a file, or rendered from a run."""
    sys.path.insert(0, str(ROOT))
    from gate.baseline import BaselineComparer
    from gate.run.check import check_run
    from gate.report.markdown import render_markdown

    if args.markdown:
        return Path(args.markdown).read_text(encoding="utf-8")
    if args.large:
        sys.path.insert(0, str(ROOT / "tests"))
        from large_run import write_large_run

        from gate.baseline import save_baseline

        folder = Path(tempfile.mkdtemp(prefix="answer-gate-large-"))
        questions, good, bad = write_large_run(folder)
        save_baseline(good, questions, ROOT / "thresholds.yaml", folder / "baselines")
        here = os.getcwd()
        os.chdir(folder)
        try:
            shutil.copy(ROOT / "thresholds.yaml", "thresholds.yaml")
            report = check_run(bad.name, questions.name, "thresholds.yaml", compare=BaselineComparer(directory="baselines"))
        finally:
            os.chdir(here)
            shutil.rmtree(folder, ignore_errors=True)
        return render_markdown(as_in_a_pull_request(report, args.repository), full_report="the job summary")
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        report = check_run(args.run, args.questions, args.thresholds, compare=BaselineComparer(directory=args.baselines))
    finally:
        os.chdir(here)
    return render_markdown(as_in_a_pull_request(report, args.repository))


def as_in_a_pull_request(report, repository: str | None):
    """The Report as the Action builds it: rules linked to their line at a head commit
    (this clone's HEAD, in the repository named), so the screenshot shows the links."""
    import dataclasses

    if not repository:
        return report
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip() or "0" * 40
    env = {"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": repository, "GITHUB_SHA": head, "GITHUB_WORKSPACE": str(ROOT)}
    from gate.core.sources import thresholds_url

    return dataclasses.replace(report, thresholds_url=thresholds_url(env, report.thresholds, cwd=ROOT))


def to_html(markdown: str, unfold: bool) -> str:
    """GitHub-flavoured HTML of the comment (cmark-gfm with GitHub's extensions)."""
    cmark = shutil.which("cmark-gfm")
    if cmark is None:
        raise SystemExit("cmark-gfm is not installed: apt-get install -y cmark-gfm")
    command = [cmark, "--unsafe", "--github-pre-lang", "--validate-utf8"]
    for extension in ("table", "strikethrough", "autolink", "tagfilter"):
        command += ["-e", extension]
    body = subprocess.run(command, input=markdown, capture_output=True, text=True, check=True).stdout
    if unfold:
        body = body.replace("<details>", "<details open>")
    return body


def page(body: str, width: int) -> str:
    css_file = NODE_MODULES / "github-markdown-css" / "github-markdown-light.css"
    css = css_file.read_text(encoding="utf-8") if css_file.is_file() else FALLBACK_CSS
    mermaid = NODE_MODULES / "mermaid" / "dist" / "mermaid.min.js"
    script = MERMAID.format(src=html.escape(mermaid.as_uri())) if mermaid.is_file() else ""
    return PAGE.format(css=css, width=width, body=body, script=script)


def screenshot(page_file: Path, out: Path, width: int, height: int) -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("chromium is not installed: apt-get install -y chromium")
    with tempfile.TemporaryDirectory(prefix="answer-gate-chromium-") as profile:
        command = [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}",
                   "--virtual-time-budget=5000", "--allow-file-access-from-files", f"--screenshot={out}", page_file.as_uri()]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if done.returncode != 0 or not out.is_file():
        raise SystemExit(f"chromium failed ({done.returncode}): {done.stderr[-2000:]}")


def page_height(markdown: str) -> int:
    """A window tall enough for the whole page (a rough measure: lines of the comment)."""
    return min(16_000, 200 + 34 * len(markdown.splitlines()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run", default="examples/answers_run_assistant-1.3_set-1.2.jsonl")
    parser.add_argument("--questions", default="examples/question_set-1.2.jsonl")
    parser.add_argument("--thresholds", default="thresholds.yaml")
    parser.add_argument("--baselines", default="baselines")
    parser.add_argument("--repository", default="owner/answer-gate",
                        help="link the rules as the Action does, in this repository (empty: no links, as outside GitHub)")
    parser.add_argument("--markdown", help="screenshot this markdown report instead of rendering a run")
    parser.add_argument("--large", action="store_true", help="a made-up run of 2,500 questions with 5,000 findings")
    parser.add_argument("--open", action="store_true", help="unfold the collapsed sections")
    parser.add_argument("--full", action="store_true", help="a window as tall as the page")
    parser.add_argument("--width", type=int, default=1280, help="window width in pixels (the comment is 900)")
    parser.add_argument("--height", type=int, default=900, help="window height in pixels")
    parser.add_argument("--html", help="also keep the HTML page here")
    parser.add_argument("--out", required=True, help="the PNG to write")
    args = parser.parse_args(argv)

    markdown = comment_markdown(args)
    document = page(to_html(markdown, args.open), width=900)
    out = Path(args.out).resolve()
    with tempfile.TemporaryDirectory(prefix="answer-gate-page-") as folder:
        page_file = Path(folder) / "comment.html"
        page_file.write_text(document, encoding="utf-8")
        if args.html:
            shutil.copy(page_file, args.html)
        screenshot(page_file, out, args.width, page_height(markdown) if args.full else args.height)
    print(f"{out}: {len(markdown):,} characters of markdown")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
