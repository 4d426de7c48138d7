"""review.html: one self-contained page for readers.

No server, no network, nothing loaded from elsewhere: the styles, the script and the sample
are all inside the file (the page's Content-Security-Policy forbids any other source). It
shows each sampled answer beside its evidence, with yes / no / not-applicable buttons per
rubric question (a question the rubric says does not apply starts as not applicable), the
quality scores 1 to 5, the reader's name and a note; keeps progress in the browser's
localStorage; and exports the judgements file the gate reads (JSON lines, each with the
answer's digest), both as a download and in a text box to copy.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Sequence
from typing import Any

from gate.inputs.rubric import LABELS, Rubric

_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5rem;max-width:70rem;color:#111}
header{display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
.item{border:1px solid #bbb;border-radius:6px;margin:1rem 0;padding:.75rem}
.item.done{border-color:#2a7}
.cols{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.evidence{background:#f4f4f4;padding:.5rem;font-size:.9rem}
.q{margin:.4rem 0}.q .text{display:block}
.na{color:#666;font-size:.85rem}
textarea{width:100%}
#status{font-weight:bold}
"""

_SCRIPT = r"""
(function () {
  const data = JSON.parse(document.getElementById('sample').textContent);
  const key = 'answer-gate-review:' + data.rubric_version + ':' + data.sample_digest;
  const labels = data.labels;
  let state = {};
  try { state = JSON.parse(localStorage.getItem(key) || '{}'); } catch (e) { state = {}; }
  state.items = state.items || {};
  const save = () => localStorage.setItem(key, JSON.stringify(state));
  const reader = document.getElementById('reader');
  reader.value = state.reader || '';
  reader.addEventListener('input', () => { state.reader = reader.value; save(); refresh(); });
  const root = document.getElementById('items');
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const itemState = (item) => {
    if (!state.items[item.question_id]) {
      const s = {labels: {}, quality: {}, note: ''};
      for (const r of item.rubric) if (!r.applies) s.labels[r.id] = 'not_applicable';
      state.items[item.question_id] = s;
    }
    return state.items[item.question_id];
  };
  const complete = (item) => item.rubric.every((r) => labels.includes(itemState(item).labels[r.id]));
  data.items.forEach((item, index) => {
    const s = itemState(item);
    const box = el('section', {class: 'item', id: 'item-' + index, 'data-question-id': item.question_id});
    box.appendChild(el('h2', {}, item.question_id + ' [' + item.language + ']'));
    const cols = el('div', {class: 'cols'});
    const left = el('div');
    left.appendChild(el('p', {}, 'Question: ' + item.question));
    left.appendChild(el('p', {class: 'answer'}, (item.declined ? '(declined) ' : '') + 'Answer: ' + item.answer));
    const ev = el('div', {class: 'evidence'});
    ev.appendChild(el('div', {}, 'Retrieved: ' + (item.retrieved_ids.join(', ') || 'nothing')));
    ev.appendChild(el('div', {}, 'Values: ' + (item.retrieved_values.join('; ') || 'none')));
    ev.appendChild(el('div', {}, 'Cited: ' + (item.cited_ids.join(', ') || 'nothing')));
    for (const p of item.retrieved_passages) ev.appendChild(el('div', {}, p.id + ': ' + p.text));
    for (const m of item.series_metadata) ev.appendChild(el('div', {}, 'Series metadata: ' + JSON.stringify(m)));
    ev.appendChild(el('div', {}, 'Caveats known: ' + (item.caveats_known.join(', ') || 'none')));
    cols.appendChild(left);
    cols.appendChild(ev);
    box.appendChild(cols);
    for (const r of item.rubric) {
      const q = el('div', {class: 'q'});
      q.appendChild(el('span', {class: 'text'}, r.text));
      for (const label of labels) {
        const id = 'l-' + index + '-' + r.id + '-' + label;
        const input = el('input', {type: 'radio', name: 'l-' + index + '-' + r.id, id: id, value: label});
        if (s.labels[r.id] === label) input.checked = true;
        input.addEventListener('change', () => { s.labels[r.id] = label; save(); refresh(); });
        q.appendChild(input);
        q.appendChild(el('label', {for: id}, label === 'not_applicable' ? 'n.a.' : label));
      }
      if (!r.applies) q.appendChild(el('span', {class: 'na'}, ' (the rubric: does not apply here)'));
      box.appendChild(q);
    }
    for (const d of (data.dimensions[item.language] || data.dimensions.en)) {
      const q = el('div', {class: 'q'});
      q.appendChild(el('label', {for: 'd-' + index + '-' + d.id}, d.text + ' '));
      const select = el('select', {id: 'd-' + index + '-' + d.id});
      select.appendChild(el('option', {value: ''}, '-'));
      for (let n = 1; n <= 5; n++) select.appendChild(el('option', {value: String(n)}, String(n)));
      select.value = s.quality[d.id] ? String(s.quality[d.id]) : '';
      select.addEventListener('change', () => {
        if (select.value) s.quality[d.id] = Number(select.value); else delete s.quality[d.id];
        save();
      });
      q.appendChild(select);
      box.appendChild(q);
    }
    const note = el('textarea', {id: 'note-' + index, rows: '2', placeholder: 'note'});
    note.value = s.note || '';
    note.addEventListener('input', () => { s.note = note.value; save(); });
    box.appendChild(note);
    root.appendChild(box);
  });
  const judgements = () => data.items.filter(complete).map((item) => {
    const s = itemState(item);
    const j = {question_id: item.question_id, judge: {kind: 'person', name: state.reader.trim(), version: null},
               rubric_version: data.rubric_version, answer_digest: item.answer_digest, labels: {}};
    for (const r of item.rubric) j.labels[r.id] = s.labels[r.id];
    if (Object.keys(s.quality).length) j.quality = s.quality;
    if (s.note) j.note = s.note;
    return j;
  });
  function refresh() {
    let done = 0;
    data.items.forEach((item, index) => {
      const ok = complete(item);
      done += ok ? 1 : 0;
      document.getElementById('item-' + index).classList.toggle('done', ok);
    });
    document.getElementById('status').textContent = done + ' of ' + data.items.length + ' judged';
  }
  document.getElementById('export').addEventListener('click', () => {
    const out = document.getElementById('exported');
    if (!(state.reader || '').trim()) { document.getElementById('status').textContent = 'write your name first'; return; }
    const text = judgements().map((j) => JSON.stringify(j)).join('\n') + '\n';
    out.value = text;
    const a = el('a', {href: URL.createObjectURL(new Blob([text], {type: 'application/x-ndjson'})), download: 'judgements.jsonl'});
    document.body.appendChild(a);
    a.click();
    a.remove();
  });
  refresh();
})();
"""


