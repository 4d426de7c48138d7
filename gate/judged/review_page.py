"""review.html: one self-contained page for readers.

No server, no network, nothing loaded from elsewhere: the styles, the script and the sample
are all inside the file (the page's Content-Security-Policy forbids any other source). Per
sampled answer it shows:

- the answer with each figure marked (``<mark>``) by what the gate found: supported,
  unsupported, wrong period, caveat missing, or another finding
  (:mod:`gate.judged.review_marks`), and the gate's findings beside it;
- the evidence: the observations as a small table, each status spelled out in the answer's
  language (:mod:`gate.judged.review_words`), the retrieved ids, values, passages and citations;
- yes / no / n.a. per rubric question, in the answer's language where the rubric has it (a
  question the rubric says does not apply starts as n.a.); the quality scores 1 to 5, with
  a legend of the scale; a note.

Keys (on unless the reader turns them off, never while typing in a field): ``y`` ``n``
``a`` label the outlined question and move to the next one that applies, ``j`` and ``k``
go to the next and previous answer. Filters show one language, the answers not judged yet,
or the answers the gate flagged. Progress is kept in the browser's localStorage; the export
is the judgements file the gate reads (JSON lines, each with the answer's digest), as a
download and in a text box to copy. Every control has a label; the page reflows to a
320-px-wide viewport (WCAG 1.4.10).
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Sequence
from typing import Any

from gate.inputs.rubric import LABELS, Rubric
from gate.judged.review_claims import STYLE as CLAIMS_STYLE
from gate.judged.review_claims import claims_script, page_items
from gate.judged.review_marks import STATES

#: The quality scale, as the legend and the score menus say it.
SCALE = {1: "poor: wrong, or of no use", 2: "weak: serious problems", 3: "fair: usable, with problems",
         4: "good: small problems at most", 5: "excellent: nothing to fix"}
#: Each figure state as the legend and the marks say it: (symbol, words).
STATE_TEXT = {"supported": ("✓", "supported by the evidence"), "unsupported": ("✗", "unsupported"),
              "wrong_period": ("⚠", "wrong period"), "caveat_missing": ("⚠", "caveat missing"),
              "flagged": ("•", "another finding")}

_STYLE = """
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:1rem auto;padding:0 1rem;max-width:72rem;color:#111;line-height:1.45}
h1{font-size:1.4rem;overflow-wrap:anywhere}h2{font-size:1.15rem;margin:.2rem 0}h3{font-size:1rem;margin:.6rem 0 .3rem}
.controls,.filters,.bar{display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:center}
.bar{position:sticky;top:0;background:#fff;border-bottom:1px solid #ccc;padding:.35rem 0;z-index:1}
button{font:inherit;padding:.3rem .7rem}input,select,textarea{font:inherit;max-width:100%}
.item{border:1px solid #999;border-radius:6px;margin:1rem 0;padding:.75rem;overflow-wrap:anywhere}
.item.done{border-color:#1b7a45;border-width:2px}.item.current{box-shadow:0 0 0 3px #1a56c4}
.cols{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}
.evidence{background:#f4f4f4;padding:.5rem;font-size:.92rem}
.findings ul{margin:.2rem 0;padding-left:1.2rem}.findings code{font-size:.85rem}
.badge{font-size:.8rem;font-weight:normal;border:1px solid #666;border-radius:1rem;padding:0 .5rem;white-space:nowrap}
.table-wrap{overflow-x:auto}table{border-collapse:collapse;font-size:.88rem}
caption{text-align:start;font-weight:bold;padding:.2rem 0}
th,td{border:1px solid #bbb;padding:.15rem .35rem;text-align:start;vertical-align:top;overflow-wrap:normal}
td.series,td.period,td.value{white-space:nowrap}td.caveats{min-width:9rem}td.status{min-width:8rem}
.item,.item h2,fieldset.q{scroll-margin-top:6rem}
dl{margin:.4rem 0}dt{font-weight:bold}dd{margin:0 0 .3rem 0}
dl.scale{display:grid;grid-template-columns:auto minmax(0,1fr);gap:0 .6rem}dl.scale dd{margin:0}
mark{padding:0 .15rem;border-radius:3px;border-bottom:3px solid;color:#111}
mark .sym{font-size:.78em;margin-inline-start:.2em}
mark.supported{background:#d7f0df;border-color:#1b7a45}mark.unsupported{background:#fbd9d7;border-color:#b3261e}
mark.wrong_period{background:#ffedb3;border-color:#a05a00}mark.caveat_missing{background:#e7ddff;border-color:#5b3cc4}
mark.flagged{background:#dde8f6;border-color:#1a56c4}mark.period{border-bottom-style:dashed}
fieldset.q{border:1px solid #ccc;border-radius:4px;margin:.4rem 0;padding:.2rem .5rem}
fieldset.q.current{border-color:#1a56c4;box-shadow:0 0 0 2px #1a56c4}
fieldset.q legend{padding:0 .2rem}fieldset.q label{margin-inline-end:.7rem}
.na{color:#555;font-size:.85rem}.dim{margin:.35rem 0}.dim label{display:block}
textarea{width:100%}#status{font-weight:bold}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
details.help{border:1px solid #ccc;border-radius:6px;padding:.4rem .75rem;margin:.6rem 0}
.legend{display:flex;flex-wrap:wrap;gap:.3rem 1rem;list-style:none;padding:0;margin:.3rem 0}
kbd{border:1px solid #888;border-radius:3px;padding:0 .25rem;font-size:.85em}
@media (max-width:40rem){.cols{grid-template-columns:minmax(0,1fr)}body{padding:0 .4rem}.item{padding:.5rem}}
"""

_SCRIPT = r"""
(function () {
  const data = JSON.parse(document.getElementById('sample').textContent);
  const key = 'answer-gate-review:' + data.rubric_version + ':' + data.sample_digest;
  const labels = data.labels;
  const KEYS = {y: 'yes', n: 'no', a: 'not_applicable'};
  let state = {};
  try { state = JSON.parse(localStorage.getItem(key) || '{}'); } catch (e) { state = {}; }
  state.items = state.items || {};
  const save = () => localStorage.setItem(key, JSON.stringify(state));
  const $ = (id) => document.getElementById(id);
  const reader = $('reader');
  reader.value = state.reader || '';
  reader.addEventListener('input', () => { state.reader = reader.value; save(); refresh(); });
  const root = $('items');
  const el = (tag, attrs, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const items = data.items.map((item) => Object.assign({rubric: [], figures: [], findings: [], observations: [],
    retrieved_ids: [], retrieved_values: [], retrieved_passages: [], cited_ids: [], caveats_known: [],
    language: 'en', question: '', answer: '', declined: false}, item));
  const itemState = (item) => {
    if (!state.items[item.question_id]) {
      const s = {labels: {}, quality: {}, note: ''};
      for (const r of item.rubric) if (!r.applies) s.labels[r.id] = 'not_applicable';
      state.items[item.question_id] = s;
    }
    return state.items[item.question_id];
  };
  const complete = (item) => item.rubric.every((r) => labels.includes(itemState(item).labels[r.id]))
    && (!data.claims || window.AG_CLAIMS.complete(item, itemState(item)));
  const say = (text) => { $('announce').textContent = text; };

  function answerNode(item) {
    const span = el('span', {lang: item.language, dir: 'auto', class: 'text'});
    const chars = Array.from(item.answer);
    let at = 0;
    for (const m of item.figures) {
      if (m.start < at) continue;
      span.append(chars.slice(at, m.start).join(''));
      const [sym, stateWords] = data.states[m.state];
      const words = m.kind === 'period' ? 'period stated for ' + m.figure : stateWords;
      const mark = el('mark', {class: m.state + (m.kind === 'period' ? ' period' : ''), 'data-state': m.state, 'data-kind': m.kind || 'figure',
                               title: words + (m.codes.length ? ' (' + m.codes.join(', ') + ')' : '')});
      mark.append(chars.slice(m.start, m.end).join(''));
      mark.append(el('span', {class: 'sym', 'aria-hidden': 'true'}, m.state === 'supported' ? sym : sym + ' ' + words));
      mark.append(el('span', {class: 'sr'}, ' (' + words + ')'));
      span.append(mark);
      at = m.end;
    }
    span.append(chars.slice(at).join(''));
    return span;
  }

  function findingsNode(item) {
    const box = el('div', {class: 'findings'});
    box.append(el('h3', {}, 'What the gate found'));
    if (!item.findings.length) { box.append(el('p', {}, 'No finding: every check the gate ran on this answer passed.')); return box; }
    const list = el('ul');
    for (const f of item.findings) {
      const li = el('li');
      li.append(el('code', {}, f.code), ' (' + f.measure.replace(/_/g, ' ') + '): ' + f.message);
      list.append(li);
    }
    box.append(list);
    return box;
  }

  function evidenceNode(item) {
    const ev = el('div', {class: 'evidence'});
    ev.append(el('h3', {}, 'Evidence'));
    if (item.observations.length) {
      const wrap = el('div', {class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Observations of ' + item.question_id});
      const table = el('table', {class: 'observations'});
      table.append(el('caption', {}, 'Observations retrieved'));
      const columns = data.observation_columns.filter((c) => c[0] !== 'caveats' || item.observations.some((o) => o.caveats));
      const head = el('tr');
      for (const c of columns) head.append(el('th', {scope: 'col'}, c[1]));
      table.appendChild(el('thead')).appendChild(head);
      const body = el('tbody');
      for (const o of item.observations) {
        const tr = el('tr');
        for (const c of columns) {
          const td = el('td', c[0] === 'status' ? {class: 'status', lang: item.language, dir: 'auto'} : {class: c[0]}, o[c[0]] || '');
          if (c[0] === 'status' && o.status_code) td.setAttribute('data-code', o.status_code);
          tr.append(td);
        }
        body.append(tr);
      }
      table.append(body);
      wrap.append(table);
      ev.append(wrap);
    }
    const dl = el('dl');
    const row = (term, value) => { dl.append(el('dt', {}, term)); dl.append(el('dd', {}, value)); };
    row('Retrieved', item.retrieved_ids.join(', ') || 'nothing');
    if (!item.observations.length) row('Values', item.retrieved_values.join('; ') || 'none');
    row('Cited', item.cited_ids.join(', ') || 'nothing');
    for (const p of item.retrieved_passages) row('Passage ' + p.id, p.text);
    row('Caveats known', item.caveats_known.join(', ') || 'none');
    ev.append(dl);
    return ev;
  }

  items.forEach((item, index) => {
    const s = itemState(item);
    const flagged = item.findings.length > 0;
    const box = el('section', {class: 'item', id: 'item-' + index, 'data-question-id': item.question_id,
                               'data-language': item.language, 'data-flagged': String(flagged), 'aria-labelledby': 'h-' + index});
    const h = el('h2', {id: 'h-' + index, tabindex: '-1'}, item.question_id + ' [' + item.language + '] ');
    h.append(el('span', {class: 'badge'}, flagged ? item.findings.length + ' finding' + (item.findings.length > 1 ? 's' : '') : 'no finding'));
    box.append(h);
    const cols = el('div', {class: 'cols'});
    const left = el('div');
    const q = el('p', {class: 'question'});
    q.append(el('strong', {}, 'Question: '), el('span', {lang: item.language, dir: 'auto'}, item.question));
    left.append(q);
    const a = el('p', {class: 'answer'});
    a.append(el('strong', {}, item.declined ? 'Answer (declined): ' : 'Answer: '), answerNode(item));
    left.append(a);
    left.append(findingsNode(item));
    cols.append(left, evidenceNode(item));
    box.append(cols);
    if (data.claims) box.append(window.AG_CLAIMS.editor(item, index, s, el, () => { save(); refresh(); }));
    item.rubric.forEach((r, qi) => {
      const fs = el('fieldset', {class: 'q', id: 'q-' + index + '-' + qi, 'data-rubric': r.id});
      fs.append(el('legend', {lang: item.language, dir: 'auto'}, r.text));
      for (const label of labels) {
        const id = 'l-' + index + '-' + r.id + '-' + label;
        const input = el('input', {type: 'radio', name: 'l-' + index + '-' + r.id, id: id, value: label});
        if (s.labels[r.id] === label) input.checked = true;
        input.addEventListener('change', () => { s.labels[r.id] = label; current = {item: index, q: qi}; save(); refresh(); });
        fs.append(input, el('label', {for: id}, label === 'not_applicable' ? 'n.a.' : label));
      }
      if (!r.applies) fs.append(el('span', {class: 'na'}, ' (the rubric: does not apply here)'));
      box.append(fs);
    });
    for (const d of (data.dimensions[item.language] || data.dimensions.en)) {
      const div = el('div', {class: 'dim'});
      div.append(el('label', {for: 'd-' + index + '-' + d.id, lang: item.language, dir: 'auto'}, d.text + ' '));
      const select = el('select', {id: 'd-' + index + '-' + d.id});
      select.append(el('option', {value: ''}, '-'));
      for (let n = 1; n <= 5; n++) select.append(el('option', {value: String(n)}, n + ' ' + data.scale[n].split(':')[0]));
      select.value = s.quality[d.id] ? String(s.quality[d.id]) : '';
      select.addEventListener('change', () => {
        if (select.value) s.quality[d.id] = Number(select.value); else delete s.quality[d.id];
        save();
      });
      div.append(select);
      box.append(div);
    }
    box.append(el('label', {for: 'note-' + index}, 'Note'));
    const note = el('textarea', {id: 'note-' + index, rows: '2'});
    note.value = s.note || '';
    note.addEventListener('input', () => { s.note = note.value; save(); });
    box.append(note);
    box.addEventListener('focusin', () => { if (current.item !== index) { current = {item: index, q: firstOpen(index)}; outline(); } });
    root.append(box);
  });

  const languages = [...new Set(items.map((i) => i.language))].sort();
  for (const lang of languages) $('filter-language').append(el('option', {value: lang}, lang));
  const visible = (index) => !$('item-' + index).hidden;
  const firstOpen = (index) => {
    const s = itemState(items[index]);
    const open = items[index].rubric.findIndex((r) => r.applies && !labels.includes(s.labels[r.id]));
    return open >= 0 ? open : 0;
  };
  let current = {item: 0, q: items.length ? firstOpen(0) : 0};

  function outline() {
    document.querySelectorAll('.current').forEach((e) => e.classList.remove('current'));
    const box = $('item-' + current.item);
    if (!box) return;
    box.classList.add('current');
    const fs = $('q-' + current.item + '-' + current.q);
    if (fs) fs.classList.add('current');
  }

  function go(delta) {
    const order = items.map((_, i) => i).filter(visible);
    if (!order.length) return;
    let next = delta > 0 ? order.find((i) => i > current.item) : [...order].reverse().find((i) => i < current.item);
    if (next === undefined) next = visible(current.item) ? current.item : order[0];
    current = {item: next, q: firstOpen(next)};
    outline();
    const h = $('h-' + next);
    h.focus({preventScroll: true});
    h.scrollIntoView({block: 'start'});
    say('Answer ' + items[next].question_id + ', ' + (order.indexOf(next) + 1) + ' of ' + order.length + ' shown');
  }

  function judge(label) {
    const item = items[current.item];
    if (!item || !item.rubric.length || !visible(current.item)) return;
    const r = item.rubric[current.q];
    itemState(item).labels[r.id] = label;
    $('l-' + current.item + '-' + r.id + '-' + label).checked = true;
    save();
    say(item.question_id + ', ' + r.id.replace(/_/g, ' ') + ': ' + (label === 'not_applicable' ? 'n.a.' : label));
    const after = item.rubric.findIndex((x, i) => i > current.q && x.applies);
    if (after >= 0) current.q = after;
    refresh();
  }

  document.addEventListener('keydown', (e) => {
    if (!$('shortcuts').checked || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t.matches && t.matches('textarea, select, input:not([type]), input[type=text], input[type=search]')) return;
    const k = e.key.toLowerCase();
    if (KEYS[k]) { judge(KEYS[k]); e.preventDefault(); }
    else if (k === 'j') { go(1); e.preventDefault(); }
    else if (k === 'k') { go(-1); e.preventDefault(); }
  });
  $('next').addEventListener('click', () => go(1));
  $('previous').addEventListener('click', () => go(-1));
  for (const id of ['filter-language', 'filter-unjudged', 'filter-flagged']) $(id).addEventListener('change', refresh);

  const judgements = () => items.filter(complete).map((item) => {
    const s = itemState(item);
    const j = {question_id: item.question_id, judge: {kind: 'person', name: state.reader.trim(), version: null},
               rubric_version: data.rubric_version, answer_digest: item.answer_digest, labels: {}};
    for (const r of item.rubric) j.labels[r.id] = s.labels[r.id];
    if (Object.keys(s.quality).length) j.quality = s.quality;
    if (s.note) j.note = s.note;
    if (data.claims) j.claims = window.AG_CLAIMS.exported(item, s);
    return j;
  });
  function refresh() {
    let done = 0, shown = 0;
    const lang = $('filter-language').value, unjudged = $('filter-unjudged').checked, flagged = $('filter-flagged').checked;
    items.forEach((item, index) => {
      const ok = complete(item);
      done += ok ? 1 : 0;
      const box = $('item-' + index);
      box.classList.toggle('done', ok);
      box.hidden = (lang && item.language !== lang) || (unjudged && ok) || (flagged && !item.findings.length);
      shown += box.hidden ? 0 : 1;
    });
    $('status').textContent = done + ' of ' + items.length + ' judged';
    $('shown').textContent = 'showing ' + shown + ' of ' + items.length;
    outline();
  }
  $('export').addEventListener('click', () => {
    const out = $('exported');
    if (!(state.reader || '').trim()) { $('status').textContent = 'write your name first'; reader.focus(); return; }
    const text = judgements().map((j) => JSON.stringify(j)).join('\n') + '\n';
    out.value = text;
    const a = el('a', {href: URL.createObjectURL(new Blob([text], {type: 'application/x-ndjson'})), download: 'judgements.jsonl'});
    document.body.append(a);
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
        as for the rubric questions of each item), ``scale`` (score -> its words),
        ``states`` (figure state -> ``[symbol, words]``), ``observation_columns``
        (``[field, heading]``) and ``items`` (:func:`gate.judged.sample.sheet_items`).
    """
    digest = hashlib.sha256(json.dumps([i["question_id"] + i["answer_digest"] for i in items]).encode()).hexdigest()[:16]
    claims = {"claims": True} if rubric.claims else {}  # the claims editor (gate.judged.review_claims)
    languages = sorted({"en"} | {str(i.get("language") or "en") for i in items})
    return {
        "rubric_version": rubric.version,
        "labels": list(LABELS),
        "sample_digest": digest,
        "dimensions": {lang: [{"id": d.id, "text": d.text(lang)} for d in rubric.dimensions] for lang in languages},
        "scale": {str(n): words for n, words in SCALE.items()},
        "states": {s: list(STATE_TEXT[s]) for s in STATES},
        "observation_columns": [["series", "Series"], ["period", "Period"], ["value", "Value"], ["unit", "Unit"],
                                ["status", "Status"], ["caveats", "Caveats"]],
        "items": page_items(list(items)) if rubric.claims else list(items),
        **claims,
    }


def _help(rubric: Rubric) -> str:
    """The legend: the figure marks, the quality scale, the keys."""
    marks = "".join(f"<li><mark class=\"{s}\">12.3 <span class=\"sym\" aria-hidden=\"true\">{html.escape(sym)}</span></mark> "
                    f"{html.escape(words)}</li>" for s, (sym, words) in ((s, STATE_TEXT[s]) for s in STATES))
    scale = ""
    if rubric.dimensions:
        passes = f" A dimension passes at {rubric.pass_score} or above." if rubric.pass_score else ""
        scale = ("<h3>Quality scale</h3><dl class=\"scale\">"
                 + "".join(f"<dt>{n}</dt><dd>{html.escape(words)}</dd>" for n, words in SCALE.items())
                 + f"</dl><p>Quality is scored apart from the rubric questions.{passes}</p>")
    return (
        "<details class=\"help\" open><summary>How to read and judge</summary>"
        f"<h3>Figures in the answers, marked by what the gate found</h3><ul class=\"legend\">{marks}"
        "<li><mark class=\"wrong_period period\">2023 <span class=\"sym\" aria-hidden=\"true\">⚠</span></mark> "
        "the period stated for a figure of the wrong period</li></ul>"
        f"{scale}"
        "<h3>Keys</h3><p><kbd>y</kbd> yes, <kbd>n</kbd> no, <kbd>a</kbd> n.a. for the outlined question (then the next "
        "that applies); <kbd>j</kbd> next answer, <kbd>k</kbd> previous answer. Keys do nothing while you type in a "
        "field, and can be turned off.</p></details>\n"
    )


def review_html(items: Sequence[dict[str, Any]], rubric: Rubric, title: str) -> str:
    """The review page, complete in one string (UTF-8 HTML)."""
    data = page_data(items, rubric)
    csp = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'none'; connect-src 'none'"
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">\n"
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}{CLAIMS_STYLE if rubric.claims else ''}</style>\n</head>\n<body>\n"
        f"<header><h1>{html.escape(title)}</h1>\n"
        "<div class=\"controls\"><label for=\"reader\">Reader</label> <input id=\"reader\" autocomplete=\"name\">"
        "<button id=\"export\" type=\"button\">Export judgements</button></div>\n"
        "<div class=\"filters\" role=\"group\" aria-label=\"Filters\">"
        "<label for=\"filter-language\">Language</label> <select id=\"filter-language\"><option value=\"\">all</option></select>"
        "<span><input type=\"checkbox\" id=\"filter-unjudged\"> <label for=\"filter-unjudged\">not judged yet</label></span>"
        "<span><input type=\"checkbox\" id=\"filter-flagged\"> <label for=\"filter-flagged\">flagged by the gate</label></span>"
        "<span><input type=\"checkbox\" id=\"shortcuts\" checked> <label for=\"shortcuts\">keyboard shortcuts</label></span>"
        "</div></header>\n"
        "<nav class=\"bar\" aria-label=\"Answers\"><button id=\"previous\" type=\"button\">Previous answer</button>"
        "<button id=\"next\" type=\"button\">Next answer</button> <span id=\"status\" role=\"status\"></span> "
        "<span id=\"shown\"></span><span id=\"announce\" class=\"sr\" aria-live=\"polite\"></span></nav>\n"
        f"<p>Rubric version {html.escape(rubric.version)}. Progress is kept in this browser. "
        "The export is the judgements file <code>answer-gate check --judgements</code> reads.</p>\n"
        f"{_help(rubric)}"
        "<main id=\"items\"></main>\n"
        "<h2><label for=\"exported\">Exported judgements</label></h2>\n<textarea id=\"exported\" rows=\"8\" readonly></textarea>\n"
        f"<script type=\"application/json\" id=\"sample\">{_script_json(data)}</script>\n"
        + (f"<script>{claims_script()}</script>\n" if rubric.claims else "")
        + f"<script>{_SCRIPT}</script>\n</body>\n</html>\n"
    )
