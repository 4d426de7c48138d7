"""The review page's claims editor (a rubric with ``claims: true``): the script and styles the
page adds, and the page data it changes; pure.

Per answer the editor starts from the answer split into sentences, one claim each; the
reader adds a claim (text typed as it stands in the answer), splits one (the text where the
second part begins), merges one with the next, or removes one, and gives each claim a label
(supported, unsupported, contradicted) and the evidence ids relied on (the retrieved ids and
passage ids, as checkboxes). Offsets count characters as Python does (code points, not the
browser's UTF-16 units), so the export is the span :mod:`gate.inputs.claims` checks. An answer
is judged once every claim has a label (an answer left without a claim, once the reader
ticks "no factual claim to judge"). ``no_unsupported_claim`` is not asked on the page:
it follows from the claims. The export gives each judgement its ``claims``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gate.inputs.claims import CLAIM_LABELS

#: The rubric question the claims answer: not shown as a question on the page.
DERIVED = "no_unsupported_claim"

STYLE = """
.claims{margin:.5rem 0;border:1px solid #ccc;border-radius:4px;padding:.3rem .5rem}
.claim{border-top:1px solid #ddd;padding:.3rem 0}.claim:first-of-type{border-top:0}
.claim q{display:block;margin:.1rem 0}.claim .row{display:flex;flex-wrap:wrap;gap:.3rem .7rem;align-items:center}
"""

SCRIPT = r"""
window.AG_CLAIMS = (function () {
  const LABELS = %(labels)s;
  const isSpace = (c) => /\s/.test(c);
  function trim(chars, start, end) {
    while (start < end && (isSpace(chars[start]))) start++;
    while (end > start && (isSpace(chars[end - 1]) || ',;:'.includes(chars[end - 1]))) end--;
    return [start, end];
  }
  function sentences(text) {
    const chars = Array.from(text);
    const out = [];
    let from = 0;
    for (let i = 0; i < chars.length; i++) {
      const last = i === chars.length - 1;
      if (last || ('.!?。！？'.includes(chars[i]) && isSpace(chars[i + 1] || ' '))) {
        const [s, e] = trim(chars, from, i + 1);
        if (e > s) out.push({start: s, end: e, label: '', evidence: []});
        from = i + 1;
      }
    }
    return out;
  }
  const textOf = (item, c) => Array.from(item.answer).slice(c.start, c.end).join('');
  const find = (item, phrase, from) => {
    const chars = Array.from(item.answer), want = Array.from(phrase);
    for (let i = from; i + want.length <= chars.length; i++) {
      if (want.every((w, k) => chars[i + k] === w)) return i;
    }
    return -1;
  };
  function claims(item, s) {
    if (!s.claims) s.claims = item.declined ? [] : sentences(item.answer);
    return s.claims;
  }
  function editor(item, index, s, el, changed) {
    const box = el('fieldset', {class: 'claims', id: 'claims-' + index});
    box.append(el('legend', {}, 'Claims: each factual claim, its label and the evidence it rests on'));
    const ids = [...item.retrieved_ids, ...item.retrieved_passages.map((p) => p.id)];
    const draw = () => {
      box.querySelectorAll('.claim, .add').forEach((e) => e.remove());
      claims(item, s).forEach((c, ci) => {
        const row = el('div', {class: 'claim', id: 'claim-' + index + '-' + ci, 'data-start': String(c.start), 'data-end': String(c.end)});
        row.append(el('q', {lang: item.language, dir: 'auto'}, textOf(item, c)));
        const line = el('div', {class: 'row'});
        const sel = el('select', {id: 'claim-' + index + '-' + ci + '-label', 'aria-label': 'Label of claim ' + (ci + 1)});
        sel.append(el('option', {value: ''}, '-'));
        for (const l of LABELS) sel.append(el('option', {value: l}, l));
        sel.value = c.label;
        sel.addEventListener('change', () => { c.label = sel.value; changed(); });
        line.append(sel);
        for (const id of ids) {
          const cid = 'claim-' + index + '-' + ci + '-ev-' + id;
          const cb = el('input', {type: 'checkbox', id: cid});
          cb.checked = c.evidence.includes(id);
          cb.addEventListener('change', () => { c.evidence = ids.filter((x) => x === id ? cb.checked : c.evidence.includes(x)); changed(); });
          line.append(cb, el('label', {for: cid}, id));
        }
        const at = el('input', {id: 'claim-' + index + '-' + ci + '-at', 'aria-label': 'Text where the second claim begins', size: '14'});
        const split = el('button', {type: 'button', id: 'claim-' + index + '-' + ci + '-split'}, 'Split at');
        split.addEventListener('click', () => {
          const k = find(item, at.value, c.start + 1);
          if (!at.value || k < 0 || k >= c.end) { at.setAttribute('aria-invalid', 'true'); return; }
          const chars = Array.from(item.answer);
          const [s1, e1] = trim(chars, c.start, k), [s2, e2] = trim(chars, k, c.end);
          claims(item, s).splice(ci, 1, {start: s1, end: e1, label: c.label, evidence: [...c.evidence]},
                                        {start: s2, end: e2, label: c.label, evidence: [...c.evidence]});
          changed(); draw();
        });
        line.append(split, at);
        if (ci + 1 < claims(item, s).length) {
          const merge = el('button', {type: 'button', id: 'claim-' + index + '-' + ci + '-merge'}, 'Merge with next');
          merge.addEventListener('click', () => {
            const list = claims(item, s), next = list[ci + 1];
            list.splice(ci, 2, {start: c.start, end: next.end, label: '', evidence: [...new Set([...c.evidence, ...next.evidence])]});
            changed(); draw();
          });
          line.append(merge);
        }
        const remove = el('button', {type: 'button', id: 'claim-' + index + '-' + ci + '-remove'}, 'Remove');
        remove.addEventListener('click', () => { claims(item, s).splice(ci, 1); changed(); draw(); });
        line.append(remove);
        row.append(line);
        box.append(row);
      });
      if (!claims(item, s).length) {
        const none = el('input', {type: 'checkbox', id: 'claim-' + index + '-none'});
        none.checked = !!s.noClaims;
        none.addEventListener('change', () => { s.noClaims = none.checked; changed(); });
        const row = el('div', {class: 'claim row'});
        row.append(none, el('label', {for: 'claim-' + index + '-none'}, 'no factual claim to judge'));
        box.append(row);
      }
      const add = el('div', {class: 'add row'});
      const phrase = el('input', {id: 'claim-' + index + '-new', 'aria-label': 'Text of a claim to add, as the answer writes it', size: '24'});
      const button = el('button', {type: 'button', id: 'claim-' + index + '-add'}, 'Add claim');
      button.addEventListener('click', () => {
        const list = claims(item, s);
        let k = find(item, phrase.value, 0);
        while (k >= 0 && list.some((c) => k < c.end && c.start < k + Array.from(phrase.value).length)) k = find(item, phrase.value, k + 1);
        if (!phrase.value || k < 0) { phrase.setAttribute('aria-invalid', 'true'); return; }
        list.push({start: k, end: k + Array.from(phrase.value).length, label: '', evidence: []});
        list.sort((a, b) => a.start - b.start);
        changed(); draw();
      });
      add.append(phrase, button);
      box.append(add);
    };
    draw();
    return box;
  }
  const complete = (item, s) => claims(item, s).length ? claims(item, s).every((c) => LABELS.includes(c.label)) : !!s.noClaims;
  const exported = (item, s) => claims(item, s).map((c) => ({start: c.start, end: c.end, text: textOf(item, c), label: c.label, evidence: c.evidence}));
  return {editor: editor, complete: complete, exported: exported};
})();
"""


def claims_script() -> str:
    """The editor's script, run before the page's own (it defines ``window.AG_CLAIMS``)."""
    return SCRIPT.replace("%(labels)s", "[" + ", ".join(f'"{label}"' for label in CLAIM_LABELS) + "]")


def page_items(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The items with ``no_unsupported_claim`` taken out of the questions shown: the claims answer it."""
    return [{**item, "rubric": [r for r in item.get("rubric", []) if r.get("id") != DERIVED]} if isinstance(item, Mapping) else item
            for item in items]