def _script_json(value: Any) -> str:
    """JSON safe inside a script element: no ``</`` and no ``<!--`` can close or fool it."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_data(items: Sequence[dict[str, Any]], rubric: Rubric) -> dict[str, Any]:
    """What the page's script reads (the JSON in its ``sample`` element); pure.

    Returns:
        ``rubric_version``, ``labels``, ``sample_digest`` (of the sampled ids and answer
        digests: the key progress is kept under), ``dimensions`` (language tag -> the
        quality dimensions ``{"id", "text"}`` in rubric order, for ``en`` and every language
        of the items: the text in that language where rubric.yaml gives it, else English,
        as for the rubric questions of each item) and ``items`` (:func:`gate.judged.sample.sheet_items`).
    """
    digest = hashlib.sha256(json.dumps([i["question_id"] + i["answer_digest"] for i in items]).encode()).hexdigest()[:16]
    languages = sorted({"en"} | {str(i.get("language") or "en") for i in items})
    return {
        "rubric_version": rubric.version,
        "labels": list(LABELS),
        "sample_digest": digest,
        "dimensions": {lang: [{"id": d.id, "text": d.text(lang)} for d in rubric.dimensions] for lang in languages},
        "items": list(items),
    }


def review_html(items: Sequence[dict[str, Any]], rubric: Rubric, title: str) -> str:
    """The review page, complete in one string (UTF-8 HTML)."""
    data = page_data(items, rubric)
    csp = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'none'; connect-src 'none'"
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">\n"
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<header><h1>{html.escape(title)}</h1>"
        "<label for=\"reader\">Reader</label> <input id=\"reader\" autocomplete=\"name\">"
        "<button id=\"export\" type=\"button\">Export judgements</button> <span id=\"status\"></span></header>\n"
        f"<p>Rubric version {html.escape(rubric.version)}. Progress is kept in this browser. "
        "The export is the judgements file <code>answer-gate check --judgements</code> reads.</p>\n"
        "<main id=\"items\"></main>\n"
        "<h2>Exported judgements</h2>\n<textarea id=\"exported\" rows=\"8\" readonly></textarea>\n"
        f"<script type=\"application/json\" id=\"sample\">{_script_json(data)}</script>\n"
        f"<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )
